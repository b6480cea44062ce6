#!/bin/bash
# Keeps net_tap's kernel interfaces in the bridges of a software NIC loopback
# (scripts/dts-veth-rig.sh --pmd tap, tests/e2e/test_tap_bridge.py):
#
#   dts-tap-bridge.sh TAP,BRIDGE,MAC ...      (runs until killed)
#
# net_tap makes its interface (iface=TAP) when the port probes and removes it
# when the process ends, and a harness starts the forwarder again and again:
# each TAP that appears goes into BRIDGE. net_tap also gives TAP the port's
# MAC; on a bridge port that MAC is the bridge's own, and frames to it go up
# to the host instead of out to the port. So TAP keeps MAC (any other), set
# again whenever the PMD sets it back (at start, and on a MAC change); the
# MAC the PMD set is the port's, and the bridge sends frames to it to TAP.
# A NIC drops unicast frames to other MACs unless promiscuous; net_tap
# filters nothing, so the bridge does it for the port: it floods unknown
# unicast to TAP only while the PMD holds TAP promiscuous (TAP's promiscuity
# is then 2: the bridge's and the PMD's). Works from link events (ip
# monitor), not by polling; needs iproute2 and CAP_NET_ADMIN in the
# namespace of the links.
set -u
die() { echo "dts-tap-bridge: $*" >&2; exit 2; }
[ $# -gt 0 ] || die "usage: $0 TAP,BRIDGE,MAC ... (e.g. dtap0,brs0,02:00:00:00:ee:00)"
for spec in "$@"; do
    IFS=, read -r tap br mac <<<"$spec"
    [ -n "$tap" ] && [ -n "$br" ] && [[ $mac =~ ^([0-9a-f]{2}:){5}[0-9a-f]{2}$ ]] ||
        die "'$spec': want TAP,BRIDGE,MAC with MAC in lower-case xx:xx:xx:xx:xx:xx"
    ip link show dev "$br" >/dev/null 2>&1 || die "'$spec': no bridge '$br'"
done

field() { # text name: the word after " name " in text
    local rest=${1#* $2 }
    [ "$rest" != "$1" ] && echo "${rest%% *}"
}
fix() { # tap bridge mac: address first (the bridge takes its ports' MACs)
    local out port_mac="" want
    out=$(ip -d -o link show dev "$1" 2>/dev/null) || return 0
    if [[ $out != *"link/ether $3 "* ]]; then
        port_mac=$(field "$out" link/ether)
        ip link set dev "$1" address "$3" 2>/dev/null
    fi
    if [[ $out != *" master $2 "* ]]; then
        ip link set dev "$1" master "$2" 2>/dev/null
        out=$(ip -d -o link show dev "$1" 2>/dev/null) || return 0
    fi
    [ -z "$port_mac" ] || bridge fdb replace "$port_mac" dev "$1" master static 2>/dev/null
    want=off
    [ "$(field "$out" promiscuity)" -lt 2 ] 2>/dev/null || want=on
    # Only on a change: setting it makes an event of its own.
    [[ $out != *" master $2 "* || $out == *" flood $want "* ]] ||
        bridge link set dev "$1" flood "$want" 2>/dev/null
    return 0
}
fix_all() {
    for spec in "${SPECS[@]}"; do
        IFS=, read -r tap br mac <<<"$spec"
        fix "$tap" "$br" "$mac"
    done
}
SPECS=("$@")
fix_all
# The monitor first, then one more pass: a tap made in between is caught by
# the pass, any later one by its events. A tap's birth is a burst of events
# (made, MAC, up, flags): the burst is read whole, then one pass, so that a
# forwarder's start-up does not wait on a queue of passes (a harness sends
# its first frames about a second after the prompt).
exec 3< <(exec ip monitor link)
# The monitor goes with this script, however it is ended.
MONITOR=$!
trap 'kill "$MONITOR" 2>/dev/null' EXIT
trap 'exit 143' TERM INT HUP
fix_all
while read -r _ <&3; do
    while read -r -t 0.02 _ <&3; do :; done
    fix_all
done
