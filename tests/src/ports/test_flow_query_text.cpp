// testpmd's dump of a COUNT or AGE answer (src/ports/flow/flow_query_text.h),
// which `flow query` and `flow indirect_action query` print under their titles.
#include "ports/flow/flow_query_text.h"

#include <gtest/gtest.h>

#include <cstddef>

using namespace pmdfwd::flow;

TEST(FlowQueryText, CountUnderItsTitle) {
    QueryAnswer q = empty_answer();
    q.count.hits_set = 1;
    q.count.hits = 7;
    q.count.bytes = 420;
    std::string out = "before\n";
    append_query_text(&out, "COUNT", true, q);
    EXPECT_EQ(out, "before\nCOUNT:\n hits_set: 1\n bytes_set: 0\n hits: 7\n bytes: 420\n");
}

TEST(FlowQueryText, AgeUnderItsTitle) {
    QueryAnswer q = empty_answer();
    q.age.aged = 1;
    q.age.sec_since_last_hit_valid = 1;
    q.age.sec_since_last_hit = 30;
    std::string out;
    append_query_text(&out, "Indirect AGE action", false, q);
    EXPECT_EQ(out, "Indirect AGE action:\n aged: 1\n sec_since_last_hit_valid: 1\n"
                   " sec_since_last_hit: 30\n");
}

TEST(FlowQueryText, EmptyAnswerIsZeroed) {
    const QueryAnswer q = empty_answer();
    const auto *bytes = reinterpret_cast<const unsigned char *>(&q);
    for (size_t i = 0; i < sizeof(q); ++i)
        ASSERT_EQ(bytes[i], 0) << "byte " << i;
}
