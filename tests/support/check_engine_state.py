#!/usr/bin/env python3
"""Fails when an engine keeps mutable state outside its context.

An engine's settings live in its context (pmdfwd_engine.ctx_size) and a
stream's state in the stream (priv): two descriptors of one engine, or two
instances, must not share anything through a file-scope or function-static
variable. What the compiler made of the sources says it exactly: every
object of the engines' object files in a writable data section (.data,
.bss, thread-local .tdata/.tbss; constants and relocated constants sit in
.rodata and .data.rel.ro) is such a variable, unless ALLOWED names it with
the reason it is not engine state. A const object initialized at run time
lands in .bss too: make it constant-initialized (constexpr) instead.

usage: check_engine_state.py BUILD_ROOT
       check_engine_state.py --self-test
"""
import os
import re
import subprocess
import sys

import source_check

# objdump -t -C: value, flags (7 columns), section, size, name.
SYMBOL = re.compile(r"^[0-9a-f]+ (.{7}) (\S+)\t([0-9a-f]+) +(.+)$")
WRITABLE = re.compile(r"^\.(data|bss|tdata|tbss)(\..*)?$")
READ_ONLY_AFTER_RELOCATION = re.compile(r"^\.data\.rel\.ro(\..*)?$")
# What instrumented builds (sanitizers, coverage) add of their own.
TOOLING = ("__asan", "___asan", "__odr_asan", "__ubsan", "__sancov", "__gcov", "__llvm", ".")
GUARD = "guard variable for "

ALLOWED = {
    "crc32_alg": "DPDK's rte_hash_crc.h defines it static in every file that includes it: which CRC "
                 "instructions DPDK uses, not engine state",
    "pmdfwd::macswap::KernelRegistry::instance()::registry":
        "the kernels this binary was built with and this machine's timings of them, facts of the process; "
        "the user's choices live in the engine's context",
    "pmdfwd::engines::(anonymous namespace)::calibration_slot()::c":
        "mac's timings of its TX store ways on this machine, a fact of the process as macswap's kernel "
        "timings are; the user's choice (--mac-tx-store) lives in the engine's context",
    "pmdfwd::engines::(anonymous namespace)::t_ip_var":
        "testpmd's per-lcore ip_var of txonly: the streams of one lcore share it, as testpmd's do",
}


def writable_objects(objdump_text):
    """The names of the objects objdump -t -C lists in writable sections."""
    names = []
    for line in objdump_text.splitlines():
        m = SYMBOL.match(line)
        if not m:
            continue
        flags, section, size, name = m.group(1), m.group(2), int(m.group(3), 16), m.group(4).strip()
        if "d" in flags or size == 0 or READ_ONLY_AFTER_RELOCATION.match(section) or not WRITABLE.match(section):
            continue  # a section or debugging symbol, a label, or not writable
        if name.startswith(GUARD):
            name = name[len(GUARD):]
        if not name.startswith(TOOLING):
            names.append(name)
    return names


def object_files(build_root):
    for d, _, files in os.walk(os.path.join(build_root, "engines")):
        for f in sorted(files):
            if f.endswith(".o"):
                yield os.path.join(d, f)


def offenders(build_root):
    bad = []
    objects = list(object_files(build_root))
    if not objects:
        return [f"no engine object files under {build_root}/engines: build first"]
    for obj in objects:
        text = subprocess.run(["objdump", "-t", "-C", obj], check=True, capture_output=True, text=True).stdout
        for name in writable_objects(text):
            if name not in ALLOWED:
                bad.append(f"{os.path.relpath(obj, build_root)}: {name}")
    return sorted(set(bad))


SAMPLE = """\
0000000000000000 l    df *ABS*\t0000000000000000 flowgen.cpp
0000000000000000 l    d  .bss\t0000000000000000 .bss
0000000000000000 l     O .bss\t0000000000000008 pmdfwd::engines::(anonymous namespace)::g_flows
0000000000000010 g     O .data\t0000000000000004 g_counter
0000000000000000 l     O .data.rel.ro\t0000000000000080 pmdfwd::engines::(anonymous namespace)::engine
0000000000000000 l     O .rodata\t0000000000000010 pmdfwd::engines::(anonymous namespace)::kTable
0000000000000000 l       .tbss\t0000000000000001 pmdfwd::engines::(anonymous namespace)::t_ip_var
0000000000000020 l     O .bss\t0000000000000060 pmdfwd::macswap::KernelRegistry::instance()::registry
0000000000000000 l     O .bss\t0000000000000008 guard variable for pmdfwd::macswap::KernelRegistry::instance()::registry
0000000000000040 l     O .bss\t0000000000000020 __asan_global_x
"""


def self_test():
    found = writable_objects(SAMPLE)
    assert found == ["pmdfwd::engines::(anonymous namespace)::g_flows", "g_counter",
                     "pmdfwd::engines::(anonymous namespace)::t_ip_var",
                     "pmdfwd::macswap::KernelRegistry::instance()::registry",
                     "pmdfwd::macswap::KernelRegistry::instance()::registry"], found
    assert [n for n in found if n not in ALLOWED] == ["pmdfwd::engines::(anonymous namespace)::g_flows",
                                                      "g_counter"]


if __name__ == "__main__":
    sys.exit(source_check.main(__doc__, self_test, offenders,
                               "mutable state outside the engine's context (move it into ctx or priv, "
                               "or say in check_engine_state.ALLOWED why it is not engine state)"))
