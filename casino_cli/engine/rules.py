"""Rule sets: the three presets of docs/rules.md (Variants and options) and their option overrides."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards import ACE, DECK_SIZE, JACK, rank
from ..errors import shown
from .errors import BadValue, RulesError

VARIANTS = ("classic", "royal", "american-royal")
ENDGAMES = ("highest", "ladder", "count_out")
DEAL_PASSES = ("next", "previous")
LADDER_20 = ("little_casino", "most_spades")

# Option names in the order of docs/rules.md's options table (the canonical output order).
OPTIONS = (
    "court_values",
    "ace_high",
    "court_takes_all",
    "must_take_equal",
    "raise_own",
    "partner_builds",
    "sweeps",
    "sweeps_cancel",
    "endgame",
    "ladder_20",
    "target",
    "deal_passes",
    "ace_high_builds",
)

PRESETS: dict[str, dict[str, object]] = {
    "classic": dict(
        court_values=False,
        ace_high=False,
        court_takes_all=False,
        must_take_equal=False,
        raise_own=True,
        partner_builds=True,
        sweeps=False,
        sweeps_cancel=False,
        endgame="highest",
        ladder_20=None,
        target=21,
        deal_passes="next",
        ace_high_builds=False,
    ),
    "royal": dict(
        court_values=True,
        ace_high=True,
        court_takes_all=False,
        must_take_equal=True,
        raise_own=False,
        partner_builds=False,
        sweeps=True,
        sweeps_cancel=True,
        endgame="ladder",
        ladder_20="little_casino",
        target=21,
        deal_passes="next",
        ace_high_builds=False,
    ),
    "american-royal": dict(
        court_values=True,
        ace_high=True,
        court_takes_all=False,
        must_take_equal=False,
        raise_own=True,
        partner_builds=True,
        sweeps=True,
        sweeps_cancel=False,
        endgame="count_out",
        ladder_20=None,
        target=21,
        deal_passes="next",
        ace_high_builds=False,
    ),
}

MAX_TARGET = 1_000_000
MAX_SCORE = 2 * MAX_TARGET  # a game's score: to the largest target, and the hands played past it
A_RULES = "a Rules (make_rules makes one)"  # what a public function taking a Rules says of anything else


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete, checked rule set: the options of docs/rules.md (Variants and options). Build one with
    :func:`make_rules`; constructing one directly (or with :func:`dataclasses.replace`)
    checks it the same way, and the derived tables are always made from its options.

    >>> rules = make_rules("royal")
    >>> rules, str(rules), rules.values[51], rules.max_build
    (<Rules royal 2p>, 'royal 2p', 13, 14)
    >>> import dataclasses
    >>> dataclasses.replace(make_rules("classic"), court_values=True).values[51]
    13
    """

    variant: str
    players: int
    partnerships: bool
    court_values: bool
    ace_high: bool
    court_takes_all: bool
    must_take_equal: bool
    raise_own: bool
    partner_builds: bool
    sweeps: bool
    sweeps_cancel: bool
    endgame: str
    ladder_20: str | None
    target: int
    deal_passes: str
    ace_high_builds: bool
    # Derived tables (not options): card values, the largest build value, and per card
    # the build values it can capture from the hand (bit v set; see hold_bits).
    values: tuple[int, ...] = field(init=False, repr=False, compare=False)
    max_build: int = field(init=False, repr=False, compare=False)
    holds: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        """Pickled as its options and rebuilt by the constructor (into a worker process, say):
        compiled, the class cannot restore a frozen instance's fields one by one."""
        return (Rules, (self.variant, self.players, self.partnerships, *(getattr(self, name) for name in OPTIONS)))

    def __post_init__(self) -> None:
        _check(lambda name: getattr(self, name))
        values, holds = _tables(self.court_values, self.ace_high)
        max_build = 10 if not self.court_values else (14 if self.ace_high else 13)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "max_build", max_build)
        object.__setattr__(self, "holds", holds)

    @property
    def sides(self) -> int:
        """How many scoring sides there are."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side a seat scores for."""
        return seat % 2 if self.partnerships else seat

    @property
    def deals_per_hand(self) -> int:
        """6, 4 or 3 deals for 2, 3 or 4 players (D2)."""
        return (DECK_SIZE - 4) // (4 * self.players)

    def overrides(self) -> dict[str, object]:
        """The options that differ from the preset, in the order of docs/rules.md's options table."""
        preset = dict(PRESETS[self.variant], ladder_20=_default_ladder_20(self.endgame))
        return {name: getattr(self, name) for name in OPTIONS if getattr(self, name) != preset[name]}

    def option_words(self) -> list[str]:
        """The options that differ from the preset, as ``-o`` writes them (``sweeps=true``).

        >>> make_rules("american-royal", endgame="highest", target=11).option_words()
        ['endgame=highest', 'target=11']
        """
        return [f"{name}={_value_text(value)}" for name, value in self.overrides().items()]

    def __str__(self) -> str:
        words = [f"{self.variant} {self.players}p"]
        if self.players == 4 and not self.partnerships:
            words.append("no partnerships")
        return ", ".join(words + self.option_words())

    def __repr__(self) -> str:
        return f"<Rules {self}>"


