#!/usr/bin/env bash
# The Debian packages as a user gets them (issue 21): builds pmdfwd and
# pmdfwd-dev from this tree with dpkg-buildpackage, runs lintian on them,
# installs them with apt into a clean Debian 12 root (scripts/fresh-root.sh),
# runs pmdfwd from PATH on net_ring, builds examples/engine-plugin against
# the installed pmdfwd-dev with pkg-config and loads it (from the plugin
# directory and by path), then purges both packages and checks that none of
# their files is left. Needs root; a root that cannot be made is a failure.
#
#   scripts/test-packages.sh [OUT_DIR]    OUT_DIR keeps the .debs and logs
#                                          (default: a temporary directory)
#   DEBS_FROM=DIR scripts/test-packages.sh   the .debs (and .changes) in DIR
#                                          instead of building them
#   SUITE=trixie scripts/test-packages.sh  the same on Debian 13 (DPDK 24.11):
#                                          built and linted in a trixie root
# Prints one line per check and "test-packages: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/fresh-root.sh
. scripts/fresh-root.sh

passed=0
failed=0
t0=$SECONDS
check() { # check NAME CMD...: runs CMD, counts and prints the result
  local name=$1 t=$SECONDS
  shift
  if "$@" >"$out/check.log" 2>&1; then
    passed=$((passed + 1)); echo "ok    $name ($((SECONDS - t)) s)"
  else
    failed=$((failed + 1)); echo "FAIL  $name ($((SECONDS - t)) s):"; tail -n 25 "$out/check.log" | sed 's/^/      /'
  fi
}
finish() {
  echo "test-packages: $passed passed, $failed failed ($((SECONDS - t0)) s)"
  ((failed == 0))
  exit
}

if [[ $(id -u) -ne 0 ]]; then
  echo "test-packages: needs root (chroot, mount, apt in a root)"; failed=1; finish
