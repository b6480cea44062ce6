#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks that pmdfwd(1) lists every option `pmdfwd --help` lists and every
command the shell's `help` lists, and nothing they do not, and that the bash
completion is valid bash offering every option of --help (doc/man/).

    check_man_page.py MAN_PAGE PMDFWD_BINARY BASH_COMPLETION
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from pmdfwd_dev import eal, owned_process

# No PCI probe, no hugepages; every run its own runtime directory, removed
# after it (--in-memory does not go with --no-huge's legacy memory mode).
EAL = ["--no-pci", "--no-huge", "-m", "256", "--vdev", "net_null0", "--vdev", "net_null1"]
OPTION = re.compile(r"(?<![\w-])--([a-z0-9][a-z0-9-]*)")


def run(binary, app_args, timeout=60):
    prefix = f"pmdfwd-man-{os.getpid()}"
    try:
        proc = owned_process.run([binary, *EAL, "--file-prefix", prefix, "--", *app_args],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 timeout=timeout)
    finally:
        eal.remove_runtime_dir(prefix)
    return proc.returncode, proc.stdout


def shell_help(binary, words):
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(f"{words}\nquit\n")
        f.flush()
        return run(binary, [f"--cmdline-file={f.name}", "--run-time=5"])


def roff_text(line):
    line = re.sub(r"\\f[BIRP]", "", line)
    return line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")


def sections(man):
    out, name = {}, None
    for line in man.splitlines():
        if line.startswith(".SH "):
            name = line[4:].strip().strip('"')
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def tp_heads(lines):
    """The first line after each .TP: an option's or a command's head."""
    return [roff_text(lines[i + 1]) for i, l in enumerate(lines[:-1]) if l == ".TP"]


def help_commands(text):
    """The command syntaxes in `help` output, in either of its layouts: one
    table ("  <syntax>   <summary>") or testpmd's sections (`help all`: a
    block per command, its syntax at the margin, its summary indented)."""
    cmds = set()
    lines = text.splitlines()
    sectioned = any(set(line) == {"-"} for line in lines)
    for line in lines:
        if not sectioned and line.startswith("  ") and line[2:3].islower():
            cmds.add(re.split(r"\s{2,}", line.strip())[0])
    block = []
    for line in lines + [""]:
        if line.strip():
            block.append(line)
            continue
        # A syntax at the margin, wrapped lines two spaces in; its summary
        # four spaces in.
        syntax = []
        for b in block:
            if b.startswith("    ") or (b[:1].isspace() and not syntax):
                break
            syntax.append(b.strip())
        # A section title (underlined) or a closing "forwarding modes:" line
        # has no indented summary after it; the modes line, once the engines
        # no longer fit one line, wraps four spaces in, as a summary would.
        # ("commands:" heads the one-table layout).
        if (syntax and len(block) > len(syntax) and not syntax[-1].endswith(":")
                and not syntax[0].startswith("forwarding modes:")):
            cmds.add(" ".join(" ".join(syntax).split()))
        block = []
    return cmds


def main():
    man_path, binary, completion = sys.argv[1:]
    man = sections(Path(man_path).read_text(encoding="utf-8"))
    problems = []

    rc, usage = run(binary, ["--help"])
    if rc != 0:
        sys.exit(f"pmdfwd --help exited {rc}:\n{usage}")
    help_opts = set(OPTION.findall(usage))
    man_opts = set(OPTION.findall("\n".join(tp_heads(man["OPTIONS"]))))
    for o in sorted(help_opts):
        # "--stats 2" in --help is an example of a prefix, not an option.
        if o not in man_opts and not any(m.startswith(o + "-") for m in man_opts):
            problems.append(f"--{o}: in --help, not in the manual page's OPTIONS")
    for o in sorted(man_opts - help_opts):
        problems.append(f"--{o}: in the manual page's OPTIONS, not in --help")

    syntax = owned_process.run(["bash", "-n", completion], stderr=subprocess.PIPE, text=True, timeout=60)
    if syntax.returncode != 0:
        problems.append(f"{completion} is not valid bash: {syntax.stderr.strip()}")
    offered = set(OPTION.findall(Path(completion).read_text(encoding="utf-8")))
    for o in sorted(man_opts - offered):
        problems.append(f"--{o}: not offered by the bash completion")

    rc, text = shell_help(binary, "help")
    if rc != 0:
        sys.exit(f"`help` from --cmdline-file exited {rc}:\n{text}")
    # A sectioned help (testpmd's `help <section>`) lists every command under
    # `help all`; taken too when this pmdfwd has it.
    rc_all, text_all = shell_help(binary, "help all")
    if rc_all == 0:
        text = text_all
    flat = " ".join(text.split())
    man_cmds = tp_heads(man["SHELL COMMANDS"])
    for c in man_cmds:
        if " ".join(c.split()) not in flat:
            problems.append(f"command '{c}': in the manual page, not in `help`")
    help_cmds = help_commands(text)
    for c in sorted(help_cmds - set(man_cmds)):
        problems.append(f"command '{c}': in `help`, not in the manual page")

    for p in problems:
        print(p)
    print(f"manual page: {len(man_opts)} options, {len(man_cmds)} commands; "
          f"--help: {len(help_opts)} options; help: {len(help_cmds)} commands; "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
