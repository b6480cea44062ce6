#!/bin/bash
# Runs DPDK's DTS (its own runner and suites, unmodified, from a DPDK tree
# given here, never from this repository) against one forwarder binary on a
# software NIC loopback, as a DPDK CI would on a machine without a NIC:
#
#   SUT  net_af_packet on sut0, sut1 ==veth== tg0, tg1  TG (DTS's scapy)
#
# or, with --pmd tap, net_tap ports whose kernel interfaces are bridged to
# the SUT's ends of the veth pairs, so that the TG keeps its own link and the
# PMD reports what net_tap can do (promisc, allmulti, MTU, MAC filters,
# checksum offloads):
#
#   SUT  net_tap (dtap0, dtap1) --bridge brs0, brs1-- sut0, sut1 ==veth== tg0, tg1  TG
#
# Everything lives in namespaces of its own (unshare --net --mount --pid
# --fork): the veth pairs, an sshd on 127.0.0.1 (root login with a key made
# per run), a private /run/dpdk (DTS kills every DPDK process it finds there),
# stand-ins for `sudo` (root already) and `lshw` (DTS matches ports by bus
# address, which a veth has not: the stand-in reports each port's MAC, driver
# and link under its nodes.yaml "pci" string). All of it goes when the run
# ends, however it ends (SIGTERM to the script ends it). Needs root.
#
#   scripts/dts-veth-rig.sh --dts DPDK_TREE --binary PATH --out DIR \
#       [--pmd af_packet|tap] [--suites a,b] [--each-suite] [--python-root ROOT]
#       [--sshd DIR] [--timeout S]
#
# --dts          a DPDK tree holding dts/ and usertools/ (e.g. DPDK main's)
# --binary       the forwarder DTS runs as dpdk-testpmd (pmdfwd, or
#                /usr/bin/dpdk-testpmd for the control run)
# --out          where the run's files, DTS's output, summary.txt (exit and
#                time of each run) and cases.txt (every case's result) go
# --pmd          the SUT ports' PMD: af_packet (default) on the veths, or tap
#                (net_tap, its kernel interface bridged to the veth)
# --suites       DTS test suites (default: DTS's own choice, every suite of
#                the kinds the run enables: functional)
# --each-suite   one DTS run per suite (a critical error ends only its own
#                suite), each under OUT/SUITE; default: one run
# --timeout      seconds for one DTS run (default 7200)
# --python-root  a root (debootstrap) whose python3 has DTS's dependencies
#                (pydantic 2, fabric, aenum, scapy, yaml); default: this host's
# --sshd         a root with usr/sbin/sshd (e.g. openssh-server's .deb
#                unpacked with dpkg -x); default: /
#
# As run for issue 17 (DTS from DPDK main; its Python deps from Debian 13,
# which has pydantic 2, in a debootstrap root; sshd from openssh-server's
# .deb unpacked with dpkg -x):
#   debootstrap --variant=minbase --include=python3,python3-pydantic,\
#     python3-fabric,python3-scapy,python3-aenum,python3-yaml,\
#     python3-typing-extensions,python3-cffi-backend trixie /work/dts-run/trixie MIRROR
#   scripts/dts-veth-rig.sh --dts /work/dts-run/dpdk --binary build/pmdfwd \
#     --out /work/dts-run/pmdfwd --sshd /work/dts-run/ssh \
#     --python-root /work/dts-run/trixie --each-suite
set -euo pipefail

die() { echo "dts-veth-rig: $*" >&2; exit 2; }

if [ "${1:-}" != "--inside" ]; then
    [ "$(id -u)" = 0 ] || die "needs root (namespaces, veth, sshd)"
    exec unshare --net --mount --pid --fork --mount-proc --kill-child "$0" --inside "$@"
fi
shift
# This shell is the namespace's init, which the kernel spares any signal it
# has no handler for: with one, SIGTERM ends the run (and the namespace,
# and everything in it).
trap 'exit 143' TERM INT

DTS= BIN= OUT= SUITES= PYROOT= SSHROOT=/ TIMEOUT=7200 EACH=0 PMD=af_packet
while [ $# -gt 0 ]; do
    case "$1" in
    --dts) DTS=$(realpath "$2"); shift 2 ;;
    --binary) BIN=$(realpath "$2"); shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --suites) SUITES=$2; shift 2 ;;
    --python-root) PYROOT=$(realpath "$2"); shift 2 ;;
    --sshd) SSHROOT=$(realpath "$2"); shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --each-suite) EACH=1; shift ;;
    --pmd) PMD=$2; shift 2 ;;
    *) die "unknown argument '$1' (see the head of $0)" ;;
    esac
