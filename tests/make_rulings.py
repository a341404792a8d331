"""Write the golden rulings of fixtures/rulings/ (from the project root:
``python tests/make_rulings.py``), after a deliberate change of a ruling or its wording.
Review the diff: tests/test_rulings.py checks every file against a brute force too."""

from __future__ import annotations

import json
from pathlib import Path

from casino_cli.cards import CODES, cards_of
from casino_cli.engine import seeded_deck, start_position, unseen_cards
from casino_cli.notation.moves import read_move
from casino_cli.notation.position import read_position
from casino_cli.records.disputes import rule_on_record
from casino_cli.records.record import read_record
from casino_cli.records.ruling import ruling_json

OUT = Path("fixtures/rulings")
CLASSIC = {"variant": "classic", "players": 2}
ROYAL = {"variant": "royal", "players": 2}
ROYAL_4 = {"variant": "royal", "players": 4}
AMERICAN_4 = {"variant": "american-royal", "players": 4}
ROYAL_3 = {"variant": "royal", "players": 3}
TABLE = ["7D", "2C", "9S", "KH"]
NAMES = ["Ana", "Ben"]


def record(rules: dict, moves: list, shown: list | None = None, players: list | None = None) -> dict:
    hand: dict = {"dealer": rules["players"] - 1, "table": TABLE, "moves": moves}  # seat 0 plays first
    if shown:
        hand["shown"] = shown
    out: dict = {"format": "casino.record/1", "rules": rules}
    if players:
        out["players"] = players
    out["hands"] = [hand]
    return out


def position(count: int) -> dict:
    """Seat 0 owns an 8-build and holds 2C 6D of ``count`` cards."""
    return {
        "format": "casino.position/1",
        "rules": CLASSIC,
        "dealer": 1,
        "turn": 0,
        "table": {"loose": ["4C", "9H"], "builds": [{"value": 8, "owner": 0, "cards": ["5S", "3H"]}]},
        "hands": [{"cards": ["2C", "6D"], "count": count}, None],
    }


RECORDS = {
    "01-b3-unsettled": (
        "Ben built 7 with the record stopping there: did he hold a 7?",
        record(CLASSIC, ["3H", "4S+3H=7"], players=NAMES),
        2,
    ),
    "02-b3-illegal-complete": (
        "The whole deal is written down: Ben never held a 7.",
        record(CLASSIC, ["3H", "4S+3H=7", "8S", "6D", "5C", "QC", "TD", "AH"], players=NAMES),
        2,
    ),
    "03-b3-legal-played-later": (
        "Ben plays his 7 later in the deal, so he held it.",
        record(CLASSIC, ["3H", "4S+3H=7", "8S", "7Cx4S+3H"], players=NAMES),
        2,
    ),
    "04-b3-illegal-every-seven-seen": (
        "Every other 7 is seen elsewhere: 7D on the table, Ana plays 7S and showed 7H 7C.",
        record(CLASSIC, ["3H", "4S+3H=7", "7S"], shown=[{"after": 0, "seat": 0, "cards": ["7H", "7C"]}]),
        2,
    ),
    "05-o1-unsettled": (
        "Ben owns a 7-build and captures with his 9: does he keep a 7?",
        record(CLASSIC, ["3H", "4S+3H=7", "8S", "9Hx9S"]),
        4,
    ),
    "06-shown-settles": (
        "Ben showed a 7 after building, which settles it.",
        record(CLASSIC, ["3H", "4S+3H=7"], shown=[{"after": 2, "seat": 1, "cards": ["7C"]}]),
        2,
    ),
    "07-shown-all-illegal": (
        "Ben showed his whole hand after building 7: no 7 in it.",
        record(CLASSIC, ["3H", "4S+3H=7"], shown=[{"after": 2, "seat": 1, "cards": ["6D", "QC", "AH"], "all": True}]),
        2,
    ),
    "08-t3-illegal-partial": (
        "Royal: a card matching a loose card of its rank may not be trailed, whatever else is held.",
        record(ROYAL, ["3H", "9H"]),
        2,
    ),
    "09-royal-fourteen-unsettled": (
        "Royal: 5S builds 14 on 9S; only an ace (14) can capture it.",
        record(ROYAL, ["3H", "5S+9S=14"]),
        2,
    ),
    "10-trail-legal-partial": (
        "A trail with no build on the table is legal whatever the other cards.",
        record(CLASSIC, ["3H", "4S"]),
        2,
    ),
    "16-shown-contradiction": (
        "Ben is said to have shown 3H before the first move, but Ana played 3H: "
        "the entry is a card finding and is left out.",
        record(CLASSIC, ["3H", "4S+3H=7"], shown=[{"after": 0, "seat": 1, "cards": ["3H"]}]),
        2,
    ),
    "17-royal-4-partner-raise-illegal": (
        "Royal, partners Ana & Carla: Carla raises Ana's 7-build to 8, which royal forbids (B7).",
        record(ROYAL_4, ["5S+2C=7", "8S", "AC+5S+2C=8"], players=["Ana", "Ben", "Carla", "Dan"]),
        3,
    ),
    "18-american-royal-4-partner-raise-unsettled": (
        "The same under american-royal, where partner_builds allows it: did Carla hold an 8 (8S is on the table)?",
        record(AMERICAN_4, ["5S+2C=7", "8S", "AC+5S+2C=8"], players=["Ana", "Ben", "Carla", "Dan"]),
        3,
    ),
    "19-royal-3-raise-eights-seen-elsewhere": (
        "Three players: Ben raises Ana's 7 to 8; Cy showed 8H 8D, so only 8S or 8C can answer for it.",
        record(ROYAL_3, ["5S+2C=7", "AC+5S+2C=8"], shown=[{"after": 0, "seat": 2, "cards": ["8H", "8D"]}]),
        2,
    ),
}

