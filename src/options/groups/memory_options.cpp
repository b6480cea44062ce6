// The option group "memory and NUMA": its rows, in --help's order.
#include "options/option_row.h"

#include "options/structured_parse.h"

#include <string>

namespace pmdfwd::opt {

namespace {

Status apply_port_numa(Config &c, std::string_view v) {
    auto tuples = parse_tuples<2>("port-numa-config", v);
    if (!tuples) return tuples.status();
    for (const auto &[port, socket] : *tuples)
        c.port_numa[static_cast<uint16_t>(port)].pool = static_cast<int>(socket);
    return {};
}

Status apply_ring_numa(Config &c, std::string_view v) {
    auto tuples = parse_tuples<3>("ring-numa-config", v);
    if (!tuples) return tuples.status();
    for (const auto &[port, flag, socket] : *tuples)
        if (flag < 1 || flag > 3) {
            return Error("ring-numa-config: flag " + std::to_string(flag) + " of port " +
                         std::to_string(port) +
                         " is not allowed (allowed: 1 = RX, 2 = TX, 3 = both)");
        }
    for (const auto &[port, flag, socket] : *tuples) {
        PortNuma &n = c.port_numa[static_cast<uint16_t>(port)];
        if (flag & 1) n.rx_ring = static_cast<int>(socket);
        if (flag & 2) n.tx_ring = static_cast<int>(socket);
    }
    return {};
}

Status apply_mbuf_size(Config &c, std::string_view v) {
    auto sizes = parse_uint_list("mbuf-size", v, 1, UINT16_MAX, kMaxMbufSizes);
    if (!sizes) return sizes.status();
    if ((*sizes)[0] <= RTE_PKTMBUF_HEADROOM) {
        return Error("mbuf-size: " + std::to_string((*sizes)[0]) +
                     " leaves no data room after the " + std::to_string(RTE_PKTMBUF_HEADROOM) +
                     "-byte headroom (allowed: " + std::to_string(RTE_PKTMBUF_HEADROOM + 1) +
                     "..65535)");
    }
    c.mbuf_sizes = *sizes;
    return {};
}

// testpmd's words, its refusal naming the four it documents (xbuf too is taken).
Status apply_mp_alloc(Config &c, std::string_view v) {
    for (MpAlloc m :
         {MpAlloc::Native, MpAlloc::Anon, MpAlloc::Xmem, MpAlloc::XmemHuge, MpAlloc::Xbuf})
        if (v == to_string(m)) {
            c.mp_alloc = m;
            return {};
        }
    return Error("mp-alloc " + std::string(v) +
                 " invalid - must be: native, anon, xmem or xmemhuge");
}

} // namespace

std::vector<Option> memory_options() {
    return {
        {"numa", 0, nullptr, "NUMA-aware pools and rings: each port's on its socket (default)",
         flag(&Config::numa)},
        {"no-numa", 0, nullptr, "one pool and all rings on --socket-num (default 0)",
         set_flag(&Config::numa, false)},
        {"socket-num", 0, "N", "the socket of all memory with --no-numa",
         number("socket-num", &Config::socket_num, 0, RTE_MAX_NUMA_NODES - 1)},
        {"port-numa-config", 0, "(PORT,SOCKET)[,...]", "the socket of a port's pool and rings",
         apply_port_numa},
        {"ring-numa-config", 0, "(PORT,FLAG,SOCKET)[,...]",
         "the socket of a port's RX (FLAG 1), TX (2) or both (3) rings", apply_ring_numa},
        {"mbuf-size", 0, "N[,N]...",
         "mbuf data room in bytes, headroom included (default 2176); more sizes add pools for "
         "RX buffer split",
         apply_mbuf_size},
        {"mp-alloc", 0, "native|anon|xmem|xmemhuge|xbuf",
         "how the mbuf pools get their memory: DPDK's (default), anonymous pages, an external "
         "heap of normal or huge pages, pinned external buffers",
         apply_mp_alloc},
        {"mp-anon", 0, nullptr, "--mp-alloc=anon (testpmd's older spelling)",
         [](Config &c, std::string_view) -> Status {
             c.mp_alloc = MpAlloc::Anon;
             return {};
         }},
        {"no-iova-contig", 0, nullptr,
         "pool memory may be IOVA non-contiguous (only with --mp-alloc=anon)",
         flag(&Config::no_iova_contig)},
        {"mbcache", 0, "N", "per-lcore mbuf cache size",
         number("mbcache", &Config::mbuf_cache, 0, kMaxMbufCache)},
        {"total-num-mbufs", 0, "N", "mbufs per pool (default: computed)",
         number("total-num-mbufs", &Config::total_num_mbufs, 1024, 1u << 30)},
    };
}

} // namespace pmdfwd::opt
