"""What a position's picture shows, read back from its SVG as a person would see it (each
card's place worked out from the document's own coordinates and transforms) and checked
against the position: every card once, none on top of another, each build's plate over its
cards and holding its words, the gold ring round the cards a move uses."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import orjson
import pytest

from casino_cli.cards import cards_of
from casino_cli.engine import Move, apply_move, legal_moves, make_rules, seeded_deck, start_position
from casino_cli.engine.position import Position
from casino_cli.pictures.lines import text_width
from casino_cli.pictures.svg import BLACK, HIGHLIGHT, RED, face_id
from casino_cli.pictures.table import NARROW, WIDTH, Picture, position_frame, position_svg

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Ann", "Bartholomew Featherstonehaugh", "Cy", "Dorothea Wolstenholme-Smythe")


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box, margin: float = 0.5) -> bool:
        """Whether the two boxes share more than ``margin`` either way."""
        return (
            self.x + margin < other.x + other.w
            and other.x + margin < self.x + self.w
            and self.y + margin < other.y + other.h
            and other.y + margin < self.y + self.h
        )

    def holds(self, other: Box, slack: float = 0.5) -> bool:
        return (
            self.x - slack <= other.x
            and other.x + other.w <= self.x + self.w + slack
            and self.y - slack <= other.y
            and other.y + other.h <= self.y + self.h + slack
        )


class Shape(NamedTuple):
    tag: str  # "use", "rect" or "text"
    box: Box  # in the picture's coordinates (for text: its anchor point, no size)
    attrs: dict[str, str]
    felt: bool  # drawn inside the felt's group
    words: str = ""


def _transform(spec: str, at: tuple[float, float, float]) -> tuple[float, float, float]:
    """(dx, dy, scale) after a group's ``translate(x y) scale(s)``."""
    dx, dy, s = at
    for kind, args in re.findall(r"(translate|scale|rotate)\(([^)]*)\)", spec):
        nums = [float(n) for n in args.replace(",", " ").split()]
        if kind == "translate":
            dx, dy = dx + nums[0] * s, dy + nums[1] * s
        elif kind == "scale":
            s *= nums[0]
        else:
            raise AssertionError("a picture's own groups are not rotated")
    return dx, dy, s


def shapes(svg: str) -> tuple[Box, list[Shape]]:
    """The view box and the cards, rectangles and texts drawn (outside <defs>)."""
    root = ET.fromstring(svg)
    vx, vy, vw, vh = map(float, root.attrib["viewBox"].split())
    out: list[Shape] = []

    def walk(node: ET.Element, at: tuple[float, float, float], felt: bool) -> None:
        for child in node:
            tag = child.tag.removeprefix(SVG)
            if tag in ("defs", "title", "desc", "symbol"):
                continue
            if tag == "g":
                walk(child, _transform(child.attrib.get("transform", ""), at), felt or "transform" in child.attrib)
                continue
            dx, dy, s = at
            a = child.attrib
            x, y = float(a.get("x", 0)), float(a.get("y", 0))
            w = float(a["width"]) if "width" in a and not a["width"].endswith("%") else 0.0
            h = float(a["height"]) if "height" in a and not a["height"].endswith("%") else 0.0
            box = Box(dx + x * s, dy + y * s, w * s, h * s)
            out.append(Shape(tag, box, dict(a), felt, "".join(child.itertext())))

    walk(root, (0.0, 0.0, 1.0), False)
    return Box(vx, vy, vw, vh), out


def cards_drawn(items: list[Shape]) -> list[tuple[str, Box, bool]]:
    """Each card drawn: its symbol (a face's id or "back"), its box, whether on the felt."""
    return [(s.attrs["href"][1:], s.box, s.felt) for s in items if s.tag == "use" and s.box.w >= 20]


def played_positions(players: int, variant: str, seed: int, moves: int) -> list[tuple[Position, Move]]:
    """The first ``moves`` positions of a game played at random (seeded), each with the
    move played from it; builds are preferred, so that the table holds some."""
    rng = random.Random(seed)
    pos = start_position(make_rules(variant, players, None), seeded_deck(str(seed), 1), 1)
    out = []
    for _ in range(moves):
        listing = legal_moves(pos).moves
        if not listing:
            break
        builds = [m for m in listing if m.type == "build"]
        move = rng.choice(builds if builds and rng.random() < 0.7 else listing)
        out.append((pos, move))
        pos = apply_move(pos, move)
    return out


