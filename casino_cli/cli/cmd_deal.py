"""``casino deal``: the position at the start of a seeded hand, or a record skeleton."""

from __future__ import annotations

import secrets

from ..engine import SHUFFLE, dealer_for_hand, seeded_deck, start_position
from ..engine.deal import MAX_SEED_BYTES
from ..notation.fields import dumps
from ..notation.position import rules_json
from .common import print_position, rules_from_options
from .output import USAGE, Fail, Format, resolve_format, say, write_line


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
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    if seed is None:
        seed = secrets.token_hex(6)
        say(f"seed: {seed}")
    if len(seed.encode("utf-8")) > MAX_SEED_BYTES:
        raise Fail(USAGE, f"a seed is at most {MAX_SEED_BYTES} bytes")
    first_dealer = rules.players - 1 if dealer is None else dealer
    if first_dealer not in range(rules.players):
        raise Fail(USAGE, f"--dealer must be a seat from 0 to {rules.players - 1}")
    fmt = resolve_format(fmt)
    if record:
        if hand != 1:
            raise Fail(USAGE, "--record starts a game at hand 1; leave out --hand")
        doc = {
            "format": "casino.record/1",
            "rules": rules_json(rules),
            "seed": seed,
            "shuffle": SHUFFLE,
            "hands": [{"dealer": first_dealer, "moves": []}],
        }
        write_line(dumps(doc))
        return
    pos = start_position(rules, seeded_deck(seed, hand), dealer_for_hand(first_dealer, hand, rules.players))
    print_position(pos, fmt, svg)
