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
# Each step shows its own output: the packages being installed, meson's
# configuration, ninja's progress.
echo "run: step 1/3: packages and build"
t0=$SECONDS
scripts/setup.sh --run build
echo "run: step 2/3: hugepages (step 1 took $((SECONDS - t0)) s)"
mem=$(scripts/hugepages.sh)
if [[ -n $mem ]]; then
  echo "run: no hugepages (mount hugetlbfs on /dev/hugepages, or run as root): $mem"
else
  echo "run: hugepages: $(awk '/HugePages_Free/ {print $2}' /proc/meminfo) free on /dev/hugepages"
fi
# The main lcore (shell, statistics) and one forwarding lcore, each on its
# own CPU when there are two.
lcores='0@0,1@1'
[[ $(nproc) -lt 2 ]] && lcores='0@0,1@0'
echo "run: step 3/3: macswap on net_ring0 <-> net_ring1 for $seconds s ($((SECONDS - t0)) s since the start)"
# shellcheck disable=SC2086
exec build/pmdfwd --lcores "$lcores" --no-pci $mem --file-prefix "pmdfwd-run-$$" \
  --vdev net_ring0 --vdev net_ring1 -- \
  --forward-mode=macswap --tx-first --stats-period=1 --record-core-cycles \
  --run-time="$seconds" "$@" </dev/null
