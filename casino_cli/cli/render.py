"""Pretty output for people (rich): cards with suit symbols, the board, move lists, the score sheet.

Imported only on paths that print for people, so rich never slows the JSON paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import cards_of, suit
from ..engine import Move, MoveFacts, Position, Unseen
from ..engine.position import build_groups, known_cards, seat_size
from ..engine.rules import Rules
from ..errors import plural
from ..records.describe import card_name, clear_words, item_words, listed, named_reason, nobody_words, side_names
from ..records.scoresheet import hand_notes, scores_before
from .output import hanging
from .plain import moves_title, sheet_lines, sweep_words

_STYLES = ("bold", "bold red", "bold red", "bold")


def card_text(card: int) -> Text:
    """One card as rank and suit symbol, red for hearts and diamonds."""
    return Text(card_name(card), style=_STYLES[suit(card)])


def cards_text(mask_or_cards: int | Iterable[int], empty: str = "—") -> Text:
    """Several cards separated by spaces (a mask, or a sequence of cards)."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


NARROW = 60  # columns under which the board is drawn narrow (:class:`Board`)
WIDE = 80  # columns from which it is drawn wide whatever the names


def position_view(pos: Position, viewer: int | None = None, names: tuple[str, ...] | None = None) -> Board:
    """The table, the builds, each seat's hand and pile, the stock, the dealer, the
    partnerships (which named seats make each) and the scores; ``names`` names the seats; with a ``viewer``
    seat, the other hands show only how many cards they hold."""
    return Board(pos, viewer, names)


