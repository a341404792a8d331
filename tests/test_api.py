"""The Python API of ``casino_cli.engine``: the value types, the error hierarchy, is_legal and Game."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import random
import re
import typing

import pytest

import casino_cli.engine as engine
from casino_cli.cards import FULL_DECK, CardError, card_code, cards_of, codes_of, parse_card
from casino_cli.engine import (
    CAPTURE,
    TRAIL,
    BotError,
    CasinoError,
    DealError,
    Game,
    HandEnd,
    IllegalMove,
    Move,
    MoveFacts,
    MoveList,
    Partial,
    PositionError,
    RulesError,
    Step,
    TooComplex,
    apply_move,
    greedy_bot,
    is_legal,
    judge,
    legal_moves,
    make_rules,
    observe,
    random_bot,
    sample_worlds,
    seeded_deck,
    start_position,
)
from casino_cli.engine.errors import BadValue, Pile, Problem
from casino_cli.engine.rules import OPTIONS
from casino_cli.engine.worlds import NoWorld
from casino_cli.errors import shown
from casino_cli.notation.errors import NotationError
from casino_cli.notation.moves import ValueNamed, move_json
from casino_cli.notation.position import position_json, read_position_data, rules_json
from casino_cli.notation.text_record import TextError
from casino_cli.records.disputes import NoRuling
from casino_cli.records.referee import Finding
from casino_cli.records.selfplay import play_game

# The compiled engine checks each annotated argument's type before the function's own words
# (docs/api.md), in mypyc's: "tuple object expected; got str", and a bool taken for an int.
OWN_WORDS_FOR_TYPES = pytest.mark.pure_engine("the compiled engine refuses a wrong type in mypyc's words first")


@pytest.fixture
def pos() -> engine.Position:
    return start_position(make_rules("royal"), seeded_deck("7"), dealer=1)


def test_a_move_list_is_a_sequence_of_its_moves(pos):
    listing = legal_moves(pos)
    assert len(listing) == len(listing.moves) == 10
    assert list(listing) == list(listing.moves) and listing[-1] == listing.moves[-1]
    assert listing[1:3] == listing.moves[1:3]
    assert all(move in listing for move in listing.moves) and Move(TRAIL, 0) not in listing
    assert isinstance(random.Random(1).choice(listing), Move)
    assert listing.index(listing[3]) == 3 and listing.count(listing[3]) == 1
    for move, facts in zip(listing.moves, listing.facts):
        assert listing.facts_of(move) == facts == judge(pos, move)
    with pytest.raises(ValueError):
        listing.facts_of(Move(TRAIL, 0))
    assert listing.truncated is False


def test_a_move_list_is_immutable_hashable_and_picklable(pos):
    listing = legal_moves(pos)
    with pytest.raises(AttributeError):
        listing.truncated = True  # type: ignore[misc]
    assert listing == legal_moves(pos) and hash(listing) == hash(legal_moves(pos))
    assert pickle.loads(pickle.dumps(listing)) == listing
    assert MoveList(listing.moves, listing.facts) == listing
    with pytest.raises(ValueError):
        MoveList(listing.moves, listing.facts[1:])


def test_a_positions_repr_names_the_options_that_differ_from_its_rule_sets():
    """Two positions dealt alike under different options (or 4 players with and without
    partnerships) had the same repr; the repr names the options off their preset, as the
    rules' repr does, and a position of the preset's options keeps its short repr."""
    deck = seeded_deck("7")
    plain = start_position(make_rules("classic"), deck, dealer=1)
    other = start_position(make_rules("classic", target=11, sweeps=True), deck, dealer=1)
    assert repr(plain) == "<Position classic 2p, deal 1/6, seat 0 to play, table AH 8D 9H 9C>"
    assert repr(other) == "<Position classic 2p, sweeps=true, target=11, deal 1/6, seat 0 to play, table AH 8D 9H 9C>"
    alone = start_position(make_rules("classic", 4, partnerships=False), deck, dealer=3)
    assert repr(alone).startswith("<Position classic 4p, no partnerships, deal 1/3,")


def test_values_have_short_reprs_and_text(pos):
    move = legal_moves(pos)[0]
    assert str(move) == move.text() == "2C+AH+8D=11" and repr(move) == "<Move 2C+AH+8D=11>"
    assert str(Move(TRAIL, parse_card("TD"))) == "TD"
    assert repr(pos) == "<Position royal 2p, deal 1/6, seat 0 to play, table AH 8D 9H 9C>"
    assert str(pos).splitlines()[1] == "table: AH 8D 9H 9C"
    assert repr(make_rules("classic", 3, target=11)) == "<Rules classic 3p, target=11>"
    assert len(repr(apply_move(pos, move))) < 100 and len(repr(legal_moves(pos))) < 120
    (build,) = apply_move(pos, move).builds
    assert repr(build) == "<Build AH+2C+8D=11 seat 0>" and str(build) == "build 11 (single, seat 0): AH 2C 8D"
    assert str(build) in str(apply_move(pos, move)).splitlines()


def test_an_empty_table_or_hand_is_a_dash_in_a_positions_text(pos):
    """A finished hand's position (nothing on the table, nothing in any hand) says so
    with ``-``, never a line ending in a space nor two spaces running."""
    while not pos.finished:
        pos = apply_move(pos, legal_moves(pos)[0])
    lines = str(pos).splitlines()
    assert lines[1] == "table: -" and all(line.startswith(f"seat {i}: - (") for i, line in enumerate(lines[2:]))
    assert not any(line.endswith(" ") or "  " in line for line in lines)


def test_rules_tables_follow_the_options_and_every_rule_set_is_checked():
    classic = make_rules("classic")
    assert classic.values[parse_card("KS")] == 0
    courts = dataclasses.replace(classic, court_values=True)
    assert courts.values[parse_card("KS")] == 13 and courts.max_build == 13
    assert courts == make_rules("classic", court_values=True)
    with pytest.raises(RulesError, match="court_takes_all cannot be combined"):
        dataclasses.replace(courts, court_takes_all=True)
    with pytest.raises(RulesError, match="partnerships need exactly 4 players"):
        engine.Rules(
            **{
                **{f.name: getattr(classic, f.name) for f in dataclasses.fields(classic) if f.init},
                "partnerships": True,
            }
        )
    with pytest.raises(dataclasses.FrozenInstanceError):
        classic.values = ()  # type: ignore[misc]
    assert not hasattr(classic, "_replace")


def test_user_data_stays_beside_the_position():
    doc = position_json(start_position(make_rules("classic"), seeded_deck("u"), dealer=1))
    doc["_note"] = {"by": "Ana", "seen": [1, 2]}
    pos, user = read_position_data(doc)
    assert user == (("", "_note", {"by": "Ana", "seen": [1, 2]}),)
    assert hash(pos) == hash(read_position_data(doc)[0])  # no user data inside: hashable
    assert position_json(pos, user)["_note"] == {"by": "Ana", "seen": [1, 2]}
    assert "_note" not in position_json(pos)


@pytest.mark.parametrize(
    "start",
    [
        lambda seed: seeded_deck(seed),
        lambda seed: Game(make_rules("classic"), seed, [greedy_bot, greedy_bot]),
        lambda seed: engine.seat_rngs(seed, 2),
    ],
    ids=["seeded_deck", "Game", "seat_rngs"],
)
def test_a_seed_utf8_cannot_write_is_a_deal_error(start: typing.Callable[[str], object]) -> None:
    """A lone surrogate (what Python makes of an undecodable byte: ``b"\\xff"`` read with
    surrogateescape) is no seed: a DealError saying where, where the game or deck is asked
    for, not UnicodeEncodeError from deep in the shuffle or in random.Random."""
    with pytest.raises(
        DealError, match=r"^a seed is a text UTF-8 can write: character 3 of 'ab\\udcff' is a lone surrogate$"
    ):
        start("ab\udcff")


@OWN_WORDS_FOR_TYPES
@pytest.mark.parametrize("number", [True, 1.0], ids=["bool", "float"])
def test_a_dealer_or_seat_that_is_no_int_is_refused_not_carried(number: object, pos: engine.Position) -> None:
    """``True`` and ``1.0`` are ``in range(2)``: start_position took them as a dealer (its
    position then wrote ``"dealer":true``, which check_position and the notation refuse) and
    observe as a seat (a View of seat True). A dealer is now the TypeError naming it, a seat
    the CasinoError a text seat was, naming it as what it is."""
    rules = make_rules("classic")
    table, hands = 0b1111, (0b1111 << 4, 0b1111 << 8)
    for call in (
        lambda: start_position(rules, seeded_deck("7"), dealer=number),  # type: ignore[arg-type]
        lambda: engine.start_from_table(rules, table, hands, dealer=number),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=f"^dealer must be an int, not {type(number).__name__} {number}$"):
            call()
    for seat in (number, "0"):
        with pytest.raises(CasinoError, match=rf"^seat {re.escape(repr(seat))} is not a seat \(0..1\)$"):
            observe(pos, seat)  # type: ignore[arg-type]


def test_one_error_hierarchy(pos):
    for error in (RulesError, PositionError, DealError, IllegalMove, TooComplex, NotationError, CardError):
        assert issubclass(error, CasinoError) and issubclass(error, ValueError), error
    with pytest.raises(IllegalMove) as refused:
        apply_move(pos, Move(TRAIL, 0))
    assert refused.value.rule == "card" and isinstance(refused.value, ValueError)
    assert str(refused.value) == f"{refused.value.message} (card)"  # its words, then its rule ID
    with pytest.raises(DealError):
        seeded_deck("x" * 2000)
    with pytest.raises(DealError):
        seeded_deck("7", 0)
    with pytest.raises(CardError):
        parse_card("ZZ")
    no_set = (lambda: cards_of(-1), lambda: cards_of(1 << 52), lambda: codes_of(1 << 52), lambda: codes_of(1 << 60))
    for misuse in (lambda: card_code(-1), lambda: card_code(52), *no_set):
        with pytest.raises(CardError):
            misuse()  # a number that is no card, a mask that is no set (cards_of(-1) never ended)
    assert cards_of(1 << 51 | 1) == [0, 51] and card_code(parse_card("KS")) == "KS"
    view = observe(pos, 0)
    for seat in (-1, 2):
        with pytest.raises(CasinoError, match="no seat"):
            view.hand_count(seat)  # -1 was seat 1's count
    partly = observe(pos._replace(hands=(Partial(pos.hands[0] & -pos.hands[0], 4), pos.hands[1])), 0)
    with pytest.raises(PositionError, match="known only in part"):
        sample_worlds(partly, 1, random.Random(1))
    with pytest.raises(CasinoError, match="play_move"):
        game = Game(make_rules("classic"), "7")
        game.deal()
        game.choose()
    assert "TooComplex" in engine.__all__ and "judge_form" not in engine.__all__


def test_is_legal_agrees_with_the_listing(pos):
    listed = set(legal_moves(pos))
    for card in range(52):
        for move in (Move(TRAIL, card), *(m for m in listed if m.card == card)):
            assert is_legal(pos, move) == (move in listed), move


def test_unseen_counts_are_equal_only_to_the_same_count():
    """An Unseen is a value: two are equal only with the same count, and never equal to a
    bare number; positions that differ only in their stock's count differ."""
    from casino_cli.engine import Unseen

    assert Unseen(3) == Unseen(3) and hash(Unseen(3)) == hash(Unseen(3))
    assert Unseen(3) != Unseen(4) and Unseen(0) != Unseen(40) and Unseen(3) != 3
    pos = start_position(make_rules("classic"), seeded_deck("7"), 1)
    assert pos._replace(stock=Unseen(40)) != pos._replace(stock=Unseen(36))


