"""``casino replay --html``: the page works in a real browser (headless Chromium driven by
Playwright), fetches nothing, and steps with buttons, arrow keys and the move list."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import orjson
import pytest

from casino_cli.notation.fields import MAX_NAME
from casino_cli.pictures.table import NARROW, frame_picture, frame_text, position_frame
from casino_cli.records.frames import frames_of
from casino_cli.records.record import read_record
from tests.inproc import cli

GAME = "fixtures/docs/game.json"
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


def open_page(browser, tmp_path: Path, record: str, *options: str):
    page_file = tmp_path / "replay.html"
    result = cli("replay", record, "--html", str(page_file), *options)
    assert page_file.exists(), result.stderr
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    fetched: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    return page, fetched, errors, page_file


def plain(text: str) -> str:
    """Text shown without the isolates (FSI, PDI) round each name."""
    return text.replace("\u2068", "").replace("\u2069", "")


def caption(page) -> str:
    return plain(page.locator(".frame:not([hidden]) svg.wide > title").text_content() or "")


# The picture the page shows of its current step: the wide one, or on a phone's screen the narrow one.
SHOWN = "[...document.querySelectorAll('.frame:not([hidden]) svg')].find(s => s.getClientRects().length)"


def test_the_page_steps_with_keys_buttons_and_the_move_list(browser, tmp_path):
    page, fetched, errors, page_file = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    assert page.inner_text("#where") == f"1 / {total}"
    assert "hand 1 starts" in caption(page)
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#where") == f"2 / {total}" and caption(page).startswith("hand 1, move 1:")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#where") == f"1 / {total}"
    page.click("#next")
    page.click("#next")
    assert caption(page).startswith("hand 1, move 2:")
    page.click('a[data-i="6"]')
    assert page.inner_text("#where") == f"7 / {total}" and page.locator("a.current").inner_text().startswith("6.")
    page.keyboard.press("PageDown")
    assert "hand 2 starts" in caption(page)
    page.keyboard.press("End")
    assert "wins the game" in caption(page) and page.is_disabled("#next")
    assert "Little Casino 1" in page.locator(".frame:not([hidden]) .sheet").inner_text()  # the hand's sheet
    page.screenshot(path=str(tmp_path / "end.png"))
    assert fetched == [page_file.as_uri()] and errors == []


def test_the_move_list_is_reached_with_tab_and_keeps_the_focus_on_the_step_shown(browser, tmp_path):
    """Tab reaches the list at the step shown (one stop for the whole list, after the
    buttons); stepping with the keys moves the focus along with the step."""
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json", "--to", "5")
    focused = lambda: page.evaluate("document.activeElement.dataset.i || document.activeElement.id")  # noqa: E731
    stops = []
    for _ in range(12):  # the buttons, then the list
        page.keyboard.press("Tab")
        stops.append(focused())
        if stops[-1] == "5":
            break
    assert stops == ["first", "prevhand", "prev", "next", "nexthand", "last", "5"], stops
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "step"
    page.keyboard.press("ArrowRight")
    assert focused() == "6" and page.inner_text("#where").startswith("7 /")
    page.keyboard.press("Home")
    assert focused() == "0" and page.locator("a[tabindex='0']").count() == 1
    page.keyboard.press("Shift+Tab")
    assert focused() == "last" and errors == []


def test_up_and_down_move_a_step_in_the_move_list_as_on_the_page_and_page_keys_a_hand(browser, tmp_path):
    """A screen reader's user in the move list pressed Down for the next item and was taken
    45 steps on, to the next hand's start: ↓ and ↑ move one step, in the list (its focus
    with them) as elsewhere on the page, as → and ←; PageDown and PageUp move by hand."""
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json", "--to", "5")
    hands = page.evaluate("JSON.parse(document.getElementById('hands').textContent)")
    focused = lambda: page.evaluate("+document.activeElement.dataset.i")  # noqa: E731
    page.focus("a[data-i='5']")
    steps = []
    for key in ("ArrowDown", "ArrowDown", "ArrowUp", "PageDown", "ArrowUp", "PageUp"):
        page.keyboard.press(key)
        steps.append(focused())
    assert steps == [6, 7, 6, hands["2"], hands["2"] - 1, hands["1"]], steps
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowDown")
    assert page.inner_text("#where").startswith(f"{hands['1'] + 2} /")
    assert "→, ↓ or space next · ←, ↑ or shift+space back" in page.inner_text(".keys") and errors == []


def test_the_address_names_the_step_shown_counted_from_1(browser, tmp_path):
    page, _, errors, page_file = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    page.keyboard.press("ArrowRight")
    assert page.url.endswith("#2")  # step 2 of the counter: move 1
    other = browser.new_page()
    other.goto(page_file.as_uri() + "#7")
    assert other.inner_text("#where") == f"7 / {total}" and caption(other).startswith("hand 1, move 6:")
    other.goto(page_file.as_uri() + "#1")
    other.reload()
    assert other.inner_text("#where") == f"1 / {total}" and errors == []


def test_a_disputed_move_is_shown_with_the_finding_and_the_names(browser, tmp_path):
    page, fetched, errors, _ = open_page(browser, tmp_path, "fixtures/records/dispute.json")
    page.keyboard.press("End")
    assert caption(page).startswith("disputed: hand 1, move 2, Ben (seat 1)")
    assert "is illegal" in page.locator(".frame:not([hidden]) .notes").inner_text()
    assert "Ana v Ben" in plain(page.inner_text("h1"))
    page.keyboard.press("Home")
    assert "Ana says Ben built 7" in page.locator(".frame:not([hidden]) .comment").inner_text()
    page.screenshot(path=str(tmp_path / "dispute.png"))
    assert errors == [] and len(fetched) == 1


LONG_NAMES = ["W" * 40, "Alexandria Montgomery-Worthington", "M" * 13, "Ana"]


def long_names_page(browser, tmp_path: Path, viewport: dict, names=LONG_NAMES, teams="--no-partnerships", hand="2"):
    """A 4-player page of hand ``hand`` with wide names (by default no partnerships, so tables
    are cleared, not swept)."""
    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", teams, "--bots", "greedy")
    record = tmp_path / "long.json"
    record.write_bytes(orjson.dumps(dict(orjson.loads(four.stdout), players=names)))
    page_file = tmp_path / "long.html"
    assert cli("replay", str(record), "--html", str(page_file), "--hand", hand).returncode == 0
    page = browser.new_page(viewport=viewport)
    page.goto(page_file.as_uri())
    return page


# Every text of every frame inside the picture; a plate's text inside its plate; a text on
# the felt or clear of it (a seat's pile at the side of the table does not run into it).
OVERFLOWS = """() => {
  const bad = [], inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
  const frames = document.querySelectorAll('.frame');
  frames.forEach((f, i) => {
    frames.forEach(g => g.hidden = g !== f);
    const svg = [...f.querySelectorAll('svg')].find(s => s.getClientRects().length), all = svg.getBoundingClientRect();
    const felt = svg.querySelector('rect[fill="#1f6b45"]').getBoundingClientRect();
    svg.querySelectorAll('text').forEach(t => {
      const r = t.getBoundingClientRect(), plate = t.previousElementSibling;
      const over = r.left < felt.right && r.right > felt.left && r.top < felt.bottom && r.bottom > felt.top;
      if (!inside(r, all)) bad.push([i, 'picture', t.textContent]);
      else if (plate && plate.tagName === 'rect' && plate.getAttribute('fill') !== 'none' && !inside(r, plate.getBoundingClientRect()))
        bad.push([i, 'plate', t.textContent]);
      else if (over && !(inside(r, felt) && r.top >= felt.top && r.bottom <= felt.bottom))
        bad.push([i, 'felt', t.textContent]);
    });
  });
  return bad;
}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_text_stays_inside_the_picture_its_plates_and_its_seats(browser, tmp_path, viewport):
    page = long_names_page(browser, tmp_path, viewport)
    assert page.evaluate(OVERFLOWS) == []