done
[ -d "$DTS/dts" ] && [ -d "$DTS/usertools" ] || die "--dts $DTS: no dts/ and usertools/ there"
[ -x "$BIN" ] || die "--binary $BIN: not an executable"
[ -n "$OUT" ] || die "--out DIR is required"
case "$PMD" in af_packet | tap) ;; *) die "--pmd '$PMD': allowed are af_packet and tap" ;; esac
# DTS's scapy sniffs with a BPF filter, which scapy compiles with tcpdump.
command -v tcpdump >/dev/null || die "no tcpdump (Debian: apt-get install tcpdump)"
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
RIG=$OUT/rig
rm -rf "$RIG"
mkdir -p "$RIG/home/.ssh" "$RIG/bin" "$RIG/tree/build/app"

mount --make-rprivate /
# sysfs as this network namespace sees it (/sys/class/net: the veths).
mount -t sysfs sysfs /sys

# The links: DTS's two-link topology.
echo 1 >/proc/sys/net/ipv6/conf/default/disable_ipv6
ip link set lo up
for i in 0 1; do
    ip link add "sut$i" type veth peer name "tg$i"
    ip link set "sut$i" up
    ip link set "tg$i" up
done

if [ "$PMD" = tap ]; then
    # The bridge is a wire: snooping off (it floods multicast), no netfilter
    # on bridged frames, and the veth's MTU out of the way (net_tap's MTU on dtapN is what limits,
    # as a NIC's would; DTS sets the TG's).
    for f in /proc/sys/net/bridge/bridge-nf-call-{iptables,ip6tables,arptables}; do
        [ ! -e "$f" ] || echo 0 >"$f" # only there with br_netfilter loaded
    done
    for i in 0 1; do
        ip link add "brs$i" type bridge mcast_snooping 0
        ip link set "sut$i" mtu 65535 master "brs$i"
        ip link set "brs$i" up
    done
    # A watcher bridges each new dtapN and keeps its kernel MAC apart from
    # the port's (see scripts/dts-tap-bridge.sh).
    "$(dirname "$0")/dts-tap-bridge.sh" dtap0,brs0,02:00:00:00:ee:00 dtap1,brs1,02:00:00:00:ee:01 &
fi

# A private runtime directory for DPDK.
mkdir -p /run/dpdk
mount -t tmpfs tmpfs /run/dpdk

# The tree DTS takes as a precompiled DPDK: build/app/dpdk-testpmd is the
# binary under test.
ln -s "$BIN" "$RIG/tree/build/app/dpdk-testpmd"
# packet_capture starts the tree's dpdk-dumpcap: the host's, of the DPDK the
# binaries here are built on.
DUMPCAP=$(command -v dpdk-dumpcap || true)
[ -z "$DUMPCAP" ] || ln -s "$DUMPCAP" "$RIG/tree/build/app/dpdk-dumpcap"
# DTS reports the tree's VERSION: the DPDK the binaries here are built on.
pkg-config --modversion libdpdk >"$RIG/tree/VERSION" 2>/dev/null || echo unknown >"$RIG/tree/VERSION"

# Ports: the SUT's "pci" strings are EAL -a arguments that make the vdevs.
SUT_PCI=("net_af_packet0000:dd:00.0,iface=sut0" "net_af_packet0000:dd:00.1,iface=sut1")
# net_tap's MAC is random unless given; DTS addresses frames to the MAC the
# stand-in lshw reports, so it is fixed here.
SUT_MAC=(02:00:00:00:dd:00 02:00:00:00:dd:01)
if [ "$PMD" = tap ]; then
    SUT_PCI=("net_tap0000:dd:00.0,iface=dtap0,mac=${SUT_MAC[0]}"
        "net_tap0000:dd:00.1,iface=dtap1,mac=${SUT_MAC[1]}")
