#include "observe/tel_data.h"

#include <rte_version.h>

#include <cstring>

namespace pmdfwd::tel {

namespace {

// DPDK 23.03 renamed the u64 calls to uint (the old names left in 25.11).
#if RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0)
int dict_uint(rte_tel_data *d, const char *n, uint64_t v) {
    return rte_tel_data_add_dict_uint(d, n, v);
}
int array_uint(rte_tel_data *d, uint64_t v) {
    return rte_tel_data_add_array_uint(d, v);
}
#else
int dict_uint(rte_tel_data *d, const char *n, uint64_t v) {
    return rte_tel_data_add_dict_u64(d, n, v);
}
int array_uint(rte_tel_data *d, uint64_t v) {
    return rte_tel_data_add_array_u64(d, v);
}
#endif

} // namespace

size_t json_bound(const char *name, const Fields &fields) {
    // "name":{ ... } and per field "key":<20 digits>, with the comma.
    size_t n = std::strlen(name) + 6;
    for (const Field &f : fields)
        n += std::strlen(f.name) + 24;
    return n;
}

std::string fit(const std::string &s, bool keep_tail) {
    constexpr size_t max = RTE_TEL_MAX_STRING_LEN - 1;
    if (s.size() <= max) return s;
    return keep_tail ? "..." + s.substr(s.size() - (max - 3)) : s.substr(0, max - 3) + "...";
}

bool add_container(rte_tel_data *d, const char *name, rte_tel_data *c) {
    if (rte_tel_data_add_dict_container(d, name, c, 0) == 0) return true;
    rte_tel_data_free(c);
    return false;
}

int add_uint(rte_tel_data *d, const char *name, uint64_t v) {
    return dict_uint(d, name, v);
}

int add_string(rte_tel_data *d, const char *name, const std::string &v) {
    return rte_tel_data_add_dict_string(d, name, fit(v).c_str());
}

int add_int(rte_tel_data *d, const char *name, int v) {
    return rte_tel_data_add_dict_int(d, name, v);
}

bool add_dict(rte_tel_data *d, const char *name, const Fields &fields) {
    rte_tel_data *c = rte_tel_data_alloc();
    if (c == nullptr) return false;
    rte_tel_data_start_dict(c);
    for (const Field &f : fields)
        dict_uint(c, f.name, f.value);
    return add_container(d, name, c);
}

bool add_uint_array(rte_tel_data *d, const char *name, const std::vector<uint64_t> &v) {
    rte_tel_data *c = rte_tel_data_alloc();
    if (c == nullptr) return false;
    rte_tel_data_start_array(c, RTE_TEL_U64_VAL);
    for (uint64_t x : v)
        array_uint(c, x);
    return add_container(d, name, c);
}

bool add_string_array(rte_tel_data *d, const char *name, const std::vector<std::string> &v) {
    rte_tel_data *c = rte_tel_data_alloc();
    if (c == nullptr) return false;
    rte_tel_data_start_array(c, RTE_TEL_STRING_VAL);
    for (const std::string &s : v)
        rte_tel_data_add_array_string(c, fit(s).c_str());
    return add_container(d, name, c);
}

} // namespace pmdfwd::tel
