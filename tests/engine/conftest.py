import sys
from pathlib import Path

# referee.py and golden.py sit next to the tests (tests/ is no package)
sys.path.insert(0, str(Path(__file__).parent))
