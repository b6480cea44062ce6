#!/usr/bin/env python3
"""Checks that every macswap kernel library defines exactly one global
symbol, its kernel function, with no weak (mergeable) definitions and no
start-up code, as macswap_kernel.h requires: code built for an ISA this CPU
lacks must never run at start-up nor be picked by the linker for a shared
inline function.

usage: check_kernel_symbols.py NM READELF LIB..."""
import re
import subprocess
import sys

from pmdfwd_dev import owned_process


def output_of(argv):
    """What argv prints; it runs owned (process group, parent-death signal)."""
    res = owned_process.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            timeout=120)
    if res.returncode != 0:
        raise subprocess.CalledProcessError(res.returncode, argv, res.stdout, res.stderr)
    return res.stdout


def main(nm, readelf, libs):
    problems = []
    for lib in libs:
        out = output_of([nm, '--defined-only', '-C', lib])
        globals_ = []
        for line in out.splitlines():
            parts = line.split(maxsplit=2)
            if len(parts) != 3:
                continue
            kind, name = parts[1], parts[2]
            if kind in 'VvWwu':
                problems.append(f'{lib}: weak or unique symbol {name}')
            elif kind.isupper():
                globals_.append(name)
        kernels = [g for g in globals_ if re.match(r'pmdfwd::macswap::macswap_\w+\(', g)]
        if len(kernels) != 1 or len(globals_) != 1:
            problems.append(f'{lib}: defines {globals_}, want exactly one macswap_<isa> kernel')
        sections = output_of([readelf, '-S', '-W', lib])
        for s in ('.init_array', '.ctors', '.preinit_array'):
            if s in sections:
                problems.append(f'{lib}: has {s} (code that runs at start-up)')
    for p in problems:
        print(p)
    print(f'checked {len(libs)} kernel libraries: {"FAIL" if problems else "ok"}')
    return 1 if problems else 0


if __name__ == '__main__':
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
