#!/usr/bin/env python3
"""Fails when a Python test starts a process other than the one way, or
drives a shell with a class of its own.

Every process a test starts is owned (pmdfwd_dev.owned_process: its own
process group, killed when the test is done, with a parent-death signal and
a deadline), so none outlives the test and busy-polls a core. The
end-to-end tests have one launcher (tests/e2e/forwarder.py, on
owned_process) and one shell driver (tests/e2e/shell.py, on
pmdfwd_dev.shell): a file under tests/ fails this check when it

  - starts a process bare: subprocess.Popen/run/call/check_call/
    check_output/getoutput, os.system/popen/fork/exec*/spawn*, pty.fork/
    spawn, asyncio.create_subprocess_* (owned_process instead; under
    tests/e2e, forwarder.py);
  - under tests/e2e, calls owned_process.run/popen/OwnedProcess anywhere
    but forwarder.py (the one launcher);
  - defines a class that writes to a process and reads up to a prompt (a
    shell driver: tests/e2e/shell.py's is the one).

ALLOWED lists the files that may, each with its reason.

usage: check_launchers.py SOURCE_ROOT
       check_launchers.py --self-test
"""
import ast
import os
import sys
import tempfile

import source_check

BARE = {
    "subprocess": {"Popen", "run", "call", "check_call", "check_output", "getoutput",
                   "getstatusoutput"},
    "os": {"system", "popen", "fork", "forkpty", "execv", "execve", "execvp", "execvpe", "execl",
           "execle", "execlp", "execlpe", "spawnv", "spawnve", "spawnvp", "spawnvpe", "spawnl",
           "spawnle", "spawnlp", "spawnlpe", "posix_spawn", "posix_spawnp"},
    "pty": {"fork", "spawn"},
    "asyncio": {"create_subprocess_exec", "create_subprocess_shell"},
}
OWNED = {"run", "popen", "OwnedProcess"}
LAUNCHER = "tests/e2e/forwarder.py"

# Files that may start processes their own way, and why.
ALLOWED = {
    "tests/e2e/test_no_leaks.py":
        "tests owned_process itself: starts test processes through it directly",
    "tests/python/test_fresh_root.py":
        "wraps subprocess.run to record the commands a Debian root would run",
    "tests/python/data/fake_dts/main.py":
        "a stand-in for DTS, run by test_dts_rig: it starts what DTS would",
    "tests/support/check_unity.py":
        "compiles translation units: a build check, not a test process",
    "tests/support/check_engine_state.py":
        "reads the engines' object files with objdump: a build check, not a test process",
    "tests/support/check_layout_doc.py":
        "lists the tracked files with git ls-files: a tree check, not a test process",
}


class _Visitor(ast.NodeVisitor):
    def __init__(self, rel):
        self.rel = rel
        self.e2e = rel.startswith("tests/e2e/")
        self.found = []

    def _say(self, node, what):
        self.found.append(f"{self.rel}:{node.lineno}: {what}")

    def visit_ImportFrom(self, node):
        banned = BARE.get(node.module or "", set())
        for alias in node.names:
            if alias.name in banned:
                self._say(node, f"imports {node.module}.{alias.name} (start processes through "
                                f"{'forwarder.py' if self.e2e else 'owned_process'})")
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        if isinstance(f, ast.Attribute):
            owner = f.value.attr if isinstance(f.value, ast.Attribute) else getattr(f.value, "id", None)
            if f.attr in BARE.get(owner, ()):
                self._say(node, f"{owner}.{f.attr}() starts a process bare (use "
                                f"{'forwarder.py' if self.e2e else 'owned_process'})")
            elif owner == "owned_process" and f.attr in OWNED and self.e2e and self.rel != LAUNCHER:
                self._say(node, f"owned_process.{f.attr}() outside {LAUNCHER}, the e2e launcher")
        self.generic_visit(node)

    def visit_ClassDef(self, node):
        writes = prompt = False
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr == "stdin":
                writes = True
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                    sub.func.attr == "write" and getattr(sub.func.value, "id", None) == "os":
                writes = True
            name = sub.attr if isinstance(sub, ast.Attribute) else \
                sub.id if isinstance(sub, ast.Name) else \
                sub.arg if isinstance(sub, ast.arg) else ""
            if "prompt" in name.lower():
                prompt = True
        if writes and prompt:
            self._say(node, f"class {node.name} drives a shell of its own (tests/e2e/shell.py's "
                            "is the one)")
        self.generic_visit(node)


def file_offenders(rel, text):
    v = _Visitor(rel)
    v.visit(ast.parse(text, rel))
    return v.found


def offenders(root):
    found = []
    for d, dirs, files in os.walk(os.path.join(root, "tests")):
        dirs.sort()
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
            if not f.endswith(".py") or rel in ALLOWED:
                continue
            with open(os.path.join(root, rel), encoding="utf-8") as src:
                found += file_offenders(rel, src.read())
    for rel in ALLOWED:
        path = os.path.join(root, rel)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as src:
                if not file_offenders(rel, src.read()):
                    found.append(f"{rel}: allowed, and starts nothing its own way: drop it from ALLOWED")
    return found


SAMPLES = {
    # The launcher and a test that uses it: nothing to say.
    "tests/e2e/forwarder.py": "from pmdfwd_dev import owned_process\n"
                              "def run(a):\n    return owned_process.run(a, timeout=1)\n",
    "tests/e2e/test_good.py": "import forwarder, subprocess\n"
                              "forwarder.run(['pmdfwd'], stdin=subprocess.DEVNULL)\n",
    "tests/python/test_tool.py": "from pmdfwd_dev import owned_process\n"
                                 "owned_process.run(['git', 'status'], timeout=5)\n",
    # Each way around it.
    "tests/e2e/test_bare.py": "import subprocess, os, pty\n"
                              "subprocess.Popen(['pmdfwd'])\n"
                              "os.system('pmdfwd')\n"
                              "pid, fd = pty.fork()\n",
    "tests/e2e/test_owned.py": "from pmdfwd_dev import owned_process\n"
                               "owned_process.OwnedProcess(['pmdfwd'])\n",
    "tests/python/test_import.py": "from subprocess import check_output\n",
    "tests/e2e/test_driver.py": "class MyShell:\n"
                                "    def run(self, line):\n"
                                "        self.p.proc.stdin.write(line)\n"
                                "        return self.read_until(self.prompt)\n",
}


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for rel, text in SAMPLES.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        os.makedirs(os.path.join(root, "tests/support"))
        with open(os.path.join(root, "tests/support/check_unity.py"), "w", encoding="utf-8") as f:
            f.write("print('compiles nothing now')\n")
        got = offenders(root)
        want = ["tests/e2e/test_bare.py:2: subprocess.Popen()",
                "tests/e2e/test_bare.py:3: os.system()",
                "tests/e2e/test_bare.py:4: pty.fork()",
                "tests/e2e/test_driver.py:1: class MyShell drives a shell of its own",
                "tests/e2e/test_owned.py:2: owned_process.OwnedProcess() outside",
                "tests/python/test_import.py:1: imports subprocess.check_output",
                "tests/support/check_unity.py: allowed, and starts nothing"]
        assert len(got) == len(want) and all(g.startswith(w) for g, w in zip(got, want)), got


def main():
    return source_check.main(__doc__, self_test, offenders,
                             "a process started or a shell driven around the one way")


if __name__ == "__main__":
    sys.exit(main())
