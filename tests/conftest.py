"""Makes the repository's root importable, so tests can use ``build`` (build.py) as a module."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