def test_a_positions_text_says_when_its_hand_is_over():
    """str(pos) (position_lines) and repr(pos): a finished hand says so where the deal and
    the seat to play would be."""
    rules = make_rules("classic")
    game = Game(rules, "7")
    game.deal()
    while game.in_play:
        pos = game.position
        *_, end = game.play_move(Move(TRAIL, cards_of(pos.hands[pos.turn])[0]))
    assert str(end.position).splitlines()[0] == "classic 2p, finished"
    assert "classic 2p, finished," in repr(end.position)


def test_a_game_stopped_by_its_caller_before_anyone_won_is_not_unfinished():
    """Game.unfinished is a game stopped at MAX_HANDS hands with no winner, not any game
    without one: after play(1) (a match's --hands 1) the game is neither over nor unfinished,
    and no bot is asked to choose, as before the first deal."""
    from casino_cli.engine.bots import BOTS

    game = Game(make_rules("classic"), "7", [BOTS["greedy"]] * 2)
    game.play(1)
    assert len(game.hands) == 1 and game.winner is None
    assert not game.over and not game.unfinished
    with pytest.raises(CasinoError, match="no hand is in play"):
        game.choose()  # between hands
    with pytest.raises(CasinoError, match="no hand is in play"):
        Game(make_rules("classic"), "7", [BOTS["greedy"]] * 2).choose()  # before the first deal


def test_a_hand_end_says_which_cards_went_to_the_last_capturer_and_none_when_nobody_captured():
    """HandEnd.residue: the cards left on the table after the hand's last card, which went
    to the last capturer (S2). In a hand of trails only nobody captured: all 52 cards stay on
    the table and no residue went to anyone (before, a mutant saying -1, every card, passed)."""
    rules = make_rules("classic")
    game = Game(rules, "7")
    game.deal()
    while game.in_play:
        pos = game.position
        *_, end = game.play_move(Move(TRAIL, cards_of(pos.hands[pos.turn])[0]))
    assert isinstance(end, HandEnd) and end.position.last_capture is None
    assert end.residue == 0 and end.position.loose == FULL_DECK and end.score.points == (0, 0)
    events: list[Step | HandEnd] = []
    Game(rules, "7", [greedy_bot, random_bot]).play(
        observer=lambda e: isinstance(e, Step | HandEnd) and events.append(e)
    )
    ends = [
        (before, last, end) for before, last, end in zip(events, events[1:], events[2:]) if isinstance(end, HandEnd)
    ]
    for before, last, end in ends:  # S2: the table the last card left, a trailed one on it, taken ones not
        assert isinstance(before, Step) and isinstance(last, Step)
        table = before.position.table
        left = table | 1 << last.move.card if last.move.type == TRAIL else table & ~last.move.cards
        pile = end.position.captured[end.position.last_capture]
        assert end.residue == left and end.residue & ~pile == 0 and end.position.table == 0
    assert any(last.move.type == TRAIL for _, last, end in ends if end.residue)  # the trailed card went too


def test_a_game_is_what_self_play_records():
    rules = make_rules("classic")
    game = Game(rules, "api/1", [greedy_bot, random_bot])
    hands = game.play()
    seen: list[typing.Any] = []  # play_game's observer: each hand's start, each move and its end, as played
    record = play_game(rules, "api/1", [greedy_bot, random_bot], observer=seen.append)
    assert [[m.text() for m in h.moves] for h in hands] == [h["moves"] for h in record["hands"]]
    shape = [["HandStart", *["Step"] * len(h["moves"]), "HandEnd"] for h in record["hands"]]
    assert [type(e).__name__ for e in seen] == [kind for hand in shape for kind in hand]
    assert [e.move.text() for e in seen if type(e).__name__ == "Step"] == [
        m for h in record["hands"] for m in h["moves"]
    ]
    assert record["result"] == {"scores": list(game.scores), "winner": game.winner}
    assert game.over and game.winner is not None and hands[-1].game.winner == game.winner
    with pytest.raises(ValueError, match="over"):
        game.play_hand()


