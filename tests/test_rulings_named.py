"""Rulings and findings read by the players name them: on a terminal, in pictures and on the
replay page the engine's words say "Ben (seat 1) would hold no card to capture 7", where
-f text and the JSON keep "seat 1" (scripts compare them)."""

from __future__ import annotations

import orjson
import pytest
from clirun import casino
from inproc import cli
from pages import drawn_page

from casino_cli.records.describe import mover_named

DISPUTE = "fixtures/records/dispute.json"
PART_WAY = "fixtures/records/dispute-part-way.json"
SHOWN = "fixtures/rulings/07-shown-all-illegal.json"  # its finding has a hint naming the players
WIDE = {"NO_COLOR": "1", "COLUMNS": "300"}


def named(players: list[str]) -> str:
    """The record of SHOWN (Ben's cards shown: his 7-build was illegal) naming ``players``."""
    with open(SHOWN, "rb") as file:
        doc = orjson.loads(file.read())["record"]
    return orjson.dumps({**doc, "players": players}).decode()


def pretty(*args: str, stdin: str | None = None) -> str:
    return casino(*args, "-f", "pretty", stdin=stdin, env=WIDE).stdout.decode()


def test_an_unsettled_ruling_names_the_mover_for_people_and_keeps_the_seat_for_data(tmp_path):
    shown = pretty("judge", PART_WAY, "--move", "2")
    assert (
        "legal only if Ben (seat 1) still held a 7 after this move; settled by whether Ben (seat 1) held one of 7♠ 7♥ 7♣"
    ) in shown
    picture = tmp_path / "ruling.svg"
    cli("judge", PART_WAY, "--move", "2", "-f", "json", "--svg", str(picture))
    assert "legal only if \u2068Ben\u2069 (seat 1) still held a 7" in picture.read_text()  # isolated (bidi)
    text = cli("judge", PART_WAY, "--move", "2", "-f", "text").stdout.decode()
    assert "legal only if seat 1 still held a 7 after this move; settled by whether seat 1 held one of 7S" in text
    ruling = orjson.loads(cli("judge", PART_WAY, "--move", "2", "-f", "json").stdout)
    assert ruling["message"] == "legal only if seat 1 still held a 7 after this move"


@pytest.mark.parametrize(
    "move, words, text_words",
    [
        ("2", "illegal (B3): Ben (seat 1) would hold no card to capture 7", "seat 1 would hold no card to capture 7"),
        ("4", "Ben (seat 1) owns the 7-build 3♥+4♠", "seat 1 owns the 7-build 3H+4S"),
    ],
)
def test_an_illegal_ruling_names_the_mover_for_people(move, words, text_words):
    """Its cards by suit symbol, as the board above it; -f text keeps the JSON's words."""
    assert words in pretty("judge", DISPUTE, "--move", move)
    assert text_words in cli("judge", DISPUTE, "--move", move, "-f", "text").stdout.decode()


def test_a_ruling_given_in_the_referee_s_words_names_the_mover_too():
    """A card the mover does not hold: the ruling takes the referee's finding's words."""
    doc = '{"format":"casino.record/1","rules":{"variant":"classic","players":2},"players":["Ana","Ben"],'
    doc += '"seed":"g1","hands":[{"moves":["AS"]}]}'
    assert "illegal (card): Ana (seat 0) does not hold A♠" in pretty("judge", "-", "--move", "1", stdin=doc)
    text = cli("judge", "-", "--move", "1", "-f", "text", stdin=doc).stdout.decode()
    assert "illegal (card): seat 0 does not hold AS" in text


def test_validate_s_terminal_view_picture_and_the_replay_page_name_the_mover(tmp_path):
    words = "4S+3H=7 is illegal: Ben (seat 1) would hold no card to capture 7 (B3)"
    assert words in pretty("validate", DISPUTE)
    assert words.replace("Ben (seat 1)", "seat 1") in cli("validate", DISPUTE, "-f", "text").stdout.decode()
    picture, page = tmp_path / "dispute.svg", tmp_path / "dispute.html"
    cli("validate", DISPUTE, "-f", "text", "--svg", str(picture))
    cli("replay", DISPUTE, "--html", str(page))
    isolated = "\u2068Ben\u2069 (seat 1) would hold no card"  # a picture's name is isolated (bidi)
    assert isolated in picture.read_text() and isolated in drawn_page(page.read_text())
    note = "note: not checked: 4S+3H=7 is legal only if Ben (seat 1) still held a 7 after this move — 7♠, 7♥ or 7♣"
    assert note in pretty("validate", PART_WAY)


