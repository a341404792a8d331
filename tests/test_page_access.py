"""The replay page for people who use the keyboard, a screen reader or a printer, checked
without a browser: the markup and the style say what the browser will do
(tests/test_html_replay.py checks the same in Chromium)."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from casino_cli.pictures.page import replay_page
from casino_cli.records.frames import frames_of
from casino_cli.records.record import read_record


@pytest.fixture(scope="module")
def page() -> str:
    document = orjson.loads(Path("fixtures/docs/game.json").read_bytes())
    record = read_record(dict(document, _note="a comment on the game"))
    return replay_page(record, frames_of(record), "game", 0)


def rule(page: str, selector: str) -> str:
    """The declarations of the page's style rule for ``selector``."""
    found = re.search(r"(?:^|[}\n])" + re.escape(selector) + r"\{([^}]*)\}", page)
    assert found, f"no style rule for {selector}"
    return found.group(1)


def luminance(colour: str) -> float:
    """The relative luminance of ``#rgb`` or ``#rrggbb`` (WCAG 2)."""
    digits = colour.lstrip("#")
    digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_computed_as_wcag_does():
    assert contrast("#000", "#fff") == pytest.approx(21) and contrast("#777", "#777") == 1
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_a_button_at_an_end_keeps_the_focus_and_the_focus_shows_in_a_ring_that_stands_out(page):
    """A button is marked unavailable with aria-disabled, never disabled (which would throw the
    focus of a button pressed to the end back to the page); the focused button's ring
    contrasts 3:1 with the page round it (WCAG 1.4.11)."""
    assert ".disabled=" not in page and "button:disabled" not in page
    assert "setAttribute('aria-disabled'" in page and "opacity" in rule(page, "button[aria-disabled=true]")
    ring = re.fullmatch(
        r"outline:\d+px solid (#[0-9a-f]+);outline-offset:\d+px",
        rule(page, "button:focus-visible,.scroll:focus-visible"),
    )
    background = re.search(r"background:(#[0-9a-f]+)", rule(page, "body"))
    assert ring and background and contrast(ring.group(1), background.group(1)) >= 3


def test_each_step_shown_is_said_in_a_live_region_hidden_from_sight(page):
    """The buttons and keys change the picture, which a screen reader does not read by
    itself: a polite live region in the controls is given each step's words, its cards
    spelt out (tests/test_html_replay.py hears them)."""
    region = re.search(r'<span id="said" class="sr" aria-live="polite" aria-atomic="true"></span>', page)
    assert region and page.index("<nav>") < region.start() < page.index("</nav>")
    assert "say('step '+(at+1)+' of '+frames.length+': '+words[at])" in page
    hidden = rule(page, ".sr")
    assert "position:absolute" in hidden and "width:1px" in hidden and "overflow:hidden" in hidden


def test_the_page_prints_dark_on_white_without_its_controls_and_with_its_lists_whole(page):
    """Printed without backgrounds (as browsers do by default) the header's light text on
    its dark band would be grey on white: in print it is dark, 4.5:1 on white; the
    buttons and the keys, of no use on paper, are left out; nothing is cut to a scrolling box."""
    printed = re.search(r"@media print\{(.*?\})\n\}", page, re.S)
    assert printed, "no print style"
    style = "\n" + printed.group(1)
    for selector in ("body,header", ".sub", "#where"):
        colour = re.search(r"(?:^|;)color:(#[0-9a-f]+)", rule(style, selector))
        assert colour and contrast(colour.group(1), "#fff") >= 4.5, selector
    assert "background:#fff" in rule(style, "body,header")
    assert "display:none" in rule(style, "nav button,.keys")
    assert "max-height:none" in rule(style, "aside") and "max-height:none" in rule(style, ".comment")


def test_every_box_that_scrolls_is_reached_with_tab_and_keeps_its_keys(page):
    """A hand's sheet (sideways on a phone) and a comment (a long one) scroll within their
    boxes: each is a Tab stop whose arrow keys scroll it, rather than step the replay."""
    scrolling = [s for s in (".sheetbox", ".comment") if "overflow" in rule(page, s)]
    assert scrolling == [".sheetbox", ".comment"]
    boxes = re.findall(r'<div class="(sheetbox|comment)([^"]*)"([^>]*)>', page)
    assert {kind for kind, _, _ in boxes} == {"sheetbox", "comment"}
    assert all(rest == " scroll" and attrs == ' tabindex="0"' for _, rest, attrs in boxes), boxes
    assert "if(e.target.classList.contains('scroll')){return}" in page


