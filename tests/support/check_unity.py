#!/usr/bin/env python3
"""The sources of every pmdfwd target compile as one unity chunk each.

scripts/run.sh builds pmdfwd with meson's unity build (-Dunity=on), and so do
scripts/test.sh's sanitizer build and scripts/fuzz.sh (the test programs
too): several sources of a target become one translation unit, so two
file-local names alike (an anonymous-namespace constant, a static helper) in
one target break those builds while the per-file build stays green. This
check makes the unity chunk of every target with two sources or more (the
pmdfwd executable, its libraries, the test programs and benchmarks; one
chunk per target, the worst case) and compiles it with -fsyntax-only, using
the target's own command from the build's compile_commands.json.

    check_unity.py BUILD_DIR
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

# The pmdfwd executable's own objects, the host and engine libraries, the
# test programs (GoogleTest, fuzz targets) and the benchmarks.
TARGET_PREFIXES = ('src/', 'engines/', 'pmdfwd.p/', 'tests/', 'benchmarks/')


def syntax_only(args):
    """The compile command without its outputs and source, syntax only, with
    the flag meson.build adds to unity builds (GCC's -Wsubobject-linkage
    fires on any file compiled through an #include)."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ('-MQ', '-MF', '-o'):
            skip = True
        elif a not in ('-MD', '-c') and not a.startswith('-fdiagnostics-color'):
            out.append(a)
    unity_flags = [] if 'clang' in os.path.basename(args[0]) else ['-Wno-subobject-linkage']
    return out[:-1] + unity_flags + ['-fsyntax-only']


def main():
    build = os.path.abspath(sys.argv[1])
    with open(os.path.join(build, 'compile_commands.json')) as f:
        db = json.load(f)
    targets = {}
    for e in db:
        out = e['output']
        if not out.startswith(TARGET_PREFIXES) or 'unity' in out:
            continue
        args = shlex.split(e['command'])
        # Kernels carry their own ISA flags: one target each, never merged.
        key = (os.path.dirname(out), tuple(syntax_only(args)))
        targets.setdefault(key, []).append(os.path.join(e['directory'], e['file']))
    if not targets:
        if any('unity' in e['output'] for e in db):
            print(f'{build} is a unity build already: it compiled as one')
            return 77  # meson: skipped
        print(f'no pmdfwd targets in {build}/compile_commands.json')
        return 1
    failed = 0
    for (target, args), sources in sorted(targets.items()):
        # A single source compiles as it does alone (its chunk only
        # includes it, and the flag above covers what that changes).
        if len(sources) < 2:
            continue
        with tempfile.NamedTemporaryFile('w', suffix='.cpp', delete=False) as tu:
            tu.writelines(f'#include "{os.path.abspath(s)}"\n' for s in sources)
        try:
            p = subprocess.run(list(args) + [tu.name], cwd=build, capture_output=True, text=True)
        finally:
            os.unlink(tu.name)
        print(f'{"ok  " if p.returncode == 0 else "FAIL"} {target}: {len(sources)} sources as one unit')
        if p.returncode:
            failed += 1
            print(p.stderr[-4000:])
    if failed:
        print('two sources of one target define the same file-local name: rename one '
              '(scripts/run.sh, the sanitizer build of scripts/test.sh and scripts/fuzz.sh '
              'compile them as one unit, -Dunity=on)')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
