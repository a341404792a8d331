"""Game records (``casino.record/1``) and the referee: walk(), record_score() and
``casino validate`` / ``casino score``.

Records are built in the tests: random legal play on seeded decks for valid games, and
decks arranged with :func:`deck_for` to plant an exact situation for each rule the
referee cites.
"""

from __future__ import annotations

import random

import orjson
import pytest
from clirun import casino
from inproc import cli

from casino_cli.cards import CODES, parse_card
from casino_cli.engine import (
    SHUFFLE,
    RulesError,
    apply_move,
    dealer_for_hand,
    legal_moves,
    make_rules,
    seeded_deck,
    start_position,
)
from casino_cli.engine.play import next_deal
from casino_cli.engine.scoring import game_after_hand, score_hand
from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import move_json
from casino_cli.records.record import read_record
from casino_cli.records.referee import Finding, HandEnd, HandStart, Step, walk
from casino_cli.records.scoresheet import record_score

# --- building records ------------------------------------------------------------------------


def deck_for(players: int, dealer: int, table, hands, later=()) -> list[str]:
    """A 52-card deck in dealing order (D2) that deals ``hands`` (4 codes per seat) and
    ``table`` (4 codes) in the first deal and ``later[k]`` (4 codes per seat) in deal k+2;
    the remaining cards follow in card order. Packets of two from the seat after the
    dealer, the table's two just before the dealer's."""
    first = (dealer + 1) % players
    seq: list[str] = []
    for r in range(2):
        for k in range(players):
            seat = (first + k) % players
            if seat == dealer:
                seq += table[2 * r : 2 * r + 2]
            seq += hands[seat][2 * r : 2 * r + 2]
    for deal in later:
        for r in range(2):
            for k in range(players):
                seq += deal[(first + k) % players][2 * r : 2 * r + 2]
    assert len(seq) == len(set(seq)), "a card planted twice"
    return seq + [c for c in CODES if c not in seq]


def rules_json(variant: str, players: int, partnerships=None, **options) -> dict:
    out = {"variant": variant, "players": players}
    if partnerships is not None:
        out["partnerships"] = partnerships
    out.update(options)
    return out


def planted(variant: str, players: int, table, hands, moves, dealer=None, **options) -> dict:
    """A one-hand record whose deck deals exactly ``hands`` and ``table``."""
    dealer = players - 1 if dealer is None else dealer
    return {
        "format": "casino.record/1",
        "rules": rules_json(variant, players, **options),
        "hands": [{"dealer": dealer, "deck": deck_for(players, dealer, table, hands), "moves": moves}],
    }


def play_hand(rules, deck, dealer, scores, rng, objects=False):
    """Random legal play of a whole hand: (moves as written, finished position)."""
    pos = start_position(rules, tuple(deck), dealer, scores)
    moves = []
    while not pos.finished:
        move = rng.choice(legal_moves(pos).moves)
        if objects and rng.random() < 0.3:
            moves.append({**move_json(move), "seat": pos.turn})
        else:
            moves.append(move.text())
        pos = apply_move(pos, move)
    return moves, pos


def random_game(
    variant,
    players,
    partnerships=None,
    seed="night",
    play=0,
    max_hands=3,
    objects=True,
    claims=True,
    keep_deck=True,
    **options,
) -> dict:
    """A record of random legal play on the seeded decks of ``seed``, with true claims."""
    rules = make_rules(variant, players, partnerships, **options)
    rng = random.Random(f"{seed}/{play}")
    scores = (0,) * rules.sides
    dealer = players - 1
    hands = []
    winner = None
    for number in range(1, max_hands + 1):
        deck = seeded_deck(seed, number)
        moves, pos = play_hand(rules, deck, dealer, scores, rng, objects)
        score = score_hand(pos)
        game = game_after_hand(rules, scores, score)
        hand = {"dealer": dealer}
        if keep_deck:
            hand["deck"] = [CODES[c] for c in deck]
        hand["moves"] = moves
        if claims:
            hand["score"] = list(score.points)
        hands.append(hand)
        scores, dealer = game.scores, (dealer + (-1 if rules.deal_passes == "previous" else 1)) % players  # D4
        if game.winner is not None:
            winner = game.winner
            break
    record = {
        "format": "casino.record/1",
        "rules": rules_json(variant, players, partnerships, **options),
        "seed": seed,
        "hands": hands,
    }
    if not keep_deck:
        record["shuffle"] = SHUFFLE
    if claims:
        record["result"] = {"scores": list(scores), "winner": winner}
    return record


def events(record: dict, keep_going: bool = False) -> list:
    return list(walk(read_record(record), keep_going))


def findings(record: dict, keep_going: bool = False) -> list[Finding]:
    return [e for e in events(record, keep_going) if isinstance(e, Finding)]


def first_table(record: dict, hand: int = 0) -> list[str]:
    """The four cards on the table after the first deal of a deck record's hand."""
    h = record["hands"][hand]
    rules = read_record(record).rules
    pos = start_position(rules, tuple(parse_card(c) for c in h["deck"]), h["dealer"])
    return [CODES[c] for c in range(52) if pos.loose >> c & 1]


def table_only(record: dict) -> dict:
    """The same game written down at a table: no decks, only each hand's table cards."""
    out = dict(record, hands=[])
    out.pop("seed", None)
    out.pop("shuffle", None)
    for i, h in enumerate(record["hands"]):
        hand = {"dealer": h["dealer"], "table": first_table(record, i), "moves": h["moves"]}
        if "score" in h:
            hand["score"] = h["score"]
        out["hands"].append(hand)
    return out


def jsonl(*records) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in records)


# --- the helper itself -----------------------------------------------------------------------


