#!/usr/bin/env python3
"""The stages of scripts/test.sh select the tests they exist to run.

The DPDK matrix (scripts/dpdk-matrix) runs the suites in its default
MATRIX_SUITES (pmdfwd_dev.dpdk_matrix.DEFAULT_SUITES) in each root, and the sanitizer stage of scripts/test.sh the
suites it names with --suite. A suite name that no test carries selects
nothing, silently; a test moved out of its subset drops a check. This reads
the build's test list (meson-info/intro-tests.json), the matrix's default and
test.sh.

    check_test_subsets.py SOURCE_DIR BUILD_DIR
"""
import json
import os
import re
import sys

from pmdfwd_dev import dpdk_matrix

# The tests each subset exists for (tests/e2e/meson.build says why).
REQUIRED = {
    'dpdk-version': {'testpmd_session', 'testpmd_shell', 'engines_vs_testpmd', 'dts_startup',
                     'pcap_forward', 'plugin'},
    'hostile': {'hostile_use', 'hardening', 'robustness'},
}


def main():
    src, build = sys.argv[1], sys.argv[2]
    with open(os.path.join(build, 'meson-info', 'intro-tests.json')) as f:
        tests = json.load(f)
    by_suite = {}
    for t in tests:
        for s in t['suite']:
            by_suite.setdefault(s.split(':')[-1], set()).add(t['name'])
    errors = []
    matrix_suites = dpdk_matrix.DEFAULT_SUITES.split()
    test_sh = open(os.path.join(src, 'scripts', 'test.sh')).read()
    asan = test_sh[test_sh.find('meson test -C build-asan'):]
    asan = asan[:asan.find('count_meson')]
    asan_suites = re.findall(r'--suite (\S+)', asan)
    if not asan_suites:
        errors.append('scripts/test.sh: the sanitizer stage names no --suite')
    for where, suites, subset in (('dpdk-matrix', matrix_suites, 'dpdk-version'),
                                  ('test.sh (sanitizers)', asan_suites, 'hostile')):
        for s in suites:
            if s not in by_suite:
                errors.append(f'{where}: suite {s!r} has no test (suites: {sorted(by_suite)})')
        if subset not in suites:
            errors.append(f'{where}: does not run suite {subset!r}')
    for subset, names in REQUIRED.items():
        missing = names - by_suite.get(subset, set())
        if missing and 'e2e' in by_suite:
            errors.append(f'suite {subset!r} lacks {sorted(missing)} (tests/e2e/meson.build)')
    for e in errors:
        print(e)
    for s in ('dpdk-version', 'hostile'):
        print(f'{s}: {" ".join(sorted(by_suite.get(s, [])))}')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
