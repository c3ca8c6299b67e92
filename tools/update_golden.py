"""Regenerate tests/engine/golden.json (each rule set's golden numbers) and
fires.json (each one's own rule, seen firing) on purpose, in the commit
that means to move them, saying why:

    python tools/update_golden.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

import fires  # noqa: E402
import golden  # noqa: E402

if __name__ == "__main__":
    golden.write()
    fires.write()
    print(f"wrote {golden.FILE} and {fires.FILE}")
