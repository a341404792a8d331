"""A position as a picture: the felt with its loose cards and builds, each seat's hand
round the table with its name, the stock, and a move ringed in gold."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from ..cards import cards_of
from ..engine import Move, Position, Step, Unseen
from ..engine.position import Partial, build_groups, known_cards, seat_size
from ..engine.rules import Rules
from ..errors import plural
from ..records.describe import build_cards, card_name, card_words, describe, listed, seat_words, twin_sides
from ..records.frames import Frame, frame_words
from ..records.record import Record
from ..records.referee import Finding
from ..records.shown import visible
from .lines import fit, text_width, wrap
from .svg import BLACK, CARD_H, CARD_W, HIGHLIGHT, banner, card, document, frame, named, names_isolated, text

WIDTH = 1000
NARROW = 400  # a picture for a phone's screen (the replay page shows it where the picture has little room)
_FELT = "#1f6b45"
_SIDE_W = 190  # room for a seat at the left or right of the table
_GAP = 8
_NAME = 24  # longer names are cut to fit their plates
_FAN = 22  # how much of each card shows in a build
_GROUP_GAP = 24  # and further between the groups of a multiple build
_NAME_ROOM = 64.0  # the room for an owner's name on a build's plate narrower than its cards would give
_LIFT = 10  # how far the card a move plays stands out of its hand
_SEAT_H = 32 + _LIFT + CARD_H + 26  # a seat: its plate, its hand and its pile's line
_LINE = 15  # a second line of a seat's pile
CAPTION_EMS = 300  # a longer caption (a long comment, long names) is cut: about 5 lines of the wide picture


class Picture(NamedTuple):
    """What to draw: the position, who sits where, and the move in question (played from it)."""

    position: Position
    names: Sequence[str] | None = None
    move: Move | None = None
    # The caption and notes are drawn as given: document text in them is made visible (names: svg.named).
    caption: str = ""  # e.g. "hand 2, move 7: seat 1 takes 3♣ 5♦ with 8♥"
    viewer: int | None = None  # the seat at the bottom; other hands shown as backs when set
    notes: Sequence[str] = ()  # lines under the table (findings, comments)


def seat_name(names: Sequence[str] | None, seat: int, cut: Callable[[str], str] | None = None) -> str:
    """``seat 1`` or ``seat 1 · Bea``, the name :func:`.svg.named` and ``cut`` (to 24 characters
    by default)."""
    if not (names and seat < len(names) and names[seat]):
        return f"seat {seat}"
    return f"seat {seat} · {named(names[seat], cut or _short)}"


def _short(name: str) -> str:
    """A name cut to a length that fits a plate."""
    return name if len(name) <= _NAME else name[: _NAME - 1] + "…"


def side_name(names: Sequence[str] | None, side: int, cut: Callable[[str], str] | None = None) -> str:
    """A partnership: ``Ann & Cy``, or ``seats 0 & 2`` without names (names as in
    :func:`seat_name`); where both sides have the same names (copies of one bot), with its
    seats: ``seats 0 & 2 · greedy & greedy``."""
    if names and len(names) >= 4 and names[side] and names[side + 2]:
        pair = f"{named(names[side], cut or _short)} & {named(names[side + 2], cut or _short)}"
        return f"seats {side} & {side + 2} · {pair}" if twin_sides(names) else pair
    return f"seats {side} & {side + 2}"


def _places(players: int) -> list[str]:
    """Where each seat sits, play passing to the left: bottom, left, top, right."""
    return {2: ["bottom", "top"], 3: ["bottom", "left", "right"]}.get(players, ["bottom", "left", "top", "right"])


def _hand_cards(pos: Position, seat: int, shown: bool) -> list[int | None] | None:
    """Faces (card) and backs (None) of a seat's hand: its known cards (when ``shown``) and a
    back for each other card it holds (a hand left out of a position holds as many as the
    turn order gives it: :func:`seat_size`); None when not even its size is known."""
    size = seat_size(pos, seat)
    if size is None:
        return None
    known = cards_of(known_cards(pos.hands[seat])) if shown else []
    return [*known, *([None] * (size - len(known)))]


def _pile_lines(pos: Position, seat: int, width: float) -> list[str]:
    """``N cards taken, 2 sweeps``: one line, or two when it is wider than the seat."""
    pile = pos.captured[seat]
    taken = pile.count if isinstance(pile, Unseen) else pile.bit_count()
    words = [f"{plural(taken, 'card')} taken"]
    sweeps = pos.sweeps[seat]
    if sweeps:
        words.append(plural(sweeps, "sweep") if pos.rules.sweeps else f"cleared the table {sweeps}×")
    line = ", ".join(words)
    return [line] if text_width(line, 12) <= width else [w + "," for w in words[:-1]] + words[-1:]


def _seat(pic: Picture, seat: int, x: float, y: float, width: float) -> tuple[str, float]:
    """A seat's name plate, hand (spread to the seat's width, the card a move plays lifted
    and shown whole) and pile; returns the SVG and the height used."""
    pos = pic.position
    shown = pic.viewer is None or pic.viewer == seat
    cards = _hand_cards(pos, seat, shown)
    to_move = pos.turn == seat
    plate_fill = HIGHLIGHT if to_move else "#e9e4d8"
    name, size = _plate_text(pic.names, seat, to_move, pos.dealer == seat, width)
    out = [
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="24" rx="12" fill="{plate_fill}" stroke="#8a7f66"/>',
        text(x + width / 2, y + 12 + size * 0.38, name, size, text_anchor="middle", font_weight="bold", fill=BLACK),
    ]
    cy = y + 32 + _LIFT  # room for the played card, lifted and ringed, under the plate
    played = pic.move.card if pic.move is not None else None  # lifted in the hand that holds it
    if cards is None:
        out.append(
            f'<rect x="{x + width / 2 - CARD_W / 2:g}" y="{cy:g}" width="{CARD_W}" height="{CARD_H}" rx="6" '
            f'fill="none" stroke="#8d8a80" stroke-dasharray="5 4"/>'
        )
        out.append(text(x + width / 2, cy + CARD_H / 2 + 4, "unknown", 11, text_anchor="middle", fill="#55524a"))
    elif not cards:
        out.append(text(x + width / 2, cy + CARD_H / 2, "no cards", 12, text_anchor="middle", fill="#55524a"))
    else:
        n = len(cards)
        lit = next((i for i, c in enumerate(cards) if c is not None and c == played), n)
        step = min(CARD_W + _GAP, (width - CARD_W) / max(1, n - 1))
        if lit < n - 1 and step < CARD_W:  # a fanned hand opens after the played card, to show it whole
            step = (width - 2 * CARD_W) / max(1, n - 2)
        gap = max(0.0, CARD_W - step) if lit < n - 1 else 0.0
        start = x + (width - (CARD_W + step * (n - 1) + gap)) / 2
        for i, c in enumerate(cards):
            out.append(card(start + i * step + (gap if i > lit else 0), cy - (_LIFT if i == lit else 0), c, i == lit))
    lines = _pile_lines(pos, seat, width)
    for i, line in enumerate(lines):
        out.append(text(x + width / 2, cy + CARD_H + 18 + _LINE * i, line, 12, text_anchor="middle", fill="#2f2d28"))
    return "".join(out), _SEAT_H + _LINE * (len(lines) - 1)


def _plate_text(names: Sequence[str] | None, seat: int, to_move: bool, dealer: bool, width: float) -> tuple[str, float]:
    """A seat's plate text and font size, fitted to the plate: the size shrinks from 13 to 9,
    then "▸ to play" becomes "▸", then the name is cut (with …), so the marks always show."""
    room = width - 16
    dealt = " (dealer)" if dealer else ""
    for marks in ((" ▸ to play" if to_move else "") + dealt, (" ▸" if to_move else "") + dealt):
        whole = seat_name(names, seat, lambda name: name) + marks
        fitting = room / text_width(whole, 1)
        if fitting >= 9:
            return whole, math.floor(min(13.0, fitting) * 10) / 10
    rest = room - text_width(f"seat {seat} · {marks}", 9)
    return seat_name(names, seat, lambda name: fit(name, 9, rest)) + marks, 9.0


class _Item(NamedTuple):
    groups: list[list[int]]  # a build's cards, a multiple build's group by group; a loose card alone
    label: str  # a build's plate; "" for a loose card
    lit: frozenset[int]
    ring: bool  # the whole build is used by the move


def _table_items(pic: Picture) -> list[_Item]:
    pos, move = pic.position, pic.move
    used = move.cards if move is not None else 0
    items = []
    for b in pos.builds:
        split = (b.cards,) if b.single else build_groups(pos.rules, b.cards, b.value) or (b.cards,)
        groups = [cards_of(g) for g in split]
        head = f"{b.value}{'' if b.single else ' multiple'} · "
        room = max(
            _fan_width(groups) - 16 - text_width(f"{head}seat {b.owner} · ", 12), _NAME_ROOM
        )  # a long name is cut
        label = head + seat_name(pic.names, b.owner, partial(fit, size=12, width=room))
        ring = bool(b.cards & used)
        items.append(_Item(groups, label, frozenset(), ring))
    loose_used = used & pos.loose
    for c in cards_of(pos.loose):
        items.append(_Item([[c]], "", frozenset({c}) if loose_used >> c & 1 else frozenset(), False))
    return items


def _fanned(groups: list[list[int]]) -> list[tuple[int, float]]:
    """Each card of a build and how far right of its first card it lies: the cards fanned,
    a multiple build's groups further apart, so that its groups show."""
    out: list[tuple[int, float]] = []
    for k, group in enumerate(groups):
        out += [(c, (len(out) + i) * _FAN + k * _GROUP_GAP) for i, c in enumerate(group)]
    return out