def _value_text(value: object) -> str:
    """An option's value as ``-o`` takes it: true, 11, previous (JSON, a text unquoted)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def _default_ladder_20(endgame: object) -> str | None:
    """ladder_20 when not given: 'little_casino' under the ladder, else absent."""
    return "little_casino" if endgame == "ladder" else None


def _card_values(court_values: bool) -> tuple[int, ...]:
    """Value of each card: pips, ace 1, courts 11-13 with court_values else 0 (V1, V2)."""
    out = []
    for card in range(DECK_SIZE):
        r = rank(card)
        out.append(r + 1 if r < JACK or court_values else 0)
    return tuple(out)


def make_rules(
    variant: str = "classic", players: int = 2, partnerships: bool | None = None, **options: object
) -> Rules:
    """Check and build a rule set: a preset and its option overrides; every problem is a
    :class:`RulesError`.

    >>> make_rules("classic", 4, sweeps=True)
    <Rules classic 4p, sweeps=true>
    """
    _check_variant_players(variant, players)
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise RulesError(f"unknown option {shown(unknown[0])} (options are {', '.join(OPTIONS)})")
    merged: dict[str, Any] = dict(PRESETS[variant])
    merged.update(options)
    if options.get("ladder_20") is None:  # absent, or null: the endgame's default
        merged["ladder_20"] = _default_ladder_20(merged["endgame"])
    if partnerships is None:
        partnerships = players == 4
    _check({"variant": variant, "players": players, "partnerships": partnerships, **merged}.__getitem__)
    return Rules(variant, players, partnerships, **merged)


def _check_variant_players(variant: object, players: object) -> None:
    if type(variant) is not str or variant not in PRESETS:
        raise RulesError(f"unknown variant {shown(variant)} (expected one of {', '.join(VARIANTS)})")
    check_players(players)


def check_players(players: object) -> None:
    """A :class:`RulesError` unless ``players`` is a number of players the game has: 2, 3 or 4."""
    if type(players) is not int or players not in (2, 3, 4):
        raise RulesError(BadValue("players", (2, 3, 4), players))


def _check(get: Callable[[str], Any]) -> None:
    """Raise :class:`RulesError` for the first bad value or impossible combination;
    ``get(name)`` gives each field. make_rules checks its values before the constructor
    sees them: compiled, the class refuses a value of the wrong type with a TypeError."""
    _check_variant_players(get("variant"), get("players"))
    for name in (
        "court_values",
        "ace_high",
        "court_takes_all",
        "must_take_equal",
        "raise_own",
        "partner_builds",
        "sweeps",
        "sweeps_cancel",
        "ace_high_builds",
    ):
        if type(get(name)) is not bool:
            raise RulesError(BadValue(f"option {name}", "true or false", get(name)))
    for name, allowed in (("endgame", ENDGAMES), ("deal_passes", DEAL_PASSES)):
        if get(name) not in allowed:
            raise RulesError(BadValue(name, allowed, get(name)))
    ladder_20 = get("ladder_20")
    if ladder_20 is not None:
        if get("endgame") != "ladder":
            raise RulesError('ladder_20 applies only with endgame "ladder"')
        if ladder_20 not in LADDER_20:
            raise RulesError(BadValue("ladder_20", LADDER_20, ladder_20))
    target = get("target")
    if type(target) is not int or not 5 <= target <= MAX_TARGET:
        raise RulesError(BadValue("target", f"a whole number from 5 to {MAX_TARGET}", target))
    partnerships = get("partnerships")
    if type(partnerships) is not bool:
        raise RulesError(BadValue("partnerships", "true or false", partnerships))
    if partnerships and get("players") != 4:
        raise RulesError("partnerships need exactly 4 players")
    if get("variant") == "royal" and get("players") == 4 and not partnerships:
        raise RulesError("royal with 4 players is played in partnerships")
    needing = [name for name in ("ace_high", "must_take_equal") if get(name)]
    if needing and not get("court_values"):
        raise RulesError(f"{' and '.join(needing)} need{'s' if len(needing) == 1 else ''} court_values")
    if get("court_takes_all") and get("court_values"):
        raise RulesError("court_takes_all cannot be combined with court_values")
    if get("sweeps_cancel") and not get("sweeps"):
        raise RulesError("sweeps_cancel needs sweeps")
    if get("ace_high_builds") and not get("ace_high"):
        raise RulesError("ace_high_builds needs ace_high")


_TABLES: dict[tuple[bool, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _tables(court_values: bool, ace_high: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The card values and hold bits of these options, made once."""
    key = (court_values, ace_high)
    if key not in _TABLES:
        values = _card_values(court_values)
        _TABLES[key] = values, hold_bits(values, ace_high)
    return _TABLES[key]


def hold_bits(values: tuple[int, ...], ace_high: bool) -> tuple[int, ...]:
    """Per card, bit v set when the card played from the hand can capture a build of
    value v: its own value, or 14 for an ace under ace_high (B3, O1)."""
    return tuple(((1 << values[c]) | (1 << 14 if ace_high and rank(c) == ACE else 0)) & ~1 for c in range(DECK_SIZE))


def can_capture_value(rules: Rules, card: int, value: int) -> bool:
    """Whether ``card`` played from the hand can capture a build of ``value``."""
    return bool(rules.holds[card] >> value & 1)
