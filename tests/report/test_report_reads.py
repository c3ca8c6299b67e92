"""What a reader of `ruian-sim report` gets: each chart in one unit, the dealer in the
brief, per-seat charts by place from the dealer, Chinese drawn with a declared font or
left out (never as boxes), and without matplotlib one line naming the extra to install.
Charts are read through their alt text, which names what they show."""

import builtins
import html
import json
import re
import subprocess
import sys
import warnings

import pytest

from ruian_sim.runner.units import SHARE, unit_of

pytest.importorskip("matplotlib")


def run_cli(*args):
    """`ruian-sim` in a subprocess (tests/conftest.py's cli, for module-scoped fixtures: a bare
    `from conftest import` finds whichever conftest.py was imported first)."""
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=600)


@pytest.fixture(scope="module")
def flowers(tmp_path_factory):
    """ruian against ruian with eight flowers: flowers_mean goes from 0 to about 6 a hand."""
    out = tmp_path_factory.mktemp("cmp") / "flowers"
    done = run_cli("compare", "ruian", "ruian+flowers", "--hands", "1000", "--bots", "greedy", "--workers", "1",
                   "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "run"
    done = run_cli("run", "--hands", "1000", "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def fresh_fonts(monkeypatch):
    """The report finds its fonts again (it does so once a process)."""
    from ruian_sim import report

    monkeypatch.setattr(report, "_CJK", [], raising=False)
    return report


def alts(page: str) -> list[str]:
    return [html.unescape(a) for a in re.findall(r'<img alt="([^"]*)"', page)]


def brief(page: str) -> str:
    return html.unescape(re.search(r"<h2>In brief</h2>(.*?)</div>", page, re.DOTALL).group(1))


def test_each_comparison_chart_holds_one_unit(flowers, fresh_fonts):
    page = fresh_fonts.build(flowers).read_text()
    forests = [a for a in alts(page) if "paired 95% CI (red)" in a]
    units = []
    for alt in forests:
        names = alt.rsplit("; ", 1)[1].split(", ")
        kinds = {unit_of(n) for n in names}
        assert len(kinds) == 1 and None not in kinds, alt
        units.append(kinds.pop())
    assert len(units) == len(set(units)), units          # one chart a unit
    assert SHARE in units and "points per hand" in units
    charts = {u: a for u, a in zip(units, forests)}
    # flowers a hand (0 → 6) is a count, not beside the shares; the turns are not beside the points
    assert "flowers_mean" in charts["events per hand"] and "flowers_mean" not in charts[SHARE]
    assert charts["turns per hand"].endswith("; turns_mean")
    assert "percentage points" in charts[SHARE]


def test_the_brief_says_what_dealing_is_worth(run, flowers, fresh_fonts):
    s = json.loads((run / "summary.json").read_text())
    top = brief(fresh_fonts.build(run).read_text())
    lo, hi = s["ci95"]["dealer_advantage"]
    assert (f"The dealer's advantage, its points in a hand minus the mean of the other seats', is "
            f"{s['dealer_advantage']:+.3f} points a hand (95% CI {lo:+.3f} to {hi:+.3f})") in top
    assert f"{s['money_per_hand']:.3f} points change hands in an average hand" in top
    c = json.loads((flowers / "comparison.json").read_text())
    adv = c["metrics"]["dealer_advantage"]
    top = brief(fresh_fonts.build(flowers).read_text())
    assert (f"is {adv['a']:+.3f} under A" in top and f"{adv['b']:+.3f} under B: B − A {adv['diff']:+.3f} points a hand "
            f"(95% CI {adv['ci95'][0]:+.3f} to {adv['ci95'][1]:+.3f})") in top


def test_per_seat_charts_go_by_place_from_the_dealer(run, fresh_fonts, tmp_path):
    seats = "dealer, next after the dealer, 2 seats after the dealer, last before the dealer"
    shown = alts(fresh_fonts.build(run).read_text())
    assert any(a.startswith("Points per hand by seat from the dealer") and a.endswith(seats) for a in shown)
    assert any(a.startswith("Distribution of one hand's points") and a.endswith(seats) for a in shown)
    assert not any("player 0" in a for a in shown)
    # a summary written before the seats from the dealer were kept: by player, as it was
    s = json.loads((run / "summary.json").read_text())
    for key in ("points_from_dealer", "points_hist_from_dealer"):
        s["extra"].pop(key)
    s["ci95"].pop("points_from_dealer")
    old = tmp_path / "old"
    old.mkdir()
    (old / "summary.json").write_text(json.dumps(s))
    shown = alts(fresh_fonts.build(old).read_text())
    assert any(a.startswith("Points per hand by player") and a.endswith("player 0, player 1, player 2, player 3")
               for a in shown)


def _with_chinese(src, dst):
    """The comparison with a Chinese name and an item named in Chinese."""
    c = json.loads((src / "comparison.json").read_text())
    c["a"]["name"] = "瑞安麻将"
    c["metrics"]["item_硬八对"] = c["metrics"]["draw_rate"]
    c["a_summary"]["outcomes"]["四同风"] = 0.01
    c["a_summary"]["ci95"]["outcomes"]["四同风"] = [0.0, 0.02]
    dst.mkdir()
    (dst / "comparison.json").write_text(json.dumps(c, ensure_ascii=False))
    return dst


def _glyphs_missing(build, where) -> list:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        page = build(where).read_text()
    return [w for w in seen if "Glyph" in str(w.message)], page


def test_chinese_is_drawn_with_a_declared_cjk_font(flowers, fresh_fonts, tmp_path):
    import matplotlib

    from ruian_sim.report import fonts

    if not fonts.declare(matplotlib):
        pytest.skip("no CJK font on this machine (fonts-noto-cjk)")
    declared = matplotlib.rcParams["font.sans-serif"]
    assert declared[0] in fonts.CJK_FONTS and declared[-1] == "DejaVu Sans"
    missing, page = _glyphs_missing(fresh_fonts.build, _with_chinese(flowers, tmp_path / "zh"))
    assert not missing                                   # no box: every glyph had a font
    assert any("四同风" in a for a in alts(page)) and any("item_硬八对" in a for a in alts(page))
    assert "Noto Sans CJK SC" in page[:page.index("</style>")]   # and the page's own text


def test_without_a_cjk_font_chinese_is_left_out_not_boxed(flowers, fresh_fonts, tmp_path, monkeypatch):
    from matplotlib import font_manager

    from ruian_sim.report import fonts

    manager = font_manager.fontManager
    monkeypatch.setattr(manager, "ttflist", [f for f in manager.ttflist if f.name not in fonts.CJK_FONTS])
    monkeypatch.setattr(font_manager, "findSystemFonts", lambda *a, **k: [])
    missing, page = _glyphs_missing(fresh_fonts.build, _with_chinese(flowers, tmp_path / "zh"))
    import matplotlib

    assert matplotlib.rcParams["font.sans-serif"] == ["DejaVu Sans"]
    assert not missing
    shown = alts(page)
    assert not any(re.search(r"[\u4e00-\u9fff]", a) for a in shown)
    assert any("item_" in a for a in shown)   # the label without its Chinese
    assert "item_硬八对" in page                 # the HTML text keeps it: the browser has its own fonts


def test_report_without_matplotlib_names_the_extra(run, monkeypatch, capsys):
    """No matplotlib (the `report` extra not installed): one line naming what to install,
    exit 2 like the other extras (--backend dask, --records), no page written."""
    import sys

    from ruian_sim.cli.main import main

    real = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args, **kwargs)

    for mod in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    (run / "report.html").unlink(missing_ok=True)
    rc = main(["report", str(run)])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.count("\n") == 1 and "pip install 'ruian-sim[report]'" in err and "matplotlib" in err, err
    assert not (run / "report.html").exists()
