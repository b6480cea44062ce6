#include "util/status.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <memory>
#include <string>
#include <type_traits>

namespace pmdfwd {
namespace {

Status refuse_negative(int n) {
    if (n < 0) return Error("n must be >= 0, not " + std::to_string(n));
    return {};
}

Result<int> half(int n) {
    if (n % 2) return Error(std::to_string(n) + " is odd");
    return n / 2;
}

// A failure passed on unchanged, message and code.
Result<int> half_of_positive(int n) {
    if (Status s = refuse_negative(n); !s) return s;
    return half(n);
}

TEST(Status, DefaultIsOk) {
    const Status s;
    EXPECT_TRUE(s.ok());
    EXPECT_TRUE(static_cast<bool>(s));
    EXPECT_EQ(s.message(), "");
    EXPECT_EQ(s.code(), 0);
}

TEST(Status, ErrorCarriesMessage) {
    const Status s = refuse_negative(-3);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(s.message(), "n must be >= 0, not -3");
    EXPECT_EQ(s.code(), 0);
    EXPECT_TRUE(refuse_negative(3).ok());
}

TEST(Status, ErrorCarriesErrno) {
    const Status s = Error("Failed to set MTU", ENOTSUP);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(s.code(), ENOTSUP);
    EXPECT_EQ(s.message(), "Failed to set MTU");
}

TEST(Status, EmptyMessageStillAnError) {
    // Unlike the "" means success convention, an error need not have text.
    const Status s = Error("");
    EXPECT_FALSE(s.ok());
}

TEST(Result, ValueOrError) {
    const Result<int> r = half(8);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(*r, 4);
    EXPECT_EQ(r.value(), 4);
    EXPECT_EQ(r.message(), "");
    const Result<int> e = half(7);
    EXPECT_FALSE(e.ok());
    EXPECT_FALSE(static_cast<bool>(e));
    EXPECT_EQ(e.message(), "7 is odd");
    EXPECT_FALSE(e.status().ok());
}

TEST(Result, PassesOnAStatus) {
    const Result<int> r = half_of_positive(-2);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.message(), "n must be >= 0, not -2");
    EXPECT_EQ(*half_of_positive(6), 3);
}

TEST(Result, HoldsStringsAndMoveOnlyValues) {
    Result<std::string> s = std::string("text");
    EXPECT_EQ(s->size(), 4u);
    Result<std::unique_ptr<int>> p = std::make_unique<int>(5);
    ASSERT_TRUE(p.ok());
    std::unique_ptr<int> taken = std::move(p).value();
    EXPECT_EQ(*taken, 5);
}

TEST(Result, FalseBoolValueIsStillOk) {
    // ok() says whether there is a value, never what the value is.
    const Result<bool> off = false;
    EXPECT_TRUE(off.ok());
    EXPECT_FALSE(*off);
}

// [[nodiscard]] on both types: ignoring one is a compile error under -Werror.
static_assert(std::is_class_v<Status> && std::is_class_v<Result<int>>);

} // namespace
} // namespace pmdfwd
