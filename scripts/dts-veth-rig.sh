#!/bin/sh
# Runs DPDK's DTS against one forwarder binary on a software NIC loopback
# (veth pairs, net_af_packet or net_tap bridged) in namespaces of its own:
#
#   scripts/dts-veth-rig.sh --dts DPDK_TREE --binary PATH --out DIR \
#       [--pmd af_packet|tap] [--suites a,b] [--each-suite] [--python-root ROOT]
#       [--sshd DIR] [--timeout S] [--root ROOT]
#
# The logic, and what each option means, is python/pmdfwd_dev/rig/dts_veth.py
# (its docstring); doc/dts.md says how it was run.
tree=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$tree/python${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 -m pmdfwd_dev.rig.dts_veth "$@"
