"""Player views: what a seat sees, bots asked through views only, and the leak test."""

from __future__ import annotations

import gc
import inspect
import os
import random
import re
from pathlib import Path

import pytest

from casino_cli.cards import FULL_DECK, count
from casino_cli.engine import (
    CasinoError,
    Game,
    Position,
    Unseen,
    legal_moves,
    make_rules,
    play_judged,
    seeded_deck,
    start_position,
)
from casino_cli.engine.botcheck import check_bot
from casino_cli.engine.bots import BOTS
from casino_cli.engine.position import Partial
from casino_cli.engine.views import Played, ask, observe, public, seat_rngs
from casino_cli.records.selfplay import play_game

# botcheck forks (each question in a process of its own); pytest-xdist's worker runs a thread
# of its own, so on Python 3.12+ that fork warns here, as it would not from `casino botcheck`.
ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")
# A cheat that walks its callers' frames finds the game's position only where the engine's
# calls are Python frames: the compiled engine's leave none, so there it sees nothing to
# peek at (and plays fair); the cheats that search the garbage collector are caught by both.
WALKS_FRAMES = pytest.mark.pure_engine("the compiled engine leaves no Python frames for this cheat to walk")


def _positions(rules, games=3):
    """Positions of greedy games, every move."""
    out = []
    for g in range(games):
        pos = start_position(rules, seeded_deck(f"v{g}"), rules.players - 1)
        rngs = seat_rngs(f"v{g}", rules.players)
        while not pos.finished:
            out.append(pos)
            move, listing = ask(BOTS["greedy"], pos, rngs[pos.turn])
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    return out


def test_a_view_shows_own_hand_table_and_captures_and_counts_the_rest():
    for rules in (make_rules("classic", 2), make_rules("royal", 4)):
        for pos in _positions(rules, 1):
            for seat in range(rules.players):
                view = observe(pos, seat)
                assert view.hand == pos.hands[seat]
                assert view.known.loose == pos.loose and view.known.builds == pos.builds
                assert view.known.captured == pos.captured
                assert view.known.stock == Unseen(pos.stock_count)
                for other in range(rules.players):
                    if other != seat:
                        assert view.known.hands[other] == Partial(0, count(pos.hands[other]))
                hidden = sum(count(pos.hands[s]) for s in range(rules.players) if s != seat) + pos.stock_count
                assert count(view.unseen) == hidden and view.seen | view.unseen == FULL_DECK
                assert not any(isinstance(v, Position) and v is pos for v in view)


def test_the_view_lists_the_same_moves_as_the_position():
    for pos in _positions(make_rules("royal", 2), 2):
        assert legal_moves(observe(pos, pos.turn).known) == legal_moves(pos)


def test_each_seat_has_its_own_rng():
    """A bot that draws from its rng does not change what the other seat's rng gives."""
    rules = make_rules("classic", 2)
    draws: list[float] = []

    def noisy(view, moves, rng):
        for _ in range(5):
            rng.random()
        return moves.moves[0]

    def watcher(view, moves, rng):
        draws.append(rng.random())
        return moves.moves[0]

    play_game(rules, "rng", [noisy, watcher], hands=1)
    quiet, draws[:] = list(draws), []
    play_game(rules, "rng", [BOTS["random"], watcher], hands=1)
    assert draws[: len(quiet)] == quiet[: len(draws)] and draws


def test_every_seat_of_a_four_seat_game_has_a_source_of_its_own():
    """Partners too: no two seats' sources give the same draws (one shared by a partnership
    would let a bot foresee its partner's random choices)."""
    firsts = [[rng.random() for _ in range(3)] for rng in seat_rngs("s", 4)]
    assert len({tuple(draws) for draws in firsts}) == 4


def test_only_the_seats_of_the_position_can_be_observed():
    """Seats count from 0: the seat one past the last, and -1, are no seats (a view of
    either would hide every hand)."""
    pos = start_position(make_rules("classic", 2), seeded_deck("o"), 1)
    for seat in (2, -1):
        with pytest.raises(CasinoError, match=f"seat {seat} is not a seat"):
            observe(pos, seat)