@pytest.mark.parametrize("players,dealer", [(2, 1), (2, 0), (3, 2), (3, 0), (4, 3), (4, 1)])
def test_deck_for_deals_what_it_plants(players, dealer):
    seats = [list(CODES[8 + 4 * s : 12 + 4 * s]) for s in range(players)]
    later = [[list(CODES[30 + 4 * s : 34 + 4 * s]) for s in range(players)]] if players < 4 else []
    deck = deck_for(players, dealer, ["AS", "AH", "AD", "AC"], seats, later)
    if players == 2 and dealer == 1:  # the layout of D2 spelled out
        assert deck[:12] == seats[0][:2] + ["AS", "AH"] + seats[1][:2] + seats[0][2:] + ["AD", "AC"] + seats[1][2:]
    rules = make_rules("classic", players)
    pos = start_position(rules, tuple(parse_card(c) for c in deck), dealer)
    assert pos.loose == sum(1 << c for c in range(4))
    for s in range(players):
        assert pos.hands[s] == sum(1 << parse_card(c) for c in seats[s])
    if later:  # deal 2 comes next from the stock, in the same packets
        second = next_deal(pos._replace(hands=(0,) * players))
        for s in range(players):
            assert second.hands[s] == sum(1 << parse_card(c) for c in later[0][s])


# --- valid records ---------------------------------------------------------------------------

TABLES = [
    (v, p, ps)
    for v in ("classic", "royal", "american-royal")
    for p in (2, 3, 4)
    for ps in ((True, False) if p == 4 else (None,))
    if not (v == "royal" and ps is False)
]


@pytest.fixture(scope="module")
def valid_records() -> list[dict]:
    return [random_game(v, p, ps, seed=f"valid-{v}-{p}-{ps}") for v, p, ps in TABLES]


def test_random_games_of_every_table_are_valid(valid_records):
    assert len(valid_records) == 11
    for record in valid_records:
        evs = events(record)
        assert [e for e in evs if isinstance(e, Finding)] == []
        ends = [e for e in evs if isinstance(e, HandEnd)]
        assert len(ends) == len(record["hands"])
        assert [list(e.score.points) for e in ends] == [h["score"] for h in record["hands"]]
        assert list(ends[-1].game.scores) == record["result"]["scores"]
        steps = [e for e in evs if isinstance(e, Step)]
        assert len(steps) == sum(len(h["moves"]) for h in record["hands"])
        assert sum(isinstance(e, HandStart) for e in evs) == len(record["hands"])
        assert all(0 <= s.seat < record["rules"]["players"] for s in steps)


def test_random_games_use_both_move_forms(valid_records):
    moves = [m for r in valid_records for h in r["hands"] for m in h["moves"]]
    assert any(isinstance(m, dict) for m in moves) and any(isinstance(m, str) for m in moves)


def test_a_game_played_to_its_end_is_valid_with_its_result():
    for variant in ("classic", "royal"):
        record = random_game(variant, 2, seed=f"to-the-end-{variant}", max_hands=12)
        assert record["result"]["winner"] is not None
        assert findings(record) == []
        doc, found = record_score(read_record(record))
        assert found == [] and doc["winner"] == record["result"]["winner"]
        assert doc["scores"] == record["result"]["scores"]
        assert [h["points"] for h in doc["hands"]] == [h["score"] for h in record["hands"]]


def test_a_record_may_stop_mid_hand():
    record = random_game("royal", 2, seed="mid", max_hands=2, claims=False)
    record["hands"][1]["moves"] = record["hands"][1]["moves"][:13]
    evs = events(record)
    assert [e for e in evs if isinstance(e, Finding)] == []
    assert sum(isinstance(e, HandEnd) for e in evs) == 1
    assert isinstance(evs[-1], Step) and evs[-1].number == 13


@pytest.mark.parametrize("cut", [0, 1, 13])
def test_the_score_of_a_record_stopped_mid_hand_says_where(cut):
    """The sheet scores the finished hands and says where the last one stops and who is to
    play (it said only "game goes on"), in JSON, text and pretty; not for a whole record."""
    record = random_game("royal", 2, seed="mid", max_hands=2, claims=False)
    whole, _ = record_score(read_record(record))
    assert "stops" not in whole
    record["hands"][1]["moves"] = record["hands"][1]["moves"][:cut]
    record.pop("result", None)
    doc, found = record_score(read_record(record))
    dealer = record["hands"][1].get("dealer", 1 - record["hands"][0]["dealer"])
    assert found == [] and len(doc["hands"]) == 1
    assert doc["stops"] == {"hand": 2, "moves": cut, "turn": (dealer + 1 + cut) % 2}
    where = f"after move {cut} of" if cut else "before the first move of"
    text = cli("score", "-", "-f", "text", stdin=orjson.dumps(record))
    assert text.stdout.decode().splitlines()[-1] == (
        f"result: game goes on; the record stops {where} hand 2: seat {doc['stops']['turn']} to play"
    )


def test_the_pretty_score_of_a_record_with_no_hand_finished():
    """A record stopped in its first hand has an empty sheet: pretty output says the result
    and where it stops (it failed inside rich, exit 70, on a table of no rows)."""
    record = random_game("classic", 2, seed="first", max_hands=1, claims=False)
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:3]
    record.pop("result", None)
    out = cli("score", "-", "-f", "pretty", stdin=orjson.dumps(record))
    assert out.returncode == 0, out.stderr
    assert "the game goes on; the record stops after move 3 of hand 1" in " ".join(out.stdout.decode().split())
    doc, found = record_score(read_record(record))  # the JSON: no hand scored, so the game stands at 0-0
    assert found == [] and doc["hands"] == [] and doc["scores"] == [0, 0] and doc["winner"] is None


def test_an_illegal_move_in_the_last_hand_is_no_stop():
    record = random_game("classic", 2, seed="mid", max_hands=2, claims=False)
    record["hands"][1]["moves"] = record["hands"][1]["moves"][:5] + ["KC"] * 2
    doc, found = record_score(read_record(record))
    assert found and not found[-1].unchecked and "stops" not in doc


def test_dealer_may_be_left_out_after_the_first_hand():
    record = random_game("classic", 3, seed="dealers", max_hands=3)
    for h in record["hands"][1:]:
        del h["dealer"]
    assert findings(record) == []


# --- planted illegal moves: one per rule -----------------------------------------------------