GAMES = [(2, "classic", 3), (3, "royal", 5), (4, "classic", 8), (4, "royal", 11)]


def pictures() -> list[tuple[Picture, str, float]]:
    """Pictures of positions of several games, with and without long names and the move
    played, wide and narrow: the picture, its SVG and its width."""
    out = []
    for players, variant, seed in GAMES:
        for k, (pos, move) in enumerate(played_positions(players, variant, seed, 24)):
            names = NAMES[:players] if k % 2 else None
            notes = [f"note {k}: " + "a finding in long words " * (k % 5)] if k % 5 else []
            viewer = k % players if k % 4 == 2 else None
            caption = "a caption in many words " * (k % 7) + ("a name of one long word: " + "W" * 90) * (k % 7 == 3)
            pic = Picture(pos, names, move if k % 3 else None, caption, viewer, notes)
            out.append((pic, position_svg(pic), WIDTH))
            if k % 4 == 0:
                out.append((pic, position_frame(pic, NARROW), NARROW))
    return out


PICTURES = pictures()


def test_the_games_drawn_hold_builds_of_both_kinds():
    """The pictures below are worth their checks: their tables hold builds, single and
    multiple, and their moves build and take."""
    builds = [b for pic, _, _ in PICTURES for b in pic.position.builds]
    assert any(b.single for b in builds) and any(not b.single for b in builds)
    assert {pic.move.type for pic, _, _ in PICTURES if pic.move is not None} >= {"build", "capture", "trail"}


@pytest.mark.parametrize("i", [i for i, (_, _, width) in enumerate(PICTURES) if width == WIDTH])
def test_every_card_of_the_position_is_drawn_once_and_inside_the_picture(i):
    pic, svg, _ = PICTURES[i]
    pos = pic.position
    view, items = shapes(svg)
    drawn = cards_drawn(items)
    faces = Counter(ref for ref, _, _ in drawn if ref != "back")
    seen = [seat for seat in range(len(pos.hands)) if pic.viewer in (None, seat)]
    shown = [*cards_of(pos.table), *(c for seat in seen for c in cards_of(pos.hands[seat]))]
    assert faces == Counter(face_id(c) for c in shown)
    hidden = sum(pos.hands[seat].bit_count() for seat in range(len(pos.hands)) if seat not in seen)
    backs = sum(ref == "back" for ref, _, _ in drawn)
    assert backs == hidden + (pos.stock_count > 0)
    symbols = {s.attrib["id"] for s in ET.fromstring(svg).iter(f"{SVG}symbol")} - {"back", "sS", "sH", "sD", "sC"}
    assert symbols == set(faces)  # a hidden card is not in the file, and every face drawn has its drawing
    on_felt = Counter(ref for ref, _, felt in drawn if felt and ref != "back")
    assert on_felt == Counter(face_id(c) for c in cards_of(pos.table))
    assert all(view.holds(box) for _, box, _ in drawn)


@pytest.mark.parametrize("i", range(len(PICTURES)))
def test_no_hand_touches_the_felts_rim(i):
    """A seat's cards keep clear of the felt and its 10-unit rim (5 of it outside the felt's
    rectangle), by 2 units at least: a seat beside the felt, four cards fanned to its width,
    touched the rim."""
    _, svg, _ = PICTURES[i]
    _, items = shapes(svg)
    (felt,) = [s.box for s in items if s.tag == "rect" and s.attrs.get("stroke-width") == "10"]
    clear = Box(felt.x - 7, felt.y - 7, felt.w + 14, felt.h + 14)  # the rim and 2 more
    for ref, box, on_felt in cards_drawn(items):
        assert on_felt or felt.holds(box) or not box.overlaps(clear, margin=0), (ref, box, felt)  # the stock: on it