# The smallest text of any frame's picture as shown, in CSS pixels.
SMALLEST_TEXT = """() => {
  const frames = document.querySelectorAll('.frame');
  let least = Infinity;
  frames.forEach(f => {
    frames.forEach(g => g.hidden = g !== f);
    const svg = [...f.querySelectorAll('svg')].find(s => s.getClientRects().length);
    svg.querySelectorAll('text').forEach(t => {
      least = Math.min(least, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a);
    });
  });
  return least;
}"""


@pytest.mark.parametrize("record", ["fixtures/docs/game.json", "four"])
def test_a_phone_shows_a_picture_whose_words_can_be_read(browser, tmp_path, record):
    """On a phone the page shows a narrow picture, what happens first: the wide one,
    shrunk to the screen, drew its labels 4 px tall."""
    if record == "four":
        page = long_names_page(browser, tmp_path, {"width": 390, "height": 844})
    else:
        page = open_page(browser, tmp_path, record)[0]
        page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(SMALLEST_TEXT) >= 8
    page.keyboard.press("End")
    box = page.evaluate(
        f"""(() => {{ const svg = {SHOWN}, banner = svg.querySelector('rect[fill="#f5b800"][rx="6"]');
          return [banner.getBoundingClientRect().bottom - svg.getBoundingClientRect().top, innerHeight] }})()"""
    )
    assert box[0] < box[1] / 2  # the caption near the picture's top, not a screen's scroll under it


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_names_as_long_as_a_record_allows_leave_the_picture_on_the_first_screen(browser, tmp_path, viewport):
    """The heading cuts a name past about 60 letters (…): four names of 4,096 characters
    pushed the buttons and the picture two screens down on a desktop, eight on a phone."""
    page = long_names_page(browser, tmp_path, viewport, [c * MAX_NAME for c in "WMQß"], "--partnerships", "3")
    heading = plain(page.inner_text("h1"))
    assert heading.startswith("WWW") and heading.count("…") == 4 and " v " in heading
    assert page.evaluate("document.getElementById('stage').getBoundingClientRect().top") < viewport["height"] / 2


