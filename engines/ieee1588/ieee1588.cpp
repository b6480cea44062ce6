// The ieee1588 forwarding engine: testpmd's ieee1588fwd, a check of a NIC's
// IEEE 1588 (PTP) timestamping. Timesync is enabled on every forwarding
// port at start (its answer ignored, as testpmd ignores it) and disabled at
// stop. Each received packet must be a PTP V2 Sync frame (ethertype 0x88F7,
// version 2, message 0) that the hardware flagged and timestamped; anything
// else is freed with testpmd's line saying why. An accepted one has its RX
// timestamp read and printed, its MAC addresses swapped, and goes back out
// of the port it came in by (REPLIES) asking for a TX timestamp, which the
// next call reads and prints (testpmd reads it right after its own
// transmit; here the host transmits, and the engine, a GENERATOR, is
// called again on the next pass, received packets or not).
// A PMD without timesync (net_ring, net_pcap) flags nothing: every packet
// is refused, one line each, and nothing is sent, as in testpmd.
#include <pmdfwd/engine_register.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_mbuf.h>

#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <new>

namespace pmdfwd::engines {
namespace {

inline constexpr uint8_t kPtpSync = 0x0;
inline constexpr uint8_t kPtpVersion2 = 0x02;
inline constexpr unsigned kMaxTxTimestampWaitUs = 1000; // testpmd's 1 ms
// The PTP header's first two bytes after Ethernet: message id, version.
inline constexpr uint16_t kPtpIdOffset = sizeof(rte_ether_hdr);
inline constexpr uint16_t kPtpVersionOffset = kPtpIdOffset + 1;

struct Ieee1588Stream {
    bool tx_pending; // a Sync went out since the last TX timestamp read
};

// A byte of the first segment, or 0 where the frame ends before it (testpmd
// reads past the end there).
uint8_t byte_at(const rte_mbuf *m, uint16_t off) {
    return off < m->data_len ? rte_pktmbuf_mtod(m, const uint8_t *)[off] : 0;
}

uint16_t ether_type(const rte_mbuf *m) {
    return static_cast<uint16_t>(byte_at(m, 12) << 8 | byte_at(m, 13));
}

void rx_timestamp_check(uint16_t port, uint32_t index) {
    timespec ts{};
    if (rte_eth_timesync_read_rx_timestamp(port, &ts, index) < 0) {
        std::printf("Port %u RX timestamp registers not valid\n", port);
        return;
    }
    std::printf("Port %u RX timestamp value %ju s %lu ns\n", port,
                static_cast<uintmax_t>(ts.tv_sec), static_cast<unsigned long>(ts.tv_nsec));
}

void tx_timestamp_check(uint16_t port) {
    timespec ts{};
    unsigned wait_us = 0;
    while (rte_eth_timesync_read_tx_timestamp(port, &ts) < 0 && wait_us < kMaxTxTimestampWaitUs) {
        rte_delay_us(1);
        wait_us++;
    }
    if (wait_us >= kMaxTxTimestampWaitUs) {
        std::printf("Port %u TX timestamp registers not valid after %u micro-seconds\n", port,
                    kMaxTxTimestampWaitUs);
        return;
    }
    std::printf("Port %u TX timestamp value %ju s %lu ns validated after %u micro-second%s\n", port,
                static_cast<uintmax_t>(ts.tv_sec), static_cast<unsigned long>(ts.tv_nsec), wait_us,
                wait_us == 1 ? "" : "s");
}

// testpmd's checks, in its order and words; true: a timestamped PTP V2 Sync.
bool is_timestamped_sync(uint16_t port, const rte_mbuf *m) {
    const uint16_t type = ether_type(m);
    if (!(m->ol_flags & RTE_MBUF_F_RX_IEEE1588_PTP)) {
        if (type == RTE_ETHER_TYPE_1588)
            std::printf("Port %u Received PTP packet not filtered by hardware\n", port);
        else
            std::printf("Port %u Received non PTP packet type=0x%4x len=%u\n", port, type,
                        m->pkt_len);
        return false;
    }
    if (type != RTE_ETHER_TYPE_1588) {
        std::printf("Port %u Received NON PTP packet incorrectly detected by hardware\n", port);
        return false;
    }
    if (const uint8_t version = byte_at(m, kPtpVersionOffset); version != kPtpVersion2) {
        std::printf("Port %u Received PTP V2 Ethernet frame with wrong PTP protocol version 0x%x "
                    "(should be 0x02)\n",
                    port, version);
        return false;
    }
    if (const uint8_t id = byte_at(m, kPtpIdOffset); id != kPtpSync) {
        std::printf("Port %u Received PTP V2 Ethernet frame with unexpected message ID 0x%x "
                    "(expected 0x0 - PTP_SYNC_MESSAGE)\n",
                    port, id);
        return false;
    }
    std::printf("Port %u IEEE1588 PTP V2 SYNC Message filtered by hardware\n", port);
    if (!(m->ol_flags & RTE_MBUF_F_RX_IEEE1588_TMST)) {
        std::printf("Port %u Received PTP packet not timestamped by hardware\n", port);
        return false;
    }
    return true;
}

void swap_macs(rte_mbuf *m) {
    auto *eth = rte_pktmbuf_mtod(m, rte_ether_hdr *);
    rte_ether_addr tmp;
    rte_ether_addr_copy(&eth->dst_addr, &tmp);
    rte_ether_addr_copy(&eth->src_addr, &eth->dst_addr);
    rte_ether_addr_copy(&tmp, &eth->src_addr);
}

uint16_t burst(pmdfwd_stream *s, rte_mbuf **pkts, uint16_t nb_rx, uint16_t) {
    auto *st = static_cast<Ieee1588Stream *>(s->priv);
    if (st->tx_pending) {
        tx_timestamp_check(s->tx_port);
        st->tx_pending = false;
    }
    uint16_t out = 0;
    for (uint16_t i = 0; i < nb_rx; i++) {
        rte_mbuf *m = pkts[i];
        if (!is_timestamped_sync(s->rx_port, m)) {
            rte_pktmbuf_free(m);
            s->engine_consumed++;
            continue;
        }
        // For i40e: which of its timestamp registers; other PMDs ignore it.
        rx_timestamp_check(s->rx_port, m->timesync & 0x3);
        swap_macs(m); // a flagged Sync holds a whole Ethernet header
        m->ol_flags |= RTE_MBUF_F_TX_IEEE1588_TMST;
        pkts[out++] = m;
    }
    st->tx_pending = out > 0;
    return out;
}

int port_begin(void *, uint16_t port) {
    rte_eth_timesync_enable(port);
    return 0;
}

void port_end(void *, uint16_t port) {
    rte_eth_timesync_disable(port);
}

int stream_init(pmdfwd_stream *s) {
    auto *st = new (std::nothrow) Ieee1588Stream{};
    if (st == nullptr) return -1;
    s->priv = st;
    return 0;
}

// The last Sync's TX timestamp is read here, as testpmd reads every one.
void stream_fini(pmdfwd_stream *s) {
    auto *st = static_cast<Ieee1588Stream *>(s->priv);
    if (st == nullptr) return;
    if (st->tx_pending) tx_timestamp_check(s->tx_port);
    delete st;
    s->priv = nullptr;
}

constexpr pmdfwd_engine make_engine() {
    pmdfwd_engine e = pmdfwd::engine_descriptor(
        "ieee1588", "check IEEE 1588 PTP timestamping: answer timestamped PTP V2 Sync frames",
        burst, PMDFWD_ENGINE_F_REPLIES | PMDFWD_ENGINE_F_GENERATOR);
    e.port_begin = port_begin;
    e.port_end = port_end;
    e.stream_init = stream_init;
    e.stream_fini = stream_fini;
    return e;
}

const pmdfwd_engine descriptor = make_engine();

} // namespace
} // namespace pmdfwd::engines

PMDFWD_REGISTER_ENGINE(pmdfwd::engines::descriptor);