@pytest.mark.parametrize("i", range(len(PICTURES)))
def test_no_card_hides_another_and_a_build_plate_holds_its_words_over_its_own_cards(i):
    """On the felt a card lies under another only fanned in its own build (its corner
    showing), a build's plate is as wide as its words at least, centred over its cards,
    and touches no other plate or card; off the felt, a hand's cards each show a corner."""
    pic, svg, _ = PICTURES[i]
    _, items = shapes(svg)
    drawn = cards_drawn(items)
    plates = [s for s in items if s.felt and s.tag == "rect" and s.attrs.get("height") == "19"]
    labels = [s for s in items if s.felt and s.tag == "text"]
    assert len(plates) == len(labels) == len(pic.position.builds)
    felt_cards = [box for ref, box, felt in drawn if felt and ref != "back"]
    owner = {}  # a card on the felt: the plate over it, if any
    for k, plate in enumerate(plates):
        scale = plate.box.h / 19
        assert text_width(labels[k].words, 12) * scale <= plate.box.w + 0.5
        under = [
            j
            for j, c in enumerate(felt_cards)
            if c.x >= plate.box.x - 0.5
            and c.x + c.w <= plate.box.x + plate.box.w + 0.5
            and 0 < c.y - plate.box.y < 30 * scale
        ]
        assert under, "a build's plate stands over its cards"
        left = min(felt_cards[j].x for j in under)
        right = max(felt_cards[j].x + felt_cards[j].w for j in under)
        assert abs((left + right) / 2 - (plate.box.x + plate.box.w / 2)) < 1
        for j in under:
            owner[j] = k
        for other in plates[k + 1 :]:
            assert not plate.box.overlaps(other.box)
        assert not any(plate.box.overlaps(c) for c in felt_cards)
    for j, one in enumerate(felt_cards):
        for k in range(j + 1, len(felt_cards)):
            other = felt_cards[k]
            if one.overlaps(other):
                assert j in owner and owner.get(k) == owner[j]
                assert abs(one.x - other.x) >= 15 * one.w / 60  # the corner of the one below shows
    hands = sorted((box for _, box, felt in drawn if not felt and box.w >= 55), key=lambda b: (b.y, b.x))
    for j, one in enumerate(hands):
        for other in hands[j + 1 :]:
            if one.overlaps(other):
                assert abs(one.x - other.x) >= 15


@pytest.mark.parametrize("i", [i for i, (pic, _, _) in enumerate(PICTURES) if pic.move is not None])
def test_the_gold_rings_hold_the_cards_the_move_uses_and_no_other(i):
    """The card played is ringed in its hand; each loose card it uses is ringed, and a build
    it uses is ringed whole: each ring hugs what it rings."""
    pic, svg, _ = PICTURES[i]
    move, pos = pic.move, pic.position
    _, items = shapes(svg)
    drawn = cards_drawn(items)
    rings = [s for s in items if s.tag == "rect" and s.attrs.get("stroke") == HIGHLIGHT]
    used_builds = [b for b in pos.builds if b.cards & move.cards]
    used_loose = cards_of(move.cards & pos.loose)
    played = pic.viewer in (None, pos.turn)  # a hidden hand's card is a back, not ringed
    assert len(rings) == played + len(used_loose) + len(used_builds)
    for ring in rings:
        inside = [(ref, box) for ref, box, felt in drawn if felt == ring.felt and ring.box.holds(box, slack=4)]
        assert inside, "a ring rings a card"
        left = min(box.x for _, box in inside)
        right = max(box.x + box.w for _, box in inside)
        assert ring.box.x + ring.box.w - right < 4 * (ring.box.h / inside[0][1].h) and left - ring.box.x < 4
        refs = {ref for ref, _ in inside}
        whole = [b for b in used_builds if refs == {face_id(c) for c in cards_of(b.cards)}]
        assert refs in ({face_id(move.card)}, *({face_id(c)} for c in used_loose)) or whole


@pytest.mark.parametrize("i", range(len(PICTURES)))
def test_every_line_of_words_lies_inside_the_picture(i):
    """The words round the table (the game's line, the scores, the caption, the seats'
    plates and piles, the notes) are wrapped or cut to the picture's width."""
    _, svg, width = PICTURES[i]
    view, items = shapes(svg)
    assert view.w == width
    for s in items:
        if s.tag != "text" or s.felt:
            continue
        w = text_width(s.words, float(s.attrs["font-size"]))
        left = s.box.x - (w / 2 if s.attrs.get("text-anchor") == "middle" else 0)
        assert left >= 0 and left + w <= view.w, s.words
        assert 0 < s.box.y <= view.h


