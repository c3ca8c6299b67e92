"""The designer's whole loop on the page, in a real browser (Debian's headless Chromium, driven by
Selenium): load, write a rule change with an error and see it at its line, fix it, run a small
comparison, read its figures, replay a hand as tiles, reopen the run from the list.  Screenshots of
each step are kept in the test's temp folder.  `.ci/run` installs the browser and sets
RUIAN_SIM_REQUIRE_BROWSER, so there the test cannot skip."""

import os
import re
import shutil

import pytest
from desk import FOUR_WINDS, Desk

if not os.environ.get("RUIAN_SIM_REQUIRE_BROWSER"):
    pytest.importorskip("selenium")
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def _browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (chromium and driver):
        if os.environ.get("RUIAN_SIM_REQUIRE_BROWSER"):
            pytest.fail("RUIAN_SIM_REQUIRE_BROWSER is set but chromium or chromedriver is missing")
        pytest.skip("no headless Chromium and chromedriver (Debian: apt-get install chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,1800",
                "--lang=en-US"):
        opts.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=opts)


@pytest.fixture
def page(tmp_path):
    desk = Desk(tmp_path / "workspace")
    browser = _browser()
    yield desk, browser
    browser.quit()
    desk.close()


def _type(browser, text: str) -> None:
    box = browser.find_element(By.ID, "overlay")
    box.clear()
    box.send_keys(text)


def _shot(browser, tmp_path, name: str, at: str = "") -> None:
    if at:
        browser.execute_script("arguments[0].scrollIntoView()", browser.find_element(By.ID, at))
    browser.save_screenshot(str(tmp_path / f"{name}.png"))
    assert (tmp_path / f"{name}.png").stat().st_size > 10_000


def test_the_designers_whole_loop_in_a_browser(page, tmp_path):
    desk, browser = page
    wait = WebDriverWait(browser, 30)
    browser.get(desk.url)
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#game option[value=ruian]"))
    assert "variants" in browser.find_element(By.ID, "setup").text.lower() or browser.find_elements(
        By.CSS_SELECTOR, "#variants input[value=flowers]")
    wait.until(lambda b: "ok:" in b.find_element(By.ID, "check").text)   # the starting overlay is valid
    _shot(browser, tmp_path, "1-loaded")

    _type(browser, FOUR_WINDS.replace("action: draw", "action: drawx"))
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#check .problem"))
    problem = browser.find_element(By.CSS_SELECTOR, "#check .problem").text
    assert problem.startswith("overlay.yaml:5:13: aborts.four_winds.action:") and "did you mean 'draw'" in problem
    assert [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#gutter .bad")] == ["5"]
    assert not browser.find_element(By.ID, "run").is_enabled()
    _shot(browser, tmp_path, "2-error", "overlay")

    _type(browser, FOUR_WINDS)
    wait.until(lambda b: "ok: four-winds" in b.find_element(By.ID, "check").text)
    assert "aborts.four_winds.action: none → draw" in browser.find_element(By.ID, "check").text
    assert browser.find_element(By.ID, "run").is_enabled()
    for field, value in (("hands", "600"), ("bots", "smart"), ("seed", "3")):
        box = browser.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, 900).until(lambda b: b.find_element(By.ID, "progress-text").text.startswith("done"))
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#lead tr[data-metric=draw_rate]"))
    _shot(browser, tmp_path, "3-result", "result")

    run_id = desk.call("/api/runs")[1]["runs"][0]["id"]
    served = desk.call(f"/api/runs/{run_id}/result")[1]
    shown = {r.get_attribute("data-metric"): [td.text for td in r.find_elements(By.TAG_NAME, "td")]
             for r in browser.find_elements(By.CSS_SELECTOR, "#lead tr[data-metric]")}
    for row in served["lead"]:   # the page shows the server's figures, which are compare's (test_desk_api)
        assert shown[row["metric"]][1:5] == [row["a"], row["b"], row["diff"], row["ci"]], row
    fired = browser.find_element(By.ID, "rules").text
    assert re.search(r"outcome_four_winds_draw 0 / [1-9]\d* hands", fired), fired   # the change fired
    assert len(browser.find_elements(By.CSS_SELECTOR, "#charts svg")) == len(served["charts"]) >= 3
    assert browser.find_element(By.ID, "brief").text.startswith("B (four-winds) differs from A (ruian)")

    browser.find_element(By.ID, "replay").click()
    WebDriverWait(browser, 120).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#transcript .tile")) > 60)
    transcript = browser.find_element(By.ID, "transcript").text
    assert "Deal:" in transcript and "seed 3, match 0, hand 0" in transcript
    dealt = browser.find_elements(By.CSS_SELECTOR, "#transcript .tiles")[0]
    assert dealt.find_elements(By.CSS_SELECTOR, ".tile")   # the turned wild, drawn as a tile
    _shot(browser, tmp_path, "4-replay", "transcript")

    browser.get(desk.url)   # a new visit: the run is listed and reopens
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#runs li"))
    browser.find_element(By.CSS_SELECTOR, "#runs li").click()
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#lead tr[data-metric=draw_rate]"))
    _shot(browser, tmp_path, "5-reopened")


def test_the_page_refuses_a_visit_without_its_token(page, tmp_path):
    desk, browser = page
    browser.get(desk.base + "/")
    assert "needs its token" in browser.find_element(By.TAG_NAME, "body").text
