#!/bin/sh
# The Debian packages as a user gets them (issue 21): built, linted,
# installed into a clean Debian 12 root, used, purged. The logic is
# python/pmdfwd_dev/package_check.py (--help says the rest).
#
#   [SUITE=trixie] [DEBS_FROM=DIR] scripts/test-packages.sh [OUT_DIR]
tree=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$tree/python${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 -m pmdfwd_dev.package_check "$@"