@pytest.mark.parametrize("width", [190, 340])
def test_a_seat_plates_words_shrink_to_9_before_to_play_is_shortened(width):
    """As the plate's docstring and notation.md's pictures say: the size shrinks from 13 to 9,
    then "▸ to play" becomes "▸", then the name is cut: never smaller than 9, and "to play"
    is shortened only where the whole words would not fit at 9."""
    from casino_cli.pictures.table import _plate_text

    for letters in ("W", "i", "Mn", "Жо"):
        for n in range(1, 41):
            name = (letters * n)[:n]
            words, size = _plate_text([name], 0, True, True, width)
            whole = f"seat 0 · {name} ▸ to play (dealer)"
            assert 9 <= size <= 13 and text_width(words, size) <= width - 16
            assert ("to play" in words) == (text_width(whole, 9) <= width - 16)


def test_each_seats_pile_is_counted_in_words_that_agree_with_the_count():
    """Each seat's line under its hand: ``1 card taken``, ``2 cards taken``, ``1 sweep``;
    on two lines where the seat is too narrow for one, each said once."""
    said = []
    start = PICTURES[0][0].position
    royal = next(pic.position for pic, _, _ in PICTURES if pic.position.rules.sweeps)
    four = next(pic.position for pic, _, _ in PICTURES if pic.position.rules.players == 4)
    crafted = [
        start._replace(captured=(1 << 40, 1 << 41 | 1 << 42), sweeps=(1, 2)),
        royal._replace(sweeps=(1, 2, 0)),
        four._replace(captured=(2**12 - 1, 0, 0, 2**20 - 1), sweeps=(2, 0, 1, 3)),
    ]
    for pic, svg, _ in [*PICTURES, *((Picture(p), position_svg(Picture(p)), WIDTH) for p in crafted)]:
        _, items = shapes(svg)
        lines = [s.words for s in items if s.tag == "text"]
        piles = [w + " " + lines[k + 1] if w.endswith(",") else w for k, w in enumerate(lines) if " taken" in w]
        assert len(piles) == pic.position.rules.players
        assert not any(" taken" in w for k, w in enumerate(lines) if k and lines[k - 1].endswith("taken,"))
        counted = []
        for words in piles:
            taken = re.fullmatch(r"(\d+) (cards?) taken(?:, (\d+) (sweeps?)|, cleared the table \d+×)?", words)
            assert taken, words
            counted.append(int(taken[1]))
            assert (taken[2] == "card") == (taken[1] == "1")
            assert taken[3] is None or (taken[4] == "sweep") == (taken[3] == "1")
            said.append(words)
        assert sorted(counted) == sorted(p.bit_count() for p in pic.position.captured)
    assert any(w.startswith("1 card taken") for w in said) and any(w.endswith(", 1 sweep") for w in said)
    assert any(w.endswith("taken, cleared the table 3×") for w in said)


def test_the_score_line_shows_a_name_of_24_characters_whole_and_cuts_a_longer_one_to_24():
    """As seat_name's docstring says: names are cut to 24 characters (the last an …)."""
    pos = PICTURES[0][0].position
    for name, shown in (("N" * 24, "N" * 24), ("N" * 25, "N" * 23 + "…")):
        _, items = shapes(position_svg(Picture(pos, (name, "Bea"))))
        line = next(s.words for s in items if s.words.startswith("game score before this hand"))
        assert f"seat 0 · \u2068{shown}\u2069: 0" in line


@pytest.mark.parametrize("i", [i for i, (pic, _, _) in enumerate(PICTURES) if pic.caption])
def test_the_captions_words_lie_on_its_banner(i):
    """The caption is wrapped on its gold banner, a word too long for a line cut (…)."""
    pic, svg, _ = PICTURES[i]
    _, items = shapes(svg)
    banner = next(s.box for s in items if s.tag == "rect" and s.attrs.get("fill") == HIGHLIGHT and s.attrs["rx"] == "6")
    lines = [s for s in items if s.tag == "text" and banner.y < s.box.y < banner.y + banner.h]
    assert lines and all(s.attrs["font-size"] == "16" for s in lines)
    for s in lines:
        assert banner.x < s.box.x and s.box.x + text_width(s.words, 16) <= banner.x + banner.w
    if "W" * 90 in pic.caption:
        assert any(s.words.endswith("W…") for s in lines)
    else:  # wrapped between words, none left out
        assert " ".join(s.words for s in lines) == pic.caption.strip()


def test_hearts_and_diamonds_are_drawn_red_and_spades_and_clubs_black():
    """Each card face's drawing (its symbol) is in its suit's colour."""
    svg = PICTURES[0][1]
    faces = [s for s in ET.fromstring(svg).iter(f"{SVG}symbol") if re.fullmatch(r"c\w+[SHDC]", s.attrib["id"])]
    assert faces
    for face in faces:
        colour = face.find(f"{SVG}g").attrib["fill"]
        assert colour == (RED if face.attrib["id"][-1] in "HD" else BLACK)


