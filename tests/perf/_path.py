"""Make scripts/perflib importable from the tests, wherever they are run from."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)
