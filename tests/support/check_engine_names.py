#!/usr/bin/env python3
"""Fails when a file of src/ names a built-in engine.

An engine is its folder (engines/<name>/, one that registers an engine): what
the host knows of it comes through the engine ABI (flags, parameter rows and
their aliases, command rows), never from its name written in src/. A name
counts as a whole word, in code, strings and comments alike: "csum set" and
"--txonly-multi-flow" do, "rx_bad_ip_csum" (a field of the ABI's stream) and
"Bad-ipcsum" (testpmd's counter text) do not.

Two engine names are also ordinary words, so for them only the name as a
whole string literal counts ("mac", "io"), and GENERIC_LITERALS lists the
literals that mean the word, not the engine.

usage: check_engine_names.py SOURCE_ROOT
       check_engine_names.py --self-test
"""
import os
import re
import sys
import tempfile

import source_check

# Engine names that are ordinary words: what the word means in src/.
GENERIC = {
    "mac": "a MAC address (the <mac> token, mac_addr commands, variables named mac)",
    "io": "input/output (fopencookie's cookie_io_functions_t io)",
}
# (file, literal): a generic name as a string literal that means the word.
GENERIC_LITERALS = {
    # The <mac> placeholder's kind, named in "'x' is not a mac" messages.
    ("src/shell/syntax.cpp", '"mac"'),
}
REGISTERS = re.compile(r"\bPMDFWD_REGISTER_ENGINE\s*\(")


def engine_names(root):
    names = []
    engines = os.path.join(root, "engines")
    for name in sorted(os.listdir(engines)):
        folder = os.path.join(engines, name)
        if not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if f.endswith((".cpp", ".c")):
                with open(os.path.join(folder, f), encoding="utf-8") as src:
                    if REGISTERS.search(src.read()):
                        names.append(name)
                        break
    return names


def pattern(name):
    if name in GENERIC:
        return re.compile(r'"' + re.escape(name) + r'"')
    return re.compile(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])")


def offenders(root):
    names = engine_names(root)
    patterns = [(n, pattern(n)) for n in names]
    found = []
    for d, _, files in os.walk(os.path.join(root, "src")):
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
            with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as src:
                for n, line in enumerate(src, 1):
                    for name, p in patterns:
                        for m in p.finditer(line):
                            if (rel, m.group(0)) not in GENERIC_LITERALS:
                                found.append(f"{rel}:{n}: names engine {name}: {line.strip()}")
    return sorted(set(found))


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for rel, text in {
            "engines/csum/csum.cpp": "PMDFWD_REGISTER_ENGINE(engine);\n",
            "engines/mac/mac.cpp": "PMDFWD_REGISTER_ENGINE(engine);\n",
            "engines/common/tx_fields.h": "// shared, not an engine\n",
            "src/fwd/stats.cpp": "s.rx_bad_ip_csum = 0; // Bad-ipcsum\n"
                                 "// the common case\n"
                                 "uint8_t mac[6]; // a MAC address\n",
            "src/shell/csum.cpp": "// `csum set ip hw 0`\n",
            "src/options/config.h": 'std::string mode = "mac";\n',
            "src/shell/syntax.cpp": 'return {.name = "mac"};\n',
        }.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        assert engine_names(root) == ["csum", "mac"], engine_names(root)
        got = offenders(root)
        assert got == [
            'src/options/config.h:1: names engine mac: std::string mode = "mac";',
            "src/shell/csum.cpp:1: names engine csum: // `csum set ip hw 0`",
        ], got


def main():
    return source_check.main(__doc__, self_test, offenders,
                             "the host names a built-in engine (give the engine a flag or a row in the ABI instead)")


if __name__ == "__main__":
    sys.exit(main())
