// Small helpers over rte_tel_data, the DPDK telemetry reply: the DPDK
// version differences (uint/u64), strings cut to what a value may hold, and
// a bound on each entry's JSON size, since DPDK silently drops whatever
// does not fit its 16 KiB reply.
#pragma once

#include <rte_telemetry.h>

#include <cstdint>
#include <string>
#include <vector>

namespace pmdfwd::tel {

// A reply's JSON must fit this (DPDK's MAX_OUTPUT_LEN, less the command
// name and the reply's own top-level entries).
inline constexpr size_t kReplyBudget = 16 * 1024 - 1024;
// Top-level dictionary entries DPDK keeps, with room for the fixed ones.
inline constexpr size_t kMaxEntries = RTE_TEL_MAX_DICT_ENTRIES - 16;

struct Field {
    const char *name;
    uint64_t value;
};
using Fields = std::vector<Field>;

// The most JSON `"name":{...}` of these fields can take.
size_t json_bound(const char *name, const Fields &fields);

// A string a telemetry value can hold (RTE_TEL_MAX_STRING_LEN): cut at the
// end, or at the start (keep_tail, for paths).
std::string fit(const std::string &s, bool keep_tail = false);

int add_uint(rte_tel_data *d, const char *name, uint64_t v);
int add_string(rte_tel_data *d, const char *name, const std::string &v);
int add_int(rte_tel_data *d, const char *name, int v);
// Hands a filled container (dictionary or array) to the reply, which frees
// it once sent; frees it here when DPDK refuses it.
bool add_container(rte_tel_data *d, const char *name, rte_tel_data *c);
// A dictionary of unsigned values under name; false if DPDK refused it.
bool add_dict(rte_tel_data *d, const char *name, const Fields &fields);
// An array of unsigned values / of strings under name.
bool add_uint_array(rte_tel_data *d, const char *name, const std::vector<uint64_t> &v);
bool add_string_array(rte_tel_data *d, const char *name, const std::vector<std::string> &v);

} // namespace pmdfwd::tel
