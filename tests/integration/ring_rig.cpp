#include "ring_rig.h"

#include <rte_eth_ring.h>
#include <rte_lcore.h>

#include <stdexcept>

namespace pmdfwd::testing {

RingPort make_ring_port(const std::string &name, unsigned tx_size, bool loopback) {
    RingPort p;
    p.rx = rte_ring_create((name + "_rx").c_str(), 1024, rte_socket_id(), 0);
    p.tx = loopback ? p.rx : rte_ring_create((name + "_tx").c_str(), tx_size, rte_socket_id(), 0);
    if (p.rx == nullptr || p.tx == nullptr) throw std::runtime_error("ring create failed: " + name);
    const int port = rte_eth_from_rings(name.c_str(), &p.rx, 1, &p.tx, 1, rte_socket_id());
    if (port < 0) throw std::runtime_error("rte_eth_from_rings failed: " + name);
    p.port = static_cast<uint16_t>(port);
    return p;
}

void free_ring_port(RingPort &p) {
    std::vector<rte_mbuf *> left = drain(p.rx);
    free_all(left);
    if (p.tx != p.rx) {
        left = drain(p.tx);
        free_all(left);
        rte_ring_free(p.tx);
    }
    rte_ring_free(p.rx);
    p.rx = p.tx = nullptr;
}

rte_mbuf *make_frame(rte_mempool *mp, uint16_t len, uint8_t seq) {
    rte_mbuf *m = rte_pktmbuf_alloc(mp);
    if (m == nullptr) throw std::runtime_error("mbuf alloc failed");
    auto *d = reinterpret_cast<uint8_t *>(rte_pktmbuf_append(m, len));
    for (uint16_t i = 0; i < len; i++) {
        if (i < 6)
            d[i] = i == 5 ? 0xDD : (i == 0 ? 0x02 : 0);
        else if (i < 12)
            d[i] = i == 11 ? 0x55 : (i == 6 ? 0x02 : 0);
        else
            d[i] = static_cast<uint8_t>(seq + i);
    }
    return m;
}

std::vector<uint8_t> frame_bytes(const rte_mbuf *m) {
    const auto *d = rte_pktmbuf_mtod(m, const uint8_t *);
    return {d, d + m->data_len};
}

std::vector<rte_mbuf *> drain(rte_ring *r) {
    std::vector<rte_mbuf *> v(rte_ring_count(r));
    const unsigned n = rte_ring_dequeue_burst(r, reinterpret_cast<void **>(v.data()),
                                              static_cast<unsigned>(v.size()), nullptr);
    v.resize(n);
    return v;
}

void free_all(std::vector<rte_mbuf *> &v) {
    for (rte_mbuf *m : v)
        rte_pktmbuf_free(m);
    v.clear();
}

} // namespace pmdfwd::testing
