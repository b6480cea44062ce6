#include "csum_verbose.h"

#include <rte_byteorder.h>
#include <rte_ethdev.h>
#include <rte_version.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>

namespace pmdfwd::engines::csum {
namespace {

// testpmd 23.07 on prints tso_segsz for UDP segmentation (UFO) too.
constexpr uint64_t kSegFlags = RTE_VERSION >= RTE_VERSION_NUM(23, 7, 0, 0)
                                   ? RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_TX_UDP_SEG
                                   : RTE_MBUF_F_TX_TCP_SEG;

constexpr uint64_t kInnerChecksumOffloads =
    RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM |
    RTE_ETH_TX_OFFLOAD_SCTP_CKSUM;
constexpr uint64_t kOuterOffloads =
    RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM;

// testpmd's printf calls, one after another into one buffer, cut at its end.
class Text {
  public:
    Text(char *buf, size_t cap) : buf_(buf), cap_(cap) {
        if (cap_ > 0) buf_[0] = '\0';
    }

    [[gnu::format(printf, 2, 3)]] void add(const char *fmt, ...) {
        if (len_ + 1 >= cap_) return;
        va_list ap;
        va_start(ap, fmt);
        const int n = std::vsnprintf(buf_ + len_, cap_ - len_, fmt, ap);
        va_end(ap);
        if (n > 0) len_ = std::min(len_ + static_cast<size_t>(n), cap_ - 1);
    }

    size_t len() const { return len_; }

  private:
    char *buf_;
    size_t cap_;
    size_t len_ = 0;
};

void rx_lines(Text &t, const rte_mbuf *m, const VerbosePacket &p) {
    char flags[256];
    rte_get_rx_ol_flag_list(p.rx_flags, flags, sizeof(flags));
    const PacketInfo &in = p.info;
    t.add("rx: l2_len=%d ethertype=%x l3_len=%d l4_proto=%d l4_len=%d flags=%s\n", in.l2_len,
          rte_be_to_cpu_16(in.ethertype), in.l3_len, in.l4_proto, in.l4_len, flags);
    // testpmd reads it after writing its own tso_segsz there: so does this.
    if (p.rx_flags & RTE_MBUF_F_RX_LRO)
        t.add("rx: m->lro_segsz=%u\n", static_cast<unsigned>(m->tso_segsz));
    if (p.tunnel)
        t.add("rx: outer_l2_len=%d outer_ethertype=%x outer_l3_len=%d\n", p.outer.l2_len,
              rte_be_to_cpu_16(p.outer.ethertype), p.outer.l3_len);
}

void tx_lines(Text &t, const rte_mbuf *m, const VerbosePacket &p, const VerboseTx &tx) {
    if ((tx.offloads & kInnerChecksumOffloads) || tx.tso_segsz != 0)
        t.add("tx: m->l2_len=%u m->l3_len=%u m->l4_len=%u\n", static_cast<unsigned>(m->l2_len),
              static_cast<unsigned>(m->l3_len), static_cast<unsigned>(m->l4_len));
    const bool seg = (m->ol_flags & kSegFlags) != 0;
    if (p.tunnel) {
        if ((tx.offloads & kOuterOffloads) || (m->ol_flags & RTE_MBUF_F_TX_OUTER_IPV6))
            t.add("tx: m->outer_l2_len=%u m->outer_l3_len=%u\n",
                  static_cast<unsigned>(m->outer_l2_len), static_cast<unsigned>(m->outer_l3_len));
        if (tx.tunnel_tso_segsz != 0 && seg)
            t.add("tx: m->tso_segsz=%u\n", static_cast<unsigned>(m->tso_segsz));
    } else if (tx.tso_segsz != 0 && seg) {
        t.add("tx: m->tso_segsz=%u\n", static_cast<unsigned>(m->tso_segsz));
    }
    char flags[256];
    rte_get_tx_ol_flag_list(m->ol_flags, flags, sizeof(flags));
    t.add("tx: flags=%s\n", flags);
}

} // namespace

size_t format_verbose_block(char *buf, size_t len, uint16_t port, const rte_mbuf *m,
                            const VerbosePacket &p, const VerboseTx &tx) {
    Text t(buf, len);
    t.add("-----------------\n");
    t.add("port=%u, mbuf=%p, pkt_len=%u, nb_segs=%u:\n", port, static_cast<const void *>(m),
          m->pkt_len, static_cast<unsigned>(m->nb_segs));
    rx_lines(t, m, p);
    tx_lines(t, m, p, tx);
    return t.len();
}

void write_verbose_block(const pmdfwd_stream &s, const rte_mbuf *m, const VerbosePacket &p,
                         const VerboseTx &tx) {
    char buf[kVerboseBlockLen];
    const size_t n = format_verbose_block(buf, sizeof(buf), s.rx_port, m, p, tx);
    s.params->write_text(buf, n);
}

} // namespace pmdfwd::engines::csum
