#!/usr/bin/env python3
"""Fails when a file under engines/ includes a header of the host (src/).

Engines are compiled without src/ on their include path, so `#include
"engine_registry.h"` does not compile; this catches what the compiler lets
through: a relative path out of engines/ ("../../src/ports.h") or a name that
is a host header reached some other way. What engines may include: the
contract (include/), engines/ (common/...) and lib/ (frames/..., text/...:
what host and engines both use).

usage: check_engine_includes.py SOURCE_ROOT
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def main(root):
    engines = os.path.join(root, "engines")
    allowed = [engines, os.path.join(root, "include"), os.path.join(root, "lib")]
    host_headers = set()
    for d, _, files in os.walk(os.path.join(root, "src")):
        for f in files:
            host_headers.add(os.path.relpath(os.path.join(d, f), os.path.join(root, "src")))
            host_headers.add(f)
    bad = []
    for d, _, files in os.walk(engines):
        for f in files:
            path = os.path.join(d, f)
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for inc in INCLUDE.findall(text):
                here = os.path.normpath(os.path.join(d, inc))
                found = [os.path.normpath(os.path.join(a, inc)) for a in [d] + allowed]
                found = [p for p in found if os.path.exists(p)]
                escapes = ".." in inc.split("/") and not here.startswith(engines + os.sep)
                if escapes or (not found and inc in host_headers) or "src/" in inc:
                    bad.append(f"{os.path.relpath(path, root)}: #include {inc}")
    for b in bad:
        print(b + "  (engines see only include/pmdfwd/, engines/common/ and lib/)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
