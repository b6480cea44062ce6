#!/usr/bin/env python3
"""Fails when an include runs against the host's layering, or forms a cycle.

src/ is laid out by role, and a role may include only its own folder and the
roles below it:

    app -> shell -> observe -> fwd -> ports -> options -> engine_host -> util

lib/ (frame building and the text library both sides use) includes no role
of src/ and nothing of engines/. Engines are checked by
check_engine_includes.py. Any cycle among the host's headers and sources
(a.h -> b.h -> a.h) fails too, inside one role as well, since a cycle makes
two files one.

usage: check_layering.py SOURCE_ROOT
       check_layering.py --self-test
"""
import os
import re
import sys
import tempfile

ROLES = ["app", "shell", "observe", "fwd", "ports", "options", "engine_host", "util"]
RANK = {r: i for i, r in enumerate(ROLES)}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def sources(root, top):
    base = os.path.join(root, top)
    for d, _, files in os.walk(base):
        for f in files:
            if f.endswith((".h", ".cpp", ".c")):
                yield os.path.relpath(os.path.join(d, f), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def role_of(rel):
    """The role of a path relative to src/ ("fwd/stream.h" -> "fwd")."""
    head = rel.split("/", 1)[0]
    return head if head in RANK else None


def layering_errors(root):
    bad = []
    for path in sources(root, "src"):
        own = role_of(os.path.relpath(path, "src"))
        for inc in includes(root, path):
            target = role_of(inc)
            if own is None or target is None:
                continue
            if RANK[target] < RANK[own]:
                bad.append(f"{path}: #include \"{inc}\" runs back up ({own} -> {target}; "
                           f"allowed: {' -> '.join(ROLES[RANK[own]:])})")
    for path in sources(root, "lib"):
        for inc in includes(root, path):
            if role_of(inc) or inc.startswith(("common/", "engines/", "src/")):
                bad.append(f"{path}: #include \"{inc}\" (lib/ sees neither src/ nor engines/)")
    return bad


def cycle_errors(root):
    graph = {}
    for path in sources(root, "src"):
        rel = os.path.relpath(path, "src")
        graph[rel] = [i for i in includes(root, path)
                      if os.path.exists(os.path.join(root, "src", i))]
    state, stack, found = {}, [], []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return ["include cycle: " + " -> ".join(c) for c in found]


def check(root):
    return layering_errors(root) + cycle_errors(root)


def self_test():
    """The checker finds a backward include and a cycle it is shown."""
    with tempfile.TemporaryDirectory() as t:
        def put(rel, text):
            os.makedirs(os.path.dirname(os.path.join(t, rel)), exist_ok=True)
            with open(os.path.join(t, rel), "w", encoding="utf-8") as f:
                f.write(text)
        put("src/fwd/a.h", '#include "ports/b.h"\n')
        put("src/ports/b.h", '#include "options/c.h"\n')
        put("src/options/c.h", "\n")
        assert check(t) == [], check(t)
        put("src/ports/b.h", '#include "app/app.h"\n#include "ports/d.h"\n')
        put("src/ports/d.h", '#include "ports/b.h"\n')
        put("src/app/app.h", "\n")
        put("lib/frames/f.h", '#include "fwd/a.h"\n')
        errs = check(t)
        assert any("runs back up (ports -> app" in e for e in errs), errs
        assert any("include cycle" in e and "ports/d.h" in e for e in errs), errs
        assert any(e.startswith("lib/frames/f.h") for e in errs), errs
    print("check_layering self-test: ok")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    errs = check(argv[1])
    for e in errs:
        print(e)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