def test_a_history_that_is_not_the_hands_public_moves_is_refused_where_the_view_is_made():
    """observe and ask take the history as a tuple of Played whose positions hide every hand
    and the stock: a list, or the moves alone, is a TypeError naming it (it used to make a
    view the searcher failed on deep inside, with an AttributeError), and a Played holding
    the full position a CasinoError (that view would have shown the bot every hidden card).
    The compiled engine refuses a list itself, in words of its own."""
    rules = make_rules("classic", 2)
    pos = start_position(rules, seeded_deck("h"), 1)
    history = []
    for _ in range(3):
        move = legal_moves(pos)[0]
        history.append(Played(pos.turn, move, public(pos)))
        full = pos
        pos = play_judged(pos, move, legal_moves(pos).facts[0])
    assert observe(pos, pos.turn, tuple(history)).history == tuple(history)
    with pytest.raises(TypeError, match=r"^history must be a tuple of Played .*, not list \[|tuple object expected"):
        observe(pos, pos.turn, history)
    with pytest.raises(
        TypeError, match=r"^history\[0\] must be a Played\(seat, move, public\(position\)\), not Move|object expected"
    ):
        observe(pos, pos.turn, tuple(p.move for p in history))
    for shown_cards in (full, observe(full, full.turn).known):  # every card, or the mover's hand
        leaky = (*history[:2], Played(full.turn, history[2].move, shown_cards))
        with pytest.raises(CasinoError, match=r"^history\[2\]\.before shows cards no seat sees"):
            observe(pos, pos.turn, leaky)
        with pytest.raises(CasinoError, match=r"^history\[2\]\.before shows cards no seat sees"):
            ask(BOTS["searcher"], pos, random.Random(1), leaky)


def peeker(view, moves, rng):
    """A cheat: finds the full position in the caller's frames and uses the other hands."""
    frame = inspect.currentframe()
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, Position) and all(isinstance(h, int) for h in value.hands):
                others = sum(h for s, h in enumerate(value.hands) if s != view.seat)
                return moves.moves[others % len(moves.moves)]
        frame = frame.f_back
    return moves.moves[0]


def gc_peeker(view, moves, rng):
    """A cheat: searches the garbage collector's objects for a full position that fits its
    view, the oldest first (in one process with the re-deals, the game's own)."""
    for value in gc.get_objects():
        if (
            type(value) is Position
            and value.loose == view.known.loose
            and value.hands[view.seat] == view.known.hands[view.seat]
            and all(isinstance(h, int) for h in value.hands)
        ):
            others = sum(h for s, h in enumerate(value.hands) if s != view.seat)
            return moves.moves[others % len(moves.moves)]
    return moves.moves[0]


def game_peeker(view, moves, rng):
    """A cheat: finds the game through the garbage collector and uses its position's other hands."""
    for value in gc.get_objects():
        if type(value) is Game and value.position is not None:
            others = sum(h for s, h in enumerate(value.position.hands) if s != view.seat)
            return moves.moves[others % len(moves.moves)]
    return moves.moves[0]


def frame_game_peeker(view, moves, rng):
    """A cheat: finds the game that asks it in its callers' frames."""
    frame = inspect.currentframe()
    while frame is not None:
        game = frame.f_locals.get("self")
        if isinstance(game, Game) and game.position is not None:
            others = sum(h for s, h in enumerate(game.position.hands) if s != view.seat)
            return moves.moves[others % len(moves.moves)]
        frame = frame.f_back
    return moves.moves[0]


def seed_dealer(view, moves, rng):
    """A cheat: deals the hand's cards itself from the seed of the game asking it (found
    by its position; a game another test left in the process would be a different one)."""
    for value in gc.get_objects():
        if type(value) is Game and value.position is not None and value.position.loose == view.known.loose:
            deck = seeded_deck(value.seed, len(value.hands) + 1)
            return moves.moves[sum(deck[:8]) % len(moves.moves)]
    return moves.moves[0]


_first_seen: dict[tuple[object, ...], str] = {}


