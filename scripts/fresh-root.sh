# Sourced by scripts/test-packages.sh and scripts/time-first-run.sh: a clean
# Debian 12 root per use, as a fresh machine would be, with what EAL needs
# mounted (proc, sys, dev, dev/hugepages). The minbase root is made once with
# debootstrap from the mirror in /etc/apt/sources.list.d/debian.sources (or
# PMDFWD_MIRROR) and kept as a tarball in $PMDFWD_PKGROOTS (default
# /var/cache/pmdfwd/pkgroots); every fresh_root starts again from it.
# Needs root (debootstrap, chroot, mount). Every mount made is undone by
# fresh_root_remove (and by the EXIT trap the caller sets).
PKGROOTS=${PMDFWD_PKGROOTS:-/var/cache/pmdfwd/pkgroots}
FRESH_MOUNTS=()

fresh_log() { echo "$(basename "$0"): $*" >&2; }

fresh_mirror() {
  if [[ -n ${PMDFWD_MIRROR:-} ]]; then echo "$PMDFWD_MIRROR"; return; fi
  awk 'tolower($1) == "uris:" && $2 !~ /security/ { print $2; exit }' \
    /etc/apt/sources.list.d/debian.sources 2>/dev/null
}

# The cached minbase tarball, made once (a few minutes).
fresh_base() {
  local tar=$PKGROOTS/bookworm-minbase.tar mirror partial
  [[ -f $tar ]] && { echo "$tar"; return; }
  mirror=$(fresh_mirror)
  [[ -n $mirror ]] || { fresh_log "no Debian mirror in /etc/apt/sources.list.d/debian.sources (set PMDFWD_MIRROR)"; return 1; }
  command -v debootstrap >/dev/null || { fresh_log "debootstrap is not installed"; return 1; }
  partial=$PKGROOTS/bookworm-minbase.partial
  mkdir -p "$PKGROOTS"
  rm -rf --one-file-system "$partial"
  fresh_log "making the Debian 12 minbase root from $mirror (once)"
  if ! debootstrap --variant=minbase bookworm "$partial" "$mirror" >"$PKGROOTS/debootstrap.log" 2>&1; then
    fresh_log "debootstrap failed; last lines of $PKGROOTS/debootstrap.log:"
    tail -n 15 "$PKGROOTS/debootstrap.log" >&2
    return 1
  fi
  # The host's sources (bookworm, -updates, -security), as a fresh install has.
  if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
    rm -f "$partial/etc/apt/sources.list"
    cp /etc/apt/sources.list.d/debian.sources "$partial/etc/apt/sources.list.d/"
  fi
  tar -C "$partial" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar" && rm -rf --one-file-system "$partial"
  echo "$tar"
}

fresh_mounts_under() {
  awk -v p="$1" '$5 == p || index($5, p "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

# fresh_root DIR: a new root in DIR from the tarball, mounted.
fresh_root() {
  local dir=$1 tar d
  tar=$(fresh_base) || return 1
  fresh_root_remove "$dir" || return 1
  mkdir -p "$dir"
  tar -C "$dir" -xf "$tar" || return 1
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  # Packages must not start services in a chroot.
  printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"
  chmod 755 "$dir/usr/sbin/policy-rc.d"
  mount -t proc proc "$dir/proc" && FRESH_MOUNTS+=("$dir/proc") || return 1
  for d in /sys /dev /dev/pts /dev/hugepages; do
    mountpoint -q "$d" || continue
    mkdir -p "$dir$d"
    mount --bind "$d" "$dir$d" && FRESH_MOUNTS+=("$dir$d") || return 1
    mount --make-slave "$dir$d" 2>/dev/null || true
  done
}

# Unmounts and deletes DIR; refuses to delete while anything is mounted in it.
fresh_root_remove() {
  local dir=$1 m
  [[ -e $dir ]] || return 0
  for m in $(fresh_mounts_under "$dir"); do umount "$m" 2>/dev/null || umount -l "$m"; done
  if [[ -n $(fresh_mounts_under "$dir") ]]; then
    fresh_log "$dir still has mounts inside; not removing it"
    return 1
  fi
  rm -rf --one-file-system "$dir"
}

fresh_unmount_all() {
  local i
  for ((i = ${#FRESH_MOUNTS[@]} - 1; i >= 0; i--)); do
    mountpoint -q "${FRESH_MOUNTS[i]}" && { umount "${FRESH_MOUNTS[i]}" 2>/dev/null || umount -l "${FRESH_MOUNTS[i]}"; }
  done
  FRESH_MOUNTS=()
}

# in_fresh_root DIR CMD...: CMD as root in DIR with a clean environment.
in_fresh_root() {
  local dir=$1
  shift
  chroot "$dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive "$@"
}