POSITIONS = {
    "11-position-o1-unsettled": ("Seat 0 owns an 8-build and builds 6 with its 2C: does it keep an 8?", 4, "2C+4C=6"),
    "12-position-two-values-unsettled": (
        "Building 10 with 6D leaves seat 0 needing a 10 and an 8 among two unknown cards.",
        4,
        "6D+4C=10",
    ),
    "13-position-two-values-one-card": (
        "The same with one unknown card: no single card captures both 10 and 8.",
        3,
        "6D+4C=10",
    ),
    "14-position-card-seen-elsewhere": ("9H is on the table, so seat 0 cannot play it.", 4, "9H"),
    "15-position-unknown-card-played": (
        "An unseen card played from a partly known hand is taken as held.",
        4,
        "8Dx5S+3H",
    ),
}

CORPUS = (
    "fixtures/records/corpus/classic-2.jsonl",
    "fixtures/records/corpus/royal-2-most-spades.jsonl",
    "fixtures/records/corpus/american-royal-3.jsonl",
)
CUTS = range(24, 48)  # late in the hand, where few cards are left to hold


def write(name: str, doc: dict) -> None:
    (OUT / f"{name}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    ruling = doc["ruling"]
    print(name, ruling["verdict"], ruling.get("rule", ""), ruling["message"])


def corpus_cut(path: str, cut: int) -> dict:
    """Hand 1 of the first game of a corpus file, written down at the table, stopped after move ``cut``."""
    doc = json.loads(Path(path).read_text(encoding="utf-8").splitlines()[0])
    rules = read_record(doc).rules
    hand = doc["hands"][0]
    pos = start_position(rules, seeded_deck(doc["seed"], 1), hand["dealer"])
    table = [CODES[c] for c in cards_of(pos.loose)]
    return {
        "format": "casino.record/1",
        "rules": doc["rules"],
        "hands": [{"dealer": hand["dealer"], "table": table, "moves": hand["moves"][:cut]}],
    }


def corpus_rulings() -> None:
    """For each corpus file, the first unsettled ruling among the last moves of a cut."""
    found = 0
    for path in CORPUS:
        for cut, move in ((c, m) for c in CUTS for m in range(c - 3, c + 1)):
            written = corpus_cut(path, cut)
            ruling, _ = rule_on_record(read_record(written), 1, move)
            if ruling["verdict"] == "unsettled":
                stem = Path(path).name.split(".")[0]
                about = f"Hand 1 of the first game of {path}, written down at the table and stopped after move {cut}."
                doc = {"_about": about, "record": written, "hand": 1, "move": move, "ruling": ruling}
                write(f"2{found}-corpus-{stem}-cut-{cut}-move-{move}", doc)
                found += 1
                break


def main() -> None:
    for name, (about, count, text) in POSITIONS.items():
        pos = read_position(position(count))
        ruling = ruling_json(pos, read_move(text), unseen_cards(pos))
        write(name, {"_about": about, "position": position(count), "text": text, "ruling": ruling})
    for name, (about, written, move) in RECORDS.items():
        ruling, earlier = rule_on_record(read_record(written), 1, move)
        doc = {"_about": about, "record": written, "hand": 1, "move": move, "ruling": ruling}
        if earlier is not None:
            doc["finding"] = earlier.as_json()
        write(name, doc)
    corpus_rulings()


if __name__ == "__main__":
    main()
