// What the fakes of DPDK's rte_tm and rte_mtr share: every call is kept as
// "name arg arg ..." and answered as a PMD that takes it would, or refused
// with the error a test sets.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace pmdfwd::testing {

// Error: rte_tm_error or rte_mtr_error; kUnspecified: its *_ERROR_TYPE_UNSPECIFIED.
template <typename Error, auto kUnspecified>
class FakeApiCalls {
  public:
    // The next calls fail with this (errno 0: they succeed).
    int fail_errno = 0;
    decltype(kUnspecified) fail_type = kUnspecified;
    const char *fail_message = nullptr;
    const void *fail_cause = nullptr;
    // The calls made (the PMD's view of each command).
    std::vector<std::string> calls;

  protected:
    int answer(Error *e, const char *name, std::initializer_list<uint64_t> args) {
        std::string call = name;
        for (uint64_t a : args)
            call.append(" ").append(std::to_string(a));
        calls.push_back(call);
        if (!fail_errno) return 0;
        e->type = fail_type;
        e->message = fail_message;
        e->cause = fail_cause;
        return -fail_errno;
    }
};

} // namespace pmdfwd::testing
