// The header bytes testpmd's `set raw_encap|raw_decap` builds from a
// pattern (cmdline_flow.c's cmd_set_raw_parsed): each item's spec (its
// default mask when it has none, as testpmd) laid out outermost first, with
// the fields the command line cannot set filled from the item above (an
// EtherType, an IP protocol, IPv4's version and IPv6's, VXLAN's flags).
#pragma once

#include "util/status.h"

#include <rte_flow.h>

#include <cstdint>
#include <span>
#include <vector>

namespace pmdfwd::flow {

// The bytes, or testpmd's error for an item it cannot lay out ("Error - Not
// supported item", END among them: testpmd's `set raw_encap eth / end`).
Result<std::vector<uint8_t>> raw_header_bytes(std::span<const rte_flow_item> pattern);

} // namespace pmdfwd::flow