def test_the_move_list_is_a_list_per_hand_under_its_heading_and_no_empty_one(page):
    """A screen reader's list keys find each hand's moves; an empty list before the first
    heading was announced as the moves' first list."""
    aside = re.search(r'<aside aria-label="moves">(.*)</aside>', page, re.S)
    assert aside and "<ol></ol>" not in aside.group(1)
    parts = re.findall(r"<h2>hand (\d+)</h2><ol>(.*?)</ol>", aside.group(1), re.S)
    assert [hand for hand, _ in parts] == ["1", "2"] and all("<li" in items for _, items in parts)
    assert re.sub(r"<h2>hand \d+</h2><ol>.*?</ol>", "", aside.group(1), flags=re.S) == ""


def test_each_step_in_the_move_list_is_a_link_to_its_address(page):
    """A screen reader met the steps as list items, not to be followed: each item holds a link
    to its step's address (#N, counted from 1), the script making the step shown its Tab stop."""
    aside = re.search(r'<aside aria-label="moves">(.*)</aside>', page, re.S)
    assert aside
    items = re.findall(r"<li[^>]*>(.*?)</li>", aside.group(1), re.S)
    link = r'<a href="#(\d+)" data-i="(\d+)" tabindex="-1"( class="\w+")?>.+</a>'
    links = [re.fullmatch(link, item, re.S) for item in items]
    assert len(items) > 50 and all(links), items[:3]
    assert [(int(a[1]), int(a[2])) for a in links if a] == [(n + 1, n) for n in range(len(items))]


def test_the_step_shown_is_marked_in_the_list_in_a_high_contrast_mode_too(page):
    """Forced colours (Windows' high contrast) drop the gold background of the current step:
    a ring in the system's highlight colour marks it there."""
    forced = re.search(r"@media \(forced-colors:active\)\{(.*?\})\}", page)
    assert forced and "outline:2px solid Highlight" in rule("\n" + forced.group(1), "a.current")


def test_the_page_names_the_record_by_its_file_not_the_folders_it_is_in(tmp_path):
    """A page sent to a friend said where the record lay on the sender's machine
    (<title>casino replay · /home/ana/club/g2.json); it names the file alone."""
    from tests.inproc import cli

    folder = tmp_path / "private folder"
    folder.mkdir()
    (folder / "g2.json").write_bytes(Path("fixtures/docs/game.json").read_bytes())
    page_file = tmp_path / "page.html"
    assert cli("replay", str(folder / "g2.json"), "--html", str(page_file)).returncode == 0
    html = page_file.read_text(encoding="utf-8")
    assert "<title>casino replay · g2.json</title>" in html and "private folder" not in html


def test_each_button_is_named_in_words_its_arrows_hidden_from_a_screen_reader(page):
    """A screen reader named the buttons by what they show, "leftwards arrow to bar hand" and
    "hand rightwards arrow to bar" for ⇤ hand and hand ⇥: the arrows are hidden from it, and
    each button's name is plain words, its own, holding the words it shows."""
    nav = re.search(r"<nav>(.*?)</nav>", page, re.S)
    assert nav
    buttons = re.findall(r"<button [^>]*>(.*?)</button>", nav.group(1))
    names = [re.sub(r"<[^>]*>", "", re.sub(r'<span aria-hidden="true">.*?</span>', "", b)) for b in buttons]
    shown = [re.sub(r"<[^>]*>", "", re.sub(r'<span class="sr">.*?</span>', "", b)) for b in buttons]
    assert len(buttons) == 6 and len(set(names)) == 6, names
    for name, seen in zip(names, shown):
        assert re.fullmatch(r"[a-z]+( [a-z]+)*", name), name
        assert set(re.findall(r"[a-z]+", seen)) <= set(name.split()) and seen != name, (name, seen)


def test_only_a_page_with_a_finding_or_an_unsettled_note_has_the_key_and_button_to_it(page):
    """The finding button, and f/F in the keys line, are there for a disputed record alone."""
    assert 'id="finding"' not in page and "f/F" not in page
    for record, kind in (("dispute.json", "finding"), ("dispute-part-way.json", "unsettled note")):
        disputed = read_record(orjson.loads(Path("fixtures/records", record).read_bytes()))
        html = replay_page(disputed, frames_of(disputed), record, 0)
        assert f'title="the next {kind} (f; shift+F the previous)"' in html
        assert f"f/F the next/previous {kind} · " in html
