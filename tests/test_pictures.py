"""Pictures (``--svg``) and the HTML replay page: self-contained, escaped, fair, and drawn
from the position (cards as card faces, builds, seats with names, the move ringed)."""

from __future__ import annotations

import builtins
import html
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import orjson
import pytest

from casino_cli.cards import parse_card
from casino_cli.engine import apply_move, legal_moves, make_rules, seeded_deck, start_position
from casino_cli.pictures.lines import text_width, wrap
from casino_cli.pictures.page import replay_page
from casino_cli.pictures.sheet import sheet_svg
from casino_cli.pictures.svg import CARD_W, HIGHLIGHT, face_id
from casino_cli.pictures.table import Picture, position_svg
from casino_cli.records.frames import Stop, frames_of
from casino_cli.records.record import read_record
from tests.inproc import cli
from tests.pages import drawn_page
from tests.python_sums import compensated, left_to_right

WORKED_1 = "fixtures/examples/worked-1.json"
DISPUTE = "fixtures/records/dispute.json"
GAME = "fixtures/docs/game.json"


def self_contained(text: str) -> None:
    """No reference that would need the network or a file beside the picture."""
    assert "@import" not in text and "@font-face" not in text
    assert re.findall(r"https?://[^\"' ]+", text) in ([], ["http://www.w3.org/2000/svg"])
    assert all(ref.startswith("#") for ref in re.findall(r'href="([^"]*)"', text))
    assert all(ref.startswith("#") for ref in re.findall(r"url\(([^)]*)\)", text))


def plain(text: str) -> str:
    """A picture's text without the isolates (FSI, PDI) round each name."""
    return text.replace("\u2068", "").replace("\u2069", "")


def markup_of(path: Path) -> str:
    """A picture's markup, or a page's with every step's pictures drawn."""
    text = path.read_text(encoding="utf-8")
    return drawn_page(text) if path.suffix == ".html" else text


def drawn_faces(text: str) -> set[str]:
    return set(re.findall(r'<use href="#(c[0-9AJQK]+[SHDC])"', text))


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "7", "--players", "4"],
        ["moves", WORKED_1],
        ["apply", WORKED_1, "8Sx8D"],
        ["replay", DISPUTE, "--to", "1"],
        ["score", GAME],
    ],
)
def test_each_command_draws_a_self_contained_svg(args, tmp_path):
    picture = tmp_path / "p.svg"
    result = cli(*args, "--format", "json", "--svg", str(picture))
    assert result.returncode == 0, result.stderr
    text = picture.read_text(encoding="utf-8")
    assert xml.dom.minidom.parseString(text).documentElement.tagName == "svg"
    self_contained(text)
    if args[0] != "score":
        faces = drawn_faces(text)
        assert faces and all(f'id="{face}"' in text for face in faces)  # every face used is defined


def test_a_picture_is_the_same_bytes_however_the_python_s_sum_adds_floats(tmp_path, monkeypatch):
    """A plate whose text is exactly as wide as its room (seat 2 · Cy ▸ to play (dealer), at
    17.4 ems in 174) gets the same font size on 3.11 as on 3.12 and 3.13 (it was 9.9 there
    and 10 here: 3.12's sum rounds the width otherwise)."""
    record = tmp_path / "cy.json"
    record.write_bytes(
        orjson.dumps(
            {
                "format": "casino.record/1",
                "rules": {"variant": "classic", "players": 3},
                "players": ["Ana", "Ben", "Cy"],
                "hands": [{"dealer": 2, "table": ["7D", "2C", "9S", "KH"], "moves": ["3H", "4S", "5D"]}],
            }
        )
    )
    drawn = []
    for adding in (left_to_right, compensated):
        monkeypatch.setattr(builtins, "sum", adding)
        svg = tmp_path / f"{adding.__name__}.svg"
        assert cli("replay", str(record), "--svg", str(svg)).returncode == 0
        drawn.append((svg.read_bytes(), wrap("hand spades with aces Dan sweeps took game a nine", 12, 300)))
    assert "Cy\u2069 ▸ to play (dealer)</text>".encode() in drawn[0][0]
    assert drawn[0] == drawn[1]  # and a line as wide as its room is broken in the same place


def test_the_move_in_question_is_ringed_on_the_position_it_was_played_from(tmp_path):
    picture = tmp_path / "p.svg"
    assert cli("apply", WORKED_1, "8Sx8D", "--format", "json", "--svg", str(picture)).returncode == 0
    text = picture.read_text(encoding="utf-8")
    ringed = re.findall(rf'<use href="#(c[^"]+)"[^>]*/><rect[^>]*stroke="{HIGHLIGHT}"', text)
    assert sorted(ringed) == ["c8D", "c8S"]  # the card played and the card it takes
    assert "takes 8♦ with 8♠" in text


def test_the_card_played_stands_clear_of_its_seats_plate():
    """The played card is lifted out of its hand and ringed; ring and plate do not overlap."""
    from casino_cli.pictures.table import _seat

    pos = start_position(make_rules("classic", 2), seeded_deck("7"), 1)
    move = legal_moves(pos).moves[0]
    svg, _ = _seat(Picture(pos, move=move), pos.turn, 0.0, 100.0, 340)
    plate = re.search(r'<rect x="0" y="100" width="340" height="(\d+)"', svg)
    ring = re.search(rf'<rect x="[^"]+" y="([^"]+)"[^>]*stroke="{HIGHLIGHT}"', svg)
    assert plate and ring and float(ring.group(1)) >= 100 + int(plate.group(1)) + 2


@pytest.mark.parametrize("width", [190, 340])  # a seat at the side of the table, and at its top or bottom
def test_the_card_played_shows_whole_and_every_card_of_its_hand_shows_its_corner(width):
    """Whatever card of a hand is played, no card drawn after it covers it, and each card
    shows at least the width of its rank in the corner; the hand stays within its seat."""
    from casino_cli.pictures.table import _seat

    rules = make_rules("classic", 4)
    for seed in range(3):
        pos = start_position(rules, seeded_deck(str(seed)), 3)
        for move in legal_moves(pos).moves:
            svg, _ = _seat(Picture(pos, move=move), pos.turn, 0.0, 0.0, width)
            xs = [float(x) for x in re.findall(r'<use href="#c[^"]+" x="([^"]+)"', svg)]
            lit = re.search(rf'<use href="#{face_id(move.card)}" x="([^"]+)"', svg)
            assert lit and len(xs) == 4 and xs == sorted(xs)
            later = xs[xs.index(float(lit.group(1))) + 1 :]
            assert all(x >= float(lit.group(1)) + CARD_W for x in later)
            assert all(b - a >= 30 for a, b in zip(xs, xs[1:]))
            assert xs[0] >= 0 and xs[-1] + CARD_W <= width


def test_builds_show_their_value_and_owner_with_names():
    rules = make_rules("classic", 2, None)
    starts = (start_position(rules, seeded_deck(str(seed), 1), 1) for seed in range(100))
    pos, build = next((p, m) for p in starts for m in legal_moves(p).moves if m.type == "build")
    after = apply_move(pos, build)
    text = plain(position_svg(Picture(after, ("Ann", "Bea"))))
    kind = "" if after.builds[0].single else " multiple"
    assert f"{build.value}{kind} · seat 0 · Ann" in text and "seat 1 · Bea" in text


@pytest.mark.parametrize(
    ("players", "names", "said"),
    [(4, None, "seats 0 & 2: 6, seats 1 & 3: 18"), (2, ("Ann", "Bea"), "seat 0 · Ann: 6, seat 1 · Bea: 18")],
)
def test_the_game_score_over_the_table_sets_each_score_apart_from_its_side(players, names, said):
    """A side's name ends in a number: 'seats 1 & 3 18' read as one run of numbers."""
    pos = start_position(make_rules("royal", players, None), seeded_deck("s", 1), 1)._replace(scores=(6, 18))
    assert f"game score before this hand: {said}" in html.unescape(plain(position_svg(Picture(pos, names))))


