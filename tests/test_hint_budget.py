"""The work budget of hints and reviews: a crowded table is valued in counted work, and says
what was cut; a position of play, which needs far less, is valued exactly as before."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest
from inproc import cli

from casino_cli.engine import apply_move, legal_moves, listing
from casino_cli.engine.listing import DEFAULT_BUDGET
from casino_cli.engine.search import MIN_WORLDS, STEPS, TooManyNodes, analyse, analysed_worlds, solve_moves
from casino_cli.engine.views import observe
from casino_cli.notation.position import read_position

ROOT = Path(__file__).resolve().parent.parent
CROWDED = ROOT / "fixtures" / "docs" / "crowded.json"

# The solver's steps and the playouts' each, and what may run past them: a listing of the
# solver's and two playouts (a move's fewest worlds) of at most 8 listings each.
BOUND = 2 * STEPS + 17 * DEFAULT_BUDGET


class _Counted:
    """``listing._keep`` counting the candidate moves the listings generate (each is a step
    of a listing's work), stopping the test once they pass BOUND."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.candidates = 0
        self.real = listing._keep
        monkeypatch.setattr(listing, "_keep", self)

    def __call__(self, found: list[object], steps: int, key: object) -> tuple[int, bool]:
        self.candidates += len(found)
        assert self.candidates <= BOUND, f"more than {BOUND} candidate moves: the hint's work is not bounded"
        return self.real(found, steps, key)


@pytest.mark.pure_engine(
    "counts the listings' work by replacing listing._keep, which the compiled listing calls directly"
)
def test_a_crowded_table_is_hinted_in_counted_work_and_says_what_was_cut(monkeypatch):
    """fixtures/docs/crowded.json, bench/crowded.py's royal last deal of 30 loose cards and
    two builds: 12 moves listed (truncated), each listing after a move 100,000 steps, so
    the hint took minutes before its budget; now its listings' work is counted and bounded
    (a hint and a review value a move alike: ``analyse``), and the hint says what it cut."""
    counted = _Counted(monkeypatch)
    out = cli("hint", str(CROWDED), "--format", "json")
    assert out.returncode == 0, out.stderr
    assert 0 < counted.candidates <= BOUND
    hint = orjson.loads(out.stdout)
    moves = hint["moves"]
    assert hint["budget_reached"] is True and not hint["exact"] and hint["truncated"]
    valued = [m for m in moves if m["value"] is not None]
    unvalued = moves[len(valued) :]
    assert valued and unvalued and all(m["value"] is None for m in unvalued), "valued moves first, then the rest"
    assert all(MIN_WORLDS <= m["worlds"] <= hint["worlds"] and m["se"] is not None for m in valued)
    assert all(m["worlds"] == 0 and m["se"] is None for m in unvalued)
    assert [m["value"] for m in valued] == sorted((m["value"] for m in valued), reverse=True)
    full = analysed_worlds(len(moves))
    low = min(m["worlds"] for m in valued)
    said = f"the hint's work budget was reached: {len(valued)} of {len(moves)} moves valued, in {low} to "
    assert said in out.stderr and f"(of {full}); the others are listed last, unvalued" in out.stderr, out.stderr
    text = cli("hint", str(CROWDED), "--format", "text").stdout.decode().split()
    assert [word.rsplit(":", 1)[1] for word in text[len(valued) :]] == ["n/a"] * len(unvalued)


@pytest.mark.pure_engine("counts the steps by replacing search.counted_moves, which the compiled search calls directly")
@pytest.mark.parametrize("seed", ["b1", "b2", "b3"])
def test_a_ranking_within_half_its_budget_is_not_cut_and_one_past_it_is(seed, monkeypatch):
    """The same ranking, unbounded and with twice the steps it needs, is the same; with a
    tenth of them some moves see fewer worlds (each at least two)."""
    from casino_cli.engine import search

    pos = read_position(orjson.loads(cli("deal", "--seed", seed, "--variant", "royal").stdout))
    view = observe(pos, pos.turn)
    moves = legal_moves(view.known)
    spent = [0]
    real = search.counted_moves

    def counting(at):
        moves, steps = real(at)
        spent[0] += steps
        return moves, steps

    monkeypatch.setattr(search, "counted_moves", counting)
    free = analyse(view, moves, random.Random(seed), steps=None)
    needed = spent[0]
    assert needed > 0
    assert analyse(view, moves, random.Random(seed), steps=2 * needed) == free
    cut = analyse(view, moves, random.Random(seed), steps=needed // 10)
    assert MIN_WORLDS <= min(r.worlds for r in cut) < analysed_worlds(len(moves)) == free[0].worlds


GOLDEN = ROOT / "fixtures" / "hints-of-play.jsonl"


def test_hints_of_positions_of_play_are_as_before_the_budget():
    """fixtures/hints-of-play.jsonl: positions met in simulated games (classic, royal,
    american-royal; 2, 3 and 4 players; sampled and exact), each with its hint as it was
    before the work budget, byte for byte (and, in the one royal last deal that decides the
    game, seat 1's side on 8 reaching 21 with 13 points, the word of the game each move has
    had since)."""
    lines = GOLDEN.read_bytes().splitlines()
    assert len(lines) >= 6
    for line in lines:
        case = orjson.loads(line)
        out = cli("hint", "-", "--format", "json", "--seed", case["seed"], stdin=orjson.dumps(case["position"]))
        assert out.returncode == 0 and out.stdout.strip() == orjson.dumps(case["hint"]), case["position"]


def _position(name: str):
    return read_position(orjson.loads((ROOT / "fixtures" / "crowded" / name).read_bytes()))


def test_an_exact_value_needs_every_reply_listed():
    """A 2-player last deal, one card each: QS's three moves are listed whole, but the reply
    9H's captures on 33 loose cards are cut short by the listing's budget. A value solved
    over a reply listing cut short may miss the reply's best move, so it is not exact: the
    solver gives up (as on running out of nodes), and the hint samples and says so."""
    pos = _position("classic-reply-cut.json")
    moves = legal_moves(pos)
    assert not moves.truncated and len(moves.moves) == 3
    assert all(legal_moves(apply_move(pos, m)).truncated for m in moves.moves)
    with pytest.raises(TooManyNodes):
        solve_moves(pos, moves, 10**6)
    ranked = analyse(observe(pos, 0), moves, random.Random(1))
    assert len(ranked) == 3 and not any(r.exact for r in ranked)


def test_a_hint_whose_playouts_meet_a_listing_cut_before_its_first_move_answers():
    """Royal, must_take_equal: after 4S takes some loose cards, the reply QS may not trail (a
    loose Q: T3) and every capture the cut listing kept leaves a Q behind (C6). The listing
    held no move and the hint's playout crashed (exit 70); the listing now always holds the
    capture of the loose queens, and the hint answers."""
    out = cli("hint", str(ROOT / "fixtures" / "crowded" / "royal-reply-cut.json"), "--format", "json")
    assert out.returncode == 0, out.stderr
    hint = orjson.loads(out.stdout)
    assert hint["budget_reached"] is True and not hint["exact"]
    assert len(hint["moves"]) == 456 and hint["moves"][0]["value"] is not None
