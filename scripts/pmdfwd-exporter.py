#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""pmdfwd-exporter's entry point: serves a running pmdfwd's forward
statistics to Prometheus. The logic is python/pmdfwd_exporter;
installed, the package lies beside this file (/usr/share/pmdfwd)."""
import sys
from pathlib import Path

# No __pycache__ beside the installed files (/usr/share/pmdfwd, written when
# root runs the exporter): a purge of the package would leave it.
sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
if (HERE.parent / "python" / "pmdfwd_exporter").is_dir():
    sys.path.insert(0, str(HERE.parent / "python"))  # pmdfwd_exporter, from the tree

import pmdfwd_exporter as exporter  # noqa: E402

if __name__ == "__main__":
    exporter.main(HERE / "telemetry-endpoints")
