#!/bin/sh
# Times `bash scripts/run.sh` in a fresh Debian 12 root, as a new user meets
# it. The logic is python/pmdfwd_dev/first_run.py.
#
#   [REV=<commit>] [KEEP=1] scripts/time-first-run.sh [run.sh arguments...]
tree=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$tree/python${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 -m pmdfwd_dev.first_run "$@"
