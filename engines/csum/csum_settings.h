// The csum engine's context: testpmd's per-port segmentation settings (`tso
// set`, `tunnel_tso set`, `set port <p> gro|gso on|off`), its per-port
// parsing ones (`csum parse-tunnel`, `csum mac-swap`) and its global ones
// (`set gro flush`, `set gso segsz`, --vxlan-gpe-port,
// --geneve-parsed-port). The commands and parameters write them; the engine
// copies a stream's share at start (csum_seg.h), never reads them per packet.
#pragma once

#include "csum_tunnel.h"

#include <rte_ethdev.h>
#include <rte_ether.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

// testpmd.h's GRO_DEFAULT_FLUSH_CYCLES / GRO_MAX_FLUSH_CYCLES.
inline constexpr uint8_t kGroDefaultFlushCycles = 1;
inline constexpr uint8_t kGroMaxFlushCycles = 4;
// testpmd's default GSO segment size: a whole Ethernet frame without CRC.
inline constexpr uint16_t kGsoDefaultSegsz = RTE_ETHER_MAX_LEN - RTE_ETHER_CRC_LEN;

struct PortSeg {
    uint16_t tso_segsz;        // TCP segment size the NIC cuts to; 0: off
    uint16_t tunnel_tso_segsz; // the same for tunnelled packets
    bool gro;                  // merge what this port receives
    bool gso;                  // segment in software what this port sends
    // testpmd keys both on the TX port: what leaves by this port.
    bool parse_tunnel; // recognise tunnels and checksum both layers
    bool mac_swap;     // write the peer and port MACs (testpmd's default)
};

struct Settings {
    PortSeg port[RTE_MAX_ETHPORTS];
    uint8_t gro_flush_cycles; // 1: per burst (lightweight), else per N bursts
    uint16_t gso_segsz;       // largest packet GSO sends, headers included
    TunnelPorts tunnel_ports; // VXLAN-GPE and GENEVE UDP ports
};

inline void settings_init(void *ctx) {
    auto *s = static_cast<Settings *>(ctx);
    s->gro_flush_cycles = kGroDefaultFlushCycles;
    s->gso_segsz = kGsoDefaultSegsz;
    s->tunnel_ports = {kVxlanGpePort, kGenevePort};
    for (PortSeg &p : s->port)
        p.mac_swap = true;
}

} // namespace pmdfwd::engines::csum
