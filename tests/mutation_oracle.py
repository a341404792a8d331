"""Mutating valid game records, and an oracle that says what the referee must find.

Shared by tests/test_mutations.py and bench/make_mutations.py (which writes the corpus
fixtures/records/mutated/*.jsonl from it, deterministically).

The oracle decides legality without the referee's judge: it replays each hand from its
deck and asks whether the recorded move is a member of ``legal_moves(pos)`` (the listing
is built by a different code path from the judge), cross-checked where it is cheap with
the independent brute force of tests/reference.py. Claims are recomputed with the
engine's scoring. It returns the first finding the referee must report.
"""

from __future__ import annotations

import copy
import random
from typing import NamedTuple

from reference import reference_moves
from strategies import TABLES

from casino_cli.cards import CODES, card_code, cards_of, parse_card
from casino_cli.engine import (
    BUILD,
    CAPTURE,
    TRAIL,
    Move,
    legal_moves,
    make_rules,
    play_judged,
    seeded_deck,
    start_position,
)
from casino_cli.engine.bots import BOTS
from casino_cli.engine.scoring import game_after_hand, score_hand
from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import read_move
from casino_cli.notation.position import position_json, read_rules
from casino_cli.records.selfplay import play_game

REFERENCE_MAX_ITEMS = 10  # table items (loose cards + builds) up to which the brute force is asked


def source_record(index: int, hands: int = 1, options: dict | None = None) -> dict:
    """A valid record of bot play: table ``index % len(TABLES)``, reproducible from ``index``."""
    variant, players, partnerships = TABLES[index % len(TABLES)]
    rules = make_rules(variant, players, partnerships, **(options or {}))
    bots = [BOTS[("random", "greedy")[(index + seat) % 2]] for seat in range(players)]
    return play_game(rules, f"mutate/{index}", bots, hands=hands)


# --- the oracle ---------------------------------------------------------------------------------


class Expected(NamedTuple):
    """The first finding the referee must report: ``kind`` is ``illegal`` (some rule of
    the game) or the exact rule (``claim``, ``notation``, ``turn``, ``D4``, ``G4``)."""

    hand: int | None
    move: int | None
    kind: str


class Verdict(NamedTuple):
    first: Expected | None  # None: the record is valid
    moves_legal: bool  # every move is legal and every hand is complete or last
    truthful: dict  # the record with every claim recomputed


class ReferenceMismatch(AssertionError):
    pass


def _deck(record: dict, hand: dict, number: int) -> tuple[int, ...]:
    if "deck" in hand:
        return tuple(parse_card(c) for c in hand["deck"])
    return seeded_deck(record["seed"], number)


def cross_check(pos) -> None:
    """The engine's listing against the brute-force reference (small tables only)."""
    items = bin(pos.loose).count("1") + len(pos.builds)
    if items > REFERENCE_MAX_ITEMS or pos.finished:
        return
    listing = legal_moves(pos, limit=10**6, budget=10**8)
    assert not listing.truncated
    engine = {m.text() for m in listing.moves}
    reference = reference_moves(position_json(pos))
    if engine != reference:
        raise ReferenceMismatch(
            f"listing and reference disagree at {position_json(pos)}: "
            f"only engine {sorted(engine - reference)}, only reference {sorted(reference - engine)}"
        )