X = ["KC", "KD", "QC", "QD"]
#: rule -> (record, (hand, move, seat, text)) of the expected finding
PLANTED = {
    "C1": (
        planted("classic", 2, ["8D", "5C", "3H", "6S"], [["9S", "2C", "4D", "7H"], X], ["9Sx5C+3H"]),
        (1, 1, 0, "9Sx3H+5C"),
    ),
    "C2": (
        planted(
            "classic",
            2,
            ["5D", "2H", "8C", "6S"],
            [["2C", "7H", "3D", "4S"], ["9S", "KC", "KD", "QC"]],
            ["2C+5D=7", "9Sx2C+5D+2H"],
        ),
        (1, 2, 1, "9Sx2H+2C+5D"),
    ),
    "C5": (
        planted(
            "classic", 2, ["KS", "KD", "5C", "3H"], [["KH", "7H", "3D", "4S"], ["9S", "8C", "8D", "QC"]], ["KHxKS+KD"]
        ),
        (1, 1, 0, "KHxKS+KD"),
    ),
    "C6": (
        planted(
            "royal",
            2,
            ["TH", "TS", "8C", "6D"],
            [["TD", "AC", "5H", "9S"], X],
            [{"type": "capture", "card": "TD", "takes": ["TH"]}],
        ),
        (1, 1, 0, "TDxTH"),
    ),
    "B1": (
        planted("classic", 2, ["5D", "2H", "8C", "6S"], [["JH", "7H", "3D", "4S"], X], ["JH+5D=5"]),
        (1, 1, 0, "JH+5D=5"),
    ),
    "B3": (
        planted("classic", 2, ["5D", "2H", "8C", "6S"], [["9H", "7H", "3S", "4S"], X], ["3S+5D=8"]),
        (1, 1, 0, "3S+5D=8"),
    ),
    "B4": (
        planted("classic", 2, ["5D", "2H", "8C", "6S"], [["9H", "7H", "3S", "4S"], X], ["3S+5D=9"]),
        (1, 1, 0, "3S+5D=9"),
    ),
    "B5": (
        planted(
            "classic",
            2,
            ["2H", "5C", "KS", "QS"],
            [["3D", "5S", "JH", "JD"], ["AS", "6D", "KC", "QC"]],
            ["3D+2H+5C=5", "AS+2H+3D+5C=6"],
        ),
        (1, 2, 1, "AS+2H+3D+5C=6"),
    ),
    "B6": (
        planted(
            "royal",
            2,
            ["6C", "9D", "KS", "QH"],
            [["4H", "2S", "QD", "TC"], ["3C", "7S", "8H", "JD"]],
            ["4H+6C=10", "3C", {"type": "build", "card": "2S", "value": 12, "uses": ["6C", "4H"], "seat": 0}],
        ),
        (1, 3, 0, "2S+4H+6C=12"),
    ),
    "B7": (
        planted(
            "royal",
            4,
            ["6C", "9D", "KS", "QH"],
            [["4H", "TC", "5S", "7D"], ["3C", "8S", "9H", "JD"], ["2S", "QD", "KC", "6H"], ["AS", "AH", "AD", "AC"]],
            ["4H+6C=10", "3C", "2S+4H+6C=12"],
        ),
        (1, 3, 2, "2S+4H+6C=12"),
    ),
    "B8": (
        planted(
            "classic",
            2,
            ["2C", "3H", "9D", "KS"],
            [["3D", "AH", "5S", "TC"], ["4S", "7C", "KH", "QC"]],
            ["3D+2C=5", "4S+3H=7", "AH+2C+3D+3H+4S=6"],
        ),
        (1, 3, 0, "AH+2C+3H+3D+4S=6"),
    ),
    "T2": (
        planted(
            "classic",
            2,
            ["2C", "3H", "9D", "KS"],
            [["3D", "AH", "5S", "TC"], ["4S", "7C", "KH", "QC"]],
            ["3D+2C=5", "KH", "TC"],
        ),
        (1, 3, 0, "TC"),
    ),
    "T3": (planted("royal", 2, ["5D", "9C", "KS", "QH"], [["5S", "AH", "3D", "4S"], X], ["5S"]), (1, 1, 0, "5S")),
    "O1": (
        planted(
            "classic",
            2,
            ["5H", "8D", "KS", "QS"],
            [["3S", "8C", "2H", "9D"], ["4S", "7C", "KH", "QC"]],
            ["3S+5H=8", "KH", "8Cx8D"],
        ),
        (1, 3, 0, "8Cx8D"),
    ),
    "turn": (
        planted(
            "classic",
            2,
            ["5H", "8D", "KS", "QS"],
            [["3S", "8C", "2H", "9D"], X],
            ["9D", {"type": "trail", "card": "KC", "seat": 0}],
        ),
        (1, 2, 1, "KC"),
    ),
    "card": (
        planted("classic", 2, ["5H", "8D", "KS", "QS"], [["3S", "8C", "2H", "9D"], X], ["9D", "7C"]),
        (1, 2, 1, "7C"),
    ),
    "notation": (
        planted("classic", 2, ["5H", "8D", "KS", "QS"], [["3S", "8C", "2H", "9D"], X], ["9D", "KC", "Z9"]),
        (1, 3, 0, "Z9"),
    ),
}


@pytest.mark.parametrize("rule", sorted(PLANTED))
def test_planted_illegal_move_is_reported_with_its_rule(rule):
    record, (hand, move, seat, text) = PLANTED[rule]
    found = findings(record)
    assert len(found) == 1, found
    f = found[0]
    assert (f.rule, f.hand, f.move, f.seat, f.text) == (rule, hand, move, seat, text)
    assert not f.unchecked
    assert f.message
    if rule not in ("turn", "notation"):
        assert f.message.startswith(f"{text} is illegal")
    # the moves before it were played
    steps = [e for e in events(record) if isinstance(e, Step)]
    assert len(steps) == move - 1


