// testpmd's RX buffer split by protocol header: its header names (get_ptype)
// and what `set rxhdrs` and --rxhdrs set with them (parse_hdrs_list,
// set_rx_pkt_hdrs), one way for the shell and the command line.
#pragma once

#include "options/config.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace pmdfwd {

// The name testpmd shows for a segment's RTE_PTYPE_* mask ("unsupported"
// for one it has no name for).
const char *ptype_name(uint32_t ptype);

// The comma-separated header names of `list` as c's rxhdrs, the payload a
// segment more (rxpkts grows with lengths of 0); testpmd's lines in *out:
// an unknown name (taken as no header, and false), too many segments
// (nothing set). Empty fields are skipped, as strtok does.
bool set_rx_headers(Config &c, std::string_view list, std::string *out);

} // namespace pmdfwd
