"""Positions and records that are valid but extreme, fed to the commands that take them:
each is answered, never with an internal error."""

from __future__ import annotations

from pathlib import Path

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


SWEEPS = Path(__file__).resolve().parent.parent / "fixtures" / "records" / "sweeps-every-other-move.json"


def _sweeps_game(hands: int, **rules: object) -> bytes:
    """The hand of SWEEPS (seat 1 trails each card, the seat playing first sweeps it: 24
    sweeps) played ``hands`` times, the deal passing each hand, under ``rules``."""
    record = orjson.loads(SWEEPS.read_bytes())
    (hand,) = record["hands"]
    later = [{"deck": hand["deck"], "moves": hand["moves"]}] * (hands - 1)
    return orjson.dumps({**record, "rules": {**record["rules"], **rules}, "hands": [hand, *later]})


def test_a_hand_of_24_sweeps_scores_35_and_the_ladder_takes_no_sweeps_from_its_rungs():
    """The most a hand can score: every item and 24 sweeps. On the ladder (target 38) both
    sides stand on 35 (t-3) after two hands, and the third is won by most cards with no
    sweeps counted (P3): 11 points."""
    done = cli("score", "-", "-f", "text", stdin=_sweeps_game(1))
    assert done.returncode == 0, done.stderr
    assert "hand 1: points 35–0" in done.stdout.decode() and "24 sweeps" in done.stdout.decode()
    done = cli("score", "-", "-f", "json", stdin=_sweeps_game(3, endgame="ladder", target=38))
    assert done.returncode == 0, done.stderr
    score = orjson.loads(done.stdout)
    assert [h["points"] for h in score["hands"]] == [[35, 0], [0, 35], [11, 0]]
    assert score["scores"] == [46, 35] and score["winner"] == 0
