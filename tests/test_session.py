"""A game played move by move (``casino play``'s Session) is the bots' game (Game) with the
caller choosing each move: the same hands, scores and record; its record part-way; undo."""

from __future__ import annotations

import pytest

from casino_cli.engine import Game, IllegalMove, Move, greedy_bot, legal_moves, make_rules, random_bot
from casino_cli.engine.views import ask, seat_rngs
from casino_cli.records.selfplay import play_game
from casino_cli.records.session import Session

CASES = [("classic", 2, "s1"), ("royal", 2, "s2"), ("royal", 4, "s3"), ("american-royal", 3, "s4")]


def drive(session: Session, bots, rngs, moves: int | None = None) -> None:
    """Let ``bots`` choose the session's moves (at most ``moves`` of them)."""
    while not session.over and moves != 0:
        seat = session.position.turn
        move, listing = ask(bots[seat], session.position, rngs[seat], session.history)
        session.play(move, listing)
        moves = None if moves is None else moves - 1


@pytest.mark.parametrize("variant,players,seed", CASES)
def test_a_session_played_by_bots_is_their_game(variant, players, seed):
    rules = make_rules(variant, players)
    bots = [greedy_bot if s % 2 else random_bot for s in range(players)]
    for hands in (None, 1):
        session = Session(rules, seed, hands)
        drive(session, bots, seat_rngs(seed, players))
        expected = play_game(rules, seed, bots, hands)
        assert session.record() == expected
        assert session.over and session.hand == len(expected["hands"])
        assert ("result" in expected) == (hands is None)  # the whole game is won, one hand is not


def test_the_record_part_way_holds_the_moves_so_far():
    rules = make_rules("classic", 2)
    bots = [greedy_bot, greedy_bot]
    whole = play_game(rules, "part", bots)
    session = Session(rules, "part")
    assert session.record()["hands"] == [{"dealer": 1, "moves": []}]  # the first hand, dealt
    first = whole["hands"][0]["moves"]
    drive(session, bots, seat_rngs("part", 2), len(first) + 3)
    hands = session.record()["hands"]
    assert hands[0] == whole["hands"][0]
    assert hands[1] == {"dealer": whole["hands"][1]["dealer"], "moves": whole["hands"][1]["moves"][:3]}
    assert "result" not in session.record() and session.hand == 2
    session = Session(rules, "part")
    drive(session, bots, seat_rngs("part", 2), len(first))  # the first hand over, the next one dealt
    assert session.record()["hands"] == whole["hands"][:1] and session.hand == 2


def test_restore_goes_back_to_the_moment_whatever_was_played_since():
    rules = make_rules("royal", 2)
    session = Session(rules, "undo")
    rngs = seat_rngs("undo", 2)
    drive(session, [greedy_bot, greedy_bot], rngs, 40)  # into the second hand
    moment = session.moment("mine")
    before, position, history = session.record(), session.position, session.history
    drive(session, [random_bot, random_bot], rngs, 30)  # across the hand's end
    assert session.record() != before
    session.restore(moment)
    taken_back = session.record()
    assert (
        taken_back.pop("_takebacks") == "1 move taken back during play (undo), each after the replies to it were seen"
    )
    assert (taken_back, session.position, session.history) == (before, position, history)
    assert moment.extra == "mine"
    session.play(legal_moves(session.position).moves[-1])  # playing on leaves the moment as it was
    session.restore(moment)
    assert session.record() == dict(
        before, _takebacks="2 moves taken back during play (undo), each after the replies to it were seen"
    )


def test_a_game_without_bots_is_played_move_by_move():
    game = Game(make_rules("classic", 2), "g")
    with pytest.raises(ValueError, match="move by move"):
        game.play_hand()
    with pytest.raises(ValueError, match="no hand is in play"):
        game.play_move(Move("trail", 0))
    start = game.deal()
    with pytest.raises(ValueError, match="not over"):
        game.deal()
    listing = legal_moves(start.position)
    with pytest.raises(IllegalMove):
        game.play_move(Move("trail", next(c for c in range(52) if not start.position.hands[0] >> c & 1)))
    assert game.moves == []  # a refused move leaves the game as it was
    events = game.play_move(listing.moves[0])
    assert [type(e).__name__ for e in events] == ["Step"] and game.moves == [listing.moves[0]]