def oracle(record: dict, check_at: set[tuple[int, int]] = frozenset()) -> Verdict:
    """Replay ``record`` (a dict with deck or seed hands) and say what must be found.

    ``check_at``: (hand, move) pairs whose position is also checked against the reference.
    """
    rules = read_rules(record["rules"])
    n = rules.players
    truthful = copy.deepcopy(record)
    scores = (0,) * rules.sides
    dealer_before = None
    winner = None
    first: Expected | None = None
    moves_legal = True

    def found(exp: Expected) -> None:
        nonlocal first
        if first is None:
            first = exp

    hands = record["hands"]
    for number, hand in enumerate(hands, 1):
        if winner is not None:
            found(Expected(number, None, "G4"))
            moves_legal = False
            break
        passes = -1 if rules.deal_passes == "previous" else 1  # D4: to the next seat, or the one before
        expected_dealer = n - 1 if dealer_before is None else (dealer_before + passes) % n
        dealer = hand.get("dealer", expected_dealer)
        if dealer_before is not None and dealer != expected_dealer:
            found(Expected(number, None, "D4"))
            moves_legal = False
            break
        dealer_before = dealer
        pos = start_position(rules, _deck(record, hand, number), dealer, scores)
        broken = False
        for index, raw in enumerate(hand["moves"], 1):
            try:
                move = read_move(raw)
            except NotationError:
                found(Expected(number, index, "notation"))
                broken = True
                break
            if pos.finished:
                found(Expected(number, index, "turn"))
                broken = True
                break
            if (number, index) in check_at:
                cross_check(pos)
            listing = legal_moves(pos, limit=10**6, budget=10**8)
            assert not listing.truncated, "a position of real play fits in the listing"
            if move not in listing.moves:
                cross_check(pos)
                found(Expected(number, index, "illegal"))
                broken = True
                break
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
        if broken:
            moves_legal = False
            break
        if not pos.finished:
            if number < len(hands):
                found(Expected(number, None, "notation"))  # an unfinished hand before another
                moves_legal = False
                break
            if "score" in hand:  # a claim on a hand still being played
                found(Expected(number, None, "claim"))
                truthful["hands"][number - 1].pop("score")
            break
        points = score_hand(pos)
        game = game_after_hand(rules, scores, points)
        if "score" in hand and tuple(hand["score"]) != points.points:
            found(Expected(number, None, "claim"))
        if "score" in hand:
            truthful["hands"][number - 1]["score"] = list(points.points)
        scores = game.scores
        if game.winner is not None:
            winner = game.winner
    if moves_legal and "result" in record:
        result = record["result"]
        truth = {"scores": list(scores), "winner": winner}
        claimed_scores = result.get("scores")
        if (claimed_scores is not None and list(claimed_scores) != truth["scores"]) or result.get("winner") != winner:
            found(Expected(None, None, "claim"))
        truthful["result"] = {k: truth[k] for k in ("scores", "winner") if k in result or k == "winner"}
    return Verdict(first, moves_legal, truthful)


# --- mutations ----------------------------------------------------------------------------------


class Mutation(NamedTuple):
    record: dict
    name: str
    hand: int | None  # where the change was made (1-based), for the reference cross-check
    move: int | None


def _hand_with_moves(rec: dict, rng: random.Random, at_least: int = 1):
    choices = [i for i, h in enumerate(rec["hands"]) if len(h["moves"]) >= at_least]
    if not choices:
        return None
    return rng.choice(choices)


def _move_of(text) -> Move:
    return read_move(text)


def swap_moves(rec: dict, rng: random.Random) -> Mutation | None:
    h = _hand_with_moves(rec, rng, 2)
    if h is None:
        return None
    moves = rec["hands"][h]["moves"]
    n = read_rules(rec["rules"]).players
    i = rng.randrange(len(moves) - 1)
    if rng.random() < 0.5 and i + n < len(moves):  # the same seat's next move: sometimes still legal
        j = i + n
    else:
        j = rng.randrange(i + 1, len(moves))
    if moves[i] == moves[j]:
        return None
    moves[i], moves[j] = moves[j], moves[i]
    return Mutation(rec, "swap-moves", h + 1, i + 1)


def drop_move(rec: dict, rng: random.Random) -> Mutation | None:
    h = _hand_with_moves(rec, rng)
    if h is None:
        return None
    i = rng.randrange(len(rec["hands"][h]["moves"]))
    del rec["hands"][h]["moves"][i]
    return Mutation(rec, "drop-move", h + 1, i + 1)


def replace_played_card(rec: dict, rng: random.Random) -> Mutation | None:
    h = _hand_with_moves(rec, rng)
    if h is None:
        return None
    i = rng.randrange(len(rec["hands"][h]["moves"]))
    move = _move_of(rec["hands"][h]["moves"][i])
    card = rng.choice([c for c in range(52) if c != move.card and not move.cards >> c & 1])
    rec["hands"][h]["moves"][i] = move._replace(card=card).text()
    return Mutation(rec, "replace-played-card", h + 1, i + 1)


