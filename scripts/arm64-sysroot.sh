#!/bin/bash
# Prepare a private arm64 sysroot for cross-building and testing pmdfwd, and
# the tools that use it (g++-aarch64-linux-gnu, qemu-user-static).
#
#   scripts/arm64-sysroot.sh [--refresh] [SYSROOT]    (default /opt/pmdfwd-arm64-sysroot)
#
# Debian's arm64 DPDK, GoogleTest and libnuma packages are downloaded and
# unpacked with `dpkg -x`, never installed: `apt-get install libdpdk-dev:arm64`
# would remove the amd64 libdpdk-dev (the two are not co-installable).
# Needs root (dpkg --add-architecture, apt-get install) unless everything is
# already in place. A second run with the same package set returns at once;
# --refresh re-resolves the package versions (after an apt-get upgrade).
set -euo pipefail

refresh=0
if [[ "${1:-}" == "--refresh" ]]; then
    refresh=1
    shift
fi
if [[ $# -gt 1 || "${1:-}" == -* ]]; then
    echo "usage: $0 [--refresh] [SYSROOT]   (default SYSROOT: /opt/pmdfwd-arm64-sysroot)" >&2
    exit 2
fi
sysroot=$(realpath -m "${1:-/opt/pmdfwd-arm64-sysroot}")
cache="$sysroot.debs"
stamp="$sysroot/.pmdfwd-sysroot"

# What the build needs (DPDK, GoogleTest, libnuma) plus libstdc++ so that
# `qemu-aarch64-static -L SYSROOT` finds every library a test binary loads.
roots=(libdpdk-dev:arm64 libgtest-dev:arm64 libnuma-dev:arm64 libstdc++6:arm64)
# Dependencies not unpacked: programs nothing here runs, and the C library's
# development files, which the cross toolchain (/usr/aarch64-linux-gnu)
# already has. Its linker scripts (libc.so, libm.so) name absolute host paths
# and its headers would shadow the toolchain's through -I SYSROOT/usr/include.
skip='^(perl|perl-base|libperl5\.36|dpkg|cdebconf|install-info|passwd|sed|tar|udev|sysvinit-utils|pkg-config|pkgconf|pkgconf-bin|libpkgconf3|rdma-core|libdebian-installer4|libnewt0\.52|libslang2|libtextwrap1|libreadline8|libtinfo6|libsemanage2|libc6-dev|libc-dev-bin|linux-libc-dev|libcrypt-dev|libnsl-dev|libtirpc-dev):arm64$'
want_stamp="roots: ${roots[*]}; skip: $skip"

tools=(g++-aarch64-linux-gnu qemu-user-static pkg-config)
tools_ok() {
    command -v aarch64-linux-gnu-g++ >/dev/null && command -v qemu-aarch64-static >/dev/null &&
        command -v pkg-config >/dev/null
}
up_to_date() {
    [[ -f "$stamp" && "$(head -n1 "$stamp")" == "$want_stamp" ]] && tools_ok
}

if [[ $refresh == 0 ]] && up_to_date; then
    echo "arm64 sysroot: $sysroot (up to date)"
    exit 0
fi

if [[ $(id -u) != 0 ]]; then
    echo "$0: needs root to add the arm64 architecture and install the cross tools" >&2
    exit 1
fi
# One writer at a time (two CI jobs, or a developer and a job); the second
# finds the work done.
mkdir -p "$(dirname "$sysroot")"
exec 9>"$sysroot.lock"
flock 9
if [[ $refresh == 0 ]] && up_to_date; then
    echo "arm64 sysroot: $sysroot (up to date)"
    exit 0
fi

apt_opts=(-o DPkg::Lock::Timeout=600 -o APT::Sandbox::User=root -q)
export DEBIAN_FRONTEND=noninteractive
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    dpkg --add-architecture arm64
fi
if ! apt-cache show libdpdk-dev:arm64 >/dev/null 2>&1; then
    apt-get "${apt_opts[@]}" update
fi
if ! tools_ok; then
    apt-get "${apt_opts[@]}" install -y --no-install-recommends "${tools[@]}"
fi

# Every arm64 package the roots need, with the version apt would pick.
mapfile -t pkgs < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances "${roots[@]}" |
    grep -E '^[a-z0-9][a-z0-9.+-]*:arm64$' | grep -Ev "$skip" | sort -u)
if [[ ${#pkgs[@]} -lt 10 ]]; then
    echo "$0: resolving ${roots[*]} gave only ${#pkgs[@]} arm64 packages; is Debian's arm64 archive reachable?" >&2
    exit 1
fi
mapfile -t pinned < <(apt-cache show --no-all-versions "${pkgs[@]}" |
    awk '/^Package:/{p=$2} /^Version:/{print p ":arm64=" $2}')

# --refresh with nothing new (or a changed stamp header only): keep the files.
if [[ -f "$stamp" && "$(tail -n +2 "$stamp")" == "$(printf '%s\n' "${pinned[@]}")" ]]; then
    {
        echo "$want_stamp"
        printf '%s\n' "${pinned[@]}"
    } >"$stamp"
    echo "arm64 sysroot: $sysroot (${#pinned[@]} packages, no new versions)"
    exit 0
fi

# Download what the cache lacks (apt-get download writes ':' of epochs as %3a).
mkdir -p "$cache"
missing=()
for pv in "${pinned[@]}"; do
    name=${pv%%:*}
    ver=${pv#*=}
    [[ -f "$cache/${name}_${ver//:/%3a}_arm64.deb" ]] || missing+=("$pv")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "arm64 sysroot: downloading ${#missing[@]} packages into $cache"
    (cd "$cache" && apt-get "${apt_opts[@]}" download "${missing[@]}")
fi

# Unpack into a fresh directory and swap it in, so that an interrupted run
# never leaves a half-filled sysroot behind a valid stamp.
tmp="$sysroot.new"
rm -rf "$tmp"
mkdir -p "$tmp"
for pv in "${pinned[@]}"; do
    name=${pv%%:*}
    ver=${pv#*=}
    dpkg-deb -x "$cache/${name}_${ver//:/%3a}_arm64.deb" "$tmp"
done
# Development symlinks such as libbsd.so -> /lib/aarch64-linux-gnu/libbsd.so.0
# are absolute: point them inside the sysroot.
while IFS= read -r -d '' link; do
    target=$(readlink "$link")
    ln -sfr "$tmp$target" "$link"
done < <(find "$tmp" -type l -lname '/*' -print0)

{
    echo "$want_stamp"
    printf '%s\n' "${pinned[@]}"
} >"$tmp/.pmdfwd-sysroot"
rm -rf "$sysroot.old"
[[ -e "$sysroot" ]] && mv "$sysroot" "$sysroot.old"
mv "$tmp" "$sysroot"
rm -rf "$sysroot.old"
# Drop debs of versions no longer used.
keep=$(for pv in "${pinned[@]}"; do n=${pv%%:*}; v=${pv#*=}; echo "${n}_${v//:/%3a}_arm64.deb"; done)
for f in "$cache"/*.deb; do
    grep -qxF "$(basename "$f")" <<<"$keep" || rm -f "$f"
done
echo "arm64 sysroot: $sysroot (${#pinned[@]} packages)"
