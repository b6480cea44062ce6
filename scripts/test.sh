#!/usr/bin/env bash
# The test command (README, .ci/run): installs what is missing, builds, and
# runs every suite: unit, integration and end-to-end tests, the perf tool's
# tests and smoke run; against DPDK 24.11 and 25.11 (scripts/dpdk-matrix.sh:
# Debian roots, cached) the unit, integration and engine suites and the e2e
# tests whose outcome depends on the DPDK version (suite dpdk-version); the
# Debian packages in a clean Debian 12 root (scripts/test-packages.sh); the
# kernels cross-built for arm64 under qemu; under AddressSanitizer + UBSan
# the unit, integration, engine and soak suites and the e2e tests that drive
# hostile input (suite hostile); and short fuzz runs.
#
#   scripts/test.sh            everything
#   SKIP_MATRIX=1 SKIP_PACKAGES=1 SKIP_ARM64=1 SKIP_SANITIZE=1 SKIP_FUZZ=1 scripts/test.sh   the quick part
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
failures=()

# Adds a meson test run's results (from its testlog.json) to the totals.
count_meson() {
  local log=$1/meson-logs/testlog.json name=$2
  [[ -f $log ]] || { failed=$((failed + 1)); failures+=("$name: no test log"); return; }
  local p f
  p=$(grep -c '"result": "OK"' "$log")
  f=$(grep -c -E '"result": "(FAIL|TIMEOUT|ERROR|UNEXPECTEDPASS)"' "$log")
  passed=$((passed + p))
  failed=$((failed + f))
  ((f)) && failures+=("$name: $f failing (see $log)")
}

# Every build goes through the compiler cache (scripts/ccache.sh; setup.sh
# installs ccache): PMDFWD_CCACHE=0 turns it off.
# shellcheck source=scripts/ccache.sh
. scripts/ccache.sh
ccache_setup .

# Each stage says how long it took and how its host builds used the cache
# (the roots' builds print their own line); the end gives the total.
start_all=$SECONDS
stage_name=
stage_start=$SECONDS
stage_done() {
  [[ -n $stage_name ]] || return 0
  [[ -n ${CCACHE_STATSLOG:-} ]] && ccache_log_line "--- $stage_name" "$CCACHE_STATSLOG" && rm -f "$CCACHE_STATSLOG"
  unset CCACHE_STATSLOG
  echo "--- $stage_name: $((SECONDS - stage_start)) s"
  stage_name=
}
stage() {
  stage_done
  stage_name=$*
  stage_start=$SECONDS
  # The stage's own stats log; the builds inside add theirs to it.
  ccache_on && CCACHE_STATSLOG=$(mktemp) && export CCACHE_STATSLOG
  echo
  echo "=== $*"
}

stage "setup and build"
# The test set of packages on top of run.sh's, and the suites and benchmarks
# back on in a build directory run.sh configured without them (and the
# per-file build instead of run.sh's unity build: setup.sh without --run).
if ! scripts/setup.sh build -Dtests=auto -Dbenchmarks=auto; then
  echo "build failed"
  echo "pmdfwd: 0 passed, 1 failed"
  exit 1
fi
ccache_setup .  # ccache may have just been installed
mem=$(scripts/hugepages.sh)
[[ -n $mem ]] && echo "(no hugepages here: the perf smoke test will say it skipped)"

stage "meson test (unit, integration, e2e, perf)"
meson test -C build --print-errorlogs --num-processes 2
count_meson build "meson test"

