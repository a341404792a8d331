"""Hypothesis strategies for the casino engine: rule sets, seeds and reachable positions.

Also registers the Hypothesis profiles used by the property tests:

* ``casino-dev`` (the default): modest example counts, so the whole suite stays fast;
* ``casino-ci``: more examples;
* ``casino-slow``: many examples, for long fuzzing sessions.

Choose one with ``HYPOTHESIS_PROFILE=casino-ci python -m pytest``.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from casino_cli.engine import Move, Position, legal_moves, make_rules, seeded_deck, start_position
from casino_cli.engine.deal import dealer_for_hand
from casino_cli.engine.moves import BUILD, CAPTURE, TRAIL
from casino_cli.engine.rules import PRESETS, Rules

# --- profiles -------------------------------------------------------------------------

_COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("casino-dev", max_examples=100, **_COMMON)
settings.register_profile("casino-ci", max_examples=500, **_COMMON)
settings.register_profile("casino-slow", max_examples=5000, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "casino-dev"))

# --- rule sets ------------------------------------------------------------------------

VARIANTS = ("classic", "royal", "american-royal")

#: (variant, players, partnerships) for every table make_rules accepts.
TABLES: tuple[tuple[str, int, bool], ...] = tuple(
    (variant, players, partnerships)
    for variant in VARIANTS
    for players in (2, 3, 4)
    for partnerships in ((True, False) if players == 4 else (False,))
    if not (variant == "royal" and players == 4 and not partnerships)
)


@st.composite
def tables(draw) -> tuple[str, int, bool]:
    """A variant, a player count and a partnership setting that make_rules accepts."""
    return draw(st.sampled_from(TABLES))


@st.composite
def option_overrides(draw, variant: str) -> dict:
    """Options for ``variant`` that make_rules accepts (RULES.md §1 constraints).

    The resolved options are drawn consistently, then only some are passed: every one
    that differs from the preset, plus (at random) some that restate the preset.
    """
    preset = PRESETS[variant]
    court_values = draw(st.booleans())
    resolved = {
        "court_values": court_values,
        "ace_high": draw(st.booleans()) if court_values else False,
        "court_takes_all": False if court_values else draw(st.booleans()),
        "must_take_equal": draw(st.booleans()) if court_values else False,
        "raise_own": draw(st.booleans()),
        "partner_builds": draw(st.booleans()),
    }
    sweeps = draw(st.booleans())
    resolved["sweeps"] = sweeps
    resolved["sweeps_cancel"] = draw(st.booleans()) if sweeps else False
    endgame = draw(st.sampled_from(("highest", "ladder", "count_out")))
    resolved["endgame"] = endgame
    if endgame == "ladder":
        resolved["ladder_20"] = draw(st.sampled_from(("little_casino", "most_spades")))
    resolved["target"] = draw(st.one_of(st.just(21), st.integers(5, 1_000_000)))
    resolved["deal_passes"] = draw(st.sampled_from(("next", "previous")))
    resolved["ace_high_builds"] = draw(st.booleans()) if resolved["ace_high"] else False
    options = {}
    for name, val in resolved.items():
        default = preset[name] if name != "ladder_20" else ("little_casino" if endgame == "ladder" else None)
        if val != default or draw(st.booleans()):
            options[name] = val
    return options


@st.composite
def rule_sets(draw, overrides: bool = True) -> Rules:
    """A checked rule set over every variant, player count and partnership setting;
    with ``overrides``, about half of them also carry option overrides."""
    variant, players, partnerships = draw(tables())
    # partnerships: sometimes left to its default, sometimes given explicitly.
    explicit = draw(st.booleans())
    part_arg = partnerships if (explicit or players == 4 and not partnerships) else None
    options = draw(option_overrides(variant)) if overrides and draw(st.booleans()) else {}
    return make_rules(variant, players, part_arg, **options)


# --- seeds ----------------------------------------------------------------------------

seeds = st.one_of(
    st.text(max_size=24),
    st.integers(0, 10**6).map(str),
    st.from_regex(r"[a-z]{1,8}-[a-z]{1,8}-[0-9]{1,3}", fullmatch=True),
)
hand_numbers = st.one_of(st.integers(1, 12), st.integers(1, 2**63 - 1))


# --- reachable positions --------------------------------------------------------------

#: Every hand plays 52 - 4 = 48 cards: all the cards dealt to the seats (D2).
MOVES_PER_HAND = 52 - 4


@dataclass(frozen=True)
class Line:
    """A start position and the moves played from it (positions[i+1] = positions[i] + moves[i])."""

    positions: tuple[Position, ...]
    moves: tuple[Move, ...]

    @property
    def last(self) -> Position:
        return self.positions[-1]


def pick_move(moves: tuple[Move, ...], type_index: int, move_index: int) -> Move:
    """Pick a move: first a type among those present (so trails and builds are not
    drowned out by the many captures), then a move of that type."""
    types = [t for t in (CAPTURE, BUILD, TRAIL) if any(m.type == t for m in moves)]
    kind = types[type_index % len(types)]
    of_kind = [m for m in moves if m.type == kind]
    return of_kind[move_index % len(of_kind)]


@st.composite
def start_positions(draw, rules=None) -> Position:
    """The first position of a seeded hand, for any rule set and dealer."""
    rules = draw(rule_sets()) if rules is None else rules
    seed = draw(seeds)
    hand = draw(hand_numbers)
    first_dealer = draw(st.integers(0, rules.players - 1))
    dealer = dealer_for_hand(rules, first_dealer, hand)
    # Game scores before the hand (later hands of a game); they never affect the moves.
    scores = draw(
        st.one_of(
            st.none(),
            st.lists(st.integers(0, rules.target + 3), min_size=rules.sides, max_size=rules.sides).map(tuple),
        )
    )
    return start_position(rules, seeded_deck(seed, hand), dealer, scores)


@st.composite
def lines(draw, rules=None, min_moves: int = 0, max_moves: int = MOVES_PER_HAND) -> Line:
    """A start position and k legal moves chosen by Hypothesis (stops if the hand ends)."""
    pos = draw(start_positions(rules))
    # Hypothesis favours small numbers; mix in long lines so late deals are common.
    mid = (min_moves + max_moves) // 2
    k = draw(st.one_of(st.integers(min_moves, max_moves), st.integers(mid, max_moves)))
    positions = [pos]
    moves = []
    for _ in range(k):
        if pos.finished:
            break
        ml = legal_moves(pos).moves
        move = pick_move(ml, draw(st.integers(0, 2)), draw(st.integers(0, len(ml) - 1)))
        pos = _apply(pos, move)
        positions.append(pos)
        moves.append(move)
    return Line(tuple(positions), tuple(moves))


def reachable_positions(rules=None, min_moves: int = 0, max_moves: int = MOVES_PER_HAND):
    """Positions reached from a seeded start by k random legal moves."""
    return lines(rules, min_moves, max_moves).map(lambda line: line.last)


def full_hands(rules=None):
    """Lines that play a whole hand (48 moves) to its end."""
    return lines(rules, MOVES_PER_HAND, MOVES_PER_HAND)


def _apply(pos: Position, move: Move) -> Position:
    from casino_cli.engine import apply_move

    return apply_move(pos, move)


# --- deterministic positions (no Hypothesis), for the reference comparison -------------


def random_line(rules: Rules, rng: random.Random, moves: int) -> list[Position]:
    """A seeded start and up to ``moves`` random legal moves, driven by ``rng``.

    Each line gets its own taste for captures, builds and trails, so that some lines
    keep big tables (many trails) and others pile up builds."""
    seed = f"ref-{rng.randrange(10**9)}"
    pos = start_position(rules, seeded_deck(seed, rng.randint(1, 9)), rng.randrange(rules.players))
    weights = {CAPTURE: rng.uniform(0.2, 1), BUILD: rng.uniform(0.2, 1), TRAIL: rng.uniform(0.2, 2)}
    out = [pos]
    for _ in range(moves):
        if pos.finished:
            break
        ml = legal_moves(pos).moves
        types = [t for t in (CAPTURE, BUILD, TRAIL) if any(m.type == t for m in ml)]
        kind = rng.choices(types, [weights[t] for t in types])[0]
        pos = _apply(pos, rng.choice([m for m in ml if m.type == kind]))
        out.append(pos)
    return out


def random_overrides(variant: str, rng: random.Random) -> dict:
    """Option overrides that make_rules accepts, drawn with ``rng`` (legality options only
    vary much; the scoring options ride along)."""
    court_values = rng.random() < 0.5
    options = {
        "court_values": court_values,
        "ace_high": court_values and rng.random() < 0.5,
        "court_takes_all": not court_values and rng.random() < 0.5,
        "must_take_equal": court_values and rng.random() < 0.5,
        "raise_own": rng.random() < 0.5,
        "partner_builds": rng.random() < 0.5,
    }
    options["sweeps"] = rng.random() < 0.5
    options["sweeps_cancel"] = options["sweeps"] and rng.random() < 0.5
    options["ace_high_builds"] = options["ace_high"] and rng.random() < 0.5
    preset = PRESETS[variant]
    return {k: v for k, v in options.items() if v != preset[k]}
