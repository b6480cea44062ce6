#include "engine_host/abi_calls.h"

#include <array>

namespace pmdfwd {

namespace {

// Text hooks (describe, param_help) write at most this much.
constexpr size_t kTextLen = 2048;

// Runs one C ABI call that writes into a buffer and returns the text, cut at
// the buffer's end: a plugin may fill every byte and leave no terminator.
template <size_t N, typename Call>
std::string buffered(Call &&call) {
    std::array<char, N> buf{};
    call(buf.data(), buf.size());
    buf[N - 1] = '\0';
    return buf.data();
}

} // namespace

Status call_set_param(const pmdfwd_engine &e, const std::string &key, const std::string &value) {
    int rc = 0;
    std::string msg = buffered<PMDFWD_ERRMSG_LEN>(
        [&](char *buf, size_t len) { rc = e.set_param(key.c_str(), value.c_str(), buf, len); });
    if (rc == 0) return {};
    return Error(msg.empty() ? "refused by the engine" : msg);
}

Status call_param_set(const pmdfwd_param &row, const pmdfwd_param_value &value) {
    int rc = 0;
    std::string msg =
        buffered<PMDFWD_ERRMSG_LEN>([&](char *buf, size_t len) { rc = row.set(&value, buf, len); });
    if (rc == 0) return {};
    return Error(msg.empty() ? "refused by the engine" : msg);
}

std::string call_describe(const pmdfwd_engine &e) {
    if (!e.describe) return {};
    return buffered<kTextLen>([&](char *buf, size_t len) { e.describe(buf, len); });
}

std::string call_param_help(const pmdfwd_engine &e) {
    if (!e.param_help) return {};
    return buffered<kTextLen>([&](char *buf, size_t len) { e.param_help(buf, len); });
}

Result<const pmdfwd_engine *const *> call_plugin_entry(pmdfwd_plugin_entry_fn entry) {
    const pmdfwd_engine *const *engines = nullptr;
    std::string msg = buffered<PMDFWD_ERRMSG_LEN>(
        [&](char *buf, size_t len) { engines = entry(PMDFWD_ENGINE_ABI_VERSION, buf, len); });
    if (engines == nullptr || engines[0] == nullptr)
        return Error(msg.empty() ? "it exports no engine" : msg);
    return engines;
}

} // namespace pmdfwd
