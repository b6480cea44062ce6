# Sourced by scripts/test-packages.sh and scripts/time-first-run.sh: a clean
# Debian 12 root (or another suite's) per use, as a fresh machine would be, with what EAL needs
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

# The host's sources (bookworm, -updates, -security) for bookworm, as a fresh
# install has; the same three for another suite.
fresh_sources() {
  local suite=$1 dir=$2 mirror=$3
  rm -f "$dir/etc/apt/sources.list"
  if [[ $suite == bookworm && -f /etc/apt/sources.list.d/debian.sources ]]; then
    cp /etc/apt/sources.list.d/debian.sources "$dir/etc/apt/sources.list.d/"
    return
  fi
  {
    printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\n' "$mirror" "$suite" "$suite"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\n'
    printf 'Types: deb\nURIs: %s\nSuites: %s-security\nComponents: main\n' \
      "${mirror%/debian}/debian-security" "$suite"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
  } >"$dir/etc/apt/sources.list.d/debian.sources"
}

# The cached minbase tarball of SUITE (default bookworm), made once (a few
# minutes).
fresh_base() {
  local suite=${1:-bookworm} tar mirror partial
  tar=$PKGROOTS/$suite-minbase.tar
  [[ -f $tar ]] && { echo "$tar"; return; }
  mirror=$(fresh_mirror)
  [[ -n $mirror ]] || { fresh_log "no Debian mirror in /etc/apt/sources.list.d/debian.sources (set PMDFWD_MIRROR)"; return 1; }
  command -v debootstrap >/dev/null || { fresh_log "debootstrap is not installed"; return 1; }
  partial=$PKGROOTS/$suite-minbase.partial
  mkdir -p "$PKGROOTS"
  rm -rf --one-file-system "$partial"
  fresh_log "making the Debian $suite minbase root from $mirror (once)"
  if ! debootstrap --variant=minbase "$suite" "$partial" "$mirror" >"$PKGROOTS/debootstrap-$suite.log" 2>&1; then
    fresh_log "debootstrap failed; last lines of $PKGROOTS/debootstrap-$suite.log:"
    tail -n 15 "$PKGROOTS/debootstrap-$suite.log" >&2
    return 1
  fi
  fresh_sources "$suite" "$partial" "$mirror"
  tar -C "$partial" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar" && rm -rf --one-file-system "$partial"
  echo "$tar"
}

fresh_mounts_under() {
  awk -v p="$1" '$5 == p || index($5, p "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}

# fresh_root DIR [SUITE]: a new root in DIR from SUITE's tarball, mounted.
fresh_root() {
  local dir=$1 tar d
  tar=$(fresh_base "${2:-bookworm}") || return 1
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