def remembering_peeker(view, moves, rng):
    """A cheat: peeks in the first world it is asked in, then answers the same for that
    view ever after (in one process, the re-deals would all get the game's answer)."""
    key = (view.seat, view.known.loose, view.known.hands[view.seat], len(view.history))
    if key not in _first_seen:
        _first_seen[key] = peeker(view, moves, rng).text()
    return next(m for m in moves.moves if m.text() == _first_seen[key])


@pytest.mark.parametrize(
    "cheat",
    [
        pytest.param(peeker, marks=WALKS_FRAMES),
        gc_peeker,
        pytest.param(remembering_peeker, marks=WALKS_FRAMES),
        game_peeker,
        pytest.param(frame_game_peeker, marks=WALKS_FRAMES),
    ],
)
def test_botcheck_catches_a_peeking_bot(cheat):
    tested, findings = check_bot(cheat, make_rules("classic", 2), BOTS["greedy"], decisions=40)
    assert findings and "re-dealt" in findings[0].problem and findings[0].leak


def _full_position(view):
    """The full position a cheat finds in its callers' frames (the one its view was made from), or None."""
    frame = inspect.currentframe()
    while frame is not None:
        for value in frame.f_locals.values():
            if isinstance(value, Position) and not isinstance(value.stock, Unseen) and value.loose == view.known.loose:
                return value
        frame = frame.f_back
    return None


def stock_peeker(view, moves, rng):
    """A cheat: reads the next card the stock deals (not any hand) from the full position."""
    full = _full_position(view)
    upcoming = full.stock[0] if full is not None and full.stock else 0
    return moves.moves[upcoming % len(moves.moves)]


def partner_peeker(view, moves, rng):
    """A cheat: reads its partner's hand (not an opponent's) from the full position."""
    full = _full_position(view)
    partner = full.hands[(view.seat + 2) % 4] if full is not None else 0
    return moves.moves[partner % len(moves.moves)]


@WALKS_FRAMES
@pytest.mark.parametrize(("cheat", "players"), [(stock_peeker, 2), (partner_peeker, 4)])
def test_botcheck_catches_a_bot_that_peeks_at_the_stock_or_its_partners_hand(cheat, players):
    """Every card the seat cannot see is re-dealt: the stock's order and the partner's hand
    as well as the opponents' hands, so a bot reading only one of them is caught too."""
    tested, findings = check_bot(cheat, make_rules("classic", players), BOTS["greedy"], decisions=40)
    assert findings and "re-dealt" in findings[0].problem and findings[0].leak, findings


def test_a_bot_dealing_from_a_seed_it_finds_is_refused_as_one_that_cannot_be_checked():
    """The only seed it finds is its question's own, fresh in every process: its answers to
    one view vary as a random bot's do, so it fails the check without being called a leak."""
    tested, findings = check_bot(seed_dealer, make_rules("classic", 2), BOTS["greedy"], decisions=40)
    assert findings and "asked again for the same" in findings[0].problem and not findings[0].leak


def test_a_bot_seated_for_both_partners_reads_its_partners_hand_and_bots_md_says_so():
    """A bot seated for both partners is one object: what it keeps of one seat's hand is the
    partner's at the other seat's turn, and botcheck, playing greedy beside it, passes a bot
    that plays by it. Only processes of their own would part them (cmd: programs have them),
    so docs/bots.md says so where it tells the test from a sandbox."""
    kept: dict[int, int] = {}
    read: list[int] = []

    def sharer(view, moves, rng):
        kept[view.seat] = view.hand
        partners = kept.get((view.seat + 2) % 4, 0) & view.unseen  # still unseen: still in the partner's hand
        read.append(partners)
        paired = [m for m in moves.moves if any(partners >> c & 1 for c in range(m.card & ~3, (m.card | 3) + 1))]
        return (paired or moves.moves)[0]

    rules = make_rules("royal", 4)
    tested, findings = check_bot(sharer, rules, BOTS["greedy"], redeals=2, decisions=12)
    assert tested == 12 and not findings
    kept.clear()
    read.clear()
    Game(rules, "p", [sharer, BOTS["greedy"]] * 2).play(hands=1)
    assert sum(1 for partners in read if partners) > len(read) // 2
    said = " ".join((ROOT / "docs" / "bots.md").read_text().split())
    assert "plays both partners (in `simulate`, `play`, `match`) as one object in one process" in said


