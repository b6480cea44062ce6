// Ports that come and go while pmdfwd runs, as testpmd's attach_port,
// detach_port_device and detach_devargs do it, with their messages: EAL
// probes or removes the device, a new port joins stopped (configured at its
// first start, as the options say), a removed one leaves the list.
#include "ports/ports.h"

#include <rte_bus.h>
#include <rte_dev.h>
#include <rte_devargs.h>

#include <algorithm>

namespace pmdfwd {

namespace {

size_t count_open(const std::vector<Port> &ports) {
    size_t n = 0;
    for (const Port &p : ports)
        n += p.status != PortStatus::Closed;
    return n;
}

} // namespace

// The ports attach sets up: in event mode (testpmd's default) every ethdev
// port not set up yet, so a port another probe made joins too; in iterator
// mode only the ports of the device just probed (testpmd's
// RTE_ETH_FOREACH_MATCHING_DEV). A closed port's id may come back with the
// new device.
std::vector<uint16_t> Ports::new_ports(const Config &cfg, const std::string &identifier) const {
    std::vector<uint16_t> ids;
    auto is_new = [this](uint16_t id) {
        const Port *known = find(id);
        return !known || known->status == PortStatus::Closed;
    };
    uint16_t id;
    if (cfg.setup_on_probe_event) {
        RTE_ETH_FOREACH_DEV(id)
        if (is_new(id)) ids.push_back(id);
        return ids;
    }
    rte_dev_iterator it{};
    RTE_ETH_FOREACH_MATCHING_DEV(id, identifier.c_str(), &it)
    if (is_new(id)) ids.push_back(id);
    return ids;
}

Status Ports::adopt(const Config &cfg, uint16_t id) {
    std::erase_if(ports_, [id](const Port &p) { return p.id == id; });
    if (Status added = add_port(cfg, id); !added) return added;
    std::sort(ports_.begin(), ports_.end(),
              [](const Port &a, const Port &b) { return a.id < b.id; });
    return {};
}

std::string Ports::attach(const Config &cfg, const std::string &identifier) {
    std::string o = "Attaching a new port...\n";
    if (rte_dev_probe(identifier.c_str()) < 0)
        return o + log_tag_ + ": Failed to attach port " + identifier + "\n";
    for (uint16_t id : new_ports(cfg, identifier)) {
        if (Status added = adopt(cfg, id); !added) {
            o += added.message() + "\n";
            continue;
        }
        const int rc = rte_eth_promiscuous_enable(id);
        if (rc != 0)
            o += "Error during enabling promiscuous mode for port " + std::to_string(id) + ": " +
                 rte_strerror(-rc) + " - ignore\n";
        o += "Port " + std::to_string(id) + " is attached. Now total ports is " +
             std::to_string(count_open(ports_)) + "\nDone\n";
    }
    return o;
}

// testpmd's remove_invalid_ports, saying which ports the removal closed
// (its RTE_ETH_EVENT_DESTROY handler's line).
std::string Ports::forget_removed() {
    std::string o;
    for (const Port &p : ports_)
        if (p.status != PortStatus::Closed && !rte_eth_dev_is_valid_port(p.id))
            o += "Port " + std::to_string(p.id) + " is closed\n";
    std::erase_if(ports_, [](const Port &p) { return !rte_eth_dev_is_valid_port(p.id); });
    return o;
}

std::string Ports::detach_port(uint16_t port) {
    Port *p = find(port);
    if (p == nullptr || p->status == PortStatus::Closed)
        return "Invalid port " + std::to_string(port) + "\n";
    if (p->status != PortStatus::Stopped) return "Port not stopped\n";
    // Only an open port is a valid one here, and testpmd says so of each.
    std::string o = "Port was not closed\n";
    rte_eth_dev_info info{};
    if (rte_eth_dev_info_get(port, &info) != 0 || info.device == nullptr)
        return o + log_tag_ + ": Failed to get device info for port " + std::to_string(port) +
               ", not detaching\n";
    return o + detach(info.device);
}

std::string Ports::detach(rte_device *dev) {
    if (dev == nullptr) return "Device already removed\n";
    std::string o = "Removing a device...\n";
    uint16_t sibling;
    RTE_ETH_FOREACH_DEV_OF(sibling, dev) {
        const Port *s = find(sibling);
        if (s && s->status == PortStatus::Started)
            return o + "Port " + std::to_string(sibling) + " not stopped\n";
    }
    const std::string name = rte_dev_name(dev);
    if (rte_dev_remove(dev) < 0) return o + log_tag_ + ": Failed to detach device " + name + "\n";
    o += forget_removed();
    return o + "Device is detached\nNow total ports is " + std::to_string(count_open(ports_)) +
           "\nDone\n";
}

std::string Ports::remove_port(uint16_t port) {
    auto none = [](uint16_t) { return false; };
    std::string o = stop_ports(port, none, false);
    rte_eth_dev_info info{};
    if (rte_eth_dev_info_get(port, &info) != 0)
        return o + log_tag_ + ": Failed to get device info for port " + std::to_string(port) +
               ", not detaching\n";
    o += close_ports(port, none);
    return o + detach(info.device);
}

std::string Ports::detach_device(const std::string &identifier) {
    std::string o = "Removing a device...\n";
    rte_devargs da{};
    if (rte_devargs_parsef(&da, "%s", identifier.c_str()) != 0)
        return o + "cannot parse identifier\n";
    rte_dev_iterator it{};
    uint16_t id;
    RTE_ETH_FOREACH_MATCHING_DEV(id, identifier.c_str(), &it) {
        const Port *p = find(id);
        if (p && p->status == PortStatus::Started) {
            rte_eth_iterator_cleanup(&it);
            rte_devargs_reset(&da);
            return o + "Port " + std::to_string(id) + " not stopped\n";
        }
    }
    const std::string bus = da.bus ? rte_bus_name(da.bus) : "";
    const std::string name = da.name;
    rte_devargs_reset(&da);
    if (rte_eal_hotplug_remove(bus.c_str(), name.c_str()) != 0)
        return o + log_tag_ + ": Failed to detach device " + name + "(" + bus + ")\n";
    o += forget_removed();
    return o + "Device " + identifier + " is detached\nNow total ports is " +
           std::to_string(count_open(ports_)) + "\nDone\n";
}

} // namespace pmdfwd
