#!/usr/bin/env python3
"""Writes the first fenced code block after a marker line of a document.

The engine guide's examples are built by the test suite this way, so that
the guide cannot drift from the code it describes.

usage: doc_code_block.py DOC MARKER OUT
  MARKER: text of the line (or part of it) just before the block's opening.
"""
import sys


def main(doc, marker, out):
    lines = open(doc, encoding="utf-8").read().splitlines()
    start = next((i for i, l in enumerate(lines) if marker in l), None)
    if start is None:
        sys.exit(f"{doc}: no line contains {marker!r}")
    fence = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("```")), None)
    if fence is None:
        sys.exit(f"{doc}: no code block after {marker!r}")
    end = next((i for i in range(fence + 1, len(lines)) if lines[i].startswith("```")), None)
    if end is None:
        sys.exit(f"{doc}: the code block after {marker!r} is not closed")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[fence + 1:end]) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
