import json

import pytest
from golden import FILE, numbers, variants


@pytest.mark.parametrize("name", variants())
def test_golden_numbers_per_variant(name):
    golden = json.loads(FILE.read_text())
    assert name in golden, f"no golden numbers for {name}: run python tools/update_golden.py"
    assert numbers(name) == golden[name]
