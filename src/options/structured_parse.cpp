#include "options/structured_parse.h"

#include "options/scalar_parse.h"

#include <rte_ethdev.h>

#include <charconv>
#include <cstdio>

namespace pmdfwd {

namespace {

std::string quoted(std::string_view what, std::string_view text) {
    return std::string(what) + ": '" + std::string(text) + "'";
}

// One field of a NUMA tuple: decimal or 0x, at most 255 (testpmd's uint8_t).
Result<unsigned> tuple_field(std::string_view what, std::string_view f) {
    std::string_view digits = f;
    int base = 10;
    if (f.size() > 2 && f[0] == '0' && (f[1] == 'x' || f[1] == 'X')) {
        digits.remove_prefix(2);
        base = 16;
    }
    unsigned v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
    if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() || v > 255) {
        return Error(quoted(what, f) + " is not a number of 0..255");
    }
    return v;
}

struct EventName {
    const char *name;
    rte_eth_event_type type;
};

// testpmd's names, in its --help order.
constexpr EventName kEvents[] = {
    {"unknown", RTE_ETH_EVENT_UNKNOWN},
    {"intr_lsc", RTE_ETH_EVENT_INTR_LSC},
    {"queue_state", RTE_ETH_EVENT_QUEUE_STATE},
    {"intr_reset", RTE_ETH_EVENT_INTR_RESET},
    {"vf_mbox", RTE_ETH_EVENT_VF_MBOX},
    {"ipsec", RTE_ETH_EVENT_IPSEC},
    {"macsec", RTE_ETH_EVENT_MACSEC},
    {"intr_rmv", RTE_ETH_EVENT_INTR_RMV},
    {"dev_probed", RTE_ETH_EVENT_NEW},
    {"dev_released", RTE_ETH_EVENT_DESTROY},
    {"flow_aged", RTE_ETH_EVENT_FLOW_AGED},
    {"err_recovering", RTE_ETH_EVENT_ERR_RECOVERING},
    {"recovery_success", RTE_ETH_EVENT_RECOVERY_SUCCESS},
    {"recovery_failed", RTE_ETH_EVENT_RECOVERY_FAILED},
};

struct LinkSpeed {
    unsigned mbps;
    uint32_t flag;
};

// The speeds testpmd's --eth-link-speed accepts.
constexpr LinkSpeed kSpeeds[] = {
    {1000, RTE_ETH_LINK_SPEED_1G},     {10000, RTE_ETH_LINK_SPEED_10G},
    {25000, RTE_ETH_LINK_SPEED_25G},   {40000, RTE_ETH_LINK_SPEED_40G},
    {50000, RTE_ETH_LINK_SPEED_50G},   {100000, RTE_ETH_LINK_SPEED_100G},
    {200000, RTE_ETH_LINK_SPEED_200G},
};

} // namespace

Result<uint64_t> parse_hex(std::string_view what, std::string_view text) {
    std::string_view digits = text;
    if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
        digits.remove_prefix(2);
    uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, 16);
    if (digits.empty() || ec == std::errc::invalid_argument ||
        ptr != digits.data() + digits.size()) {
        return Error(quoted(what, text) + " is not a hexadecimal number (e.g. 0x3)");
    }
    if (ec == std::errc::result_out_of_range) {
        return Error(quoted(what, text) + " does not fit 64 bits");
    }
    return v;
}

std::vector<unsigned> mask_bits(uint64_t mask) {
    std::vector<unsigned> bits;
    for (unsigned i = 0; i < 64; i++)
        if (mask & (uint64_t{1} << i)) bits.push_back(i);
    return bits;
}

