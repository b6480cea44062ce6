#include "engine_host/abi_calls.h"

#include "engine_host/engine_context.h"
#include "text/printable.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string_view>

namespace pmdfwd {

namespace {

// describe writes at most this much.
constexpr size_t kTextLen = 2048;

// Runs one C ABI call that writes into a buffer and returns the text, cut at
// the buffer's end (a plugin may fill every byte and leave no terminator),
// as the host shows plugin text.
template <size_t N, typename Call>
std::string buffered(Call &&call) {
    std::array<char, N> buf{};
    call(buf.data(), buf.size());
    buf[N - 1] = '\0';
    return printable(buf.data(), true);
}

// What a command's write appends to: the host's string, up to a limit, so
// that a plugin writing without end cannot take the process's memory.
struct Sink {
    std::string *out;
    size_t left;
    bool cut;
};

void write_to_sink(void *sink, const char *text) {
    auto *s = static_cast<Sink *>(sink);
    if (text == nullptr) return;
    const std::string_view t(text);
    const size_t n = std::min(t.size(), s->left);
    s->out->append(printable(t.substr(0, n), true));
    s->left -= n;
    s->cut = s->cut || n < t.size();
}

int port_tx_offloads(const pmdfwd_command_ctx *ctx, uint16_t port, uint64_t *enabled,
                     uint64_t *capa) {
    auto *ports = static_cast<CommandPorts *>(ctx->host);
    uint64_t on = 0, can = 0;
    if (ports == nullptr || !ports->tx_offloads(port, &on, &can)) return -1;
    if (enabled != nullptr) *enabled = on;
    if (capa != nullptr) *capa = can;
    return 0;
}

int set_port_tx_offloads(const pmdfwd_command_ctx *ctx, uint16_t port, uint64_t mask, int on,
                         char *err, size_t err_len) {
    auto *ports = static_cast<CommandPorts *>(ctx->host);
    const Status set = ports != nullptr ? ports->set_tx_offloads(port, mask, on != 0)
                                        : Error("no port " + std::to_string(port));
    if (set) return 0;
    if (err != nullptr && err_len > 0) std::snprintf(err, err_len, "%s", set.message().c_str());
    return -1;
}

} // namespace

bool call_command(const pmdfwd_engine &e, const pmdfwd_command &row,
                  const std::vector<std::string> &args, bool forwarding, CommandPorts *ports,
                  std::string *out) {
    std::vector<const char *> argv;
    for (const std::string &a : args)
        argv.push_back(a.c_str());
    argv.push_back(nullptr);
    std::string text;
    Sink sink{&text, kCommandOutputMax, false};
    const pmdfwd_command_ctx ctx{&e,
                                 forwarding ? 1u : 0u,
                                 write_to_sink,
                                 &sink,
                                 engine_context(e),
                                 port_tx_offloads,
                                 set_port_tx_offloads,
                                 ports};
    const int rc = row.run(&ctx, static_cast<uint32_t>(args.size()), argv.data());
    // Appended piece by piece: GCC 12 warns (-Wrestrict) on a chain of
    // string operator+ here.
    if (rc != 0 && text.empty())
        text.append(e.name).append(": '").append(row.syntax).append("' refused");
    if (!text.empty() && text.back() != '\n') text.push_back('\n');
    if (sink.cut)
        text.append("(")
            .append(e.name)
            .append("'s answer was cut at ")
            .append(std::to_string(kCommandOutputMax))
            .append(" bytes)\n");
    out->append(text);
    return rc == 0;
}

Status call_param_set(const pmdfwd_engine &e, const pmdfwd_param &row,
                      const pmdfwd_param_value &value) {
    int rc = 0;
    std::string msg = buffered<PMDFWD_ERRMSG_LEN>(
        [&](char *buf, size_t len) { rc = row.set(engine_context(e), &value, buf, len); });
    if (rc == 0) return {};
    return Error(msg.empty() ? "refused by the engine" : msg);
}

std::string call_describe(const pmdfwd_engine &e) {
    if (!e.describe) return {};
    return buffered<kTextLen>(
        [&](char *buf, size_t len) { e.describe(engine_context(e), buf, len); });
}

int call_port_begin(const pmdfwd_engine &e, uint16_t port) {
    if (!e.port_begin) return 0;
    return e.port_begin(engine_context(e), port);
}

void call_port_end(const pmdfwd_engine &e, uint16_t port) {
    if (!e.port_end) return;
    e.port_end(engine_context(e), port);
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
