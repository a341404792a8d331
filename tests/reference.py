"""Independent brute-force reference for the legal moves of Casino (RULES.md contract v1).

Used only by the test suite to cross-check the engine. Written from /work/shared/RULES.md
and /work/shared/NOTATION.md alone; standard library only. Favours obvious correctness:
every card x every subset of table items x every way of splitting into groups.
"""

from functools import cache
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "SHDC"

# RULES.md §1 presets (only the options that matter for move legality are used).
PRESETS = {
    "classic": dict(
        court_values=False,
        ace_high=False,
        court_takes_all=False,
        must_take_equal=False,
        raise_own=True,
        partner_builds=True,
        ace_high_builds=False,
    ),
    "royal": dict(
        court_values=True,
        ace_high=True,
        court_takes_all=False,
        must_take_equal=True,
        raise_own=False,
        partner_builds=False,
        ace_high_builds=False,
    ),
    "american-royal": dict(
        court_values=True,
        ace_high=True,
        court_takes_all=False,
        must_take_equal=False,
        raise_own=True,
        partner_builds=True,
        ace_high_builds=False,
    ),
}


def card_key(card):
    """Sort key for card order: rank A..K, then suit S H D C."""
    return (RANKS.index(card[0]), SUITS.index(card[1]))


def norm(card):
    """Upper-case card code, accepting '10' for T (NOTATION.md input leniency)."""
    card = card.strip().upper()
    return "T" + card[2:] if card.startswith("10") else card


def resolve(rules):
    """Preset plus overrides; adds 'players' and 'partnerships' (default true with 4)."""
    opts = dict(PRESETS[rules["variant"]])
    for name in opts:
        if name in rules:
            opts[name] = bool(rules[name])
    opts["players"] = rules.get("players", 2)
    opts["partnerships"] = opts["players"] == 4 and rules.get("partnerships", True)
    return opts


def value(card, o):
    """V1/V2: value on the table or in a build (ace 1); None for a classic court card."""
    r = card[0]
    if r == "A":
        return 1
    if r == "T":
        return 10
    if r in "JQK":
        return 11 + "JQK".index(r) if o["court_values"] else None
    return int(r)


def capture_values(card, o):
    """C3: the values a card played from the hand may capture as (ace 1 or 14 with V3)."""
    v = value(card, o)
    if v is None:
        return set()  # classic court card: C5 only
    return {1, 14} if card[0] == "A" and o["ace_high"] else {v}


def can_capture(card, v, o):
    """B3/O1: could this held card capture a build of value v? (V=14: ace under ace_high)."""
    return v in capture_values(card, o)


def max_build(o):
    """V4: highest build value."""
    if not o["court_values"]:
        return 10
    return 14 if o["ace_high"] else 13


def subsets(items):
    """Every subset of items (as tuples), including the empty one."""
    for k in range(len(items) + 1):
        yield from combinations(items, k)


@cache
def splits(cards, v):
    """Can these loose cards be split into groups each worth v?

    cards is a sorted tuple of (value or None, pairs) where pairs says the card has the
    played card's rank (C1c pairing). A group is one pairing card alone, or cards whose
    values sum to v (C1b / B4). Exhaustive: the first card must be in some group.
    """
    if not cards:
        return True
    (fv, fpair), rest = cards[0], cards[1:]
    if fpair and splits(rest, v):
        return True
    if fv is None:
        return False
    for k in range(len(rest) + 1):
        for idx in combinations(range(len(rest)), k):
            grp = [rest[i] for i in idx]
            if any(g[0] is None for g in grp) or fv + sum(g[0] for g in grp) != v:
                continue
            left = tuple(c for i, c in enumerate(rest) if i not in idx)
            if splits(left, v):
                return True
    return False


def loose_split(loose, v, o, pair_rank=None):
    """Split loose card codes into groups of v; pairing only when pair_rank is given."""
    key = tuple(
        sorted(((value(c, o), c[0] == pair_rank) for c in loose), key=lambda t: (t[0] is None, t[0] or 0, t[1]))
    )
    return splits(key, v)


def build_items(loose, o, lone):
    """Loose card codes as the sorted (value, alone) tuple of :func:`splits`; ``lone``: a
    build of 14 under ace_high_builds, where an ace may be a group on its own (V3, B4)."""
    return tuple(
        sorted(((value(c, o), lone and c[0] == "A") for c in loose), key=lambda t: (t[0] is None, t[0] or 0, t[1]))
    )


@cache
def card_group_split(cv, items, V):
    """B4(a): played value cv plus some loose values make V; the rest split into V-groups
    (items as from :func:`build_items`)."""
    if any(v is None for v, _ in items):  # V2: courts never sum
        return False
    for k in range(len(items) + 1):
        for idx in combinations(range(len(items)), k):
            if cv + sum(items[i][0] for i in idx) == V:
                left = tuple(items[i] for i in range(len(items)) if i not in idx)
                if splits(left, V):
                    return True
    return False


