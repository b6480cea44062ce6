#!/usr/bin/env bash
# Builds pmdfwd with -Werror and runs its unit, integration and engine suites
# and the DPDK-dependent end-to-end tests against every DPDK a user is likely to have: the host's
# (Debian 12: 22.11), Debian 13 trixie's (24.11) and Debian sid's (25.11).
# The newer ones live in debootstrap roots made once and cached outside the
# tree; a later run only installs what is missing. Prints one line per
# version: "DPDK <version>: build ok|failed, tests N passed, M failed".
#
#   scripts/dpdk-matrix.sh [options]
#     -v, --versions LIST   comma list of host, 24.11 (or trixie), 25.11 (or
#                           sid); default: all of them
#     -k, --keep-going      after a version fails, still do the next ones
#     --host-results DIR    the host's suites already ran in build dir DIR
#                           (scripts/test.sh): report its test log instead of
#                           building and testing the host again
#     --shell VERSION       an interactive shell in that version's root, with
#                           the mounts in place (and removed on exit)
#     -h, --help
#
# Environment: PMDFWD_ROOTS (default /var/cache/pmdfwd/roots) holds the roots,
# one folder per suite; PMDFWD_MIRROR overrides the Debian mirror (default:
# the one in /etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list).
# In a root the source is at /opt/pmdfwd/src and the build at
# /opt/pmdfwd/build (scripts/perf subjects use root=PATH,bin=/opt/pmdfwd/build/pmdfwd).
# Needs root (debootstrap, chroot, mount) for the roots; exits 1 if any
# version failed (a root that cannot be created is a failure, never a skip).
set -uo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD

ROOTS=${PMDFWD_ROOTS:-/var/cache/pmdfwd/roots}
ROOT_SRC=/opt/pmdfwd/src
ROOT_BUILD=/opt/pmdfwd/build
# The suites the matrix runs: the unit, integration and engine suites, and of
# the end-to-end tests those whose outcome depends on the DPDK version (suite
# dpdk-version, tests/e2e/meson.build); the host (scripts/test.sh) runs the
# whole e2e suite, perf (measurements) and soak (long). MATRIX_SUITES="unit
# e2e" overrides. Each must exist in every build: a suite that silently
# vanished (e.g. e2e without scapy) is a failure.
read -r -a TEST_SUITES <<<"${MATRIX_SUITES:-unit integration engines dpdk-version}"
# In a root: build and test dependencies; the PMDs are added by name as each
# suite's DPDK packages them (librte-net-ring23, librte-net-ring25, ...).
ROOT_PACKAGES=(
  dpdk dpdk-dev libdpdk-dev
  g++ meson ninja-build pkg-config make
  libnuma-dev libpcap-dev libgtest-dev libbenchmark-dev
  python3 python3-scapy procps
  python3-prometheus-client  # the exporter (suite dpdk-version runs its test)
  iproute2 tcpdump  # the veth loopback tests (net_af_packet; net_tap bridged)
)
ROOT_PMDS=(net-ring net-null net-memif net-pcap net-af-packet net-tap net-vhost bus-vdev mempool-ring)
MESON_TEST_TIMEOUT=1800

declare -A SUITE_OF=([24.11]=trixie [trixie]=trixie [25.11]=sid [sid]=sid [host]=host [22.11]=host)

usage() { sed -n '2,/^set -uo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

versions=host,24.11,25.11
keep_going=
host_results=
shell_version=
while (($#)); do
  case $1 in
    -v|--versions) versions=${2:?--versions needs a list}; shift ;;
    --versions=*) versions=${1#*=} ;;
    -k|--keep-going) keep_going=1 ;;
    --host-results) host_results=${2:?--host-results needs a build dir}; shift ;;
    --host-results=*) host_results=${1#*=} ;;
    --shell) shell_version=${2:?--shell needs a version}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "dpdk-matrix: unknown option '$1' (allowed: --versions LIST, --keep-going," \
            "--host-results DIR, --shell VERSION, --help)" >&2; exit 2 ;;
  esac
  shift
