"""casino review of a last deal that decides the game: a move that does worse for the game
than another (win → open, win → loss, open → loss) is a game slip, whatever its points."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import orjson
import pytest
from inproc import cli

from casino_cli.engine import HandStart, Step, apply_move, game_after_hand, legal_moves, score_hand
from casino_cli.records.record import read_record
from casino_cli.records.referee import walk

ROOT = Path(__file__).resolve().parent.parent
REVIEWS = sorted((ROOT / "fixtures" / "reviews").glob("*.json"))
WORDS = {1: "win", 0: "open", -1: "loss"}


def brute_force(record):
    """Per move of a last deal of two sides whose hidden cards are all in one hand (one
    world: 2 players, or 4 in partnerships at the hand's last cards), by a minimax of the
    test's own over every legal move: (hand, move) -> (its mover, the move played's game
    result, the best game result, the moves with the best result that score the most
    points among them, the points the move played lost against the best move for points)."""
    out = {}
    before = None
    for event in walk(record):
        if isinstance(event, HandStart):
            before = event.position
        elif isinstance(event, Step):
            hiding = [h for seat, h in enumerate(before.hands) if seat != event.seat and h]
            if (
                record.rules.sides == 2
                and before.stock_count == 0
                and len(hiding) <= 1
                and len(legal_moves(before)) > 1
            ):
                out[event.hand, event.number] = (event.seat, *_judged(before, event.move))
            before = event.position
    return out


def _judged(pos, played):
    side = pos.rules.side_of(pos.turn)

    def game(end):
        winner = game_after_hand(pos.rules, pos.scores, score_hand(end)).winner
        return 0 if winner is None else 1 if winner == side else -1

    def points(end):
        score = score_hand(end).points
        return score[side] - score[1 - side]

    @cache
    def minimax(at, leaf):
        if at.turn is None:
            return leaf(at)
        values = [minimax(apply_move(at, m), leaf) for m in legal_moves(at)]
        return max(values) if pos.rules.side_of(at.turn) == side else min(values)

    moves = {m.text(): apply_move(pos, m) for m in legal_moves(pos)}
    results = {m: minimax(after, game) for m, after in moves.items()}
    values = {m: minimax(after, points) for m, after in moves.items()}
    best = max(results.values())
    top = max(v for m, v in values.items() if results[m] == best)
    better = {m for m, v in values.items() if results[m] == best and v == top}
    return results[played.text()], best, better, max(values.values()) - values[played.text()]


@pytest.mark.parametrize("path", REVIEWS, ids=lambda p: p.stem)
def test_a_review_names_the_game_slips_a_brute_force_finds(path):
    """Golden reviews (fixtures/reviews: a record and its whole expected review in JSON):
    the review is the fixture's, and its game slips are those of a brute force of the last
    deal's moves, each with a better move that does best for the game and, of those, for
    points, and the points the move played lost; its player's ``game_slips`` counts them."""
    golden = orjson.loads(path.read_bytes())
    out = orjson.loads(cli("review", "-", "-f", "json", stdin=orjson.dumps(golden["record"])).stdout)
    assert out == golden["review"]
    truth = brute_force(read_record(golden["record"]))
    slips = {key: t for key, t in truth.items() if t[1] < t[2]}
    assert slips, "the fixture has a game slip"
    said = {}
    for player in out["players"]:
        mine = [w for w in player["worst"] if "game" in w]
        assert player["worst"][: len(mine)] == mine  # the game slips first
        count = sum(1 for t in slips.values() if t[0] == player["seat"])
        assert player.get("game_slips", 0) == count and len(mine) == min(3, count)
        said.update({(w["hand"], w["move"]): w for w in mine})
    assert said.keys() <= slips.keys()
    for key, w in said.items():
        _, played, best, better, lost = slips[key]
        assert w["game"] == {"played": WORDS[played], "better": WORDS[best]}
        assert w["better"] in better and w["lost"] == lost


def test_a_game_slip_is_said_in_words_and_counted():
    """In text, a game slip says what the better move would have done to the game and what
    the move played did, listed first, and its player's line counts it; the golden's move
    that scored the most points but left the game open is one (0.00 points lost)."""
    golden = orjson.loads((ROOT / "fixtures/reviews/ladder-open-not-won.json").read_bytes())
    text = cli("review", "-", "-f", "text", stdin=orjson.dumps(golden["record"])).stdout.decode().splitlines()
    ben = text.index(next(line for line in text if line.startswith("Ben (seat 1)")))
    assert text[ben].endswith("expected points lost in all, 1 game slip")
    assert text[ben + 1] == "  hand 2, move 41: Ben could have won the game with 2S+8D=10; 2S+AD+7H=10 left it open"
    assert "  hand 2, move 42: Ana could have kept the game open with 3H+AD+2S+7H=13; KDxKH lost it" in text
    pretty = " ".join(cli("review", "-", "-f", "pretty", stdin=orjson.dumps(golden["record"])).stdout.decode().split())
    assert "Ben could have won the game with 2S+8D=10; 2S+AD+7H=10 left it open" in pretty


def test_a_move_the_ranking_does_not_list_loses_nothing_it_cannot_be_valued_by():
    """A listing cut short can leave out the move played: it has no value, so its loss is 0
    (not an error), as for a move the budget left unvalued (NaN); the better move is still named."""
    import math

    from casino_cli.engine import make_rules, seeded_deck, start_position
    from casino_cli.engine.search import Ranked
    from casino_cli.records.review import _slip

    pos = start_position(make_rules("classic"), seeded_deck("slip"), 1)
    listing = legal_moves(pos)
    first, second, played = listing.moves[:3]
    ranked = [Ranked(first, listing.facts[0], 2.0, 0.1, 20), Ranked(second, listing.facts[1], 1.0, 0.1, 20)]
    step = Step(1, 1, pos.turn, played, listing.facts[2], apply_move(pos, played))
    assert (_slip(step, ranked, listing).loss, _slip(step, ranked, listing).best) == (0.0, first)
    unvalued = [*ranked, Ranked(played, listing.facts[2], math.nan, math.nan, 0)]
    assert (_slip(step, unvalued, listing).loss, _slip(step, unvalued, listing).best) == (0.0, first)