def test_hostile_names_are_shown_as_written_and_never_named_again(tmp_path):
    """A name that reads like a seat is not taken for one: Ana named "seat 1" stays so in the
    referee's hint; Ben named "Ben (seat 1)" is that name and his seat; markup and bidi shown."""
    doc = named(["seat 1", "Ben (seat 1)"])
    said = pretty("validate", "-", stdin=doc)
    assert "Ben (seat 1) (seat 1) would hold no card to capture 7; if the dealer was seat 1 (seat 0)," in said
    doc = named(["\u202eAna", "[b]Ben[/b]"])
    said = pretty("judge", "-", "--move", "2", stdin=doc)
    assert "[b]Ben[/b] (seat 1) would hold no card to capture 7" in said and "\u202e" not in said
    said = pretty("validate", "-", stdin=doc)
    assert "[b]Ben[/b] (seat 1) would hold no card" in said and "if the dealer was \\u202eAna (seat 0)" in said
    picture = tmp_path / "dispute.svg"
    cli("validate", "-", "-f", "text", "--svg", str(picture), stdin=doc)
    drawn = picture.read_text()
    assert "\u2068[b]Ben[/b]\u2069 (seat 1) would hold no card" in drawn and "\u202e" not in drawn
    data = cli("validate", "-", "-f", "json", stdin=doc).stdout.decode()
    assert "4S+3H=7 is illegal: seat 1 would hold no card to capture 7; if the dealer was" in data


@pytest.mark.parametrize("name", ["\u05d1\u05df", "\u202eBen", "\u2069Ben\u2066"])
def test_judge_s_picture_isolates_each_name_in_its_caption(tmp_path, name):
    """A right-to-left name (Hebrew) reorders nothing around it, as in validate's picture;
    an override or a stray isolate in a name is shown, never obeyed; the comment too."""
    with open(PART_WAY, "rb") as file:
        doc = orjson.loads(file.read())
    doc["players"] = ["Ana", name]
    doc["hands"][0]["moves"][1] = {"move": "4S+3H=7", "comment": "\u202eAna"}
    picture = tmp_path / "ruling.svg"
    cli("judge", "-", "--move", "2", "-f", "json", "--svg", str(picture), stdin=orjson.dumps(doc))
    drawn = picture.read_text()
    shown = name.replace("\u202e", "\\u202e").replace("\u2069", "\\u2069").replace("\u2066", "\\u2066")
    isolated = f"\u2068{shown}\u2069"
    assert f"hand 1, move 2 (seat 1, {isolated}): 4S+3H=7 {{\\u202eAna}}" in drawn
    assert f"legal only if {isolated} (seat 1) still held" in drawn
    assert "\u202e" not in drawn and drawn.count("\u2068") == drawn.count("\u2069")


def test_only_the_movers_exact_seat_in_the_engines_words_is_named():
    words = "seat 1 would need a 7 and a 9 among its 1 unknown card, as seats 1 & 3 know; seat 1's hand"
    players = ["Ana", "Ben"]
    assert mover_named(words, len(words), 1, players) == (
        "Ben (seat 1) would need a 7 and a 9 among its 1 unknown card, as seats 1 & 3 know; seat 1's hand"
    )
    assert mover_named("seat 1 plays; seat 1 (a hint)", 7, 1, players) == "Ben (seat 1) plays; seat 1 (a hint)"
    assert mover_named("seat 0 owns it", 14, 0, None) == "seat 0 owns it"
    assert mover_named("seat 0 owns it", 14, 0, ["", "Ben"]) == "seat 0 owns it"
    assert mover_named("seat 1 owns it", 0, 1, players) == "seat 1 owns it"
    other = "seat 1 cannot raise the 7-build seat 0 owns"  # the mover only: not the owner
    assert mover_named(other, len(other), 1, players) == "Ben (seat 1) cannot raise the 7-build seat 0 owns"


@pytest.mark.parametrize(
    "args",
    [
        ("replay", "-f", "text"),
        ("replay", "-f", "json"),
        ("score", "-f", "text"),
        ("review", "-f", "json"),
        ("judge", "--move", "4", "-f", "text"),
        ("hint", "--move", "3", "-f", "text"),
    ],
)
def test_a_finding_on_stderr_names_the_mover_in_any_format(args):
    """stderr is for people in every format (the data is on stdout): the engine's words name
    Ben as the pretty views do; a record naming nobody keeps "seat 1"."""
    with open(DISPUTE, "rb") as file:
        doc = orjson.loads(file.read())
    said = cli(args[0], "-", *args[1:], stdin=orjson.dumps(doc)).stderr
    assert "4S+3H=7 is illegal: Ben (seat 1) would hold no card to capture 7 (B3)" in said
    del doc["players"]
    said = cli(args[0], "-", *args[1:], stdin=orjson.dumps(doc)).stderr
    assert "4S+3H=7 is illegal: seat 1 would hold no card to capture 7 (B3)" in said
