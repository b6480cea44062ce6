// The option group "descriptor thresholds": its rows, in --help's order.
#include "options/option_row.h"

#include "options/scalar_parse.h"

namespace pmdfwd::opt {

namespace {

Apply threshold(const char *what, int QueueThresholds::*field, uint64_t max) {
    return [=](Config &c, std::string_view v) -> Status {
        auto n = parse_uint(what, v, 0, max);
        if (!n) return n.status();
        c.thresholds.*field = static_cast<int>(*n);
        return {};
    };
}

} // namespace

std::vector<Option> threshold_options() {
    return {
        {"rxpt", 0, "N", "RX prefetch threshold",
         threshold("rxpt", &QueueThresholds::rx_pthresh, UINT8_MAX)},
        {"rxht", 0, "N", "RX host threshold",
         threshold("rxht", &QueueThresholds::rx_hthresh, UINT8_MAX)},
        {"rxwt", 0, "N", "RX write-back threshold",
         threshold("rxwt", &QueueThresholds::rx_wthresh, UINT8_MAX)},
        {"rxfreet", 0, "N", "RX free threshold (below --rxd)",
         threshold("rxfreet", &QueueThresholds::rx_free, kMaxDescriptors - 1)},
        {"txpt", 0, "N", "TX prefetch threshold",
         threshold("txpt", &QueueThresholds::tx_pthresh, UINT8_MAX)},
        {"txht", 0, "N", "TX host threshold",
         threshold("txht", &QueueThresholds::tx_hthresh, UINT8_MAX)},
        {"txwt", 0, "N", "TX write-back threshold",
         threshold("txwt", &QueueThresholds::tx_wthresh, UINT8_MAX)},
        {"txfreet", 0, "N", "TX free threshold (at most --txd)",
         threshold("txfreet", &QueueThresholds::tx_free, kMaxDescriptors)},
        {"txrst", 0, "N", "TX RS bit threshold (at most --txd)",
         threshold("txrst", &QueueThresholds::tx_rs, kMaxDescriptors)},
    };
}

} // namespace pmdfwd::opt
