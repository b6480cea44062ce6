#!/usr/bin/env bash
# Installs what pmdfwd needs on Debian 12 (as root) and configures and builds
# the build directory. Idempotent: apt is skipped when every package is
# already there. Every step shows its own output as it happens.
#
#   scripts/setup.sh [BUILD_DIR] [extra meson options...]          build, test, measure
#   scripts/setup.sh --run [BUILD_DIR] [extra meson options...]    build and run only
#
# --run (scripts/run.sh) installs only the build+run set, configures a new
# build directory without the test suites and benchmarks, and builds the
# pmdfwd executable alone; without it the test set is installed too and the
# whole tree is built.
set -euo pipefail
cd "$(dirname "$0")/.."

run_only=
if [[ ${1:-} == --run ]]; then
  run_only=1
  shift
fi

# Building and running pmdfwd: the compiler and build tools, DPDK's headers
# and libraries (libpcap-dev: libdpdk.pc requires it).
build_run_packages=(
  g++ meson ninja-build pkg-config
  libdpdk-dev libnuma-dev libpcap-dev
  python3
)
# Testing and measuring: the GoogleTest and benchmark suites, dpdk-testpmd
# (the reference), the e2e and perf tools' Python modules, the sanitizer and
# fuzzer builds, the DPDK matrix's roots, and the package tests.
test_packages=(
  make dpdk dpdk-dev
  libgtest-dev libbenchmark-dev
  python3-scapy python3-matplotlib python3-prometheus-client python3-scipy
  python3-yaml python3-bcrypt  # the exporter's --web.config.file (test_exporter)
  python3-jinja2  # scripts/perf doc: doc/performance.md from its template
  clang libclang-rt-dev
  debootstrap  # scripts/dpdk-matrix.sh and scripts/test-packages.sh: Debian roots
  debhelper lintian  # scripts/test-packages.sh: dpkg-buildpackage, lintian
  chromium  # tests/perf/test_trend_page.py: the trend page opened in headless Chromium
  tcpdump iproute2  # the veth/af_packet loopback: ip links, scapy's capture filters
  python3-flake8  # the flake8 test over the Python package, scripts and tests
  python3-mypy  # the mypy test over the Python package and the exporter
  ccache  # the test command's builds (scripts/ccache.sh); meson finds it on PATH
  valgrind  # scripts/perf icount: callgrind counts (perf_engine_budget, the engines' gate)
  abigail-tools  # scripts/abi-check.sh: the engine SDK's ABI against its baseline (abi_check)
)
packages=("${build_run_packages[@]}")
[[ -n $run_only ]] || packages+=("${test_packages[@]}")

# shellcheck source=scripts/man-db-hold.sh
. scripts/man-db-hold.sh

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: missing packages: ${missing[*]} (run as root, or install them)" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  hold_man_db
  # No progress bars (they redraw one line); one line per package instead.
  apt-get install -y --no-install-recommends -o Dpkg::Progress-Fancy=0 "${missing[@]}"
  release_man_db
  echo "setup: packages installed (at $SECONDS s)"
fi

# The compiler cache, once it is installed (scripts/ccache.sh): meson puts
# ccache in front of the compiler when it finds it at configure time.
# shellcheck source=scripts/ccache.sh
. scripts/ccache.sh
ccache_setup .

build=${1:-build}
shift || true
if [[ ! -f $build/build.ninja ]]; then
  echo "setup: configuring $build (at $SECONDS s)"
  extra=()
  # A first run needs neither GoogleTest (a download when it is missing) nor
  # the benchmarks; scripts/test.sh turns them back on. It compiles as a
  # unity build (a few sources per compiler call, same -O3): the DPDK and
  # standard headers are parsed and their templates compiled once per chunk
  # instead of once per file. Two chunks for the host library keep two
  # cores busy. Without --run the build is reconfigured with -Dunity=off:
  # the tests, perf runs and packages use the per-file build.
  [[ -n $run_only ]] && extra=(-Dtests=disabled -Dbenchmarks=disabled -Dunity=on -Dunity_size=26)
  meson setup "$build" "${extra[@]}" "$@"
elif [[ -z $run_only ]] || (($#)); then
  # Again, so that what was just installed (GoogleTest) is found.
  echo "setup: reconfiguring $build (at $SECONDS s)"
  # A caller that asks for -Dunity itself (test.sh's sanitizer build) gets it.
  extra=()
  [[ -z $run_only && " $* " != *" -Dunity="* ]] && extra=(-Dunity=off)
  meson setup --reconfigure "$build" "${extra[@]}" "$@"
fi
echo "setup: building $build (at $SECONDS s)"
ccache_build_begin
if [[ -n $run_only ]]; then
  unity=$(meson introspect "$build" --buildoptions |
    python3 -c 'import json, sys; print(*[o["value"] for o in json.load(sys.stdin) if o["name"] == "unity"])')
  [[ $unity == on ]] && echo "setup: unity build (faster to compile; scripts/test.sh rebuilds $build file by file)"
  if ! ninja -C "$build" pmdfwd; then
    [[ $unity == on ]] || exit 1
    # Two sources of one library defining the same file-local name break
    # only the unity build (meson test unity_sources names them): the first
    # run still gets its binary.
    echo "setup: the unity build failed; building $build file by file (at $SECONDS s)"
    meson configure "$build" -Dunity=off
    ninja -C "$build" pmdfwd
  fi
else
  ninja -C "$build"
fi
ccache_build_end "setup: $build"
