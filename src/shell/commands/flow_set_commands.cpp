// testpmd's `set raw_encap|raw_decap [index] ITEM ... / end_set`, `set
// sample_actions N ACTION ... / end`, `set conntrack com|orig|rply ...` and
// `show raw_encap|raw_decap N|all` (cmdline_flow.c's SET commands and
// cmd_show_set_raw, cmdline.c's cmd_set_conntrack_*): what they keep is the
// host's RawStore (src/ports/flow/flow_raw_store.h), which the flow
// grammar's raw_encap, raw_decap, sample and conntrack actions read.
#include "shell/command_families.h"

#include "ports/flow/flow_complete.h"
#include "ports/flow/flow_raw_actions.h"
#include "ports/flow/flow_raw_headers.h"
#include "ports/flow/flow_raw_store.h"
#include "text/printable.h"

#include <rte_hexdump.h>

#include <cstdio>
#include <cstdlib>

namespace pmdfwd::shell {

namespace {

using flow::kRawConfs;

// A grammar error: testpmd's "Bad arguments", then (a pmdfwd addition) why.
bool bad_set(Ctx &c, const char *what, const std::string &why) {
    if (c.config.testpmd_texts) return fail(c, "Bad arguments");
    return fail(c, "Bad arguments: " + std::string(what) + ": " + printable(why));
}

// "[index] ITEM ... / end_set": the index (0 when left out) and the items'
// words.
Result<unsigned> leading_index(const std::vector<std::string> &words, size_t *from) {
    *from = 0;
    if (words.empty() || words[0].empty() || words[0][0] < '0' || words[0][0] > '9') return 0u;
    const Result<uint64_t> n = flow::parse_flow_number("index", words[0], kRawConfs - 1);
    if (!n) return n.status();
    *from = 1;
    return static_cast<unsigned>(*n);
}

// testpmd's cmd_set_raw_parsed: an item it cannot lay out leaves the
// index empty and says so.
bool set_raw(Ctx &c, const Args &a, bool encap) {
    const char *what = encap ? "set raw_encap" : "set raw_decap";
    const std::vector<std::string> &words = a.rest(0);
    size_t from = 0;
    const Result<unsigned> index = leading_index(words, &from);
    if (!index) return bad_set(c, what, index.message());
    // testpmd's next_set_raw: an index, or the list starts with eth.
    if (from == 0 && (words.empty() || words[0] != "eth"))
        return bad_set(c, what, "an index or 'eth' first (allowed: {index}, eth)");
    const Result<flow::ParsedRule> items =
        flow::parse_flow_items(std::span<const std::string>(words).subspan(from));
    if (!items) return bad_set(c, what, items.message());
    std::vector<uint8_t> &slot = (encap ? c.raw.encap : c.raw.decap)[*index];
    Result<std::vector<uint8_t>> bytes = flow::raw_header_bytes(items->pattern);
    slot = bytes ? std::move(*bytes) : std::vector<uint8_t>();
    return bytes || fail(c, bytes.message());
}

// testpmd's cmd_set_raw_parsed_sample: the actions `sample` may list,
// END last.
bool set_sample(Ctx &c, const Args &a) {
    // Read here, not by a typed token: a bad index is the grammar's "Bad
    // arguments", as testpmd says it.
    const Result<uint64_t> index = flow::parse_flow_number("index", a.word(0), kRawConfs - 1);
    if (!index) return bad_set(c, "set sample_actions", index.message());
    // The list's "end" follows a "/": "/ end" is the empty list, a bare
    // "end" is no list (testpmd's next_action_sample).
    std::span<const std::string> words = a.rest(1);
    if (!words.empty() && words[0] == "end")
        return bad_set(c, "set sample_actions", "no action before 'end' (allowed: / end)");
    if (!words.empty() && words[0] == "/") words = words.subspan(1);
    const flow::ActionDefaults defaults{
        .nb_rxq = c.config.nb_rxq, .rss_hf = c.config.rss_hf, .raw = &c.raw};
    Result<flow::ParsedRule> list = flow::parse_flow_actions(words, defaults);
    if (!list) return bad_set(c, "set sample_actions", list.message());
    if (list->actions.size() > flow::kSampleActionsMax)
        return bad_set(c, "set sample_actions",
                       "more than " + std::to_string(flow::kSampleActionsMax - 1) + " actions");
    for (const rte_flow_action &act : list->actions)
        if (act.type != RTE_FLOW_ACTION_TYPE_END && !flow::raw_actions::sample_may_list(act.type))
            return bad_set(c, "set sample_actions",
                           "sample may list queue, rss, mark, count, port_id, raw_encap, "
                           "vxlan_encap, nvgre_encap");
    c.raw.sample[*index] = std::move(*list);
    return true;
}

// "KEY VALUE ..." in exactly this order, each value within its bound
// (testpmd's TOKEN_STRING and TOKEN_NUM pairs).
struct Key {
    const char *name;
    uint64_t max;
};

Result<std::vector<uint32_t>> key_values(const std::vector<std::string> &words,
                                         std::span<const Key> keys) {
    if (words.size() != 2 * keys.size())
        return Error(std::to_string(keys.size()) + " 'key value' pairs expected");
    std::vector<uint32_t> v;
    for (size_t i = 0; i < keys.size(); i++) {
        if (words[2 * i] != keys[i].name) {
            std::string why = "expected '";
            why.append(keys[i].name).append("' at '").append(words[2 * i].substr(0, 40));
            return Error(why + "'");
        }
        const Result<uint64_t> n =
            flow::parse_flow_number(keys[i].name, words[2 * i + 1], keys[i].max);
        if (!n) return n.status();
        v.push_back(static_cast<uint32_t>(*n));
    }
    return v;
}

// cmd_set_conntrack_common: stored as given, no byte order change.
bool set_conntrack_common(Ctx &c, const Args &a) {
    static const Key kKeys[] = {
        {"peer", UINT16_MAX},       {"is_orig", UINT32_MAX},  {"enable", UINT32_MAX},
        {"live", UINT32_MAX},       {"sack", UINT32_MAX},     {"cack", UINT32_MAX},
        {"last_dir", UINT32_MAX},   {"liberal", UINT32_MAX},  {"state", UINT8_MAX},
        {"max_ack_win", UINT8_MAX}, {"r_lim", UINT8_MAX},     {"last_win", UINT16_MAX},
        {"last_seq", UINT32_MAX},   {"last_ack", UINT32_MAX}, {"last_end", UINT32_MAX},
        {"last_index", UINT8_MAX}};
    const Result<std::vector<uint32_t>> v = key_values(a.rest(0), kKeys);
    if (!v) return bad_set(c, "set conntrack com", v.message());
    rte_flow_action_conntrack &ct = c.raw.conntrack;
    const std::vector<uint32_t> &x = *v;
    ct.peer_port = static_cast<uint16_t>(x[0]);
    ct.is_original_dir = x[1] & 1;
    ct.enable = x[2] & 1;
    ct.live_connection = x[3] & 1;
    ct.selective_ack = x[4] & 1;
    ct.challenge_ack_passed = x[5] & 1;
    ct.last_direction = x[6] & 1;
    ct.liberal_mode = x[7] & 1;
    ct.state = static_cast<rte_flow_conntrack_state>(x[8]);
    ct.max_ack_window = x[9] & 0x7;
    ct.retransmission_limit = x[10] & 0xff;
    ct.last_window = static_cast<uint16_t>(x[11]);
    ct.last_seq = x[12];
    ct.last_ack = x[13];
    ct.last_end = x[14];
    ct.last_index = static_cast<rte_flow_conntrack_tcp_last_index>(x[15]);
    return true;
}

// cmd_set_conntrack_dir: one direction's TCP parameters.
bool set_conntrack_dir(Ctx &c, const Args &a) {
    static const Key kKeys[] = {{"scale", UINT32_MAX},    {"fin", UINT32_MAX},
                                {"acked", UINT32_MAX},    {"unack_data", UINT32_MAX},
                                {"sent_end", UINT32_MAX}, {"reply_end", UINT32_MAX},
                                {"max_win", UINT32_MAX},  {"max_ack", UINT32_MAX}};
    const Result<std::vector<uint32_t>> v = key_values(a.rest(1), kKeys);
    if (!v) return bad_set(c, "set conntrack", v.message());
    rte_flow_tcp_dir_param &dir =
        a.word(0) == "orig" ? c.raw.conntrack.original_dir : c.raw.conntrack.reply_dir;
    const std::vector<uint32_t> &x = *v;
    dir.scale = x[0] & 0xf;
    dir.close_initiated = x[1] & 1;
    dir.last_ack_seen = x[2] & 1;
    dir.data_unacked = x[3] & 1;
    dir.sent_end = x[4];
    dir.reply_end = x[5];
    dir.max_win = x[6];
    dir.max_ack = x[7];
    return true;
}

// What rte_hexdump writes, as text for c.out.
std::string hexdump(const std::string &title, const std::vector<uint8_t> &bytes) {
    char *buf = nullptr;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == nullptr) return {};
    // An empty index is shown at an address too, as testpmd's arrays are.
    static const uint8_t kNone[1] = {};
    rte_hexdump(f, title.c_str(), bytes.empty() ? kNone : bytes.data(),
                static_cast<unsigned>(bytes.size()));
    std::fclose(f);
    std::string text(buf, len);
    std::free(buf);
    return text;
}

// cmd_show_set_raw_parsed: each index as rte_hexdump titled "\nindex: N".
bool show_raw(Ctx &c, const Args &a) {
    const bool encap = a.word(0) == "raw_encap";
    const bool all = a.word(1) == "all";
    unsigned first = 0, last = kRawConfs - 1;
    if (!all) {
        const Result<uint64_t> n = flow::parse_flow_number("index", a.word(1), UINT16_MAX);
        if (!n) return bad_set(c, "show raw_encap", n.message());
        if (*n >= kRawConfs) return fail(c, "index should be 0-" + std::to_string(kRawConfs - 1));
        first = last = static_cast<unsigned>(*n);
    }
    for (unsigned i = first; i <= last; i++)
        *c.out += hexdump("\nindex: " + std::to_string(i), (encap ? c.raw.encap : c.raw.decap)[i]);
    return true;
}

// TAB after `set raw_encap|raw_decap [index]` follows the item table, as
// after `pattern` in a rule, the list ending in "end_set".
std::vector<std::string> next_items(const std::vector<std::string> &words) {
    size_t from = 0;
    if (!leading_index(words, &from)) return {};
    if (from == 0 && words.empty()) return {"eth"}; // or an index: next_set_raw
    if (from == 0 && words[0] != "eth") return {};
    std::vector<std::string> rule{"pattern"};
    rule.insert(rule.end(), words.begin() + static_cast<ptrdiff_t>(from), words.end());
    std::vector<std::string> next = flow::flow_rule_next_words(rule);
    if (next == std::vector<std::string>{"actions"}) return {};
    for (std::string &w : next)
        if (w == "end") w = "end_set";
    return next;
}

// TAB after `set sample_actions <index>` follows the action table.
std::vector<std::string> next_actions(const std::vector<std::string> &words) {
    std::vector<std::string> rule{"pattern", "end", "actions"};
    rule.insert(rule.end(), words.begin(), words.end());
    return flow::flow_rule_next_words(rule);
}

} // namespace

