#!/usr/bin/env bash
# Long-run check of pmdfwd on a net_ring loopback: start/stop cycles with
# engine, kernel and burst changes, counters, mbufs and memory checked after
# every cycle (see python/pmdfwd_dev/soak.py for what is checked).
#
#   scripts/soak.sh                    10 minutes, build/pmdfwd
#   scripts/soak.sh --minutes 60
#   scripts/soak.sh --seconds 15 --bin build-asan/pmdfwd
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=python3
[[ -x /usr/bin/python3 ]] && py=/usr/bin/python3
exec "$py" "$here/soak.py" "$@"
