"""Regenerate tests/engine/golden.json (the golden per-game numbers) on purpose,
in the commit that means to move them, saying why:

    python tools/update_golden.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from golden import FILE, write  # noqa: E402

if __name__ == "__main__":
    write()
    print(f"wrote {FILE}")
