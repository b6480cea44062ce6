#include "ports/packet_dump.h"

#include "ports/tx_marks.h"

#include "text/mac_text.h"
#include "text/text_format.h"

#include <rte_ether.h>
#include <rte_flow.h>
#include <rte_ip.h>
#include <rte_malloc.h>
#include <rte_mbuf_ptype.h>
#include <rte_net.h>
#include <rte_tcp.h>
#include <rte_udp.h>
#include <rte_version.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pmdfwd {

namespace {

void offload_fields(std::string *o, const rte_mbuf *mb, uint16_t queue) {
    const uint64_t f = mb->ol_flags;
    if (f & RTE_MBUF_F_RX_RSS_HASH)
        append_format(o, " - RSS hash=0x%x - RSS queue=0x%x", mb->hash.rss,
                      static_cast<unsigned>(queue));
    if (f & RTE_MBUF_F_RX_FDIR) {
        *o += " - FDIR matched ";
        if (f & RTE_MBUF_F_RX_FDIR_ID)
            append_format(o, "ID=0x%x", mb->hash.fdir.hi);
        else if (f & RTE_MBUF_F_RX_FDIR_FLX)
            append_format(o, "flex bytes=0x%08x %08x", mb->hash.fdir.hi, mb->hash.fdir.lo);
        else
            append_format(o, "hash=0x%x ID=0x%x ", mb->hash.fdir.hash, mb->hash.fdir.id);
    }
    if (f & RTE_MBUF_F_RX_QINQ)
        append_format(o, " - QinQ VLAN tci=0x%x, VLAN tci outer=0x%x", mb->vlan_tci,
                      mb->vlan_tci_outer);
    else if (f & RTE_MBUF_F_RX_VLAN)
        append_format(o, " - VLAN tci=0x%x", mb->vlan_tci);
}

// The flow metadata and the dynamic flags `port config ... dynf` named,
// after the VLAN fields as testpmd prints them.
void mark_fields(std::string *o, const rte_mbuf *mb, bool rx) {
    const uint64_t f = mb->ol_flags;
    if (!rx && (f & RTE_MBUF_DYNFLAG_TX_METADATA))
        append_format(o, " - Tx metadata: 0x%x", *RTE_FLOW_DYNF_METADATA(mb));
    if (rx && (f & RTE_MBUF_DYNFLAG_RX_METADATA))
        append_format(o, " - Rx metadata: 0x%x", *RTE_FLOW_DYNF_METADATA(mb));
    for (unsigned bit = 0; bit < 64; bit++)
        if (const std::string &name = tx_dynf_name(bit); !name.empty())
            append_format(o, " - dynf %s: %d", name.c_str(), (f >> bit) & 1 ? 1 : 0);
}

void header_lengths(std::string *o, uint32_t ptype, const rte_net_hdr_lens &h) {
    if (ptype & RTE_PTYPE_L2_MASK) append_format(o, " - l2_len=%d", h.l2_len);
    if (ptype & RTE_PTYPE_L3_MASK) append_format(o, " - l3_len=%d", h.l3_len);
    if (ptype & RTE_PTYPE_L4_MASK) append_format(o, " - l4_len=%d", h.l4_len);
    if (ptype & RTE_PTYPE_TUNNEL_MASK) append_format(o, " - tunnel_len=%d", h.tunnel_len);
    if (ptype & RTE_PTYPE_INNER_L2_MASK) append_format(o, " - inner_l2_len=%d", h.inner_l2_len);
    if (ptype & RTE_PTYPE_INNER_L3_MASK) append_format(o, " - inner_l3_len=%d", h.inner_l3_len);
    if (ptype & RTE_PTYPE_INNER_L4_MASK) append_format(o, " - inner_l4_len=%d", h.inner_l4_len);
}

// The L4 destination port, read with rte_pktmbuf_read (bounds-checked, any
// segment layout) from the offsets the software parser found; testpmd 24.11
// and later print it, and a VXLAN packet's VNI when the PMD says it is one.
void l4_fields(std::string *o, const rte_mbuf *mb, uint32_t sw_ptype, const rte_net_hdr_lens &h) {
    const uint32_t l4 = sw_ptype & RTE_PTYPE_L4_MASK;
    if (l4 != RTE_PTYPE_L4_UDP && l4 != RTE_PTYPE_L4_TCP) return;
    uint16_t be_port;
    const uint32_t off = h.l2_len + h.l3_len + 2; // destination port field
    const auto *p = static_cast<const uint16_t *>(rte_pktmbuf_read(mb, off, 2, &be_port));
    if (p == nullptr) return;
    const unsigned port = rte_be_to_cpu_16(*p);
    if (l4 == RTE_PTYPE_L4_UDP && RTE_ETH_IS_TUNNEL_PKT(mb->packet_type)) {
        uint32_t be_vni;
        const auto *v =
            static_cast<const uint32_t *>(rte_pktmbuf_read(mb, off + 6 + 4, 4, &be_vni));
        const uint32_t vni = v ? rte_be_to_cpu_32(*v) : 0;
        append_format(
            o,
            " - VXLAN packet: packet type =%u, Destination UDP port =%u, VNI = %u, last_rsvd = %u",
            mb->packet_type, port, vni >> 8, vni & 0xff);
        return;
    }
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
    append_format(o, " - Destination %s port=%u", l4 == RTE_PTYPE_L4_UDP ? "UDP" : "TCP", port);
#endif
}

void packet_text(std::string *o, const rte_mbuf *mb, uint16_t queue, bool rx) {
    rte_ether_hdr copy;
    const auto *eth =
        static_cast<const rte_ether_hdr *>(rte_pktmbuf_read(mb, 0, sizeof(copy), &copy));
    if (eth == nullptr) {
        append_format(o, "  runt frame: length=%u - nb_segs=%d\n", mb->pkt_len, mb->nb_segs);
        return;
    }
    *o += "  src=" + mac_to_text(eth->src_addr.addr_bytes) +
          " - dst=" + mac_to_text(eth->dst_addr.addr_bytes);
    append_format(o, " - pool=%s - type=0x%04x - length=%u - nb_segs=%d", mb->pool->name,
                  rte_be_to_cpu_16(eth->ether_type), mb->pkt_len, mb->nb_segs);
    offload_fields(o, mb, queue);
    mark_fields(o, mb, rx);
    char buf[256];
    if (mb->packet_type) {
        rte_get_ptype_name(mb->packet_type, buf, sizeof(buf));
        append_format(o, " - hw ptype: %s", buf);
    }
    rte_net_hdr_lens h{};
    const uint32_t sw = rte_net_get_ptype(mb, &h, RTE_PTYPE_ALL_MASK);
    rte_get_ptype_name(sw, buf, sizeof(buf));
    append_format(o, " - sw ptype: %s", buf);
    header_lengths(o, sw, h);
    l4_fields(o, mb, sw, h);
    append_format(o, " - %s queue=0x%x\n", rx ? "Receive" : "Send", static_cast<unsigned>(queue));
    if (rx)
        rte_get_rx_ol_flag_list(mb->ol_flags, buf, sizeof(buf));
    else
        rte_get_tx_ol_flag_list(mb->ol_flags, buf, sizeof(buf));
    append_format(o, "  ol_flags: %s\n", buf);
    const char *reason = nullptr;
    if (rte_mbuf_check(mb, 1, &reason) < 0) append_format(o, "INVALID mbuf: %s\n", reason);
}

// Where the lcores write their dumps: a descriptor of stdout's own that never
// blocks (see open_dump_fd), -1 until verbose is first turned on.
std::atomic<int> g_dump_fd{-1};
bool g_dump_is_socket = false;
// Packets whose dump did not fit into stdout when it was written.
std::atomic<uint64_t> g_dropped{0};

// All of text, or false when stdout took none or part of it (full or gone).
bool write_now(const char *text, size_t len) {
    const int fd = g_dump_fd.load(std::memory_order_relaxed);
    for (size_t done = 0; done < len;) {
        const ssize_t w = g_dump_is_socket
                              ? send(fd, text + done, len - done, MSG_DONTWAIT | MSG_NOSIGNAL)
                              : write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += static_cast<size_t>(w);
    }
    return true;
}

// One write per packet, outside stdio, on a descriptor that never blocks:
// a reader that stopped reading (a paused terminal, a stalled ssh channel,
// a harness) must never hold a forwarding lcore, or `stop` and SIGTERM wait
// for it forever. What does not fit is dropped and counted, as a capture
// drops what its ring cannot hold. Each packet's lines stay together and
// the shell's own writes never wait for stdout's stdio lock.
void print(uint16_t port, uint16_t queue, rte_mbuf *const *pkts, uint16_t n, bool rx) {
    std::string text;
    append_format(&text, "port %u/queue %u: %s %u packets\n", port, queue, rx ? "received" : "sent",
                  n);
    for (uint16_t i = 0; i < n; i++) {
        packet_text(&text, pkts[i], queue, rx);
        if (!write_now(text.data(), text.size())) {
            g_dropped.fetch_add(n - i, std::memory_order_relaxed);
            return;
        }
        text.clear();
    }
}

// A second open file description of stdout with O_NONBLOCK, so that the
// flag does not reach the one the shell writes through (or the terminal the
// user's shell shares). A regular file never blocks and must keep its
// offset: stdout itself. A socket cannot be opened again: send() is told
// per call not to wait.
int open_dump_fd() {
    struct stat st {};
    if (fstat(STDOUT_FILENO, &st) != 0) return -1;
    if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)) return STDOUT_FILENO;
    if (S_ISSOCK(st.st_mode)) {
        g_dump_is_socket = true;
        return STDOUT_FILENO;
    }
    const int fd = open("/proc/self/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    return fd >= 0 ? fd : STDOUT_FILENO;
}