def test_planted_in_hand_2_names_hand_2_and_its_seat():
    record = random_game("classic", 2, seed="second-hand", max_hands=1, claims=False)
    deck = deck_for(2, 0, ["8D", "5C", "3H", "6S"], [X, ["9S", "2C", "4D", "7H"]])  # dealer 0: seat 1 leads
    record["hands"].append({"deck": deck, "moves": ["9S", "KC", "9Sx5C+3H"]})
    found = findings(record)
    assert [(f.rule, f.hand, f.move, f.seat) for f in found] == [("card", 2, 3, 1)]  # 9S was trailed
    record["hands"][1]["moves"] = ["2C", "KC", "9Sx5C+3H"]
    found = findings(record)
    assert [(f.rule, f.hand, f.move, f.seat, f.text) for f in found] == [("C1", 2, 3, 1, "9Sx3H+5C")]


def test_every_view_of_a_finding_reads_the_records_comment_on_its_move_one_way(monkeypatch, tmp_path):
    """validate, score, replay and review (on stderr) and the replay page give the comment
    on the move found at fault; one function reads it for them all (there were two)."""
    shown = "fixtures/text/shown.json"
    runs = [("validate", "-f", "text"), ("score", "-f", "json"), ("replay", "-f", "json"), ("review", "-f", "json")]
    page = tmp_path / "page.html"
    for comment in ("Ana: he has no seven", "read once"):
        for args in runs:
            done = cli(args[0], shown, *args[1:])
            assert f"(B3) {{{comment}}}" in done.stdout.decode() + done.stderr, args
        cli("replay", shown, "--html", str(page))
        assert comment in page.read_text(encoding="utf-8")
        monkeypatch.setattr(Finding, "comment_in", lambda finding, record: "read once")


def test_planted_b1_value_out_of_range():
    record = planted("classic", 2, ["5D", "2H", "8C", "6S"], [["9H", "7H", "3D", "4S"], X], ["9H+5D=14"])
    assert [(f.rule, f.move) for f in findings(record)] == [("B1", 1)]


def test_planted_records_are_legal_up_to_the_planted_move():
    """Each planted record minus its last move is valid: the finding is the planted move's."""
    for rule, (record, (_hand, move, _seat, _text)) in PLANTED.items():
        cut = dict(record, hands=[dict(record["hands"][0], moves=record["hands"][0]["moves"][: move - 1])])
        assert findings(cut) == [], rule


def test_planted_c3_ace_as_14_in_classic():
    record = planted("classic", 2, ["9C", "5D", "8C", "6S"], [["AS", "7H", "3D", "4S"], X], ["ASx9C+5D"])
    assert [(f.rule, f.move) for f in findings(record)] == [("C3", 1)]


def test_ace_as_14_is_legal_under_ace_high():
    record = planted("royal", 2, ["9C", "5D", "8C", "7S"], [["AS", "7H", "3D", "4S"], X], ["ASx9C+5D"])
    assert findings(record) == []


@pytest.mark.parametrize("move", ["3D=3", {"type": "build", "card": "3D", "value": 3, "uses": []}])
def test_planted_b2_build_without_table_cards(move):
    record = planted("classic", 2, ["5D", "2H", "8C", "6S"], [["9H", "3S", "3D", "4S"], X], [move])
    assert [(f.rule, f.move) for f in findings(record)] == [("B2", 1)]


@pytest.mark.parametrize("seat", ["0", False])
def test_move_seat_must_be_a_number(seat):
    record = planted(
        "classic",
        2,
        ["5H", "8D", "KS", "QS"],
        [["3S", "8C", "2H", "9D"], X],
        [{"type": "trail", "card": "9D", "seat": seat}],
    )
    assert [(f.rule, f.move) for f in findings(record)] == [("notation", 1)]


def test_move_seat_checked_when_given():
    moves = [
        {"type": "trail", "card": "9D", "seat": 0},
        {"type": "trail", "card": "KC", "seat": 1},
        {"type": "trail", "card": "8C", "seat": 1},
    ]
    record = planted("classic", 2, ["5H", "8D", "KS", "QS"], [["3S", "8C", "2H", "9D"], X], moves)
    assert [(f.rule, f.move, f.seat) for f in findings(record)] == [("turn", 3, 0)]


def test_move_after_the_hand_is_over_is_turn():
    record = random_game("classic", 2, seed="over", max_hands=1, claims=False)
    record["hands"][0]["moves"].append("AS")
    found = findings(record)
    assert [(f.rule, f.hand, f.move) for f in found] == [("turn", 1, 49)]


def test_unfinished_hand_followed_by_another_is_reported():
    record = random_game("classic", 2, seed="gap", max_hands=2, claims=False)
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:-1]
    found = findings(record)
    assert [(f.rule, f.hand, f.move) for f in found] == [("notation", 1, None)]
    assert found[0].message == "hand 1 stops after move 47, but another hand follows"
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:1]
    assert findings(record)[0].message == "hand 1 stops after move 1, but another hand follows"  # not '1 moves'
    record["hands"][0]["moves"] = []
    assert findings(record)[0].message == "hand 1 stops before its first move, but another hand follows"


# --- claims, dealers, the end of the game ----------------------------------------------------


def test_claim_wrong_hand_score():
    record = random_game("royal", 2, seed="claims", max_hands=2)
    true = record["hands"][1]["score"]
    record["hands"][1]["score"] = [true[0] + 1, true[1]]
    found = findings(record)
    assert [(f.rule, f.hand, f.move, f.seat) for f in found] == [("claim", 2, None, None)]
    assert "–".join(map(str, true)) in found[0].message


@pytest.mark.parametrize("endgame, checked", [("highest", True), ("count_out", True), ("ladder", False)])
def test_claim_after_a_broken_hand_is_checked_unless_the_ladder_needs_the_score(endgame, checked):
    """keep_going past an illegal hand 1 leaves the game score unknown: hand 2's claimed
    points are still checked (they do not depend on the score before the hand), except
    under the ladder, whose no-sweeps rule needs it (P3): then the claim is only a note."""
    record = random_game("royal", 2, seed="claims", max_hands=2, objects=False, endgame=endgame)
    first = record["hands"][0]["moves"]
    first[0], first[1] = first[1], first[0]  # seat 0 plays seat 1's card: the hand is abandoned
    true = record["hands"][1]["score"]
    record["hands"][1]["score"] = [true[0] + 1, true[1]]
    found = [f for f in findings(record, keep_going=True) if f.hand == 2]
    assert [(f.rule, f.unchecked) for f in found] == [("claim", not checked)]
    assert ("could not be checked" in found[0].message) != checked