def test_botcheck_passes_fair_bots():
    rules = make_rules("classic", 2)
    for name in ("random", "greedy", "counter", "searcher"):
        tested, findings = check_bot(BOTS[name], rules, BOTS["greedy"], redeals=2, decisions=12)
        assert tested == 12 and not findings, (name, findings)


def _greedy_writing(log, line):
    """Greedy, writing a line of ``line(view)`` to ``log`` each time it is asked."""

    def recorder(view, moves, rng):
        with log.open("a") as f:
            f.write(line(view) + "\n")
        return BOTS["greedy"](view, moves, rng)

    return recorder


def test_botcheck_tests_as_many_decisions_as_asked_in_every_seat_and_later_hands(tmp_path):
    """Whole games, the bot in each seat in turn: asked for 150 decisions of a 3-player game,
    it gets 150, in seats 0, 1 and 2 and in hands after the first (scores no longer 0)."""
    log = tmp_path / "asked"
    recorder = _greedy_writing(log, lambda view: f"{view.seat} {int(any(view.known.scores))}")
    tested, findings = check_bot(recorder, make_rules("classic", 3), BOTS["greedy"], redeals=1, decisions=150)
    assert tested == 150 and not findings
    asked = [tuple(map(int, line.split())) for line in log.read_text().split("\n") if line]
    assert len(asked) == 150 * 3  # twice in a row, then one re-deal
    assert {seat for seat, _ in asked} == {0, 1, 2} and any(later for _, later in asked)


def test_a_bot_that_peeks_only_after_the_first_hand_is_caught():
    def later_peeker(view, moves, rng):
        return gc_peeker(view, moves, rng) if any(view.known.scores) else moves.moves[0]

    tested, findings = check_bot(later_peeker, make_rules("classic", 2), BOTS["greedy"], decisions=120)
    assert findings and findings[0].hand > 1 and "re-dealt" in findings[0].problem


def test_the_bot_is_never_asked_where_the_checks_seed_or_game_is(tmp_path):
    """A bot that knew the check's seed could deal the cards itself and answer alike in every
    re-deal; it runs only in processes forked before the seed was drawn, where the one game
    is the question's own (its seed a fresh one)."""
    found = tmp_path / "found"

    def seed_finder(view, moves, rng):
        games = [value for value in gc.get_objects() if type(value) is Game]
        frame = inspect.currentframe()
        while frame is not None:
            if isinstance(frame.f_locals.get("seed"), str):
                found.write_text(f"a seed in {frame.f_code.co_name} {os.getpid()}")
            games += [value for value in frame.f_locals.values() if isinstance(value, Game)]
            frame = frame.f_back
        if not games or any("/" in game.seed or game.position is None for game in games):  # the check's: SEED/n
            found.write_text(f"games {[game.seed for game in games]} in {os.getpid()}")
        return moves.moves[0]

    tested, findings = check_bot(seed_finder, make_rules("classic", 2), BOTS["greedy"], redeals=1, decisions=30)
    assert tested == 30 and not findings
    assert not found.exists(), found.read_text()


def test_botcheck_catches_a_bot_with_a_random_source_of_its_own_seeded_once():
    """Asked twice in a row in one process, a bot drawing from its own (seeded) source answers
    differently; each process forked afresh would answer alike."""
    own = random.Random(12345)

    def private(view, moves, rng):
        return moves.moves[own.randrange(len(moves.moves))]

    _, findings = check_bot(private, make_rules("classic", 2), BOTS["greedy"], decisions=40)
    assert findings and "twice in a row" in findings[0].problem and not findings[0].leak  # cannot be checked


