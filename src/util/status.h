// One way to say that something failed: a Status is ok or carries the
// message the user reads (and, for calls into ethdev and the OS, the errno
// that a message may need to quote); a Result<T> is a value or such an error.
// [[nodiscard]]: an error dropped on the floor does not compile.
//
//   Status check(int n) {
//       if (n < 0) return Error("n must be >= 0, not " + std::to_string(n));
//       return {};
//   }
//   Result<int> half(int n) {
//       if (n % 2) return Error("odd");
//       return n / 2;
//   }
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace pmdfwd {

// What goes wrong, as the user should read it. `code` is an errno value
// (positive) where the failure came from one, else 0.
struct Error {
    explicit Error(std::string message, int code = 0) : message(std::move(message)), code(code) {}
    std::string message;
    int code = 0;
};

class [[nodiscard]] Status {
  public:
    Status() = default;                       // ok
    Status(Error e) : error_(std::move(e)) {} // NOLINT: implicit, `return Error(...)`

    bool ok() const { return !error_; }
    explicit operator bool() const { return ok(); }
    // The error's text; "" when ok.
    const std::string &message() const { return error_ ? error_->message : empty(); }
    // The error's errno (positive), 0 when ok or when it came from no errno.
    int code() const { return error_ ? error_->code : 0; }

  private:
    static const std::string &empty() {
        static const std::string s;
        return s;
    }
    std::optional<Error> error_;
};

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : value_(std::move(value)) {} // NOLINT: implicit, `return value;`
    Result(Error e) : status_(std::move(e)) {}    // NOLINT: implicit, `return Error(...)`
    // Passes on another call's failure; an ok Status has no value to give.
    Result(Status s) : status_(std::move(s)) { assert(!status_.ok()); }

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }

    // The value; only when ok().
    T &value() & {
        assert(ok());
        return *value_;
    }
    const T &value() const & {
        assert(ok());
        return *value_;
    }
    T &&value() && {
        assert(ok());
        return std::move(*value_);
    }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Status &status() const { return status_; }
    // The error's text; "" when ok.
    const std::string &message() const { return status_.message(); }
    int code() const { return status_.code(); }

  private:
    std::optional<T> value_;
    Status status_;
};

} // namespace pmdfwd
