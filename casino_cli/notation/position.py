"""Rule sets and positions (``casino.position/1``): lenient readers, canonical writers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..cards import ACE_MASK, CODES, cards_of, codes_of, count
from ..engine.errors import CasinoError, PositionError, RulesError
from ..engine.position import (
    A_POSITION,
    Build,
    Hand,
    Partial,
    Position,
    Unseen,
    check_position,
    make_build,
    make_hand,
)
from ..engine.rules import A_RULES, MAX_SCORE, OPTIONS, Rules, make_rules
from ..errors import plural, shown, wrong_type
from .errors import NotationError
from .fields import (
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    json_shown,
    read_card_list,
    read_card_set,
    type_name,
    user_keys,
    whole,
)
from .pinpoint import pinpointed

POSITION_FORMAT = "casino.position/1"
_RULE_KEYS = ("variant", "players", "partnerships") + OPTIONS
_POSITION_KEYS = (
    "format",
    "rules",
    "dealer",
    "turn",
    "deal",
    "table",
    "hands",
    "stock",
    "captured",
    "sweeps",
    "last_capture",
    "scores",
)
_BUILD_KEYS = ("value", "owner", "cards", "kind", "groups")


def check_format(obj: object, expected: str, path: str = "$") -> None:
    """Refuse a document whose ``format`` is missing, unknown or of another major version
    (checked before its keys, so a newer version is named as such)."""
    if not isinstance(obj, dict):
        raise NotationError(f"expected an object, found {type_name(obj)}", path)
    fmt = obj.get("format")
    if fmt is None:
        raise NotationError(f"missing key 'format' (expected {expected!r})", path)
    fmt = expect_str(fmt, f"{path}.format")
    name, _, version = fmt.partition("/")
    want_name, _, want_version = expected.partition("/")
    if name != want_name:
        raise NotationError(f"format {fmt!r} is not {expected!r}", f"{path}.format")
    if version != want_version:
        raise NotationError(
            f"format version {version or '(none)'!r} of {name} is not supported "
            f"(this program reads version {want_version})",
            f"{path}.format",
        )


def read_rules(value: object, path: str = "$.rules") -> Rules:
    """A rule set object: a preset and its overrides (docs/rules.md, Variants and options)."""
    obj = expect_object(value, path, _RULE_KEYS, ("variant", "players"))
    variant = expect_str(obj["variant"], f"{path}.variant")
    players = expect_int(obj["players"], f"{path}.players", 2, 4)
    partnerships = obj.get("partnerships")
    if partnerships is not None:
        partnerships = expect_bool(partnerships, f"{path}.partnerships")
    options = {k: whole(v) for k, v in obj.items() if k in OPTIONS}  # target 21.0 is 21
    key = (variant, players, partnerships, *((k, type(v), v) for k, v in options.items()))
    last_key, last = _LAST_READ[0]
    if key == last_key:
        return last
    try:
        rules = make_rules(variant, players, partnerships, **options)
    except RulesError as exc:
        bad = next((k for k in options if k in str(exc)), None)
        where = f"{path}.{bad}" if bad else (f"{path}.variant" if "variant" in str(exc) else path)
        raise NotationError(rules_problem(exc), where) from None
    _LAST_READ[0] = (key, rules)
    return rules


# The last rule set read, by what the document gives, each option's type with its value (an
# option of 1 is no option of true, though 1 == True): a stream of positions shares its rules.
# Only a rule set that was made is kept, so a value equal to a kept one is of its checked type.
_LAST_READ: list[tuple[tuple[object, ...], Rules]] = [((), make_rules())]


def rules_problem(exc: RulesError) -> str:
    """What is wrong with a rule set, its values quoted as JSON (the engine quotes them as
    Python does: ``not True``)."""
    return exc.bad.worded(json_shown) if exc.bad else str(exc)


def rules_json(rules: Rules) -> dict[str, Any]:
    """Canonical rule set: variant, players, partnerships (4 players), changed options."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    out: dict[str, Any] = {"variant": rules.variant, "players": rules.players}
    if rules.players == 4:
        out["partnerships"] = rules.partnerships
    out.update(rules.overrides())
    return out


