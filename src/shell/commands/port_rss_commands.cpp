// Receive-side scaling, as testpmd's commands set and show it: hash types
// (port config all rss), the key (rss-hash-key), the redirection table
// (rss reta), `show port P rss-hash [key]` and, from 23.11 and 24.03, the
// hash algorithm (`show port P rss-hash algorithm`, `port config P
// rss-hash-algo A`). Each goes to ethdev at once.
#include "shell/command_families.h"

#include "ports/port_text.h"
#include "text/text_format.h"

#include <rte_version.h>

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pmdfwd::shell {

namespace {

// testpmd's RSS_HASH_KEY_LENGTH: the longest key it handles.
constexpr size_t kMaxKeyLen = 64;

std::string hex(uint64_t v) {
    return text_format("%#" PRIx64, v);
}

// "ipv4-tcp", a group ("ip"), "all", "none", "default" (everything the
// port offers) or a flow type number; nullopt after saying what is wrong.
struct RssRequest {
    uint64_t types = 0;
    bool use_default = false;
};
std::optional<RssRequest> rss_request(Ctx &c, const std::string &word) {
    // The encapsulation level goes onto the types last configured.
    static const std::pair<const char *, uint64_t> kLevels[] = {
        {"level-default", RTE_ETH_RSS_LEVEL_PMD_DEFAULT},
        {"level-outer", RTE_ETH_RSS_LEVEL_OUTERMOST},
        {"level-inner", RTE_ETH_RSS_LEVEL_INNERMOST}};
    for (const auto &[name, level] : kLevels)
        if (word == name) return RssRequest{(c.config.rss_hf & ~RTE_ETH_RSS_LEVEL_MASK) | level};
    if (word == "default") return RssRequest{0, true};
    if (word == "none") return RssRequest{0, false};
    if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0]))) {
        const int v = std::atoi(word.c_str());
        if (v > 0 && v < 64) return RssRequest{UINT64_C(1) << v, false};
        fail(c, "flowtype_id should be greater than 0 and less than 64.");
        return std::nullopt;
    }
    const uint64_t t = rss_type_from_name(word);
    if (t == 0) {
        fail(c, "Unknown parameter");
        return std::nullopt;
    }
    return RssRequest{t, false};
}

bool config_rss(Ctx &c, const Args &a) {
    auto req = rss_request(c, a.word(0));
    if (!req) return false;
    bool all_updated = true;
    for (uint16_t p : c.ports.port_ids()) {
        PortControl &pc = c.ports;
        rte_eth_dev_info info{};
        if (!pc.dev_info(p, &info).ok())
            return fail(c, "cannot get device info of port " + std::to_string(p));
        const uint64_t want = req->use_default ? info.flow_type_rss_offloads : req->types;
        rte_eth_rss_conf conf{};
        conf.rss_hf = want & info.flow_type_rss_offloads;
        if (conf.rss_hf != want)
            *c.out +=
                "Port " + std::to_string(p) +
                " modified RSS hash function based on hardware support,requested:" + hex(want) +
                " configured:" + hex(conf.rss_hf) + "\n";
        const Status rc = pc.rss_hash_update(p, &conf);
        if (!rc.ok()) {
            all_updated = false;
            *c.out += "Configuration of RSS hash at ethernet port " + std::to_string(p) +
                      " failed with error (" + std::to_string(rc.code()) +
                      "): " + std::strerror(rc.code()) + ".\n";
        }
    }
    // testpmd's global rss_hf: what a later level-* and port configure take.
    if (all_updated && !req->use_default) {
        c.config.rss_hf = req->types;
        *c.out += "rss_hf " + hex(req->types) + "\n";
    }
    return all_updated;
}

// ethdev's refusal of an RSS query or update, as testpmd words it.
bool rss_failed(Ctx &c, uint16_t port, const Status &rc) {
    if (rc.code() == ENODEV) return fail(c, "port index " + std::to_string(port) + " invalid");
    if (rc.code() == ENOTSUP) return fail(c, "operation not supported by device");
    return fail(c, "operation failed - diag=" + std::to_string(-rc.code()));
}

