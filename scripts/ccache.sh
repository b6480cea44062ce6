# shellcheck shell=bash
# The compiler cache (ccache) of the test command's builds: sourced by
# scripts/setup.sh, scripts/test.sh, scripts/fuzz.sh and scripts/test-arm64.sh
# (the DPDK roots' builds get theirs from pmdfwd_dev.roots).
#
# One cache per distribution under /var/cache/pmdfwd/ccache/ (its compilers
# differ from the roots'), capped at CCACHE_MAXSIZE (default 4G). Hits work
# across clones in different directories: base_dir is the clone (meson's
# paths are relative to it) and the working directory is left out of the
# key of -g builds (hash_dir false; the debug info of a hit names the build
# directory of the clone that compiled it first).
#
#   PMDFWD_CCACHE=0     no cache (ccache passes every call to the compiler)
#   PMDFWD_CCACHE_DIR   the folder of the per-distribution caches
#   CCACHE_DIR          this cache itself (then PMDFWD_CCACHE_DIR is unused)

# Sets ccache's environment for the clone at $1; without ccache, or where
# the cache folder cannot be written (not root), ccache's own defaults.
ccache_setup() {
  local top=$1 base=${PMDFWD_CCACHE_DIR:-/var/cache/pmdfwd/ccache} name
  if [[ ${PMDFWD_CCACHE:-1} == 0 ]]; then
    export CCACHE_DISABLE=1
    return 0
  fi
  command -v ccache >/dev/null || return 0
  if [[ -z ${CCACHE_DIR:-} ]]; then
    name=$(. /etc/os-release && echo "${VERSION_CODENAME:-${ID:-host}}")
    if mkdir -p "$base/$name" 2>/dev/null && [[ -w $base/$name ]]; then
      export CCACHE_DIR=$base/$name
    fi
  fi
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd "$top" && pwd -P)}
  export CCACHE_NOHASHDIR=1
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
}

# True when builds go through ccache.
ccache_on() {
  [[ ${PMDFWD_CCACHE:-1} != 0 && -z ${CCACHE_DISABLE:-} ]] && command -v ccache >/dev/null
}

# Counts this build's compilations in a log of its own (ccache's stats
# log); ccache_build_end prints them and adds them to the caller's log
# (scripts/test.sh's stage), if any.
ccache_build_begin() {
  ccache_on || return 0
  _ccache_outer=${CCACHE_STATSLOG:-}
  CCACHE_STATSLOG=$(mktemp)
  export CCACHE_STATSLOG
}

# Prints "LABEL: ccache N hits, M misses of K compilations" for the build
# since ccache_build_begin.
ccache_build_end() {
  ccache_on && [[ -n ${CCACHE_STATSLOG:-} ]] || return 0
  local own=$CCACHE_STATSLOG
  ccache_log_line "$1" "$own"
  if [[ -n $_ccache_outer ]]; then
    cat "$own" >>"$_ccache_outer"
    export CCACHE_STATSLOG=$_ccache_outer
  else
    unset CCACHE_STATSLOG
  fi
  rm -f "$own"
}

# The hit/miss line of a ccache stats log.
ccache_log_line() {
  local label=$1 log=$2
  if [[ ! -s $log ]]; then
    echo "$label: ccache: no compilations"
    return 0
  fi
  CCACHE_STATSLOG=$log ccache --show-log-stats | awk -v label="$label" '
    /^ *Hits:/ { hits = $2; total = $4 }
    /^ *Misses:/ { misses = $2 }
    /^ *Direct:/ && !direct { direct = $2 }
    END { printf "%s: ccache %d hits (%d direct), %d misses of %d compilations\n", label, hits, direct, misses, total }'
}
