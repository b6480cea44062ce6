#!/bin/sh
# The name scripts/test.sh and the docs use; the matrix is scripts/dpdk-matrix (Python).
exec /usr/bin/python3 "$(dirname "$0")/dpdk-matrix" "$@"
