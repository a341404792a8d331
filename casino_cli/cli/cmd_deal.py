"""``casino deal``: the position at the start of a seeded hand, or a record skeleton."""

from __future__ import annotations

from ..engine import SHUFFLE, dealer_for_hand, seeded_deck, start_position
from ..notation.fields import dumps
from ..notation.position import rules_json
from .common import print_position, rules_from_options, save_picture, seed_or_random
from .output import USAGE, Fail, resolve_format, write_line


def run_deal(seed, variant, players, partnerships, options, dealer, hand, record, fmt, svg=None) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    seed = seed_or_random(seed)
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
    print_position(pos, fmt)
    if svg is not None:
        from ..pictures.table import Picture

        save_picture(svg, Picture(pos, caption=f"seed {seed}, hand {hand}"))
