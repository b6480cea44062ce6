#!/bin/bash
# The engine SDK's ABI against its committed baseline, the way DPDK checks
# its libraries (devtools/check-abi.sh): libabigail's abidw dumps the ABI of
# a small shared object built from <pmdfwd/engine.h> (every struct reachable
# from the plugin entry and the hooks, the parameter kinds, and the header's
# numeric constants as enumerators), and abidiff compares it with
# scripts/abi/engine-abi-<PMDFWD_ENGINE_ABI_VERSION>.xml. Any difference
# fails: the header changed, so the version must be bumped and a baseline
# for the new version written (doc/engine-authoring.md, "ABI versioning
# rules").
#
#   scripts/abi-check.sh             compare (exit 77 without abigail-tools)
#   scripts/abi-check.sh --update    write the current version's baseline
#   scripts/abi-check.sh --self-test a field added to a copy of the header
#                                    must fail the comparison
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in cc abidw abidiff; do
  if ! command -v "$tool" >/dev/null; then
    echo "abi-check: skipped, no $tool (apt-get install abigail-tools)"
    exit 77
  fi
done

mode=${1:-check}
case $mode in
  check | --update | --self-test) ;;
  *) echo "usage: $0 [--update | --self-test]" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# PMDFWD_ENGINE_ABI_VERSION as the compiler sees it ("6u" -> 6).
abi_version() {
  printf '#include <pmdfwd/engine.h>\nPMDFWD_ENGINE_ABI_VERSION\n' |
    cc -E -P -I"$1" -x c - | tail -n 1 | tr -d ' u'
}

# The ABI of the header under include dir $1, as abidw's XML in $2.
dump() {
  local inc=$1 out=$2 probe=$tmp/probe.c
  {
    echo '#include <pmdfwd/engine.h>'
    # Macros are invisible to abidw: the numeric ones (flags, lengths, the
    # version) become enumerators, whose values it records.
    echo 'enum pmdfwd_abi_constant {'
    cc -E -dM -I"$inc" -x c "$inc/pmdfwd/engine.h" |
      awk '$1 == "#define" && $2 ~ /^PMDFWD_/ && $2 !~ /\(/ && NF >= 3 && $3 !~ /^"/ {
             printf "\tABI_%s = %s,\n", $2, $2 }' | sort
    echo '};'
    cat <<'EOF'
void pmdfwd_abi_constants(enum pmdfwd_abi_constant c) { (void)c; }
void pmdfwd_abi_param_kind(enum pmdfwd_param_kind k) { (void)k; }
void pmdfwd_abi_structs(const struct pmdfwd_engine *e, const struct pmdfwd_stream *s,
                        const struct pmdfwd_param_value *v, const struct pmdfwd_command_ctx *c)
{
  (void)e, (void)s, (void)v, (void)c;
}
/* The entry a plugin exports, with the header's type for it. */
const struct pmdfwd_engine *const *pmdfwd_plugin_engines(uint32_t host_abi_version, char *err,
                                                         size_t err_len)
{
  static const pmdfwd_plugin_entry_fn as_declared __attribute__((unused)) = pmdfwd_plugin_engines;
  (void)host_abi_version, (void)err, (void)err_len;
  return 0;
}
EOF
  } >"$probe"
  # Built from its bare name, locations left out: the dump is the same from
  # any checkout.
  (cd "$tmp" && cc -std=gnu11 -shared -fPIC -g -O0 -Wall -Wextra -Werror -I"$inc" \
    -o probe.so probe.c)
  abidw --no-corpus-path --no-comp-dir-path --no-show-locs --out-file "$out" "$tmp/probe.so"
}

# Compares the header under $1 with its version's baseline; says what to do.
compare() {
  local inc=$1 version baseline
  version=$(abi_version "$inc")
  baseline=scripts/abi/engine-abi-$version.xml
  if [[ ! -f $baseline ]]; then
    echo "abi-check: no baseline for engine ABI $version ($baseline): after a bump, write it" \
      "with scripts/abi-check.sh --update"
    return 1
  fi
  dump "$inc" "$tmp/current.xml"
  if abidiff --harmless "$baseline" "$tmp/current.xml" >"$tmp/diff.txt"; then
    echo "abi-check: <pmdfwd/engine.h> matches $baseline"
    return 0
  fi
  cat "$tmp/diff.txt"
  echo "abi-check: <pmdfwd/engine.h> differs from $baseline, the ABI of engine ABI $version:" \
    "bump PMDFWD_ENGINE_ABI_VERSION and write the new baseline (scripts/abi-check.sh --update);" \
    "from 1.0 on, only at a major release"
  return 1
}

case $mode in
  check) compare "$PWD/include" ;;
  --update)
    mkdir -p scripts/abi
    out=scripts/abi/engine-abi-$(abi_version include).xml
    dump "$PWD/include" "$out"
    echo "abi-check: wrote $out"
    ;;
  --self-test)
    mkdir -p "$tmp/inc/pmdfwd"
    sed 's/^    uint32_t nb_commands;$/&\n    uint32_t abi_check_added;/' include/pmdfwd/engine.h \
      >"$tmp/inc/pmdfwd/engine.h"
    if cmp -s include/pmdfwd/engine.h "$tmp/inc/pmdfwd/engine.h"; then
      echo "abi-check self-test: could not add a field to a copy of the header" >&2
      exit 1
    fi
    if compare "$tmp/inc" >"$tmp/self.txt"; then
      cat "$tmp/self.txt"
      echo "abi-check self-test: a field added to struct pmdfwd_engine went unnoticed" >&2
      exit 1
    fi
    grep -q "abi_check_added" "$tmp/self.txt" || {
      cat "$tmp/self.txt"
      echo "abi-check self-test: the report does not name the added field" >&2
      exit 1
    }
    echo "abi-check self-test: a field added to struct pmdfwd_engine is reported"
    ;;
esac
