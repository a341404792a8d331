"""The leak test: a fair bot's choice depends on its view alone.

At each of its decisions the bot is asked again, with the same random state, in worlds where
the cards its seat cannot see were dealt again (:func:`.worlds.sample_worlds`); a bot that
peeks at the full position (for instance by walking the interpreter's frames) changes its
choice in some of them. The hand's moves so far (public) are the same in every re-deal. A
bot must also answer the same twice for the same random state, or the test could not tell
a peek from chance.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .deal import dealer_for_hand, seeded_deck, start_position
from .play import play_judged
from .position import Position
from .rules import Rules
from .views import Bot, Played, ask, observe, public, seat_rngs
from .worlds import sample_worlds


class Finding(NamedTuple):
    """One decision where the bot's choice depended on more than its view."""

    seed: str
    seat: int
    problem: str


def _asked(bot: Bot, pos: Position, state: object, history: tuple[Played, ...]) -> str:
    rng = random.Random()
    rng.setstate(state)  # type: ignore[arg-type]
    return ask(bot, pos, rng, history)[0].text()


def check_bot(
    bot: Bot, rules: Rules, opponent: Bot, games: int = 4, redeals: int = 3, decisions: int = 120, seed: str = "check"
) -> tuple[int, list[Finding]]:
    """Play ``games`` hands with ``bot`` in seat 0 then seat 1 (``opponent`` elsewhere);
    return how many decisions were tested (at most ``decisions``) and the findings."""
    findings: list[Finding] = []
    tested = 0
    redeal_rng = random.Random(f"{seed}/redeal")
    for game in range(games):
        mine = game % rules.players
        game_seed = f"{seed}/{game}"
        pos = start_position(rules, seeded_deck(game_seed), dealer_for_hand(rules, rules.players - 1, 1))
        rngs = seat_rngs(game_seed, rules.players)
        history: tuple[Played, ...] = ()
        while not pos.finished and tested < decisions:
            seat = pos.turn
            assert seat is not None
            if seat == mine:
                tested += 1
                state = rngs[seat].getstate()
                first = _asked(bot, pos, state, history)
                if _asked(bot, pos, state, history) != first:
                    findings.append(Finding(game_seed, seat, "answered differently twice for the same view and rng"))
                    break
                for world in sample_worlds(observe(pos, seat), redeals, redeal_rng):
                    other = _asked(bot, world, state, history)
                    if other != first:
                        findings.append(
                            Finding(game_seed, seat, f"chose {first}, but {other} once the hidden cards were re-dealt")
                        )
                        break
            move, listing = ask(bot if seat == mine else opponent, pos, rngs[seat], history)
            history += (Played(seat, move, public(pos)),)
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
        if findings or tested >= decisions:
            break
    return tested, findings