@pytest.mark.parametrize("seed", [f"chaos{n}" for n in range(8)])
def test_botcheck_says_a_bot_that_ignores_its_rng_cannot_be_checked_never_that_it_leaks(seed):
    """Such a bot may answer alike twice in a row by chance, then otherwise in a re-deal:
    asked again on both, it is seen to draw at random (about half of these seeds called it
    a leak when one changed answer was taken as one)."""
    chaos = random.SystemRandom()  # the system's randomness: different in every process

    def unseeded(view, moves, rng):
        return moves.moves[chaos.randrange(len(moves.moves))]

    _, findings = check_bot(unseeded, make_rules("classic", 2), BOTS["greedy"], decisions=40, seed=seed)
    assert findings and not findings[0].leak, findings


def test_unknown_hands_are_counted_from_the_movers_hand():
    rules = make_rules("classic", 4)
    pos = start_position(rules, seeded_deck("u"), 3)
    rngs = seat_rngs("u", 4)
    for _ in range(2):  # seats 0 and 1 play: they hold 3, seats 2 and 3 still 4
        move, listing = ask(BOTS["greedy"], pos, rngs[pos.turn])
        pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    hidden = pos._replace(hands=tuple(h if s == 2 else None for s, h in enumerate(pos.hands)))
    view = observe(hidden, 2)
    assert [view.hand_count(s) for s in range(4)] == [3, 3, 4, 4]
    assert view.known.hands[0] == Partial(0, 3) and view.known.hands[3] == Partial(0, 4)


def test_a_seat_that_has_played_its_cards_counts_none_in_its_own_view():
    """A view's own hand is a mask, empty once the seat has played the cards of its deal:
    seat 0 has played its four, seat 1 has one left to play; seat 0's view counts 0 and 1."""
    rules = make_rules("classic", 2)
    pos = start_position(rules, seeded_deck("u"), 1)
    rngs = seat_rngs("u", 2)
    for _ in range(7):
        move, listing = ask(BOTS["greedy"], pos, rngs[pos.turn])
        pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    assert pos.hands[0] == 0 and pos.turn == 1
    assert [observe(pos, 0).hand_count(s) for s in range(2)] == [0, 1]


def test_every_bot_sees_the_hands_moves_so_far_and_nothing_hidden_in_them():
    """View.history: the moves of the hand in order, with their movers, each on the table it
    was played on, with every hand and the stock hidden (what every seat saw)."""
    rules = make_rules("classic", 2)
    seen: list[tuple[int, tuple]] = []

    def watcher(view, moves, rng):
        seen.append((view.seat, view.history))
        return moves.moves[0]

    record = play_game(rules, "hist", [watcher, BOTS["greedy"]], hands=1)
    played = record["hands"][0]["moves"]
    ours = [i for i in range(len(played)) if i % 2 == (0 if record["hands"][0]["dealer"] == 1 else 1)]
    assert [len(h) for _, h in seen] == ours  # at our i-th move, the i moves before it
    last = seen[-1][1]
    assert [p.move.text() for p in last] == played[: len(last)]
    assert [p.seat for p in last] == [(record["hands"][0]["dealer"] + 1 + i) % 2 for i in range(len(last))]
    for p in last:
        assert isinstance(p.before.stock, Unseen)
        assert all(isinstance(h, Partial) and h.known == 0 for h in p.before.hands)
    assert last[0].before.loose == start_position(rules, seeded_deck("hist", 1), 1).loose


def test_a_review_values_each_move_from_a_view_that_hides_every_other_card(monkeypatch):
    """casino review asks the search from the mover's view: its history, like a bot's,
    holds every hand and the stock hidden (what every seat saw), never the full positions."""
    from types import SimpleNamespace

    from casino_cli.records import review as reviewing
    from casino_cli.records.record import read_record

    views = []

    def analyse(view, listing, rng, playouts, game):
        views.append(view)
        return [SimpleNamespace(move=m, value=0.0, game=None) for m in listing.moves]

    monkeypatch.setattr(reviewing, "analyse", analyse)
    record = read_record(play_game(make_rules("classic", 2), "hist", [BOTS["greedy"]] * 2, hands=1))
    reviewing.review(record, random.Random(0))
    assert len(views) > 10 and max(len(v.history) for v in views) > 10
    for view in views:
        hidden = [h for s, h in enumerate(view.known.hands) if s != view.seat]
        assert isinstance(view.known.stock, Unseen) and all(h.known == 0 for h in hidden)
        for p in view.history:
            assert isinstance(p.before.stock, Unseen)
            assert all(isinstance(h, Partial) and h.known == 0 for h in p.before.hands)


