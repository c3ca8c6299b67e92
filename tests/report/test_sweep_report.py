"""`ruian-sim report` of a sweep: plots with CI bands, a heat map for a grid, the solve's
answer, checked as a page and as a headless browser's screenshot."""

import json
import os
import shutil
import subprocess

import pytest


def screenshot(page, png) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser is None:
        if os.environ.get("RUIAN_SIM_REQUIRE_BROWSER"):   # .ci/run installs one: there it may not skip
            pytest.fail("RUIAN_SIM_REQUIRE_BROWSER is set but no chromium is installed")
        pytest.skip("no headless browser for the screenshot")
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=1100,1600", f"--screenshot={png}", page.as_uri()],
                   check=False, capture_output=True, timeout=120)
    assert png.is_file()
    from PIL import Image

    img = Image.open(png).convert("L")
    lo, hi = img.getextrema()
    shades = sum(1 for n in img.histogram() if n)
    assert hi - lo > 100 and shades > 20  # plots drawn, not a blank or error page


def test_grid_report_has_a_heat_map_per_metric(cli, tmp_path):
    out = tmp_path / "grid"
    done = cli("sweep", "--param", "scoring.items.all_pungs.times=4,8", "--param",
               "dealer.streak_cap=2,4", "--metric", "dealer_points_mean", "draw_rate", "--hands", "1500",
               "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Sweep: scoring.items.all_pungs.times, dealer.streak_cap" in page
    assert page.count("<img") == 2 and "played" in page and "the engine plays or records by" in page
    screenshot(out / "report.html", tmp_path / "grid.png")


def test_one_param_report_draws_bands_and_the_solve(cli, tmp_path):
    out = tmp_path / "dead"
    done = cli("sweep", "--solve", "draw_rate=0.25", "--param", "wall.dead_stacks=6:12", "--hands", "800",
               "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "sweep.json").read_text())
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "Solve draw_rate = 0.25" in page and "95% interval" in page
    assert page.count("<img") == len(s["metrics_shown"])  # one line plot with its band per metric
    screenshot(out / "report.html", tmp_path / "dead.png")


def test_a_value_with_a_meaning_of_its_own_is_named_in_the_report(cli, tmp_path):
    out = tmp_path / "cap"
    done = cli("sweep", "--param", "dealer.streak_cap=0,1,3", "--metric", "draw_rate", "--hands", "600",
               "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "<td>0 (no cap)</td>" in page and "<th>hands</th>" in page
    assert "hands each" not in page   # the points played different numbers of hands