def test_long_names_wrap_in_the_move_list(browser, tmp_path):
    page = long_names_page(browser, tmp_path, {"width": 1280, "height": 800})
    aside = page.evaluate(
        "(() => { const a = document.querySelector('aside'); return [a.scrollWidth, a.clientWidth] })()"
    )
    assert aside[0] <= aside[1]


def test_a_narrow_screen_shows_the_picture_full_width_and_the_list_below(browser, tmp_path):
    page = long_names_page(browser, tmp_path, {"width": 375, "height": 667})
    page.keyboard.press("End")
    box = page.evaluate(
        "(() => { const svg = "
        + SHOWN
        + """.getBoundingClientRect();
          const aside = document.querySelector('aside').getBoundingClientRect();
          const sheet = document.querySelector('.frame:not([hidden]) .sheet');
          return {svg: svg.width, below: aside.top >= svg.bottom, page: document.documentElement.scrollWidth,
                  sheet: sheet.getBoundingClientRect().width, box: sheet.parentElement.clientWidth};
        })()"""
    )
    assert box["svg"] >= 330 and box["below"] and box["page"] <= 375
    assert box["sheet"] > box["box"]  # the sheet is wider than the screen: it scrolls inside its box, not the page
    style = page.evaluate(
        "(() => { const s = getComputedStyle(document.querySelector('.frame:not([hidden]) .sheetbox'));"
        " return [s.backgroundImage, s.backgroundAttachment] })()"
    )  # a shadow at the edge where more of it is (the points were off the screen with nothing to say so)
    assert style[0].count("radial-gradient") == 2 and style[1] == "local, local, scroll, scroll"


def test_a_sheet_wider_than_a_phone_scrolls_with_the_keys_once_tab_reaches_it(browser, tmp_path):
    page = long_names_page(browser, tmp_path, {"width": 375, "height": 667})
    page.keyboard.press("End")
    where = page.inner_text("#where")
    for _ in range(8):  # the buttons, then the sheet's box
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('sheetbox')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('sheetbox')")
    page.keyboard.press("ArrowRight")  # scrolls the sheet, not a step
    page.wait_for_function("() => document.activeElement.scrollLeft > 0")  # smoothly, when the browser draws
    assert page.inner_text("#where") == where