fi
TG_PCI=("0000:ee:00.0" "0000:ee:00.1")
lshw_entry() { # businfo iface [mac]
    printf '{"id":"network","class":"network","businfo":"pci@%s","logicalname":"%s",' "$1" "$2"
    printf '"serial":"%s","configuration":{"driver":"veth","link":"yes","firmware":"N/A"}}' \
        "${3:-$(cat "/sys/class/net/$2/address")}"
}
# The SUT's logical names stay the veths (DTS sets them up; a dtapN exists
# only while a forwarder runs); with tap the MAC is net_tap's.
sut_mac() { [ "$PMD" = tap ] && echo "${SUT_MAC[$1]}" || true; }
{
    echo "["
    lshw_entry "${SUT_PCI[0]}" sut0 "$(sut_mac 0)"; echo ","
    lshw_entry "${SUT_PCI[1]}" sut1 "$(sut_mac 1)"; echo ","
    lshw_entry "${TG_PCI[0]}" tg0; echo ","
    lshw_entry "${TG_PCI[1]}" tg1
    echo "]"
} >"$RIG/lshw.json"
cat >"$RIG/bin/lshw" <<EOF
#!/bin/sh
# lshw stand-in: -json prints the ports; -businfo a table of them.
case " \$* " in
*" -json "*) cat "$RIG/lshw.json" ;;
*) printf 'pci@%s  sut0  network  veth\npci@%s  sut1  network  veth\n' "${SUT_PCI[0]}" "${SUT_PCI[1]}"
   printf 'pci@%s  tg0  network  veth\npci@%s  tg1  network  veth\n' "${TG_PCI[0]}" "${TG_PCI[1]}" ;;
