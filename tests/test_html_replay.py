"""``casino replay --html``: the page works in a real browser (headless Chromium driven by
Playwright), fetches nothing, and steps with buttons, arrow keys and the move list."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.inproc import cli

CHROMIUM = os.environ.get("CASINO_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Python playwright is not installed (pip install playwright); browser test skipped"
)
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium); browser test skipped", allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as pw:
        try:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Exception as exc:  # noqa: BLE001 - a browser that will not start is a skip, said plainly
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {exc}")
        yield chromium
        chromium.close()


def open_page(browser, tmp_path: Path, record: str):
    page_file = tmp_path / "replay.html"
    result = cli("replay", record, "--html", str(page_file))
    assert page_file.exists(), result.stderr
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    fetched: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    return page, fetched, errors, page_file


def caption(page) -> str:
    return page.locator(".frame:not([hidden]) svg > title").text_content() or ""


def test_the_page_steps_with_keys_buttons_and_the_move_list(browser, tmp_path):
    page, fetched, errors, page_file = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    assert page.inner_text("#where") == f"1 / {total}"
    assert "hand 1 starts" in caption(page)
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#where") == f"2 / {total}" and caption(page).startswith("move 1:")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#where") == f"1 / {total}"
    page.click("#next")
    page.click("#next")
    assert caption(page).startswith("move 2:")
    page.click('li[data-i="6"]')
    assert page.inner_text("#where") == f"7 / {total}" and page.locator("li.current").inner_text().startswith("6.")
    page.keyboard.press("PageDown")
    assert "hand 2 starts" in caption(page)
    page.keyboard.press("End")
    assert "wins the game" in caption(page) and page.is_disabled("#next")
    assert "Little Casino 1" in page.locator(".frame:not([hidden]) .sheet").inner_text()  # the hand's sheet
    page.screenshot(path=str(tmp_path / "end.png"))
    assert fetched == [page_file.as_uri()] and errors == []


def test_the_address_names_the_step_shown_counted_from_1(browser, tmp_path):
    page, _, errors, page_file = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    page.keyboard.press("ArrowRight")
    assert page.url.endswith("#2")  # step 2 of the counter: move 1
    other = browser.new_page()
    other.goto(page_file.as_uri() + "#7")
    assert other.inner_text("#where") == f"7 / {total}" and caption(other).startswith("move 6:")
    other.goto(page_file.as_uri() + "#1")
    other.reload()
    assert other.inner_text("#where") == f"1 / {total}" and errors == []


def test_a_disputed_move_is_shown_with_the_finding_and_the_names(browser, tmp_path):
    page, fetched, errors, _ = open_page(browser, tmp_path, "fixtures/records/dispute.json")
    page.keyboard.press("End")
    assert caption(page).startswith("disputed: hand 1, move 2, Ben (seat 1)")
    assert "is illegal" in page.locator(".frame:not([hidden]) .notes").inner_text()
    assert "Ana v Ben" in page.inner_text("h1")
    page.keyboard.press("Home")
    assert "Ana says Ben built 7" in page.locator(".frame:not([hidden]) .comment").inner_text()
    page.screenshot(path=str(tmp_path / "dispute.png"))
    assert errors == [] and len(fetched) == 1
