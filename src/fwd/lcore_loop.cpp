#include "fwd/lcore_loop.h"

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

namespace pmdfwd {

namespace {

template <bool NoRx, bool Retry, bool Cycles, bool Bursts>
inline void run_stream(const LcoreContext &ctx, Stream &s, rte_mbuf **pkts) {
    pmdfwd_stream &ps = s.pub;
    const uint64_t start = Cycles ? rte_rdtsc() : 0;
    uint16_t nb_rx = 0;
    if constexpr (!NoRx) {
        nb_rx = rte_eth_rx_burst(ps.rx_port, ps.rx_queue, pkts, ctx.burst);
        if constexpr (Bursts) s.rx_bursts[nb_rx]++;
        if (nb_rx == 0 && !ctx.generator) return;
        s.rx_packets.add(nb_rx);
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

template <bool NoRx, bool Retry, bool Cycles, bool Bursts, bool Duty>
int lcore_main(void *arg) {
    const auto &ctx = *static_cast<const LcoreContext *>(arg);
    rte_mbuf *pkts[PMDFWD_BURST_ROOM];
    Stream *const *streams = ctx.streams.data();
    const size_t nb = ctx.streams.size();
    uint64_t next_duty = 0; // the first round does it at once
    do {
        for (size_t i = 0; i < nb; i++)
            run_stream<NoRx, Retry, Cycles, Bursts>(ctx, *streams[i], pkts);
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

template <bool NoRx, bool Retry, bool Cycles, bool Bursts>
LcoreMain pick(bool duty) {
    return duty ? lcore_main<NoRx, Retry, Cycles, Bursts, true>
                : lcore_main<NoRx, Retry, Cycles, Bursts, false>;
}

template <bool NoRx, bool Retry, bool Cycles>
LcoreMain pick(bool bursts, bool duty) {
    return bursts ? pick<NoRx, Retry, Cycles, true>(duty) : pick<NoRx, Retry, Cycles, false>(duty);
}

template <bool NoRx, bool Retry>
LcoreMain pick(bool cycles, bool bursts, bool duty) {
    return cycles ? pick<NoRx, Retry, true>(bursts, duty) : pick<NoRx, Retry, false>(bursts, duty);
}

template <bool NoRx>
LcoreMain pick(bool retry, bool cycles, bool bursts, bool duty) {
    return retry ? pick<NoRx, true>(cycles, bursts, duty) : pick<NoRx, false>(cycles, bursts, duty);
}

} // namespace

LcoreMain select_lcore_main(const LcoreContext &ctx) {
    const bool retry = ctx.retry_num > 0, duty = ctx.duty.fn != nullptr;
    return ctx.no_rx ? pick<true>(retry, ctx.record_cycles, ctx.record_bursts, duty)
                     : pick<false>(retry, ctx.record_cycles, ctx.record_bursts, duty);
}

} // namespace pmdfwd