esac
EOF
cat >"$RIG/bin/sudo" <<'EOF'
#!/bin/sh
# sudo stand-in: the sessions are root already. PATH as Debian's sudo sets
# it (secure_path), whatever the login shell's rc files put first.
while [ $# -gt 0 ]; do case "$1" in --) shift; break ;; -*) shift ;; *) break ;; esac; done
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin exec "$@"
EOF
chmod +x "$RIG/bin/lshw" "$RIG/bin/sudo"
# Root's ssh sessions search /usr/local/sbin first; here it holds the stand-ins.
mount -t tmpfs tmpfs /usr/local/sbin
cp "$RIG/bin/lshw" "$RIG/bin/sudo" /usr/local/sbin/

# sshd on 127.0.0.1, keys of this run only.
ssh-keygen -q -t ed25519 -N '' -f "$RIG/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$RIG/home/.ssh/id_ed25519"
cp "$RIG/home/.ssh/id_ed25519.pub" "$RIG/authorized_keys"
SSHD=$SSHROOT/usr/sbin/sshd
SFTP=$SSHROOT/usr/lib/openssh/sftp-server
[ -x "$SSHD" ] || die "no sshd at $SSHD (give --sshd ROOT)"
if ! getent passwd sshd >/dev/null; then # its privilege separation user
    cp /etc/passwd "$RIG/passwd"
    echo "sshd:x:65500:65534::/run/sshd:/usr/sbin/nologin" >>"$RIG/passwd"
    mount --bind "$RIG/passwd" /etc/passwd
fi
mkdir -p /run/sshd
mount -t tmpfs -o mode=755 tmpfs /run/sshd
cat >"$RIG/sshd_config" <<EOF
ListenAddress 127.0.0.1
HostKey $RIG/host_key
PidFile $RIG/sshd.pid
PermitRootLogin yes
AuthorizedKeysFile $RIG/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
MaxSessions 200
MaxStartups 200
Subsystem sftp $SFTP
EOF
LD_LIBRARY_PATH=$SSHROOT/usr/lib/x86_64-linux-gnu:$SSHROOT/lib/x86_64-linux-gnu \
    "$SSHD" -f "$RIG/sshd_config" -E "$RIG/sshd.log"

node() { # name pci... (ifaces implied)
    local name=$1
    shift
    printf -- '- name: "%s"\n  hostname: 127.0.0.1\n  user: root\n  os: linux\n  ports:\n' "$name"
    local i=0
    for pci in "$@"; do
        printf '    - name: port-%d\n      pci: "%s"\n      os_driver_for_dpdk: veth\n      os_driver: veth\n' \
            "$i" "$pci"
        i=$((i + 1))
    done
}
{
    node "SUT 1" "${SUT_PCI[@]}"
    node "TG 1" "${TG_PCI[@]}"
} >"$RIG/nodes.yaml"
test_run_yaml() { # suites (comma list, "" for DTS's default)
    cat <<EOF
dpdk:
  lcores: "0-1"
  memory_channels: 1
  build:
    dpdk_location:
      dpdk_tree: $RIG/tree
      remote: true
    precompiled_build_dir: build
func_traffic_generator:
  type: SCAPY
perf: false
func: true
crypto: false
use_virtual_functions: false
skip_smoke_tests: true # its unit-test stage runs meson test in the build: none here
system_under_test_node: "SUT 1"
traffic_generator_node: "TG 1"
port_topology:
  - sut.port-0 <-> tg.port-0
  - port-1 <-> port-1
EOF
    [ -z "$1" ] || echo "test_suites:"
    for s in ${1//,/ }; do
        [ -f "$DTS/dts/tests/TestSuite_$s.py" ] || die "--suites: no DTS suite '$s'"
        echo "  - $s"
    done
}

if [ -n "$PYROOT" ]; then
    for d in /proc /dev /sys /work /tmp /run; do
        mkdir -p "$PYROOT$d"
        mount --rbind "$d" "$PYROOT$d"
    done
fi

run_dts() { # suites outdir
    local out=$2 rc
    mkdir -p "$out"
    test_run_yaml "$1" >"$out/test_run.yaml"
    local cmd=(env HOME="$RIG/home" PYTHONDONTWRITEBYTECODE=1 python3 main.py
        --test-run-config-file "$out/test_run.yaml" --nodes-config-file "$RIG/nodes.yaml"
        --output-dir "$out/output")
    local t0
    t0=$(date +%s)
    if [ -n "$PYROOT" ]; then
        timeout "$TIMEOUT" chroot "$PYROOT" sh -c "cd '$DTS/dts' && exec \"\$@\"" dts "${cmd[@]}" \
            >"$out/dts.log" 2>&1 &
    else
        (cd "$DTS/dts" && exec timeout "$TIMEOUT" "${cmd[@]}") >"$out/dts.log" 2>&1 &
    fi
    local dts_pid=$!
    # After a critical error DTS says it has ended and then waits for ever on
    # its sniffer thread: past that line it gets 15 s to exit by itself.
    while kill -0 "$dts_pid" 2>/dev/null; do
        if grep -q "DTS execution has ended" "$out/output/dts.log" 2>/dev/null; then
            for _ in $(seq 15); do kill -0 "$dts_pid" 2>/dev/null && sleep 1; done
            kill "$dts_pid" 2>/dev/null # timeout passes it on to DTS
            break
        fi
        sleep 2
    done
    wait "$dts_pid"
    rc=$?
    echo "DTS ${1:-all suites}: exit $rc after $(($(date +%s) - t0)) s; log $out/dts.log" |
        tee -a "$OUT/summary.txt"
}

# One DTS run for all the suites, or (--each-suite) one run per suite: DTS
# ends a whole run at the first critical error (a parser that meets a field
# the PMD does not print), so one run per suite gets every suite an answer.
# From here on a failing DTS run is a result, not the end of the script.
set +e
: >"$OUT/summary.txt"
start=$(date +%s)
if [ "$EACH" = 1 ]; then
    [ -n "$SUITES" ] || SUITES=$(cd "$DTS/dts/tests" && ls TestSuite_*.py | sed 's/^TestSuite_//; s/\.py$//' |
        grep -v -e '^cryptodev' -e '_perf$' | paste -sd,)
    for s in ${SUITES//,/ }; do run_dts "$s" "$OUT/$s"; done
else
    run_dts "$SUITES" "$OUT"
fi
echo "all runs: $(($(date +%s) - start)) s" | tee -a "$OUT/summary.txt"
# Every case's result, from DTS's results.json files.
find "$OUT" -name results.json | sort | xargs python3 -c '
import json, sys
for path in sys.argv[1:]:
    for suite, sv in json.load(open(path))["test_suites"].items():
        cases = {c: v for c, v in sv.items()
                 if isinstance(v, dict) and "result" in v and c not in ("setup", "teardown")}
        for case, v in (cases or {"*": sv}).items():
            result, reason = v.get("result", "?"), v.get("reason", "")[:80]
            print(f"{suite:34} {case:44} {result:6} {reason!r}")
' | tee "$OUT/cases.txt"
