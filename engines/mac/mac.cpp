// The mac forwarding engine (testpmd's "mac" mode): forwards every packet to
// the configured next hop, as a router would, by writing the TX port's own
// MAC as source and the peer's (--eth-peer) as destination, so that a NIC or
// switch that filters on MAC addresses takes the frames. TX fields follow
// macswap's contract: ol_flags keeps INDIRECT/EXTERNAL and gains the port's
// insert requests, vlan_tci/vlan_tci_outer only when those are requested,
// l2_len 14, l3_len 20. A packet whose first segment cannot hold both
// addresses is forwarded untouched (bytes and metadata) and counted.
//
// How the TX fields are stored (tx_fields.h, TxStore) is chosen per machine:
// storing a field that already holds its value costs a dirty line on some
// cores and nothing on others, so --mac-tx-store=auto (the default) times
// both ways at the first start (common/calibrate.h); always or if-changed
// pins one. The mbufs leave the same either way.
#include <pmdfwd/engine_register.h>

#include "common/calibrate.h"
#include "common/ether_header.h"
#include "common/tx_fields.h"

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

namespace pmdfwd::engines {
namespace {

// The pair as two words held in registers for the whole burst: a byte
// array would be read again from the stack for every packet, since the
// stores into packets could alias it.
struct MacPair {
    uint64_t head; // bytes 0-7
    uint32_t tail; // bytes 8-11
};
static_assert(sizeof(uint64_t) + sizeof(uint32_t) == kMacPairLen);

template <TxStore kStore, class Req>
inline bool write_one(rte_mbuf *m, const TxFields &f, MacPair pair, Req req) {
    if (m->data_len < kMacPairLen) return false;
    auto *p = rte_pktmbuf_mtod(m, uint8_t *);
    std::memcpy(p, &pair.head, sizeof(pair.head));
    std::memcpy(p + sizeof(pair.head), &pair.tail, sizeof(pair.tail));
    write_tx_fields<kStore>(m, f, req);
    return true;
}

// Every packet but the last prefetches the next one's data, so the loop
// does not test for the last packet each time. Returns how many packets it
// left untouched.
template <TxStore kStore, class Req>
uint16_t write_burst(rte_mbuf **pkts, uint16_t nb, const TxFields &f, MacPair pair, Req req) {
    if (nb == 0) return 0;
    uint16_t untouched = 0;
    for (uint16_t i = 0; i + 1 < nb; i++) {
        rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 1], void *));
        untouched += !write_one<kStore>(pkts[i], f, pair, req);
    }
    untouched += !write_one<kStore>(pkts[nb - 1], f, pair, req);
    return untouched;
}

template <TxStore kStore>
uint16_t forward(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb) {
    const TxFields f = tx_fields_for(*s->tx);
    uint8_t addrs[kMacPairLen];
    next_hop_macs(*s->tx, addrs);
    MacPair pair;
    std::memcpy(&pair.head, addrs, sizeof(pair.head));
    std::memcpy(&pair.tail, addrs + sizeof(pair.head), sizeof(pair.tail));
    // A port that asks for nothing (the usual case) costs no per-packet test.
    s->engine_untouched +=
        f.ol_flags == 0
            ? write_burst<kStore>(pkts, nb, f, pair, FixedTxRequests<false, false, false>{})
            : write_burst<kStore>(pkts, nb, f, pair, TxRequestsOf{f});
    return nb;
}

// if-changed pays a compare per field, which pays off only where mbufs come
// back holding the contract's values (a loopback's, a NIC's recycled
// buffers). A burst whose first mbuf does not hold the lengths comes from a
// pool that reset them (net_null, a generator): every field would be stored
// anyway, so the burst is stored as always.
inline bool holds_lengths(rte_mbuf *const *pkts, uint16_t nb) {
    return nb != 0 && holds_l2l3_len(pkts[0]);
}

// What the calibration times: a burst as a port that requests nothing
// forwards it (the case auto is for), dispatched as burst() does; the
// addresses do not matter.
template <TxStore kStore>
uint16_t timed_burst(rte_mbuf **pkts, uint16_t nb, const TxFields &f) {
    constexpr MacPair kPair{0x0201000000000000, 0x05040302};
    constexpr FixedTxRequests<false, false, false> kNone{};
    if (kStore == TxStore::kIfChanged && holds_lengths(pkts, nb))
        return write_burst<TxStore::kIfChanged>(pkts, nb, f, kPair, kNone);
    return write_burst<TxStore::kAlways>(pkts, nb, f, kPair, kNone);
}

