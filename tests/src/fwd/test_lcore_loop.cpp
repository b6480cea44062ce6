// The lcore loop's periodic duty (metrics publishing on a forwarding lcore,
// issue 18 item 7): run between rounds over the streams, at most once per
// period, and not at all in the loop chosen without one.
#include "fwd/lcore_loop.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

using namespace pmdfwd;

namespace {

struct DutyCalls {
    unsigned calls = 0;
    unsigned stop_after = 0; // 0: never
    std::atomic<bool> *stop = nullptr;
};

void count(void *arg) {
    auto &c = *static_cast<DutyCalls *>(arg);
    if (++c.calls == c.stop_after) c.stop->store(true);
}

// Runs ctx's loop on a thread until it returns or stop_after_ms passes.
void run(LcoreContext &ctx, std::atomic<bool> &stop, unsigned stop_after_ms) {
    std::thread t([&] { select_lcore_main(ctx)(&ctx); });
    std::this_thread::sleep_for(std::chrono::milliseconds(stop_after_ms));
    stop.store(true);
    t.join();
}

} // namespace

TEST(LcoreLoop, DutyRunsEveryRoundWithoutPeriod) {
    std::atomic<bool> stop{false};
    DutyCalls c{0, 5, &stop};
    LcoreContext ctx;
    ctx.stop = &stop;
    ctx.duty = {count, &c, 0};
    // No stream: the loop is the duty alone; it stops itself on the 5th call.
    select_lcore_main(ctx)(&ctx);
    EXPECT_EQ(c.calls, 5u);
}

TEST(LcoreLoop, DutyWaitsForItsPeriod) {
    std::atomic<bool> stop{false};
    DutyCalls c{0, 0, &stop};
    LcoreContext ctx;
    ctx.stop = &stop;
    // Years of cycles at any clock (the TSC rate needs EAL, not started
    // here): the first round does it, no later one.
    ctx.duty = {count, &c, uint64_t(1) << 62};
    run(ctx, stop, 50);
    EXPECT_EQ(c.calls, 1u);
}

TEST(LcoreLoop, NoDutyNoCall) {
    std::atomic<bool> stop{false};
    DutyCalls c{0, 0, &stop};
    LcoreContext ctx;
    ctx.stop = &stop;
    ctx.duty.arg = &c; // without fn: the loop without a duty is chosen
    run(ctx, stop, 20);
    EXPECT_EQ(c.calls, 0u);
    LcoreContext with = ctx;
    with.duty.fn = count;
    EXPECT_NE(select_lcore_main(with), select_lcore_main(ctx));
}