uint16_t on_rx(uint16_t port, uint16_t queue, rte_mbuf *pkts[], uint16_t n, uint16_t, void *) {
    if (n) print(port, queue, pkts, n, true);
    return n;
}

uint16_t on_tx(uint16_t port, uint16_t queue, rte_mbuf *pkts[], uint16_t n, void *) {
    if (n) print(port, queue, pkts, n, false);
    return n;
}

} // namespace

std::string packet_dump_text(uint16_t port, uint16_t queue, rte_mbuf *const *pkts, uint16_t n,
                             bool rx) {
    std::string o;
    append_format(&o, "port %u/queue %u: %s %u packets\n", port, queue, rx ? "received" : "sent",
                  n);
    for (uint16_t i = 0; i < n; i++)
        packet_text(&o, pkts[i], queue, rx);
    return o;
}

PacketDump::~PacketDump() {
    // Ports are closed by now or lcores idle: nothing can run a callback.
    for (const Hook &h : hooks_)
        unhook(h);
    hooks_.clear();
    release();
}

void PacketDump::unhook(const Hook &h) {
    const auto *cb = static_cast<const rte_eth_rxtx_callback *>(h.cb);
    const int rc = h.rx ? rte_eth_remove_rx_callback(h.port, h.queue, cb)
                        : rte_eth_remove_tx_callback(h.port, h.queue, cb);
    // A closed port's callbacks went with it (-ENODEV): nothing to free twice.
    if (rc == 0) removed_.push_back(h.cb);
}

