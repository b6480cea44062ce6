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


def main(nm, readelf, libs):
    problems = []
    for lib in libs:
        out = subprocess.run([nm, '--defined-only', '-C', lib], check=True,
                             capture_output=True, text=True).stdout
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
        sections = subprocess.run([readelf, '-S', '-W', lib], check=True,
                                  capture_output=True, text=True).stdout
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
