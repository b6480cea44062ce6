#include "fwd/lcore_loop.h"

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

namespace pmdfwd {

namespace {

template <RxMode Rx, bool Retry, bool Cycles, bool Bursts>
inline void run_stream(const LcoreContext &ctx, Stream &s, rte_mbuf **pkts) {
    pmdfwd_stream &ps = s.pub;
    const uint64_t start = Cycles ? rte_rdtsc() : 0;
    uint16_t nb_rx = 0;
    if constexpr (Rx != RxMode::None) {
        nb_rx = rte_eth_rx_burst(ps.rx_port, ps.rx_queue, pkts, ctx.burst);
        if constexpr (Bursts) s.rx_bursts[nb_rx]++;
        if (nb_rx == 0 && !ctx.generator) return;
        if constexpr (Rx == RxMode::HostCounts) s.rx_packets.add(nb_rx);
    }
    uint16_t nb_out = ctx.burst_fn(&ps, pkts, nb_rx, ctx.burst);
    if (nb_out > ctx.out_max) [[unlikely]]
        nb_out = s.burst_overrun(nb_out, ctx.out_max);
    uint16_t sent = 0;
    if (nb_out > 0) {
        sent = rte_eth_tx_burst(ps.tx_port, ps.tx_queue, pkts, nb_out);
        if constexpr (Retry) {
            for (unsigned r = 0;
                 sent < nb_out && r < ctx.retry_num && !ctx.stop->load(std::memory_order_relaxed);
                 r++) {
                rte_delay_us(ctx.retry_delay_us);
                sent += rte_eth_tx_burst(ps.tx_port, ps.tx_queue, pkts + sent, nb_out - sent);
                s.tx_retries.add(1);
            }
        }
        s.tx_packets.add(sent);
        if (sent < nb_out) {
            s.fwd_dropped.add(nb_out - sent);
            rte_pktmbuf_free_bulk(pkts + sent, nb_out - sent);
        }
    }
    if constexpr (Bursts) s.tx_bursts[sent]++;
    if constexpr (Cycles) s.core_cycles.add(rte_rdtsc() - start);
}

template <RxMode Rx, bool Retry, bool Cycles, bool Bursts, bool Duty>
int lcore_main(void *arg) {
    const auto &ctx = *static_cast<const LcoreContext *>(arg);
    rte_mbuf *pkts[PMDFWD_BURST_ROOM];
    Stream *const *streams = ctx.streams.data();
    const size_t nb = ctx.streams.size();
    uint64_t next_duty = 0; // the first round does it at once
    do {
        for (size_t i = 0; i < nb; i++)
            run_stream<Rx, Retry, Cycles, Bursts>(ctx, *streams[i], pkts);
        if constexpr (Duty) {
            // One TSC read a round; the duty itself only once per period.
            if (const uint64_t now = rte_rdtsc(); now >= next_duty) {
                ctx.duty.fn(ctx.duty.arg);
                next_duty = now + ctx.duty.period_cycles;
            }
        }
    } while (!ctx.stop->load(std::memory_order_relaxed));
    return 0;
}

template <RxMode Rx, bool Retry, bool Cycles, bool Bursts>
LcoreMain pick(bool duty) {
    return duty ? lcore_main<Rx, Retry, Cycles, Bursts, true>
                : lcore_main<Rx, Retry, Cycles, Bursts, false>;
}

template <RxMode Rx, bool Retry, bool Cycles>
LcoreMain pick(bool bursts, bool duty) {
    return bursts ? pick<Rx, Retry, Cycles, true>(duty) : pick<Rx, Retry, Cycles, false>(duty);
}

template <RxMode Rx, bool Retry>
LcoreMain pick(bool cycles, bool bursts, bool duty) {
    return cycles ? pick<Rx, Retry, true>(bursts, duty) : pick<Rx, Retry, false>(bursts, duty);
}

template <RxMode Rx>
LcoreMain pick(bool retry, bool cycles, bool bursts, bool duty) {
    return retry ? pick<Rx, true>(cycles, bursts, duty) : pick<Rx, false>(cycles, bursts, duty);
}

} // namespace

LcoreMain select_lcore_main(const LcoreContext &ctx) {
    const bool retry = ctx.retry_num > 0, duty = ctx.duty.fn != nullptr;
    switch (ctx.rx) {
    case RxMode::None:
        return pick<RxMode::None>(retry, ctx.record_cycles, ctx.record_bursts, duty);
    case RxMode::EngineCounts:
        return pick<RxMode::EngineCounts>(retry, ctx.record_cycles, ctx.record_bursts, duty);
    case RxMode::HostCounts:
        break;
    }
    return pick<RxMode::HostCounts>(retry, ctx.record_cycles, ctx.record_bursts, duty);
}

} // namespace pmdfwd