std::vector<Spec> flow_set_commands() {
    return {
        {.syntax = "set raw_encap <items>...",
         .help = "set raw encap data: [{index}] {item} [/ {item} [...]] / end_set ('help flow': "
                 "the items)",
         .run = [](Ctx &c, const Args &a) { return set_raw(c, a, true); },
         .complete_rest = next_items},
        {.syntax = "set raw_decap <items>...",
         .help = "set raw decap data: [{index}] {item} [/ {item} [...]] / end_set",
         .run = [](Ctx &c, const Args &a) { return set_raw(c, a, false); },
         .complete_rest = next_items},
        {.syntax = "set sample_actions <index> <actions>...",
         .help = "set sample actions list: {action} [/ {action} [...]] / end",
         .run = set_sample,
         .complete_rest = next_actions},
        {.syntax = "set conntrack com <values>...",
         .help = "set conntrack com peer {port_id} is_orig {dir} enable {en} live {ack_seen} "
                 "sack {en} cack {passed} last_dir {dir} liberal {en} state {s} max_ack_win "
                 "{factor} r_lim {num} last_win {win} last_seq {seq} last_ack {ack} last_end "
                 "{end} last_index {flag}",
         .run = set_conntrack_common},
        {.syntax = "set conntrack orig|rply <values>...",
         .help = "set conntrack orig|rply scale {factor} fin {sent} acked {seen} unack_data "
                 "{unack} sent_end {sent} reply_end {reply} max_win {win} max_ack {ack}",
         .run = set_conntrack_dir},
        {.syntax = "show raw_encap|raw_decap <index>|all",
         .help = "show the raw_encap|raw_decap data of an index, or of all",
         .run = show_raw},
    };
}

} // namespace pmdfwd::shell