def test_botcheck_asks_with_the_hands_history():
    """botcheck asks as a game does, history included (the same in every re-deal: it is
    public); a bot that needs the history fails without it."""

    def needs_history(view, moves, rng):
        if view.known.deal > 1 and not view.history:
            raise RuntimeError("no history")
        return moves.moves[len(view.history) % len(moves.moves)]

    tested, findings = check_bot(needs_history, make_rules("classic", 2), BOTS["greedy"], decisions=40)
    assert tested == 40 and findings == []


def test_botcheck_names_a_bot_that_fails_in_its_own_process():
    """Asked apart, a bot that raises, or ends its process (with success, too), is still a
    BotError naming it."""
    import os

    from casino_cli.engine.views import BotError

    def raises(view, moves, rng):
        raise RuntimeError("kaboom")

    def leaves(view, moves, rng):
        os._exit(3)

    def quits(view, moves, rng):
        os._exit(0)  # no answer, and no failure either

    rules = make_rules("classic", 2)
    for bot, words in (
        (raises, "raised RuntimeError: kaboom"),
        (leaves, "ended without answering (exit status 3)"),
        (quits, "ended without answering (exit status 0)"),
    ):
        with pytest.raises(BotError, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
            check_bot(bot, rules, BOTS["greedy"], decisions=4)
        assert caught.value.name == bot.__name__


def test_a_bot_that_fails_during_botcheck_is_told_the_game_and_the_seed_that_repeat_it():
    """A failure, not a finding, still says where it happened and the seed (secret until the
    check is over) that plays the check again up to it: the same failure, at the same place."""
    from casino_cli.engine.views import BotError

    def late(view, moves, rng):
        if len(view.history) > 5 and rng.random() < 0.3:
            raise RuntimeError("late")
        return moves.moves[0]

    rules = make_rules("classic", 2)
    with pytest.raises(BotError) as first:
        check_bot(late, rules, BOTS["greedy"], decisions=400, apart=False)
    found = re.search(r"\(in game (\w+)/(\d+), hand (\d+); --seed (\w+) repeats the check\)$", first.value.problem)
    assert found and found[1] == found[4], first.value.problem
    with pytest.raises(BotError) as again:
        check_bot(late, rules, BOTS["greedy"], decisions=400, seed=found[4], apart=False)
    assert again.value.problem == first.value.problem and again.value.seat == first.value.seat


def test_botcheck_takes_the_first_answer_of_a_bot_that_forks():
    """A bot that forks answers from two processes: the first answer counts, the other goes
    nowhere (it once became the answer to the next question)."""

    def forker(view, moves, rng):
        os.fork()
        return BOTS["greedy"](view, moves, rng)

    tested, findings = check_bot(forker, make_rules("classic", 2), BOTS["greedy"], redeals=1, decisions=12)
    assert tested == 12 and not findings


def test_a_changed_answer_is_confirmed_in_fresh_processes_before_it_is_called_a_leak():
    """A bot that deals from its question's seed answers alike within one process (one
    game, one seed) but not across them: each of the confirming asks is a process of its
    own, so such a bot is refused as one that cannot be checked, never as a leak (asked as
    one process of eight, two processes in a row could agree by chance: 1 in 4 with two moves)."""
    from casino_cli.engine import botcheck

    calls = []

    def asked(shown, state, history, times):  # each call a process with a seed of its own
        calls.append(times)
        return [f"M{len(calls) % 2}"] * times, state

    rules = make_rules("classic", 2)
    pos, world = (start_position(rules, seeded_deck(seed), 1, (0, 0)) for seed in "ab")
    problem, leak = botcheck._leak_or_chance(asked, pos, world, None, (), "M1", "M0")
    assert not leak and "asked again for the same view" in problem
    assert calls == [1, 1]  # a second process answered otherwise


def test_a_bot_that_raises_is_placed_at_its_own_line_not_in_pythons_libraries():
    """The message names the innermost line of the bot's code: its call of random's choice,
    not the line inside random.py that raised."""
    from casino_cli.engine.views import BotError

    def chooses_from_nothing(view, moves, rng):
        return rng.choice([])

    pos = start_position(make_rules("classic"), seeded_deck("7"), 1)
    with pytest.raises(BotError, match=r"raised IndexError: .*, at test_views\.py:\d+ in chooses_from_nothing$"):
        ask(chooses_from_nothing, pos, random.Random(1))


def test_a_bot_that_raises_in_a_helper_of_its_own_is_placed_at_the_helpers_line():
    """The innermost of the bot writer's lines is named: the helper's raise, not the bot's
    call of the helper."""
    from casino_cli.engine.views import BotError

    def helper(moves):
        raise LookupError("no move to my liking")

    def picky(view, moves, rng):
        return helper(moves)

    line = helper.__code__.co_firstlineno + 1  # the raise, the line after the def
    pos = start_position(make_rules("classic"), seeded_deck("7"), 1)
    with pytest.raises(
        BotError, match=rf"raised LookupError: no move to my liking, at test_views\.py:{line} in helper$"
    ):
        ask(picky, pos, random.Random(1))


def test_a_bot_whose_helper_in_a_file_of_its_own_raises_is_placed_in_that_file(tmp_path):
    """The innermost line is named with its own file: the helper's mytools.py, not the bot's
    test_views.py (which a message naming the outermost file would give)."""
    from casino_cli.engine.views import BotError

    tools: dict[str, object] = {}
    source = "def pick(moves):\n    raise LookupError('no move to my liking')\n"
    exec(compile(source, str(tmp_path / "mytools.py"), "exec"), tools)

    def picky(view, moves, rng):
        return tools["pick"](moves)

    pos = start_position(make_rules("classic"), seeded_deck("7"), 1)
    with pytest.raises(BotError, match=r"raised LookupError: no move to my liking, at mytools\.py:2 in pick$"):
        ask(picky, pos, random.Random(1))


def test_botcheck_asks_each_decision_twice_then_once_in_each_re_deal(tmp_path):
    """With redeals=3 a fair bot is asked 2 + 3 = 5 times a decision: twice in a row, then
    once in each of the 3 worlds re-dealt (none fewer)."""
    log = tmp_path / "asked"
    recorder = _greedy_writing(log, lambda view: str(view.seat))
    tested, findings = check_bot(recorder, make_rules("classic", 2), BOTS["greedy"], redeals=3, decisions=8)
    assert tested == 8 and not findings
    assert len(log.read_text().split()) == 8 * 5


def test_botcheck_goes_on_with_the_bots_rng_as_its_answer_left_it(tmp_path):
    """The bot's random source advances from decision to decision, as in a game: a bot that
    draws once a decision draws a new number at each (the same twice in a row and in each
    re-deal of one decision: asked with one state)."""
    log = tmp_path / "asked"

    def drawer(view, moves, rng):
        with log.open("a") as f:
            f.write(f"{rng.random()!r}\n")
        return moves.moves[0]

    tested, findings = check_bot(drawer, make_rules("classic", 2), BOTS["greedy"], redeals=1, decisions=6)
    assert tested == 6 and not findings
    draws = log.read_text().split()
    assert len(draws) == 6 * 3 and all(len(set(draws[i : i + 3])) == 1 for i in range(0, 18, 3))
    assert len(set(draws)) == 6


def test_botcheck_without_a_seed_draws_a_new_one_each_time():
    """A seed no bot can know in advance: two checks without --seed play other games (a
    fixed one would let a bot deal the cards itself)."""
    seeds = {check_bot(gc_peeker, make_rules("classic", 2), BOTS["greedy"], decisions=40)[1][0].seed for _ in range(2)}
    assert len(seeds) == 2
