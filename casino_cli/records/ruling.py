"""Rulings (``casino.ruling/1``): was a move legal whatever the cards nobody has seen?

A *world* gives the mover's unknown cards: any k of the unseen cards (docs/notation.md, Rulings).
Every rule but B3 and O1 is decided by the engine's judge on the known cards, the same
in every world. B3 and O1 ask only whether the mover keeps a card that can capture some
values; which values, the judge's own :func:`policy_rule` says (probed one value at a
time), and whether the worlds meet them is counted: a value is met in every world when
fewer unseen cards fail to capture it than the mover has unknown cards, in none when no
unseen card captures it, and several open values are met together in some world exactly
when some k unseen cards capture them all (a small search).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, TypedDict, cast

from ..cards import card_code, cards_of, codes_of, count
from ..engine import IllegalMove, Move, MoveFacts, MoveList, Position, legal_moves
from ..engine.moves import (
    A_MOVE,
    ALL_VALUES,
    BUILD,
    a_card_for,
    check_policy,
    hold_values,
    judge_form,
    owned_builds,
    policy_rule,
)
from ..engine.position import A_POSITION, Partial, coverable, known_cards, make_hand, unknown_count
from ..errors import plural, wrong_type
from ..notation.position import position_json

RULING_FORMAT = "casino.ruling/1"
LEGAL, ILLEGAL, UNSETTLED = "legal", "illegal", "unsettled"


class Settles(TypedDict):
    """What settles an unsettled move: ``seat`` held a card of each list of ``needs``."""

    seat: int
    needs: list[list[str]]


class Alternative(TypedDict):
    """A move the mover could have made instead, and whether it is legal or unsettled."""

    move: str
    verdict: Literal["legal", "unsettled"]


class _RulingKeys(TypedDict):  # (NotRequired is not seen in postponed annotations before Python 3.12)
    """The keys every ruling has."""

    format: str
    seat: int | None
    text: str
    verdict: Literal["legal", "illegal", "unsettled"]
    message: str
    alternatives: list[Alternative]
    alternatives_partial: bool
    position: dict[str, Any]


class Ruling(_RulingKeys, total=False):
    """A ``casino.ruling/1`` document (docs/notation.md, Rulings), as :func:`ruling_json` makes
    it: ``format``, ``seat``, ``text``, ``verdict``, ``message``, ``alternatives``,
    ``alternatives_partial`` and ``position`` always; ``hand``, ``move``, ``comment``,
    ``rule``, ``settles`` and ``alternatives_truncated`` when they apply."""

    hand: int
    move: int
    comment: str
    rule: str
    settles: Settles
    alternatives_truncated: Literal[True]


class Verdict(NamedTuple):
    """What the worlds say of one move: ``needs`` (unsettled B3/O1) holds, per open value in
    ascending order, the mask of unseen cards that could answer it."""

    verdict: str
    rule: str | None
    message: str
    needs: tuple[int, ...] = ()
    facts: MoveFacts | None = None


def with_played_card(pos: Position, move: Move, unseen: int) -> tuple[Position, int]:
    """The position and unseen cards once the move is taken as evidence that the mover held
    its card: an unseen card played from a partly known hand becomes known."""
    seat = pos.turn
    hand = pos.hands[seat] if seat is not None else None
    if seat is not None and isinstance(hand, Partial) and unseen >> move.card & 1 and not hand.known >> move.card & 1:
        held = make_hand(hand.known | 1 << move.card, hand.count)
        pos = pos._replace(hands=pos.hands[:seat] + (held,) + pos.hands[seat + 1 :])
        unseen &= ~(1 << move.card)
    return pos, unseen


def seen_at(pos: Position, card: int) -> str:
    """Where the position shows ``card``, in words: on the table, in a build, a hand, a
    captured pile or the stock (where :func:`~casino_cli.engine.unseen_cards` finds it seen)."""
    bit = 1 << card
    builds = [f"in the {b.value}-build {'+'.join(codes_of(b.cards))}" for b in pos.builds if b.cards & bit]
    hands = [f"in seat {s}'s hand" for s, h in enumerate(pos.hands) if known_cards(h) & bit]
    piles = [f"in seat {s}'s captured pile" for s, p in enumerate(pos.captured) if isinstance(p, int) and p & bit]
    places = ["on the table"] * bool(pos.loose & bit) + builds + hands + piles + ["in the stock"]
    return places[0]


def decide(pos: Position, move: Move, unseen: int) -> Verdict:
    """The verdict on ``move`` in ``pos`` over every world of the mover's unknown cards
    (``unseen``: the cards they may be). Raises TooComplex as the judge does."""
    hand = pos.hands[pos.turn] if pos.turn is not None else None
    if isinstance(hand, Partial) and not (hand.known | unseen) >> move.card & 1:
        name = card_code(move.card)
        where = f"{name} is seen elsewhere: {seen_at(pos, move.card)}"
        return Verdict(ILLEGAL, "card", f"{move.text()} is illegal: seat {pos.turn} cannot hold {name}: {where}")
    try:
        facts = judge_form(pos, move)
        hand = pos.hands[pos.turn]  # type: ignore[index]  # judge_form refuses a finished position
        if not isinstance(hand, Partial):
            check_policy(pos, move, facts)
            return Verdict(LEGAL, None, f"{move.text()} is legal", facts=facts)
        check_policy(pos, move, facts, ALL_VALUES)  # every rule but B3 and O1
    except IllegalMove as exc:
        return Verdict(ILLEGAL, exc.rule, f"{move.text()} is illegal: {exc.message}")
    rules = pos.rules
    owned = owned_builds(pos)
    needed = {}
    for v in range(1, 15):
        rule = policy_rule(pos, move, facts, owned, ALL_VALUES & ~(1 << v))
        if rule is not None:
            needed[v] = rule
    kept = hold_values(rules, hand.known & ~(1 << move.card))
    k = unknown_count(hand)
    capturers = {v: sum(1 << c for c in cards_of(unseen) if rules.holds[c] >> v & 1) for v in needed}
    never = [v for v in needed if not kept >> v & 1 and not capturers[v]]
    if never:
        try:
            check_policy(pos, move, facts, ALL_VALUES & ~sum(1 << v for v in never))
        except IllegalMove as exc:
            why = f"{exc.message} (every card that could is seen elsewhere)"
            return Verdict(ILLEGAL, exc.rule, f"{move.text()} is illegal: {why}")
    total = count(unseen)
    still = [v for v in sorted(needed) if not kept >> v & 1 and total - count(capturers[v]) >= k]
    if not still:
        return Verdict(LEGAL, None, f"{move.text()} is legal", facts=facts)
    rule = "B3" if move.type == BUILD and needed.get(move.value) == "B3" and move.value in still else "O1"
    seat = pos.turn
    wanted = " and ".join(a_card_for(v) for v in still)
    if not coverable([capturers[v] for v in still], k):
        return Verdict(
            ILLEGAL,
            rule,
            f"{move.text()} is illegal: seat {seat} would need {wanted} among its {plural(k, 'unknown card')}, "
            f"and {plural(k, 'card')} cannot answer "
            f"{'both' if len(still) == 2 else 'them all'}",
        )
    return Verdict(
        UNSETTLED,
        rule,
        f"legal only if seat {seat} still held {wanted} after this move",
        tuple(capturers[v] for v in still),
        facts,
    )


def in_its_turn(pos: Position, move: Move, unseen: int, seat: int) -> str | None:
    """For people, what ``move``, which ``seat`` played out of turn, would have been had that
    seat been to move, in the engine's words ("had seat 2 been to move, 6Cx6H would have been
    legal", "…, it would have been refused too: why (B3)"); None when its hand is unknown."""
    if pos.hands[seat] is None:
        return None
    theirs, unseen = with_played_card(pos._replace(turn=seat), move, unseen)
    verdict = decide(theirs, move, unseen)
    had = f"had seat {seat} been to move, "
    if verdict.verdict == LEGAL:
        return f"{had}{move.text()} would have been legal"
    if verdict.verdict == ILLEGAL:
        return f"{had}it would have been refused too: {verdict.message.split(' is illegal: ', 1)[1]} ({verdict.rule})"
    return f"{had}it would have been {verdict.message}"