if [[ -z ${SKIP_MATRIX:-} ]]; then
  stage "DPDK versions: 24.11 (Debian 13 root) and 25.11 (sid root)"
  # A root that cannot be made (no mirror, no root rights) is a failure of
  # this stage, never a silent skip. The host line repeats the suites above.
  matrix_out=$(mktemp)
  scripts/dpdk-matrix.sh --keep-going --host-results build | tee "$matrix_out"
  matrix_rc=${PIPESTATUS[0]}
  # Fold the roots' results into the totals ("DPDK V (suite): build ok,
  # tests N passed, M failed"); the host's are counted already.
  lines=$(sed -n '/^=== DPDK matrix/,$p' "$matrix_out" | grep '^DPDK ' | grep -v '(host)')
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    if [[ $line =~ build\ ok,\ tests\ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
      passed=$((passed + BASH_REMATCH[1]))
      failed=$((failed + BASH_REMATCH[2]))
      ((BASH_REMATCH[2])) && failures+=("${line%%:*}: ${BASH_REMATCH[2]} failing")
    else
      failed=$((failed + 1)); failures+=("$line")
    fi
  done <<<"$lines"
  if ((matrix_rc)) && [[ -z $lines ]]; then
    failed=$((failed + 1)); failures+=("DPDK matrix: exit $matrix_rc, no result lines")
  fi
  rm -f "$matrix_out"
fi

if [[ -z ${SKIP_PACKAGES:-} ]]; then
  stage "Debian packages: build, lintian, install into a clean Debian 12 root, use, purge"
  # A root that cannot be made is a failure of this stage, never a skip.
  # PACKAGE_SUITES="bookworm trixie" adds Debian 13 (DPDK 24.11): built in
  # a trixie root, about as long again.
  for suite in ${PACKAGE_SUITES:-bookworm}; do
    if SUITE=$suite scripts/test-packages.sh; then
      passed=$((passed + 1))
    else
      failed=$((failed + 1)); failures+=("packages on $suite (scripts/test-packages.sh)")
    fi
  done
fi

if [[ -z ${SKIP_ARM64:-} ]]; then
  stage "arm64: kernels cross-built and run under qemu"
  # The kernel suites (scalar and neon against each other, guard pages);
  # PMDFWD_ARM64_TESTS= (empty) runs every unit suite, slower.
  rm -f build-arm64/meson-logs/testlog.json
  if ! PMDFWD_ARM64_TESTS=${PMDFWD_ARM64_TESTS-macswap_kernels,macswap_neon} \
       scripts/test-arm64.sh build-arm64; then
    [[ -f build-arm64/meson-logs/testlog.json ]] || { failed=$((failed + 1)); failures+=("arm64: setup or build failed"); }
  fi
  [[ -f build-arm64/meson-logs/testlog.json ]] && count_meson build-arm64 "arm64"
fi

if [[ -z ${SKIP_SANITIZE:-} ]]; then
  stage "AddressSanitizer + UndefinedBehaviorSanitizer build"
  # A unity build (-Dunity=on: a chunk of sources per compiler call, the
  # headers parsed and their templates instrumented once per chunk instead
  # of once per file): the sanitizers see the same code, and the per-file
  # build above showed that every file compiles alone (meson test
  # unity_sources: every target's chunk compiles). Should the unity build
  # fail anyway, that is a failure, and the suites still run on a per-file
  # build. The build's output goes to a log, shown when it fails.
  asan_log=$(mktemp)
  asan_opts=("-Db_sanitize=address,undefined" -Db_lundef=false -Dbuildtype=debugoptimized
             -Dbenchmarks=disabled)
  asan_built=
  if scripts/setup.sh build-asan "${asan_opts[@]}" -Dunity=on -Dunity_size=26 >"$asan_log" 2>&1; then
    asan_built=1
  else
    tail -n 40 "$asan_log"
    failed=$((failed + 1)); failures+=("sanitizer unity build failed (its suites ran on a per-file build)")
    echo "(the unity build failed: building build-asan file by file)"
    if scripts/setup.sh build-asan "${asan_opts[@]}" -Dunity=off >"$asan_log" 2>&1; then
      asan_built=1
    else
      tail -n 40 "$asan_log"
    fi
  fi
  if [[ -n $asan_built ]]; then
    # The unit, integration and engine suites, the soak's start/stop cycles,
    # and the end-to-end tests that drive hostile input (suite hostile,
    # tests/e2e/meson.build); the timing-heavy e2e tests ran on the host.
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      meson test -C build-asan --print-errorlogs --num-processes 2 \
        --suite unit --suite integration --suite engines --suite soak --suite hostile
    count_meson build-asan "sanitizers"
  else
    failed=$((failed + 1)); failures+=("sanitizer build failed")
  fi
  rm -f "$asan_log"
fi

if [[ -z ${SKIP_FUZZ:-} && -x scripts/fuzz.sh ]]; then
  stage "fuzzing (bounded)"
  if scripts/fuzz.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("fuzz"); fi
fi

stage_done
total=$((SECONDS - start_all))
echo
echo "test.sh: total $((total / 60)) min $((total % 60)) s"
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "pmdfwd: $passed passed, $failed failed"
((failed == 0))