def reference_moves(position):
    """Return the set of canonical move texts of every legal move for seat `turn`."""
    o = resolve(position["rules"])
    me = position["turn"]
    partner = (me + 2) % 4 if o["partnerships"] else None
    hand = [norm(c) for c in position["hands"][me]]
    table = position.get("table") or {}
    loose = [norm(c) for c in table.get("loose", [])]
    builds = [
        dict(value=b["value"], owner=b["owner"], cards=[norm(c) for c in b["cards"]]) for b in table.get("builds", [])
    ]
    # Items: ("L", card) for a loose card, ("B", index) for a build (always whole).
    items = [("L", c) for c in loose] + [("B", i) for i in range(len(builds))]

    def cards_of(used):
        out = []
        for kind, x in used:
            out += [x] if kind == "L" else builds[x]["cards"]
        return sorted(out, key=card_key)

    def owner_ok(rest_hand, kept_builds, extra=()):
        """O1: for every build the mover owns after the move, it holds a capturing card."""
        vals = [builds[i]["value"] for i in kept_builds if builds[i]["owner"] == me]
        return all(any(can_capture(h, v, o) for h in rest_hand) for v in [*vals, *extra])

    def is_single(b):
        """§0: a build is single when its card values sum exactly to its value."""
        return sum(value(c, o) for c in b["cards"]) == b["value"]

    moves = set()
    for card in hand:
        rest_hand = [h for h in hand if h != card]
        same_rank = [c for c in loose if c[0] == card[0]]

        # --- Trail (T1-T3) ---
        owns_build = any(b["owner"] == me for b in builds)
        if not owns_build and not (o["must_take_equal"] and same_rank) and owner_ok(rest_hand, range(len(builds))):
            moves.add(card)  # T2/O2, T3

        for used in subsets(items):
            if not used:
                continue
            u_loose = [x for k, x in used if k == "L"]
            u_builds = [x for k, x in used if k == "B"]
            kept = [i for i in range(len(builds)) if i not in u_builds]

            # --- Capture (C1-C7) ---
            if value(card, o) is None:
                # C5: classic court takes exactly one loose card of its rank
                # (court_takes_all: any number of them), nothing else.
                ok = (
                    not u_builds
                    and all(c[0] == card[0] for c in u_loose)
                    and (len(u_loose) == 1 or o["court_takes_all"])
                )
            else:
                # C1/C2: each build is a group alone (value v); loose cards split into
                # sum-v groups or same-rank pairs; C3: ace_high ace tries 1 and 14.
                ok = any(
                    all(builds[i]["value"] == v for i in u_builds) and loose_split(u_loose, v, o, pair_rank=card[0])
                    for v in capture_values(card, o)
                )
            if ok and o["must_take_equal"] and not set(same_rank) <= set(u_loose):
                ok = False  # C6: must include every loose card of the played rank
            if ok and owner_ok(rest_hand, kept):  # O1
                moves.add(card + "x" + "+".join(cards_of(used)))

            # --- Build (B1-B8) ---
            cv = value(card, o)
            if cv is None or len(u_builds) > 1:  # B1; B8 at most one existing build
                continue
            b = builds[u_builds[0]] if u_builds else None
            for V in range(2, max_build(o) + 1):  # V4
                if not any(can_capture(h, V, o) for h in rest_hand):  # B3
                    continue
                # V3 with ace_high_builds: in a build of 14 any ace may be a group of its own.
                lone = o["ace_high_builds"] and V == 14
                loose_items = build_items(u_loose, o, lone)
                legal = False
                # B4(a): card with zero or more loose cards makes a group worth V; the
                # other loose cards form V-groups; a used build must itself be worth V
                # (adding to it). Adding to your own build is allowed (B6 limits raises).
                if b is None or (b["value"] == V and (b["owner"] != partner or o["partner_builds"])):  # B7
                    legal = card_group_split(cv, loose_items, V)
                    if lone and card[0] == "A":  # the played ace alone, a group of 14
                        legal = legal or splits(loose_items, V)
                # B4(b): card alone with a SINGLE build of value V - value(card) (B5);
                # loose cards may only join as further groups worth V.
                if (
                    not legal
                    and b is not None
                    and b["value"] == V - cv
                    and is_single(b)
                    and (b["owner"] != me or o["raise_own"])  # B6
                    and (b["owner"] != partner or o["partner_builds"])  # B7
                    and splits(loose_items, V)
                ):
                    legal = True
                if legal and owner_ok(rest_hand, kept, extra=[V]):  # B3 + O1
                    moves.add(card + "+" + "+".join(cards_of(used)) + "=" + str(V))
    return moves
