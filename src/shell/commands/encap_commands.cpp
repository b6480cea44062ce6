// testpmd's tunnel encapsulation settings (`set vxlan|vxlan-tos-ttl|
// vxlan-with-vlan`, `set nvgre|nvgre-with-vlan`, `set l2_encap|l2_decap`,
// `set mplsogre_encap|mplsogre_decap`, `set mplsoudp_encap|mplsoudp_decap`
// and their -with-vlan forms): they answer nothing and write the host's
// EncapConf (src/ports/flow/flow_encap_conf.h), which the flow actions
// vxlan_encap, l2_encap, mplsoudp_decap, ... read when a rule is parsed.
// A value testpmd's cmdline refuses (a number out of its token's range, an
// address that is not one) is its "Bad arguments" and changes nothing.
#include "shell/command_families.h"

#include "options/scalar_parse.h"
#include "text/printable.h"

#include <arpa/inet.h>

#include <array>
#include <cstring>
#include <map>
#include <sstream>

namespace pmdfwd::shell {

namespace {

using flow::EncapConf;
using flow::EncapOuter;

// An address as testpmd's IPADDR token reads one: IPv4, else IPv6.
struct IpAddr {
    bool v4 = false;
    std::array<uint8_t, 16> bytes{};
};

// A row's values, read and checked before anything is written.
struct Values {
    bool ipv4 = false;                   // ip-version ipv4|ipv6
    std::map<std::string, uint64_t> num; // vni, tni, label, udp-*, ip-tos, ip-ttl, vlan-tci
    std::map<std::string, IpAddr> ip;    // ip-src, ip-dst
    std::map<std::string, MacAddr> mac;  // eth-src, eth-dst
    bool has(const std::string &name) const { return num.count(name) != 0; }
};

// testpmd's token for each value: RTE_UINT32, RTE_UINT16 or RTE_UINT8.
uint64_t max_of(std::string_view name) {
    if (name == "vni" || name == "tni" || name == "label") return UINT32_MAX;
    if (name == "ip-tos" || name == "ip-ttl") return UINT8_MAX;
    return UINT16_MAX;
}

Result<IpAddr> read_ip(const std::string &name, const std::string &word) {
    IpAddr a;
    if (inet_pton(AF_INET, word.c_str(), a.bytes.data()) == 1) {
        a.v4 = true;
        return a;
    }
    if (inet_pton(AF_INET6, word.c_str(), a.bytes.data()) == 1) return a;
    return Error(name + ": '" + word.substr(0, 40) +
                 "' is not an IP address (allowed: a.b.c.d or an IPv6 address)");
}

// Longer than any value a row takes (an IPv6 address is at most 45): such a
// word is refused quoted short, not repeated whole.
constexpr size_t kMaxValueWord = 64;

Status read_value(Values &v, const std::string &name, const std::string &word) {
    if (word.size() > kMaxValueWord)
        return Error(name + ": '" + word.substr(0, 40) + "...' is longer than any " + name +
                     " (allowed: at most " + std::to_string(kMaxValueWord) + " characters)");
    if (name == "ip-src" || name == "ip-dst") {
        Result<IpAddr> a = read_ip(name, word);
        if (!a) return a.status();
        v.ip[name] = *a;
    } else if (name == "eth-src" || name == "eth-dst") {
        Result<std::array<uint8_t, 6>> m = parse_mac(word);
        if (!m) return Error(name + ": " + m.message());
        v.mac[name] = *m;
    } else {
        Result<uint64_t> n = parse_uint(name, word, 0, max_of(name), Radix::Cmdline);
        if (!n) return n.status();
        v.num[name] = *n;
    }
    return {};
}

// The row's arguments by the placeholder names of its syntax: a choice is
// the IP version, "<vni>" the word after "vni".
Result<Values> read_values(std::string_view syntax, const Args &a) {
    Values v;
    std::istringstream words{std::string(syntax)};
    std::string w;
    size_t i = 0;
    while (words >> w) {
        if (w.find('|') != std::string::npos) {
            v.ipv4 = a.word(i++) == "ipv4";
        } else if (w.front() == '<') {
            if (Status s = read_value(v, w.substr(1, w.size() - 2), a.word(i++)); !s) return s;
        }
    }
    return v;
}

// testpmd's "Bad arguments", then (a pmdfwd addition) why.
bool bad(Ctx &c, const std::string &why) {
    if (c.config.testpmd_texts) return fail(c, "Bad arguments");
    return fail(c, "Bad arguments: " + printable(why));
}

uint16_t be16(uint64_t v) {
    return htons(static_cast<uint16_t>(v));
}

// The low 24 bits of a VNI or TNI, network order (testpmd masks the rest).
void put24(uint8_t out[3], uint64_t v) {
    for (int i = 0; i < 3; i++)
        out[i] = static_cast<uint8_t>(v >> (16 - 8 * i));
}

// An MPLS label: its 20 bits lead the three bytes (testpmd's label << 12).
void put_label(uint8_t out[3], uint64_t label) {
    put24(out, (static_cast<uint32_t>(label) << 12) >> 8);
}

// An address for ip-version, as testpmd's IPV4_ADDR_TO_UINT and
// IPV6_ADDR_TO_ARRAY take it: false for one of the other version.
bool put_ip(const IpAddr &a, bool ipv4, uint32_t *v4, uint8_t *v6) {
    if (a.v4 != ipv4) return false;
    if (a.v4)
        std::memcpy(v4, a.bytes.data(), 4);
    else
        std::memcpy(v6, a.bytes.data(), 16);
    return true;
}

// Source then destination: a wrong one stops the command there, with what
// it wrote before kept.
bool put_ips(EncapOuter &o, const Values &v) {
    return put_ip(v.ip.at("ip-src"), v.ipv4, &o.ipv4_src, o.ipv6_src) &&
           put_ip(v.ip.at("ip-dst"), v.ipv4, &o.ipv4_dst, o.ipv6_dst);
}

// What follows the addresses: the VLAN TCI (written only by a -with-vlan
// row) and the Ethernet addresses.
void put_l2(EncapOuter &o, const Values &v) {
    if (o.vlan) o.vlan_tci = be16(v.num.at("vlan-tci"));
    std::memcpy(o.eth_src, v.mac.at("eth-src").data(), 6);
    std::memcpy(o.eth_dst, v.mac.at("eth-dst").data(), 6);
}

bool invalid_parameter(Ctx &c) {
    return fail(c, "invalid parameter.");
}

// The variant word ("vxlan-with-vlan") says what the settings select.
bool with_vlan(const std::string &variant) {
    return variant.ends_with("-with-vlan");
}

bool set_vxlan(Ctx &c, const Values &v, const std::string &variant) {
    flow::VxlanSettings &s = c.encap.vxlan;
    s.tos_ttl = variant == "vxlan-tos-ttl";
    s.outer.vlan = with_vlan(variant);
    s.outer.ipv4 = v.ipv4;
    put24(s.vni, v.num.at("vni"));
    s.udp_src = be16(v.num.at("udp-src"));
    s.udp_dst = be16(v.num.at("udp-dst"));
    // testpmd copies its zeroed result's TOS and TTL for the other rows.
    s.ip_tos = static_cast<uint8_t>(v.has("ip-tos") ? v.num.at("ip-tos") : 0);
    s.ip_ttl = static_cast<uint8_t>(v.has("ip-ttl") ? v.num.at("ip-ttl") : 0);
    if (!put_ips(s.outer, v)) return invalid_parameter(c);
    put_l2(s.outer, v);
    return true;
}

bool set_nvgre(Ctx &c, const Values &v, const std::string &variant) {
    flow::NvgreSettings &s = c.encap.nvgre;
    s.outer.vlan = with_vlan(variant);
    s.outer.ipv4 = v.ipv4;
    put24(s.tni, v.num.at("tni"));
    if (!put_ips(s.outer, v)) return invalid_parameter(c);
    put_l2(s.outer, v);
    return true;
}

bool set_l2_encap(Ctx &c, const Values &v, const std::string &variant) {
    EncapOuter &o = c.encap.l2_encap;
    o.vlan = with_vlan(variant);
    o.ipv4 = v.ipv4;
    put_l2(o, v);
    return true;
}

bool set_mpls_encap(Ctx &c, const Values &v, const std::string &variant) {
    flow::MplsSettings &s =
        variant.starts_with("mplsogre") ? c.encap.mplsogre_encap : c.encap.mplsoudp_encap;
    s.outer.vlan = with_vlan(variant);
    s.outer.ipv4 = v.ipv4;
    put_label(s.label, v.num.at("label"));
    if (v.has("udp-src")) {
        s.udp_src = be16(v.num.at("udp-src"));
        s.udp_dst = be16(v.num.at("udp-dst"));
    }
    if (!put_ips(s.outer, v)) return invalid_parameter(c);
    put_l2(s.outer, v);
    return true;
}

bool set_decap(Ctx &c, const Values &v, const std::string &variant) {
    flow::DecapSettings &s = variant.starts_with("l2")         ? c.encap.l2_decap
                             : variant.starts_with("mplsogre") ? c.encap.mplsogre_decap
                                                               : c.encap.mplsoudp_decap;
    s.vlan = with_vlan(variant);
    if (!variant.starts_with("l2")) s.ipv4 = v.ipv4;
    return true;
}

using Setter = bool (*)(Ctx &, const Values &, const std::string &);

// A row: its syntax names the values (read_values), its second word the
// variant the setter writes.
Spec row(const char *syntax, const char *help, Setter set) {
    return {.syntax = syntax, .help = help, .run = [syntax, set](Ctx &c, const Args &a) {
                const Result<Values> v = read_values(syntax, a);
                if (!v) return bad(c, v.message());
                std::istringstream words{syntax};
                std::string variant;
                words >> variant >> variant;
                return set(c, *v, variant);
            }};
}

constexpr const char *kVxlanHelp = "Configure the VXLAN encapsulation for flows.";
constexpr const char *kNvgreHelp = "Configure the NVGRE encapsulation for flows.";

} // namespace

std::vector<Spec> encap_commands() {
    return {
        row("set vxlan ip-version ipv4|ipv6 vni <vni> udp-src <udp-src> udp-dst <udp-dst> "
            "ip-src <ip-src> ip-dst <ip-dst> eth-src <eth-src> eth-dst <eth-dst>",
            kVxlanHelp, set_vxlan),
        row("set vxlan-with-vlan ip-version ipv4|ipv6 vni <vni> udp-src <udp-src> "
            "udp-dst <udp-dst> ip-src <ip-src> ip-dst <ip-dst> vlan-tci <vlan-tci> "
            "eth-src <eth-src> eth-dst <eth-dst>",
            kVxlanHelp, set_vxlan),
        row("set vxlan-tos-ttl ip-version ipv4|ipv6 vni <vni> udp-src <udp-src> "
            "udp-dst <udp-dst> ip-tos <ip-tos> ip-ttl <ip-ttl> ip-src <ip-src> ip-dst <ip-dst> "
            "eth-src <eth-src> eth-dst <eth-dst>",
            kVxlanHelp, set_vxlan),
        row("set nvgre ip-version ipv4|ipv6 tni <tni> ip-src <ip-src> ip-dst <ip-dst> "
            "eth-src <eth-src> eth-dst <eth-dst>",
            kNvgreHelp, set_nvgre),
        row("set nvgre-with-vlan ip-version ipv4|ipv6 tni <tni> ip-src <ip-src> ip-dst <ip-dst> "
            "vlan-tci <vlan-tci> eth-src <eth-src> eth-dst <eth-dst>",
            kNvgreHelp, set_nvgre),
        row("set l2_encap ip-version ipv4|ipv6 eth-src <eth-src> eth-dst <eth-dst>",
            "Configure the L2 encapsulation for flows (action l2_encap).", set_l2_encap),
        row("set l2_encap-with-vlan ip-version ipv4|ipv6 vlan-tci <vlan-tci> eth-src <eth-src> "
            "eth-dst <eth-dst>",
            "Configure the L2 encapsulation with a VLAN tag for flows (action l2_encap).",
            set_l2_encap),
        row("set l2_decap", "Configure the L2 decapsulation for flows (action l2_decap).",
            set_decap),
        row("set l2_decap-with-vlan",
            "Configure the L2 decapsulation with a VLAN tag for flows (action l2_decap).",
            set_decap),
        row("set mplsogre_encap ip-version ipv4|ipv6 label <label> ip-src <ip-src> "
            "ip-dst <ip-dst> eth-src <eth-src> eth-dst <eth-dst>",
            "Configure the MPLSoGRE encapsulation for flows (action mplsogre_encap).",
            set_mpls_encap),
        row("set mplsogre_encap-with-vlan ip-version ipv4|ipv6 label <label> ip-src <ip-src> "
            "ip-dst <ip-dst> vlan-tci <vlan-tci> eth-src <eth-src> eth-dst <eth-dst>",
            "Configure the MPLSoGRE encapsulation with a VLAN tag for flows.", set_mpls_encap),
        row("set mplsogre_decap ip-version ipv4|ipv6",
            "Configure the MPLSoGRE decapsulation for flows (action mplsogre_decap).", set_decap),
        row("set mplsogre_decap-with-vlan ip-version ipv4|ipv6",
            "Configure the MPLSoGRE decapsulation with a VLAN tag for flows.", set_decap),
        row("set mplsoudp_encap ip-version ipv4|ipv6 label <label> udp-src <udp-src> "
            "udp-dst <udp-dst> ip-src <ip-src> ip-dst <ip-dst> eth-src <eth-src> "
            "eth-dst <eth-dst>",
            "Configure the MPLSoUDP encapsulation for flows (action mplsoudp_encap).",
            set_mpls_encap),
        row("set mplsoudp_encap-with-vlan ip-version ipv4|ipv6 label <label> udp-src <udp-src> "
            "udp-dst <udp-dst> ip-src <ip-src> ip-dst <ip-dst> vlan-tci <vlan-tci> "
            "eth-src <eth-src> eth-dst <eth-dst>",
            "Configure the MPLSoUDP encapsulation with a VLAN tag for flows.", set_mpls_encap),
        row("set mplsoudp_decap ip-version ipv4|ipv6",
            "Configure the MPLSoUDP decapsulation for flows (action mplsoudp_decap).", set_decap),
        row("set mplsoudp_decap-with-vlan ip-version ipv4|ipv6",
            "Configure the MPLSoUDP decapsulation with a VLAN tag for flows.", set_decap),
    };
}

namespace {

// Filed with the flow rules that read them, as testpmd's help does.

} // namespace

} // namespace pmdfwd::shell
