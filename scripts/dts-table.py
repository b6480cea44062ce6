#!/usr/bin/env python3
"""Per-suite and per-case table of two DTS runs (scripts/dts-veth-rig.sh
--out directories); --help says the rest. The logic is
python/pmdfwd_dev/dts_table.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))  # pmdfwd_dev, from the tree

from pmdfwd_dev import dts_table  # noqa: E402

if __name__ == "__main__":
    sys.exit(dts_table.main())