# The user data (``_`` keys) of a position document, kept beside the engine's Position for
# the round trip: (where, key, value), where is "", "rules", "table" or "build:<lowest card>".
UserData = tuple[tuple[str, str, object], ...]
_PLACES = frozenset(("", "rules", "table", *(f"build:{code}" for code in CODES)))


def read_position(value: object, path: str = "$", check: bool = True) -> Position:
    """A ``casino.position/1`` document; with ``check``, PositionError lists every inconsistency."""
    return read_position_data(value, path, check)[0]


def read_position_data(value: object, path: str = "$", check: bool = True) -> tuple[Position, UserData]:
    """As :func:`read_position`, with the document's user data (for :func:`position_json`)."""
    check_format(value, POSITION_FORMAT, path)
    obj = expect_object(value, path, _POSITION_KEYS, ("format", "rules", "turn", "table"))
    rules = read_rules(obj["rules"], f"{path}.rules")
    n = rules.players
    seat_max = n - 1
    turn = obj["turn"]
    turn = None if turn is None else expect_int(turn, f"{path}.turn", 0, seat_max)
    dealer = obj.get("dealer")
    if dealer is None:
        if turn is None:
            raise NotationError("a finished position (turn null) must give its dealer", path)
        dealer = (turn - 1) % n
    else:
        dealer = expect_int(dealer, f"{path}.dealer", 0, seat_max)
    loose, builds, build_extra = _read_table(obj["table"], f"{path}.table", rules)
    hands = _read_per_seat(obj.get("hands"), f"{path}.hands", n, _read_hand, None)
    deals = rules.deals_per_hand
    stock, deal = _read_stock_and_deal(obj, path, rules, deals)
    captured = _read_per_seat(obj.get("captured"), f"{path}.captured", n, _read_pile, [])
    sweeps = tuple(_read_per_seat(obj.get("sweeps"), f"{path}.sweeps", n, lambda v, p: expect_int(v, p, 0, 52), 0))
    last = obj.get("last_capture")
    last = None if last is None else expect_int(last, f"{path}.last_capture", 0, seat_max)
    scores = _read_per_seat(
        obj.get("scores"), f"{path}.scores", rules.sides, lambda v, p: expect_int(v, p, -MAX_SCORE, MAX_SCORE), 0
    )
    extra = tuple(("", k, v) for k, v in user_keys(obj))
    pos = Position(
        rules=rules,
        dealer=dealer,
        turn=turn,
        deal=deal,
        loose=loose,
        builds=builds,
        hands=tuple(hands),
        stock=stock,
        captured=tuple(captured),
        sweeps=sweeps,
        last_capture=last,
        scores=tuple(scores),
    )
    if check:
        try:
            check_position(pos)
        except PositionError as exc:  # at the cards and builds as the document writes them
            raise PositionError([pinpointed(problem, obj) for problem in exc.found]) from None
    return pos, extra + _nested_extra(obj) + build_extra


def _nested_extra(obj: dict[str, Any]) -> tuple[Any, ...]:
    """User keys of the rule set and the table, kept for the round trip."""
    out = []
    for where in ("rules", "table"):
        if isinstance(obj.get(where), dict):
            out += [(where, k, v) for k, v in user_keys(obj[where])]
    return tuple(out)


def _read_per_seat(value: object, path: str, size: int, read: Callable[[Any, str], Any], empty: object) -> list[Any]:
    """An array with one entry per seat (or side); missing means the empty start."""
    if value is None:
        return [read(empty, path) if empty is not None else None for _ in range(size)]
    items = expect_list(value, path, 4)
    if len(items) != size:
        raise NotationError(
            f"expected {size} entries (one per {'side' if path.endswith('scores') else 'seat'}), found {len(items)}",
            path,
        )
    return [read(item, f"{path}[{i}]") for i, item in enumerate(items)]