// The port's key size, or 0 after saying it has none usable.
uint8_t key_size(Ctx &c, uint16_t port) {
    rte_eth_dev_info info{};
    if (c.ports.dev_info(port, &info).ok() && info.hash_key_size > 0 &&
        info.hash_key_size <= kMaxKeyLen)
        return info.hash_key_size;
    fail(c, "dev_info did not provide a valid hash key size");
    return 0;
}

bool hash_key(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const uint8_t size = key_size(c, port);
    if (size == 0) return false;
    const std::string &text = a.word(2);
    if (text.size() != size * 2u)
        return fail(c, "key length: " + std::to_string(text.size()) +
                           " invalid - key must be a string of " + std::to_string(size * 2) +
                           " hexa-decimal numbers");
    uint8_t key[kMaxKeyLen];
    for (size_t i = 0; i < text.size(); i++) {
        const char ch = text[i];
        if (!std::isxdigit(static_cast<unsigned char>(ch)))
            return fail(c, std::string("invalid key: character ") + ch + " at position " +
                               std::to_string(i) + " is not a valid hexa digit");
        const uint8_t v =
            static_cast<uint8_t>(std::strtoul(std::string(1, ch).c_str(), nullptr, 16));
        key[i / 2] = static_cast<uint8_t>(i % 2 ? (key[i / 2] << 4) | v : v);
    }
    const uint64_t types = rss_type_from_name(a.word(1));
    if (types == 0) return fail(c, "Bad arguments: unknown RSS type '" + a.word(1) + "'");
    PortControl &pc = c.ports;
    rte_eth_rss_conf conf{};
    Status rc = pc.rss_conf(port, &conf);
    if (rc.ok()) {
        conf.rss_key = key;
        conf.rss_key_len = size;
        conf.rss_hf = types;
        rc = pc.rss_hash_update(port, &conf);
    }
    return rc.ok() || rss_failed(c, port, rc);
}

bool show_rss_hash(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const bool with_key = a.size() > 1; // the optional literal "key"
    const uint8_t size = key_size(c, port);
    if (size == 0) return false;
    uint8_t key[kMaxKeyLen];
    rte_eth_rss_conf conf{};
    conf.rss_key = with_key ? key : nullptr;
    conf.rss_key_len = size;
    const Status rc = c.ports.rss_conf(port, &conf);
    if (!rc.ok()) return rss_failed(c, port, rc);
    *c.out += rss_hash_text(conf, with_key);
    return true;
}