def test_play_finishes_a_hand_played_move_by_move_with_the_games_bots():
    """game.play() in the middle of a hand said 'the hand is not over', saying neither why
    nor what to do; it finishes the hand in play with the bots (the observer sees its moves
    from there and its end) before it deals the next, and deal() there says what to do."""
    rules = make_rules("classic")
    game = Game(rules, "7", [greedy_bot, random_bot])
    game.deal()
    for _ in range(3):
        game.play_move(game.choose()[0])
    with pytest.raises(CasinoError, match="^hand 1 is not over: play it to its end with play_move \\(or, with bots"):
        game.deal()
    events: list[object] = []
    (hand,) = game.play(hands=1, observer=events.append)
    alone = Game(rules, "7", [greedy_bot, random_bot])
    alone.play(hands=1)
    assert hand == alone.hands[0] and not game.in_play
    assert [type(e).__name__ for e in events] == ["Step"] * (len(hand.moves) - 3) + ["HandEnd"]
    assert [h.number for h in game.play(hands=1)] == [2]


def test_dumps_refuses_nan_and_infinity_where_orjson_wrote_null():
    """dumps(float("nan")) wrote null (orjson's way), so a figure that went wrong (an interval
    of one pair: infinite) would have been written as if none were known; JSON has no NaN or
    infinity, and dumps (and write_text's inline JSON) says where one is."""
    from casino_cli.notation.fields import dumps
    from casino_cli.notation.text_record import write_text
    from casino_cli.records.game_record import game_record
    from casino_cli.records.match import PairResult, Tally, summary

    for value, said in (
        (float("nan"), "$ is nan"),
        ({"points": [1.5, None, -float("inf")]}, "$.points[2] is -inf"),
        ([{"se": float("inf")}], "$[0].se is inf"),
    ):
        with pytest.raises(CasinoError, match=f"^JSON has no NaN or infinity: {re.escape(said)}$"):
            dumps(value)
    assert dumps({"value": None, "se": 0.5}) == b'{"value":null,"se":0.5}'
    one = Tally()  # casino match plays 2 pairs or more; a library caller may ask after one
    one.add(PairResult(points=2.0, won=1, lost=0, tied=0, unfinished=0))
    with pytest.raises(CasinoError, match=r"\$\.points_per_pair\.se is inf"):
        dumps(summary(one))
    game = Game(make_rules("classic"), "7", [greedy_bot, greedy_bot])
    game.play(hands=1)
    with pytest.raises(CasinoError, match=r"^JSON has no NaN or infinity: \$\._odd\[1\] is nan$"):
        write_text(dict(game_record(game), _odd=[1, float("nan")]))


def test_dumps_and_write_text_refuse_a_lone_surrogate_naming_where():
    """A text UTF-8 cannot write (a name read with surrogateescape, ``'Ana\\udcff'``) made
    dumps raise orjson's TypeError 'str is not valid UTF-8: surrogates not allowed', with no
    path, and write_text the same from inside; both now say where, as for NaN."""
    from casino_cli.notation.fields import dumps
    from casino_cli.notation.text_record import write_text
    from casino_cli.records.game_record import game_record

    lead = "JSON text is UTF-8, which has no lone surrogate: "
    for value, said in (
        ({"players": ["Ana", "Ben\udcff"]}, "$.players[1] is 'Ben\\udcff'"),
        ([{"\udcff": 1}], "$[0].\\udcff is '\\udcff'"),
        ("\ud800", "$ is '\\ud800'"),
    ):
        with pytest.raises(CasinoError, match=f"^{re.escape(lead + said)}$"):
            dumps(value)
    with pytest.raises(TypeError, match="not JSON serializable"):  # the wrong type stays orjson's TypeError
        dumps({"a": object()})
    game = Game(make_rules("classic"), "7", [greedy_bot, greedy_bot])
    game.play(hands=1)
    with pytest.raises(CasinoError, match=f"^{re.escape(lead + '$.players[0] is ' + repr('Ana' + chr(0xDCFF)))}$"):
        write_text(game_record(game, ["Ana\udcff", "Ben"]))


def test_a_game_refuses_a_bot_that_cheats_naming_it():
    def cheat(view, moves, rng):
        return Move(TRAIL, next(c for c in range(52) if not view.hand >> c & 1))

    with pytest.raises(BotError, match=r"bot 'cheat' \(seat 0\) chose .* which is not a legal move") as refused:
        Game(make_rules("classic"), "cheat", [cheat, random_bot]).play_hand()
    assert refused.value.seat == 0


@pytest.mark.parametrize(
    ("card", "said"),
    [(0, "chose AS, which"), (99, "chose ('trail', 99, 0, 0), which"), ("AS", "chose ('trail', 'AS', 0, 0)")],
)
def test_a_bots_illegal_move_is_said_as_its_text_not_a_python_repr(card, said):
    """The move a bot chose is said as the protocol says moves (AS, not <Move AS>); one the
    notation cannot write (a card out of range, a card's text) by its fields, never a crash."""

    def chooser(view, moves, rng):
        return Move(TRAIL, card if moves[0].card != card else 1)

    with pytest.raises(BotError) as refused:
        Game(make_rules("classic"), "7", [chooser, random_bot]).play_hand()
    assert said in str(refused.value) and "<Move" not in str(refused.value)


def test_a_bot_that_forces_its_own_move_into_the_list_it_was_given_is_refused():
    """MoveList refuses assignment; a bot that gets past that (object.__setattr__) to make
    an illegal capture look legal is caught, and nothing it chose is played."""

    def forger(view, moves, rng):
        card = next(c for c in range(52) if view.hand >> c & 1)
        forged = Move(CAPTURE, card, view.known.loose)
        object.__setattr__(moves, "moves", (forged,))
        object.__setattr__(moves, "facts", (MoveFacts(CAPTURE, True),))
        return forged

    game = Game(make_rules("classic"), "forge", [forger, random_bot])
    with pytest.raises(BotError, match=r"bot 'forger' \(seat 0\) changed the list of legal moves it was given"):
        game.play_hand()
    assert game.moves == []


def test_a_move_the_notation_could_not_write_is_refused_never_played_as_another():
    """A Move made by hand with a misspelt type, a card out of range or a field its type does
    not use is refused (rule notation), never judged as one move and played as another."""
    pos = start_position(make_rules("classic"), seeded_deck("0"), dealer=1)
    build = next(m for m in legal_moves(pos) if m.type == "build")
    capture = next(m for m in legal_moves(pos) if m.type == "capture")
    trail = next(m for m in legal_moves(pos) if m.type == TRAIL)
    for bad in (
        build._replace(type="Build"),
        build._replace(value="6"),
        capture._replace(value=7),
        trail._replace(cards=capture.cards),
        Move(TRAIL, 99),
        Move(TRAIL, -1),
        Move(TRAIL, trail.card, 1 << 60),
        capture._replace(cards=capture.cards | 1 << 60),  # a table card out of range
    ):
        with pytest.raises(IllegalMove) as refused:
            apply_move(pos, bad)
        assert refused.value.rule == "notation", bad
        assert not is_legal(pos, bad)
    assert apply_move(pos, build) is not None  # the well-formed ones still play
    for good in (build, capture, trail):
        assert move_json(good)["move"] == good.text() == str(good) and repr(good) == f"<Move {good}>"
    with pytest.raises(IllegalMove) as worthless:  # one the notation writes (=0) is the rules' to refuse
        apply_move(pos, build._replace(value=0))
    assert worthless.value.rule == "B1"


@pytest.mark.parametrize(
    "bad", [Move(TRAIL, 0, 3), Move(TRAIL, 0, value=5), Move(CAPTURE, 0, 3, 5), Move(TRAIL, 99), Move("Build", 0, 3, 5)]
)
def test_a_move_the_notation_could_not_write_has_no_text_rather_than_another_s(bad):
    """Move(TRAIL, 0, 3) was written AS, as Move(TRAIL, 0), which it is not equal to: its
    repr showed <Move AS> and move_json wrote {"type": "trail", "card": "AS"}, another move;
    each says it is no move (IllegalMove, notation), and its repr shows its fields."""
    for write in (bad.text, lambda: str(bad), lambda: move_json(bad)):
        with pytest.raises(IllegalMove, match="^this is no move: ") as refused:
            write()
        assert refused.value.rule == "notation"
    assert repr(bad) == f"<Move {tuple(bad)!r}>"


