#!/bin/bash
# Instructions the macswap kernels execute per packet on aarch64, counted
# under qemu (qemu-aarch64-static -singlestep -d exec logs every executed
# instruction). A deterministic figure where no arm64 machine is at hand; it
# is not a cycle count. Needs an arm64 build (scripts/test-arm64.sh).
#
#   scripts/arm64-icount.sh [BUILDDIR]     (default build-arm64)
#
# Per packet = (count for 64 packets - count for 32) / 32, so the fixed cost
# of a call drops out.
set -euo pipefail
cd "$(dirname "$0")/.."
builddir=${1:-build-arm64}
sysroot=$(sed -n "s/^sysroot = '\(.*\)'$/\1/p" "$builddir/arm64-sysroot.ini")
objs=("$builddir"/engines/macswap/libmacswap_neon.a.p/macswap_neon.cpp.o
    "$builddir"/engines/macswap/libengine_macswap.a.p/macswap_scalar.cpp.o)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

aarch64-linux-gnu-g++ -std=c++20 -O2 -static -o "$tmp/icount" benchmarks/icount/macswap_icount.cpp \
    "${objs[@]}" -Iengines/macswap -Iinclude -I"$builddir/engines/macswap" \
    -isystem "$sysroot/usr/include/dpdk" -isystem "$sysroot/usr/include/aarch64-linux-gnu/dpdk" \
    -include rte_config.h

count() { # kernel packets [vlan]
    local addr size lo hi
    read -r addr size < <(aarch64-linux-gnu-nm -S "$tmp/icount" | awk -v k="macswap_$1E" '$4 ~ k {print $1, $2}')
    # qemu prints the pc as 16 hex digits: compare as strings of that width.
    lo=$(printf '%016x' $((16#$addr)))
    hi=$(printf '%016x' $((16#$addr + 16#$size)))
    qemu-aarch64-static -singlestep -d exec,nochain -D "$tmp/log" "$tmp/icount" "$2" "$1" "${@:3}" || true
    awk -v lo="$lo" -v hi="$hi" -F'[/[]' '/^Trace/ { pc = $3 ""; if (pc >= lo "" && pc < hi "") n++ } END { print n + 0 }' \
        "$tmp/log"
}

printf '%-8s %-10s %s\n' kernel tx_flags 'instructions/packet'
for k in scalar neon; do
    for flags in none vlan; do
        extra=()
        [[ $flags == vlan ]] && extra=(vlan)
        a=$(count $k 32 "${extra[@]}")
        b=$(count $k 64 "${extra[@]}")
        printf '%-8s %-10s %s\n' "$k" "$flags" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", (b - a) / 32 }')"
    done
done
