#!/usr/bin/env bash
# The main job: set up, build, and forward with macswap on two net_ring
# ports in loopback (no NIC needed) for a few seconds, printing testpmd-format
# statistics every second and the forward statistics at the end.
#
#   scripts/run.sh [SECONDS] [extra pmdfwd app options...]
#   e.g. scripts/run.sh 10 --forward-mode=io
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
shift || true
scripts/setup.sh build >/dev/null
mem=$(scripts/hugepages.sh)
# The main lcore (shell, statistics) and one forwarding lcore, each on its
# own CPU when there are two.
lcores='0@0,1@1'
[[ $(nproc) -lt 2 ]] && lcores='0@0,1@0'
# shellcheck disable=SC2086
exec build/pmdfwd --lcores "$lcores" --no-pci $mem --file-prefix "pmdfwd-run-$$" \
  --vdev net_ring0 --vdev net_ring1 -- \
  --forward-mode=macswap --tx-first --stats-period=1 --record-core-cycles \
  --run-time="$seconds" "$@" </dev/null