Result<std::vector<uint16_t>> parse_id_list(std::string_view what, std::string_view text,
                                            unsigned limit) {
    std::vector<uint16_t> ids;
    std::vector<bool> seen(limit, false);
    const std::string allowed = "; a list is 1,3,5 or 1-3 or 1-2,5";
    while (true) {
        const size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        const size_t dash = item.find('-');
        const Result<uint64_t> lo = parse_uint(what, item.substr(0, dash), 0, limit - 1);
        const Result<uint64_t> hi = dash == std::string_view::npos
                                        ? lo
                                        : parse_uint(what, item.substr(dash + 1), 0, limit - 1);
        // Both ends wrong ("x-y"): the message names the second, as it always has.
        if (!hi) return Error(hi.message() + allowed);
        if (!lo) return Error(lo.message() + allowed);
        if (*hi < *lo) {
            return Error(quoted(what, item) + " is a range that runs backwards" + allowed);
        }
        for (uint64_t id = *lo; id <= *hi; id++)
            if (!seen[id]) {
                seen[id] = true;
                ids.push_back(static_cast<uint16_t>(id));
            }
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return ids;
}

Result<std::vector<uint16_t>> parse_uint_list(std::string_view what, std::string_view text,
                                              uint64_t min, uint64_t max, size_t max_count) {
    std::vector<uint16_t> values;
    while (true) {
        const size_t comma = text.find(',');
        const Result<uint64_t> v = parse_uint(what, text.substr(0, comma), min, max);
        if (!v) return v.status();
        values.push_back(static_cast<uint16_t>(*v));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (values.size() > max_count) {
        return Error(std::string(what) + ": " + std::to_string(values.size()) +
                     " values (allowed: 1.." + std::to_string(max_count) + ")");
    }
    return values;
}

template <size_t N>
Result<std::vector<std::array<unsigned, N>>> parse_tuples(std::string_view what,
                                                          std::string_view text) {
    const std::string shape =
        N == 2 ? "(port,socket)[,(port,socket)]..." : "(port,flag,socket)[,(port,flag,socket)]...";
    std::vector<std::array<unsigned, N>> out;
    std::string_view rest = text;
    while (!rest.empty()) {
        const size_t close = rest.find(')');
        if (rest[0] != '(' || close == std::string_view::npos) break;
        std::string_view body = rest.substr(1, close - 1);
        std::array<unsigned, N> t{};
        for (size_t i = 0; i < N; i++) {
            const size_t comma = body.find(',');
            if ((i + 1 < N) == (comma == std::string_view::npos)) {
                return Error(quoted(what, text) + " needs " + std::to_string(N) +
                             " numbers in each group (expected " + shape + ")");
            }
            const Result<unsigned> v = tuple_field(what, body.substr(0, comma));
            if (!v) return v.status();
            t[i] = *v;
            body.remove_prefix(comma == std::string_view::npos ? body.size() : comma + 1);
        }
        out.push_back(t);
        rest.remove_prefix(close + 1);
        if (!rest.empty() && rest[0] == ',') rest.remove_prefix(1);
    }
    if (out.empty() || !rest.empty()) {
        return Error(quoted(what, text) + " is malformed (expected " + shape + ")");
    }
    return out;
}

template Result<std::vector<std::array<unsigned, 2>>> parse_tuples<2>(std::string_view,
                                                                      std::string_view);
template Result<std::vector<std::array<unsigned, 3>>> parse_tuples<3>(std::string_view,
                                                                      std::string_view);

Result<uint32_t> parse_event_name(std::string_view text) {
    if (text == "all") return ~UINT32_C(0);
    for (const EventName &e : kEvents)
        if (text == e.name) return UINT32_C(1) << e.type;
    return Error("invalid event '" + std::string(text) + "' (allowed: " + event_names() + ")");
}

std::string event_names() {
    std::string s;
    for (const EventName &e : kEvents)
        s += std::string(e.name) + "|";
    return s + "all";
}

Result<std::vector<std::string>> parse_name_list(std::string_view what, std::string_view text) {
    std::vector<std::string> names;
    while (true) {
        const size_t comma = text.find(',');
        if (comma != 0 && !text.empty()) names.emplace_back(text.substr(0, comma));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    if (names.empty()) {
        return Error(std::string(what) + ": no name given (expected NAME[,NAME]...)");
    }
    return names;
}

Result<uint32_t> parse_link_speed(std::string_view text) {
    uint64_t mbps = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), mbps);
    if (ec == std::errc() && ptr == text.data() + text.size())
        for (const LinkSpeed &s : kSpeeds)
            if (s.mbps == mbps) return RTE_ETH_LINK_SPEED_FIXED | s.flag;
    std::string allowed;
    for (const LinkSpeed &s : kSpeeds)
        allowed += (allowed.empty() ? "" : ", ") + std::to_string(s.mbps);
    return Error("eth-link-speed: '" + std::string(text) +
                 "' is not a fixed speed in Mb/s (allowed: " + allowed + ")");
}

} // namespace pmdfwd