def _fan_width(groups: list[list[int]]) -> float:
    """The width of a build's cards fanned (one card: its own width)."""
    return CARD_W + _fanned(groups)[-1][1]


def _item_width(item: _Item) -> float:
    width = _fan_width(item.groups)
    return max(width, text_width(item.label, 12) + 16) if item.label else width


def _lay_out(items: list[_Item], width: float) -> list[list[_Item]]:
    rows: list[list[_Item]] = [[]]
    used = 0.0
    for item in items:
        w = _item_width(item)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += w + 14
    return rows


def _felt(pic: Picture, x: float, y: float, width: float, height: float | None = None) -> tuple[str, float]:
    """The table: felt, loose cards and builds in rows (scaled down when crowded, or when a
    build's plate is wider than the felt), and the stock; with no ``height`` (a narrow
    picture) as tall as its rows need, the stock small in a corner. Returns the SVG and the
    felt's height."""
    pos = pic.position
    items = _table_items(pic)
    stock_w, stock_scale, stock_x = (150, 0.75, 57) if height is not None else (90, 0.5, 45)  # its room, size, middle
    inner_w = width - stock_w
    row_h = CARD_H + 30
    scale = 1.0
    rows = _lay_out(items, inner_w)
    widest = max(map(_item_width, items), default=0.0)
    room = height - 40 if height is not None else math.inf
    while (len(rows) * row_h * scale > room or widest * scale > inner_w) and scale > 0.3:
        scale *= 0.9
        rows = _lay_out(items, inner_w / scale)
    if height is None:
        height = max(len(rows) * row_h * scale, CARD_H) + 40
    inner_h = height - 40
    out = [
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="40" fill="{_FELT}" '
        f'stroke="#6b4a26" stroke-width="10"/>'
    ]
    stock = pos.stock_count
    if stock:
        middle = x + width - stock_x
        out.append(card(middle - CARD_W * stock_scale / 2, y + 24, None, scale=stock_scale))
        words = f"stock {stock}"
        out.append(text(middle, y + 40 + CARD_H * stock_scale, words, 12, text_anchor="middle", fill="#f2f2ea"))
    if not items:
        out.append(text(x + width / 2, y + height / 2, "the table is empty", 16, text_anchor="middle", fill="#cfe3d4"))
    top = y + 20 + (inner_h - len(rows) * row_h * scale) / 2
    body = []
    for r, row in enumerate(rows):
        row_w = sum(_item_width(i) for i in row) + 14 * (len(row) - 1)
        cx = (inner_w / scale - row_w) / 2
        cy = r * row_h + 22
        for item in row:
            body.append(_draw_item(item, cx, cy))
            cx += _item_width(item) + 14
    out.append(f'<g transform="translate({x + 20:g} {top:g}) scale({scale:.4g})">{"".join(body)}</g>')
    return "".join(out), height


