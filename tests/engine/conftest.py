import os
import sys
from pathlib import Path

# referee.py and golden.py sit next to the tests (tests/ is no package)
sys.path.insert(0, str(Path(__file__).parent))

# tests/engine/bounds/ runs inside the bounds-checked build only
# (test_bounds_checked.py starts it with RUIAN_SIM_BOUNDS_CHILD=1)
collect_ignore = [] if os.environ.get("RUIAN_SIM_BOUNDS_CHILD") == "1" else ["bounds"]
