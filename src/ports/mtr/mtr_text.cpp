#include "ports/mtr/mtr_text.h"

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

// One "name value" line, the value as its type prints (PRIu32, PRId32, PRIu64).
template <class T>
void line(std::string &o, const char *name, T v) {
    o.append(name).append(" ").append(std::to_string(v)).append("\n");
}

std::string hex(uint64_t v) {
    char buf[24];
    snprintf(buf, sizeof(buf), "%" PRIx64, v);
    return buf;
}

} // namespace

std::string error_text(const rte_mtr_error &error) {
    const auto type = static_cast<unsigned>(error.type);
    const char *what = type < sizeof(kErrorTypes) / sizeof(kErrorTypes[0]) && kErrorTypes[type]
                           ? kErrorTypes[type]
                           : "unknown type";
    std::string o = std::string(what) + ": ";
    if (error.cause) {
        char buf[64];
        snprintf(buf, sizeof(buf), "cause: %p, ", error.cause);
        o += buf;
    }
    o += error.message ? error.message : "(no stated reason)";
    return o + " (error " + std::to_string(static_cast<int>(error.type)) + ")\n";
}

std::string capabilities_text(const rte_mtr_capabilities &c) {
    std::string o = "\n****   Port Meter Object Capabilities ****\n\n";
    line(o, "cap.n_max", c.n_max);
    line(o, "cap.n_shared_max", c.n_shared_max);
    line(o, "cap.identical", c.identical);
    line(o, "cap.shared_identical", c.shared_identical);
    line(o, "cap.shared_n_flows_per_mtr_max", c.shared_n_flows_per_mtr_max);
    line(o, "cap.chaining_n_mtrs_per_flow_max", c.chaining_n_mtrs_per_flow_max);
    line(o, "cap.chaining_use_prev_mtr_color_supported", c.chaining_use_prev_mtr_color_supported);
    line(o, "cap.chaining_use_prev_mtr_color_enforced", c.chaining_use_prev_mtr_color_enforced);
    line(o, "cap.meter_srtcm_rfc2697_n_max", c.meter_srtcm_rfc2697_n_max);
    line(o, "cap.meter_trtcm_rfc2698_n_max", c.meter_trtcm_rfc2698_n_max);
    line(o, "cap.meter_trtcm_rfc4115_n_max", c.meter_trtcm_rfc4115_n_max);
    line(o, "cap.meter_rate_max", c.meter_rate_max);
    line(o, "cap.color_aware_srtcm_rfc2697_supported", c.color_aware_srtcm_rfc2697_supported);
    line(o, "cap.color_aware_trtcm_rfc2698_supported", c.color_aware_trtcm_rfc2698_supported);
    line(o, "cap.color_aware_trtcm_rfc4115_supported", c.color_aware_trtcm_rfc4115_supported);
    line(o, "cap.srtcm_rfc2697_byte_mode_supported", c.srtcm_rfc2697_byte_mode_supported);
    line(o, "cap.srtcm_rfc2697_packet_mode_supported", c.srtcm_rfc2697_packet_mode_supported);
    line(o, "cap.trtcm_rfc2698_byte_mode_supported", c.trtcm_rfc2698_byte_mode_supported);
    line(o, "cap.trtcm_rfc2698_packet_mode_supported", c.trtcm_rfc2698_packet_mode_supported);
    line(o, "cap.trtcm_rfc4115_byte_mode_supported", c.trtcm_rfc4115_byte_mode_supported);
    line(o, "cap.trtcm_rfc4115_packet_mode_supported", c.trtcm_rfc4115_packet_mode_supported);
    o += "cap.stats_mask " + hex(c.stats_mask) + "\n";
    o += "cap.input_color_proto_mask 0x" + hex(c.input_color_proto_mask) + "\n";
    line(o, "cap.separate_input_color_table_per_port", c.separate_input_color_table_per_port);
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
