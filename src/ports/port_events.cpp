#include "ports/port_events.h"

#include "ports/port_removal.h"

#include <rte_ethdev.h>

#include <cstdio>

namespace pmdfwd {

namespace {

int on_event(uint16_t port, rte_eth_event_type type, void *arg, void *) {
    const auto *to = static_cast<const EventPrinter::Target *>(arg);
    if (to->mask & (UINT32_C(1) << type)) {
        std::printf("\nPort %u: %s event\n", port, event_description(type));
        std::fflush(stdout);
    }
    if (type == RTE_ETH_EVENT_INTR_RMV && to->removals && rte_eth_dev_is_valid_port(port))
        to->removals->push(port);
    return 0;
}

} // namespace

// testpmd's eth_event_desc, so a harness matching its lines finds them.
const char *event_description(int type) {
    switch (type) {
    case RTE_ETH_EVENT_INTR_LSC:
        return "link state change";
    case RTE_ETH_EVENT_QUEUE_STATE:
        return "queue state";
    case RTE_ETH_EVENT_INTR_RESET:
        return "reset";
    case RTE_ETH_EVENT_VF_MBOX:
        return "VF mbox";
    case RTE_ETH_EVENT_MACSEC:
        return "MACsec";
    case RTE_ETH_EVENT_INTR_RMV:
        return "device removal";
    case RTE_ETH_EVENT_NEW:
        return "device probed";
    case RTE_ETH_EVENT_DESTROY:
        return "device released";
    case RTE_ETH_EVENT_IPSEC:
        return "IPsec";
    case RTE_ETH_EVENT_FLOW_AGED:
        return "flow aged";
    case RTE_ETH_EVENT_RX_AVAIL_THRESH:
        return "RxQ available descriptors threshold reached";
    case RTE_ETH_EVENT_ERR_RECOVERING:
        return "error recovering";
    case RTE_ETH_EVENT_RECOVERY_SUCCESS:
        return "error recovery successful";
    case RTE_ETH_EVENT_RECOVERY_FAILED:
        return "error recovery failed";
    default:
        return "unknown";
    }
}

void EventPrinter::start(uint32_t mask, RemovalQueue *removals) {
    stop();
    target_ = {mask, removals};
    for (int t = 0; t < RTE_ETH_EVENT_MAX; t++)
        rte_eth_dev_callback_register(RTE_ETH_ALL, static_cast<rte_eth_event_type>(t), on_event,
                                      &target_);
    registered_ = true;
}

void EventPrinter::stop() {
    if (!registered_) return;
    for (int t = 0; t < RTE_ETH_EVENT_MAX; t++)
        rte_eth_dev_callback_unregister(RTE_ETH_ALL, static_cast<rte_eth_event_type>(t), on_event,
                                        &target_);
    registered_ = false;
}

} // namespace pmdfwd
