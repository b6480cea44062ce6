#!/usr/bin/env python3
"""The soak test's entry point (scripts/soak.sh runs it; --help says the
rest). The logic is python/pmdfwd_tools/soak.py."""
import sys
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TREE / "python"))  # pmdfwd_tools, from the tree

from pmdfwd_tools import soak  # noqa: E402

if __name__ == "__main__":
    soak.main(tree=TREE)