done

log() { echo "dpdk-matrix: $*" >&2; }

# ---- mounts: every one we make is recorded and undone on any exit ----------
MOUNTED=()
LOCKED_ROOT=

# Processes still running inside a root we hold the lock of were started by
# this run (a test that leaked one): they would keep the mounts busy.
kill_root_processes() {
  local root=$1 sig pid found
  for sig in TERM KILL; do
    found=
    for pid in /proc/[0-9]*; do
      [[ $(readlink "$pid/root" 2>/dev/null) == "$root" ]] || continue
      kill -s "$sig" "${pid#/proc/}" 2>/dev/null && found=1
    done
    [[ -n $found ]] || return 0
    log "killed processes left in $root (SIG$sig)"
    sleep 1
  done
}

unmount_all() {
  local i m
  [[ -n $LOCKED_ROOT ]] && kill_root_processes "$LOCKED_ROOT"
  for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do
    m=${MOUNTED[i]}
    umount "$m" 2>/dev/null || umount -l "$m" || log "could not unmount $m"
  done
  MOUNTED=()
}
trap unmount_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Mount points under $1 (deepest first), from the kernel's own table.
mounts_under() {
  awk -v p="$1" '$5 == p || index($5, p "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

mount_root() {
  local root=$1 spec src dst type
  for spec in proc:proc:proc /sys:sys:bind /dev:dev:bind /dev/pts:dev/pts:bind \
              /dev/shm:dev/shm:bind /dev/hugepages:dev/hugepages:bind; do
    IFS=: read -r src dst type <<<"$spec"
    [[ $type == bind && ! -e $src ]] && continue
    # Already mounted while we hold the root's lock: left over by a run that
    # could not clean up (killed); ours to undo now.
    if mountpoint -q "$root/$dst"; then MOUNTED+=("$root/$dst"); continue; fi
    mkdir -p "$root/$dst"
    if [[ $type == proc ]]; then
      mount -t proc proc "$root/$dst" || return 1
    else
      mount --bind "$src" "$root/$dst" || return 1
      mount --make-slave "$root/$dst" 2>/dev/null || true
    fi
    MOUNTED+=("$root/$dst")
  done
}

in_root() {
  local root=$1; shift
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive "$@"
}

mirror() {
  if [[ -n ${PMDFWD_MIRROR:-} ]]; then echo "$PMDFWD_MIRROR"; return; fi
  local m=
  if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
    m=$(awk 'tolower($1) == "uris:" && $2 !~ /security/ { print $2; exit }' \
          /etc/apt/sources.list.d/debian.sources)
  fi
  if [[ -z $m && -f /etc/apt/sources.list ]]; then
    m=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { if ($i !~ /security/) print $i; break } }' \
          /etc/apt/sources.list | head -n1)
  fi
  echo "$m"
}

# ---- a root: created once, then only topped up ------------------------------
# Removes a half-made root; refuses while anything is mounted inside it (rm
# would otherwise reach the host's /dev or /sys).
remove_partial() {
  local dir=$1 m
  [[ -e $dir ]] || return 0
  for m in $(mounts_under "$dir"); do umount "$m" || umount -l "$m"; done
  if [[ -n $(mounts_under "$dir") ]]; then
    log "$dir still has mounts inside; not removing it"; return 1
  fi
  rm -rf --one-file-system "$dir"
}

