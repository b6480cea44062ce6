#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes a manual page from a Python command's own --help (argparse), so
that the page is what the command accepts.

    argparse_man.py NAME SECTION VERSION SCRIPT > NAME.SECTION
"""
import os
import subprocess
import sys

# A build step, not a test: meson's test environment does not reach it.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from pmdfwd_dev import owned_process  # noqa: E402  (the --help run dies with the build step)


def esc(line):
    line = line.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + line if line[:1] in (".", "'") else line


def main():
    name, section, version, script = sys.argv[1:]
    text = owned_process.run([sys.executable, script, "--help"], check=True, stdout=subprocess.PIPE,
                             text=True, timeout=60).stdout
    # argparse: usage, a blank line, the description, a blank line, options.
    usage, description, options = (text.split("\n\n", 2) + ["", ""])[:3]
    usage = " ".join(usage.split()).removeprefix("usage: ")
    usage = usage.replace(usage.split()[0], name, 1)
    summary = description.strip().rstrip(".")
    summary = summary[:1].lower() + summary[1:]
    out = [f'.TH {name.upper()} {section} "" "pmdfwd {version}" "User Commands"',
           ".SH NAME", f"{esc(name)} \\- {esc(summary)}",
           ".SH SYNOPSIS", esc(usage),
           ".SH DESCRIPTION", esc(description.strip()),
           ".SH OPTIONS", ".nf"]
    out += [esc(line) for line in options.splitlines()[1:]]
    out += [".fi", ".SH SEE ALSO", ".BR pmdfwd (1)", ""]
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