def _draw_item(item: _Item, x: float, y: float) -> str:
    out = []
    w = _item_width(item)
    if item.label:
        fill = HIGHLIGHT if item.ring else "#f3efe2"
        out.append(f'<rect x="{x:g}" y="{y - 22:g}" width="{w:g}" height="19" rx="9" fill="{fill}" stroke="#6b5d3e"/>')
        out.append(text(x + w / 2, y - 8, item.label, 12, text_anchor="middle", font_weight="bold", fill=BLACK))
        x += (w - _fan_width(item.groups)) / 2
    for c, dx in _fanned(item.groups):
        out.append(card(x + dx, y, c, c in item.lit))
    if item.ring:  # the whole build is used: one ring round it
        width = _fan_width(item.groups)
        out.append(
            f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{width + 6:g}" height="{CARD_H + 6:g}" rx="8" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="4"/>'
        )
    return "".join(out)


def game_title(rules: Rules) -> str:
    """``Royal Casino, 4 players in partnerships``."""
    title = f"{rules.variant.replace('-', ' ').title()} Casino, {rules.players} players"
    return title + " in partnerships" if rules.partnerships else title


def options_line(rules: Rules) -> str:
    """`` · options: target=11, deal_passes=previous`` (those that differ from the preset), or ""."""
    return f" · options: {', '.join(rules.option_words())}" if rules.option_words() else ""


