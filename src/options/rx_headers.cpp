#include "options/rx_headers.h"

#include <rte_mbuf_ptype.h>

#include <algorithm>
#include <array>

namespace pmdfwd {

namespace {

// testpmd's MAX_SEGS_BUFFER_SPLIT.
constexpr size_t kMaxRxSegs = kMaxMbufSizes;

// testpmd's get_ptype names, in its order.
struct Proto {
    const char *name;
    uint32_t ptype;
};
constexpr uint32_t kEth = RTE_PTYPE_L2_ETHER;
constexpr uint32_t kV4 = kEth | RTE_PTYPE_L3_IPV4_EXT_UNKNOWN;
constexpr uint32_t kV6 = kEth | RTE_PTYPE_L3_IPV6_EXT_UNKNOWN;
constexpr uint32_t kIn = RTE_PTYPE_TUNNEL_GRENAT | RTE_PTYPE_INNER_L2_ETHER;
constexpr uint32_t kInV4 = kIn | RTE_PTYPE_INNER_L3_IPV4_EXT_UNKNOWN;
constexpr uint32_t kInV6 = kIn | RTE_PTYPE_INNER_L3_IPV6_EXT_UNKNOWN;
constexpr std::array<Proto, 20> kProtos{{
    {"eth", kEth},
    {"ipv4", kV4},
    {"ipv6", kV6},
    {"ipv4-tcp", kV4 | RTE_PTYPE_L4_TCP},
    {"ipv4-udp", kV4 | RTE_PTYPE_L4_UDP},
    {"ipv4-sctp", kV4 | RTE_PTYPE_L4_SCTP},
    {"ipv6-tcp", kV6 | RTE_PTYPE_L4_TCP},
    {"ipv6-udp", kV6 | RTE_PTYPE_L4_UDP},
    {"ipv6-sctp", kV6 | RTE_PTYPE_L4_SCTP},
    {"grenat", RTE_PTYPE_TUNNEL_GRENAT},
    {"inner-eth", kIn},
    {"inner-ipv4", kInV4},
    {"inner-ipv6", kInV6},
    {"inner-ipv4-tcp", kInV4 | RTE_PTYPE_INNER_L4_TCP},
    {"inner-ipv4-udp", kInV4 | RTE_PTYPE_INNER_L4_UDP},
    {"inner-ipv4-sctp", kInV4 | RTE_PTYPE_INNER_L4_SCTP},
    {"inner-ipv6-tcp", kInV6 | RTE_PTYPE_INNER_L4_TCP},
    {"inner-ipv6-udp", kInV6 | RTE_PTYPE_INNER_L4_UDP},
    {"inner-ipv6-sctp", kInV6 | RTE_PTYPE_INNER_L4_SCTP},
    {"unsupported", 0},
}};

} // namespace

const char *ptype_name(uint32_t ptype) {
    for (const Proto &p : kProtos)
        if (p.ptype == ptype) return p.name;
    return "unsupported";
}

// testpmd's parse_hdrs_list and set_rx_pkt_hdrs: an unknown name is said
// and taken as no header (0); the payload is one segment more.
bool set_rx_headers(Config &c, std::string_view list, std::string *out) {
    std::vector<uint32_t> hdrs;
    bool ok = true;
    for (size_t at = 0; at <= list.size();) {
        size_t comma = list.find(',', at);
        if (comma == std::string_view::npos) comma = list.size();
        const std::string_view name = list.substr(at, comma - at);
        at = comma + 1;
        if (name.empty()) continue; // strtok skips empty fields
        auto it = std::find_if(kProtos.begin(), kProtos.end() - 1,
                               [&](const Proto &p) { return name == p.name; });
        if (it == kProtos.end() - 1) {
            *out += "Unsupported protocol: " + std::string(name) + "\n";
            ok = false;
        }
        hdrs.push_back(it == kProtos.end() - 1 ? 0 : it->ptype);
    }
    if (hdrs.empty()) return ok;
    if (hdrs.size() > kMaxRxSegs)
        *out += "Number of segment hdrs = " + std::to_string(hdrs.size() + 1) + " > " +
                std::to_string(kMaxRxSegs) + " (maximum items)\n";
    if (hdrs.size() + 1 > kMaxRxSegs) {
        *out += "nb segments per RX packets=" + std::to_string(hdrs.size() + 1) +
                " > MAX_SEGS_BUFFER_SPLIT - ignored\n";
        return ok;
    }
    c.rxhdrs = hdrs;
    // testpmd's rx_pkt_nb_segs: the lengths already set stay, the new
    // segments' are 0 (a length of 0 splits after the segment's header).
    c.rxpkts.resize(hdrs.size() + 1, 0);
    return ok;
}

} // namespace pmdfwd
