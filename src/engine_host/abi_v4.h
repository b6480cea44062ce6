// The engine ABI's version-4 layouts, as plugins built before version 5 were
// compiled: their parameter rows are shorter (no alias) and their hooks and
// parameter sets take no context. The host reads such a descriptor's fields
// through these and calls its hooks with these types (abi_calls.cpp).
#pragma once

#include <pmdfwd/engine.h>

#include <cstddef>

namespace pmdfwd::abi_v4 {

using SetFn = int (*)(const pmdfwd_param_value *value, char *err, size_t err_len);
using PortBeginFn = int (*)(uint16_t port_id);
using PortEndFn = void (*)(uint16_t port_id);
using DescribeFn = void (*)(char *buf, size_t len);

// A version-5 field that holds a version-4 function, as its own type again
// (through void (*)(void), the type any function pointer may go through).
template <typename Old, typename Field>
Old as_v4(Field field) {
    return reinterpret_cast<Old>(reinterpret_cast<void (*)(void)>(field));
}

// Stored into a version-5 row's field, to be read back with as_v4.
template <typename Field, typename Old>
Field to_field(Old old) {
    return reinterpret_cast<Field>(reinterpret_cast<void (*)(void)>(old));
}

struct Param {
    const char *key;
    uint32_t kind;
    const char *help;
    const char *metavar;
    const char *default_value;
    int64_t min, max;
    const char *const *choices;
    const char *what;
    SetFn set;
};

// Every field before set is where it is in version 5.
static_assert(offsetof(Param, set) == offsetof(pmdfwd_param, set));
static_assert(offsetof(Param, what) == offsetof(pmdfwd_param, what));
static_assert(sizeof(Param) == offsetof(pmdfwd_param, alias));

// The version-4 descriptor is version 5's up to nb_commands; its hook fields
// hold these types.
static_assert(offsetof(pmdfwd_engine, ctx_size) > offsetof(pmdfwd_engine, nb_commands));

} // namespace pmdfwd::abi_v4
