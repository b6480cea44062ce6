"""A section of a doc that one tool writes between two marker lines and
every other writer of that doc keeps: scripts/seed-testpmds' verdict in
doc/performance.md (kept when scripts/perf doc rewrites the page), perf doc's
A/A widths and engine table. The one way to write, replace and keep such a
section."""
import os
import re
from dataclasses import dataclass
from typing import Dict


@dataclass(frozen=True)
class Markers:
    begin: str
    end: str

    def block(self, body: str) -> str:
        """The section with its markers, one line each."""
        return f"{self.begin}\n{body.strip(chr(10))}\n{self.end}\n"

    def span(self, doc: str):
        """(start, stop) of the marked section in doc, or None."""
        start = doc.find(self.begin)
        stop = doc.find(self.end, start) if start >= 0 else -1
        return None if stop < 0 else (start, stop + len(self.end))

    def kept(self, doc: str) -> str:
        """The marked section of a doc about to be rewritten ("" when none)."""
        at = self.span(doc)
        return "" if at is None else doc[at[0]:at[1]] + "\n"


def write(path: str, markers: Markers, body: str, *, append: bool = True) -> None:
    """Replace the marked section of path with body; where the doc has none,
    append it (append=True) or refuse, naming the markers (append=False: a
    doc that must already say where the section goes)."""
    with open(path) as f:
        doc = f.read()
    at = markers.span(doc)
    block = markers.block(body)
    if at is not None:
        doc = doc[:at[0]] + block.rstrip("\n") + doc[at[1]:]
    elif append:
        doc = doc.rstrip("\n") + "\n\n" + block
    else:
        raise ValueError(f"{os.path.basename(path)} has no markers ({markers.begin} ... {markers.end}) "
                         "to write between")
    with open(path, "w") as f:
        f.write(doc)


def keyed(prefix: str, key: str) -> Markers:
    """The markers of one keyed part inside a section (perf doc's engine
    table and goals: one part per DPDK), so that a run that measures some
    keys rewrites their parts and keeps the others'."""
    return Markers(f"<!-- {prefix} {key} -->", f"<!-- {prefix} {key} end -->")


def keyed_blocks(doc: str, prefix: str) -> Dict[str, str]:
    """Every keyed part of this prefix in doc, key -> its whole block (markers
    included, with its newline), in the doc's order."""
    blocks = {}
    for m in re.finditer(rf"<!-- {re.escape(prefix)} (\S+) -->", doc):
        key = m.group(1)
        if key == "end" or key in blocks:
            continue
        kept = keyed(prefix, key).kept(doc[m.start():])
        if kept:
            blocks[key] = kept
    return blocks