def test_a_bot_answering_a_tuple_equal_to_a_move_is_refused(pos):
    def tupled(view, moves, rng):
        return tuple(moves[0])

    with pytest.raises(BotError, match=r"returned \(.*\), a tuple: a bot returns a Move"):
        Game(make_rules("classic"), "t", [tupled, random_bot]).play_hand()


@pytest.mark.parametrize("answer", [lambda moves: moves[0].text(), lambda moves: 0])
def test_a_bot_answering_a_legal_move_s_text_or_index_is_told_what_it_returned(answer):
    """A legal move's text, or its index, is refused as what it is: not a Move, rather
    than as an illegal move, which the move it names is not."""

    def loose(view, moves, rng):
        return answer(moves)

    kind = type(answer(legal_moves(start_position(make_rules("classic"), seeded_deck("t"), 1)))).__name__
    with pytest.raises(BotError, match=rf"\(seat 0\) returned .*, a {kind}: a bot returns a Move$"):
        Game(make_rules("classic"), "t", [loose, random_bot]).play_hand()


def test_a_copy_of_a_game_comes_back_to_where_it_was():
    game = Game(make_rules("classic"), "7", [random_bot, random_bot])
    saved = game.copy()
    first = game.play_hand()
    assert saved.play_hand().moves == first.moves and saved.rngs is not game.rngs
    game.deal()
    game.play_move(legal_moves(game.position).moves[0])
    again = game.copy()  # every field, mid-hand (the compiled class is copied field by field)
    fields = [name for name in dir(game) if not name.startswith("_") and not callable(getattr(game, name))]
    assert len(fields) > 10 and all(getattr(again, name) == getattr(game, name) for name in fields if name != "rngs")
    assert [rng.getstate() for rng in again.rngs] == [rng.getstate() for rng in game.rngs]
    assert again.moves is not game.moves and again.hands is not game.hands


def test_misuse_is_a_casino_error_saying_what_is_wrong(pos):
    rules = make_rules("classic")
    with pytest.raises(CasinoError, match="first_dealer 5 is not a seat"):
        Game(rules, "s", first_dealer=5)
    for bots, said in (([random_bot], "1 bot"), ([random_bot] * 3, "3 bots")):  # one a seat, as many as the seats
        with pytest.raises(CasinoError, match=f"^{said} for 2 seats: give one a seat, or none to play move by move$"):
            Game(rules, "s", bots)
    with pytest.raises(CasinoError, match="3 scores for 2 sides"):
        start_position(rules, seeded_deck("7"), 0, (5, 6, 7))
    score = engine.score_hand(Game(rules, "s", [random_bot, random_bot]).play_hand().position)
    with pytest.raises(CasinoError, match="3 scores before a hand"):
        engine.game_after_hand(rules, (5, 6, 7), score)
    with pytest.raises(CasinoError, match="seat 5 is not a seat"):
        engine.observe(pos, 5)
    game = Game(rules, "s")
    with pytest.raises(CasinoError, match="no hand is in play"):
        game.play_move(Move(TRAIL, 0))
    with pytest.raises(CasinoError, match="hand is over"):
        engine.ask(random_bot, Game(rules, "s", [random_bot, random_bot]).play_hand().position, random.Random())
    with pytest.raises(CasinoError, match=r"how many more hands to play \(0 or more\), not -1$"):
        Game(rules, "s", [random_bot, random_bot]).play(hands=-1)  # it played none, saying nothing
    with pytest.raises(CasinoError, match="game number is from 1 to 2\\*\\*63 - 1, not 0$"):
        engine.game_seed("s", 0)


@pytest.mark.parametrize(
    "rules",
    [
        make_rules("classic"),
        make_rules("royal", 4),
        make_rules("american-royal", 3),
        make_rules("classic", 4, sweeps=True, ladder_20=None, endgame="count_out", target=11, ace_high_builds=False),
        make_rules("royal", 2, deal_passes="previous", ace_high_builds=True, must_take_equal=False, target=61),
    ],
    ids=str,
)
def test_rules_pickle_to_the_same_rules_with_their_tables(rules):
    """Rules go to worker processes (match --jobs, botcheck) pickled: every option and the
    derived tables come back, in the compiled engine too (tests/test_packaging.py)."""
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and str(again) == str(rules) and hash(again) == hash(rules)
    assert (again.values, again.max_build, again.holds) == (rules.values, rules.max_build, rules.holds)
    assert [getattr(again, name) for name in OPTIONS] == [getattr(rules, name) for name in OPTIONS]


def _one_error_of_each_kind() -> list[CasinoError]:
    """An error of every kind the package raises, each attribute set as when raised."""
    notation, text = NotationError("'1X' is not a card", "$.hands[0][2]"), TextError("expected a move", 4, 7)
    notation.at, text.at = (3, 14), (2, 7)
    build = Pile("$.table.builds", 0b1001, "(AS+AD=2)")
    stops = Finding(1, 3, 1, "4Sx4H", "C1", "4Sx4H is illegal: 4H is not on the table", path="$.hands[0].moves[2]")
    return [
        CasinoError("a bad value"),
        CardError("'1X' is not a card"),
        RulesError("unknown option 'sweep'"),
        RulesError(BadValue("target", "a whole number from 5 to 1000000", True)),
        PositionError(
            ["$.stock: 3 cards too many", Problem((build, Pile("$.stock[4]")), "AS appears more than once", 0)]
        ),
        DealError("a dealer 5 is not a seat"),
        IllegalMove("C1", "4Sx4H is illegal: 4H is not on the table"),
        TooComplex("too many worlds"),
        NoWorld("no deal fits the view"),
        BotError("greedy", 1, "raised ValueError: boom"),
        notation,
        ValueNamed("'9Cx9': '9' is a number, not a card", "$.hands[0].moves[4]", 9),
        text,
        NoRuling("the record stops before move 3", usage=False, path="$.hands[0].moves[2]", finding=stops),
    ]


def test_a_position_error_says_every_problem_found():
    """A dealt position put at deal 6 with an ace also captured: both problems, in its words."""
    from casino_cli.notation.position import read_position

    doc = {**position_json(start_position(make_rules("classic"), seeded_deck("s"), 1)), "deal": 6}
    doc["captured"] = [doc["table"]["loose"][:1], []]
    with pytest.raises(PositionError) as refused:
        read_position(doc)
    problems = refused.value.problems
    assert len(problems) == 2 and all(problem in str(refused.value) for problem in problems)


@pytest.mark.parametrize("error", _one_error_of_each_kind(), ids=lambda e: type(e).__name__)
def test_every_error_pickles_with_its_parts_and_its_words(error):
    """Errors cross into and out of worker processes (match --jobs, Dask, a user's
    multiprocessing) pickled: each comes back of its kind, with the same words and every
    attribute (.rule, .problems and .found, .path and .at, .line and .column, ...), in the
    compiled engine too (tests/test_packaging.py)."""
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and again.args == error.args and str(again) == str(error)
    parts = error.__reduce__()[2] or {}  # compiled, on Python 3.12+, an error shows no __dict__: they were lost
    assert bool(parts) == (type(error) not in (CasinoError, CardError, DealError, TooComplex, NoWorld))
    assert again.__reduce__()[2] == parts and all(getattr(again, name) == value for name, value in parts.items())


def test_the_pickled_errors_are_of_every_kind_the_package_has():
    def kinds(base: type) -> set[type]:
        return {base}.union(*(kinds(k) for k in base.__subclasses__() if k.__module__.startswith("casino_cli.")))

    assert {type(e) for e in _one_error_of_each_kind()} == kinds(CasinoError)