def test_claim_wrong_result_scores_and_winner():
    record = random_game("classic", 2, seed="claims", max_hands=12)
    assert record["result"]["winner"] is not None
    right = record["result"]
    record["result"] = {"scores": [right["scores"][0] + 1, right["scores"][1]], "winner": right["winner"]}
    assert [(f.rule, f.hand, f.move) for f in findings(record)] == [("claim", None, None)]
    record["result"] = {"scores": right["scores"], "winner": 1 - right["winner"]}
    found = findings(record)
    assert [(f.rule, f.hand, f.move) for f in found] == [("claim", None, None)]
    assert f"claims seat {1 - right['winner']} as the winner, but seat {right['winner']} won (" in found[0].message
    record["result"] = {"scores": right["scores"], "winner": None}
    assert [(f.rule, f.hand) for f in findings(record)] == [("claim", None)]
    record["result"] = {"winner": right["winner"]}  # scores may be left out
    assert findings(record) == []


def test_claim_of_a_winner_in_a_game_still_going_on():
    record = random_game("classic", 2, seed="going", max_hands=1)
    assert record["result"]["winner"] is None
    record["result"]["winner"] = 0
    assert [(f.rule, f.hand) for f in findings(record)] == [("claim", None)]


def test_claim_on_an_unfinished_hand_is_reported():
    record = random_game("classic", 2, seed="unfinished-claim", max_hands=1)
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:20]
    del record["result"]
    found = findings(record)
    assert [(f.rule, f.hand) for f in found] == [("claim", 1)]
    assert found[0].message == "the record claims a score for hand 1, but the hand stops unfinished after move 20"


def test_d4_wrong_dealer_of_hand_2():
    record = random_game("classic", 2, seed="d4", max_hands=2, claims=False)
    assert record["hands"][1]["dealer"] == 0
    record["hands"][1]["dealer"] = 1
    found = findings(record)
    assert [(f.rule, f.hand, f.move, f.seat) for f in found] == [("D4", 2, None, None)]


def test_d4_three_players():
    record = random_game("american-royal", 3, seed="d4-3", max_hands=3, claims=False)
    assert [h["dealer"] for h in record["hands"]] == [2, 0, 1]
    record["hands"][2]["dealer"] = 2
    assert [(f.rule, f.hand) for f in findings(record)] == [("D4", 3)]


def test_d4_first_hand_may_have_any_dealer():
    record = random_game("classic", 2, seed="d4", max_hands=1, claims=False)
    rules = make_rules("classic", 2)
    rng = random.Random(1)
    deck = seeded_deck("first-dealer")
    moves, _ = play_hand(rules, deck, 0, (0, 0), rng)
    record["hands"] = [{"dealer": 0, "deck": [CODES[c] for c in deck], "moves": moves}]
    assert findings(record) == []


@pytest.mark.parametrize(
    "players,partnerships,dealers", [(3, None, [2, 1, 0]), (4, True, [3, 2, 1]), (4, False, [3, 2, 1])]
)
def test_d4_deal_passes_previous(players, partnerships, dealers):
    """deal_passes = previous: the seat before the dealer deals the next hand."""
    record = random_game("american-royal", players, partnerships, seed="d4-prev", max_hands=3, deal_passes="previous")
    assert [h["dealer"] for h in record["hands"]] == dealers[: len(record["hands"])]
    assert findings(record) == []
    record["hands"][1]["dealer"] = (dealers[0] + 1) % players  # the seat after the dealer
    found = findings(record)
    assert [(f.rule, f.hand) for f in found] == [("D4", 2)]
    assert found[0].message.endswith(
        f"but the deal passes to seat {dealers[1]}, the seat before the last dealer (deal_passes previous)"
    )
    record["players"] = ["Ana", "Ben", "Cy", "Dee"][:players]  # named, the finding names them
    said = findings(record)[0].message
    expected = record["players"][dealers[1]]
    assert (
        said.startswith(f"{record['players'][record['hands'][1]['dealer']]} (seat ") and f"to {expected} (seat" in said
    )


def test_d4_previous_decides_a_dealer_left_out():
    record = random_game("royal", 3, seed="d4-prev", max_hands=3, deal_passes="previous")
    assert len(record["hands"]) >= 2
    for hand in record["hands"][1:]:
        del hand["dealer"]
    starts = [e.position.dealer for e in events(record) if isinstance(e, HandStart)]
    assert starts == [2, 1, 0][: len(record["hands"])]
    assert findings(record) == []


def test_d4_previous_with_two_players_is_the_same_as_next():
    rules = make_rules("classic", 2, deal_passes="previous")
    assert [dealer_for_hand(rules, 1, h) for h in range(1, 5)] == [1, 0, 1, 0]
    rules = make_rules("classic", 3, deal_passes="previous")
    assert [dealer_for_hand(rules, 2, h) for h in range(1, 6)] == [2, 1, 0, 2, 1]
    assert [dealer_for_hand(make_rules("classic", 3), 2, h) for h in range(1, 6)] == [2, 0, 1, 2, 0]
    assert dealer_for_hand(rules, 0, 2**62) == (0 - (2**62 - 1)) % 3


@pytest.mark.parametrize("passes,dealer", [("next", 0), ("previous", 1)])
def test_cli_deal_hand_follows_deal_passes(passes, dealer):
    out = cli(
        "deal", "--seed", "d4", "--players", "3", "--hand", "2", "-o", f"deal_passes={passes}", "--format", "json"
    )
    assert out.returncode == 0, out.stderr
    doc = orjson.loads(out.stdout)
    assert doc["dealer"] == dealer and doc["turn"] == (dealer + 1) % 3
    assert doc["rules"] == {"variant": "classic", "players": 3, **({"deal_passes": "previous"} if dealer == 1 else {})}


