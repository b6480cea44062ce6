#include "fwd/fwd_view.h"

#include <rte_cycles.h>

#include <atomic>

namespace pmdfwd {

namespace {

// The engine counters are plain fields of the C ABI that the stream's lcore
// adds to; a relaxed atomic load is the read that cannot tear.
uint64_t relaxed(uint64_t &field) {
    return std::atomic_ref<uint64_t>(field).load(std::memory_order_relaxed);
}

StreamStats stream_stats(Stream &s, const StreamSpec &spec) {
    StreamStats st;
    st.spec = spec;
    st.rx = s.rx_packets.get() + relaxed(s.pub.engine_rx);
    st.tx = s.tx_packets.get();
    st.dropped = s.fwd_dropped.get() + relaxed(s.pub.engine_dropped);
    st.retries = s.tx_retries.get();
    st.overruns = s.burst_overruns.get();
    st.cycles = s.core_cycles.get();
    st.untouched = relaxed(s.pub.engine_untouched);
    st.consumed = relaxed(s.pub.engine_consumed);
    st.generated = relaxed(s.pub.engine_generated);
    st.bad_cksum = {relaxed(s.pub.rx_bad_ip_csum), relaxed(s.pub.rx_bad_l4_csum),
                    relaxed(s.pub.rx_bad_outer_l4_csum), relaxed(s.pub.rx_bad_outer_ip_csum)};
    return st;
}

} // namespace

FwdStats collect_fwd_stats(const FwdView &view, bool with_bursts) {
    FwdStats f;
    f.engine = view.engine;
    f.record_cycles = view.record_cycles;
    f.record_bursts = view.record_bursts;
    f.rx_cksum_stats = view.rx_cksum_stats;
    f.tsc_hz = rte_get_tsc_hz();
    f.streams.reserve(view.specs.size());
    for (size_t i = 0; i < view.specs.size(); i++)
        f.streams.push_back(stream_stats(view.streams[i], view.specs[i]));
    if (with_bursts) {
        f.bursts.reserve(view.specs.size());
        for (size_t i = 0; i < view.specs.size(); i++)
            f.bursts.push_back({view.streams[i].rx_bursts, view.streams[i].tx_bursts});
    }
    for (size_t i = 0; i < view.port_ids.size(); i++) {
        rte_eth_stats now{};
        rte_eth_stats_get(view.port_ids[i], &now);
        const rte_eth_stats base = i < view.base.size() ? view.base[i] : rte_eth_stats{};
        // A `clear port stats` since the base restarts the device counters.
        auto since = [](uint64_t n, uint64_t b) { return n >= b ? n - b : n; };
        PortFwdStats p;
        p.port = view.port_ids[i];
        p.rx = since(now.ipackets, base.ipackets);
        p.rx_dropped = since(now.imissed, base.imissed);
        p.rx_errors = since(now.ierrors, base.ierrors);
        p.rx_nombuf = since(now.rx_nombuf, base.rx_nombuf);
        p.tx = since(now.opackets, base.opackets);
        p.tx_dropped = since(now.oerrors, base.oerrors);
        for (const StreamStats &st : f.streams) {
            if (st.spec.tx_port == p.port) p.tx_dropped += st.dropped;
            if (st.spec.rx_port == p.port) {
                p.bad_cksum.ip += st.bad_cksum.ip;
                p.bad_cksum.l4 += st.bad_cksum.l4;
                p.bad_cksum.outer_l4 += st.bad_cksum.outer_l4;
                p.bad_cksum.outer_ip += st.bad_cksum.outer_ip;
            }
        }
        f.ports.push_back(p);
    }
    return f;
}

} // namespace pmdfwd
