#!/usr/bin/env bash
# Installs what pmdfwd needs to build, test and measure on Debian 12 (as
# root), and configures the build directory. Idempotent: apt is skipped when
# every package is already there.
#
#   scripts/setup.sh [BUILD_DIR] [extra meson options...]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ meson ninja-build pkg-config make
  dpdk dpdk-dev libdpdk-dev libnuma-dev libpcap-dev
  libgtest-dev libbenchmark-dev
  python3 python3-scapy python3-matplotlib python3-prometheus-client
  clang libclang-rt-dev
  debootstrap  # scripts/dpdk-matrix.sh: the DPDK 24.11 and 25.11 roots
)

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
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

build=${1:-build}
shift || true
if [[ ! -f $build/build.ninja ]]; then
  meson setup "$build" "$@"
else
  meson setup --reconfigure "$build" "$@" >/dev/null
fi
ninja -C "$build"