def test_an_unseen_count_cannot_change_under_a_position(pos):
    known = engine.observe(pos, 0).known
    with pytest.raises(AttributeError):
        known.stock.count = 0
    assert pickle.loads(pickle.dumps(known)) == known and hash(known) == hash(engine.observe(pos, 0).known)


@pytest.mark.pure_engine("compiled functions carry no annotations")
def test_every_public_name_has_type_hints_a_tool_can_resolve():
    """typing.get_type_hints (used by documentation and validation tools) resolves the hints
    of every class, method and function the engine exports: none is left as a bare string."""
    checked = 0
    for name in engine.__all__:
        value = getattr(engine, name)
        members = [value, *vars(value).values()] if isinstance(value, type) else [value]
        for member in members:
            if callable(member) and getattr(member, "__annotations__", None):
                typing.get_type_hints(member)
                checked += 1
    assert checked > 40


def test_a_hand_started_from_its_table_is_refused_when_it_could_not_be_dealt():
    """start_from_table checks what start_position checks of a deck: a dealer at the table,
    a hand a seat, 4 table cards, and no card dealt twice (a DealError saying which)."""
    from casino_cli.engine import Unseen, start_from_table

    rules = make_rules("classic")
    deck = seeded_deck("7")
    for bad in (deck[:-1], (*deck[:-1], deck[0]), (*deck, 52)):  # short, a card twice, no card
        with pytest.raises(DealError, match="^a deck holds each of the 52 cards exactly once$"):
            start_position(rules, bad, dealer=1)
    pos = start_position(rules, deck, dealer=1)
    hands = (pos.hands[0], pos.hands[1])
    assert start_from_table(rules, pos.loose, hands, 1) == pos._replace(stock=Unseen(40))
    assert start_from_table(rules, pos.loose, hands, 1, stock=pos.stock) == pos
    two = pos.loose & -pos.loose  # one table card
    for table, dealt, dealer, said in (
        (pos.loose, hands, 9, "dealer 9 is not a seat (0..1)"),
        (pos.loose, hands[:1], 1, "1 hand for 2 players"),
        (pos.loose & ~two, hands, 1, "the table starts with 4 cards"),
        (pos.loose, (hands[0] | two, hands[1]), 1, "a card is dealt twice"),
        (pos.loose, (Partial(two, 4), None), 1, "a card is dealt twice"),
    ):
        with pytest.raises(DealError, match=re.escape(said)):
            start_from_table(rules, table, dealt, dealer)
    with pytest.raises(DealError, match="dealt twice"):
        start_from_table(rules, pos.loose, hands, 1, stock=(*pos.stock, pos.stock[0]))
    with pytest.raises(DealError, match="no card"):
        start_from_table(rules, pos.loose, hands, 1, stock=(*pos.stock[1:], 52))


def test_a_move_not_listed_is_a_value_error_saying_what_to_do():
    """MoveList.index of a move not listed said '<Move AS> is not in this listing of 4 moves',
    a repr, not whether the move was illegal or merely past a truncated listing's cut; it
    stays a ValueError (the sequence protocol's), said by the move's text and what is wrong."""
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    listing, cut = legal_moves(pos), legal_moves(pos, limit=1)
    for args, said in (
        ((Move(TRAIL, 0),), "AS is not a legal move here: the legal moves are 2C 4C JD KD"),
        ((Move(TRAIL, 99),), "('trail', 99, 0, 0) is not a legal move here: the legal moves are 2C 4C JD KD"),
        (("JD",), "'JD' is a str, not a Move: parse_move_text reads a move's text"),
        ((listing[2], 3), "JD is move 2 of the listing, outside [3:]"),
        ((listing[2], 0, 2), "JD is move 2 of the listing, outside [0:2]"),
    ):
        with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
            listing.index(*args)
    with pytest.raises(ValueError, match="^JD is not among the 1 move listed, a listing cut short by its bounds"):
        cut.index(listing[2])
    assert listing.index(listing[2]) == 2 and cut.index(listing[0]) == 0


def test_misuse_of_moves_and_listings_is_a_casino_error_naming_what_is_wrong():
    """A move of no known type has no text (IllegalMove, notation), yet a repr; a move not
    listed is named by facts_of; a finished hand takes no move, even with facts in hand."""
    from casino_cli.engine import play_judged

    odd = Move("steal", 3)
    for call in (odd.text, odd.sort_key, lambda: str(odd)):
        with pytest.raises(IllegalMove, match="the type is 'steal', not trail, capture or build") as refused:
            call()
        assert refused.value.rule == "notation"
    assert repr(odd) == "<Move ('steal', 3, 0, 0)>"
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    listing = legal_moves(pos)
    with pytest.raises(ValueError, match="^AS is not a legal move here: the legal moves are 2C 4C JD KD$"):
        listing.facts_of(Move(TRAIL, 0))
    hidden = pos._replace(hands=(None, pos.hands[1]))  # the mover's hand unknown: nothing to judge
    with pytest.raises(IllegalMove, match="^seat 0's hand is unknown, so its move cannot be checked") as refused:
        judge(hidden, listing[0])
    assert refused.value.rule == "card" and not is_legal(hidden, listing[0])
    end = pos
    while end.turn is not None:
        end = apply_move(end, legal_moves(end)[0])
    with pytest.raises(CasinoError, match="the hand is over"):
        play_judged(end, Move(TRAIL, 0), MoveFacts(TRAIL))


def test_no_ruling_is_a_casino_error():
    from casino_cli.records.disputes import NoRuling

    assert issubclass(NoRuling, CasinoError)


def test_arguments_out_of_their_range_are_casino_errors_saying_so():
    """A listing's bounds from 1, a first dealer at the table and hands from 1, a bot that can
    be called, and a seat named as what it is."""
    from casino_cli.engine import dealer_for_hand, register

    rules = make_rules("classic")
    pos = start_position(rules, seeded_deck("7"), dealer=1)
    for limit, budget in ((0, 100), (-1, 100), (10, 0)):
        with pytest.raises(CasinoError, match=f"limit {limit} and budget {budget}: each is a number from 1"):
            legal_moves(pos, limit=limit, budget=budget)
    assert len(legal_moves(pos, limit=1)) == 1
    for dealer, hand in ((7, 1), (-1, 2), (0, 0)):
        with pytest.raises(DealError, match=f"dealer {dealer} of hand 1 and hand {hand}"):
            dealer_for_hand(rules, dealer, hand)
    assert [dealer_for_hand(rules, 1, h) for h in (1, 2, 3)] == [1, 0, 1]
    with pytest.raises(TypeError, match="5 is not callable"):
        register("five", 5)  # type: ignore[arg-type]


def test_a_game_refuses_bots_that_cannot_play_where_it_is_made():
    """Game(rules, "7", [1, 2]) was taken, and failed only at play() (a BotError of the int
    seat 0 'raised'); a seat's bot that cannot be called, a text or None for the list, is a
    TypeError where the game is made, naming the seat and what was given."""
    rules = make_rules("classic")
    for bots, said in (
        ([1, 2], "the bot of seat 0 is called with (view, moves, rng): int 1 is not callable"),
        ([random_bot, "greedy"], "the bot of seat 1 is called with (view, moves, rng): str 'greedy' is not callable"),
        (
            [random_bot, Game],
            "the bot of seat 1 is called with (view, moves, rng): <class 'casino_cli.engine.game.Game'> is a class,",
        ),
        ("ab", "bots must be a list of bots, one a seat, not str 'ab'"),
        (None, "bots must be a list of bots, one a seat, not NoneType None"),
    ):
        with pytest.raises(TypeError, match=f"^{re.escape(said)}"):
            Game(rules, "7", bots)  # type: ignore[arg-type]
    assert Game(rules, "7", (random_bot, greedy_bot)).bots == (random_bot, greedy_bot)