def _status(pos: Position) -> str:
    rules = pos.rules
    title = game_title(rules)
    if pos.finished:
        return title + " · hand finished"
    return title + f" · deal {pos.deal} of {rules.deals_per_hand}"


def _scores(pic: Picture) -> str:
    pos = pic.position
    if pos.rules.partnerships:
        sides = [side_name(pic.names, side) for side in range(2)]
    else:
        sides = [seat_name(pic.names, s) for s in range(pos.rules.players)]
    scores = ", ".join(f"{n}: {v}" for n, v in zip(sides, pos.scores))
    return f"game score before this hand: {scores}{options_line(pos.rules)}"


def picture_body(pic: Picture, width: float = WIDTH) -> tuple[str, float]:
    """The drawing of a position ``width`` wide and its height: round the table, or at
    :data:`NARROW` (a phone) in rows, the other seats above the felt and the seat at the
    bottom under it, at a size that stays readable there."""
    pos = pic.position
    n = pos.rules.players
    bottom = pic.viewer if pic.viewer is not None else 0
    where = {place: (bottom + i) % n for i, place in enumerate(_places(n))}
    narrow = width < WIDTH
    edge = 10 if narrow else 20
    out = [f'<rect width="{width:g}" height="100%" fill="#f6f3ec"/>']
    status = wrap(_status(pos), 18, width - 2 * edge)
    for i, line in enumerate(status):
        out.append(text(edge, 30 + 22 * i, line, 18, font_weight="bold", fill="#1b1b1b"))
    scores = wrap(_scores(pic), 12, width - 2 * edge)
    for i, line in enumerate(scores):
        out.append(text(edge, 28 + 22 * len(status) + 16 * i, line, 12, fill="#4a4740"))
    y = 26.0 + 22 * len(status) + 16 * len(scores)
    table = partial(_rows if narrow else _round_table, pic, where)
    caption = partial(_caption, shown_caption(pic.caption), edge)
    for draw in (caption, table) if narrow else (table, caption):  # on a phone what happens comes first
        svg, y = draw(y, width)
        out.append(svg)
    for note in pic.notes:
        for line in wrap(note, 13, width - 2 * edge - 8):
            out.append(text(edge + 4, y + 16, line, 13, fill="#7a0010"))
            y += 22
    return "".join(out), y + 10