def test_the_page_opens_where_to_says_unless_its_address_names_a_step(browser, tmp_path):
    page, _, errors, page_file = open_page(browser, tmp_path, "fixtures/docs/game.json", "--hand", "2", "--to", "3")
    total = page.locator(".frame").count()
    assert page.inner_text("#where") == f"4 / {total}" and caption(page).startswith("hand 2, move 3:")
    assert page.locator(".frame:not([hidden])").count() == 1 and page.url.endswith("#4")
    page.keyboard.press("ArrowLeft")
    assert caption(page).startswith("hand 2, move 2:")
    other = browser.new_page()
    other.goto(page_file.as_uri() + "#1")
    assert other.inner_text("#where") == f"1 / {total}" and "hand 2 starts" in caption(other) and errors == []


@pytest.mark.parametrize("width", [760, 901, 1000, 1100, 1101])
def test_the_picture_keeps_most_of_a_tablets_or_small_laptops_width(browser, tmp_path, width):
    """Up to 900 px the list goes below the picture; up to 1,100 px it is narrower beside it."""
    page = long_names_page(browser, tmp_path, {"width": width, "height": 800})
    box = page.evaluate(
        "(() => { const svg = "
        + SHOWN
        + """.getBoundingClientRect();
          const aside = document.querySelector('aside').getBoundingClientRect();
          return {svg: svg.width, below: aside.top >= svg.bottom, page: document.documentElement.scrollWidth};
        })()"""
    )
    assert box["svg"] >= 600 and box["below"] == (width <= 900) and box["page"] <= width


def test_the_page_follows_a_change_of_the_address(browser, tmp_path):
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    page.evaluate("() => new Promise(done => { addEventListener('hashchange', done); location.hash = '#5' })")
    assert page.inner_text("#where") == f"5 / {total}" and caption(page).startswith("hand 1, move 4:") and errors == []


def test_a_score_sheet_keeps_each_text_in_its_column(browser, tmp_path):
    """Long partnership names are cut (…) short of the numbers, a long list of items and
    the result wrap onto more lines, and nothing runs off the sheet."""
    from casino_cli.engine import make_rules
    from casino_cli.pictures.sheet import sheet_svg

    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--variant", "royal", "--bots", "greedy")
    sheet = orjson.loads(cli("score", "-", "--format", "json", stdin=four.stdout).stdout)
    every = {
        "cards": 3,
        "spades": 1,
        "big_casino": 2,
        "little_casino": 1,
        "AS": 1,
        "AC": 1,
        "AH": 1,
        "AD": 1,
        "sweeps": 12,
    }
    sheet["hands"][0]["sides"][0]["items"] = every
    picture = tmp_path / "sheet.svg"
    picture.write_text(sheet_svg(sheet, make_rules("royal", 4), LONG_NAMES, "t"), encoding="utf-8")
    page = browser.new_page()
    page.goto(picture.as_uri())
    boxes = page.evaluate(
        """[...document.querySelectorAll('text')].map(t => {
             const b = t.getBBox(); return [t.getAttribute('x'), b.x, b.x + b.width, t.textContent]; })"""
    )
    assert all(left >= 0 and right <= 1010 - 16 for _, left, right, _ in boxes)
    assert all(right <= 250 - 20 for x, _, right, _ in boxes if x == "24")  # side labels, short of the cards
    assert all(right <= 920 - 20 for x, _, right, _ in boxes if x == "410")  # items, short of the points
    assert "Little Casino 1" in " ".join(words for *_, words in boxes)