class Board:
    """The board of :func:`position_view`, drawn for the width it is given: wide, a row per
    fact, each labelled, names in full; under 60 columns (and under 80 where a seat's label
    with its name would take more than a third of the screen), narrow (:meth:`narrow`)."""

    def __init__(self, pos: Position, viewer: int | None, names: tuple[str, ...] | None):
        self.pos, self.viewer, self.names = pos, viewer, names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[RenderableType]:
        width = options.max_width
        longest = max(cell_len(self._label(seat, "▶ ")) for seat in range(self.pos.rules.players))
        narrow = width < NARROW or (width < WIDE and longest > width // 3)  # the same for every step of a game
        yield self.narrow(width) if narrow else self.wide(width)

    def _label(self, seat: int, marker: str) -> str:
        """A seat's label on the wide board: "▶ seat 0 Ana (you)"."""
        return f"{marker}{self._seat_named(seat)}{self._yours(seat)}"

    def _yours(self, seat: int, room: int | None = None) -> str:
        """What a seat is to the viewer: " (you)", " (partner)" at 4 players in partnerships, else "";
        on a narrow label of ``room`` cells, the partner's only where its name stays whole
        (the scores' row pairs the names too)."""
        if self.viewer is None:
            return ""
        if seat == self.viewer:
            return " (you)"
        side_of, partner = self.pos.rules.side_of, " (partner)"
        if not self.pos.rules.partnerships or side_of(seat) != side_of(self.viewer):
            return ""
        name = f" {self.names[seat]}" if self.names else ""
        return partner if room is None or cell_len(f"▶ {seat}{name}{partner}") <= room else ""

    def _seat_named(self, seat: int) -> str:
        """A seat as the wide board names it: "seat 3 Dan" (its row's label), "seat 3" unnamed."""
        return f"seat {seat} {self.names[seat]}" if self.names else f"seat {seat}"

    def _status(self, seat_words: Callable[[int], str], room: int = 0) -> Text:
        """The rule set and where the hand is: "classic, 2 players — deal 1 of 6, seat 0 to play";
        where that is wider than ``room`` (if given), where the hand is on a line of its own."""
        pos, rules = self.pos, self.pos.rules
        status = (
            "hand finished"
            if pos.turn is None
            else (
                f"deal {pos.deal} of {rules.deals_per_hand}"
                f"{' (the last)' if pos.last_deal else ''}, {seat_words(pos.turn)} to play"
            )
        )
        words = f"{rule_set_words(rules)} — {status}"
        return Text(words.replace(" — ", " —\n") if room and cell_len(words) > room else words, style="bold")

    def _seat(self, seat: int, gap: str) -> Text:
        """A seat's hand (the others' as counts where there is a viewer) and its pile."""
        pos = self.pos
        pile = pos.captured[seat]
        taken = f"{pile.count} taken" if isinstance(pile, Unseen) else f"{pile.bit_count()} taken"
        sweeps = f", {sweep_words(pos.sweeps[seat], pos.rules.sweeps)}" if pos.sweeps[seat] else ""
        return Text.assemble(hand_text(pos, seat, self.viewer), f"{gap}[{taken}{sweeps}]")

    def _builds(self, owner: Callable[[int], str]) -> list[tuple[str, Text]]:
        """Each build's label, cards and ``owner``: ("build 9", "9♥ and 2♥+3♥+4♦  (multiple, seat 3 Dan)")."""
        rules = self.pos.rules
        return [
            (
                f"build {b.value}",
                Text.assemble(
                    groups_text(rules, b.cards, b.value),
                    f"  ({'single' if b.single else 'multiple'}, {owner(b.owner)})",
                ),
            )
            for b in self.pos.builds
        ]

    def wide(self, width: int) -> Table:
        """A row per fact, each labelled: seats, the dealer, the seat to play, the builds'
        owners and the sides named in full, the game's and the sides' rows broken between
        their parts where ``width`` is too narrow for them."""
        from ..records.describe import seat_words, side_name, side_names, side_seats

        pos, rules, players = self.pos, self.pos.rules, self.names
        builds = self._builds(self._seat_named)
        seats = [self._label(seat, "▶ " if seat == pos.turn else "") for seat in range(rules.players)]
        labels = [*seats, *(label for label, _ in builds), "dealer"]  # the longest of the others
        room = width - max(map(cell_len, labels)) - 4  # the values' column: the table's padding takes 4 cells
        grid = Table(show_header=False, box=None, padding=(0, 1))
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column(overflow="fold")  # a word too long for a narrow screen folds, never cut short
        grid.add_row("game", self._status(lambda seat: seat_words(players, seat), room))
        grid.add_row("table", cards_text(pos.loose))
        for label, build in builds:
            grid.add_row(label, build)
        for seat, label in enumerate(seats):
            grid.add_row(Text(label), self._seat(seat, "   "))
        grid.add_row("stock", f"{pos.stock_count} cards")
        grid.add_row("dealer", Text(seat_words(players, pos.dealer)))
        if rules.partnerships and players:  # who plays with whom (the scores name partnerships by their players)
            sides = [f"{side_name(rules, players, s)} ({side_seats(rules, s)})" for s in range(rules.sides)]
            grid.add_row("sides", Text("\n".join(pack(sides, room, comma=False))))  # names: never markup
        scores = [f"{label}: {v}" for label, v in zip(side_names(rules, players), pos.scores)]
        scores[-1] += " (before this hand)" if pos.finished else ""  # the hand's own: its sheet
        grid.add_row("scores", Text("\n".join(pack(scores, room, comma=False))))
        return grid

    def narrow(self, width: int) -> Group:
        """The game's line across the screen (where the hand is on a line of its own where
        it is wider), then a row per fact with labels of at most
        about a quarter of it: a seat's is ``▶ seat 0`` where that fits, else ``▶ 0`` and its
        name cut to fit (``Maximil…``); the seat to play, the dealer and a build's owner by seat
        alone (their names are on their rows), the stock and the dealer on one row, the sides beside their
        scores, named as on the wide board where every name is whole on its row, else by seats."""
        from ..records.describe import side_names

        pos, rules = self.pos, self.pos.rules
        room = max(10, width // 4 + 2)  # the labels' column at most
        wide = all(cell_len(self._label(seat, "▶ ")) <= room for seat in range(rules.players))
        grid = Table(show_header=False, box=None, padding=(0, 2, 0, 0), pad_edge=False)
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row("table", cards_text(pos.loose))
        for label, build in self._builds(lambda seat: f"seat {seat}"):
            grid.add_row(label, build)
        for seat in range(rules.players):
            marker = "▶ " if seat == pos.turn else "  "
            who = Text(self._label(seat, marker)) if wide else self._short(seat, marker, room)  # names: never markup
            grid.add_row(who, self._seat(seat, "  "))
        grid.add_row("stock", f"{pos.stock_count} cards · dealer: seat {pos.dealer}")
        whole = wide or all(
            cell_len(f" {name}") <= self._room(seat, room) for seat, name in enumerate(self.names or ())
        )
        sides = side_names(rules, self.names if whole else None)
        scores = [f"{side}: {v}" for side, v in zip(sides, pos.scores)]
        lines = pack(scores, width - room - 2)
        if pos.finished:  # the hand's own: its sheet
            before = "(before this hand)"
            fits = cell_len(lines[-1]) + 1 + len(before) <= width - room - 2
            lines[-1:] = [f"{lines[-1]} {before}"] if fits else [lines[-1], before]
        grid.add_row("scores", Text("\n".join(lines)))
        return Group(self._status(lambda seat: f"seat {seat}", width), grid)

    def _short(self, seat: int, marker: str, room: int) -> Text:
        """A seat's narrow label: ``▶ 0 Maximil…``, the name cut to the labels' ``room``."""
        you = self._yours(seat, room)
        label = f"{marker}{seat}"
        name = f" {self.names[seat]}" if self.names and self.names[seat] else ""
        fit = self._room(seat, room)
        if cell_len(name) > fit:
            name = set_cell_size(name, fit - 1).rstrip() + "…"
        return Text(label + name + you)

    def _room(self, seat: int, room: int) -> int:
        """The cells a seat's name has on its narrow label (``▶ 0`` and ``(you)`` beside it)."""
        you = self._yours(seat, room)
        return max(3, room - cell_len(f"▶ {seat}{you}"))


def hand_text(pos: Position, seat: int, viewer: int | None = None) -> Text:
    """A seat's hand: its cards; ``4♠ + 3 unknown`` known in part, ``3 unknown cards`` not at
    all (a hand left out holds as many as the turn order gives it), ``unknown`` when not even
    its size is known; to a ``viewer`` another seat's hand is ``▮▮▮ 3 cards``."""
    size = seat_size(pos, seat)
    if size is None:
        return Text("unknown", style="dim")
    if viewer is not None and seat != viewer:
        return Text(f"{'▮' * size + ' ' if size else ''}{plural(size, 'card')}", style="dim")
    known = known_cards(pos.hands[seat])
    unseen = size - known.bit_count()
    if not unseen:
        return cards_text(known)
    if not known:
        return Text(plural(unseen, "unknown card"), style="dim")
    return Text.assemble(cards_text(known), (f" + {unseen} unknown", "dim"))


def groups_text(rules: Rules, cards: int, value: int) -> Text:
    """A build's cards; a multiple build's in its groups: "2♣+4♦ and 3♠+3♣"."""
    groups = build_groups(rules, cards, value) or ()
    if len(groups) < 2:
        return cards_text(cards)
    return Text.assemble(*listed([Text("+").join(map(card_text, cards_of(g))) for g in groups]))


def moves_view(moves: Sequence[Move], facts: Sequence[MoveFacts], truncated: bool, rules: Rules) -> MovesTable:
    """A numbered list of moves with what each does (a multiple build with its groups)."""
    title = moves_title(moves, truncated)
    rows = [
        (str(i), move.text(), card_text(move.card), does_text(move, fact, rules))
        for i, (move, fact) in enumerate(zip(moves, facts), 1)
    ]
    return MovesTable(("#", "move", "card", "does"), rows, title=title)


_NUMBERS = ("#", "hand", "number", "points", "±", "lost")  # right-aligned, never wrapped
_FOLDED = ("move", "does", "played", "better")  # folded onto more lines where the screen is narrow
_FOLD_ROOM = 5  # the narrowest a folded column is let become
_SPARED = ("card", "does")  # what a narrow screen leaves out first: the move's card, then what it does


def _heading(name: str, ascii_only: bool = False) -> str:
    """A column's heading: a column of move numbers is headed ``move``, and ± is ``+-``
    where the output writes ASCII only (an ASCII or Latin-1 locale)."""
    if name == "number":
        return "move"
    return "+-" if name == "±" and ascii_only else name


class MovesTable:
    """A table of moves that keeps its sense on a narrow screen: a move, or what it does,
    folds onto more lines, and a number or a card keeps its width, never cut short (two
    moves cut alike, ``8Sx2D+3H+5C+…``, or two values, ``-1.…``, could not be told apart);
    where even that does not fit, the columns that repeat the move (its card, then what it
    does) are left out, and where that is not enough either, each row is a line of its own
    (``hand 1 · move 41 · played …``). ``number`` is a column of move numbers headed ``move``."""

    def __init__(self, names: Sequence[str], rows: Sequence[Sequence[str | Text]], title: str | None = None):
        self.names, self.rows, self.title = list(names), rows, title
        headings = [_heading(n, ascii_only=True) for n in names]  # the wider, where ± is +-
        widest = [max([cell_len(h), *(cell_len(str(row[i])) for row in rows)]) for i, h in enumerate(headings)]
        # the least width of each column: a folded one at its narrowest, the others whole
        self.least = {n: min(_FOLD_ROOM, w) if n in _FOLDED else w for n, w in zip(names, widest)}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[RenderableType]:
        keep = list(self.names)
        for spared in _SPARED:
            if self._width(keep) <= options.max_width or spared not in keep:
                break
            keep.remove(spared)
        if self._width(keep) > options.max_width:
            yield from self._lines()
            return
        table = Table(title=self.title)
        for name in keep:
            table.add_column(
                _heading(name, options.ascii_only),
                justify="right" if name in _NUMBERS else "left",
                no_wrap=name not in _FOLDED,
                overflow="fold",
                min_width=self.least[name] if name in _FOLDED else None,
                style="dim" if name == "#" else None,
            )
        at = [self.names.index(name) for name in keep]
        for row in self.rows:
            table.add_row(*(row[i] for i in at))
        yield table

    def _lines(self) -> Iterable[Text]:
        """Each row as a line of its own: ``1. move 4C · card 4♣ · does trails``."""
        if self.title:
            yield Text(self.title, style="italic")
        for row in self.rows:
            cells = dict(zip(self.names, row))
            lead = Text(f"{cells.pop('#')}. ") if "#" in cells else Text()
            yield lead + Text(" · ").join(Text.assemble(f"{_heading(n)} ", c) for n, c in cells.items())

    def _width(self, names: list[str]) -> int:
        """The width a table of these columns needs at the least: each column's least width,
        and a border and a space each side of each cell."""
        return 1 + sum(3 + self.least[n] for n in names)


def does_text(move: Move, fact: MoveFacts, rules: Rules) -> Text:
    """What a move does: "takes 2♦ 10♣", "builds 9 with 2♦", "builds 14 as 2♦+Q♠ and
    4♥+10♣ (multiple)", "trails"."""
    if move.type == "capture":
        return Text.assemble("takes ", cards_text(move.cards), (clear_words(rules.sweeps) if fact.sweep else ""))
    if move.type == "trail":
        return Text("trails")
    what = {"new": "builds", "raise": "raises to", "add": "adds to"}[fact.kind]
    if fact.multiple:  # its groups hold the played card and every table card it uses
        groups = groups_text(rules, move.cards | 1 << move.card, move.value)
        return Text.assemble(f"{what} {move.value} as ", groups, " (multiple)")
    return Text.assemble(f"{what} {move.value} with ", cards_text(move.cards))


def compact_moves_view(moves: Sequence[Move], truncated: bool, width: int, lines: int | None = None) -> Group:
    """The moves as numbered notation only, in as many columns as ``width`` holds (read down
    each column): for a screen too short for :func:`moves_view`. In at most ``lines`` lines
    (its title's included) where given: moves that need more are shown from the first, as
    many as fit, and the title says how many of them are there (every number still plays)."""
    entries = [Text.assemble((f"{i:>{len(str(len(moves)))}} ", "dim"), move.text()) for i, move in enumerate(moves, 1)]
    rows = next(
        (r for r in range(1, len(entries)) if _columns_width(entries, r) <= width), max(1, len(entries))
    )  # the fewest rows whose columns, each as wide as its own widest move, fit the width
    title = moves_title(moves, truncated)
    if lines is not None and rows >= lines:  # more than the room under the title
        rows = max(1, lines - 1)
        fit = (c for c in range(len(entries) // rows, 0, -1) if _columns_width(entries[: rows * c], rows) <= width)
        entries = entries[: rows * next(fit, 1)]
        title += f", 1 to {len(entries)} here · l: all"
    else:
        title += " · l: what each does"
    columns = -(-len(entries) // rows)
    grid = Table.grid(padding=(0, 3, 0, 0))
    for _ in range(columns):
        grid.add_column(no_wrap=True)
    for row in range(rows):
        grid.add_row(*(entries[i] if i < len(entries) else "" for i in range(row, row + rows * columns, rows)))
    return Group(Text(title, style="italic"), grid)  # a title as wide as the screen


def _columns_width(entries: Sequence[Text], rows: int) -> int:
    """The width of ``entries`` read down columns of ``rows``, 3 spaces between columns."""
    return sum(max(e.cell_len for e in entries[i : i + rows]) + 3 for i in range(0, len(entries), rows)) - 3


def rule_set_words(rules: Rules) -> str:
    """The rule set for people: ``royal, 4 players in partnerships (target=11)``, with the
    options that differ from its preset."""
    words = f"{rules.variant}, {rules.players} players" + (" in partnerships" if rules.partnerships else "")
    return words + (f" ({', '.join(rules.option_words())})" if rules.option_words() else "")


def score_view(
    sheet: dict[str, Any],
    rules: Rules,
    sides: list[str] | None = None,
    ending: str = "the game goes on",
    before: Sequence[int] | None = None,
) -> ScoreSheet:
    """A score sheet of a game under ``rules``: one row per hand and side (named by ``sides``)
    with the items won (where sweeps do not score, the column counts the times a side
    cleared the table), the items nobody won, why sweeps made scored nothing (P3) and why
    points were capped (G3, from ``before``, the score before the first hand: 0s when None),
    drawn for the width the screen gives it; under it the winner, or ``ending`` when none."""
    return ScoreSheet(sheet, rules, sides, ending, before)


class ScoreSheet:
    """The sheet of :func:`score_view` as a table built at the width it is drawn in: each
    side's items won packed into lines that break between items, never inside one
    (``Little Casino 1`` is never split over two lines)."""

    def __init__(
        self, sheet: dict[str, Any], rules: Rules, sides: list[str] | None, ending: str, before: Sequence[int] | None
    ):
        self.sheet, self.rules, self.ending, self.before = sheet, rules, ending, before
        self.labels = sides or side_names(rules, None)
        self.title = f"score: {rule_set_words(rules)}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[RenderableType]:
        yield self.drawn(options.max_width)

    def drawn(self, width: int) -> RenderableType:
        """The sheet for a screen ``width`` cells wide: the items won in a column where it
        fits them; on a narrower screen, in lines under the table; on one too narrow for the
        table's numbers, all in lines (:meth:`_lines`); with no hand finished, the result alone."""
        sheet = self.sheet
        if not sheet["hands"]:  # a record stopped in its first hand: no table of nothing
            return Group(Text(self.title, style="bold"), Text(f"result: {self.ending}"))
        sweeps = "sweeps" if self.rules.sweeps else "cleared"
        names = ("hand", "side", "cards", "spades", sweeps, "points", "game")
        rows = self._rows()
        cells = [[number, side, *numbers] for number, side, numbers, _ in rows if side is not None]
        widths = [max(cell_len(n), *(cell_len(row[i]) for row in cells)) for i, n in enumerate(names)]
        if sum(w + 3 for w in widths) + 1 > width:  # not even the numbers fit: rich would cut them to "ca…"
            return self._lines(width)
        room = width - sum(w + 3 for w in widths) - 4  # a column pads a cell 1 each side, plus its border
        column = room > max((cell_len(i) for _, side, _, items in rows if side is not None for i in items), default=0)
        table = Table(title=self.title)
        for name in names[:5] + ("items won",) * column + names[5:]:
            table.add_column(name, justify="left" if name == "items won" else "right")
        lines: list[Text] = []
        shown = ""  # the hand whose number the table shows already
        for number, side, numbers, items in rows:
            first = "" if number == shown else number
            if column and side is None:  # a note (an item nobody won, points not counted): words that may wrap
                table.add_row("", "", "", "", "", Text(items[0], style="dim"), "", "")
            elif column and side is not None:
                won = Text("\n".join(pack(items, room)) or "—")
                table.add_row(first, Text(side), *numbers[:3], won, *numbers[3:])  # a name is never markup
            elif side is None:  # a note in words, going on indented where it is too long, as the items do
                note = f"hand {number}, {items[0]}" if number else items[0]
                lines.append(Text(hanging("", note, width, indent="  "), style="dim"))
            else:
                lead = f"{'hand ' + number + ', ' if number else ''}{side}:"
                lines.append(Text("\n".join(pack(items or ["—"], width, lead))))
                table.add_row(first, Text(side), *numbers)
            shown = number
        reason = named_reason(sheet.get("reason", ""), self.labels)
        if sheet["winner"] is not None:
            winner = self.labels[sheet["winner"]]
            table.caption = Text(f"{winner} win{'' if ' & ' in winner else 's'}: {reason}", style="table.caption")
        else:
            table.caption = self.ending + (f" ({reason})" if reason else "")
        return table if column else Group(table, Text("items won", style="bold"), *lines)

    def _rows(self) -> list[tuple[str, str | None, list[str], list[str]]]:
        """Per hand, a row per side (hand, side, its numbers, its items won), then a row per
        note of the hand (side None: an item nobody won, why points did not count)."""
        sheet = self.sheet
        rows: list[tuple[str, str | None, list[str], list[str]]] = []
        for hand, before in zip(sheet["hands"], scores_before(sheet, self.before)):
            number = str(hand["hand"] or "")
            for index, s in enumerate(hand["sides"]):
                numbers = [str(s[key]) for key in ("cards", "spades", "sweeps", "points")] + [
                    str(hand["scores"][index])
                ]
                items = [item_words(k, v) for k, v in s["items"].items()]
                rows.append((number, self.labels[index], numbers, items))
            notes = [nobody_words(item, why) for item, why in hand["unwon"].items()]
            notes += hand_notes(hand, before, self.rules, self.labels)
            rows += [(number, None, [], [note]) for note in notes]
        return rows

    def _lines(self, width: int) -> Group:
        """The sheet as ``--format text`` writes it, for a screen too narrow for its table:
        a line too long goes on, indented, broken between items (never inside one). A name
        is never markup."""
        lines = [Text(self.title, style="bold")]
        for line in sheet_lines(self.sheet, self.rules, self.labels, self.ending, self.before):
            indent = len(line) - len(line.lstrip())
            lead, _, rest = line.lstrip().partition(": ")  # "hand 1", a side, "result"
            lines += [Text(" " * indent + part) for part in pack(rest.split(", "), width - indent, f"{lead}:")]
        return Group(*lines)


def pack(items: Sequence[str], width: int, lead: str = "", comma: bool = True) -> list[str]:
    """``items`` joined by commas (or, not ``comma``, two spaces) into lines of at most ``width``
    cells, broken only between items (an item wider than that has a line of its own); after
    a ``lead``, the lines that follow it are indented."""
    lines = [lead] if lead else []
    mark, joint = ("", "  ") if not comma else (",", " ")
    for i, item in enumerate(items):
        piece = item + mark * (i < len(items) - 1)
        if lines and cell_len(lines[-1]) + len(joint) + cell_len(piece) <= width:
            lines[-1] += joint + piece
        else:
            lines.append("  " * bool(lead) + piece)
    return lines