def _read_hand(value: object, path: str) -> Hand:
    """A hand: its cards, null (unknown) or ``{"cards": [...], "count": n}`` (known in part)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return read_card_set(value, path)
    obj = expect_object(value, path, ("cards", "count"), ("count",))
    known = read_card_set(obj.get("cards", []), f"{path}.cards")
    size = expect_int(obj["count"], f"{path}.count", 0, 4)
    if known.bit_count() > size:
        raise NotationError(f"{plural(known.bit_count(), 'card')} known of a hand of {size}", f"{path}.cards")
    return make_hand(known, size)


def hand_json(hand: Hand) -> list[str] | dict[str, object] | None:
    """Canonical hand: its cards when all are known, null when none is, else cards and count."""
    if hand is None:
        return None
    if isinstance(hand, Partial):
        return {"cards": codes_of(hand.known), "count": hand.count} if hand.known else None
    return codes_of(hand)


def _read_pile(value: object, path: str) -> int | Unseen:
    if isinstance(value, list):
        return read_card_set(value, path)
    return Unseen(expect_int(value, path, 0, 52))


def _read_stock_and_deal(
    obj: dict[str, Any], path: str, rules: Rules, deals: int
) -> tuple[tuple[int, ...] | Unseen, int]:
    """The stock and the deal number, each defaulting from the other (an empty start)."""
    per_deal = 4 * rules.players
    deal = obj.get("deal")
    if deal is not None:
        deal = expect_int(deal, f"{path}.deal", 1, deals)
    stock = obj.get("stock")
    if stock is None:
        deal = deals if deal is None else deal
        return Unseen((deals - deal) * per_deal), deal
    if isinstance(stock, list):
        stock = tuple(read_card_list(stock, f"{path}.stock"))
        size = len(stock)
    else:
        stock = Unseen(expect_int(stock, f"{path}.stock", 0, 52))
        size = stock.count
    if deal is None:
        if size % per_deal:
            raise NotationError(
                f"a stock of {plural(size, 'card')} is not a whole number of deals of {per_deal}", f"{path}.stock"
            )
        deal = deals - size // per_deal
        if deal < 1:
            raise NotationError(f"a stock of {size} cards is more than a hand holds", f"{path}.stock")
    return stock, deal


def _read_table(value: object, path: str, rules: Rules) -> tuple[int, tuple[Build, ...], UserData]:
    obj = expect_object(value, path, ("loose", "builds"))
    loose = read_card_set(obj.get("loose", []), f"{path}.loose")
    builds = []
    extra = []  # user keys of builds, tied to the build by its lowest card
    for i, item in enumerate(expect_list(obj.get("builds", []), f"{path}.builds", 26)):
        bpath = f"{path}.builds[{i}]"
        b = expect_object(item, bpath, _BUILD_KEYS, ("value", "owner", "cards"))
        value = expect_int(b["value"], f"{bpath}.value", 0, 100)
        owner = expect_int(b["owner"], f"{bpath}.owner", 0, rules.players - 1)
        cards = read_card_set(b["cards"], f"{bpath}.cards")
        build = make_build(rules, value, owner, cards)
        _check_declared_kind(b, bpath, build, rules)
        builds.append(build)
        if cards:
            extra += [(_build_key(build), k, v) for k, v in user_keys(b)]
    builds.sort(key=lambda b: b.cards & -b.cards)
    return loose, tuple(builds), tuple(extra)


def _build_key(build: Build) -> str:
    """Where a build's user keys are kept: ``build:`` and its lowest card."""
    return f"build:{CODES[build.lowest]}"


def _build_extra(build: Build, extra: dict[str, Any]) -> dict[str, Any]:
    """The user keys of a build: those of every build it grew from (a raised or added-to
    build keeps the cards of the old one, though perhaps not its lowest card)."""
    out: dict[str, Any] = {}
    for where, pairs in extra.items():
        if where.startswith("build:") and build.cards >> CODES.index(where[6:]) & 1:
            out.update(pairs)
    return out


