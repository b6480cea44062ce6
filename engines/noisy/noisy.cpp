// The noisy forwarding engine: testpmd's noisy_vnf, a simulated VNF for
// modelling a real workload. It forwards as io does (no header change) but
//  - buffers what it receives in a FIFO (--noisy-tx-sw-buffer-size) and
//    sends the oldest packets when the FIFO has no room for a burst,
//  - flushes the FIFO once it has sent nothing for
//    --noisy-tx-sw-buffer-flushtime ms,
//  - does random writes, reads and read-writes in --noisy-lkup-memory MB of
//    memory per packet (--noisy-lkup-num-*).
// testpmd keeps one FIFO and one memory block per port; here each stream
// has its own, so that streams on different lcores never share a ring.
// With every parameter 0 it is io. From DPDK 23.07 --noisy-forward-mode
// makes it rewrite what it receives first as mac, macswap or 5tswap would
// (noisy_modes.h).
#include "noisy_fifo.h"
#include "noisy_modes.h"

#include <pmdfwd/engine_register.h>

#include <rte_cycles.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_random.h>
#include <rte_version.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <new>
#include <string>
#include <type_traits>

namespace pmdfwd::engines {
namespace {

// testpmd's MAX_PKT_BURST: the most packets one burst may hold.
inline constexpr uint16_t kMaxBurst = 512;
inline constexpr uint64_t kCacheLine = 64;

// The engine's context: the parameters, changed only while forwarding is
// stopped; streams copy them at stream_init.
struct Settings {
    uint32_t fifo_size;
    uint32_t flush_ms;
    uint32_t lkup_mb;
    uint32_t writes;
    uint32_t reads;
    uint32_t reads_writes;
    uint32_t mode; // noisy::Mode
};

Settings &settings(void *ctx) {
    return *static_cast<Settings *>(ctx);
}

struct NoisyStream {
    NoisyFifo fifo;
    uint64_t flush_cycles; // the flush time in timer cycles; 0: no flush
    uint64_t prev_time;    // when the FIFO last flushed (0: not yet)
    uint32_t drain_left;   // packets of the flush under way still to send
    char *vnf_mem;
    uint64_t mem_slots; // testpmd's index range (below)
    uint32_t writes, reads, reads_writes;
    noisy::Mode mode;
    bool plain; // nothing to do but pass the burst on: io, no FIFO, no lookups
};
// Freed with rte_free, no destructor run.
static_assert(std::is_trivially_destructible_v<NoisyStream>);

// testpmd's lookups, index and all: a random index modulo the number of
// cache lines in the block, used as a byte offset, so they land in its
// first 1/64th (the same footprint as testpmd's). A read is a real load
// here (testpmd's unused one may be optimised away).
void do_write(char *mem, uint64_t slots) {
    const uint64_t i = rte_rand();
    const uint64_t w = rte_rand();
    mem[i % slots] = static_cast<char>(w);
}

void do_read(const char *mem, uint64_t slots) {
    const uint64_t i = rte_rand();
    (void)*static_cast<const volatile char *>(mem + i % slots);
}

void simulate_lookups(const NoisyStream &st, uint16_t nb_pkts) {
    if (st.vnf_mem == nullptr) return;
    for (uint16_t p = 0; p < nb_pkts; p++) {
        for (uint32_t j = 0; j < st.writes; j++)
            do_write(st.vnf_mem, st.mem_slots);
        for (uint32_t j = 0; j < st.reads; j++)
            do_read(st.vnf_mem, st.mem_slots);
        for (uint32_t j = 0; j < st.reads_writes; j++) {
            do_read(st.vnf_mem, st.mem_slots);
            do_write(st.vnf_mem, st.mem_slots);
        }
    }
}

void free_stream(NoisyStream *st) {
    st->fifo.destroy();
    rte_free(st->vnf_mem);
    rte_free(st);
}

// testpmd's checks of noisy_fwd_begin, with its texts; it exits, a stream
// here refuses the start.
int setup_memory(NoisyStream &st, const Settings &set, int socket) {
    const bool sim = set.writes + set.reads + set.reads_writes > 0;
    if (set.lkup_mb == 0) {
        if (!sim) return 0;
        std::fprintf(stderr, "--noisy-lkup-memory-size must be > 0\n");
        return -1;
    }
    const uint64_t bytes = uint64_t{set.lkup_mb} * 1024 * 1024;
    st.vnf_mem =
        static_cast<char *>(rte_zmalloc_socket("noisy vnf memory", bytes, kCacheLine, socket));
    if (st.vnf_mem == nullptr) {
        std::fprintf(stderr, "rte_zmalloc(%" PRIu64 ") for vnf memory) failed\n",
                     uint64_t{set.lkup_mb});
        return -1;
    }
    st.mem_slots = bytes / kCacheLine;
    return 0;
}

int stream_init(pmdfwd_stream *s) {
    const Settings &set = settings(s->engine_ctx);
    if (s->params->burst > kMaxBurst) {
        std::fprintf(stderr, "pmdfwd: noisy: burst %u is over %u\n", s->params->burst, kMaxBurst);
        return -1;
    }
    void *mem = rte_zmalloc_socket("noisy stream", sizeof(NoisyStream), kCacheLine, s->socket_id);
    if (mem == nullptr) {
        std::fprintf(stderr, "pmdfwd: noisy: no memory for the stream state\n");
        return -1;
    }
    auto *st = new (mem) NoisyStream{};
    if (set.fifo_size > 0) {
        if (const std::string why = st->fifo.create(set.fifo_size, s->socket_id); !why.empty()) {
            std::fprintf(stderr, "rte_ring_create(%d), size %d) failed\n%s\n",
                         static_cast<int>(s->rx_port), static_cast<int>(set.fifo_size),
                         why.c_str());
            free_stream(st);
            return -1;
        }
        // testpmd flushes only a FIFO it has (without one it would read a
        // NULL ring after the flush time).
        st->flush_cycles = uint64_t{set.flush_ms} * (rte_get_timer_hz() / 1000);
    }
    if (setup_memory(*st, set, s->socket_id) != 0) {
        free_stream(st);
        return -1;
    }
    st->writes = set.writes;
    st->reads = set.reads;
    st->reads_writes = set.reads_writes;
    st->mode = static_cast<noisy::Mode>(set.mode);
    st->plain = st->mode == noisy::Mode::kIo && !st->fifo.exists() && st->vnf_mem == nullptr;
    s->priv = st;
    return 0;
}

// What is still in the FIFO at stop is freed (testpmd leaks it) and counted.
void stream_fini(pmdfwd_stream *s) {
    auto *st = static_cast<NoisyStream *>(s->priv);
    if (st == nullptr) return;
    s->engine_consumed += st->fifo.free_all();
    free_stream(st);
    s->priv = nullptr;
}

// testpmd's buffering: the burst goes into the FIFO when it fits; otherwise
// as many of the oldest packets as came in leave, and that many of the new
// ones take their place (the rest are dropped: freed, counted consumed).
// Returns the packets to send, in pkts.
uint16_t buffer(pmdfwd_stream *s, NoisyStream &st, rte_mbuf **pkts, uint16_t nb_rx) {
    uint16_t out = 0, enq;
    rte_mbuf *older[kMaxBurst];
    if (st.fifo.free_count() >= nb_rx) {
        enq = st.fifo.enqueue(pkts, nb_rx);
    } else {
        out = st.fifo.dequeue(older, nb_rx);
        enq = st.fifo.enqueue(pkts, out);
    }
    if (enq < nb_rx) {
        rte_pktmbuf_free_bulk(pkts + enq, nb_rx - enq);
        s->engine_consumed += nb_rx - enq;
    }
    if (out > 0) {
        std::memcpy(pkts, older, out * sizeof(older[0]));
        st.drain_left -= std::min<uint32_t>(st.drain_left, out);
    }
    simulate_lookups(st, enq);
    return out;
}

// testpmd's flush: when nothing was sent and the flush time has passed since
// the last flush, everything in the FIFO leaves. testpmd sends it all in one
// call; the host sends at most max a call, so a flush takes as many calls as
// it needs (the host calls again at once: the engine is a GENERATOR), and
// packets that arrive meanwhile queue behind it as they would in the NIC.
uint16_t flush(NoisyStream &st, rte_mbuf **pkts, uint16_t max) {
    const uint64_t now = rte_get_timer_cycles();
    if (st.prev_time == 0) st.prev_time = now;
    if (st.drain_left == 0) {
        if (now - st.prev_time < st.flush_cycles) return 0;
        // An empty FIFO leaves prev_time alone, as in testpmd: the next
        // packet then leaves at once.
        st.drain_left = st.fifo.count();
        if (st.drain_left == 0) return 0;
    }
    const uint16_t n =
        st.fifo.dequeue(pkts, static_cast<uint16_t>(std::min<uint32_t>(st.drain_left, max)));
    st.drain_left = n == 0 ? 0 : st.drain_left - n;
    if (st.drain_left == 0) st.prev_time = now;
    return n;
}

[[gnu::noinline]] uint16_t burst_working(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx,
                                         uint16_t max) {
    auto &st = *static_cast<NoisyStream *>(s->priv);
    noisy::apply_mode(s, st.mode, pkts, nb_rx);
    if (!st.fifo.exists()) { // io, with the lookups
        simulate_lookups(st, nb_rx);
        return nb_rx;
    }
    uint16_t out = nb_rx > 0 ? buffer(s, st, pkts, nb_rx) : 0;
    if (out == 0 && st.flush_cycles != 0) out = flush(st, pkts, max);
    return out;
}

// noisy's default, every parameter 0, is io: that path is a leaf that saves
// no register, since on a fast loop the cost of a burst call shows in the
// rate, and the work of the other settings goes out of line.
uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx, uint16_t max) {
    if (static_cast<const NoisyStream *>(s->priv)->plain) [[likely]]
        return nb_rx;
    return burst_working(s, pkts, nb_rx, max);
}

template <uint32_t Settings::*Field>
int set_field(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    settings(ctx).*Field = static_cast<uint32_t>(v->i);
    return 0;
}

void describe(void *ctx, char *buf, size_t len) {
    const Settings &set = settings(ctx);
    std::snprintf(buf, len,
                  "noisy: %s forwarding, FIFO size %u, flush after %u ms, %u MB of memory: %u "
                  "writes, %u reads, %u reads-writes per packet",
                  noisy::kModeNames[set.mode], set.fifo_size, set.flush_ms, set.lkup_mb, set.writes,
                  set.reads, set.reads_writes);
}

// testpmd takes any int >= 0 (atoi); the options are testpmd's own names,
// --noisy-<key>, so they need no alias.
inline constexpr int64_t kMaxValue = INT32_MAX;

constexpr pmdfwd_param params[] = {
    Param("tx-sw-buffer-size", PMDFWD_PARAM_INT,
          "size of FIFO buffer (a power of 2; holds one less packet)",
          set_field<&Settings::fifo_size>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
    Param("tx-sw-buffer-flushtime", PMDFWD_PARAM_INT, "flush FIFO after N ms",
          set_field<&Settings::flush_ms>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
    Param("lkup-memory", PMDFWD_PARAM_INT, "allocate N MB of VNF memory (per stream)",
          set_field<&Settings::lkup_mb>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
    Param("lkup-num-writes", PMDFWD_PARAM_INT, "do N random writes per packet",
          set_field<&Settings::writes>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
    Param("lkup-num-reads", PMDFWD_PARAM_INT, "do N random reads per packet",
          set_field<&Settings::reads>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
    Param("lkup-num-reads-writes", PMDFWD_PARAM_INT, "do N random reads and writes per packet",
          set_field<&Settings::reads_writes>)
        .metavar("N")
        .range(0, kMaxValue)
        .default_value("0"),
#if RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
    Param("forward-mode", PMDFWD_PARAM_CHOICE, "set the sub-fwd mode, defaults to io",
          set_field<&Settings::mode>)
        .metavar("MODE")
        .choices(noisy::kModeNames, "forward-mode")
        .default_value("io"),
#endif
};

// GENERATOR: the host calls burst after an empty receive too, which the
// flush timer needs.
constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "noisy", "simulated VNF: FIFO-buffered forwarding, flush timer, memory lookups", burst,
        PMDFWD_ENGINE_F_GENERATOR);
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.describe = describe;
    e.params = params;
    e.nb_params = std::size(params);
    e.ctx_size = sizeof(Settings);
    return e;
}

const pmdfwd_engine descriptor = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::descriptor);
