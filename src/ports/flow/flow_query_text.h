// What a COUNT, AGE or CONNTRACK query answers, and testpmd 22.11's dump
// of it (config.c port_flow_query and port_action_handle_query: the same
// count and age lines under their own titles; the conntrack context only
// for an indirect action).
#pragma once

#include "text/text_format.h"

#include <rte_flow.h>
#include <rte_version.h>

#include <cinttypes>
#include <cstring>
#include <string>

namespace pmdfwd::flow {

union QueryAnswer {
    rte_flow_query_count count;
    rte_flow_query_age age;
    rte_flow_action_conntrack ct;
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    rte_flow_query_quota quota;
#endif
};

// Zeroed, as testpmd hands it to the PMD.
inline QueryAnswer empty_answer() {
    QueryAnswer q;
    std::memset(&q, 0, sizeof(q));
    return q;
}

// The count's (count) or the age's lines under "<title>:".
inline void append_query_text(std::string *out, const char *title, bool count,
                              const QueryAnswer &q) {
    if (count)
        append_format(
            out, "%s:\n hits_set: %u\n bytes_set: %u\n hits: %" PRIu64 "\n bytes: %" PRIu64 "\n",
            title, q.count.hits_set, q.count.bytes_set, q.count.hits, q.count.bytes);
    else
        append_format(out,
                      "%s:\n aged: %u\n sec_since_last_hit_valid: %u\n sec_since_last_hit: "
                      "%" PRIu32 "\n",
                      title, q.age.aged, q.age.sec_since_last_hit_valid, q.age.sec_since_last_hit);
}

namespace detail {

// One direction's lines of the conntrack context.
inline void append_tcp_dir_text(std::string *out, const char *title,
                                const rte_flow_tcp_dir_param &d) {
    append_format(out,
                  "  %s Dir:\n    scale: %u, fin: %u, ack seen: %u\n unacked data: %u\n"
                  "    Sent end: %u,    Reply end: %u, Max win: %u, Max ACK: %u\n",
                  title, unsigned{d.scale}, unsigned{d.close_initiated}, unsigned{d.last_ack_seen},
                  unsigned{d.data_unacked}, d.sent_end, d.reply_end, d.max_win, d.max_ack);
}

} // namespace detail

// testpmd's "Conntrack Context:" (port_action_handle_query_dump), the same
// text from 22.11 to 25.11. "TCP flags" is the last index, as testpmd
// prints it.
inline void append_conntrack_text(std::string *out, const rte_flow_action_conntrack &ct) {
    const auto dir = [](unsigned original) { return original ? "Original" : "Reply"; };
    append_format(out,
                  "Conntrack Context:\n  Peer: %u, Flow dir: %s, Enable: %u\n"
                  "  Live: %u, SACK: %u, CACK: %u\n  Packet dir: %s, Liberal: %u, State: %u\n"
                  "  Factor: %u, Retrans: %u, TCP flags: %u\n  Last Seq: %u, Last ACK: %u\n"
                  "  Last Win: %u, Last End: %u\n",
                  unsigned{ct.peer_port}, dir(ct.is_original_dir), unsigned{ct.enable},
                  unsigned{ct.live_connection}, unsigned{ct.selective_ack},
                  unsigned{ct.challenge_ack_passed}, dir(ct.last_direction),
                  unsigned{ct.liberal_mode}, static_cast<unsigned>(ct.state),
                  unsigned{ct.max_ack_window}, unsigned{ct.retransmission_limit},
                  static_cast<unsigned>(ct.last_index), ct.last_seq, ct.last_ack,
                  unsigned{ct.last_window}, ct.last_end);
    detail::append_tcp_dir_text(out, "Original", ct.original_dir);
    detail::append_tcp_dir_text(out, "Reply", ct.reply_dir);
}

// testpmd's port_action_handle_query_dump: an indirect action's answer by
// its type (23.03 on: QUOTA's too), or that it has none, testpmd's
// arguments in its order (the type where the port goes, and back).
inline void append_indirect_answer(std::string *out, uint16_t port, uint32_t id,
                                   rte_flow_action_type type, const QueryAnswer &q) {
    switch (type) {
    case RTE_FLOW_ACTION_TYPE_AGE:
        return append_query_text(out, "Indirect AGE action", false, q);
    case RTE_FLOW_ACTION_TYPE_COUNT:
        return append_query_text(out, "Indirect COUNT action", true, q);
    case RTE_FLOW_ACTION_TYPE_CONNTRACK:
        return append_conntrack_text(out, q.ct);
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
    case RTE_FLOW_ACTION_TYPE_QUOTA:
        return append_format(out, "Indirect QUOTA action %u\n unused quota: %" PRId64 "\n", id,
                             q.quota.quota);
#endif
    default:
        return append_format(out, "port-%u: indirect action %u (type: %d) doesn't support query\n",
                             static_cast<unsigned>(type), id, static_cast<int>(port));
    }
}

} // namespace pmdfwd::flow
