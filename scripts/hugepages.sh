#!/usr/bin/env bash
# Mounts hugetlbfs at /dev/hugepages and reserves N 2 MiB pages (default
# 1024) when run as root. Prints the EAL memory options to use: nothing when
# hugepages are available, "--no-huge -m 1024" when they are not.
set -u
want=${1:-1024}
if [[ $(id -u) -eq 0 ]]; then
  mkdir -p /dev/hugepages
  mountpoint -q /dev/hugepages || mount -t hugetlbfs nodev /dev/hugepages 2>/dev/null
  have=$(cat /proc/sys/vm/nr_hugepages 2>/dev/null || echo 0)
  ((have < want)) && echo "$want" >/proc/sys/vm/nr_hugepages 2>/dev/null
fi
free=$(awk '/HugePages_Free/ {print $2}' /proc/meminfo)
if mountpoint -q /dev/hugepages && ((${free:-0} >= 256)); then
  echo ""
else
  echo "--no-huge -m 1024"
fi
