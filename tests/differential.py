"""Print a digest of the engine's answers over many positions: ``ENGINE POSITIONS TABLES SHA256``.

Run as a script (``python tests/differential.py N``) by tests/test_compiled_engine.py and
tests/test_packaging.py, once with the compiled engine and once with
``CASINO_ENGINE=python``: the digests must be equal. Positions come from seeded random play
in every variant and player count (N in all), plus crowded tables (bench/crowded.py) whose
listings are truncated; for each, the digest takes the listing (moves, facts, truncated),
the position after a random listed move, and the judge's answer (the facts, or the rule and
message of the refusal) on a random capture that may well be illegal.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from crowded import crowded  # noqa: E402

import casino_cli  # noqa: E402
from casino_cli.engine import (  # noqa: E402
    IllegalMove,
    Move,
    judge,
    legal_moves,
    make_rules,
    play_judged,
    seeded_deck,
    start_position,  # noqa: E402
)
from casino_cli.engine.position import Position  # noqa: E402

CONFIGS = [(v, p) for v in ("classic", "royal", "american-royal") for p in (2, 3, 4)]


def _visit(pos: Position, rng: random.Random, digest: hashlib._Hash) -> Position | None:
    """Add what the engine says about ``pos``; the position after a random listed move."""
    listing = legal_moves(pos)
    digest.update(repr((tuple(listing.moves), tuple(listing.facts), listing.truncated)).encode())
    hand = pos.hands[pos.turn] if pos.turn is not None else None
    if isinstance(hand, int) and hand:
        cards = [c for c in range(52) if hand >> c & 1]
        table = [c for c in range(52) if pos.loose >> c & 1]
        taken = sum(1 << c for c in table if rng.random() < 0.3)
        try:
            answer = repr(judge(pos, Move("capture", rng.choice(cards), taken)))
        except IllegalMove as exc:
            answer = f"{exc.rule} {exc.message}"
        digest.update(answer.encode())
    if not listing.moves:
        return None
    i = rng.randrange(len(listing.moves))
    after = play_judged(pos, listing.moves[i], listing.facts[i])
    digest.update(repr(after).encode())
    return after


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    digest = hashlib.sha256()
    count = tables = 0  # positions of random play; crowded tables
    for variant, players in CONFIGS:
        rules = make_rules(variant, players)
        rng = random.Random(f"differential/{variant}/{players}")
        quota = (total - count) // (len(CONFIGS) - CONFIGS.index((variant, players)))
        hand = 0
        while quota > 0:
            hand += 1
            pos: Position | None = start_position(rules, seeded_deck(f"d/{variant}/{players}/{hand}"), players - 1)
            while pos is not None and not pos.finished and quota > 0:
                pos = _visit(pos, rng, digest)
                count += 1
                quota -= 1
        if players == 2:
            for k in range(8):
                _visit(crowded(rules, 20 + 3 * k, k % 2 == 1, random.Random(f"d/crowded/{variant}/{k}")), rng, digest)
                tables += 1
    print(casino_cli.ENGINE, count, tables, digest.hexdigest())


if __name__ == "__main__":
    main()