create_root() {
  local suite=$1 root=$2 mirror_url partial=$2.partial
  mirror_url=$(mirror)
  if [[ -z $mirror_url ]]; then
    log "no Debian mirror found in /etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list (set PMDFWD_MIRROR)"
    return 1
  fi
  command -v debootstrap >/dev/null || { log "debootstrap is not installed (apt-get install debootstrap)"; return 1; }
  remove_partial "$partial" || return 1
  log "creating the $suite root in $root from $mirror_url (once; several minutes)"
  mkdir -p "$ROOTS"
  if ! debootstrap --variant=minbase "$suite" "$partial" "$mirror_url" > "$root.debootstrap.log" 2>&1; then
    log "debootstrap $suite failed; last lines of $root.debootstrap.log:"
    tail -n 15 "$root.debootstrap.log" >&2
    remove_partial "$partial"
    return 1
  fi
  remove_partial "$root" && mv "$partial" "$root" && touch "$root/.pmdfwd-root"
}

configure_apt() {
  local suite=$1 root=$2
  {
    echo 'APT::Install-Recommends "false";'
    echo 'Dpkg::Use-Pty "0";'
    # sid's Release files can be past their Valid-Until date on a mirror
    # snapshot; apt then refuses them.
    [[ $suite == sid ]] && echo 'Acquire::Check-Valid-Until "false";'
  } > "$root/etc/apt/apt.conf.d/99pmdfwd"
  # Packages must not start services in a chroot.
  printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

# The PMD packages' names in this suite (librte-net-ring25, ...).
pmd_packages() {
  local root=$1 p name
  for p in "${ROOT_PMDS[@]}"; do
    name=$(in_root "$root" apt-cache pkgnames "librte-$p" | grep -E "^librte-$p-?[0-9.]+\$" | sort -V | tail -n1)
    [[ -n $name ]] || { log "no librte-$p package in this suite's lists"; return 1; }
    echo "$name"
  done
}

missing_packages() {
  local root=$1 p
  shift
  for p in "$@"; do
    in_root "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

install_packages() {
  local suite=$1 root=$2 pmds missing updated=
  if [[ ! -d $root/var/lib/apt/lists || -z $(ls "$root/var/lib/apt/lists" | grep -v -e lock -e partial -e auxfiles) ]]; then
    in_root "$root" apt-get update -q || return 1
    updated=1
  fi
  pmds=$(pmd_packages "$root") || return 1
  # shellcheck disable=SC2086
  missing=$(missing_packages "$root" "${ROOT_PACKAGES[@]}" $pmds)
  [[ -z $missing ]] && return 0
  log "$suite root: installing" $missing
  if [[ -z $updated ]]; then in_root "$root" apt-get update -q || return 1; fi
  # shellcheck disable=SC2086
  in_root "$root" apt-get install -y -q $missing || return 1
  in_root "$root" apt-get clean
}

# ---- the source tree into a root: what git knows (tracked, and untracked
# files that are not ignored), never build output. A file whose content did
# not change keeps the root's copy and its time stamp, so the build in the
# root stays incremental even after a fresh checkout (new time stamps, same
# content); a changed file gets the time of the copy, so it is always rebuilt.
copy_source() {
  local root=$1 dest=$1$ROOT_SRC f
  local -A keep=()
  git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1 || { log "$SRC is not a git checkout"; return 1; }
  mkdir -p "$dest" || return 1
  while IFS= read -r -d '' f; do
    [[ -e $SRC/$f || -L $SRC/$f ]] || continue  # deleted, not yet committed
    keep[$f]=1
    if [[ -L $SRC/$f || -L $dest/$f || ! -f $dest/$f ]] || ! cmp -s "$SRC/$f" "$dest/$f"; then
      if [[ $f == */* ]]; then mkdir -p "$dest/${f%/*}" || return 1; fi
      rm -f "$dest/$f" && cp -P --preserve=mode "$SRC/$f" "$dest/$f" || return 1
    fi
  done < <(git -C "$SRC" ls-files -z --cached --others --exclude-standard)
  while IFS= read -r -d '' f; do
    f=${f#./}
    [[ -n ${keep[$f]:-} ]] || rm -f "$dest/$f"
  done < <(cd "$dest" && find . \( -type f -o -type l \) -print0)
}

# ---- results ----------------------------------------------------------------
LINES=()
any_failed=

# "N M" passed/failed from a meson test log (one entry per test program).
count_log() {
  local log=$1 p f
  [[ -f $log ]] || { echo "0 0"; return; }
  p=$(grep -c '"result": "OK"' "$log")
  f=$(grep -c -E '"result": "(FAIL|TIMEOUT|ERROR|UNEXPECTEDPASS)"' "$log")
  echo "$p $f"
}

# The suites of TEST_SUITES a build lacks (meson test --list names "suite / test").
missing_suites() {
  local listing=$1 s
  for s in "${TEST_SUITES[@]}"; do
    grep -qE "(^|[:+])$s( |/|\$)|^pmdfwd:$s " <<<"$listing" || echo "$s"
  done
}

record() {
  local label=$1 build=$2 passed=$3 failed=$4 note=${5:-}
  local line="DPDK $label: build $build, tests $passed passed, $failed failed${note:+ ($note)}"
  LINES+=("$line")
  [[ $build == ok && $failed == 0 ]] || any_failed=1
  echo "$line"
}

suite_args() {
  local s
  for s in "${TEST_SUITES[@]}"; do printf -- '--suite %s ' "$s"; done
}

test_host() {
  local version build=build
  version=$(pkg-config --modversion libdpdk 2>/dev/null || echo "?")
  if [[ -n $host_results ]]; then
    read -r p f < <(count_log "$host_results/meson-logs/testlog.json")
    [[ -f $host_results/meson-logs/testlog.json ]] || { record "$version (host)" failed 0 0 "no test log in $host_results"; return; }
    record "$version (host)" ok "$p" "$f" "host suites, $host_results"
    return
  fi
  echo; echo "=== DPDK $version (host): build"
  if ! scripts/setup.sh "$build"; then record "$version (host)" failed 0 0; return; fi
  local listing missing
  listing=$(meson test -C "$build" --list 2>/dev/null)
  missing=$(missing_suites "$listing" | tr '\n' ' ')
  echo "=== DPDK $version (host): tests"
  rm -f "$build/meson-logs/testlog.json"
  # shellcheck disable=SC2046
  timeout "$MESON_TEST_TIMEOUT" meson test -C "$build" --print-errorlogs --num-processes 2 $(suite_args)
  read -r p f < <(count_log "$build/meson-logs/testlog.json")
  [[ -n $missing ]] && f=$((f + 1))
  record "$version (host)" ok "$p" "$f" "${missing:+suites missing: $missing}"
}

test_root() {
  local suite=$1 asked=$2 root=$ROOTS/$1 version p f listing missing t=$SECONDS times=
  echo; echo "=== DPDK $asked ($suite root: $root)"
  if [[ ! -f $root/.pmdfwd-root ]]; then
    if ! create_root "$suite" "$root"; then
      record "$asked ($suite)" failed 0 0 "the $suite root could not be created: see above"
      return
    fi
  fi
  times+="root $((SECONDS - t)) s"; t=$SECONDS
  configure_apt "$suite" "$root"
  if ! mount_root "$root"; then record "$asked ($suite)" failed 0 0 "mounting in $root failed"; return; fi
  if ! install_packages "$suite" "$root"; then
    record "$asked ($suite)" failed 0 0 "installing packages in the $suite root failed"; return
  fi
  times+=", packages $((SECONDS - t)) s"; t=$SECONDS
  version=$(in_root "$root" pkg-config --modversion libdpdk)
  if ! copy_source "$root"; then record "$version ($suite)" failed 0 0 "copying the source failed"; return; fi
  echo "=== DPDK $version ($suite): build"
  # -Werror as everywhere (meson.build's default, said again so that no
  # cached configuration can drop it); benchmarks too, they use DPDK's API.
  if ! in_root "$root" bash -c "
      set -e
      if [[ ! -f $ROOT_BUILD/build.ninja ]]; then
        rm -rf $ROOT_BUILD
        meson setup $ROOT_BUILD $ROOT_SRC -Dwerror=true
      else
        meson setup --reconfigure $ROOT_BUILD $ROOT_SRC -Dwerror=true >/dev/null
      fi
      ninja -C $ROOT_BUILD"; then
    record "$version ($suite)" failed 0 0 "build log above"
    return
  fi
  times+=", copy and build $((SECONDS - t)) s"; t=$SECONDS
  listing=$(in_root "$root" meson test -C "$ROOT_BUILD" --list 2>/dev/null)
  missing=$(missing_suites "$listing" | tr '\n' ' ')
  echo "=== DPDK $version ($suite): tests"
  rm -f "$root$ROOT_BUILD/meson-logs/testlog.json"
  # shellcheck disable=SC2046
  in_root "$root" timeout "$MESON_TEST_TIMEOUT" meson test -C "$ROOT_BUILD" --print-errorlogs \
    --num-processes 2 $(suite_args)
  read -r p f < <(count_log "$root$ROOT_BUILD/meson-logs/testlog.json")
  [[ -n $missing ]] && f=$((f + 1))
  log "$suite: $times, tests $((SECONDS - t)) s"
  record "$version ($suite)" ok "$p" "$f" "${missing:+suites missing: $missing}"
}

# One root at a time per root (another matrix or a perf run may use it).
with_root_lock() {
  local suite=$1; shift
  mkdir -p "$ROOTS" || return 1
  exec {lockfd}>"$ROOTS/$suite.lock"
  if ! flock -w 3600 "$lockfd"; then log "waited an hour for $ROOTS/$suite.lock"; return 1; fi
  LOCKED_ROOT=$ROOTS/$suite
  "$@"
  unmount_all
  LOCKED_ROOT=
  exec {lockfd}>&-
}

need_root_user() {
  if [[ $(id -u) -ne 0 ]]; then
    log "the DPDK roots need root (debootstrap, chroot, mount): run as root"
    return 1
  fi
}

open_shell() {
  local suite=${SUITE_OF[$shell_version]:-}
  [[ -n $suite && $suite != host ]] || { log "--shell: '$shell_version' is not one of 24.11, trixie, 25.11, sid"; exit 2; }
  need_root_user || exit 1
  [[ -f $ROOTS/$suite/.pmdfwd-root ]] || { log "no $suite root yet: run scripts/dpdk-matrix.sh --versions $suite first"; exit 1; }
  shell_in() { configure_apt "$suite" "$ROOTS/$suite"; mount_root "$ROOTS/$suite" && in_root "$ROOTS/$suite" bash -l; }
  with_root_lock "$suite" shell_in
}

[[ -n $shell_version ]] && { open_shell; exit; }

IFS=, read -r -a wanted <<<"$versions"
for v in "${wanted[@]}"; do
  [[ -n ${SUITE_OF[$v]:-} ]] || { log "unknown version '$v' (allowed: host, 22.11, 24.11, trixie, 25.11, sid)"; exit 2; }
done

start=$SECONDS
stopped=
for v in "${wanted[@]}"; do
  suite=${SUITE_OF[$v]}
  if [[ -n $stopped ]]; then
    LINES+=("DPDK $v: not run (an earlier version failed; --keep-going runs every version)")
    continue
  fi
  if [[ $suite == host ]]; then
    test_host
  else
    case $suite in trixie) asked=24.11 ;; sid) asked=25.11 ;; esac
    if need_root_user; then
      with_root_lock "$suite" test_root "$suite" "$asked"
    else
      record "$asked ($suite)" failed 0 0 "not run as root"
    fi
  fi
  [[ -n $any_failed && -z $keep_going ]] && stopped=1
done

echo
echo "=== DPDK matrix ($((SECONDS - start)) s)"
printf '%s\n' "${LINES[@]}"
[[ -z $any_failed ]]
