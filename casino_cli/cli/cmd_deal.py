"""``casino deal``: the position at the start of a seeded hand, or a record skeleton."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CardError, card_code, parse_card
from ..engine import SHUFFLE, dealer_for_hand, seeded_deck, start_position
from ..engine.rules import Rules
from ..notation.fields import dumps
from ..notation.position import rules_json
from .common import print_position, rules_from_options, save_picture, seed_or_random
from .output import USAGE, Fail, Format, resolve_format, utf8_argument, write_line
from .picture_files import check_target


def run_deal(
    seed: str | None,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    dealer: int | None,
    hand: int,
    record: bool,
    fmt: Format | None,
    svg: str | None = None,
    table: Sequence[str] | None = None,
    names: str | None = None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    if (table or names) and not record:
        raise Fail(USAGE, "--table and --names go with --record")
    if svg is not None and record:
        raise Fail(USAGE, "--svg draws the dealt position; leave it out with --record")
    check_target(svg, [])
    first_dealer = rules.players - 1 if dealer is None else dealer
    if first_dealer not in range(rules.players):
        raise Fail(USAGE, f"--dealer must be a seat from 0 to {rules.players - 1}")
    if hand >= 2**63:  # as the seeded deck's hand numbers go
        raise Fail(USAGE, f"--hand is below 2**63, not {hand}")
    if record and hand != 1:
        raise Fail(USAGE, "--record starts a game at hand 1; leave out --hand")
    seat_names = None if names is None else _names(names, rules)
    cards = None if table is None else _table(table)
    if record and table:
        if seed is not None:
            raise Fail(USAGE, "--table starts a game played at a real table: leave out --seed")
        seed = ""
    else:
        seed = seed_or_random(seed)  # said once the options are known to be right
    fmt = resolve_format(fmt)
    if record:
        write_record(_skeleton(rules, seed, first_dealer, cards, seat_names), fmt)
        return
    pos = start_position(rules, seeded_deck(seed, hand), dealer_for_hand(rules, first_dealer, hand))
    print_position(pos, fmt)
    if svg is not None:
        from ..pictures.table import Picture
        from ..records.shown import visible

        save_picture(svg, Picture(pos, caption=f"seed {visible(seed)}, hand {hand}"))


def _names(names: str, rules: Rules) -> list[str]:
    """--names: one name a seat, comma-separated."""
    players = [n.strip() for n in utf8_argument(names).split(",")]
    if len(players) != rules.players or not all(players):
        raise Fail(USAGE, f"--names takes {rules.players} names, comma-separated")
    return players


def _table(table: Sequence[str]) -> list[str]:
    """--table: the 4 table cards of a real table, as codes."""
    try:
        cards = [card_code(parse_card(c)) for c in table]
    except CardError as exc:
        raise Fail(USAGE, f"--table: {exc}") from None
    if len(set(cards)) != 4:
        raise Fail(USAGE, "--table takes 4 different cards")
    return cards


def _skeleton(
    rules: Rules, seed: str, dealer: int, table: list[str] | None, players: list[str] | None
) -> dict[str, Any]:
    """A record of one hand with no moves yet: seeded, or from the table cards of a real table."""
    doc: dict[str, Any] = {"format": "casino.record/1", "rules": rules_json(rules)}
    if players is not None:
        doc["players"] = players
    if table is None:
        doc.update(seed=seed, shuffle=SHUFFLE)
        doc["hands"] = [{"dealer": dealer, "moves": []}]
        return doc
    doc["hands"] = [{"dealer": dealer, "table": table, "moves": []}]
    return doc


def write_record(doc: dict[str, Any], fmt: Format) -> None:
    """A record as casino text (--format text or pretty) or as one line of JSON."""
    if fmt in (Format.text, Format.pretty):
        from ..notation.text_record import write_text  # here: a position's deal need not load it

        write_line(write_text(doc).removesuffix("\n").encode())  # a document: UTF-8
    else:
        write_line(dumps(doc))
