"""A damaged compiled-kernel cache file (cut short by a full disk or a killed write) is
found, removed and compiled again, like a damaged lookup table; it used to raise
UnpicklingError on every run until the cache was deleted by hand."""

import os
import shutil
import subprocess
import sys

import pytest

HAND = ["hand", "--wild", "9s", "123456789m123456p1z"]


def hand(cache):
    env = {**os.environ, "RUIAN_SIM_CACHE": str(cache)}
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *HAND], capture_output=True, text=True,
                          timeout=900, env=env)


@pytest.mark.parametrize("which", ["data", "index"])
def test_a_truncated_kernel_cache_file_is_compiled_again(tmp_path, which):
    if os.environ.get("NUMBA_CACHE_DIR"):
        pytest.skip("NUMBA_CACHE_DIR is set: numba's own cache directory is in use")
    from ruian_sim.cache import cache_dir
    from ruian_sim.jit import _dir

    # a copy of this machine's cache (tables and the kernels of this source version)
    cache = tmp_path / "cache"
    mine = os.path.relpath(_dir, cache_dir())
    if os.path.isdir(_dir):
        shutil.copytree(_dir, cache / mine)
    for table in cache_dir().glob("table-*.npy"):
        shutil.copy(table, cache / table.name)
    first = hand(cache)   # compiles what the copy lacks
    assert first.returncode == 0, first.stderr
    suffix = "*.nbc" if which == "data" else "*.nbi"
    victims = list((cache / mine).rglob(f"kernels.set_tight-{suffix}"))
    assert victims
    for victim in victims:   # cut short, as a full disk or a killed write leaves it
        victim.write_bytes(victim.read_bytes()[: victim.stat().st_size // 2])

    damaged = hand(cache)
    assert damaged.returncode == 0, damaged.stderr
    assert "Traceback" not in damaged.stderr
    assert damaged.stdout == first.stdout
    [line] = damaged.stderr.strip().splitlines()
    assert line.startswith("ruian-sim: the compiled-kernel cache of kernels.set_tight-")
    assert line.endswith("was damaged (UnpicklingError); removed, compiling that kernel again"), line

    again = hand(cache)   # rebuilt: read back without a word
    assert again.returncode == 0 and again.stderr == "" and again.stdout == first.stdout
    assert list((cache / mine).rglob(f"kernels.set_tight-{suffix}"))
