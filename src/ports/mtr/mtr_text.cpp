#include "ports/mtr/mtr_text.h"

#include "ports/api_error_text.h"

#include <cinttypes>
#include <cstdio>

namespace pmdfwd::mtr {

namespace {

// rte_mtr_error_type's words, in the enum's order; testpmd has none for the
// packet mode one (it says "unknown type").
const char *const kErrorTypes[] = {
    "no error",
    "cause unspecified",
    "meter profile id",
    "meter profile null",
    nullptr,
    "meter id",
    "meter params null",
    "policer action(green)",
    "policer action(yellow)",
    "policer action(red)",
    "stats mask",
    "stats",
    "shared meter",
    "meter policy id",
    "meter policy null",
};
static_assert(sizeof(kErrorTypes) / sizeof(kErrorTypes[0]) == RTE_MTR_ERROR_TYPE_METER_POLICY + 1);

std::string hex(uint64_t v) {
    char buf[24];
    snprintf(buf, sizeof(buf), "%" PRIx64, v);
    return buf;
}

} // namespace

std::string error_text(const rte_mtr_error &error) {
    return api_error_text(error, kErrorTypes);
}

std::string capabilities_text(const rte_mtr_capabilities &c) {
    std::string o = "\n****   Port Meter Object Capabilities ****\n\n";
    capability_line(o, "cap.n_max", c.n_max);
    capability_line(o, "cap.n_shared_max", c.n_shared_max);
    capability_line(o, "cap.identical", c.identical);
    capability_line(o, "cap.shared_identical", c.shared_identical);
    capability_line(o, "cap.shared_n_flows_per_mtr_max", c.shared_n_flows_per_mtr_max);
    capability_line(o, "cap.chaining_n_mtrs_per_flow_max", c.chaining_n_mtrs_per_flow_max);
    capability_line(o, "cap.chaining_use_prev_mtr_color_supported",
                    c.chaining_use_prev_mtr_color_supported);
    capability_line(o, "cap.chaining_use_prev_mtr_color_enforced",
                    c.chaining_use_prev_mtr_color_enforced);
    capability_line(o, "cap.meter_srtcm_rfc2697_n_max", c.meter_srtcm_rfc2697_n_max);
    capability_line(o, "cap.meter_trtcm_rfc2698_n_max", c.meter_trtcm_rfc2698_n_max);
    capability_line(o, "cap.meter_trtcm_rfc4115_n_max", c.meter_trtcm_rfc4115_n_max);
    capability_line(o, "cap.meter_rate_max", c.meter_rate_max);
    capability_line(o, "cap.color_aware_srtcm_rfc2697_supported",
                    c.color_aware_srtcm_rfc2697_supported);
    capability_line(o, "cap.color_aware_trtcm_rfc2698_supported",
                    c.color_aware_trtcm_rfc2698_supported);
    capability_line(o, "cap.color_aware_trtcm_rfc4115_supported",
                    c.color_aware_trtcm_rfc4115_supported);
    capability_line(o, "cap.srtcm_rfc2697_byte_mode_supported",
                    c.srtcm_rfc2697_byte_mode_supported);
    capability_line(o, "cap.srtcm_rfc2697_packet_mode_supported",
                    c.srtcm_rfc2697_packet_mode_supported);
    capability_line(o, "cap.trtcm_rfc2698_byte_mode_supported",
                    c.trtcm_rfc2698_byte_mode_supported);
    capability_line(o, "cap.trtcm_rfc2698_packet_mode_supported",
                    c.trtcm_rfc2698_packet_mode_supported);
    capability_line(o, "cap.trtcm_rfc4115_byte_mode_supported",
                    c.trtcm_rfc4115_byte_mode_supported);
    capability_line(o, "cap.trtcm_rfc4115_packet_mode_supported",
                    c.trtcm_rfc4115_packet_mode_supported);
    o += "cap.stats_mask " + hex(c.stats_mask) + "\n";
    o += "cap.input_color_proto_mask 0x" + hex(c.input_color_proto_mask) + "\n";
    capability_line(o, "cap.separate_input_color_table_per_port",
                    c.separate_input_color_table_per_port);
    return o;
}

std::string stats_text(const rte_mtr_stats &s, uint64_t mask) {
    struct Counter {
        uint64_t bit;
        const char *name;
        uint64_t value;
    };
    const Counter counters[] = {
        {RTE_MTR_STATS_N_PKTS_GREEN, "Pkts G", s.n_pkts[RTE_COLOR_GREEN]},
        {RTE_MTR_STATS_N_BYTES_GREEN, "Bytes G", s.n_bytes[RTE_COLOR_GREEN]},
        {RTE_MTR_STATS_N_PKTS_YELLOW, "Pkts Y", s.n_pkts[RTE_COLOR_YELLOW]},
        {RTE_MTR_STATS_N_BYTES_YELLOW, "Bytes Y", s.n_bytes[RTE_COLOR_YELLOW]},
        {RTE_MTR_STATS_N_PKTS_RED, "Pkts R", s.n_pkts[RTE_COLOR_RED]},
        {RTE_MTR_STATS_N_BYTES_RED, "Bytes R", s.n_bytes[RTE_COLOR_RED]},
        {RTE_MTR_STATS_N_PKTS_DROPPED, "Pkts DROPPED", s.n_pkts_dropped},
        {RTE_MTR_STATS_N_BYTES_DROPPED, "Bytes DROPPED", s.n_bytes_dropped},
    };
    std::string o;
    for (const Counter &c : counters)
        if (mask & c.bit)
            o.append("\t").append(c.name).append(": ").append(std::to_string(c.value)).append("\n");
    return o;
}

std::string in_protocols_text(uint64_t mask) {
    std::string o = "Enabled protocols:\n";
    if (mask & RTE_MTR_COLOR_IN_PROTO_OUTER_VLAN) o += "\touter_vlan\n";
    if (mask & RTE_MTR_COLOR_IN_PROTO_INNER_VLAN) o += "\tinner_vlan\n";
    if (mask & RTE_MTR_COLOR_IN_PROTO_OUTER_IP) o += "\touter_ip\n";
    if (mask & RTE_MTR_COLOR_IN_PROTO_INNER_IP) o += "\tinner_ip\n";
    return o;
}

} // namespace pmdfwd::mtr