def replace_table_card(rec: dict, rng: random.Random) -> Mutation | None:
    """A capture or build names another table card instead of one it took or used."""
    candidates = [
        (h, i) for h, hand in enumerate(rec["hands"]) for i, m in enumerate(hand["moves"]) if _move_of(m).type != TRAIL
    ]
    if not candidates:
        return None
    h, i = rng.choice(candidates)
    move = _move_of(rec["hands"][h]["moves"][i])
    old = rng.choice(cards_of(move.cards))
    new = rng.choice([c for c in range(52) if c != move.card and not move.cards >> c & 1])
    rec["hands"][h]["moves"][i] = move._replace(cards=move.cards & ~(1 << old) | (1 << new)).text()
    return Mutation(rec, "replace-table-card", h + 1, i + 1)


def change_build_value(rec: dict, rng: random.Random) -> Mutation | None:
    candidates = [
        (h, i) for h, hand in enumerate(rec["hands"]) for i, m in enumerate(hand["moves"]) if _move_of(m).type == BUILD
    ]
    if not candidates:
        return None
    h, i = rng.choice(candidates)
    move = _move_of(rec["hands"][h]["moves"][i])
    value = rng.choice([v for v in range(1, 16) if v != move.value])
    rec["hands"][h]["moves"][i] = move._replace(value=value).text()
    return Mutation(rec, "change-build-value", h + 1, i + 1)


def capture_to_trail(rec: dict, rng: random.Random) -> Mutation | None:
    """A capture written as a trail of its card (or a trail as a capture of a table card)."""
    candidates = [
        (h, i)
        for h, hand in enumerate(rec["hands"])
        for i, m in enumerate(hand["moves"])
        if _move_of(m).type == CAPTURE
    ]
    if not candidates:
        return None
    h, i = rng.choice(candidates)
    move = _move_of(rec["hands"][h]["moves"][i])
    rec["hands"][h]["moves"][i] = card_code(move.card)
    return Mutation(rec, "capture-to-trail", h + 1, i + 1)


def change_hand_score(rec: dict, rng: random.Random) -> Mutation | None:
    claimed = [h for h, hand in enumerate(rec["hands"]) if "score" in hand]
    if not claimed:
        return None
    h = rng.choice(claimed)
    score = rec["hands"][h]["score"]
    side = rng.randrange(len(score))
    score[side] += rng.choice([-2, -1, 1, 3])
    return Mutation(rec, "change-hand-score", h + 1, None)


def change_result(rec: dict, rng: random.Random) -> Mutation | None:
    sides = read_rules(rec["rules"]).sides
    result = rec.get("result")
    if result is None:  # a game still going on, claimed as won
        rec["result"] = {"winner": rng.randrange(sides)}
    elif rng.random() < 0.5 or result.get("winner") is None:
        result["scores"] = list(result.get("scores") or [0] * sides)
        result["scores"][rng.randrange(sides)] += rng.choice([-1, 1, 5])
    else:
        result["winner"] = (result["winner"] + 1) % sides
    return Mutation(rec, "change-result", None, None)


def change_dealer(rec: dict, rng: random.Random) -> Mutation | None:
    n = read_rules(rec["rules"]).players
    h = rng.randrange(len(rec["hands"]))
    hand = rec["hands"][h]
    hand["dealer"] = (hand.get("dealer", n - 1) + rng.randrange(1, n)) % n
    return Mutation(rec, "change-dealer", h + 1, None)


MUTATIONS = {
    f.__name__.replace("_", "-"): f
    for f in (
        swap_moves,
        drop_move,
        replace_played_card,
        replace_table_card,
        change_build_value,
        capture_to_trail,
        change_hand_score,
        change_result,
        change_dealer,
    )
}


def mutate(record: dict, name: str, rng: random.Random) -> Mutation | None:
    """A mutated deep copy of ``record`` (None when the record offers nothing to mutate)."""
    return MUTATIONS[name](copy.deepcopy(record), rng)


def with_deck(record: dict) -> dict:
    """The record with each hand's deck written out (no seed needed to deal it)."""
    out = copy.deepcopy(record)
    for number, hand in enumerate(out["hands"], 1):
        hand["deck"] = [CODES[c] for c in seeded_deck(record["seed"], number)]
    out.pop("shuffle", None)
    return out