def test_a_bot_is_registered_only_under_a_name_bots_can_say():
    """A name that is no text is a TypeError naming it (one was kept, and then every unknown
    name's LookupError failed listing it), and one --bots cannot say a CasinoError."""
    from casino_cli.engine import BOTS, find_bot, random_bot, register

    before = dict(BOTS)
    with pytest.raises(TypeError, match="name must be a str|str object expected"):
        register(42, random_bot)  # type: ignore[arg-type]
    for name in ("", "mybots:cautious", "greedy,random"):
        with pytest.raises(CasinoError, match="a bot's name is not empty and has no ',' or ':'"):
            register(name, random_bot)
    assert before == BOTS
    with pytest.raises(LookupError, match="unknown bot 'nope' \\(bots: random, greedy"):
        find_bot("nope")


def test_a_class_is_no_bot_but_an_instance_of_it_is(tmp_path, monkeypatch):
    """--bots mybots:Cautious, naming the class where its instance was meant, failed at the
    first move ('Cautious.__init__() takes 1 positional argument but 4 were given'); a class
    is refused where it is named, and an instance with __call__ is a bot."""
    from casino_cli.engine import find_bot, register

    source = (
        "class Cautious:\n    def __call__(self, view, moves, rng):\n        return moves[0]\n\ncautious = Cautious()\n"
    )
    (tmp_path / "classbots.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    said = (
        "is a class, whose call makes an instance, not a move: use an instance of it \\(mine = Cautious\\(\\), say\\)"
    )
    with pytest.raises(LookupError, match="bot 'classbots:Cautious' " + said):
        find_bot("classbots:Cautious")
    with pytest.raises(TypeError, match=said):
        register("cautious", type(find_bot("classbots:cautious")))  # type: ignore[arg-type]
    game = Game(make_rules("classic"), "7", [find_bot("classbots:cautious")] * 2)
    game.play(hands=1)
    assert game.hands


def test_a_bot_of_casinos_own_is_not_replaced():
    """register('greedy', mine) was taken without a word, so a match 'against greedy' played
    another bot; casino's own bots keep their names, in any case, as find_bot reads them
    (registering one as itself is no change)."""
    from casino_cli.engine import BOTS, find_bot, greedy_bot, random_bot, register

    for name in ("random", "greedy", "counter", "searcher", "GREEDY"):
        with pytest.raises(CasinoError, match=f"'{name}' is one of casino's own bots"):
            register(name, lambda view, moves, rng: moves.moves[0])
    register("greedy", greedy_bot)
    assert find_bot("greedy") is find_bot("Greedy") is greedy_bot and BOTS["random"] is random_bot


def test_a_registered_name_is_one_name_in_any_case(monkeypatch):
    """register('Random', random_bot) added a second key for casino's own bot, and a bot
    registered as 'Mine' was unknown to find_bot('mine') and --bots mine, though casino's
    own are read in any case; a registered name is read in any case by find_bot and --bots
    (and recorded as registered), registering a bot under its name in another case is no
    change, and another bot under it is refused unless spelt as registered."""
    from casino_cli.cli.cmd_simulate import parse_bots
    from casino_cli.engine import BOTS, find_bot, register

    own = ("random", "greedy", "counter", "searcher")
    monkeypatch.setattr("casino_cli.engine.bots.BOTS", {name: BOTS[name] for name in own})
    from casino_cli.engine import bots

    def mine(view, moves, rng):
        return moves[0]

    def other(view, moves, rng):
        return moves[-1]

    register("Random", random_bot)
    register("Mine", mine)
    register("MINE", mine)
    assert list(bots.BOTS) == [*own, "Mine"]
    assert find_bot("mine") is find_bot("MINE") is mine
    assert parse_bots("mine,RANDOM", 2) == ["Mine", "random"]
    with pytest.raises(CasinoError, match="^'mine' is the name of another bot, registered as 'Mine' \\(names are"):
        register("mine", other)
    register("Mine", other)  # spelt as registered: replaced
    assert find_bot("mINe") is other and list(bots.BOTS)[-1] == "Mine"


def test_find_bot_sample_worlds_and_seat_rngs_check_their_arguments():
    """A bot's name that is no text and an rng that is no random.Random are TypeErrors naming
    them (they were AttributeErrors from inside); a number of players no game has is a
    CasinoError for seat_rngs (0 gave no source, and 10**19 filled the memory), the rules'
    own RulesError, word for word (its check of its own cut the number shown shorter)."""
    from casino_cli.engine import find_bot, sample_worlds, seat_rngs

    with pytest.raises(TypeError, match="name must be a str|str object expected"):
        find_bot(None)  # type: ignore[arg-type]
    view = observe(start_position(make_rules("classic"), seeded_deck("7"), dealer=1), 0)
    with pytest.raises(TypeError, match="rng must be a random.Random|Random object expected"):
        sample_worlds(view, 2, "x")  # type: ignore[arg-type]
    for players in (0, 5, 10**19, 10**35):  # the huge ones last: before the check it was tried
        with pytest.raises(RulesError, match="players must be 2, 3 or 4, not ") as refused:
            seat_rngs("s", players)
        with pytest.raises(RulesError) as by_rules:
            make_rules("classic", players)
        assert str(refused.value) == str(by_rules.value)
    assert len(seat_rngs("s", 4)) == 4 and len(sample_worlds(view, 2, random.Random(1))) == 2


@OWN_WORDS_FOR_TYPES
def test_an_argument_of_the_wrong_type_is_a_type_error_naming_it():
    """A text for a Position, a dict or a plain tuple for a Move, a text for a card, a
    Rules or a View: a TypeError at the public function, naming the argument and what it
    must be, never an AttributeError from deep inside the engine."""
    from casino_cli.engine import (
        Game,
        all_worlds,
        check_position,
        dealer_for_hand,
        game_after_hand,
        make_build,
        play_judged,
        public,
        score_hand,
        start_from_table,
        unseen_cards,
    )

    rules = make_rules("royal")
    pos = start_position(rules, seeded_deck("7"), dealer=1)
    move = legal_moves(pos)[0]
    text = str(move)
    end = Game(rules, "7", [random_bot, random_bot]).play_hand().position
    calls: list[tuple[str, typing.Callable[[], object]]] = [
        ("pos must be a Position", lambda: legal_moves("royal 2p")),
        ("pos must be a Position", lambda: apply_move(position_json(pos), move)),
        ("move must be a Move", lambda: apply_move(pos, text)),
        ("move must be a Move", lambda: apply_move(pos, {"type": "trail", "card": "AS"})),
        ("move must be a Move", lambda: is_legal(pos, tuple(move))),
        ("move must be a Move", lambda: judge(pos, None)),
        ("move must be a Move", lambda: play_judged(pos, text, judge(pos, move))),
        ("pos must be a Position", lambda: check_position(str(pos))),
        ("pos must be a Position", lambda: unseen_cards(str(pos))),
        ("pos must be a Position", lambda: score_hand(str(pos))),
        ("position must be a Position", lambda: observe(str(pos), 0)),
        ("position must be a Position", lambda: public(str(pos))),
        ("view must be a View", lambda: sample_worlds(pos, 1, random.Random(1))),
        ("view must be a View", lambda: all_worlds(pos, 10)),
        ("rules must be a Rules", lambda: start_position("royal", seeded_deck("7"), dealer=1)),
        ("rules must be a Rules", lambda: start_from_table("royal", pos.loose, pos.hands, 1)),
        ("rules must be a Rules", lambda: dealer_for_hand("royal", 0, 1)),
        ("rules must be a Rules", lambda: make_build("royal", 8, 0, 3)),
        ("rules must be a Rules", lambda: Game("royal", "7")),
        ("rules must be a Rules", lambda: game_after_hand("royal", (0, 0), score_hand(end))),
        ("seed must be a text", lambda: seeded_deck(7)),
        ("seed must be a text", lambda: Game(rules, 7, [random_bot, random_bot])),
        ("card must be a card number 0..51", lambda: card_code("AS")),
    ]
    for said, call in calls:
        with pytest.raises(TypeError, match=f"^{said}[ ,]") as refused:
            call()
        assert len(str(refused.value)) < 160, str(refused.value)
    game = Game(rules, "7")
    game.deal()
    with pytest.raises(TypeError, match="move must be a Move"):
        game.play_move(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [5, None, ["AS"], b"AS"])
