#!/bin/sh
# Keeps net_tap's kernel interfaces in the bridges of a software NIC loopback
# (scripts/dts-veth-rig.sh --pmd tap, tests/e2e/test_tap_bridge.py):
#
#   dts-tap-bridge.sh TAP,BRIDGE,MAC ...      (runs until killed)
#
# The logic is python/pmdfwd_dev/rig/tap_bridge.py (its docstring says why
# each step).
tree=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$tree/python${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 -m pmdfwd_dev.rig.tap_bridge "$@"
