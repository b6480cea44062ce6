#include "ports/port_removal.h"

#include <rte_dev.h>
#include <rte_ethdev.h>
#include <rte_log.h>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace pmdfwd {

void RemovalQueue::push(uint16_t port) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (std::find(ports_.begin(), ports_.end(), port) == ports_.end()) ports_.push_back(port);
}

std::vector<uint16_t> RemovalQueue::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(ports_, {});
}

namespace {

// testpmd's dev_event_callback, on EAL's interrupt thread: a removed
// device's port is noted; an added one is only said (testpmd attaches
// nothing either).
void on_device_event(const char *name, rte_dev_event_type type, void *arg) {
    if (type >= RTE_DEV_EVENT_MAX) {
        std::fprintf(stderr, "dev_event_callback called upon invalid event %d\n", type);
        std::fflush(stderr);
    }
    if (type == RTE_DEV_EVENT_ADD) {
        RTE_LOG(ERR, EAL, "The device: %s has been added!\n", name);
        return;
    }
    if (type != RTE_DEV_EVENT_REMOVE) return;
    RTE_LOG(DEBUG, EAL, "The device: %s has been removed!\n", name);
    uint16_t port;
    if (rte_eth_dev_get_port_by_name(name, &port) != 0) {
        RTE_LOG(ERR, EAL, "can not get port by device %s!\n", name);
        return;
    }
    static_cast<RemovalQueue *>(arg)->push(port);
}

} // namespace

Status HotPlug::start(RemovalQueue *removals) {
    stop();
    if (rte_dev_hotplug_handle_enable() != 0) return Error("fail to enable hotplug handling.");
    if (rte_dev_event_monitor_start() != 0) {
        rte_dev_hotplug_handle_disable();
        return Error("fail to start device event monitoring.");
    }
    if (rte_dev_event_callback_register(nullptr, on_device_event, removals) != 0) {
        rte_dev_event_monitor_stop();
        rte_dev_hotplug_handle_disable();
        return Error("fail  to register device event callback");
    }
    removals_ = removals;
    return {};
}

void HotPlug::stop() {
    if (removals_ == nullptr) return;
    RemovalQueue *removals = std::exchange(removals_, nullptr);
    // testpmd's words, and its order; what failed stays as it is.
    if (rte_dev_event_monitor_stop() != 0) {
        RTE_LOG(ERR, EAL, "fail to stop device event monitor.");
        return;
    }
    if (rte_dev_event_callback_unregister(nullptr, on_device_event, removals) < 0) {
        RTE_LOG(ERR, EAL, "fail to unregister device event callback.\n");
        return;
    }
    if (rte_dev_hotplug_handle_disable() != 0)
        RTE_LOG(ERR, EAL, "fail to disable hotplug handling.\n");
}

void remove_port(PortControl &ports, uint16_t port, const RemovalHooks &hooks) {
    const std::vector<uint16_t> ids = ports.port_ids();
    if (std::find(ids.begin(), ids.end(), port) == ids.end()) return;
    const bool restart = hooks.carries(port);
    if (restart) hooks.say(hooks.stop_forwarding());
    hooks.say(ports.remove(port));
    if (restart) hooks.say(hooks.start_forwarding());
}

} // namespace pmdfwd
