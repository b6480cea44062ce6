// The option group "links and events": its rows, in --help's order.
#include "options/option_row.h"

#include "options/structured_parse.h"

namespace pmdfwd::opt {

namespace {

Apply event_mask(bool print) {
    return [=](Config &c, std::string_view v) -> Status {
        auto mask = parse_event_name(v);
        if (!mask) return mask.status();
        c.event_print_mask = print ? (c.event_print_mask | *mask) : (c.event_print_mask & ~*mask);
        return {};
    };
}

} // namespace

std::vector<Option> link_options() {
    return {
        {"disable-link-check", 0, nullptr, "do not wait for links to come up at start",
         set_flag(&Config::link_check, false)},
        {"disable-device-start", 0, nullptr,
         "configure ports but do not start them (`port start` does)",
         set_flag(&Config::device_start, false)},
        {"no-lsc-interrupt", 0, nullptr, "no link status change interrupts",
         set_flag(&Config::lsc_interrupt, false)},
        {"hot-plug", 0, nullptr,
         "enable hot plug for device: EAL's device event monitor on, a removed device's "
         "port stopped, closed and detached",
         flag(&Config::hot_plug)},
        {"no-rmv-interrupt", 0, nullptr, "no device removal interrupts",
         set_flag(&Config::rmv_interrupt, false)},
        {"print-event", 0, "EVENT", "print this ethdev event (repeatable; 'all')",
         event_mask(true)},
        {"mask-event", 0, "EVENT", "do not print this ethdev event (repeatable; 'all')",
         event_mask(false)},
    };
}

} // namespace pmdfwd::opt