def test_a_build_plate_with_a_long_owner_name_stays_on_the_felt():
    """The felt is scaled down for a plate wider than it, not only for rows taller than it."""
    from casino_cli.notation.position import read_position

    build = {"value": 10, "owner": 2, "cards": ["TD", "4S", "6S"], "kind": "multiple"}
    pos = read_position(
        {
            "format": "casino.position/1",
            "rules": {"variant": "classic", "players": 4},
            "turn": 0,
            "table": {"loose": ["2C"], "builds": [build]},
            "hands": [["TH", "3C"], None, None, None],
        }
    )
    text = position_svg(Picture(pos, ("Ann", "Bea", "W" * 40, "Cy")))
    felt = re.search(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*fill="#1f6b45"', text)
    group = re.search(r'<g transform="translate\(([\d.]+) [\d.]+\) scale\(([\d.]+)\)">(.*?)</g>', text)
    assert felt and group
    left, right = float(felt.group(1)), float(felt.group(1)) + float(felt.group(2))
    x0, scale = float(group.group(1)), float(group.group(2))
    plates = re.findall(r'<rect x="([-\d.]+)" y="[-\d.]+" width="([\d.]+)" height="19"', group.group(3))
    assert plates and re.search(r"10 multiple · seat 2 · \u2068?W+…", plain(text))
    for x, w in plates:
        assert left + 5 <= x0 + float(x) * scale and x0 + (float(x) + float(w)) * scale <= right - 5


def test_a_long_owner_name_never_widens_a_build_nor_shrinks_the_table():
    """An owner's name gets the room its build's cards give its plate, and 64 units at
    least: a longer name is cut (…), so 40-character names draw the table at the scale that
    12-character ones do."""
    from casino_cli.notation.position import read_position

    builds = [
        {"value": 12, "owner": 2, "cards": ["AD", "JC"]},
        {"value": 10, "owner": 3, "cards": ["3H", "7H"]},
        {"value": 14, "owner": 0, "cards": ["4H", "6H", "8H", "TS"], "kind": "multiple"},
        {"value": 13, "owner": 2, "cards": ["6C", "7S"]},
    ]
    pos = read_position(
        {
            "format": "casino.position/1",
            "rules": {"variant": "american-royal", "players": 4},
            "turn": 1,
            "table": {"loose": ["9C", "JS", "QH"], "builds": builds},
            "hands": [None, ["2S", "2C"], None, None],
        }
    )

    def drawn(names: tuple[str, ...]) -> tuple[float, list[float]]:
        svg = position_svg(Picture(pos, names))
        group = re.search(r'<g transform="translate\([\d.]+ [\d.]+\) scale\(([\d.]+)\)">(.*?)</g>', svg)
        assert group
        return float(group[1]), [float(w) for w in re.findall(r'width="([\d.]+)" height="19"', group[2])]

    long = ("Maximilian Alexander von Habsburg-Lothrin", "B" * 40, "محمد عبد الرحمن بن عبد العزيز الفيصل", "W" * 40)
    scale, plates = drawn(long)
    assert scale == drawn(tuple(name[:12] for name in long))[0]
    cards = [CARD_W + 22 * (len(b["cards"]) - 1) for b in builds]
    heads = ["12 · seat 2 · ", "10 · seat 3 · ", "14 multiple · seat 0 · ", "13 · seat 2 · "]
    assert len(plates) == 4, plates
    for plate, width, head in zip(plates, cards, heads):
        assert plate <= max(width, text_width(head, 12) + 64 + 16) + 0.01, (plate, head)


def test_a_viewer_sees_only_their_own_hand():
    rules = make_rules("royal", 4, None)
    pos = start_position(rules, seeded_deck("7", 1), 3)
    mine = {face_id(c) for c in range(52) if pos.hands[0] >> c & 1}
    table = {face_id(c) for c in range(52) if pos.loose >> c & 1}
    text = position_svg(Picture(pos, viewer=0))
    assert drawn_faces(text) == mine | table
    assert text.count('href="#back"') == 12 + 1  # three hidden hands of four, and the stock


def test_svg_never_overwrites_an_input_file(tmp_path):
    source = tmp_path / "game.json"
    source.write_bytes(Path(GAME).read_bytes())
    before = source.read_bytes()
    for args in (["score", str(source)], ["replay", str(source), "--to", "1"], ["moves", str(source)]):
        result = cli(*args, "--format", "json", "--svg", str(tmp_path / "." / "game.json"))
        assert result.returncode == 2 and "would overwrite the input file" in result.stderr
    result = cli("replay", str(source), "--html", str(source))
    assert result.returncode == 2 and "--html" in result.stderr
    assert source.read_bytes() == before


@pytest.mark.parametrize("option", ["--svg", "--html"])
def test_an_empty_file_name_is_refused_as_such(option):
    """``--svg ''`` said 'cannot write : No such file or directory'."""
    result = cli("replay", GAME, "--format", "json", option, "")
    assert result.returncode == 2 and f"{option} needs a file name, not an empty one" in result.stderr


@pytest.mark.parametrize(
    "command",
    [["deal", "--seed", "1", "--svg"], ["play", "--watch", "--seed", "1", "--format", "text", "--save"]],
)
def test_svg_is_never_written_where_the_data_goes(tmp_path, command):
    """A picture (or play's record) into standard output (``-``, or its file by name) would
    mix with the data; ``deal`` checks its target as the other commands do; /dev/null stays
    allowed."""
    data = tmp_path / "out.json"
    for target in ("-", "/dev/stdout", str(data)):
        with data.open("wb") as out:
            result = subprocess.run(
                [sys.executable, "-m", "casino_cli", *command, target],
                stdout=out,
                stderr=subprocess.PIPE,
                timeout=60,
                cwd=tmp_path,
            )
        assert result.returncode == 2 and b"standard output" in result.stderr, target
        assert data.read_bytes() == b"", target
    assert not (tmp_path / "-").exists()
    with open(os.devnull, "wb") as out:
        quiet = subprocess.run([sys.executable, "-m", "casino_cli", *command, os.devnull], stdout=out)
    assert quiet.returncode == 0
    result = cli("deal", "--record", "--svg", str(tmp_path / "p.svg"))
    assert result.returncode == 2 and "--record" in result.stderr and not (tmp_path / "p.svg").exists()


def test_replay_help_names_every_key_the_pages_keys_line_names(tmp_path):
    """--html's help named 'arrow keys' alone, where a disputed record's page also steps with
    space, a hand with PageUp/PageDown, and goes to the findings with f and F."""
    page = tmp_path / "page.html"
    cli("replay", "fixtures/records/dispute.json", "--html", str(page))  # exit 1: its move is illegal
    keys = html.unescape(re.search(r'<p class="keys">(.*?)</p>', page.read_text(encoding="utf-8")).group(1))
    named = set(re.findall(r"[→←↓↑]|shift\+space|space|Page(?:Up|Down)|Home|End|\b[fF]\b", keys))
    assert {"space", "PageUp", "f", "F"} <= named
    helped = " ".join(cli("replay", "--help").stdout.decode().split())
    assert [key for key in sorted(named) if not re.search(rf"(?<!\w){re.escape(key)}(?!\w)", helped)] == []


def test_replay_refuses_one_file_for_both_its_picture_and_its_page(tmp_path):
    """Also one file under two names (a hard link): the picture was written over the page,
    and replay said it wrote the page."""
    same = tmp_path / "out.html"
    result = cli("replay", GAME, "--svg", str(same), "--html", str(tmp_path / "." / "out.html"))
    assert result.returncode == 2 and "are one file: one would overwrite the other" in result.stderr
    assert not same.exists()
    same.write_text("old")
    os.link(same, tmp_path / "other.svg")
    result = cli("replay", GAME, "--svg", str(tmp_path / "other.svg"), "--html", str(same))
    assert result.returncode == 2 and not result.stdout and same.read_text() == "old"
    assert f"--svg {tmp_path / 'other.svg'} and --html {same} are one file" in result.stderr


@pytest.mark.parametrize(
    ("record", "where"),
    [
        (GAME, []),
        (GAME, ["--to", "3"]),
        (GAME, ["--hand", "2"]),
        (GAME, ["--hand", "2", "--to", "0"]),
        (GAME, ["--to", "48"]),
        (DISPUTE, []),
        (DISPUTE, ["--to", "2"]),  # move 2 is illegal: the walk stops after move 1
        ("fixtures/records/dispute-part-way.json", ["--to", "2"]),  # a note the referee cannot settle
    ],
)
def test_replay_with_its_page_draws_the_picture_it_draws_without(tmp_path, record, where):
    """--svg beside --html is the picture of where a replay stops without --html (move --to,
    else the end of --hand or of the record, or where the walk stops), never dropped."""
    alone, beside = tmp_path / "alone.svg", tmp_path / "beside.svg"
    plain_run = cli("replay", record, *where, "--format", "json", "--svg", str(alone))
    result = cli("replay", record, *where, "--svg", str(beside), "--html", str(tmp_path / "p.html"))
    assert result.returncode == plain_run.returncode, result.stderr
    assert beside.read_bytes() == alone.read_bytes()


def test_replay_html_says_the_step_its_page_opens_at(tmp_path):
    """--to 3 opens the page at move 3: the hand's start is step 1, so move 3 is step 4, the
    page's own start (counted from 0) plus one, and the fourth line the text replay tells."""
    page = tmp_path / "p.html"
    result = cli("replay", GAME, "--to", "3", "--html", str(page))
    told = cli("replay", GAME, "--to", "3", "-f", "text").stdout.decode().splitlines()[1:]
    start = re.search(r'data-start="(\d+)"', page.read_text(encoding="utf-8"))
    assert start is not None
    opens = int(start[1])
    assert told[opens].startswith("hand 1, move 3: ") and len(told) == opens + 1
    assert result.returncode == 0 and f", opening at step {opens + 1} (" in result.stderr


def test_replay_says_when_a_record_has_no_position_to_draw(tmp_path):
    record = orjson.loads(Path(GAME).read_bytes())
    record["hands"] = []  # only the result's claims are left to referee
    (tmp_path / "empty.json").write_bytes(orjson.dumps(record))
    for page in ([], ["--html", str(tmp_path / "p.html")]):
        result = cli(
            "replay", str(tmp_path / "empty.json"), "--format", "json", "--svg", str(tmp_path / "p.svg"), *page
        )
        assert result.returncode == 1 and "--svg: the replay reached no position to draw" in result.stderr
        assert not (tmp_path / "p.svg").exists()


def test_replay_writes_no_page_for_a_record_with_no_step_and_says_so(tmp_path):
    """No hand and no claim: the page had nothing to show and its script failed on opening."""
    record = orjson.loads(Path(GAME).read_bytes())
    record["hands"] = []
    del record["result"]
    (tmp_path / "empty.json").write_bytes(orjson.dumps(record))
    result = cli("replay", str(tmp_path / "empty.json"), "--html", str(tmp_path / "p.html"))
    assert result.returncode == 0 and not (tmp_path / "p.html").exists()
    assert result.stderr == f"casino: --html: the record has no step to show; {tmp_path / 'p.html'} not written\n"


def hostile_record() -> dict:
    record = orjson.loads(Path(DISPUTE).read_bytes())
    record["players"] = ["<script>alert(1)</script>", 'Ben & "Co"\x01\x1b[31m']
    record["hands"][0]["_note"] = "</style><img src=x onerror=alert(2)>"
    return record


def test_document_text_is_escaped_as_markup():
    record = read_record(hostile_record())
    page = replay_page(record, frames_of(record), "t", 0)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;img src=x" in page
    svg = position_svg(Picture(frames_of(record)[0].position, record.players))
    xml.dom.minidom.parseString(svg)
    assert "&lt;script&gt;" in svg


def test_every_picture_is_well_formed_xml_whatever_characters_the_record_holds(tmp_path):
    """U+FFFE and U+FFFF, which JSON allows and XML does not, in names and a comment: the
    SVG was not well-formed, and a browser showed an error in place of the picture."""
    record = orjson.loads(Path(GAME).read_bytes())
    record["players"] = ["Ann\ufffe", "Bea\uffff"]
    record["hands"][0]["moves"][0] = {"move": record["hands"][0]["moves"][0], "comment": "odd \uffff\x00"}
    source = tmp_path / "odd.json"
    source.write_bytes(orjson.dumps(record))
    commands = {
        "replay": ["replay", str(source), "--to", "1", "-f", "json"],
        "score": ["score", str(source)],
        "judge": ["judge", str(source), "--move", "1"],
    }
    for name, command in commands.items():
        picture = tmp_path / f"{name}.svg"
        assert cli(*command, "--svg", str(picture)).returncode == 0
        text = picture.read_text(encoding="utf-8")
        xml.dom.minidom.parseString(text)
        assert "Ann\ufffd" in text


def test_hearts_and_diamonds_are_red_in_captions_sheets_and_the_move_list(tmp_path):
    page = tmp_path / "p.html"
    assert cli("replay", GAME, "--html", str(page)).returncode == 0
    html = drawn_page(page.read_text(encoding="utf-8"))
    captions = re.findall(r'<rect[^>]*height="\d+" rx="6" fill="#f5b800"/><text[^>]*>(.*?)</text>', html)
    assert any("tspan" in c for c in captions)
    assert all(re.search(r'<tspan fill="#a40018">[♥♦]+</tspan>', c) for c in captions if re.search("[♥♦]", c))
    items = re.findall(r'<a href="#\d+" data-i[^>]*>(.*?)</a>', html)
    hearts = [i for i in items if "♥" in i or "♦" in i]
    assert hearts and all(re.search(r'<span style="color:#a40018">[♥♦]+</span>', i) for i in hearts)
    assert not any(re.search(r"<span[^>]*>[^<]*[♠♣]", i) for i in items)
    sheet = sheet_svg(orjson.loads(cli("score", GAME, "--format", "json").stdout), make_rules("royal", 2))
    assert '<tspan fill="#a40018">♦</tspan>' in sheet  # 10♦, Big Casino


def test_score_sheet_names_items_for_people():
    sheet = orjson.loads(cli("score", GAME, "--format", "json").stdout)
    text = sheet_svg(sheet, make_rules("classic", 2), ("Ann", "Bea"), "t")  # sweeps do not score
    assert "Little Casino" in text and "little_casino" not in text and "cleared" in text
    assert "wins the game" in text or "goes on" in text


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (Debian librsvg2-bin) is not installed")
def test_librsvg_renders_the_pictures(tmp_path):
    picture, png = tmp_path / "p.svg", tmp_path / "p.png"
    assert cli("replay", DISPUTE, "--to", "1", "--format", "json", "--svg", str(picture)).returncode == 0
    done = subprocess.run(["rsvg-convert", str(picture), "-o", str(png)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_validate_draws_the_disputed_move(tmp_path):
    picture = tmp_path / "dispute.svg"
    result = cli("validate", DISPUTE, "--svg", str(picture))
    assert result.returncode == 1
    text = plain(picture.read_text(encoding="utf-8"))
    self_contained(text)
    assert "disputed: hand 1, move 2, Ben (seat 1): 4S+3H=7 is illegal" in text
    ringed = re.findall(rf'<use href="#(c[^"]+)"[^>]*/><rect[^>]*stroke="{HIGHLIGHT}"', text)
    assert sorted(ringed) == ["c3H", "c4S"]
    assert (
        not (tmp_path / "valid.svg").exists()
        and cli("validate", GAME, "--svg", str(tmp_path / "valid.svg")).returncode == 0
    )
    unsettled = cli("validate", "fixtures/records/dispute-part-way.json", "--svg", str(tmp_path / "none.svg"))
    assert unsettled.returncode == 0 and not (tmp_path / "none.svg").exists()
    assert "--svg: no picture written: no move was found illegal (the notes are checks" in unsettled.stderr


def test_validate_of_a_disputed_score_names_the_picture_that_draws_it(tmp_path):
    """A record whose only finding is its claimed score drew nothing and said 'no move was
    found illegal', leaving the referee with no picture to send; it names the score sheet's."""
    record = orjson.loads(Path("fixtures/text/club-night.json").read_bytes())
    record["hands"][0]["score"] = [6, 5]
    source = tmp_path / "claim.json"
    source.write_bytes(orjson.dumps(record))
    picture = tmp_path / "my sheet.svg"
    result = cli("validate", str(source), "--svg", str(picture))
    assert result.returncode == 1 and not picture.exists()
    assert (
        "--svg: no picture written: no move was found illegal; the score claimed is what is disputed:"
        f" `casino score {source} --svg '{picture}'` draws its score sheet"
    ) in result.stderr


def test_a_partnership_page_is_titled_by_its_sides_and_its_sheets_say_what_nobody_won(tmp_path):
    """The page's title names the sides (Ana & Carla v Ben & Dan), and a hand's sheet says
    which items nobody won and why, as the terminal's sheet does."""
    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--variant", "royal", "--bots", "greedy")
    record = dict(orjson.loads(four.stdout), players=["Ana", "Ben", "Carla", "Dan"])
    path, page = tmp_path / "r4.json", tmp_path / "r4.html"
    path.write_bytes(orjson.dumps(record))
    assert cli("replay", str(path), "--html", str(page)).returncode == 0
    assert "<h1>Ana &amp; Carla v Ben &amp; Dan" in plain(page.read_text(encoding="utf-8"))
    sheet = tmp_path / "r4.svg"
    assert cli("score", str(path), "--svg", str(sheet)).returncode == 0
    assert "Score sheet · Royal Casino, 4 players in partnerships" in sheet.read_text(encoding="utf-8")
    alone = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--no-partnerships", "--bots", "greedy")
    path.write_bytes(alone.stdout)
    assert cli("replay", str(path), "--html", str(page)).returncode == 0
    assert "nobody: spades (tied at 4)" in page.read_text(encoding="utf-8")


def test_a_seat_plate_fits_its_text_and_always_shows_who_is_to_play():
    from casino_cli.pictures.lines import text_width
    from casino_cli.pictures.table import _plate_text

    short, size = _plate_text(["Ana"], 0, True, False, 340)
    assert (plain(short), size) == ("seat 0 · Ana ▸ to play", 13.0)
    assert plain(_plate_text([""] * 3 + ["Ana"], 3, True, True, 190)[0]) == "seat 3 · Ana ▸ to play (dealer)"
    assert plain(_plate_text([""] * 3 + ["Maximilian"], 3, True, True, 190)[0]) == "seat 3 · Maximilian ▸ (dealer)"
    for name in ("Maximilian Kowalczyk", "X" * 40, "MW" * 20, "Анастасия Петровна", "Ἀλέξανδρος Παπαδόπουλος"):
        text, size = _plate_text([""] * 3 + [name], 3, True, True, 190)
        assert text.endswith(" ▸ (dealer)") and 9 <= size < 13
        assert text_width(text, size) <= 190 - 16
        assert len(plain(text).removeprefix("seat 3 · ").removesuffix(" ▸ (dealer)").rstrip("…")) >= 6
    assert "…" in _plate_text([""] * 3 + ["X" * 40], 3, True, True, 190)[0]


def test_a_longer_name_is_never_shown_more_fully_than_a_shorter_one():
    """A plate cuts a name when it must, never one that fits, and a longer name is never
    shown further than a shorter one that was cut."""
    from casino_cli.pictures.table import _plate_text

    whole = "AlexandriasMontgomeryWorthington"
    for to_move, dealer in ((True, True), (False, True), (False, False)):
        for width in (190, 340):
            shown = []
            for n in range(1, len(whole) + 1):
                text, _ = _plate_text([whole[:n]], 0, to_move, dealer, width)
                shown.append(
                    re.sub(r" ▸( to play)?$", "", plain(text).removeprefix("seat 0 · ").removesuffix(" (dealer)"))
                )
            cut = [i for i, s in enumerate(shown) if s.endswith("…")]
            assert all(shown[i] == whole[: i + 1] for i in range(cut[0] if cut else len(shown)))
            assert all(len(shown[j]) <= len(shown[i]) for i in cut for j in range(i, len(shown)))


def test_letters_of_other_scripts_are_estimated_narrower_than_symbols():
    """An accented Latin letter is as wide as its base letter; Cyrillic, Greek and other
    scripts' letters are estimated from their case, wide ones (Ж, Ш, ω) as wide as M."""
    from casino_cli.pictures.lines import text_width

    assert text_width("Zoë Núñez", 10) == text_width("Zoe Nunez", 10)
    assert text_width("анна", 10) < text_width("АННА", 10) < text_width("♠♠♠♠", 10)
    assert text_width("Ж", 10) == text_width("M", 10)


HOSTILE_NAMES = ["Ana \u202eevil\u202c", "\u05e9\u05e8\u05d4 \u2069\u2068" + "x" * 30, "Cy\u200f", "Dee\x1b]0;t\x07"]


def bidi_of(text: str) -> str:
    return "".join(c for c in text if c in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_names_are_shown_not_obeyed_and_each_is_isolated(tmp_path):
    """A bidi override or control in a name is written as its escape (as on the terminal);
    the only bidi marks are the isolates round each name, in pairs, also where a name is cut."""
    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--no-partnerships", "--bots", "greedy")
    doc = dict(orjson.loads(four.stdout), players=HOSTILE_NAMES)
    doc["hands"][0]["_note"] = "a \u202ecomment\u202c"
    path = tmp_path / "r.json"
    path.write_bytes(orjson.dumps(doc))
    for command in ("replay", "score"):
        assert cli(command, str(path), "--format", "json", "--svg", str(tmp_path / f"{command}.svg")).returncode == 0
    assert cli("replay", str(path), "--hand", "1", "--html", str(tmp_path / "page.html")).returncode == 0
    for picture in ("replay.svg", "score.svg", "page.html"):
        text = markup_of(tmp_path / picture)
        assert "Ana \\u202eevil\\u202c" in text and "\x1b" not in text and "\\x1b]0;t\\x07" in text
        assert "a \\u202ecomment\\u202c" in text or picture != "page.html"
        assert re.fullmatch("(\u2068\u2069)+", bidi_of(text))  # only isolates, each closed before the next
    svg = position_svg(Picture(frames_of(read_record(doc))[0].position, HOSTILE_NAMES))
    assert re.fullmatch("(\u2068\u2069)+", bidi_of(svg)) and "\u2068seat" not in svg


def test_every_document_text_in_a_picture_is_shown_not_obeyed(tmp_path):
    """Not only names: a seed, a move's comment, and a finding's words (naming a player as
    written) have their overrides escaped in the SVG of deal, judge and validate, and the page."""
    evil = "\u202eevil\u202c"
    assert cli("deal", "--seed", f"s{evil}", "--svg", str(tmp_path / "deal.svg")).returncode == 0
    record = orjson.loads(Path(DISPUTE).read_bytes())
    record["hands"][0]["moves"][0] = {"move": record["hands"][0]["moves"][0], "comment": f"c{evil}"}
    commented = tmp_path / "commented.json"
    commented.write_bytes(orjson.dumps(record))
    assert (
        cli("judge", str(commented), "--move", "1", "-f", "json", "--svg", str(tmp_path / "judge.svg")).returncode == 0
    )
    assert cli("replay", str(commented), "--html", str(tmp_path / "page.html")).returncode == 1
    record["players"][0] = f"Ana{evil}"
    record["hands"][0]["moves"][1] = f"Ana{evil}: 4S"  # Ben's turn: the finding names Ana as written
    broken = tmp_path / "broken.json"
    broken.write_bytes(orjson.dumps(record))
    assert cli("validate", str(broken), "--svg", str(tmp_path / "finding.svg")).returncode == 1
    for picture, shown in (
        ("deal.svg", "s\\u202eevil"),
        ("judge.svg", "c\\u202eevil"),
        ("page.html", "c\\u202eevil"),
        ("finding.svg", "not Ana\\u202eevil\\u202c's"),
    ):
        text = markup_of(tmp_path / picture)
        assert shown in text and "\u202e" not in text, picture


def test_a_note_the_referee_could_not_settle_is_counted_and_shown_as_unsettled():
    record = read_record(orjson.loads(Path("fixtures/records/dispute-part-way.json").read_bytes()))
    page = drawn_page(replay_page(record, frames_of(record), "t", 0))
    assert "0 findings, 1 unsettled" in page and "1 finding," not in page
    assert '<a href="#3" data-i="2" tabindex="-1" class="unsettled">? ' in plain(page) and "✖" not in page
    assert "unsettled: hand 1, move 2" in plain(page) and "disputed:" not in page


def test_fitting_and_wrapping_a_long_name_measure_each_character_a_few_times(monkeypatch):
    """A long name is cut or wrapped in a bounded number of measures (one of 20,000
    characters took 50 s when every shorter start was measured again): work counted."""
    from casino_cli.pictures import lines

    measured = []
    em = lines._em
    monkeypatch.setattr(lines, "_em", lambda c: measured.append(c) or em(c))
    name = "A" * 3_000
    cut = lines.fit(name, 9, 150)
    assert cut.endswith("…") and lines.text_width(cut, 9) <= 150 and len(measured) < 3 * len(name)
    measured.clear()
    assert lines.wrap(" ".join([name] + ["word"] * 500), 12, 900)[0] == name and len(measured) < 3 * 5_500


@pytest.mark.parametrize(
    "game",
    [
        ["--seed", "3", "--bots", "greedy"],
        ["--seed", "2"],
        ["--seed", "3", "--players", "4", "--variant", "royal", "--bots", "greedy,counter"],
        ["--seed", "5", "--players", "3", "--variant", "american-royal", "--bots", "greedy,random"],
    ],
)
def test_a_whole_games_page_is_small_enough_to_send(tmp_path, game):
    """A page sent by mail or chat: a game's 150 steps were 0.78 to 1.07 MB (5 to 7 kB a step,
    each step's two pictures written whole); a picture's pieces are now written once for the
    page, under 2 kB a step (the bytes counted), and within the figures of the README (a
    whole game) and docs/notation.md (150 steps), which said 0.2 and 0.25 MB where the pages
    had grown to 0.34 and 0.27."""
    record, page = tmp_path / "g.jsonl", tmp_path / "g.html"
    record.write_bytes(cli("simulate", "--games", "1", *game).stdout)
    assert cli("replay", str(record), "--html", str(page)).returncode == 0
    steps = len(frames_of(read_record(orjson.loads(record.read_bytes()))))
    assert steps >= 100 and page.stat().st_size <= 2_000 * steps
    root = Path(__file__).resolve().parent.parent
    for doc, figure, scale in (
        ("README.md", "a whole game's is", 1),
        ("docs/notation.md", "150 steps is", 150 / steps),
    ):
        said = re.findall(rf"{figure} (?:about )?([\d.]+) to ([\d.]+) MB", (root / doc).read_text(encoding="utf-8"))
        low, high = map(float, said[0])
        assert low * 1e6 <= page.stat().st_size * scale <= high * 1e6, doc


def test_a_page_of_a_casino_text_file_of_several_records_says_how_to_see_another(tmp_path):
    """An evening's disputes in one .cas: the page shows the first and said 'give it one line',
    which a record of casino text, written on many lines, cannot; it gives the commands."""
    one = "[Rules classic 2]\n[Players Ana Ben]\nHand 1 dealer 1 table 7D 2C 9S KH\n1. 3H 2. {}\n"
    path, page = tmp_path / "evening.cas", tmp_path / "page.html"
    path.write_text(one.format("4S+3H=7") + one.format("4S+2C=6"))
    out = cli("replay", str(path), "--html", str(page))
    take, then = out.stderr.split("to see record K: ")[1].strip().split(" > record.json, then ")
    convert, sed = (shlex.split(part)[1:] for part in take.split(" | "))
    assert sed == ["-n", "Kp"] and shlex.split(then)[1:] == ["replay", "record.json", "--html", str(page)]
    (tmp_path / "record.json").write_bytes(cli(*convert).stdout.splitlines()[1])
    assert cli("replay", str(tmp_path / "record.json"), "--html", str(page)).returncode == 0
    assert "builds 6 with 4♠ and 2♣" in page.read_text(encoding="utf-8")


def test_a_page_of_a_stream_shows_its_first_record_and_says_the_others_were_left_out(tmp_path):
    page = tmp_path / "page.html"
    stream = cli("simulate", "--games", "3", "--seed", "many")
    first = orjson.loads(stream.stdout.splitlines()[0])
    out = cli("replay", "-", "--html", str(page), stdin=stream.stdout)
    assert out.returncode == 0
    assert "<stdin>:2: more records, left out: the page shows a stream's first record; to see record K:" in out.stderr
    alone = tmp_path / "alone.html"
    one = cli("replay", "-", "--html", str(alone), stdin=orjson.dumps(first))
    assert "left out" not in one.stderr and one.returncode == 0
    assert page.read_text(encoding="utf-8").replace("<stdin>", "") == alone.read_text(encoding="utf-8").replace(
        "<stdin>", ""
    )


def test_a_record_that_stops_part_way_ends_on_the_table_its_last_move_left(tmp_path):
    """A move's frame shows the table it was played from; a record stopping part-way (a
    dispute written up to the disputed moment) ends on one more: the table as it is now."""
    whole = orjson.loads(cli("simulate", "--seed", "part", "--hands", "1").stdout)
    hand = whole["hands"][0]
    part = dict(whole, hands=[{"dealer": hand["dealer"], "moves": hand["moves"][:5]}])
    record = read_record(part)
    frames = frames_of(record)
    pos = frames[0].position
    for text in hand["moves"][:5]:
        pos = apply_move(pos, next(m for m in legal_moves(pos) if m.text() == text))
    assert [f.number for f in frames] == [0, 1, 2, 3, 4, 5, 5] and frames[-1].position == pos
    assert frames[-2].before is not None and frames[-2].before != pos  # the last move, on the table before it
    path, page = tmp_path / "part.json", tmp_path / "part.html"
    path.write_bytes(orjson.dumps(part))
    assert cli("replay", str(path), "--html", str(page)).returncode == 0
    html = plain(drawn_page(page.read_text(encoding="utf-8")))
    seat = f"{whole['players'][pos.turn]} (seat {pos.turn})"
    assert f"stops: {seat} to play</a></li>" in html and "7 steps" in html
    assert f"<title>the record stops after move 5 of hand 1: {seat} to play</title>" in html
    finished = frames_of(read_record(whole))
    assert not any(isinstance(f.event, Stop) for f in finished)  # a finished hand ends on its sheet


def test_a_picture_that_cannot_be_written_is_refused_before_the_data_or_is_an_output_error(tmp_path):
    """A file that cannot be opened (no such directory, a directory, a symbolic link to a
    directory that does not exist or in a loop) is a usage error said before anything is
    written; one that cannot take what is written (a full disk) is 74."""
    refused = [(tmp_path / "no" / "x.svg", "there is no directory"), (tmp_path, "is a directory")]
    (tmp_path / "away.svg").symlink_to(tmp_path / "gone" / "x.svg")  # the link's directory is there, not its file's
    refused.append((tmp_path / "away.svg", f"there is no directory {tmp_path / 'gone'}"))
    (tmp_path / "loop.svg").symlink_to("loop.svg")
    refused.append((tmp_path / "loop.svg", "Too many levels of symbolic links"))
    refused.append((Path(GAME) / "x.svg", f"cannot write {GAME}/x.svg: Not a directory"))
    if os.path.isdir("/sys"):  # no file can be made there, not even by root
        refused.append((Path("/sys/casino-test.svg"), "cannot write /sys/casino-test.svg: Permission denied"))
    if os.geteuid() != 0:  # a directory without write permission (root writes anyway)
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        refused.append((locked / "x.svg", f"cannot write {locked / 'x.svg'}: Permission denied"))
    for target, said in refused:
        for command in (["replay", GAME, "--format", "json"], ["deal", "--seed", "7"]):
            result = cli(*command, "--svg", str(target))
            assert result.returncode == 2 and said in result.stderr and not result.stdout, (command, target)
    kept = tmp_path / "kept.svg"  # the check neither empties a file nor leaves one behind
    kept.write_text("old")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for target in (kept, tmp_path / "new.svg"):  # the input is unreadable: read after the picture's file is checked
        assert cli("moves", str(bad), "--svg", str(target)).returncode == 65
    assert kept.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [
        "bad.json",
        "kept.svg",
    ]
    assert (tmp_path / "loop.svg").is_symlink() and not (tmp_path / "gone").exists()
    if os.path.exists("/dev/full"):
        full = cli("replay", GAME, "--html", "/dev/full")
        assert full.returncode == 74 and "cannot write /dev/full: No space left on device" in full.stderr


def test_a_sheets_items_won_break_between_items_never_inside_one():
    """ "A♥ 1" is never split into "A♥" at a line's end and "1" at the next one's start."""
    from casino_cli.pictures.lines import ITEM, wrap
    from casino_cli.pictures.sheet import item_words, items_won

    items = {"cards": 3, "spades": 1, "big_casino": 2, "little_casino": 1, "AS": 1, "AH": 1, "AD": 1, "AC": 1}
    whole = [item_words(k, v) for k, v in items.items()]
    counts = set()
    for width in range(60, 700, 7):
        lines = wrap(", ".join(items_won(items)), 13, width, ITEM)
        assert [p for line in lines for p in line.rstrip(",").split(", ")] == whole
        counts.add(len(lines))
    assert len(counts) > 3  # broken onto many numbers of lines, down to one


def test_the_pages_sheet_keeps_each_item_won_on_one_line(tmp_path):
    page = tmp_path / "p.html"
    assert cli("replay", "fixtures/records/corpus/classic-2.jsonl", "--html", str(page)).returncode == 0
    html = page.read_text(encoding="utf-8")
    assert ".sheet .item{white-space:nowrap}" in html
    cells = re.findall(r"<td>((?:<span class=\"item\">.*?</span>(?:, )?)+)</td>", html)
    assert cells and any("Big Casino 2</span>" in c for c in cells)


def test_the_heading_names_partnerships_whole():
    """The heading wraps, so a name of up to about 60 letters is never cut, with partnerships
    as without them."""
    from casino_cli.pictures.page import replay_page
    from casino_cli.records.frames import frames_of
    from casino_cli.records.record import read_record

    four = orjson.loads(cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--hands", "1").stdout)
    record = read_record(dict(four, players=["W" * 40, "Alexandria Montgomery-Worthington", "M" * 13, "Ana"]))
    page = replay_page(record, frames_of(record), "t", 0)
    heading = page[page.index("<h1>") : page.index("</h1>")].replace("\u2068", "").replace("\u2069", "")
    assert heading == f"<h1>{'W' * 40} &amp; {'M' * 13} v Alexandria Montgomery-Worthington &amp; Ana"


def test_the_sheets_result_names_the_sides_whole():
    """The side column cuts a long name to fit; the result under the sheet wraps instead."""
    names = ["W" * 40, "Alexandria Montgomery-Worthington", "M" * 13, "Ana"]
    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--variant", "royal").stdout
    sheet = orjson.loads(cli("score", "-", "--format", "json", stdin=four).stdout)
    text = sheet_svg(sheet, make_rules("royal", 4), names, "t").replace("\u2068", "").replace("\u2069", "")
    assert "Alexandr… &amp; Ana" in text  # the column
    assert "Alexandria Montgomery-Worthington &amp; Ana 10 (reached 24" in text  # the result


def test_two_sides_of_the_same_names_are_told_apart_by_their_seats(tmp_path):
    """Copies of one bot in both partnerships (or both seats) read alike by name: the
    pictures, the page and the words name their seats too, as the text output does."""
    from casino_cli.engine.scoring import GameStep
    from casino_cli.records.frames import game_words

    record = tmp_path / "twins.jsonl"
    out = cli("simulate", "--seed", "tw", "--players", "4", "--bots", "greedy")
    record.write_bytes(out.stdout)
    sheet = tmp_path / "sheet.svg"
    assert cli("score", str(record), "--svg", str(sheet)).returncode == 0
    drawn = html.unescape(plain(sheet.read_text(encoding="utf-8")))
    for side in ("seats 0 & 2<", "seats 1 & 3<"):  # on a line of its own, the names under it
        assert side in drawn, side
    winner = orjson.loads(cli("score", str(record), "-f", "json").stdout)["winner"]
    assert f"seats {winner} & {winner + 2} · greedy & greedy win the game" in drawn
    page = tmp_path / "page.html"
    assert cli("replay", str(record), "--html", str(page)).returncode == 0
    heading = re.search(r"<h1>(.*?)</h1>", html.unescape(plain(page.read_text(encoding="utf-8"))))
    assert heading and heading[1] == ("seats 0 & 2 · greedy & greedy v seats 1 & 3 · greedy & greedy")
    rules = make_rules("classic", 4)
    said = game_words(GameStep((19, 25), 1, ""), rules, ("greedy",) * 4)
    assert said.startswith("greedy & greedy (seats 1 & 3) win the game, 25 to 19")
    assert game_words(GameStep((19, 25), 1, ""), rules, ("Ann", "Bea", "Cy", "Dee")).startswith("Bea & Dee win")
    two = tmp_path / "two.jsonl"
    two.write_bytes(cli("simulate", "--seed", "tw", "--hands", "1", "--bots", "greedy").stdout)
    assert cli("replay", str(two), "--html", str(page)).returncode == 0
    heading = re.search(r"<h1>(.*?)</h1>", html.unescape(plain(page.read_text(encoding="utf-8"))))
    assert heading and heading[1] == "seat 0 · greedy v seat 1 · greedy"


def test_a_name_cut_short_keeps_its_isolate_closed():
    """A caption's word wider than a narrow picture is cut; a name's FSI … PDI stays whole
    round what is left of it, so the words after it are not drawn as part of it."""
    from casino_cli.pictures.lines import fit, text_width
    from casino_cli.pictures.svg import banner, named

    cut = fit(named("W" * 40), 16, 200)
    assert cut.startswith("\u2068W") and cut.endswith("…\u2069") and text_width(cut, 16) <= 200
    svg, _ = banner(0, 0, 228, f"{named('W' * 40)} (seat 0) trails 2♣", 14)
    assert "…\u2069</text>" in svg and "trails" in svg


def test_the_moves_picture_numbers_its_moves_from_1_and_counts_those_left_out(tmp_path):
    """The picture lists the first moves of the listing, numbered as a person counts them,
    and says how many more there are; its caption counts them all."""
    crowded = {
        "format": "casino.position/1",
        "rules": {"variant": "classic", "players": 2},
        "dealer": 1,
        "turn": 1,
        "table": {"loose": ["8D", "5C", "3H", "6S", "2D", "KH", "4C"]},
        "hands": [["8S", "QS", "JD"], ["3D", "9H", "AS", "2S"]],
    }
    listing = cli("moves", "-", "-f", "text", stdin=orjson.dumps(crowded)).stdout.decode().split()
    picture = tmp_path / "moves.svg"
    assert cli("moves", "-", "--svg", str(picture), stdin=orjson.dumps(crowded)).returncode == 0
    text = html.unescape(plain(picture.read_text(encoding="utf-8")))
    numbered = [(int(n), move) for n, move in re.findall(r">(\d+)\. ([^<]+)<", text)]
    assert 0 < len(numbered) < len(listing) and numbered == list(enumerate(listing[: len(numbered)], 1))
    assert f">… and {len(listing) - len(numbered)} more<" in text and f">{len(listing)} legal moves<" in text


def test_validate_draws_the_first_disputed_move_of_several_records(tmp_path):
    """Of two records with a disputed move each, --svg draws the first record's, and says
    nothing of a picture not written."""
    first = orjson.loads(Path(DISPUTE).read_bytes())
    stream = orjson.dumps(first) + b"\n" + orjson.dumps(dict(first, players=["Cy", "Di"])) + b"\n"
    picture = tmp_path / "dispute.svg"
    result = cli("validate", "-", "--svg", str(picture), stdin=stream)
    assert result.returncode == 1 and "no picture written" not in result.stderr
    text = plain(picture.read_text(encoding="utf-8"))
    assert "disputed: hand 1, move 2, Ben (seat 1): 4S+3H=7 is illegal" in text and "Di" not in text


def test_judge_draws_a_move_played_after_an_earlier_illegal_one(tmp_path):
    """Move 2 built 6 with no 6 in hand (B3), so before move 4 seat 1 owns a build it cannot
    capture: a position the readers refuse as inconsistent (O1), which the ruling keeps as
    played. Judge's picture of move 4 draws every card of it: the table, the build, both hands."""
    path = tmp_path / "early.cas"
    path.write_text('[Rules classic 2]\n[Seed "7"]\n\nHand 1 dealer 1\n1. 2C 2. 4D+2C=6 3. 4C 4. 8Sx8D\n')
    picture = tmp_path / "judge.svg"
    ruled = cli("judge", str(path), "--move", "4", "--svg", str(picture))
    assert ruled.returncode == 1 and orjson.loads(ruled.stdout)["rule"] == "O1", ruled.stderr
    assert cli("judge", str(path), "--move", "4", "-f", "pretty").returncode == 1  # the same position, drawn in words
    dealt = orjson.loads(cli("deal", "--seed", "7").stdout)  # table AH 8D 9H 9C; 2C 4C JD KD; 4D 5H 8S QC
    table = [*dealt["table"]["loose"], "2C", "4D", "4C"]  # the build 2C+4D and the trail 4C
    held = [code for hand in dealt["hands"] for code in hand if code not in ("2C", "4D", "4C")]
    drawn = drawn_faces(picture.read_text(encoding="utf-8"))
    assert drawn == {face_id(parse_card(code)) for code in table + held}


def test_judge_draws_a_hand_of_no_known_card_as_replay_does(tmp_path):
    """Before move 2 of the record, Ana has played 3♥ and holds 3 cards nobody has seen:
    replay drew 3 backs, judge (from its ruling's position, where such a hand is null) an
    empty dashed card marked unknown. Both draw the backs now; a position that leaves out
    the seat to play as well still has its hand drawn unknown."""
    record = "fixtures/records/dispute-part-way.json"
    judged, replayed = tmp_path / "judge.svg", tmp_path / "replay.svg"
    assert cli("judge", record, "--move", "2", "--svg", str(judged)).returncode == 0
    assert cli("replay", record, "--to", "2", "--svg", str(replayed)).returncode == 0

    def seats(picture: Path) -> list[str]:
        """Each seat's hand as drawn, from its plate to its pile: b a back, f a face."""
        svg = picture.read_text(encoding="utf-8")
        hands = re.findall(r'rx="12".*?</text>(.*?)cards? taken', svg)
        return ["".join("b" if ref == "back" else "f" for ref in re.findall(r'href="#(\w+)"', h)) for h in hands]

    assert seats(judged) == seats(replayed) == ["fbbb", "bbb"]
    assert ">unknown<" not in judged.read_text(encoding="utf-8")
    pos = read_record(orjson.loads(Path(record).read_bytes()))
    start = next(f for f in frames_of(pos)).position
    nobody_known = start._replace(hands=(None, None))
    assert ">unknown<" in position_svg(Picture(nobody_known))


def test_a_capture_names_the_builds_it_takes_with_their_groups(tmp_path):
    """The captions said "takes 2♣ 5♥ 7♦ with 7♠" and "takes 5♣ 7♥ Q♥ Q♦ with Q♠", the
    builds taken lost among the loose cards; now each build is named with its cards, a
    multiple one in its groups (the loose cards' grouping is not part of the move, C4)."""
    record = tmp_path / "capture.json"
    hand = {"dealer": 1, "table": ["7D", "2C", "9S", "KH"], "moves": ["5H+2C=7", "4S", "7Sx2C+5H+7D"]}
    rules = {"variant": "classic", "players": 2}
    record.write_bytes(orjson.dumps({"format": "casino.record/1", "rules": rules, "hands": [hand]}))
    said = "seat 0 takes the 7-build 2♣+5♥ and 7♦ with 7♠"
    page = tmp_path / "page.html"
    assert cli("replay", str(record), "--html", str(page)).returncode == 0
    assert f"3. {said}" in html.unescape(re.sub("<[^>]+>", "", page.read_text(encoding="utf-8")))
    text = cli("replay", str(record), "-f", "text").stdout.decode()
    assert text.splitlines()[-2:] == [
        "hand 1, move 3: seat 0 takes the 7-build 2C+5H and 7D with 7S",
        "the record stops after move 3 of hand 1: seat 1 to play",
    ]
    position = tmp_path / "royal.json"
    fixture = orjson.loads(Path("fixtures/positions/49-royal-multiple-twelve.json").read_bytes())
    position.write_bytes(orjson.dumps(fixture["position"]))
    picture = tmp_path / "apply.svg"
    assert cli("apply", str(position), "QSx5C+7H+QH+QD", "--svg", str(picture)).returncode == 0
    title = re.search("<title>([^<]*)</title>", picture.read_text(encoding="utf-8"))
    assert title and title[1].endswith("takes the 12-build (multiple: Q♦ and 5♣+7♥) and Q♥ with Q♠")


def test_a_sheet_says_why_sweeps_scored_nothing():
    """Sweeps made and not scored (P3) were shown with no word of why: 2 sweeps in the
    sweeps column, none among the items won. Every such hand of the corpus now says why:
    they cancelled, or the side began the hand on the ladder."""
    from casino_cli.pictures.sheet import side_labels
    from casino_cli.records.scoresheet import record_score, sweeps_words

    said = set()
    for path in sorted(Path("fixtures/records/corpus").glob("*.jsonl")):
        for line in path.read_bytes().splitlines():
            record = read_record(orjson.loads(line))
            for hand in record_score(record)[0]["hands"]:
                lost = record.rules.sweeps and [s["sweeps"] for s in hand["sides"]] != hand["items"]["sweeps"]
                words = sweeps_words(hand, record.rules, side_labels(record.players, record.rules))
                assert bool(words) == bool(lost), (path, hand["hand"], words)
                said.update(re.findall(r"cancel \(P3\)|on the ladder \(P3\)", words))
    assert said == {"cancel (P3)", "on the ladder (P3)"}


def test_the_sheet_picture_and_the_pages_sheet_show_why(tmp_path):
    """Why sweeps scored nothing (P3), and why a score rose by less than its points (G3:
    hands 3 and 4 of royal-2 began at 20–4 and 20–8, and the game stayed on 20), from the
    scores before each hand (the hand before's in the sheet, the finished position's on the page)."""
    record = tmp_path / "royal.json"
    record.write_bytes(Path("fixtures/records/corpus/royal-2.jsonl").read_bytes().splitlines()[0])
    picture, page = tmp_path / "sheet.svg", tmp_path / "page.html"
    assert cli("score", str(record), "--svg", str(picture)).returncode == 0
    assert cli("replay", str(record), "--html", str(page)).returncode == 0
    swept = "no sweeps on the ladder (P3): seat 0 · greedy began the hand on 18 or more"
    capped = "capped at 20 (G3): seat 0 · greedy was on the ladder and did not win this hand"
    for picture_or_page in (picture, page):
        text = plain(markup_of(picture_or_page))
        assert swept in text and text.count(capped) == 2


def test_a_sheets_twin_partnerships_keep_their_names():
    """Copies of one bot in partnerships (`simulate --players 4 --bots greedy`) were labelled
    "seats 0 & 2 · gr… & gr…": the seats and the names now take a line each."""
    four = cli("simulate", "--games", "1", "--seed", "X", "--players", "4", "--bots", "greedy", "--hands", "1")
    sheet = orjson.loads(cli("score", "-", "--format", "json", stdin=four.stdout).stdout)
    labels = re.findall(
        r'<text x="24" y="[\d.]+" font-size="13"[^>]*>([^<]*)</text>',
        sheet_svg(sheet, make_rules("classic", 4), ["greedy"] * 4),
    )
    assert [plain(html.unescape(label)) for label in labels] == [
        "seats 0 & 2",
        "greedy & greedy",
        "seats 1 & 3",
        "greedy & greedy",
    ]


def test_a_multiple_builds_cards_are_fanned_group_by_group(tmp_path):
    """A 12 of Q♦ and 5♣+7♥ was fanned 5♣ 7♥ Q♦, evenly, its groups not to be seen; now
    group by group, further apart between groups."""
    position = tmp_path / "royal.json"
    fixture = orjson.loads(Path("fixtures/positions/49-royal-multiple-twelve.json").read_bytes())
    position.write_bytes(orjson.dumps(fixture["position"]))
    picture = tmp_path / "table.svg"
    assert cli("moves", str(position), "--svg", str(picture)).returncode == 0
    drawn = picture.read_text(encoding="utf-8")
    x = {c: float(re.search(rf'<use href="#{c}" x="([\d.]+)"', drawn)[1]) for c in ("cQD", "c5C", "c7H")}
    assert x["cQD"] < x["c5C"] < x["c7H"] and x["c5C"] - x["cQD"] > x["c7H"] - x["c5C"]


def test_a_long_comment_is_cut_in_captions_and_shown_whole_once_in_a_box_that_scrolls(tmp_path):
    """A move's 20,000-word comment: the page's pictures (banner and title), its move list
    and judge's picture cut it with …, so the pictures stay as tall as the table; the page
    shows it whole once, in a box that scrolls (a Tab stop) as every comment's does."""
    comment = " ".join(f"word{i}" for i in range(20_000))
    record = orjson.loads(Path(DISPUTE).read_bytes())
    record["hands"][0]["moves"][0] = {"move": "3H", "comment": comment}
    record["_note"] = comment
    path = tmp_path / "commented.json"
    path.write_bytes(orjson.dumps(record))
    cli("replay", str(path), "--html", str(tmp_path / "page.html"))
    page = drawn_page((tmp_path / "page.html").read_text(encoding="utf-8"))
    assert page.count("word19999") == 2  # the record's note and the move's words, each once
    assert page.count("word0 ") == 2 + 5  # and cut: two pictures' banners and titles, the move list
    boxes = re.findall(r'<div class="comment scroll" tabindex="0">(.*?)</div>', page)
    assert [box.endswith("word19999") for box in boxes[:2]] == [True, False] and boxes[2].endswith("word19999}")
    heights = [float(h) for h in re.findall(r'class="wide" viewBox="0 0 1000 ([\d.]+)"', page)]
    assert max(heights) < 1.5 * min(heights)  # the cut caption: a few lines more than a short one
    assert ".comment{" in page and "max-height:12em;overflow:auto" in page.split(".comment{")[1].split("}")[0]
    cli("judge", str(path), "--move", "1", "-f", "json", "--svg", str(tmp_path / "judge.svg"))
    svg = (tmp_path / "judge.svg").read_text(encoding="utf-8")
    assert "word0 " in svg and "word19999" not in svg and len(svg) < 50_000


_CARD_WORDS = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b")
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J"}


def told(picture: str) -> tuple[str, str, str]:
    """A picture's root tag, <title> and <desc> (its words for those who cannot see it)."""
    found = re.match(r"(<svg[^>]*>)<title>([^<]*)</title>(?:<desc>([^<]*)</desc>)?", picture)
    assert found, picture[:300]
    return found[1], html.unescape(found[2]), html.unescape(found[3] or "")


def faces_told(words: str) -> list[str]:
    """The cards ``words`` name (``ace of hearts``), as the pictures' card ids (cAH, c10S)."""
    return sorted(f"c{_RANK_WORDS.get(r, r)}{s[0].upper()}" for r, s in _CARD_WORDS.findall(words))


def test_a_picture_says_in_words_every_card_it_shows_and_who_is_to_play(tmp_path):
    """A screen reader read a picture (role img) by its title alone, the move: the cards on
    the table and in the hands were nowhere in words. Each picture, --svg's and every step's
    on the page, is an image whose <desc> names each card it shows face up, once, in words
    (not 5♦), the seat to play and the stock; a card drawn as a back is said face down, a
    hand unknown as such."""
    assert cli("replay", GAME, "--html", str(tmp_path / "p.html")).returncode == 0
    pictures = re.findall(r"<svg [^>]*role=[^>]*>.*?</svg>", drawn_page((tmp_path / "p.html").read_text("utf-8")))
    assert len(pictures) == 2 * len(re.findall(r'<figure class="frame"', (tmp_path / "p.html").read_text("utf-8")))
    for where in ([], ["--to", "5"], ["--hand", "2", "--to", "0"]):
        assert cli("replay", GAME, *where, "--svg", str(tmp_path / "s.svg")).returncode == 0
        pictures.append(re.sub(r"<defs>.*</defs>", "", (tmp_path / "s.svg").read_text("utf-8")))
    assert (
        cli(
            "judge", "fixtures/records/dispute-part-way.json", "--move", "2", "--svg", str(tmp_path / "j.svg")
        ).returncode
        == 0
    )
    pictures.append(re.sub(r"<defs>.*</defs>", "", (tmp_path / "j.svg").read_text("utf-8")))  # hands known in part
    pos = start_position(make_rules("royal", 4, None), seeded_deck("7", 1), 3)
    pictures += [position_svg(Picture(pos, viewer=0)), position_svg(Picture(pos._replace(hands=(None,) * 4)))]
    for picture in pictures:
        tag, title, desc = told(picture)
        assert 'role="img"' in tag and title and desc, tag
        assert faces_told(desc) == sorted(re.findall(r'href="#(c[0-9AJQK]+[SHDC])"', picture)), (title, desc)
        assert not re.search("[♠♥♦♣]", desc)
        stock = re.search(r">stock (\d+)</text>", picture)
        assert f"Stock: {stock[1] if stock else 0} card" in desc, desc
        backs = picture.count('href="#back"') - bool(stock)  # the hands' backs
        assert sum(int(n) for n in re.findall(r"(\d+) cards? face down", desc)) == backs, desc
        assert picture.count(">unknown<") == desc.count("holds unknown cards"), desc
        plate = re.search(r">seat (\d)[^<]*▸[^<]*</text>", picture)
        said = re.search(r"To play: (?:seat (\d)|[^.]* \(seat (\d)\))\.", desc)
        assert (said and plate[1] in said.groups()) if plate else "To play" not in desc, desc


def test_a_text_on_the_edge_of_its_room_fits():
    """As lines.py says: a text exactly as wide as its room is kept whole (fit), on one line
    (wrap), and a cut keeps the longest start that fits with its …"""
    from casino_cli.pictures.lines import fit

    for content in ("rrrr rrrr", "Ann & Cy", "tr (rf) tt"):
        for size in (1, 12, 13):
            edge = text_width(content, size)
            assert fit(content, size, edge) == content and wrap(content, size, edge) == [content]
            assert len(wrap(content, size, edge * 0.999)) == 2 or " " not in content
            for end in range(1, len(content)):
                cut = content[:end] + "…"
                if text_width(cut, size) < edge and "A" not in content:  # widths of halves: no rounding
                    assert fit(content, size, text_width(cut, size)) == cut, (content, size, end)
