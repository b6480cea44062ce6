#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes a manual page from a Python command's own --help (argparse), so
that the page is what the command accepts.

    argparse_man.py NAME SECTION VERSION SCRIPT > NAME.SECTION
"""
import subprocess
import sys


def esc(line):
    line = line.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + line if line[:1] in (".", "'") else line


def main():
    name, section, version, script = sys.argv[1:]
    text = subprocess.run([sys.executable, script, "--help"], check=True, stdout=subprocess.PIPE,
                          text=True).stdout
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