def _corpus_sheets() -> list[tuple[str, str]]:
    """The score sheet picture of the first record of each corpus file, and its title."""
    from casino_cli.pictures.sheet import sheet_svg
    from casino_cli.pictures.table import game_title
    from casino_cli.records.record import read_record
    from casino_cli.records.scoresheet import record_score

    out = []
    for path in sorted(Path("fixtures/records/corpus").glob("*.jsonl")):
        first = orjson.loads(path.read_bytes().splitlines()[0])
        long = [f"Player {seat} of the Long Name Club, Wessex" for seat in range(len(first["players"]))]
        for players in (first["players"], long):
            record = read_record({**first, "players": players})
            title = f"Score sheet · {game_title(record.rules)}"
            out.append((sheet_svg(record_score(record)[0], record.rules, record.players, title), title))
    options = {"court_values": True, "ace_high": True, "must_take_equal": True, "raise_own": False}
    many = make_rules("classic", 2, sweeps=True, sweeps_cancel=True, deal_passes="previous", **options)
    out.append((sheet_svg(record_score(record)[0], many, None, "many options"), "many options"))  # a long line
    return out


def test_a_score_sheets_picture_is_headed_by_its_title_and_keeps_its_words_inside():
    """Each line of a sheet (its title, options, sides, items won, the notes of what nobody
    won and why points were capped, the result) lies inside the picture."""
    anchors = {"middle": 0.5, "end": 1.0}
    notes = 0
    for svg, title in _corpus_sheets():
        view, items = shapes(svg)
        lines = [s for s in items if s.tag == "text"]
        assert lines[0].words == title
        for s in lines:
            w = text_width(s.words, float(s.attrs["font-size"]))
            left = s.box.x - w * anchors.get(s.attrs.get("text-anchor", ""), 0.0)
            assert left >= 0 and left + w <= view.w, s.words
            assert 0 < s.box.y <= view.h
        notes += sum(s.attrs.get("fill") == "#666" for s in lines)
    assert notes


@pytest.mark.parametrize(
    "record, move, held",
    [
        (  # Ana plays in Ben's turn: Ben's hand, never written, holds his 4 cards
            "[Rules classic 2]\n[Players Ana Ben]\nHand 1 dealer Ben table 4S AC 9D QH\n"
            "1. Ana: 3H+4S=7 2. Ana: 7Cx3H+4S\n",
            2,
            [3, 4],
        ),
        (  # Carla plays in Ben's turn, 3 players: Ana has played twice this deal, Ben and Carla once
            "[Rules american-royal 3]\n[Players Ana Ben Carla]\nHand 1 dealer Carla table 6H 9C 2D JD\n"
            "1. Ana: 6Sx6H 2. Ben: 4C 3. Carla: 5D 4. Ana: 7S 5. Carla: 9Dx9C\n",
            5,
            [2, 3, 3],
        ),
    ],
)
def test_a_move_out_of_turn_is_drawn_with_every_hand_at_its_size(tmp_path, record, move, held):
    """judge --svg of a move played out of turn in a record written at the table: the seat to
    move has no hand written (the mover's is), yet the deal fixes its size; it was drawn as
    one dashed 'unknown' card, though the board and a replay drew its backs."""
    from inproc import cli

    from casino_cli.engine.position import seat_size
    from casino_cli.notation.position import read_position

    (tmp_path / "dispute.cas").write_text(record)
    picture = tmp_path / "ruling.svg"
    out = cli("judge", str(tmp_path / "dispute.cas"), "--move", str(move), "--svg", str(picture), "-f", "json")
    ruling = orjson.loads(out.stdout)
    assert out.returncode == 1 and ruling["rule"] == "turn", out
    svg = picture.read_text()
    _, items = shapes(svg)
    drawn = cards_drawn(items)
    faces = sum(ref != "back" for ref, _, felt in drawn if not felt)  # the mover's known card, in its hand
    backs = sum(ref == "back" for ref, _, _ in drawn) - 1  # the stock's one back aside
    assert ">unknown<" not in svg and faces + backs == sum(held), (faces, backs)
    pos = read_position(ruling["position"])
    assert [seat_size(pos, seat) for seat in range(len(held))] == held  # each seat's, as the board says
