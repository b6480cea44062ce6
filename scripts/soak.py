#!/usr/bin/env python3
"""The soak test's entry point (scripts/soak.sh runs it; --help says the
rest). The logic is python/pmdfwd_dev/soak.py."""
import sys
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TREE / "python"))  # pmdfwd_dev, from the tree

from pmdfwd_dev import soak  # noqa: E402

if __name__ == "__main__":
    soak.main(tree=TREE)