def shown_caption(caption: str) -> str:
    """``caption`` as a picture shows and titles it: cut (…) to :data:`CAPTION_EMS`, so that a
    long comment or name does not make the picture taller than the table."""
    return fit(caption, 1, CAPTION_EMS)


def _caption(caption: str, edge: float, y: float, width: float) -> tuple[str, float]:
    """The caption on its banner (none when there is no caption); the SVG and what is under it."""
    if not caption:
        return "", y
    svg, height = banner(edge, y, width - 2 * edge, caption, 14)
    return svg, y + height + 8


def _round_table(pic: Picture, where: dict[str, int], y: float, width: float) -> tuple[str, float]:
    """The seat across (if any) above the felt, the seats beside it at its sides, the seat
    at the bottom under it; the SVG and what is under it."""
    beside = "left" in where
    table_x = 20 + (_SIDE_W + _GAP if beside else 0)  # a seat's fanned cards clear of the felt's rim
    out, y = _with_top(pic, where, y, width)
    svg, table_h = _felt(pic, table_x, y, width - 2 * table_x, 300.0 if beside else 260.0)
    out.append(svg)
    if beside:
        for sx, place in ((14, "left"), (width - _SIDE_W - 14, "right")):
            out.append(_seat(pic, where[place], sx, y + table_h / 2 - _SEAT_H / 2, _SIDE_W)[0])
    return _with_bottom(pic, where, out, y + table_h + 10, width)


def _rows(pic: Picture, where: dict[str, int], y: float, width: float) -> tuple[str, float]:
    """For a narrow picture: the seat across, then the seats at the left and right side by
    side, then the felt as tall as its cards need, the seat at the bottom under it; the SVG
    and what is under it."""
    out, y = _with_top(pic, where, y, width)
    if "left" in where:
        half = (width - 30) / 2
        seats = [_seat(pic, where[place], sx, y, half) for sx, place in ((10, "left"), (20 + half, "right"))]
        out += [svg for svg, _ in seats]
        y += max(height for _, height in seats) + 6
    svg, table_h = _felt(pic, 10, y, width - 20)
    out.append(svg)
    return _with_bottom(pic, where, out, y + table_h + 10, width)


def _with_top(pic: Picture, where: dict[str, int], y: float, width: float) -> tuple[list[str], float]:
    """The seat across the table at ``y``, if there is one: its SVG and what is under it."""
    if "top" not in where:
        return [], y
    svg, height = _seat(pic, where["top"], width / 2 - 170, y, 340)
    return [svg], y + height + 6


def _with_bottom(pic: Picture, where: dict[str, int], out: list[str], y: float, width: float) -> tuple[str, float]:
    """``out`` and the seat at the bottom at ``y``; the SVG and what is under it."""
    svg, height = _seat(pic, where["bottom"], width / 2 - 170, y, 340)
    return "".join(out) + svg, y + height + 6


def _faces(pic: Picture) -> set[int]:
    pos = pic.position
    faces = set(cards_of(pos.table))
    for seat, hand in enumerate(pos.hands):
        if pic.viewer is None or pic.viewer == seat:
            if isinstance(hand, Partial):
                faces.update(cards_of(hand.known))
            elif hand is not None:
                faces.update(cards_of(hand))
    return faces