def test_simulate_follows_deal_passes():
    out = cli(
        "simulate", "--games", "2", "--seed", "sp", "--variant", "royal", "--players", "3", "-o", "deal_passes=previous"
    )
    assert out.returncode == 0, out.stderr
    for line in out.stdout.splitlines():
        record = orjson.loads(line)
        assert record["rules"]["deal_passes"] == "previous"
        assert [h["dealer"] for h in record["hands"]] == [(2 - k) % 3 for k in range(len(record["hands"]))]
        assert findings(record) == []


def g4_record() -> dict:
    """A classic game to 5 that ends after hand 1, with a second hand recorded."""
    for k in range(20):
        record = random_game("classic", 2, seed=f"g4-{k}", max_hands=1, target=5)
        if record["result"]["winner"] is not None:
            break
    else:  # pragma: no cover
        pytest.fail("no short game found")
    second = random_game("classic", 2, seed=f"g4-{k}-b", max_hands=1, target=5, claims=False)
    record["hands"].append(dict(second["hands"][0], dealer=0))
    return record


def test_g4_no_hand_after_the_game_ended():
    record = g4_record()
    with pytest.raises(RulesError):
        make_rules("classic", 2, target=4)  # 5 is the smallest target
    found = findings(record)
    assert [(f.rule, f.hand, f.move) for f in found] == [("G4", 2, None)]


# --- --keep-going ----------------------------------------------------------------------------


def played_card(move) -> str:
    """The card a recorded move plays."""
    return move["card"] if isinstance(move, dict) else move.split("x")[0].split("+")[0]


def two_bad_hands() -> dict:
    """Two hands, each with a move (5th of hand 1, 10th of hand 2) replaying a card
    already played in that hand: the mover cannot hold it (``card``)."""
    record = random_game("classic", 2, seed="keep", max_hands=2)
    assert len(record["hands"]) == 2
    for h, index in ((0, 4), (1, 9)):
        moves = record["hands"][h]["moves"]
        moves[index] = played_card(moves[0])
    return record


def test_keep_going_lists_more_findings_than_the_default():
    record = two_bad_hands()
    stop = findings(record)
    going = findings(record, keep_going=True)
    assert [(f.rule, f.hand, f.move) for f in stop] == [("card", 1, 5)]
    assert [(f.rule, f.hand, f.move) for f in going if not f.unchecked] == [("card", 1, 5), ("card", 2, 10)]
    # each hand's moves after its unplayable move, and the claimed result after a broken hand: notes
    notes = [f for f in going if f.unchecked]
    assert [(f.rule, f.hand, f.move, f.skipped) for f in notes] == [
        ("card", 1, 6, 43),
        ("card", 2, 11, 38),
        ("claim", None, None, 0),
    ]


def test_keep_going_goes_on_after_d4():
    """Hand 2 dealt (and played) by the wrong seat: D4, and with --keep-going the hand
    itself is still refereed (it is legal) and scored."""
    record = random_game("classic", 2, seed="kg-d4", max_hands=1, claims=False)
    deck = seeded_deck("kg-d4", 2)
    moves, _ = play_hand(make_rules("classic", 2), deck, 1, (0, 0), random.Random(2))
    record["hands"].append({"dealer": 1, "deck": [CODES[c] for c in deck], "moves": moves})
    assert [(f.rule, f.hand) for f in findings(record)] == [("D4", 2)]
    evs = events(record, keep_going=True)
    assert [f.rule for f in evs if isinstance(f, Finding)] == ["D4"]
    assert sum(isinstance(e, HandEnd) for e in evs) == 2


def test_keep_going_stops_at_g4():
    record = g4_record()
    record["hands"].append(dict(record["hands"][1], dealer=1))
    assert [(f.rule, f.hand) for f in findings(record, keep_going=True)] == [("G4", 2)]


# --- table-only records ----------------------------------------------------------------------


def test_table_only_complete_hand_validates_and_scores_like_the_deck_record():
    record = random_game("royal", 2, seed="table-only", max_hands=2)
    written = table_only(record)
    assert "deck" not in written["hands"][0] and len(written["hands"][0]["table"]) == 4
    assert findings(written) == []
    deck_doc, deck_found = record_score(read_record(record))
    table_doc, table_found = record_score(read_record(written))
    assert deck_found == table_found == []
    assert table_doc == deck_doc
    # the positions at each hand's end agree
    ends = [e for e in events(record) if isinstance(e, HandEnd)]
    ends_t = [e for e in events(written) if isinstance(e, HandEnd)]
    assert [(e.position.captured, e.position.sweeps, e.score) for e in ends] == [
        (e.position.captured, e.position.sweeps, e.score) for e in ends_t
    ]


def test_a_table_only_hand_after_the_first_may_leave_its_dealer_to_d4():
    """D4 gives the dealer of every hand after the first, written at the table or not; the
    first hand's must be given (nothing decides it), and a given one is still checked."""
    written = table_only(random_game("royal", 2, seed="table-only", max_hands=2))
    dealers = [hand.pop("dealer") for hand in written["hands"]]
    with pytest.raises(NotationError, match="the first hand written down at the table"):
        read_record(written)
    written["hands"][0]["dealer"] = dealers[0]
    assert findings(written) == []  # hand 2's dealer: D4's
    written["hands"][1]["dealer"] = dealers[0]  # the same seat deals again
    assert [(f.rule, f.hand) for f in findings(written)] == [("D4", 2)]


@pytest.mark.parametrize(
    "variant,players,partnerships", [("classic", 3, None), ("american-royal", 4, False), ("royal", 4, True)]
)
def test_table_only_other_tables(variant, players, partnerships):
    record = random_game(variant, players, partnerships, seed=f"table-{variant}-{players}", max_hands=1)
    written = table_only(record)
    assert findings(written) == []
    assert record_score(read_record(written))[0] == record_score(read_record(record))[0]