def in_words(text: str) -> str:
    """``text`` with its cards spelt out: 4♣ is 4 of clubs, A♥ ace of hearts."""
    ranks, suits = (
        {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
        dict(zip("♠♥♦♣", ("spades", "hearts", "diamonds", "clubs"))),
    )
    return re.sub("(10|[2-9AJQK])([♠♥♦♣])", lambda m: f"{ranks.get(m[1], m[1])} of {suits[m[2]]}", text)


def test_a_screen_reader_is_told_each_step_the_buttons_and_keys_show(browser, tmp_path):
    """A polite live region, hidden from sight, says the step shown and its words, as the list
    has them but its cards spelt out (4♣ was said "4 black club suit"); not on opening, nor
    where the list has the focus (its focused step is read). The buttons are named in words
    (⇤ hand was "leftwards arrow to bar hand")."""
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json")
    said = lambda: plain(page.inner_text("#said"))  # noqa: E731
    total = page.locator(".frame").count()
    assert said() == "" and page.locator("#said").get_attribute("aria-live") == "polite"
    page.keyboard.press("ArrowRight")
    first = plain(page.locator("a[data-i='1'] > [aria-hidden]").inner_text())  # the step as shown
    assert said() == f"step 2 of {total}: {in_words(first)}" and first.startswith("1. ") and first != in_words(first)
    page.click("#last")
    assert said().startswith(f"step {total} of {total}: end")
    assert page.locator("#said").bounding_box()["width"] <= 1 and errors == []
    names = re.findall(r'- button "([^"]*)"', page.locator("nav").aria_snapshot())
    assert len(set(names)) == 6 and all(re.fullmatch(r"[a-z]+( [a-z]+)*", name) for name in names), names


@pytest.mark.parametrize(
    ("record", "mark", "kind"),
    [("fixtures/records/dispute.json", "✖ ", "finding"), ("fixtures/records/dispute-part-way.json", "? ", "unsettled")],
)
def test_each_step_of_the_move_list_is_named_in_words_a_finding_as_one(browser, tmp_path, record, mark, kind):
    """Focused in the move list, a step was read as shown: "trails 3♥", a finding "✖ hand 1,
    …" (heavy multiplication x); each step is named in words, a finding as "finding: " (an
    unsettled note "unsettled: "), as the live region says it."""
    page, _, errors, _ = open_page(browser, tmp_path, record)
    items = page.locator("a[data-i]")
    seen = "e => [...e.childNodes].filter(n => !n.classList || !n.classList.contains('sr')).map(n => n.textContent).join('')"
    shown = [items.nth(i).evaluate(seen) for i in range(items.count())]
    names = [plain(m) for m in re.findall(r'link "([^"]*)"', page.locator("aside").aria_snapshot())]
    assert names == [plain(in_words(re.sub("^" + re.escape(mark), kind + ": ", text))) for text in shown]
    at = next(i for i, name in enumerate(names) if name.startswith(kind + ": "))
    assert page.locator(f"a.{kind}").count() == 1 and shown[at].startswith(mark)
    page.evaluate(f"location.hash = '#{at}'")
    page.click("#next")
    assert page.inner_text("#said").startswith(f"step {at + 1} of {len(shown)}: {kind}: ") and errors == []


def test_each_step_of_the_move_list_is_a_link_to_it_that_a_screen_reader_can_follow(browser, tmp_path):
    """A screen reader found the move list's steps as plain list items, in no list of links and
    not to be followed: each step is a link to its address (#N, counted from 1), the step shown
    marked as the current step; Enter on one, reached in the list, shows that step."""
    page, _, errors, _ = open_page(browser, tmp_path, GAME, "--to", "5")
    total = page.locator(".frame").count()
    links = page.locator("aside").get_by_role("link")
    assert links.count() == total
    assert [links.nth(i).get_attribute("href") for i in range(total)] == [f"#{i + 1}" for i in range(total)]
    current = page.locator("aside [aria-current]")
    assert current.count() == 1 and current.get_attribute("aria-current") == "step"
    assert current.get_attribute("href") == "#6" and links.nth(5).get_attribute("tabindex") == "0"
    links.nth(30).focus()
    page.keyboard.press("Enter")
    assert page.inner_text("#where") == f"31 / {total}" and caption(page).startswith("hand 1, move 30:")
    assert current.get_attribute("href") == "#31" and page.url.endswith("#31") and errors == []


def test_the_same_step_said_again_is_a_change_a_screen_reader_announces(browser, tmp_path):
    """On a page of one finding, f went to it and f again gave the live region the words it
    held, which a screen reader does not announce again: said again, the same words end in a
    no-break space or lose it, so that each press is heard (→ at the last step too)."""
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/records/dispute.json")
    said = []
    for key in ("f", "f", "f", "ArrowRight", "End"):
        page.keyboard.press(key)
        said.append(page.evaluate("document.getElementById('said').textContent"))
    assert all(one != other for one, other in zip(said, said[1:])), said
    assert {s.rstrip("\u00a0") for s in said} == {said[0]} and said[0].startswith("step 3 of 3: finding: ")
    assert page.get_attribute("#said", "aria-atomic") == "true" and errors == []


def test_f_goes_to_the_next_finding_or_unsettled_note_and_shift_f_to_the_previous(browser, tmp_path):
    """A referee on a disputed record's page had no key to its findings: f (or the finding
    button) goes to the next finding or unsettled note, round from the last to the first, F
    to the previous; each is said in the live region, and the keys line says so."""
    document = orjson.loads(Path("fixtures/records/dispute-part-way.json").read_bytes())
    hand = document["hands"][0]
    document["hands"] = [dict(hand, moves=["3H", "4S+3H=7", "8S"]), hand]  # a note, then a finding
    record = tmp_path / "two.json"
    record.write_bytes(orjson.dumps(document))
    page, _, errors, _ = open_page(browser, tmp_path, str(record))
    marked = page.evaluate("[...document.querySelectorAll('a.finding,a.unsettled')].map(a => +a.dataset.i)")
    total = page.locator(".frame").count()
    assert len(marked) == 2 and page.locator("a.unsettled").count() == 1 and page.locator("a.finding").count() == 1
    visited = []
    for key in ("f", "f", "f", "Shift+F", "Shift+F"):
        page.keyboard.press(key)
        visited.append(int(page.inner_text("#where").split(" / ")[0]) - 1)
    first, second = marked
    assert visited == [first, second, first, second, first], visited
    assert page.inner_text("#said").startswith(f"step {first + 1} of {total}: unsettled: ")
    page.click("#finding")
    assert page.inner_text("#said").startswith(f"step {second + 1} of {total}: finding: ")
    assert "f/F the next/previous finding or unsettled note" in page.inner_text(".keys")
    assert "(f; shift+F the previous)" in (page.get_attribute("#finding", "title") or "") and errors == []


def test_the_page_prints_dark_on_white_without_its_buttons(browser, tmp_path):
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/records/dispute.json")
    page.emulate_media(media="print")
    style = "[...document.querySelectorAll('header, h1')].map(e => (s => `${s.color} on ${s.backgroundColor}`)(getComputedStyle(e)))"
    assert page.evaluate(style) == ["rgb(17, 17, 17) on rgb(255, 255, 255)", "rgb(17, 17, 17) on rgba(0, 0, 0, 0)"]
    assert not page.is_visible("#next") and not page.is_visible(".keys") and page.is_visible("#where")
    assert page.pdf()[:5] == b"%PDF-" and errors == []


def test_the_step_shown_is_ringed_in_the_list_under_forced_colours(browser, tmp_path):
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/records/dispute.json")
    page.emulate_media(forced_colors="active")
    page.keyboard.press("ArrowRight")
    ring = page.evaluate("getComputedStyle(document.querySelector('a.current')).outlineStyle")
    assert ring == "solid" and page.inner_text("a.current").startswith("1. ") and errors == []


def test_a_button_pressed_to_the_end_keeps_the_focus_in_a_gold_ring(browser, tmp_path):
    """Tab reaches every button, also one that cannot step (marked aria-disabled, so that it
    keeps the focus once pressed to the end); the focus shows as a gold ring."""
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json")
    focused = lambda: page.evaluate("document.activeElement.id")  # noqa: E731
    for _ in range(6):
        page.keyboard.press("Tab")
    assert focused() == "last" and not page.is_disabled("#last")
    page.keyboard.press("Enter")
    assert focused() == "last" and page.is_disabled("#last") and page.is_disabled("#next")
    ring = page.evaluate("getComputedStyle(document.activeElement).outline")
    assert ring == "rgb(245, 184, 0) solid 3px", ring
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # hand ⇥ at the last hand: nothing to go to, and the focus stays
    assert focused() == "nexthand" and page.is_disabled("#nexthand") and errors == []


def test_hand_buttons_go_to_this_hands_start_first_and_keys_leave_buttons_and_the_browser_alone(browser, tmp_path):
    page, _, errors, _ = open_page(browser, tmp_path, "fixtures/docs/game.json")
    total = page.locator(".frame").count()
    assert page.is_disabled("#prevhand") and not page.is_disabled("#nexthand")
    page.keyboard.press("PageDown")
    second = page.inner_text("#where")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.click("#prevhand")  # two moves into hand 2: back to hand 2's start
    sync_api.expect(page.locator("#where")).to_have_text(second)
    assert "hand 2 starts" in caption(page)
    page.keyboard.press("PageUp")  # from its start: hand 1's
    sync_api.expect(page.locator("#where")).to_have_text(f"1 / {total}")
    page.keyboard.press("End")
    sync_api.expect(page.locator("#nexthand")).to_be_disabled()
    page.evaluate("document.activeElement.blur()")  # the clicked ⇤ hand would take the Space as its own press
    page.keyboard.press("Shift+Space")
    sync_api.expect(page.locator("#where")).to_have_text(f"{total - 1} / {total}")
    page.focus("#prev")
    page.keyboard.press("Space")  # the focused button steps back, and only it
    sync_api.expect(page.locator("#where")).to_have_text(f"{total - 2} / {total}")
    page.keyboard.press("Control+ArrowLeft")  # left to the browser
    page.keyboard.press("Alt+ArrowRight")
    sync_api.expect(page.locator("#where")).to_have_text(f"{total - 2} / {total}")
    assert errors == []


@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 1300, "height": 900}])
def test_stepping_scrolls_the_move_list_only_never_the_page(browser, tmp_path, viewport):
    """On a phone the list is under the picture: stepping kept the current move in view by
    scrolling the whole page, the buttons off the screen."""
    page_file = tmp_path / "replay.html"
    assert cli("replay", "fixtures/docs/game.json", "--html", str(page_file)).returncode == 0
    page = browser.new_page(viewport=viewport)
    page.goto(page_file.as_uri() + "#30")
    page.evaluate("window.scrollTo(0, 0)")
    for button in ("#next", "#next", "#last", "#first", "#last"):
        page.click(button)
        assert page.evaluate("window.scrollY") == 0, button
        seen = page.evaluate(
            """() => { const a = document.querySelector('aside').getBoundingClientRect(),
                       c = document.querySelector('a.current').getBoundingClientRect();
                       return c.top >= a.top - 1 && c.bottom <= a.bottom + 1; }"""
        )
        assert seen, button  # the current move is in view within the list