def alternatives(pos: Position, unseen: int, listing: MoveList) -> list[tuple[Move, Verdict]]:
    """The moves of ``listing`` (the legal moves of the mover's known cards) that some world
    allows, in canonical order."""
    out = []
    for move in listing.moves:
        verdict = decide(pos, move, unseen)
        if verdict.verdict != ILLEGAL:
            out.append((move, verdict))
    return out


def ruling_json(
    pos: Position,
    move: Move,
    unseen: int,
    text: str | None = None,
    where: tuple[int, int] | None = None,
    wrong_player: str | None = None,
    comment: str | None = None,
) -> Ruling:
    """The ``casino.ruling/1`` document of ``move`` in ``pos`` (``where``: hand and move of a
    record; ``wrong_player``: why the record's player of the move is not the seat to move,
    which makes it illegal, rule ``turn``, as the referee's finding says; ``comment``: the
    record's comment on the move)."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    if not isinstance(move, Move):
        raise wrong_type("move", move, A_MOVE)
    if wrong_player is None:
        pos, unseen = with_played_card(pos, move, unseen)
        verdict = decide(pos, move, unseen)
    else:  # another seat played the card: it says nothing of the hand of the seat to move
        verdict = Verdict(ILLEGAL, "turn", wrong_player)
    out: dict[str, Any] = {"format": RULING_FORMAT}
    if where is not None:
        out["hand"], out["move"] = where
    out["seat"] = pos.turn
    out["text"] = text if text is not None else move.text()
    if comment is not None:
        out["comment"] = comment
    out["verdict"] = verdict.verdict
    if verdict.rule is not None:
        out["rule"] = verdict.rule
    out["message"] = verdict.message
    if verdict.needs:
        out["settles"] = {"seat": pos.turn, "needs": [codes_of(m) for m in verdict.needs]}
    hand = pos.hands[pos.turn] if pos.turn is not None else None
    listing = legal_moves(pos) if known_cards(hand) else MoveList((), ())
    listed = alternatives(pos, unseen, listing)
    if listing.truncated and verdict.verdict != ILLEGAL and move not in [m for m, _ in listed]:
        listed.append((move, verdict))  # the cut left it out
    out["alternatives"] = [{"move": m.text(), "verdict": v.verdict} for m, v in listed]
    out["alternatives_partial"] = unknown_count(hand) > 0 or (hand is None and pos.turn is not None)
    if listing.truncated:
        out["alternatives_truncated"] = True
    out["position"] = position_json(pos)
    return cast(Ruling, out)  # made key by key, in the document's order