fi
version=$(sed -n "s/^  version: '\(.*\)',/\1/p" meson.build)
out=${1:-$(mktemp -d /tmp/pmdfwd-packages.XXXXXX)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
suite=${SUITE:-bookworm}
root=$PKGROOTS/packages.$$
build_root=$PKGROOTS/packages-build.$$
trap 'fresh_unmount_all; fresh_root_remove "$root"; fresh_root_remove "$build_root"' EXIT
echo "test-packages: Debian $suite"

# ---- build: a copy of the tree, so that dpkg-buildpackage writes nothing
# here and its .debs land in $out.
src=$out/pmdfwd-$version
rm -rf "$src" "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo
mkdir -p "$src"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -C "$src" -xf -
# On the host (bookworm), or in a root of the suite with its build
# dependencies (apt-get build-dep on the tree's debian/control).
build_debs() {
  if [[ $suite == bookworm ]]; then
    (cd "$src" && dpkg-buildpackage -us -uc -b)
    return
  fi
  fresh_root "$build_root" "$suite" || return 1
  mkdir -p "$build_root/build"
  cp -a "$src" "$build_root/build/"
  in_fresh_root "$build_root" bash -c "apt-get update -q &&
    apt-get install -y -q --no-install-recommends dpkg-dev lintian &&
    cd /build/pmdfwd-$version && apt-get build-dep -y -q --no-install-recommends ./ &&
    dpkg-buildpackage -us -uc -b" || return 1
  cp "$build_root"/build/*.deb "$build_root"/build/*.changes "$build_root"/build/*.buildinfo "$out/"
}
if [[ -n ${DEBS_FROM:-} ]]; then
  # Iterating on the checks below: packages built before, not counted.
  cp "$DEBS_FROM"/*.deb "$DEBS_FROM"/*.changes "$DEBS_FROM"/*.buildinfo "$out/"
else
  check "dpkg-buildpackage -us -uc -b" build_debs
  cp "$out/check.log" "$out/build.log"
fi
debs=("$out/pmdfwd_${version}_"*.deb "$out/pmdfwd-dev_${version}_"*.deb)
[[ -f ${debs[0]} && -f ${debs[1]} ]] || { echo "no packages in $out (see $out/build.log)"; failed=$((failed + 1)); finish; }
run_lintian() { # the suite's lintian
  if [[ $suite == bookworm ]]; then
    lintian --fail-on error,warning "$out"/pmdfwd_"${version}"_*.changes
  else
    in_fresh_root "$build_root" bash -c "lintian --fail-on error,warning /build/pmdfwd_${version}_*.changes"
  fi
}
check "lintian (no error or warning)" run_lintian
cp "$out/check.log" "$out/lintian.log"
sed 's/^/      /' "$out/lintian.log"

# ---- a clean Debian 12 root with the packages installed by apt.
fresh_unmount_all
fresh_root_remove "$build_root"
if ! fresh_root "$root" "$suite" >"$out/root.log" 2>&1; then
  echo "FAIL  clean Debian $suite root in $root:"; tail -n 15 "$out/root.log" | sed 's/^/      /'
  failed=$((failed + 1)); finish
fi
mkdir -p "$root/tmp/debs"
cp "${debs[@]}" "$root/tmp/debs/"
cp -r examples/engine-plugin "$root/tmp/engine-plugin-tree"
r() { in_fresh_root "$root" bash -c "$1"; }
# The compiler a plugin author has.
check "apt-get install gcc make (the plugin author's tools)" \
  r "apt-get update -q && apt-get install -y -q --no-install-recommends gcc make libc6-dev"
check "apt install ./pmdfwd_*.deb ./pmdfwd-dev_*.deb" \
  r "apt-get install -y -q --no-install-recommends /tmp/debs/*.deb"
r "dpkg -L pmdfwd pmdfwd-dev" >"$out/files.txt"
r "dpkg-query -W -f='\${Package} \${Version} \${Depends}\n' pmdfwd pmdfwd-dev" | sed 's/^/      /'

eal="-l 0-1 --no-pci --no-huge -m 512 --file-prefix pkgtest --vdev net_ring0 --vdev net_ring1"
forwards() { # forwards APP_ARGS: pmdfwd from PATH forwards on the ring loopback
  local o
  o=$(r "cd /tmp && timeout 60 pmdfwd $eal -- --tx-first --stats-period=1 --run-time=3 $1") || { echo "$o"; return 1; }
  echo "$o"
  grep -Eq 'RX-packets: [1-9]' <<<"$o"
}
check "pmdfwd from PATH forwards macswap on net_ring for 3 s" forwards --forward-mode=macswap
in_place() {
  local t bad=0
  for t in '[ "$(command -v pmdfwd)" = /usr/bin/pmdfwd ]' \
           'zcat /usr/share/man/man1/pmdfwd.1.gz | grep -q "^.SH SHELL COMMANDS"' \
           'test -f /usr/share/man/man1/pmdfwd-exporter.1.gz' \
           'test -f /usr/share/bash-completion/completions/pmdfwd' \
           'test -f /usr/share/doc/pmdfwd/user-guide.md.gz' \
           'test -f /usr/share/doc/pmdfwd-dev/engine-authoring.md.gz' \
           'test -f /usr/share/pmdfwd/telemetry-endpoints/pmdfwd.py' \
           'test -d /usr/lib/$(gcc -print-multiarch)/pmdfwd'; do
    r "$t" || { echo "not so: $t"; bad=1; }
  done
  ((bad == 0))
}
check "man pages, bash completion, docs, endpoint module, plugin directory in place" in_place
check "pmdfwd-exporter --help" r "pmdfwd-exporter --help"
# Past --help the exporter needs python3-prometheus-client (a Depends): it
# gets as far as the missing telemetry socket.
check "pmdfwd-exporter has its client library" r "pmdfwd-exporter -f no-such-prefix --once 2>&1 | grep -q 'cannot read'"

# ---- the example plugin, built as the guide says against pmdfwd-dev.
check "pkg-config --cflags --libs pmdfwd-engine; cc macfwd.c" r '
  cflags=$(pkg-config --cflags pmdfwd-engine) && libs=$(pkg-config --libs pmdfwd-engine) &&
  cp -r /usr/share/doc/pmdfwd-dev/examples/engine-plugin /tmp/macfwd && cd /tmp/macfwd &&
  cc -std=gnu11 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror $cflags macfwd.c -o macfwd.so $libs &&
  make -s BUILD=/tmp/macfwd/make && test -f /tmp/macfwd/make/macfwd.so'
plugin_dir=$(r 'echo /usr/lib/$(gcc -print-multiarch)/pmdfwd')
install_plugin() { r "cp /tmp/macfwd/macfwd.so $plugin_dir/"; }
check "macfwd found in $plugin_dir by itself" eval 'install_plugin && forwards --forward-mode=macfwd'
r "rm -f $plugin_dir/macfwd.so"
check "macfwd loaded with --engine-plugin=PATH" forwards "--engine-plugin=/tmp/macfwd/macfwd.so --forward-mode=macfwd"

# ---- purge: nothing of either package stays.
check "apt-get purge pmdfwd pmdfwd-dev" r "apt-get purge -y -q pmdfwd pmdfwd-dev"
leftovers() {
  local p left=0
  while IFS= read -r p; do
    [[ $p == /. || -z $p ]] && continue
    if r "test -e '$p' -o -L '$p'"; then
      # A directory another package owns (/usr/share/man/man1) stays.
      if r "test -d '$p' && ! test -L '$p' && dpkg -S '$p' >/dev/null 2>&1"; then continue; fi
      echo "left behind: $p"; left=1
    fi
  done <"$out/files.txt"
  r "ls -d /usr/lib/*/pmdfwd /usr/share/pmdfwd /usr/share/doc/pmdfwd /usr/share/doc/pmdfwd-dev /usr/include/pmdfwd 2>/dev/null" && left=1
  ((left == 0))
}
check "no file of pmdfwd or pmdfwd-dev left after the purge" leftovers
finish
