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

# The compiler cache (scripts/ccache.sh): meson puts ccache in front of a
# cross compiler only when the cross file names it, so a third file, given
# last, names the cross compilers again behind ccache.
# shellcheck source=scripts/ccache.sh
. scripts/ccache.sh
ccache_setup .
cross_files=(--cross-file "$machine" --cross-file cross/aarch64-linux-gnu.ini)
if ccache_on; then
    printf "[binaries]\nc = ['ccache', 'aarch64-linux-gnu-gcc']\ncpp = ['ccache', 'aarch64-linux-gnu-g++']\n" \
        >"$builddir/ccache.ini"
    cross_files+=(--cross-file "$builddir/ccache.ini")
fi

opts=(-Dtests=enabled -Dbenchmarks=disabled -Dmacswap_kernels=auto)
if [[ -f "$builddir/build.ninja" ]]; then
    setup=(meson setup --reconfigure "$builddir" "${opts[@]}")
else
    setup=(meson setup "$builddir" "${cross_files[@]}" "${opts[@]}")
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
    # meson test builds only what the named tests need (its ccache line
    # counts that build).
    read -r -a names <<<"${PMDFWD_ARM64_TESTS//,/ }"
    t_build=$((SECONDS - t0))
    ccache_build_begin
    rc=0
    meson test -C "$builddir" "${test_opts[@]}" "${names[@]}" || rc=$?
    ccache_build_end "test-arm64: $builddir"
    ((rc == 0)) || exit "$rc"
else
    ccache_build_begin
    ninja -C "$builddir"
    ccache_build_end "test-arm64: $builddir"
    t_build=$((SECONDS - t0))
    suite_args=()
    for s in ${suites//,/ }; do suite_args+=(--suite "$s"); done
    meson test -C "$builddir" "${test_opts[@]}" "${suite_args[@]}"
fi
t_test=$((SECONDS - t0))

echo "test-arm64: sysroot ${t_sysroot}s, configure $((t_setup - t_sysroot))s," \
    "build $((t_build - t_setup))s, (build and) tests under qemu $((t_test - t_build))s, total ${t_test}s"