@pytest.mark.parametrize(
    "variant,players,partnerships", [("classic", 2, None), ("american-royal", 3, None), ("royal", 4, True)]
)
def test_table_only_cut_anywhere_has_only_unchecked_notes(variant, players, partnerships):
    """A legal game written down at the table and stopped after any move: never a finding,
    only notes for B3/O1 questions in the deal that stops part-way."""
    record = random_game(variant, players, partnerships, seed=f"cut-{variant}", max_hands=1, claims=False)
    written = table_only(record)
    moves = written["hands"][0]["moves"]
    per_deal = 4 * players
    for cut in range(0, len(moves) + 1, 3):
        part = dict(written, hands=[dict(written["hands"][0], moves=moves[:cut])])
        for f in findings(part):
            assert f.unchecked and f.rule in ("B3", "O1"), (cut, f)
            assert (f.move - 1) // per_deal == cut // per_deal  # only in the unfinished deal


def table_record(table, moves, dealer=1, variant="classic", players=2) -> dict:
    return {
        "format": "casino.record/1",
        "rules": rules_json(variant, players),
        "hands": [{"dealer": dealer, "table": table, "moves": moves}],
    }


def test_table_only_part_way_b3_cannot_be_decided():
    written = table_record(["5D", "2H", "8C", "6S"], ["3S+5D=8"])
    found = findings(written)
    assert [(f.rule, f.hand, f.move, f.seat, f.unchecked) for f in found] == [("B3", 1, 1, 0, True)]
    assert found[0].message.startswith("not checked")


def test_table_only_part_way_o1_cannot_be_decided():
    written = table_record(["5H", "8D", "2C", "QS"], ["3S+5H=8", "KH", "2Hx2C"])
    found = findings(written)
    assert [(f.rule, f.move, f.unchecked) for f in found] == [("B3", 1, True), ("O1", 3, True)]


def test_table_only_complete_hand_of_the_seat_decides_b3():
    """Once seat 0 has played all four cards of the deal its hand is known, and B3 is
    decided, even though seat 1 has not played all of its cards yet."""
    moves = ["3S+5D=8", "KC", "9H", "KD", "4S", "QC", "7H"]
    found = findings(table_record(["5D", "2H", "8C", "6S"], moves))
    assert [(f.rule, f.move, f.unchecked) for f in found] == [("B3", 1, False)]


def test_table_only_card_played_twice_is_card():
    found = findings(table_record(["5D", "2H", "8C", "6S"], ["9H", "KC", "9H"]))
    assert [(f.rule, f.hand, f.move, f.seat) for f in found] == [("card", 1, 3, 0)]
    assert "already played" in found[0].message
    found = findings(table_record(["5D", "2H", "8C", "6S"], ["9H", "8C"]))
    assert [(f.rule, f.move, f.seat) for f in found] == [("card", 2, 1)]
    assert "on the table" in found[0].message
    # the same card in a later deal
    record = random_game("classic", 2, seed="twice", max_hands=1, claims=False)
    written = table_only(record)
    moves = written["hands"][0]["moves"]
    moves[8] = played_card(moves[0])  # deal 2, seat 0 plays deal 1's first card again
    assert [(f.rule, f.move) for f in findings(written)] == [("card", 9)]


# --- seeds -----------------------------------------------------------------------------------


def test_seeded_record_equals_the_deck_record():
    with_decks = random_game("american-royal", 3, seed="club-night-7", max_hands=3)
    seeded = random_game("american-royal", 3, seed="club-night-7", max_hands=3, keep_deck=False)
    assert "deck" not in seeded["hands"][0] and seeded["seed"] == "club-night-7"
    assert findings(seeded) == []
    a = [e for e in events(with_decks) if not isinstance(e, Finding)]
    b = [e for e in events(seeded) if not isinstance(e, Finding)]
    assert a == b
    assert record_score(read_record(seeded)) == record_score(read_record(with_decks))
    seeded.pop("shuffle")  # the algorithm need not be named
    assert findings(seeded) == []


def test_seed_only_hands_with_an_unknown_shuffle_cannot_be_dealt():
    record = random_game("classic", 2, seed="other-algo", max_hands=1, keep_deck=False)
    record["shuffle"] = "someone-elses-shuffle/3"
    with pytest.raises(NotationError, match="the record's seed is for the someone-elses-shuffle/3 shuffle, which"):
        findings(record)  # unreadable, and not for want of a seed: it has one


def test_deck_not_matching_its_seed_is_d1():
    record = random_game("classic", 2, seed="deck-a", max_hands=2)
    record["shuffle"] = SHUFFLE
    assert findings(record) == []  # the decks are the seed's: fine
    record["seed"] = "deck-b"
    found = findings(record)
    assert [(f.rule, f.hand, f.move) for f in found] == [("D1", 1, None)]
    assert [(f.rule, f.hand) for f in findings(record, keep_going=True)] == [("D1", 1), ("D1", 2)]
    del record["shuffle"]  # without the algorithm's name the seed is only provenance
    assert findings(record) == []


# --- the command line ------------------------------------------------------------------------


def lines_of(out: bytes) -> list[dict]:
    return [orjson.loads(line) for line in out.splitlines()]


def test_cli_validate_stream_of_valid_records(tmp_path, valid_records):
    part_way = table_record(["5D", "2H", "8C", "6S"], ["3S+5D=8"])
    seeded = random_game("royal", 2, seed="cli-seeded", max_hands=2, keep_deck=False)
    records = valid_records + [part_way, seeded, table_only(valid_records[0])]
    path = tmp_path / "night.jsonl"
    path.write_bytes(jsonl(*records))
    out = casino("validate", str(path))
    assert out.returncode == 0, out.stderr
    n = len(records)
    assert f"{n} records checked: {n - 1} valid, 0 not valid (0 findings), 1 unsettled".encode() in out.stderr
    assert casino("validate", "--strict", str(path)).returncode == 1
    notes = lines_of(out.stdout)  # only the unchecked note of the part-way record
    assert notes == [
        {
            "file": str(path),
            "line": n - 2,
            "column": notes[0]["column"],
            "hand": 1,
            "move": 1,
            "seat": 0,
            "text": "3S+5D=8",
            "rule": "B3",
            "message": notes[0]["message"],
            "unchecked": True,
            "settles": {"seat": 0, "needs": [["8S", "8H", "8D"]]},
        }
    ]
    line = path.read_bytes().split(b"\n")[n - 3]
    assert line[notes[0]["column"] - 1 :].startswith(b'"3S+5D=8"')  # the move's own place