#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
// show port <port> rss-hash algorithm (testpmd 23.11).
bool show_rss_algo(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const uint8_t size = key_size(c, port);
    if (size == 0) return false;
    rte_eth_rss_conf conf{};
    conf.rss_key_len = size;
    const Status rc = c.ports.rss_conf(port, &conf);
    if (!rc.ok()) return rss_failed(c, port, rc);
    if (conf.rss_hf == 0)
        *c.out += "RSS disabled\n";
    else
        *c.out +=
            std::string("RSS algorithm:\n  ") + rte_eth_dev_rss_algo_name(conf.algorithm) + "\n";
    return true;
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
// port config <port> rss-hash-algo <algo> (testpmd 24.03): the port's
// configuration read back, its algorithm changed, and written.
bool config_rss_algo(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    const std::string p = std::to_string(port);
    uint8_t key[kMaxKeyLen];
    rte_eth_rss_conf conf{};
    conf.rss_key = key;
    conf.rss_key_len = kMaxKeyLen;
    if (!c.ports.rss_conf(port, &conf).ok())
        return fail(c, "failed to get port " + p + " RSS configuration");
    auto algorithm = static_cast<uint32_t>(conf.algorithm);
    if (rte_eth_find_rss_algo(a.word(1).c_str(), &algorithm) != 0)
        return fail(c, "port " + p + " configured invalid RSS hash algorithm: " + a.word(1));
    conf.algorithm = static_cast<rte_eth_hash_function>(algorithm);
    if (!c.ports.rss_hash_update(port, &conf).ok())
        return fail(c, "failed to set port " + p + " RSS hash algorithm");
    return true;
}
#endif

// "(hash,queue)[,(hash,queue)]*" into the RETA update masks, or testpmd's
// refusal (a hash index past the table says which first).
Status parse_reta(const std::string &text, rte_eth_rss_reta_entry64 *conf, uint16_t size) {
    static const std::string kInvalid = "Invalid RSS Redirection Table config entered";
    size_t pos = 0;
    bool any = false;
    while ((pos = text.find('(', pos)) != std::string::npos) {
        const size_t end = text.find(')', pos);
        if (end == std::string::npos) return Error(kInvalid);
        const std::string pair = text.substr(pos + 1, end - pos - 1);
        const size_t comma = pair.find(',');
        if (comma == std::string::npos) return Error(kInvalid);
        char *e1, *e2;
        const unsigned long hash = std::strtoul(pair.c_str(), &e1, 0);
        const unsigned long queue = std::strtoul(pair.c_str() + comma + 1, &e2, 0);
        if (e1 != pair.c_str() + comma || *e2 != '\0' || hash > 65535 || queue > 65535)
            return Error(kInvalid);
        if (hash >= size)
            return Error("Invalid RETA hash index=" + std::to_string(hash) + "\n" + kInvalid);
        conf[hash / RTE_ETH_RETA_GROUP_SIZE].mask |= UINT64_C(1)
                                                     << (hash % RTE_ETH_RETA_GROUP_SIZE);
        conf[hash / RTE_ETH_RETA_GROUP_SIZE].reta[hash % RTE_ETH_RETA_GROUP_SIZE] =
            static_cast<uint16_t>(queue);
        any = true;
        pos = end + 1;
    }
    if (!any) return Error(kInvalid);
    return {};
}

bool config_reta(Ctx &c, const Args &a) {
    const uint16_t port = a.port(0);
    PortControl &pc = c.ports;
    rte_eth_dev_info info{};
    if (!pc.dev_info(port, &info).ok()) return fail(c, "cannot get device info");
    if (info.reta_size == 0) return fail(c, "Redirection table size is 0 which is invalid for RSS");
    *c.out += "The reta size of port " + std::to_string(port) + " is " +
              std::to_string(info.reta_size) + "\n";
    if (info.reta_size > RTE_ETH_RSS_RETA_SIZE_512)
        return fail(c, "Currently do not support more than " +
                           std::to_string(RTE_ETH_RSS_RETA_SIZE_512) +
                           " entries of redirection table");
    rte_eth_rss_reta_entry64 conf[RTE_ETH_RSS_RETA_SIZE_512 / RTE_ETH_RETA_GROUP_SIZE] = {};
    if (Status parsed = parse_reta(a.word(1), conf, info.reta_size); !parsed)
        return fail(c, parsed.message());
    const Status rc = pc.reta_update(port, conf, info.reta_size);
    if (!rc.ok())
        return fail(c,
                    "Bad redirection table parameter, return code = " + std::to_string(-rc.code()));
    return true;
}

} // namespace

std::vector<Spec> port_rss_commands() {
    std::vector<Spec> v = {
        {.syntax = "port config all rss <type>",
         .help =
             "RSS hash types of every port (ip, udp, tcp, ipv4-tcp, ..., all, none, default; "
             "level-default|level-outer|level-inner: the encapsulation level on the last types)",
         .run = config_rss},
        {.syntax = "port config <port> rss-hash-key <type> <hex-key>",
         .help = "a port's RSS hash key",
         .run = hash_key},
        {.syntax = "port config <port> rss reta <(hash,queue)[,(hash,queue)]...>",
         .help = "entries of a port's RSS redirection table",
         .run = config_reta},
        {.syntax = "show port <port> rss-hash [key]",
         .help = "a port's RSS hash types, and its key",
         .run = show_rss_hash},
    };
#if RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0)
    v.push_back({.syntax = "show port <port> rss-hash algorithm",
                 .help = "a port's RSS hash algorithm",
                 .run = show_rss_algo});
#endif
#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
    v.push_back({.syntax = "port config <port> rss-hash-algo "
                           "default|simple_xor|toeplitz|symmetric_toeplitz|symmetric_toeplitz_sort",
                 .help = "a port's RSS hash algorithm",
                 .run = config_rss_algo});
#endif
    return v;
}

} // namespace pmdfwd::shell
