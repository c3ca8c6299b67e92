"""`ruian-sim serve`'s API: its token and its walls, the overlay checked at its line, a comparison
run, cancelled and resumed, and its figures the same as `compare` and `report` give."""

import json
import re
import time
from pathlib import Path

import pytest
from desk import FOUR_WINDS, Desk


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    d = Desk(tmp_path_factory.mktemp("workspace"))
    yield d
    d.close()


@pytest.fixture(scope="module")
def finished(desk):
    """A small comparison played through the page, to the end."""
    status, r = desk.call("/api/runs", {"a": "ruian", "text": FOUR_WINDS, "hands": 600, "seed": 5, "bots": "greedy"})
    assert status == 200, r
    s = desk.wait(r["id"])
    assert s["state"] == "done" and s["hands_done"] == 600, s
    return s


def test_the_first_line_is_the_url_with_a_long_random_token(desk):
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[A-Za-z0-9_-]{32}", desk.url)


@pytest.mark.parametrize("path", ["/", "/app.js", "/api/games", "/api/runs"])
def test_a_request_without_the_token_or_with_a_wrong_one_is_refused(desk, path):
    assert desk.call(path, token=None)[0] == 403
    assert desk.call(path, token="x" * 32)[0] == 403
    assert desk.call(path)[0] == 200


def test_a_request_for_another_host_name_is_refused(desk):
    """A web page elsewhere that rebinds its DNS name to 127.0.0.1 sends its own Host."""
    assert desk.call("/api/games", headers={"Host": "evil.example:80"})[0] == 403


@pytest.mark.parametrize("path", ["/../../etc/passwd", "/assets/../app.py", "/api/runs/..%2f..%2fetc",
                                  "/api/runs/20260101-000000-abcd", "/api/runs/20260101-000000-abcd/result",
                                  "/app.py", "/jobs.py", "/api/runs/x/hand"])
def test_nothing_outside_the_workspace_and_the_assets_is_served(desk, path):
    status, body = desk.call(path)
    assert status == 404, body


def test_rule_set_a_must_be_built_in_not_a_path(desk):
    status, body = desk.call("/api/validate", {"a": "/etc/passwd", "text": "extends: ruian\n"})
    assert status == 400 and "built-in game" in body["error"]


def test_an_overlay_error_is_located_at_its_line_in_the_editor(desk):
    text = FOUR_WINDS.replace("action: draw", "action: drawx")
    status, r = desk.call("/api/validate", {"a": "ruian", "text": text})
    assert status == 200 and not r["ok"]
    (p,) = r["problems"]
    assert (p["line"], p["col"], p["key"]) == (5, 13, "aborts.four_winds.action")
    assert p["text"].startswith("overlay.yaml:5:13: aborts.four_winds.action:") and "did you mean 'draw'" in p["text"]


def test_a_valid_overlay_says_which_keys_it_changes_from_a(desk):
    status, r = desk.call("/api/validate", {"a": "ruian", "text": FOUR_WINDS})
    assert status == 200 and r["ok"], r
    assert r["changes"] == [{"key": "aborts.four_winds.action", "a": "none", "b": "draw"}]


def test_a_run_refuses_an_overlay_with_problems_and_writes_nothing(desk, tmp_path):
    status, r = desk.call("/api/runs", {"a": "ruian", "text": "extends: ruian\nwall: {stacks_per_side: -1}\n",
                                        "hands": 100})
    assert status == 400 and r["problems"][0]["line"] == 2
    assert desk.call("/api/runs")[1]["runs"] == []


@pytest.mark.parametrize("body", [{"hands": 0}, {"hands": "100"}, {"seed": -1}, {"bots": "smart; rm -rf /"}])
def test_run_settings_out_of_range_are_refused(desk, body):
    status, r = desk.call("/api/runs", {"a": "ruian", "text": FOUR_WINDS, **body})
    assert status == 400, r