def test_cli_validate_planted_findings_with_file_and_line(tmp_path):
    """One JSON Lines stream: every planted record, a valid one, and a line that is not
    JSON. Every record is checked, each finding names its file and line, exit 65 wins."""
    rules = sorted(PLANTED)
    good = random_game("classic", 2, seed="stream", max_hands=1)
    path = tmp_path / "bad.jsonl"
    bad_line = len(rules) + 2
    # hand-level and record-level findings: D4, G4 and claims (hand, move, seat, text, rule)
    d4 = random_game("classic", 2, seed="cli-d4", max_hands=2, claims=False)
    d4["hands"][1]["dealer"] = 1
    claim_hand = random_game("royal", 2, seed="cli-claim", max_hands=2)
    claim_hand["hands"][1]["score"] = [99, 0]
    claim_result = random_game("royal", 2, seed="cli-claim", max_hands=2)
    claim_result["result"]["scores"] = [99, 0]
    whole = [
        (d4, (2, None, None, None, "D4")),
        (g4_record(), (2, None, None, None, "G4")),
        (claim_hand, (2, None, None, None, "claim")),
        (claim_result, (None, None, None, None, "claim")),
    ]
    path.write_bytes(
        jsonl(*(PLANTED[r][0] for r in rules))
        + jsonl(good)
        + b'{"format": "casino.record/1", "rules": \n'
        + jsonl(good)
        + jsonl(*(r for r, _ in whole))
    )
    out = casino("validate", str(path), "--format", "jsonl")
    assert out.returncode == 65
    n = len(rules)
    m = n + len(whole)
    assert f"{m + 3} records checked: 2 valid, {m} not valid ({m} findings), 1 unreadable".encode() in out.stderr, (
        out.stderr
    )
    got = lines_of(out.stdout)
    assert len(got) == m + 1
    for k, (_, expected) in enumerate(whole):
        f = got[n + 1 + k]
        assert (f["file"], f["line"]) == (str(path), bad_line + 2 + k)
        assert (f["hand"], f["move"], f["seat"], f["text"], f["rule"]) == expected
    for line, (rule, f) in enumerate(zip(rules, got), start=1):
        hand, move, seat, text = PLANTED[rule][1]
        assert list(f) == ["file", "line", "column", "hand", "move", "seat", "text", "rule", "message"]
        assert (f["file"], f["line"], f["hand"], f["move"], f["seat"], f["text"], f["rule"]) == (
            str(path),
            line,
            hand,
            move,
            seat,
            text,
            rule,
        )
    last = got[n]
    assert (last["file"], last["line"], last["rule"], last["hand"], last["move"]) == (
        str(path),
        bad_line,
        "notation",
        None,
        None,
    )
    assert "JSON" in last["message"]


def test_cli_validate_keep_going(tmp_path):
    path = tmp_path / "two.json"
    path.write_bytes(orjson.dumps(two_bad_hands()))
    stop = casino("validate", str(path))
    going = casino("validate", str(path), "--keep-going")
    assert stop.returncode == going.returncode == 1
    a, b = lines_of(stop.stdout), lines_of(going.stdout)
    assert len(b) > len(a) == 1
    assert [(f["hand"], f["move"], f["rule"]) for f in b if not f.get("unchecked")] == [(1, 5, "card"), (2, 10, "card")]
    assert b"(2 findings, 81 moves not checked)" in going.stderr and b"(1 finding)" in stop.stderr


def test_cli_score_table_only_equals_deck_record():
    record = random_game("classic", 2, seed="cli-score", max_hands=2)
    out = casino("score", "-", "--format", "jsonl", stdin=jsonl(record, table_only(record)))
    assert out.returncode == 0, out.stderr
    a, b = lines_of(out.stdout)
    assert a == b
    assert a["format"] == "casino.score/1" and [h["points"] for h in a["hands"]] == [
        h["score"] for h in record["hands"]
    ]
    assert a["scores"] == record["result"]["scores"]


def _bounded(players: int, where: str, value: int) -> dict:
    """A record at a table of ``players`` with ``value`` written at ``where`` (its other
    numbers in range): a hand's dealer, a shown entry's after and seat, the result's winner."""
    shown = {"after": 0, "seat": 0, "cards": ["7C"]}
    hand = {"dealer": 0, "table": ["7D", "2C", "9S", "KH"], "moves": ["3H"], "shown": [shown]}
    result = {"winner": 0}
    {"dealer": hand, "after": shown, "seat": shown, "winner": result}[where][where] = value
    return {
        "format": "casino.record/1",
        "rules": {"variant": "classic", "players": players},
        "hands": [hand],
        "result": result,
    }


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("where", ["dealer", "after", "seat", "winner"])
def test_a_records_bounded_numbers_are_read_at_their_ends_and_refused_one_past(players, where):
    """A dealer or shown seat is 0..players-1, a shown entry's after 0..48 (docs/notation.md:
    at most the last move), a winner one of the sides: both ends are read, one past either
    end refused at its path (a reader taking after 49, -1 or seat -1 passed every test), and
    only the seat one past the last is told that seats are counted from 0."""
    sides = read_record(_bounded(players, where, 0)).rules.sides
    high = {"dealer": players - 1, "after": 48, "seat": players - 1, "winner": sides - 1}[where]
    for value in (0, high):
        read_record(_bounded(players, where, value))
    for value in (-1, high + 1):
        with pytest.raises(NotationError, match=rf"out of range \(0\.\.{high}\)") as refused:
            read_record(_bounded(players, where, value))
        assert refused.value.path.endswith(f".{where}")
        told = "seats are counted from 0" in refused.value.message  # a seat counted from 1, only
        assert told == (where in ("dealer", "seat") and value == players)
