#!/usr/bin/env python3
"""Fails when README.md's "Layout" leaves out a folder of the tree.

The Layout section gives a newcomer one line per folder, grouped by whom it
serves (product, tests, tools and CI). A folder added at the top, or under
src/, tests/ or python/, without its line there is a folder nobody is told
about; this names it.

usage: check_layout_doc.py SOURCE_ROOT
       check_layout_doc.py --self-test
"""
import os
import re
import subprocess
import sys

import source_check

# The folders whose own folders each need a line, beside the top level's.
DESCRIBED_WITHIN = ("src", "tests", "python")
# Not the tree's: build directories and what meson downloads or unpacks.
NOT_TREE = re.compile(r"^(build.*|\.git|__pycache__|googletest-.*|packagecache)$")


def layout_section(readme_text):
    start = readme_text.index("## Layout\n")
    end = readme_text.find("\n## ", start + 1)
    return readme_text[start:end if end >= 0 else None]


def tracked_paths(root):
    """The files git tracks under root, None outside a git checkout (a
    source package): then the folders on disk are the tree."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [p for p in out.decode().split("\0") if p]


def folders(root):
    paths = tracked_paths(root)
    if paths is not None:
        parts = [p.split("/") for p in paths]
        top = sorted({p[0] for p in parts if len(p) > 1})
        within = sorted({f"{p[0]}/{p[1]}/" for p in parts if len(p) > 2 and p[0] in DESCRIBED_WITHIN})
        return [f"{d}/" for d in top] + within

    def subdirs(path):
        return sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)) and not NOT_TREE.match(d)
                      and (not d.startswith(".") or d == ".ci"))
    top = subdirs(root)
    found = [f"{d}/" for d in top]
    for d in DESCRIBED_WITHIN:
        if d in top:
            found += [f"{d}/{s}/" for s in subdirs(os.path.join(root, d))]
    return found


def missing(section, wanted):
    """The folders of wanted the section names nowhere: a top-level folder
    as 'name/' at a line's start; one within as 'parent/name/' or, indented
    under its parent's line, as 'name/'."""
    lines = section.splitlines()
    out = []
    for f in wanted:
        parent, _, name = f.rstrip("/").rpartition("/")
        if not parent:
            hit = any(re.match(rf"\s*(\S+, )?{re.escape(name)}(/|\b)", ln) for ln in lines)
        else:
            hit = any(f in ln for ln in lines) or any(re.match(rf"\s+{re.escape(name)}/\s", ln) for ln in lines)
        if not hit:
            out.append(f)
    return out


def offenders(root):
    with open(os.path.join(root, "README.md")) as f:
        section = layout_section(f.read())
    return [f"{f} (add its line to README.md's Layout)" for f in missing(section, folders(root))]


def self_test():
    section = layout_section("# x\n\n## Layout\n\n    src/      the host\n      app/    main\n"
                             "    tests/src/   suites\n    .ci/run   CI\n\n## Next\n    docs/ not here\n")
    wanted = ["src/", "src/app/", "src/fwd/", "tests/", "tests/src/", ".ci/", "docs/"]
    assert missing(section, wanted) == ["src/fwd/", "docs/"], missing(section, wanted)


if __name__ == "__main__":
    sys.exit(source_check.main(__doc__, self_test, offenders, "a folder README.md's Layout does not describe"))
