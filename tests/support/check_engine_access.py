#!/usr/bin/env python3
"""Fails when a file of src/ reaches the engines other than as it is handed them.

main() (src/app/main.cpp) takes the process's engines from the registry once
(registry_engines()) and hands that EngineApi to the options, the application,
the shell, the forwarder and telemetry. Only engine_host/, which implements
the registry and its EngineApi, and main() may name either.

usage: check_engine_access.py SOURCE_ROOT
       check_engine_access.py --self-test
"""
import os
import re
import sys
import tempfile

import source_check

REACH = re.compile(r"\bregistry_engines\s*\(\s*\)|\bEngineRegistry\s*::\s*instance\s*\(")
ALLOWED = ("src/engine_host/", "src/app/main.cpp")


def offenders(root):
    found = []
    for d, _, files in os.walk(os.path.join(root, "src")):
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
            if not f.endswith((".h", ".cpp")) or rel.startswith(ALLOWED):
                continue
            with open(os.path.join(root, rel), encoding="utf-8") as src:
                for n, line in enumerate(src, 1):
                    if REACH.search(line.split("//")[0]):
                        found.append(f"{rel}:{n}: {line.strip()}")
    return found


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for rel, text in {
            "src/app/main.cpp": "EngineApi &e = registry_engines();\n",
            "src/engine_host/engine_api.cpp": "EngineRegistry::instance().find(m);\n",
            "src/fwd/forwarder.cpp": "// registry_engines() is main's\n"
                                     "auto *e = EngineRegistry::instance().find(m);\n",
        }.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        got = offenders(root)
        assert got == ["src/fwd/forwarder.cpp:2: auto *e = EngineRegistry::instance().find(m);"], got


def main():
    return source_check.main(__doc__, self_test, offenders, "engines reached around what main() hands on")


if __name__ == "__main__":
    sys.exit(main())
