// What a COUNT or AGE query answers, and testpmd 22.11's dump of it
// (config.c port_flow_query and port_action_handle_query: the same lines
// under their own titles).
#pragma once

#include "text/text_format.h"

#include <rte_flow.h>

#include <cinttypes>
#include <cstring>
#include <string>

namespace pmdfwd::flow {

union QueryAnswer {
    rte_flow_query_count count;
    rte_flow_query_age age;
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

} // namespace pmdfwd::flow