AXE = os.environ.get("CASINO_AXE", "")  # axe-core's axe.min.js (npm install axe-core)
AXE_RUN = """async () => (await axe.run(document)).violations.map(v => `${v.id}: ${v.nodes[0].html.slice(0, 120)}`)"""


# Whether each step's two pictures (wide, narrow), as the page shows them, are node for node
# the markup given for that step.
SAME_PICTURES = """expected => expected.map((markup, i) => {
  const given = document.createElement('template'), frame = document.querySelectorAll('.frame')[i];
  given.innerHTML = markup;
  const shown = frame.querySelectorAll(':scope > svg');
  return shown.length === 2 && [...shown].every((svg, k) => svg.isEqualNode(given.content.children[k]));
})"""

# Whether a step's wide picture has the elements of a standalone SVG's but its <defs> (the
# page's cards are in one <defs> for all its pictures).
SAME_AS_SVG = """([i, document]) => {
  const svg = new DOMParser().parseFromString(document, 'image/svg+xml').documentElement;
  const shown = window.document.querySelectorAll('.frame')[i].querySelector('svg.wide');
  const drawn = [...svg.children].filter(e => e.localName !== 'defs');
  return svg.getAttribute('viewBox') === shown.getAttribute('viewBox') && drawn.length === shown.children.length
    && drawn.every((e, k) => e.isEqualNode(shown.children[k]));
}"""


