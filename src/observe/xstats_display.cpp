#include "observe/xstats_display.h"

#include <rte_ethdev.h>

#include <cstdio>

namespace pmdfwd {

void XstatsDisplay::init(const std::vector<uint16_t> &ports,
                         const std::vector<std::string> &names) {
    ports_.clear();
    if (names.empty()) return;
    for (uint16_t port : ports) {
        PortXstats &x = ports_[port];
        for (size_t i = 0; i < names.size(); i++) {
            uint64_t id = 0;
            if (rte_eth_xstats_get_id_by_name(port, names[i].c_str(), &id) != 0) {
                std::fprintf(stderr, "No xstat '%s' on port %u - skip it %zu\n", names[i].c_str(),
                             port, i);
                continue;
            }
            x.names.push_back(names[i]);
            x.ids.push_back(id);
        }
        x.prev.assign(x.ids.size(), 0);
    }
}

std::vector<XstatSample> XstatsDisplay::sample(uint16_t port, uint64_t now_ns) {
    auto it = ports_.find(port);
    if (it == ports_.end() || it->second.ids.empty()) return {};
    PortXstats &x = it->second;
    std::vector<uint64_t> values(x.ids.size());
    const int n = rte_eth_xstats_get_by_id(port, x.ids.data(), values.data(),
                                           static_cast<unsigned>(x.ids.size()));
    if (n != static_cast<int>(x.ids.size())) {
        std::fprintf(stderr, "Failed to get values of %zu xstats for port %u - return code %d\n",
                     x.ids.size(), port, n);
        return {};
    }
    const uint64_t ns = x.prev_ns ? now_ns - x.prev_ns : 0;
    x.prev_ns = now_ns;
    std::vector<XstatSample> out;
    for (size_t i = 0; i < values.size(); i++) {
        const uint64_t diff = values[i] > x.prev[i] ? values[i] - x.prev[i] : 0;
        x.prev[i] = values[i];
        const uint64_t rate =
            ns ? static_cast<uint64_t>(static_cast<double>(diff) * 1e9 / static_cast<double>(ns))
               : 0;
        out.push_back({x.names[i], values[i], rate});
    }
    return out;
}

} // namespace pmdfwd
