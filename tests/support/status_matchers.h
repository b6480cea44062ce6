// GoogleTest checks for Status and Result (src/util/status.h): a failure
// shows the error's message.
#pragma once

#include "util/status.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

namespace pmdfwd::testing {

inline ::testing::AssertionResult IsOk(const Status &s) {
    if (s.ok()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "error: " << s.message();
}

template <class T>
::testing::AssertionResult IsOk(const Result<T> &r) {
    return IsOk(r.status());
}

// The value, or nullopt with *error set to the message: tests that check a
// value and then the message of a refusal read as before.
template <class T>
std::optional<T> value_or_error(Result<T> r, std::string *error) {
    if (!r) {
        *error = r.message();
        return std::nullopt;
    }
    return std::move(r).value();
}

} // namespace pmdfwd::testing
