"""A damaged compiled-kernel cache file (cut short by a full disk or a killed write,
or another build's file in its place) is found, removed and compiled again, like a
damaged lookup table; it used to raise UnpicklingError on every run until the cache
was deleted by hand, and a file that unpickled but was not the kernel's own build
failed when called (a TypeError traceback)."""

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


def copied_cache(tmp_path):
    """A copy of this machine's cache (tables and the kernels of this source version),
    its kernel folder's place in it, and `hand`'s answer from it."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        pytest.skip("NUMBA_CACHE_DIR is set: numba's own cache directory is in use")
    from ruian_sim.cache import cache_dir
    from ruian_sim.jit import _dir

    cache = tmp_path / "cache"
    mine = os.path.relpath(_dir, cache_dir())
    if os.path.isdir(_dir):
        shutil.copytree(_dir, cache / mine)
    for table in cache_dir().glob("table-*.npy"):
        shutil.copy(table, cache / table.name)
    return cache, mine, hand(cache)   # compiles what the copy lacks


@pytest.mark.parametrize("which", ["data", "index"])
def test_a_truncated_kernel_cache_file_is_compiled_again(tmp_path, which):
    cache, mine, first = copied_cache(tmp_path)
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
    # a data file is sealed with a hash of its place and content (ruian_sim.cache): the seal finds the cut
    why = "ValueError: its seal does not match its content" if which == "data" else "UnpicklingError"
    assert line.endswith(f"was damaged ({why}); removed, compiling that kernel again"), line

    again = hand(cache)   # rebuilt: read back without a word
    assert again.returncode == 0 and again.stderr == "" and again.stdout == first.stdout
    assert list((cache / mine).rglob(f"kernels.set_tight-{suffix}"))


def test_another_kernels_build_in_a_kernels_place_is_compiled_again(tmp_path):
    # it unpickles (the same format), then failed when called: TypeError, exit 1
    cache, mine, first = copied_cache(tmp_path)
    assert first.returncode == 0, first.stderr
    victims = list((cache / mine).rglob("complete.shanten-*.nbc"))   # in every build folder of the copy
    assert victims
    for victim in victims:
        [other] = victim.parent.glob("complete.distances-*.nbc")
        shutil.copy(other, victim)
    swapped = hand(cache)
    assert swapped.returncode == 0 and swapped.stdout == first.stdout, swapped.stderr
    [line] = swapped.stderr.strip().splitlines()
    assert line.startswith("ruian-sim: the compiled-kernel cache of complete.shanten-") and "seal" in line, line


def test_builds_are_found_by_package_folder_not_by_install_path(tmp_path):
    """The same sources in two places (a checkout and its installed copy, as a
    test run and the CLI it starts use) share one build: the cache folder is
    named by the module's folder in the package, not by its absolute path."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        pytest.skip("NUMBA_CACHE_DIR is set: numba's own cache directory is in use")
    import ruian_sim

    copy = tmp_path / "site" / "ruian_sim"
    shutil.copytree(os.path.dirname(ruian_sim.__file__), copy, ignore=shutil.ignore_patterns("__pycache__"))
    ask = ("import os, ruian_sim\n"
           "from numba.core import caching\n"
           "from ruian_sim.engine.match import play_matches as k\n"
           "impl = getattr(caching, 'CacheImpl', None) or caching._CacheImpl\n"
           "loc = impl._locator_classes[0].from_function(k.py_func, k.py_func.__code__.co_filename)\n"
           "print(os.path.dirname(ruian_sim.__file__)); print(loc.get_cache_path())\n")
    here = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True, check=True,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": os.path.dirname(os.path.dirname(
                              ruian_sim.__file__))}).stdout.split()
    there = subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True, check=True,
                           cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path / "site")}).stdout.split()
    assert here[0] != there[0] and there[0] == str(copy)   # two copies were imported
    from ruian_sim.engine import match
    from ruian_sim.jit import _dir, closure_digest

    assert here[1] == there[1] == os.path.join(_dir, closure_digest(match.__file__), "engine")


def test_a_module_is_rebuilt_when_what_it_imports_changes_and_only_then(tmp_path):
    """A build's folder is named by the module and everything it imports: an
    edit in the smart bot moves the engine's match loop (which calls it) and
    not the win test (which it calls)."""
    import ruian_sim
    from ruian_sim.jit import closure_digest

    copy = tmp_path / "ruian_sim"
    shutil.copytree(os.path.dirname(ruian_sim.__file__), copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = {m: closure_digest(copy / m) for m in ("engine/match.py", "bots/smart/choice.py", "hand/kernels.py",
                                                  "scoring/kernels.py")}
    smart = copy / "bots" / "smart" / "choice.py"
    smart.write_text(smart.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    after = {m: closure_digest(copy / m) for m in before}
    assert after["bots/smart/choice.py"] != before["bots/smart/choice.py"]
    assert after["engine/match.py"] != before["engine/match.py"]
    assert after["hand/kernels.py"] == before["hand/kernels.py"]
    assert after["scoring/kernels.py"] == before["scoring/kernels.py"]