def test_parse_card_refuses_what_is_no_text_as_no_card(value: object) -> None:
    """parse_card takes what a document holds and refuses a non-text as it refuses a bad
    text, with a CardError (compiled, a ``str`` argument would be checked first, and a
    number in a position's card list stopped casino as an internal error)."""
    with pytest.raises(CardError, match="a card must be a string like 'TD'"):
        parse_card(value)


@pytest.mark.pure_engine("reads signatures compiled functions lack, and the engine's own words for a wrong type")
def test_every_public_function_names_a_count_seed_or_flag_of_the_wrong_type():
    """Each int, str or bool argument of each public function, given a value of another type
    (a text for a limit, a float or a bool for a count, a number for a seed), is a TypeError
    naming the argument or the function's own refusal quoting the value
    (legal_moves(pos, limit='x') and sample_worlds(view, '3', rng) failed on a comparison
    deep inside, limit=1.5 listed; card_code(True) was 'AH' and next_dealer(rules, True)
    seat 0). A card set's mask may be a bool, as docs/api.md says: cards_of and codes_of
    are in the engine's hot loops."""
    rules = make_rules("classic")
    pos = start_position(rules, seeded_deck("7"), dealer=1)
    move = legal_moves(pos)[0]
    view = observe(pos, 0)
    given: dict[str, dict[str, object]] = {  # the arguments of each call but the one made wrong
        "card_code": {"card": 0},
        "codes_of": {"mask": 1},
        "cards_of": {"mask": 1},
        "make_rules": {},
        "make_build": {"rules": rules, "value": 8, "owner": 0, "cards": 3},
        "seeded_deck": {"seed": "7"},
        "start_position": {"rules": rules, "deck": seeded_deck("7"), "dealer": 1},
        "start_from_table": {"rules": rules, "table": pos.loose, "hands": pos.hands, "dealer": 1},
        "dealer_for_hand": {"rules": rules, "first_dealer": 0, "hand": 2},
        "next_dealer": {"rules": rules, "dealer": 0},
        "legal_moves": {"pos": pos},
        "play_judged": {"pos": pos, "move": move, "facts": judge(pos, move)},
        "observe": {"position": pos, "seat": 0},
        "seat_rngs": {"seed": "s", "players": 2},
        "sample_worlds": {"view": view, "n": 2, "rng": random.Random(1)},
        "all_worlds": {"view": view, "cap": 10},
        "find_bot": {"name": "random"},
        "register": {"name": "mine", "bot": random_bot},
        "game_seed": {"seed": "s", "number": 1},
    }
    wrong = {int: ("x", 1.5, None, True), str: (1.5, None), bool: ("x", 1)}
    wrong |= {int | None: ("x", 1.5, False), bool | None: ("x", 1)}
    masks = {("cards_of", "mask"), ("codes_of", "mask")}
    scalar = {}
    for name in engine.__all__:
        value = getattr(engine, name)
        if inspect.isroutine(value):
            hints = typing.get_type_hints(value)
            scalar[name] = [arg for arg in inspect.signature(value).parameters if hints.get(arg) in wrong]
    assert set(given) == {name for name, args in scalar.items() if args}  # a new function is added here
    for name, args in given.items():
        for arg in scalar[name]:
            for bad in wrong[typing.get_type_hints(getattr(engine, name))[arg]]:
                if isinstance(bad, bool) and (name, arg) in masks:
                    continue
                with pytest.raises((TypeError, CasinoError)) as refused:
                    getattr(engine, name)(**{**args, arg: bad})
                said = str(refused.value)
                typed = re.match(f"{arg} must be .*, not {type(bad).__name__} ", said) or "object expected" in said
                assert typed if refused.type is TypeError else shown(bad) in said, (name, arg, bad, said)


@pytest.mark.parametrize("name", ["random", "greedy", "counter", "searcher"])
def test_casinos_own_bots_name_an_argument_of_the_wrong_type(name):
    """A text, a document or a position where the view goes, a plain tuple for the moves and
    a text for the rng are TypeErrors naming the argument, as docs/api.md says of every
    public function (the bots raised AttributeErrors from inside, and random_bot answered)."""
    from casino_cli.engine import find_bot

    bot = find_bot(name)
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    view, moves, rng = observe(pos, 0), legal_moves(pos), random.Random(1)
    for said, args in [
        ("view must be a View|tuple object expected", ("2C", moves, rng)),
        ("view must be a View|tuple object expected", (position_json(pos), moves, rng)),
        ("view must be a View", (pos, moves, rng)),
        ("moves must be a MoveList|MoveList object expected", (view, tuple(moves), rng)),
        ("rng must be a random.Random|Random object expected", (view, moves, "seed")),
    ]:
        with pytest.raises(TypeError, match=said):
            bot(*args)
    assert bot(view, moves, rng) in moves


def test_a_huge_number_or_a_long_text_is_named_in_a_few_words():
    """A 5,000-digit number where a card, seat, count or option goes is a CasinoError that
    says how long it is (it was a ValueError of Python's: no int of over 4,300 digits is
    written), and a megabyte of text is quoted in part (it was quoted whole)."""
    from casino_cli.engine import dealer_for_hand

    rules = make_rules("classic")
    pos = start_position(rules, seeded_deck("7"), dealer=1)
    huge, text = 10**5000, "x" * 10**6
    calls: list[typing.Callable[[], object]] = [
        lambda: card_code(huge),
        lambda: codes_of(huge),
        lambda: make_rules("classic", huge),
        lambda: make_rules(text),
        lambda: make_rules("classic", 2, target=huge),
        lambda: make_rules("classic", 2, sweeps=text),
        lambda: make_rules("classic", 2, **{text: 1}),
        lambda: start_position(rules, seeded_deck("7"), dealer=huge),
        lambda: dealer_for_hand(rules, huge, 2),
        lambda: seeded_deck("7", huge),
        lambda: engine.game_seed("7", huge),
        lambda: apply_move(pos, Move("trail", huge)),
        lambda: apply_move(pos, Move("capture", 4, huge)),
        lambda: apply_move(pos, Move(text, 4)),
        lambda: Move("trail", huge).text(),
        lambda: observe(pos, huge),
        lambda: sample_worlds(observe(pos, 0), huge, random.Random(1)),
    ]
    for call in calls:
        with pytest.raises(engine.CasinoError) as refused:
            call()
        assert len(str(refused.value)) < 300, str(refused.value)  # the longest lists the options
    assert "<int of about 5,000 digits>" in repr(Move("trail", huge))


def test_is_legal_agrees_with_the_listing_for_a_partly_known_mover():
    """For a mover whose hand is known in part, judge, is_legal and apply_move take B3 and O1
    as met when an unseen card could meet them, as legal_moves does (and casino apply plays
    such a move): every move listed is played, and no other move of a known card is."""
    from casino_cli.engine import Unseen

    checked = 0
    for seed in range(12):
        pos = start_position(make_rules(("classic", "royal", "american-royal")[seed % 3]), seeded_deck(f"p{seed}"), 1)
        rng = random.Random(seed)
        while pos.turn is not None:
            held = cards_of(pos.hands[pos.turn])
            if len(held) >= 2:
                known = sum(1 << c for c in rng.sample(held, rng.randrange(1, len(held))))
                hands = tuple(Partial(known, len(held)) if s == pos.turn else None for s in range(2))
                part = pos._replace(hands=hands, stock=Unseen(pos.stock_count))
                listed = legal_moves(part)
                tried = set(legal_moves(pos)) | set(listed) | {Move(TRAIL, c) for c in cards_of(known)}
                for move in (m for m in tried if known >> m.card & 1):
                    assert is_legal(part, move) == (move in listed), (part, move)
                    checked += 1
                for move in listed:
                    apply_move(part, move)
            listing = legal_moves(pos)
            pos = apply_move(pos, listing[rng.randrange(len(listing))])
    assert checked > 1000


