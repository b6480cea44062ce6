#!/bin/bash
# Cross-build pmdfwd for aarch64 (with the NEON macswap kernel) and run its
# unit tests under qemu-user. See doc/arm64.md.
#
#   scripts/test-arm64.sh [BUILDDIR]          (default build-arm64)
#
# Environment:
#   PMDFWD_ARM64_SYSROOT  sysroot to prepare and use (default /opt/pmdfwd-arm64-sysroot)
#   PMDFWD_ARM64_SUITES   meson test suites to run under qemu (default: unit)
#   PMDFWD_ARM64_TESTS    instead: only these meson tests (e.g. "macswap_kernels
#                         macswap_neon"), building only what they need
#
# The first run needs root (scripts/arm64-sysroot.sh installs the cross
# compiler and qemu-user-static and downloads Debian's arm64 packages).
set -euo pipefail
cd "$(dirname "$0")/.."

builddir=${1:-build-arm64}
sysroot=${PMDFWD_ARM64_SYSROOT:-/opt/pmdfwd-arm64-sysroot}
suites=${PMDFWD_ARM64_SUITES:-unit}
t0=$SECONDS

scripts/arm64-sysroot.sh "$sysroot"
t_sysroot=$((SECONDS - t0))

# cross/aarch64-linux-gnu.ini takes the sysroot path from a machine file
# given before it; this one lives in the build directory.
mkdir -p "$builddir"
machine="$builddir/arm64-sysroot.ini"
want=$(printf "[constants]\nsysroot = '%s'\n" "$sysroot")
[[ -f "$machine" && "$(cat "$machine")" == "$want" ]] || echo "$want" >"$machine"

opts=(-Dtests=enabled -Dbenchmarks=disabled -Dmacswap_kernels=auto)
if [[ -f "$builddir/build.ninja" ]]; then
    setup=(meson setup --reconfigure "$builddir" "${opts[@]}")
else
    setup=(meson setup "$builddir" --cross-file "$machine" --cross-file cross/aarch64-linux-gnu.ini
        "${opts[@]}")
fi
log="$builddir/test-arm64-setup.log"
"${setup[@]}" >"$log" 2>&1 || {
    cat "$log"
    exit 1
}
# The line that shows which kernels this build carries.
grep -A4 'macswap kernels' "$log" | sed -n '1,/^$/p'
if ! grep -q '^#define PMDFWD_MACSWAP_NEON' "$builddir/engines/macswap/macswap_kernels_config.h"; then
    echo "test-arm64: the neon kernel was not compiled (see $log)" >&2
    exit 1
fi
t_setup=$((SECONDS - t0))

# qemu runs the aarch64 binaries (the cross file's exe_wrapper), several
# times slower than native: give the tests more time.
test_opts=(--print-errorlogs --timeout-multiplier 4)
if [[ -n "${PMDFWD_ARM64_TESTS:-}" ]]; then
    # meson test builds only what the named tests need.
    read -r -a names <<<"${PMDFWD_ARM64_TESTS//,/ }"
    t_build=$((SECONDS - t0))
    meson test -C "$builddir" "${test_opts[@]}" "${names[@]}"
else
    ninja -C "$builddir"
    t_build=$((SECONDS - t0))
    suite_args=()
    for s in ${suites//,/ }; do suite_args+=(--suite "$s"); done
    meson test -C "$builddir" "${test_opts[@]}" "${suite_args[@]}"
fi
t_test=$((SECONDS - t0))

echo "test-arm64: sysroot ${t_sysroot}s, configure $((t_setup - t_sysroot))s," \
    "build $((t_build - t_setup))s, (build and) tests under qemu $((t_test - t_build))s, total ${t_test}s"