def position_words(pic: Picture) -> str:
    """What the picture shows, in words for those who cannot see it (its ``<desc>``): the
    deal, who is to play, the table, each seat's hand and pile, the stock; cards as ``ace of
    hearts``. Its sentences are pieces the replay page packs (:mod:`.packed`): a hand unchanged
    from the step before is a sentence unchanged."""
    pos, names = pic.position, names_isolated(pic.names)
    loose = "".join(listed([card_words(c) for c in cards_of(pos.loose)]))
    builds = [
        f"{b.value}-build of {seat_words(names, b.owner)}: {build_cards(pos.rules, b.cards, b.value, card_words)}"
        for b in pos.builds
    ]
    table = "; ".join([loose, *builds] if loose else builds) or "empty"
    to_play = [] if pos.turn is None else [f"To play: {seat_words(names, pos.turn)}"]
    seats = [_seat_words(pic._replace(names=names), seat) for seat in range(pos.rules.players)]
    stock = f"Stock: {plural(pos.stock_count, 'card')}."
    return ". ".join([_status(pos), *to_play, f"On the table: {table}", *seats, stock])


def _seat_words(pic: Picture, seat: int) -> str:
    """``Ana (seat 0), the dealer, holds 5 of spades and 9 of clubs; 2 cards taken``."""
    pos = pic.position
    cards = _hand_cards(pos, seat, pic.viewer is None or pic.viewer == seat)
    if cards is None:
        held = "holds unknown cards"
    else:
        backs = cards.count(None)
        faces = [card_words(c) for c in cards if c is not None] + (
            [f"{plural(backs, 'card')} face down"] if backs else []
        )
        held = "holds " + "".join(listed(faces)) if faces else "holds no cards"
    dealer = ", the dealer," if pos.dealer == seat else ""
    return f"{seat_words(pic.names, seat)}{dealer} {held}; {' '.join(_pile_lines(pos, seat, math.inf))}"


def position_svg(pic: Picture) -> str:
    """A standalone SVG document of the picture."""
    body, height = picture_body(pic)
    title = shown_caption(pic.caption) or _status(pic.position)
    return document(WIDTH, height, body, title, _faces(pic), back=True, desc=position_words(pic))


def position_frame(pic: Picture, width: float = WIDTH) -> str:
    """The picture ``width`` wide as an inline SVG using a page's shared card symbols."""
    body, height = picture_body(pic, width)
    title = shown_caption(pic.caption) or _status(pic.position)
    return frame(width, height, body, title, "wide" if width >= WIDTH else "narrow", position_words(pic))


def _shown_step(step: Step) -> Step:
    """A step with its record's comment made visible."""
    return step._replace(comment=visible(step.comment)) if step.comment else step


def move_picture(
    before: Position, step: Step, names: Sequence[str] | None, prefix: str = "", notes: Sequence[str] = ()
) -> Picture:
    """The position a move was played from, the move ringed and told in the caption."""
    words = describe(_shown_step(step), card_name, tuple(map(named, names)) if names else None, before)
    return Picture(before, names, step.move, prefix + words, None, notes)


def frame_text(frame: Frame, record: Record) -> str:
    """What happens at a frame in words (:func:`.frames.frame_words`) for a picture: the names
    :func:`.svg.named`, the record's comments and the referee's words :func:`visible`."""
    event = frame.event
    if isinstance(event, Finding):
        frame = frame._replace(event=event._replace(message=visible(event.message)))
    elif isinstance(event, Step):
        frame = frame._replace(event=_shown_step(event))
    return frame_words(frame, record._replace(players=names_isolated(record.players)), card_name)


def frame_picture(frame: Frame, names: Sequence[str] | None, words: str) -> Picture:
    """A replay's frame (``words``: its :func:`frame_text`): a move, or a disputed one (a note
    the referee could not settle: an unsettled one), on the position it was played from."""
    if isinstance(frame.event, Finding):
        said = "unsettled: " if frame.event.unchecked else "disputed: "
        return Picture(frame.before or frame.position, names, frame.move, said + words)
    if isinstance(frame.event, Step) and frame.before is not None:
        return Picture(frame.before, names, frame.move, f"hand {frame.hand}, move {frame.number}: {words}")
    return Picture(frame.position, names, None, words)
