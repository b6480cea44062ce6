#!/bin/bash
# Runs DPDK's DTS (its own runner and suites, unmodified, from a DPDK tree
# given here, never from this repository) against one forwarder binary on a
# software NIC loopback, as a DPDK CI would on a machine without a NIC:
#
#   SUT  net_af_packet on sut0, sut1 ==veth== tg0, tg1  TG (DTS's scapy)
#
# Everything lives in namespaces of its own (unshare --net --mount --pid
# --fork): the veth pairs, an sshd on 127.0.0.1 (root login with a key made
# per run), a private /run/dpdk (DTS kills every DPDK process it finds there),
# stand-ins for `sudo` (root already) and `lshw` (DTS matches ports by bus
# address, which a veth has not: the stand-in reports each port's MAC, driver
# and link under its nodes.yaml "pci" string). All of it goes when the run
# ends, however it ends. Needs root.
#
#   scripts/dts-veth-rig.sh --dts DPDK_TREE --binary PATH --out DIR \
#       [--suites a,b] [--python-root ROOT] [--sshd DIR] [--timeout S]
#
# --dts          a DPDK tree holding dts/ and usertools/ (e.g. DPDK main's)
# --binary       the forwarder DTS runs as dpdk-testpmd (pmdfwd, or
#                /usr/bin/dpdk-testpmd for the control run)
# --out          where the run's files, DTS's output and results.json go
# --suites       DTS test suites (default: DTS's own choice, every suite of
#                the kinds the run enables: functional)
# --python-root  a root (debootstrap) whose python3 has DTS's dependencies
#                (pydantic 2, fabric, aenum, scapy, yaml); default: this host's
# --sshd         a root with usr/sbin/sshd (e.g. openssh-server's .deb
#                unpacked with dpkg -x); default: /
set -euo pipefail

die() { echo "dts-veth-rig: $*" >&2; exit 2; }

if [ "${1:-}" != "--inside" ]; then
    [ "$(id -u)" = 0 ] || die "needs root (namespaces, veth, sshd)"
    exec unshare --net --mount --pid --fork --mount-proc --kill-child "$0" --inside "$@"
fi
shift

DTS= BIN= OUT= SUITES= PYROOT= SSHROOT=/ TIMEOUT=7200
while [ $# -gt 0 ]; do
    case "$1" in
    --dts) DTS=$(realpath "$2"); shift 2 ;;
    --binary) BIN=$(realpath "$2"); shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --suites) SUITES=$2; shift 2 ;;
    --python-root) PYROOT=$(realpath "$2"); shift 2 ;;
    --sshd) SSHROOT=$(realpath "$2"); shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    *) die "unknown argument '$1' (see the head of $0)" ;;
    esac
done
[ -d "$DTS/dts" ] && [ -d "$DTS/usertools" ] || die "--dts $DTS: no dts/ and usertools/ there"
[ -x "$BIN" ] || die "--binary $BIN: not an executable"
[ -n "$OUT" ] || die "--out DIR is required"
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

# A private runtime directory for DPDK.
mkdir -p /run/dpdk
mount -t tmpfs tmpfs /run/dpdk

# The tree DTS takes as a precompiled DPDK: build/app/dpdk-testpmd is the
# binary under test.
ln -s "$BIN" "$RIG/tree/build/app/dpdk-testpmd"
# DTS reports the tree's VERSION: the DPDK the binaries here are built on.
pkg-config --modversion libdpdk >"$RIG/tree/VERSION" 2>/dev/null || echo unknown >"$RIG/tree/VERSION"

# Ports: the SUT's "pci" strings are EAL -a arguments that make the vdevs.
SUT_PCI=("net_af_packet0000:dd:00.0,iface=sut0" "net_af_packet0000:dd:00.1,iface=sut1")
TG_PCI=("0000:ee:00.0" "0000:ee:00.1")
lshw_entry() { # businfo iface
    printf '{"id":"network","class":"network","businfo":"pci@%s","logicalname":"%s",' "$1" "$2"
    printf '"serial":"%s","configuration":{"driver":"veth","link":"yes","firmware":"N/A"}}' \
        "$(cat "/sys/class/net/$2/address")"
}
{
    echo "["
    lshw_entry "${SUT_PCI[0]}" sut0; echo ","
    lshw_entry "${SUT_PCI[1]}" sut1; echo ","
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
{
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
    [ -z "$SUITES" ] || echo "test_suites:"
    for s in ${SUITES//,/ }; do
        [ -f "$DTS/dts/tests/TestSuite_$s.py" ] || die "--suites: no DTS suite '$s'"
        echo "  - $s"
    done
} >"$RIG/test_run.yaml"

# DTS itself, with its output under $OUT.
cmd=(env HOME="$RIG/home" PYTHONDONTWRITEBYTECODE=1 python3 main.py
    --test-run-config-file "$RIG/test_run.yaml" --nodes-config-file "$RIG/nodes.yaml"
    --output-dir "$OUT/output")
start=$(date +%s)
set +e
if [ -n "$PYROOT" ]; then
    for d in /proc /dev /sys /work /tmp /run; do
        mkdir -p "$PYROOT$d"
        mount --rbind "$d" "$PYROOT$d"
    done
    timeout "$TIMEOUT" chroot "$PYROOT" sh -c "cd '$DTS/dts' && exec \"\$@\"" dts "${cmd[@]}" \
        >"$OUT/dts.log" 2>&1 &
else
    (cd "$DTS/dts" && exec timeout "$TIMEOUT" "${cmd[@]}") >"$OUT/dts.log" 2>&1 &
fi
dts_pid=$!
# After a critical error DTS says it has ended and then waits for ever on its
# sniffer thread: past that line it gets 15 s to exit by itself. Whatever is
# left in these namespaces dies with this script (their first process).
while kill -0 "$dts_pid" 2>/dev/null; do
    if grep -q "DTS execution has ended" "$OUT/output/dts.log" 2>/dev/null; then
        for _ in $(seq 15); do kill -0 "$dts_pid" 2>/dev/null && sleep 1; done
        kill "$dts_pid" 2>/dev/null # timeout passes it on to DTS
        break
    fi
    sleep 2
done
wait "$dts_pid"
rc=$?
set -e
echo "DTS exit $rc after $(($(date +%s) - start)) s; log $OUT/dts.log, results $OUT/output" |
    tee "$OUT/summary.txt"
