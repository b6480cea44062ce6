#include "fwd/stream_plan.h"

#include <algorithm>

namespace pmdfwd {

uint16_t peer_index(Topology topology, size_t index, size_t nb_ports) {
    switch (topology) {
    case Topology::Paired:
        // An odd last port pairs with itself, as testpmd.
        return static_cast<uint16_t>((index ^ 1) < nb_ports ? index ^ 1 : index);
    case Topology::Chained:
        return static_cast<uint16_t>((index + 1) % nb_ports);
    case Topology::Loop:
        return static_cast<uint16_t>(index);
    }
    return static_cast<uint16_t>(index);
}

Result<std::vector<StreamSpec>> build_streams(const std::vector<uint16_t> &ports, Topology topology,
                                              uint16_t nb_rxq, uint16_t nb_txq) {
    if (ports.empty()) return Error("no ports to forward on");
    if (nb_rxq == 0 || nb_txq == 0) return Error("ports need at least one RX and one TX queue");
    if (nb_txq < nb_rxq) {
        // Streams of one port run on different lcores, and a TX queue is
        // not safe to share between lcores.
        return Error("txq (" + std::to_string(nb_txq) + ") must be at least rxq (" +
                     std::to_string(nb_rxq) + "): every stream needs a TX queue of its own");
    }
    // Queue by queue, port by port (testpmd's order): the streams of one
    // queue index, which pass the same packets back and forth between the
    // ports, then land on the same lcore, and no packet crosses cores.
    std::vector<StreamSpec> streams;
    for (uint16_t q = 0; q < nb_rxq; q++)
        for (size_t i = 0; i < ports.size(); i++)
            streams.push_back({ports[i], q, ports[peer_index(topology, i, ports.size())], q});
    return streams;
}

std::string topology_warning(Topology topology, size_t nb_ports) {
    if (topology != Topology::Paired || nb_ports % 2 == 0) return {};
    return "Warning! port-topology=paired and odd forward ports number, the last port will pair "
           "with itself.";
}

Result<std::vector<uint16_t>> select_fwd_ports(const std::vector<uint16_t> &available,
                                               const std::vector<uint16_t> &list, uint16_t nb,
                                               std::string *note) {
    std::vector<uint16_t> ports;
    // No open port: EAL probed none, or every one was closed since; the
    // list cannot be blamed for either.
    if (available.empty())
        return Error("no forwarding port: no port is open (EAL probed none: give --vdev or -a; "
                     "or every port is closed: port attach or start a port first)");
    if (list.empty()) ports = available;
    for (uint16_t p : list) {
        if (std::find(available.begin(), available.end(), p) != available.end())
            ports.push_back(p);
        else
            *note += "port " + std::to_string(p) + " named by --portmask/--portlist does not " +
                     "exist; not forwarding on it\n";
    }
    if (ports.empty()) {
        // Blame the mask or list only when one was given.
        return Error(list.empty() ? "no forwarding port: every port is closed (port attach or "
                                    "start a port first)"
                                  : "no forwarding port: --portmask/--portlist names none of the "
                                    "ports there are");
    }
    if (nb > ports.size())
        return Error("--nb-ports=" + std::to_string(nb) + " but there are " +
                     std::to_string(ports.size()) + " forwarding port(s) (allowed: 1.." +
                     std::to_string(ports.size()) + ")");
    if (nb > 0) ports.resize(nb);
    return ports;
}

std::vector<std::vector<size_t>> spread_streams(size_t nb_streams, size_t nb_lcores) {
    const size_t groups = std::min(nb_streams, nb_lcores);
    std::vector<std::vector<size_t>> out(groups);
    size_t next = 0;
    for (size_t g = 0; g < groups; g++) {
        const size_t count = nb_streams / groups + (g < nb_streams % groups ? 1 : 0);
        for (size_t k = 0; k < count; k++)
            out[g].push_back(next++);
    }
    return out;
}

} // namespace pmdfwd
