// csum's segmentation commands (engine ABI command rows), as testpmd's: TSO
// segment sizes (`tso`, `tunnel_tso`), GRO and GSO per port, GRO's flush
// interval and GSO's segment size. They write the engine's Settings.
#pragma once

#include <pmdfwd/engine.h>

#include <cstdint>

namespace pmdfwd::engines::csum {

int tso_set(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int tso_show(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int tunnel_tso_set(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int tunnel_tso_show(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gro_set(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gro_show(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gro_flush(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gso_set(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gso_segsz(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);
int gso_show(const pmdfwd_command_ctx *ctx, uint32_t argc, const char *const *argv);

} // namespace pmdfwd::engines::csum
