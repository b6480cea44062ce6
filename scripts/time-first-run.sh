#!/usr/bin/env bash
# Times `bash scripts/run.sh` as a new user meets it on a fresh Debian 12
# machine: a clean minbase root (scripts/fresh-root.sh), this tree copied to
# /root/pmdfwd in it, run.sh run there as root. Prints its output as it comes
# and the elapsed time; removes the root afterwards (KEEP=1 keeps it).
#
#   [REV=<commit>] [KEEP=1] scripts/time-first-run.sh [run.sh arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/fresh-root.sh
. scripts/fresh-root.sh
[[ $(id -u) -eq 0 ]] || { echo "time-first-run: needs root (chroot, mount)" >&2; exit 1; }
root=$PKGROOTS/first-run.$$
trap 'fresh_unmount_all; [[ -n ${KEEP:-} ]] || fresh_root_remove "$root"' EXIT
fresh_base >/dev/null
fresh_root "$root"
mkdir -p "$root/root/pmdfwd"
# The tree as git sees it (tracked and untracked, not ignored): no build
# dirs; REV=<commit> takes that commit instead.
if [[ -n ${REV:-} ]]; then
  git archive "$REV" | tar -C "$root/root/pmdfwd" -xf -
else
  git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -C "$root/root/pmdfwd" -xf -
fi
start=$(date +%s.%N)
rc=0
in_fresh_root "$root" bash /root/pmdfwd/scripts/run.sh "$@" || rc=$?
end=$(date +%s.%N)
echo "time-first-run: run.sh exit $rc after $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }') s in a fresh Debian 12 root"
exit "$rc"