@pytest.mark.parametrize("names", [None, ["</script><!-- 12.5 \u2028", 'Ann "3" & <b>\\']])
def test_every_step_the_page_draws_is_the_picture_drawn_for_it(browser, tmp_path, names):
    """The page carries the pictures of the step it opens at and the others packed in pieces
    (casino_cli/pictures/packed.py) that its script joins: each step shown is, node for node,
    the picture drawn for it (wide and narrow), also with names that look like markup and
    numbers, and the first and the last step are what replay --svg draws of them."""
    document = orjson.loads(Path(GAME).read_bytes())
    if names:
        document["players"] = names
    source = tmp_path / "game.json"
    source.write_bytes(orjson.dumps(document))
    page, _, errors, _ = open_page(browser, tmp_path, str(source), "--to", "5")
    record = read_record(document)
    expected = []
    for frame in frames_of(record):
        pic = frame_picture(frame, record.players, frame_text(frame, record))
        expected.append(position_frame(pic) + position_frame(pic, NARROW))
    assert page.evaluate(SAME_PICTURES, expected) == [True] * len(expected)
    for where, step in ((["--to", "0"], 0), ([], len(expected) - 1)):
        assert cli("replay", str(source), *where, "--svg", str(tmp_path / "step.svg")).returncode == 0
        assert page.evaluate(SAME_AS_SVG, [step, (tmp_path / "step.svg").read_text(encoding="utf-8")]), where
    assert errors == []


