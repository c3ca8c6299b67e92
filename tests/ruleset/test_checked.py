"""A rule set validated once is not validated again until a file or the checker
changes; one with an error is checked every time."""

import pytest

from ruian_sim.errors import Mark, Problem, UserError
from ruian_sim.ruleset import load, validate


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RUIAN_SIM_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _counting(monkeypatch, warn_at=None):
    calls = []
    real = validate.problems

    def problems(src, files=None):
        calls.append(src.file)
        found = real(src, files)
        if warn_at:
            found.append(Problem(Mark(warn_at, 2, 1), "scoring.items", "a remembered warning", True))
        return found

    monkeypatch.setattr(validate, "problems", problems)
    return calls


def test_an_unchanged_file_is_checked_once_and_keeps_its_warnings(cache, tmp_path, monkeypatch):
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: taiwanese\nscoring: {items: {season_set: {tai: 3}}}\n")
    calls = _counting(monkeypatch, warn_at=str(mine))
    first = load(str(mine))
    again = load(str(mine))
    assert len(calls) == 1
    assert again.hash == first.hash and again.notes == first.notes
    assert any("a remembered warning" in n for n in again.notes)
    # one character more in the user's file: checked again
    mine.write_text(mine.read_text().replace("tai: 3", "tai: 4"))
    changed = load(str(mine))
    assert len(calls) == 2 and changed.hash != first.hash


def test_an_error_is_reported_every_time(cache, tmp_path, monkeypatch):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: taiwanese\ntiles:\n  flowers: 4\n")
    calls = _counting(monkeypatch)
    for _ in range(2):
        with pytest.raises(UserError, match="144 tiles"):
            load(str(bad))
    assert len(calls) == 2
    assert not (cache / "validated").exists() or not list((cache / "validated").iterdir())


def test_a_damaged_memo_is_checked_again(cache, monkeypatch):
    calls = _counting(monkeypatch)
    load("hangzhou")
    for f in (cache / "validated").iterdir():
        f.write_text("{not json")
    assert load("hangzhou").name
    assert len(calls) == 2