def _check_declared_kind(obj: dict[str, Any], path: str, build: Build, rules: Rules) -> None:
    """Input may state ``kind`` and ``groups``; they must match the cards."""
    if "kind" in obj:
        kind = expect_str(obj["kind"], f"{path}.kind")
        actual = "single" if build.single else "multiple"
        if kind not in ("single", "multiple"):
            raise NotationError(f"kind must be 'single' or 'multiple', not {kind!r}", f"{path}.kind")
        if kind != actual:
            raise PositionError([f"{path}: the build is {actual}, not {kind} as stated"])
    if "groups" in obj:
        groups = expect_list(obj["groups"], f"{path}.groups", 26)
        union = 0
        for k, g in enumerate(groups):
            gpath = f"{path}.groups[{k}]"
            mask = read_card_set(g, gpath)
            if mask & union:
                raise NotationError("a card appears in two groups", gpath)
            union |= mask
            total = sum(rules.values[c] for c in cards_of(mask))
            lone_ace = build.value == 14 and rules.ace_high_builds and mask & ACE_MASK == mask and count(mask) == 1
            if total != build.value and not lone_ace:  # V3: with ace_high_builds an ace alone is worth 14
                raise PositionError(
                    [f"group {' '.join(codes_of(mask))} at {gpath} adds up to {total}, not {build.value}"]
                )
        if union != build.cards:
            raise PositionError([f"the groups at {path}.groups do not hold exactly the build's cards"])


_LAST_RULES: list[tuple[object, dict[str, Any]]] = [(object(), {})]  # nothing written yet


def _last_rules_json(rules: Rules) -> dict[str, Any]:
    """:func:`rules_json`, made again only for another Rules object than last time (the
    positions of a game share theirs; a Rules cannot change). Not to be changed: copy it."""
    last, out = _LAST_RULES[0]
    if rules is not last:
        out = rules_json(rules)
        _LAST_RULES[0] = (rules, out)
    return out


def position_json(pos: Position, user: UserData = ()) -> dict[str, Any]:
    """The canonical ``casino.position/1`` object, with the ``user`` data of
    :func:`read_position_data` put back where it was read."""
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    extra: dict[str, list[tuple[str, object]]] = {"": [], "rules": [], "table": []}
    for where, key, val in _user_data(user):
        extra.setdefault(where, []).append((key, val))
    rules = dict(_last_rules_json(pos.rules))
    rules.update(extra["rules"])
    table = {
        "loose": codes_of(pos.loose),
        "builds": [
            dict({"value": b.value, "owner": b.owner, "cards": codes_of(b.cards)}, **_build_extra(b, extra))
            for b in pos.builds
        ],
    }
    table.update(extra["table"])
    out = {
        "format": POSITION_FORMAT,
        "rules": rules,
        "dealer": pos.dealer,
        "turn": pos.turn,
        "deal": pos.deal,
        "table": table,
        "hands": [hand_json(h) for h in pos.hands],
        "stock": pos.stock.count if isinstance(pos.stock, Unseen) else codes_of_seq(pos.stock),
        "captured": [p.count if isinstance(p, Unseen) else codes_of(p) for p in pos.captured],
        "sweeps": list(pos.sweeps),
        "last_capture": pos.last_capture,
        "scores": list(pos.scores),
    }
    out.update(extra[""])
    return out


def _user_data(user: UserData) -> UserData:
    """``user`` if it is user data as :func:`read_position_data` returns it; a
    :class:`CasinoError` for a key that is no ``_`` key (it would overwrite the position's
    own, a turn or a rule), a TypeError for any other shape."""
    given: object = user  # as a caller without mypy may give it: a dict, say
    if not isinstance(given, tuple) or not all(_triple(t) for t in given):
        raise wrong_type("user", given, "the user data read_position_data returns: (where, key, value) triples")
    for where, key, _ in user:
        if not key.startswith("_") or where not in _PLACES:
            raise CasinoError(
                f"user data is a _ key of the position, its rules, table or a build, not {shown(key)} at {shown(where)}"
            )
    return user


def _triple(item: object) -> bool:
    """Whether ``item`` is a (where, key, value) triple of user data."""
    return isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], str) and isinstance(item[1], str)


def codes_of_seq(cards: Iterable[int]) -> list[str]:
    """Codes of a card sequence, keeping its order (a stock or a deck)."""
    return [CODES[c] for c in cards]