def test_without_javascript_the_page_shows_the_step_it_opens_at_and_says_so(browser, tmp_path):
    """The pictures of the other steps are drawn by the page's script: with JavaScript off the
    page shows the step it opens at (--to), and says that it shows that step alone."""
    assert cli("replay", GAME, "--to", "5", "--html", str(tmp_path / "p.html")).returncode == 0
    page = browser.new_context(java_script_enabled=False).new_page()
    page.goto((tmp_path / "p.html").as_uri())
    total = page.locator(".frame").count()
    assert caption(page).startswith("hand 1, move 5:") and page.locator(".frame:not([hidden])").count() == 1
    assert page.is_visible(".frame:not([hidden]) svg.wide")
    assert f"JavaScript is off: the page shows step 6 of {total} alone" in page.inner_text("nav")


@pytest.mark.parametrize(
    ("record", "width"),
    [(f"fixtures/records/corpus/{name}.jsonl", 1300) for name in ("classic-2", "royal-3", "classic-4-individual")]
    + [("fixtures/records/corpus/american-royal-4.jsonl", 390), ("fixtures/records/dispute-part-way.json", 1300)],
)
def test_axe_finds_nothing_at_a_hands_start_a_move_and_its_end(browser, tmp_path, record, width):
    """axe-core's checks (contrast, names, roles, landmarks, headings, lang) on the first hand
    of 2, 3 and 4 seats, partnerships, the three rule sets, a phone's width and a finding."""
    if not os.path.isfile(AXE):
        pytest.skip("set CASINO_AXE to axe-core's axe.min.js (npm install axe-core) to run axe on the page")
    page, _, errors, _ = open_page(browser, tmp_path, record, "--hand", "1")
    page.set_viewport_size({"width": width, "height": 900})
    page.add_script_tag(path=AXE)
    found = {}
    for key in ("Home", "ArrowRight", "End"):  # the end: the hand's sheet, or where the record stops
        page.keyboard.press(key)
        found[page.inner_text("#where")] = page.evaluate(AXE_RUN)
    assert all(violations == [] for violations in found.values()), found
    assert errors == []