// One way of storing the TX fields: a candidate of the calibration.
struct StoreWay {
    const char *name;
    BurstFn fn; // for the calibration only
    TxStore store;
};

// In preference order: testpmd's way first, so that a tie keeps it.
const StoreWay kWays[] = {
    {"always", timed_burst<TxStore::kAlways>, TxStore::kAlways},
    {"if-changed", timed_burst<TxStore::kIfChanged>, TxStore::kIfChanged},
};
constexpr const char *store_choices[] = {"auto", "always", "if-changed", nullptr};

// The engine's context (zeroed by the host: auto, nothing run yet). It
// changes only while forwarding is stopped.
struct Settings {
    const StoreWay *forced;  // --mac-tx-store=always|if-changed; nullptr: auto
    const StoreWay *running; // what the last started stream ran
};

Settings &settings(void *ctx) {
    return *static_cast<Settings *>(ctx);
}

// The measurement behind auto: a fact of the process, taken at the first
// start (or `show fwd mac`) and again when auto is set.
std::unique_ptr<Calibration<StoreWay>> &calibration_slot() {
    static std::unique_ptr<Calibration<StoreWay>> c;
    return c;
}

const Calibration<StoreWay> &calibration() {
    std::unique_ptr<Calibration<StoreWay>> &c = calibration_slot();
    if (c == nullptr) {
        CalibrationConfig config;
        config.noun = "store mode";
        std::vector<const StoreWay *> ways;
        for (const StoreWay &w : kWays)
            ways.push_back(&w);
        c = std::make_unique<Calibration<StoreWay>>(calibrate(ways, config));
    }
    return *c;
}

const StoreWay &selected(const Settings &set) {
    return set.forced ? *set.forced : *calibration().chosen;
}

// priv points at one of kWays (no allocation, nothing to free).
int stream_init(pmdfwd_stream *s) {
    Settings &set = settings(s->engine_ctx);
    const StoreWay &way = selected(set);
    s->priv = const_cast<StoreWay *>(&way);
    set.running = &way;
    return 0;
}

void stream_fini(pmdfwd_stream *s) {
    s->priv = nullptr;
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb, uint16_t) {
    if (static_cast<const StoreWay *>(s->priv)->store == TxStore::kIfChanged &&
        holds_lengths(pkts, nb))
        return forward<TxStore::kIfChanged>(s, pkts, nb);
    return forward<TxStore::kAlways>(s, pkts, nb);
}

int set_store(void *ctx, const pmdfwd_param_value *v, char *, size_t) {
    if (v->i == 0) {
        // Measured again: what ran since may have changed the machine's state.
        settings(ctx).forced = nullptr;
        calibration_slot().reset();
        return 0;
    }
    settings(ctx).forced = &kWays[v->i - 1];
    return 0;
}

static_assert(std::size(store_choices) == std::size(kWays) + 2, "auto, every way, the end");

constexpr pmdfwd_param params[] = {
    Param("tx-store", PMDFWD_PARAM_CHOICE,
          "how the TX fields are stored; auto, the default: the faster way as measured at start; "
          "always: every field, as testpmd; if-changed: only a field that differs, so that the "
          "mbuf's lines stay clean (in a burst whose first mbuf holds the lengths; the mbufs "
          "leave the same)",
          set_store)
        .metavar("MODE")
        .choices(store_choices, "TX store mode"),
};

void describe(void *ctx, char *buf, size_t len) {
    const Settings &set = settings(ctx);
    std::string s = std::string("mac TX stores: ") + selected(set).name +
                    (set.forced ? " (forced)" : " (auto: fastest measured)");
    if (set.running) s += std::string("\n  running: ") + set.running->name;
    s += "\n  " + describe(calibration(), "  ");
    std::snprintf(buf, len, "%s", s.c_str());
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "mac", "set source MAC to the TX port's, destination MAC to the peer's (--eth-peer)",
        burst);
    // DTS reads mac's start display as testpmd prints it; `show fwd mac`
    // shows the calibration.
    e.flags |= PMDFWD_ENGINE_F_QUIET_START;
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    e.describe = describe;
    e.params = params;
    e.nb_params = std::size(params);
    e.ctx_size = sizeof(Settings);
    return e;
}

const pmdfwd_engine engine = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::engine);