def test_the_readers_and_writers_name_an_argument_of_the_wrong_type():
    """The notation's and the records' public functions, as the engine's: a dict where a
    Record or a Rules goes (record_score and rules_json failed on an attribute), a text
    where a Position or Move goes, a number where a text goes is a
    TypeError naming the argument; and read_text reads a whole text, not its characters."""
    from casino_cli.notation.fields import loads
    from casino_cli.notation.moves import parse_move_text
    from casino_cli.notation.text_record import read_text, write_text
    from casino_cli.records.disputes import rule_on_record
    from casino_cli.records.game_record import game_record
    from casino_cli.records.record import read_record
    from casino_cli.records.referee import walk
    from casino_cli.records.ruling import ruling_json
    from casino_cli.records.scoresheet import record_score

    game = Game(make_rules("classic"), "7", [greedy_bot, greedy_bot])
    game.play(hands=1)
    doc = game_record(game, ["Ana", "Ben"])
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    calls: list[tuple[str, typing.Callable[[], object]]] = [
        ("record must be a Record", lambda: list(walk(doc))),
        ("record must be a Record", lambda: rule_on_record(doc, 1, 1)),
        ("pos must be a Position", lambda: position_json(str(pos))),
        ("pos must be a Position", lambda: ruling_json(position_json(pos), Move(TRAIL, 0), 0)),
        ("move must be a Move", lambda: ruling_json(pos, "AS", 0)),
        ("move must be a Move", lambda: move_json("2C")),
        ("text must be a move's text", lambda: parse_move_text(5)),
        ("data must be the JSON text", lambda: loads(doc)),
        ("game must be a Game", lambda: game_record(doc)),
        ("record must be a Record", lambda: record_score(doc)),
        ("rules must be a Rules", lambda: rules_json(rules_json(pos.rules))),
    ]
    for said, call in calls:
        with pytest.raises(TypeError, match=f"^{said}[ ,]"):
            call()
    text = write_text(doc)
    (whole,) = read_text(text)
    assert whole.error is None and whole.value == doc and read_record(whole.value) == read_record(doc)


def test_a_game_s_record_names_its_seats_as_a_record_does_or_refuses():
    """game_record(game, players) wrote any players it was given: one name for two seats (a
    record read_record refuses) or a text's letters ('AB' as seats A and B)."""
    from casino_cli.records.game_record import game_record
    from casino_cli.records.record import read_record

    game = Game(make_rules("classic"), "7", [greedy_bot, greedy_bot])
    game.play(hands=1)
    assert read_record(game_record(game, ("Ana", "Ben"))).players == ("Ana", "Ben")
    for players, error, said in [
        (["Ana"], CasinoError, "^1 name for 2 players$"),
        (["Ana", "Ben", "Cy"], CasinoError, "^3 names for 2 players$"),
        ("AB", TypeError, "^players must be a list of names .*, not str 'AB'$"),
        (["Ana", 3], TypeError, "^players must be a list of names"),
        (5, TypeError, "^players must be a list of names .*, not int 5$"),
    ]:
        with pytest.raises(error, match=said):
            game_record(game, players)


def test_a_game_s_repr_says_where_it_is():
    """A Game in a REPL showed <casino_cli.engine.game.Game object at 0x…>; it shows its
    rules, seed, hands, scores and winner, as a Position's repr does in one line."""
    game = Game(make_rules("classic", target=11), "7", [greedy_bot, random_bot])
    assert repr(game) == "<Game classic 2p, target=11, seed '7', 0 hands played, scores 0-0>"
    first = game.play_hand()
    assert (
        repr(game)
        == f"<Game classic 2p, target=11, seed '7', 1 hand played, scores {'-'.join(map(str, first.game.scores))}>"
    )
    game.deal()
    assert ", hand 2 in play, " in repr(game)
    while game.in_play:
        game.play_move(game.choose()[0])
    game.play()
    assert repr(game).endswith(f" hands played, scores {'-'.join(map(str, game.scores))}, side {game.winner} won>")


def test_read_text_names_bytes_rather_than_failing_inside():
    """read_text(path.read_bytes()), or a file open as binary, failed inside with
    AttributeError: 'int' object has no attribute 'rstrip'; it is a TypeError naming them."""
    from casino_cli.notation.text_record import read_text

    text = "[Rules classic 2]\nHand 1 dealer 0\n1. 2C"
    for given, said in [
        (text.encode(), r"^lines must be a text or its lines \(decode bytes first\), not bytes b'\[Rules"),
        (5, "^lines must be a text or its lines .*, not int 5$"),
        (text.encode().splitlines(keepends=True), r"^line 1 must be a text \(decode bytes first\), not bytes"),
    ]:
        with pytest.raises(TypeError, match=said):
            list(read_text(given))  # type: ignore[arg-type]
    (record,) = read_text(text)
    assert record.error is None and record.value["hands"][0]["moves"] == ["2C"]


def test_schema_of_an_unknown_name_is_a_casino_error_naming_the_known_ones():
    """schema("nope") was a bare KeyError: 'nope', and schema("Position") one too, where
    casino schema Position printed it; a name in any case is read, another is a CasinoError."""
    from casino_cli.notation.schema import NAMES, schema

    assert schema("Position") == schema("position") and schema("position")["$id"].endswith("position.json")
    with pytest.raises(CasinoError, match=rf"^no schema named 'nope' \(known: {', '.join(NAMES)}\)$"):
        schema("nope")
    with pytest.raises(TypeError, match="^name must be a str, not int 5$"):
        schema(5)  # type: ignore[arg-type]


def test_position_json_writes_user_data_and_nothing_that_would_overwrite_the_position():
    """position_json(pos, (("", "turn", 5),)) wrote turn 5, and (("rules", "players", 9),)
    players 9, documents read_position refuses; position_json(pos, {"_x": 1}) failed on
    'not enough values to unpack'. Only _ keys are written back; a dict is a TypeError."""
    pos = start_position(make_rules("classic"), seeded_deck("7"), dealer=1)
    doc = position_json(pos)
    doc["_mine"], doc["rules"]["_note"] = [1], "x"
    read, user = read_position_data(doc)
    assert position_json(read, user) == doc
    for bad, error, said in [
        ((("", "turn", 5),), CasinoError, "not 'turn' at ''$"),
        ((("rules", "players", 9),), CasinoError, "not 'players' at 'rules'$"),
        ((("hands", "_x", 9),), CasinoError, "not '_x' at 'hands'$"),
        ({"_x": 1}, TypeError, r"^user must be the user data read_position_data returns: .*, not dict \{'_x': 1\}$"),
        ((("", "_x"),), TypeError, "^user must be the user data"),
    ]:
        with pytest.raises(error, match=said):
            position_json(pos, bad)


def test_a_game_names_an_observer_of_the_wrong_type_before_dealing():
    """game.play(observer=5) dealt a hand and then failed inside ('int' object is not
    callable), leaving the game stuck ('the hand is not over' at every play after): a
    TypeError naming it, the game unchanged."""
    game = Game(make_rules("classic"), "7", [greedy_bot, random_bot])
    for play in (lambda: game.play(observer=5), lambda: game.play_hand(observer="print")):
        with pytest.raises(TypeError, match="^observer must be a function of a GameEvent, or None, not "):
            play()  # type: ignore[arg-type]
        assert not game.in_play and repr(game).endswith(" 0 hands played, scores 0-0>")
    assert len(game.play(hands=1)) == 1


@OWN_WORDS_FOR_TYPES
def test_a_game_names_a_first_dealer_of_the_wrong_type():
    """A first dealer of True was taken for seat 1: a TypeError naming it."""
    for dealer in (True, "1", 1.0):
        with pytest.raises(TypeError, match="^first_dealer must be an int or None, not "):
            Game(make_rules("classic"), "7", first_dealer=dealer)  # type: ignore[arg-type]