void PacketDump::remove(uint16_t port, bool lcores_idle) {
    std::vector<Hook> keep;
    for (const Hook &h : hooks_)
        if (h.port == port)
            unhook(h);
        else
            keep.push_back(h);
    hooks_.swap(keep);
    if (lcores_idle) release();
}

void packet_dump_write(const char *text, size_t len) {
    if (!write_now(text, len)) g_dropped.fetch_add(1, std::memory_order_relaxed);
}

uint64_t packet_dump_take_dropped() {
    return g_dropped.exchange(0, std::memory_order_relaxed);
}

void PacketDump::apply(const std::vector<uint16_t> &ports, unsigned level, bool lcores_idle) {
    if (level != 0 && g_dump_fd.load() < 0) g_dump_fd.store(open_dump_fd());
    const bool want_rx = level == 1 || level > 2, want_tx = level >= 2;
    for (uint16_t port : ports) {
        rte_eth_dev_info info{};
        if (rte_eth_dev_info_get(port, &info) != 0) continue;
        for (int dir = 0; dir < 2; dir++) {
            const bool rx = dir == 0;
            const bool want = rx ? want_rx : want_tx;
            const uint16_t nb = rx ? info.nb_rx_queues : info.nb_tx_queues;
            for (uint16_t q = 0; q < nb; q++) {
                auto it = std::find_if(hooks_.begin(), hooks_.end(), [&](const Hook &h) {
                    return h.port == port && h.queue == q && h.rx == rx;
                });
                if (!want && it != hooks_.end()) {
                    unhook(*it);
                    hooks_.erase(it);
                } else if (want && it == hooks_.end()) {
                    const void *cb = rx ? static_cast<const void *>(
                                              rte_eth_add_rx_callback(port, q, on_rx, nullptr))
                                        : static_cast<const void *>(
                                              rte_eth_add_tx_callback(port, q, on_tx, nullptr));
                    if (cb) hooks_.push_back({port, q, rx, cb});
                }
            }
        }
    }
    if (lcores_idle) release();
}

void PacketDump::release() {
    for (const void *cb : removed_)
        rte_free(const_cast<void *>(cb));
    removed_.clear();
}

} // namespace pmdfwd
