#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang, ASan and UBSan, and
# runs each for a bounded time on a copy of its seed corpus
# (tests/fuzz/corpus/<target>). Exits non-zero if a target crashes; the
# input that did it is saved under $FUZZ_BUILD/fuzz-artifacts/.
#
#   scripts/fuzz.sh                       every target, 30 s each
#   FUZZ_SECONDS=600 scripts/fuzz.sh macswap_kernels
set -uo pipefail
cd "$(dirname "$0")/.."
build=${FUZZ_BUILD:-build-fuzz}
seconds=${FUZZ_SECONDS:-30}
targets=("$@")
((${#targets[@]})) || targets=(commands options macswap_kernels)

# A unity build (several sources per compiler call, the headers parsed once
# per chunk): the per-file build of scripts/test.sh already shows that each
# file compiles alone (meson test unity_sources: the chunks compile).
# Through the compiler cache (scripts/ccache.sh): meson takes CC and CXX
# as they are, so ccache is named there.
# shellcheck source=scripts/ccache.sh
. scripts/ccache.sh
ccache_setup .
launcher=
ccache_on && launcher="ccache "
if [[ ! -f $build/build.ninja ]]; then
  CC="${launcher}clang" CXX="${launcher}clang++" meson setup "$build" -Dfuzzers=true \
    -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized \
    -Dtests=disabled -Dbenchmarks=disabled -Dunity=on -Dunity_size=26 >/dev/null ||
    { echo "fuzz: meson setup failed"; exit 1; }
fi
ccache_build_begin
ninja -C "$build" $(printf "tests/fuzz/fuzz_%s " "${targets[@]}") >/dev/null ||
  { echo "fuzz: build failed (ninja -C $build)"; exit 1; }
ccache_build_end "fuzz: $build"

mkdir -p "$build/fuzz-artifacts"
failed=0
for t in "${targets[@]}"; do
  work=$(mktemp -d)
  cp tests/fuzz/corpus/"$t"/* "$work"/
  echo "fuzz: $t for ${seconds} s"
  # halt_on_error: UBSan findings stop the run like ASan's; leaks are found
  # per input by libFuzzer itself.
  if ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
     "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$t-" "$work" \
       >"$build/fuzz-$t.log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$build/fuzz-$t.log" | tr '\n' ' '
    echo
  else
    failed=1
    echo "fuzz: $t FAILED (log: $build/fuzz-$t.log)"
    tail -n 40 "$build/fuzz-$t.log"
  fi
  rm -rf "$work"
done
exit $failed
