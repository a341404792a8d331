"""Positions and records that are valid but extreme, fed to the commands that take them:
each is answered, never with an internal error."""

from __future__ import annotations

import orjson
from inproc import cli

from casino_cli.engine import make_rules, seeded_deck, start_position
from casino_cli.notation.position import position_json


def _position(**fields: object) -> bytes:
    """The seeded deal of 7 (classic, 2 players) with ``fields`` replaced, as JSON."""
    pos = position_json(start_position(make_rules("classic", 2), seeded_deck("7"), 1))
    return orjson.dumps({**pos, **fields})


def test_hint_values_a_position_whose_piles_are_counted_as_empty():
    """``"captured": [0, 0]``: both piles given as counts, of no card (a hand's start told
    without its piles' cards) — the hint ranks the four trails; it was an internal error."""
    done = cli("hint", "-", "-f", "json", stdin=_position(captured=[0, 0]))
    assert done.returncode == 0, done.stderr
    assert sorted(m["move"] for m in orjson.loads(done.stdout)["moves"]) == ["2C", "4C", "JD", "KD"]
