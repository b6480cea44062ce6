#include "ports/flow/flow_items.h"

#include <rte_l2tpv2.h>
#include <rte_version.h>

#include <cstddef>
#include <iterator>

namespace pmdfwd::flow {

namespace {
// Named, so that a unity build keeps the item and action tables apart.
namespace item_rows {

using K = FieldKind;

// A field of rte_flow_item_<x> by member: its offset and size.
#define PMDFWD_FIELD(item, member, kind, fname, help)                                              \
    FlowField {                                                                                    \
        fname, kind, static_cast<uint16_t>(offsetof(item, member)),                                \
            static_cast<uint8_t>(sizeof(((item *)nullptr)->member)), 0, 0, help                    \
    }
// Bits of a unit of size bytes at offset.
#define PMDFWD_BITS(item, member, size, kind, shift, width, fname, help)                           \
    FlowField {                                                                                    \
        fname, kind, static_cast<uint16_t>(offsetof(item, member)), size, shift, width, help       \
    }

using Eth = rte_flow_item_eth;
// The header of 22.11 and later (the older dst/src/type go in 23.11).
const FlowField kEth[] = {
    PMDFWD_FIELD(Eth, hdr.dst_addr, K::Mac, "dst", "destination MAC"),
    PMDFWD_FIELD(Eth, hdr.src_addr, K::Mac, "src", "source MAC"),
    PMDFWD_FIELD(Eth, hdr.ether_type, K::Be, "type", "EtherType"),
};

using Vlan = rte_flow_item_vlan;
const FlowField kVlan[] = {
    PMDFWD_FIELD(Vlan, hdr.vlan_tci, K::Be, "tci", "tag control information"),
    PMDFWD_BITS(Vlan, hdr.vlan_tci, 2, K::Be, 13, 3, "pcp", "priority code point"),
    PMDFWD_BITS(Vlan, hdr.vlan_tci, 2, K::Be, 12, 1, "dei", "drop eligible indicator"),
    PMDFWD_BITS(Vlan, hdr.vlan_tci, 2, K::Be, 0, 12, "vid", "VLAN identifier"),
    PMDFWD_FIELD(Vlan, hdr.eth_proto, K::Be, "inner_type", "inner EtherType"),
};

using Ipv4 = rte_flow_item_ipv4;
const FlowField kIpv4[] = {
    PMDFWD_FIELD(Ipv4, hdr.version_ihl, K::Be, "version_ihl", "version and header length"),
    PMDFWD_FIELD(Ipv4, hdr.type_of_service, K::Be, "tos", "type of service"),
    PMDFWD_FIELD(Ipv4, hdr.packet_id, K::Be, "packet_id", "fragment packet id"),
    PMDFWD_FIELD(Ipv4, hdr.fragment_offset, K::Be, "fragment_offset", "fragmentation flags"),
    PMDFWD_FIELD(Ipv4, hdr.time_to_live, K::Be, "ttl", "time to live"),
    PMDFWD_FIELD(Ipv4, hdr.next_proto_id, K::Be, "proto", "next protocol ID"),
    PMDFWD_FIELD(Ipv4, hdr.src_addr, K::Ipv4, "src", "source address"),
    PMDFWD_FIELD(Ipv4, hdr.dst_addr, K::Ipv4, "dst", "destination address"),
};

using Ipv6 = rte_flow_item_ipv6;
const FlowField kIpv6[] = {
    PMDFWD_BITS(Ipv6, hdr.vtc_flow, 4, K::Be, 20, 8, "tc", "traffic class"),
    PMDFWD_BITS(Ipv6, hdr.vtc_flow, 4, K::Be, 0, 20, "flow", "flow label"),
    PMDFWD_FIELD(Ipv6, hdr.proto, K::Be, "proto", "protocol (next header)"),
    PMDFWD_FIELD(Ipv6, hdr.hop_limits, K::Be, "hop", "hop limit"),
    PMDFWD_FIELD(Ipv6, hdr.src_addr, K::Ipv6, "src", "source address"),
    PMDFWD_FIELD(Ipv6, hdr.dst_addr, K::Ipv6, "dst", "destination address"),
};

using Icmp = rte_flow_item_icmp;
const FlowField kIcmp[] = {
    PMDFWD_FIELD(Icmp, hdr.icmp_type, K::Be, "type", "ICMP packet type"),
    PMDFWD_FIELD(Icmp, hdr.icmp_code, K::Be, "code", "ICMP packet code"),
    PMDFWD_FIELD(Icmp, hdr.icmp_ident, K::Be, "ident", "ICMP packet identifier"),
    PMDFWD_FIELD(Icmp, hdr.icmp_seq_nb, K::Be, "seq", "ICMP packet sequence number"),
};

using Udp = rte_flow_item_udp;
const FlowField kUdp[] = {
    PMDFWD_FIELD(Udp, hdr.src_port, K::Be, "src", "UDP source port"),
    PMDFWD_FIELD(Udp, hdr.dst_port, K::Be, "dst", "UDP destination port"),
};

using Tcp = rte_flow_item_tcp;
const FlowField kTcp[] = {
    PMDFWD_FIELD(Tcp, hdr.src_port, K::Be, "src", "TCP source port"),
    PMDFWD_FIELD(Tcp, hdr.dst_port, K::Be, "dst", "TCP destination port"),
    PMDFWD_FIELD(Tcp, hdr.tcp_flags, K::Be, "flags", "TCP flags"),
};

using Sctp = rte_flow_item_sctp;
const FlowField kSctp[] = {
    PMDFWD_FIELD(Sctp, hdr.src_port, K::Be, "src", "SCTP source port"),
    PMDFWD_FIELD(Sctp, hdr.dst_port, K::Be, "dst", "SCTP destination port"),
    PMDFWD_FIELD(Sctp, hdr.tag, K::Be, "tag", "validation tag"),
    PMDFWD_FIELD(Sctp, hdr.cksum, K::Be, "cksum", "checksum"),
};

// The VNI is bytes 4..6 of the header in every release (22.11 names them
// in vx_vni, 24.11 in vni[]).
const FlowField kVxlan[] = {
    {"vni", K::Be, static_cast<uint16_t>(offsetof(rte_flow_item_vxlan, hdr) + 4), 3, 0, 0,
     "VXLAN identifier"},
    {"last_rsvd", K::Be, static_cast<uint16_t>(offsetof(rte_flow_item_vxlan, hdr) + 7), 1, 0, 0,
     "VXLAN last reserved bits"},
};

using Gre = rte_flow_item_gre;
const FlowField kGre[] = {
    PMDFWD_FIELD(Gre, protocol, K::Be, "protocol", "GRE protocol type"),
    PMDFWD_BITS(Gre, c_rsvd0_ver, 2, K::Be, 15, 1, "c_bit", "GRE checksum bit"),
    PMDFWD_BITS(Gre, c_rsvd0_ver, 2, K::Be, 12, 1, "s_bit", "GRE sequence number bit"),
    PMDFWD_BITS(Gre, c_rsvd0_ver, 2, K::Be, 13, 1, "k_bit", "GRE key bit"),
};

const FlowField kNvgre[] = {
    PMDFWD_FIELD(rte_flow_item_nvgre, tni, K::Be, "tni", "virtual subnet ID"),
};

using Mpls = rte_flow_item_mpls;
const FlowField kMpls[] = {
    PMDFWD_BITS(Mpls, label_tc_s, 3, K::Be, 4, 20, "label", "MPLS label"),
    PMDFWD_BITS(Mpls, label_tc_s, 3, K::Be, 1, 3, "tc", "MPLS Traffic Class"),
    PMDFWD_BITS(Mpls, label_tc_s, 3, K::Be, 0, 1, "s", "MPLS Bottom-of-Stack"),
};

using Gtp = rte_flow_item_gtp;
const FlowField kGtp[] = {
    PMDFWD_FIELD(Gtp, v_pt_rsv_flags, K::Be, "v_pt_rsv_flags", "GTP flags"),
    PMDFWD_FIELD(Gtp, msg_type, K::Be, "msg_type", "GTP message type"),
    PMDFWD_FIELD(Gtp, teid, K::Be, "teid", "tunnel endpoint identifier"),
};

using Geneve = rte_flow_item_geneve;
const FlowField kGeneve[] = {
    PMDFWD_FIELD(Geneve, vni, K::Be, "vni", "virtual network identifier"),
    PMDFWD_FIELD(Geneve, protocol, K::Be, "protocol", "GENEVE protocol type"),
    PMDFWD_BITS(Geneve, ver_opt_len_o_c_rsvd0, 2, K::Be, 8, 6, "optlen",
                "GENEVE options length in dwords"),
};

using Icmp6 = rte_flow_item_icmp6;
const FlowField kIcmp6[] = {
    PMDFWD_FIELD(Icmp6, type, K::Be, "type", "ICMPv6 type"),
    PMDFWD_FIELD(Icmp6, code, K::Be, "code", "ICMPv6 code"),
};

const FlowField kEsp[] = {
    PMDFWD_FIELD(rte_flow_item_esp, hdr.spi, K::Be, "spi", "security policy index"),
};
const FlowField kAh[] = {
    PMDFWD_FIELD(rte_flow_item_ah, spi, K::Be, "spi", "security parameters index"),
};
const FlowField kPfcp[] = {
    PMDFWD_FIELD(rte_flow_item_pfcp, s_field, K::Be, "s_field", "S field"),
    PMDFWD_FIELD(rte_flow_item_pfcp, seid, K::Be, "seid", "session endpoint identifier"),
};

// The flag bits as one host-order word, as testpmd reads "value".
const FlowField kIntegrity[] = {
    PMDFWD_FIELD(rte_flow_item_integrity, level, K::Uint, "level", "integrity level"),
    PMDFWD_FIELD(rte_flow_item_integrity, value, K::Uint, "value", "integrity value"),
};
// testpmd reads proto_id in host order (ARGS_ENTRY, not _HTON).
const FlowField kPpp[] = {
    PMDFWD_FIELD(rte_flow_item_ppp, hdr.addr, K::Uint, "addr", "PPP address"),
    PMDFWD_FIELD(rte_flow_item_ppp, hdr.ctrl, K::Uint, "ctrl", "PPP control"),
    PMDFWD_FIELD(rte_flow_item_ppp, hdr.proto_id, K::Uint, "proto_id", "PPP protocol identifier"),
};

// L2TPv2: `type WORD` sets the header's flags and version word (all bits
// masked) to the message type, and chooses which of the header's layouts
// the fields after it name (testpmd's item_l2tpv2_type_*).
using L2tp = rte_flow_item_l2tpv2;
const FlowField kL2tpv2Type =
    PMDFWD_FIELD(L2tp, hdr.common.flags_version, K::Be, "type", "type of l2tpv2");
// A layout's field is named as its member; each member's help, once:
namespace l2tp_help {
constexpr const char *length = "message length";
constexpr const char *tunnel_id = "tunnel identifier";
constexpr const char *session_id = "session identifier";
constexpr const char *ns = "sequence number for message";
constexpr const char *nr = "sequence number for next receive message";
constexpr const char *offset_size = "the size of offset padding";
} // namespace l2tp_help
#define PMDFWD_L2TP(layout, member)                                                                \
    PMDFWD_FIELD(L2tp, hdr.layout.member, K::Be, #member, l2tp_help::member)
const FlowField kL2tpData[] = {PMDFWD_L2TP(type7, tunnel_id), PMDFWD_L2TP(type7, session_id)};
const FlowField kL2tpDataL[] = {PMDFWD_L2TP(type6, length), PMDFWD_L2TP(type6, tunnel_id),
                                PMDFWD_L2TP(type6, session_id)};
const FlowField kL2tpDataS[] = {PMDFWD_L2TP(type5, tunnel_id), PMDFWD_L2TP(type5, session_id),
                                PMDFWD_L2TP(type5, ns), PMDFWD_L2TP(type5, nr)};
const FlowField kL2tpDataO[] = {PMDFWD_L2TP(type4, tunnel_id), PMDFWD_L2TP(type4, session_id),
                                PMDFWD_L2TP(type4, offset_size)};
// data_l_s and control share the layout with length, ns and nr.
const FlowField kL2tpLengthNsNr[] = {PMDFWD_L2TP(type3, length), PMDFWD_L2TP(type3, tunnel_id),
                                     PMDFWD_L2TP(type3, session_id), PMDFWD_L2TP(type3, ns),
                                     PMDFWD_L2TP(type3, nr)};
#undef PMDFWD_L2TP
// testpmd's help texts, its "conrtol" included.
const FlowItemType kL2tpv2Types[] = {
    {"data", RTE_L2TPV2_MSG_TYPE_DATA, kL2tpData, "Type #7: data message without any options"},
    {"data_l", RTE_L2TPV2_MSG_TYPE_DATA_L, kL2tpDataL, "Type #6: data message with length option"},
    {"data_s", RTE_L2TPV2_MSG_TYPE_DATA_S, kL2tpDataS, "Type #5: data message with ns, nr option"},
    {"data_o", RTE_L2TPV2_MSG_TYPE_DATA_O, kL2tpDataO, "Type #4: data message with offset option"},
    {"data_l_s", RTE_L2TPV2_MSG_TYPE_DATA_L_S, kL2tpLengthNsNr,
     "Type #3: data message contains length, ns, nr options"},
    {"control", RTE_L2TPV2_MSG_TYPE_CONTROL, kL2tpLengthNsNr,
     "Type #3: conrtol message contains length, ns, nr options"},
};

const FlowField kAny[] = {
    PMDFWD_FIELD(rte_flow_item_any, num, K::Uint, "num", "number of layers covered"),
};
const FlowField kPortId[] = {
    PMDFWD_FIELD(rte_flow_item_port_id, id, K::Uint, "id", "DPDK port ID"),
};
const FlowField kMark[] = {
    PMDFWD_FIELD(rte_flow_item_mark, id, K::Uint, "id", "Integer value to match against"),
};
const FlowField kMeta[] = {
    PMDFWD_FIELD(rte_flow_item_meta, data, K::Uint, "data", "metadata value"),
};
const FlowField kTag[] = {
    PMDFWD_FIELD(rte_flow_item_tag, data, K::Uint, "data", "tag value to match"),
    PMDFWD_FIELD(rte_flow_item_tag, index, K::Uint, "index", "index of tag array to match"),
};
const FlowField kRepresentedPort[] = {
    PMDFWD_FIELD(rte_flow_item_ethdev, port_id, K::Uint, "ethdev_port_id", "ethdev port ID"),
};

// The flags are the first word's first two bits; the pattern's bytes
// follow the structure (testpmd's ITEM_RAW_SIZE).
using Raw = rte_flow_item_raw;
const FlowField kRaw[] = {
    {"relative", K::Uint, 0, 4, 0, 1, "look for pattern after the previous item"},
    {"search", K::Uint, 0, 4, 1, 1, "search pattern from offset (see also limit)"},
    // testpmd 22.11 reads no sign: -1 is 4294967295.
    PMDFWD_FIELD(Raw, offset, K::Uint, "offset", "absolute or relative offset for pattern"),
    PMDFWD_FIELD(Raw, limit, K::Uint, "limit", "search area limit for start of pattern"),
    {"pattern", K::RawText, sizeof(Raw), 0, 0, 0, "byte string to look for"},
    {"pattern_hex", K::RawHex, sizeof(Raw), 0, 0, 0, "hex string to look for"},
};

const FlowField kConntrack[] = {
    PMDFWD_FIELD(rte_flow_item_conntrack, flags, K::Uint, "flags", "conntrack state"),
};

#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
// 23.03's quota item: its state by testpmd's quota_state_names, set by
// spec or mask alone.
const char *const kQuotaStates[] = {"pass", "block"};
static_assert(RTE_FLOW_QUOTA_STATE_BLOCK == 1);
const FlowField kQuota[] = {
    FlowField{"quota_state", K::LeadName,
              static_cast<uint16_t>(offsetof(rte_flow_item_quota, state)),
              sizeof(rte_flow_item_quota::state), 0, 0, "quota state", kQuotaStates},
};
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// DPDK 24.03's compare item: op, then field a's words up to b_type, field
// b's up to width (testpmd 24.11's item_compare_field, compare_field_a and
// compare_field_b), "/" after op or width. Its names are testpmd's
// compare_ops and flow_field_ids, in the enums' order.
const char *const kCompareOps[] = {"eq", "ne", "lt", "le", "gt", "ge"};
const char *const kFlowFieldIds[] = {"start",
                                     "mac_dst",
                                     "mac_src",
                                     "vlan_type",
                                     "vlan_id",
                                     "mac_type",
                                     "ipv4_dscp",
                                     "ipv4_ttl",
                                     "ipv4_src",
                                     "ipv4_dst",
                                     "ipv6_dscp",
                                     "ipv6_hoplimit",
                                     "ipv6_src",
                                     "ipv6_dst",
                                     "tcp_port_src",
                                     "tcp_port_dst",
                                     "tcp_seq_num",
                                     "tcp_ack_num",
                                     "tcp_flags",
                                     "udp_port_src",
                                     "udp_port_dst",
                                     "vxlan_vni",
                                     "geneve_vni",
                                     "gtp_teid",
                                     "tag",
                                     "mark",
                                     "meta",
                                     "pointer",
                                     "value",
                                     "ipv4_ecn",
                                     "ipv6_ecn",
                                     "gtp_psc_qfi",
                                     "meter_color",
                                     "ipv6_proto",
                                     "flex_item",
                                     "hash_result",
                                     "geneve_opt_type",
                                     "geneve_opt_class",
                                     "geneve_opt_data",
                                     "mpls",
                                     "tcp_data_off",
                                     "ipv4_ihl",
                                     "ipv4_total_len",
                                     "ipv6_payload_len",
                                     "ipv4_proto",
                                     "ipv6_flow_label",
                                     "ipv6_traffic_class",
                                     "esp_spi",
                                     "esp_seq_num",
                                     "esp_proto",
                                     "random",
                                     "vxlan_last_rsvd"};

using Cmp = rte_flow_item_compare;
#define PMDFWD_NAMED(member, fname, names, help)                                                   \
    FlowField {                                                                                    \
        fname, K::Name, static_cast<uint16_t>(offsetof(Cmp, member)),                              \
            static_cast<uint8_t>(sizeof(((Cmp *)nullptr)->member)), 0, 0, help, names              \
    }
// Field a's or b's words (x: a or b), as testpmd names and helps them.
#define PMDFWD_CMP_DATA(x, what)                                                                   \
    PMDFWD_NAMED(x.field, #x "_type", kFlowFieldIds, what " field type"),                          \
        PMDFWD_FIELD(Cmp, x.level, K::FieldLevel, #x "_level", what " field level"),               \
        PMDFWD_FIELD(Cmp, x.tag_index, K::Uint, #x "_tag_index", what " field tag array"),         \
        PMDFWD_FIELD(Cmp, x.type, K::Uint, #x "_type_id", what " field type ID"),                  \
        PMDFWD_FIELD(Cmp, x.class_id, K::Be, #x "_class", what " field class ID"),                 \
        PMDFWD_FIELD(Cmp, x.offset, K::Uint, #x "_offset", what " field bit offset")
const FlowField kCompare[] = {
    PMDFWD_NAMED(operation, "op", kCompareOps, "operation type"),
    PMDFWD_CMP_DATA(a, "compared"),
    PMDFWD_CMP_DATA(b, "comparator"),
    PMDFWD_FIELD(Cmp, b.value, K::Hex, "b_value", "comparator immediate value"),
    FlowField{"b_ptr",
              K::HexPointer,
              static_cast<uint16_t>(offsetof(Cmp, b.pvalue)),
              sizeof(void *),
              0,
              0,
              "pointer to comparator immediate value",
              {},
              sizeof(Cmp)},
    PMDFWD_FIELD(Cmp, width, K::Uint, "width", "number of bits to compare"),
};
#undef PMDFWD_CMP_DATA
#undef PMDFWD_NAMED

// kCompare's rows by name, and the sets testpmd lets follow them.
enum CompareRow : unsigned { kOp, kAType, kBType = 7, kBValue = 13, kBPtr, kWidth, kCompareRows };
static_assert(std::size(kCompare) == kCompareRows);
constexpr uint64_t rows(unsigned from, unsigned to) {
    return (field_bit(to) - 1) & ~(field_bit(from) - 1);
}
constexpr uint64_t kCompareNext =
    field_bit(kOp) | field_bit(kAType) | field_bit(kBType) | kFieldsEnd;
constexpr uint64_t kCompareA = rows(kAType, kBType) | field_bit(kBType);
constexpr uint64_t kCompareB = rows(kBType, kCompareRows);
constexpr uint64_t kCompareAfter[] = {
    kCompareNext, kCompareA, kCompareA, kCompareA, kCompareA, kCompareA, kCompareA, kCompareB,
    kCompareB,    kCompareB, kCompareB, kCompareB, kCompareB, kCompareB, kCompareB, kCompareNext,
};
static_assert(std::size(kCompareAfter) == kCompareRows);
const FieldOrder kCompareOrder{.first = field_bit(kOp), .after = kCompareAfter};
#endif

#undef PMDFWD_FIELD
#undef PMDFWD_BITS

#define PMDFWD_ITEM(n, t, st, f, h)                                                                \
    FlowItem {                                                                                     \
        .name = n, .type = RTE_FLOW_ITEM_TYPE_##t, .size = sizeof(st), .fields = f, .help = h      \
    }

// testpmd 22.11's items (cmdline_flow.c next_item), those pmdfwd reads.
const FlowItem kItems[] = {
    {.name = "void", .type = RTE_FLOW_ITEM_TYPE_VOID, .help = "no-op pattern item"},
    PMDFWD_ITEM("any", ANY, rte_flow_item_any, kAny, "match any protocol for the current layer"),
    PMDFWD_ITEM("port_id", PORT_ID, rte_flow_item_port_id, kPortId,
                "match traffic from/to a given DPDK port ID"),
    PMDFWD_ITEM("mark", MARK, rte_flow_item_mark, kMark,
                "match traffic against value set in "
                "previously matched rule"),
    PMDFWD_ITEM("eth", ETH, rte_flow_item_eth, kEth, "match Ethernet header"),
    PMDFWD_ITEM("vlan", VLAN, rte_flow_item_vlan, kVlan, "match 802.1Q/ad VLAN tag"),
    PMDFWD_ITEM("ipv4", IPV4, rte_flow_item_ipv4, kIpv4, "match IPv4 header"),
    PMDFWD_ITEM("ipv6", IPV6, rte_flow_item_ipv6, kIpv6, "match IPv6 header"),
    PMDFWD_ITEM("icmp", ICMP, rte_flow_item_icmp, kIcmp, "match ICMP header"),
    PMDFWD_ITEM("udp", UDP, rte_flow_item_udp, kUdp, "match UDP header"),
    PMDFWD_ITEM("tcp", TCP, rte_flow_item_tcp, kTcp, "match TCP header"),
    PMDFWD_ITEM("sctp", SCTP, rte_flow_item_sctp, kSctp, "match SCTP header"),
    PMDFWD_ITEM("vxlan", VXLAN, rte_flow_item_vxlan, kVxlan, "match VXLAN header"),
    PMDFWD_ITEM("nvgre", NVGRE, rte_flow_item_nvgre, kNvgre, "match NVGRE header"),
    PMDFWD_ITEM("mpls", MPLS, rte_flow_item_mpls, kMpls, "match MPLS header"),
    PMDFWD_ITEM("gre", GRE, rte_flow_item_gre, kGre, "match GRE header"),
    PMDFWD_ITEM("gtp", GTP, rte_flow_item_gtp, kGtp, "match GTP header"),
    PMDFWD_ITEM("geneve", GENEVE, rte_flow_item_geneve, kGeneve, "match GENEVE header"),
    PMDFWD_ITEM("icmp6", ICMP6, rte_flow_item_icmp6, kIcmp6, "match any ICMPv6 header"),
    PMDFWD_ITEM("meta", META, rte_flow_item_meta, kMeta, "match metadata header"),
    PMDFWD_ITEM("tag", TAG, rte_flow_item_tag, kTag, "match tag value"),
    PMDFWD_ITEM("esp", ESP, rte_flow_item_esp, kEsp, "match ESP header"),
    PMDFWD_ITEM("ah", AH, rte_flow_item_ah, kAh, "match AH header"),
    PMDFWD_ITEM("pfcp", PFCP, rte_flow_item_pfcp, kPfcp, "match pfcp header"),
    PMDFWD_ITEM("integrity", INTEGRITY, rte_flow_item_integrity, kIntegrity,
                "match packet integrity"),
    // No fields of its own: those of its `type` word's layout.
    FlowItem{.name = "l2tpv2",
             .type = RTE_FLOW_ITEM_TYPE_L2TPV2,
             .size = sizeof(rte_flow_item_l2tpv2),
             .help = "match L2TPv2 header",
             .type_field = &kL2tpv2Type,
             .types = kL2tpv2Types},
    PMDFWD_ITEM("ppp", PPP, rte_flow_item_ppp, kPpp, "match PPP header"),
    PMDFWD_ITEM("represented_port", REPRESENTED_PORT, rte_flow_item_ethdev, kRepresentedPort,
                "match traffic entering the embedded switch from the given ethdev"),
    FlowItem{.name = "raw",
             .type = RTE_FLOW_ITEM_TYPE_RAW,
             .size = sizeof(rte_flow_item_raw) + kRawPatternMax,
             .fields = kRaw,
             .help = "match an arbitrary byte string"},
    FlowItem{.name = "conntrack",
             .type = RTE_FLOW_ITEM_TYPE_CONNTRACK,
             .size = sizeof(rte_flow_item_conntrack),
             .fields = kConntrack,
             .help = "conntrack state",
             .bare_value = true},
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    PMDFWD_ITEM("quota", QUOTA, rte_flow_item_quota, kQuota, "match quota"),
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    // Its b_ptr's bytes follow the structure.
    FlowItem{.name = "compare",
             .type = RTE_FLOW_ITEM_TYPE_COMPARE,
             .size = sizeof(rte_flow_item_compare) + kHexPointerMax,
             .fields = kCompare,
             .help = "match with the comparison result",
             .order = &kCompareOrder},
#endif
};

#undef PMDFWD_ITEM

} // namespace item_rows
} // namespace

std::span<const FlowItem> flow_items() {
    return item_rows::kItems;
}

const FlowItem *find_item(std::string_view name) {
    for (const FlowItem &i : item_rows::kItems)
        if (name == i.name) return &i;
    return nullptr;
}

const FlowField *find_field(std::span<const FlowField> fields, std::string_view name) {
    for (const FlowField &f : fields)
        if (name == f.name) return &f;
    return nullptr;
}

const FlowField *find_field(const FlowItem &item, std::string_view name) {
    return find_field(item.fields, name);
}

const FlowItemType *find_type(const FlowItem &item, std::string_view name) {
    for (const FlowItemType &t : item.types)
        if (name == t.name) return &t;
    return nullptr;
}

} // namespace pmdfwd::flow