def test_page_compare_and_report_agree_on_every_headline_figure(desk, finished, cli, tmp_path):
    _, page = desk.call(f"/api/runs/{finished['id']}/result")
    assert {"draw_rate", "dealer_advantage", "money_per_hand"} <= {x["metric"] for x in page["lead"]}
    assert any("four_winds" in x["fired"] for x in page["rules"])
    from ruian_sim.runner.units import unit_of

    for chart in page["charts"]:   # one unit a chart, as the report draws them
        assert {unit_of(b["metric"]) for b in chart["bars"]} == {chart["title"]}, chart["title"]

    overlay = tmp_path / "four-winds.yaml"
    overlay.write_text(FOUR_WINDS, encoding="utf-8")
    done = cli("compare", "ruian", overlay, "--hands", "600", "--seed", "5", "--bots", "greedy", "--quiet",
               "--out", tmp_path / "cmp")
    assert done.returncode == 0, done.stderr
    table = {line.split()[0].lstrip("*"): line for line in done.stdout.splitlines() if line[:1] in "* "}
    for row in page["lead"]:   # the same numbers, as compare prints them
        line = table[row["metric"]]
        assert f" {row['a']} " in line and f" {row['b']} " in line and f" {row['diff']} " in line, line
        assert row["ci"] in line and row["unpaired"] in line, line

    out = tmp_path / "cmp"
    assert cli("report", out).returncode == 0
    report = (out / "report.html").read_text(encoding="utf-8")
    for row in page["lead"]:
        cell = re.search(rf"<tr><td>(?:<b>)?{row['metric']}(?:</b>)?</td>(.*?)</tr>", report)
        assert cell, row["metric"]
        assert f"<td>{row['diff']}</td>" in cell.group(1) and row["ci"] in cell.group(1), cell.group(1)
    for sentence in page["brief"]:
        assert sentence.replace("'", "&#x27;") in report
    assert finished["b"] == "four-winds"


def test_a_cancelled_run_keeps_its_work_and_resumes_to_the_end(desk):
    status, r = desk.call("/api/runs", {"a": "ruian", "text": FOUR_WINDS, "hands": 20_000, "seed": 2,
                                        "bots": "greedy"})
    assert status == 200
    desk.wait(r["id"], until=("running",))
    end = time.monotonic() + 300
    while desk.call(f"/api/runs/{r['id']}")[1]["hands_done"] == 0 and time.monotonic() < end:
        time.sleep(0.2)
    assert desk.call(f"/api/runs/{r['id']}/cancel", {})[1] == {"cancelled": True}
    s = desk.wait(r["id"])
    assert s["state"] == "cancelled" and 0 < s["hands_done"] < 20_000, s
    assert desk.call(f"/api/runs/{r['id']}/result")[0] == 404
    assert desk.call(f"/api/runs/{r['id']}/resume", {})[1] == {"resumed": True}
    s = desk.wait(r["id"])
    assert s["state"] == "done" and s["hands_done"] == 20_000, s
    log = (desk_folder(desk, r["id"]) / "log.txt").read_text(encoding="utf-8")
    assert "interrupted" in log and "saved" in log   # compare's own SIGTERM line


def desk_folder(desk, run_id):
    _, listing = desk.call("/api/runs")
    return Path(listing["workspace"]) / "runs" / run_id


def test_a_hand_of_the_run_replays_as_play_shows_it(desk, finished, cli):
    run = finished
    status, h = desk.call(f"/api/runs/{run['id']}/hand?side=a&match=1&hand=0")
    assert status == 200
    played = cli("play", "--rules", run["a"], "--seed", run["seed"], "--match", 1, "--hand", 0, "--bots", run["bots"])
    assert h["text"] == played.stdout
    status, e = desk.call(f"/api/runs/{run['id']}/hand?side=b&match=0&hand=999")
    assert status == 400 and "ends before hand 999" in e["error"]


def test_past_runs_are_listed_from_the_workspace_by_a_new_server(desk, finished):
    _, listing = desk.call("/api/runs")
    again = Desk(Path(listing["workspace"]))
    try:
        _, relisted = again.call("/api/runs")
        assert [x["id"] for x in relisted["runs"]] == [x["id"] for x in listing["runs"]]
        assert again.token != desk.token
        assert json.dumps(again.call(f"/api/runs/{listing['runs'][0]['id']}/result")[1])
    finally:
        again.close()


def test_a_port_in_use_is_one_line_and_exit_2(cli, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out = cli("serve", "--port", port, "--workspace", tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == [(f"ruian-sim: --port {port}: already in use on 127.0.0.1 "
                                               "(choose another, or 0 for any)")]
    assert out.stdout == ""
