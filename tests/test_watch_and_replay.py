"""Watching a game (``play --watch``) piped and as events; replay's stops (``--to 0``,
beyond the record) and the keys of the steerable terminal replay."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from casino_cli.cli.steer import KEYS, WORDS, answer
from casino_cli.records.frames import frames_of
from casino_cli.records.record import read_record
from tests.inproc import cli

GAME = "fixtures/docs/game.json"


def test_watch_piped_writes_the_record_and_jsonl_the_events():
    record = orjson.loads(cli("play", "--watch", "--seed", "7").stdout)
    assert record["format"] == "casino.record/1" and "result" in record
    assert cli("validate", "-", stdin=orjson.dumps(record)).returncode == 0
    events = [orjson.loads(line) for line in cli("play", "--watch", "--seed", "7", "-f", "jsonl").stdout.splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "deal" and kinds[-1] == "score" and kinds.count("deal") == kinds.count("score")
    moves = [e["text"] for e in events if e["event"] == "move" and e["hand"] == 1]
    assert moves == record["hands"][0]["moves"]


def test_each_deal_event_names_the_players_as_the_record_does():
    watch = ("play", "--watch", "--seed", "3", "--bots", "greedy,counter")
    record = orjson.loads(cli(*watch).stdout)
    events = [orjson.loads(line) for line in cli(*watch, "-f", "jsonl").stdout.splitlines()]
    deals = [e for e in events if e["event"] == "deal"]
    assert len(deals) == len(record["hands"]) and record["players"] == ["greedy", "counter"]
    assert all(list(deal) == ["event", "hand", "players", "position"] for deal in deals)
    assert all(deal["players"] == record["players"] for deal in deals)


def test_watch_waits_only_on_a_terminal():
    from casino_cli.cli.output import Format
    from casino_cli.cli.watch import Watcher

    assert Watcher(Format.text, None, None, interactive=False).delay == 0  # stdout is not a terminal here
    assert Watcher(Format.text, 0.5, None, interactive=False).delay == 0.5


@pytest.mark.parametrize("fmt, waits", [("text", True), ("jsonl", True), ("json", False)])
def test_a_given_delay_holds_after_every_move_written_line_by_line(fmt, waits, monkeypatch, capsysbinary):
    """Counted, never timed: one wait of --delay after each move of the hand, each after its
    line is out; -f json writes its record at the end, so it never waits."""
    from casino_cli.cli import watch
    from casino_cli.cli.output import Format
    from casino_cli.engine import Game, Step, greedy_bot, make_rules

    slept: list[float] = []
    monkeypatch.setattr(watch.time, "sleep", slept.append)
    watcher = watch.Watcher(Format(fmt), 0.25, None, interactive=False)
    events: list = []
    Game(make_rules("classic"), "7", [greedy_bot, greedy_bot]).play_hand(events.append)
    watcher.show(events)
    moves = sum(isinstance(e, Step) for e in events)
    assert moves == 48 and slept == ([0.25] * moves if waits else [])


def test_replay_to_0_is_the_start_of_the_hand():
    out = cli("replay", GAME, "--hand", "2", "--to", "0", "-f", "text").stdout.decode().splitlines()
    assert out == ["replay: royal 2p", "hand 2 starts, seat 0 deals"]


@pytest.mark.parametrize(
    "args, said",
    [
        (["--hand", "9"], "--hand 9: the record has 2 hands"),
        (["--to", "999"], "--to 999: hand 1 has"),
        (["--hand", "2", "--to", "999"], "--to 999: hand 2 has"),
    ],
)
def test_replay_beyond_the_record_is_an_error_said_before_anything_is_shown(args, said):
    result = cli("replay", GAME, *args, "-f", "text")
    assert result.returncode == 2 and said in result.stderr and result.stdout == b""


def test_the_replay_keys_go_forward_back_and_jump_and_refuse_the_unknown():
    record = read_record(orjson.loads(Path(GAME).read_bytes()))
    frames = frames_of(record)
    for typed in ("²", "+²", "h²", "①"):  # digits, not numbers: refused in words, never a crash
        assert answer(typed, frames, 5).at == 5 and "unknown input" in answer(typed, frames, 5).message
    assert answer("", frames, 0).at == 1 and answer("n", frames, 0).at == 1
    assert answer("p", frames, 5).at == 4 and answer("-1", frames, 5).at == 4 and answer("+3", frames, 5).at == 8
    assert "start of the record" in answer("p", frames, 0).message
    seventh = answer("7", frames, 20)
    assert (frames[seventh.at].hand, frames[seventh.at].number) == (1, 7) and seventh.message == ""
    assert answer("0", frames, 20).at == 0
    second = answer("h 2", frames, 3)
    assert frames[second.at].hand == 2 and frames[second.at].number == 0
    for typed, said in (("h 9", "no hand 9"), ("99", "hand 1 has moves 1 to"), ("xyz", "unknown input 'xyz'")):
        step = answer(typed, frames, 3)
        assert step.at == 3 and said in step.message
    hands = frames[-1].hand  # the record's hands, counted here
    assert hands > 1 and answer("h 9", frames, 3).message == f"the record has hands 1 to {hands}; there is no hand 9"
    first = [frame for frame in frames if frame.hand == 1]  # a record of one hand
    assert answer("h 2", first, 3).message == "the record has hand 1; there is no hand 2"
    for played, moves in ((2, "moves 1 to 2"), (1, "move 1")):  # a record that stops after move 2, after move 1
        short = [frame for frame in first if frame.number <= played]
        assert answer("9", short, 0).message == f"hand 1 has {moves} (0 is its start)"
    assert answer("e", frames, 0).at == len(frames) - 1 and answer("q", frames, 4).done
    hint = answer("h", frames, 3)  # play's key for a hint: the command that gives one here
    assert hint.at == 3 and hint.message.endswith(f"casino hint RECORD --hand 1 --move {frames[3].number + 1}")
    named = answer("h", frames, 3, "'my game.json'")  # the replay names the file it shows
    assert named.message.endswith(f"casino hint 'my game.json' --hand 1 --move {frames[3].number + 1}")
    assert "no move to play here" in answer("hint", frames, len(frames) - 1).message
    assert "wins the game" in cli("replay", GAME, "-f", "text").stdout.decode().splitlines()[-1]


def test_notation_md_lists_every_word_the_replay_takes_and_each_does_what_it_says():
    """docs/notation.md named Enter or n for next and p or - for back; the replay also took
    +, next, b, back, end, help and quit: the page's list is now the code's table."""
    page = " ".join(Path("docs/notation.md").read_text(encoding="utf-8").split())
    keys = page.split("**The steerable replay.**")[1].split("Input it does not know")[0]
    said = {
        action.removeprefix("the "): {"" if first == "Enter" else first.strip("`"), *re.findall(r"`([^`]+)`", more)}
        for first, more, action in re.findall(r"(Enter|`[^`]+`) \(or ([^)]*)\) (next|back|the end|the keys|quit)", keys)
    }
    assert said == {action: set(words) for action, words in WORDS.items()}
    frames = frames_of(read_record(orjson.loads(Path(GAME).read_bytes())))
    does = {"next": (6, "", False), "back": (4, "", False), "end": (len(frames) - 1, "", False)}
    does |= {"keys": (5, KEYS, False), "quit": (5, "", True)}
    for action, words in WORDS.items():
        for word in words:
            assert answer(word.upper(), frames, 5) == does[action], (action, word)


def test_stepping_past_either_end_goes_to_it_and_says_so():
    frames = frames_of(read_record(orjson.loads(Path(GAME).read_bytes())))
    last = len(frames) - 1
    for typed, at, where, said in (("-5", 1, 0, "start"), ("+1000", 1, last, "end"), ("n", last, last, "end")):
        step = answer(typed, frames, at)
        assert step.at == where and f"this is the {said} of the record" in step.message, (typed, step)
    assert answer("+2", frames, last - 2) == (last, "", False)  # to the end exactly: no message
    assert "+N/-N: N steps" in answer("?", frames, 0).message
    assert "+N/-N" in " ".join(cli("replay", "--help").stdout.decode().split())
    huge = "9" * 5000  # more digits than int() converts: past any end, never an error
    assert answer("+" + huge, frames, 1).at == last and answer("-" + huge, frames, 1).at == 0
    assert (
        "hand 1 has moves 1 to" in answer(huge, frames, 1).message
        and "no hand" in answer("h" + huge, frames, 1).message
    )


def test_the_replay_s_prompt_shows_the_cursor_where_the_person_types():
    """The steerable replay draws on the alternate screen, whose rich default hides the
    cursor: a person typing "h 2" saw no cursor at the prompt."""
    from test_play_terminal import Terminal

    term = Terminal("replay", GAME)
    term.expect("q: quit ›")
    assert "\x1b[?1049h" in term.raw  # the alternate screen
    assert term.raw.rfind("\x1b[?25h") >= term.raw.rfind("\x1b[?25l"), term.raw[-300:]
    term.send("q")
    term.expect("the record ends")
    assert term.close() == 0


def test_leaving_the_replay_before_its_last_step_says_how_the_record_ends_and_at_it_does_not(tmp_path):
    """q names the step left at and, unless that is the record's last, the last step too:
    one step before the end it is said, at the end it is not said twice; a player's name is
    shown as it is, never read as markup."""
    from test_play_terminal import Terminal

    game = tmp_path / "named.json"
    game.write_bytes(orjson.dumps(orjson.loads(Path(GAME).read_bytes()) | {"players": ["Ana", "[i]Ben"]}))
    said = {}
    for keys in (("e", "p"), ("e",)):
        term = Terminal("replay", str(game))
        for key in (*keys, "q"):
            term.expect("q: quit ›")
            term.send(key)
        term.expect("left the replay at: ")
        said[keys] = " ".join(term.rest().split())  # lines wrapped or not
        assert term.close() == 0
    last = said[("e",)]
    assert "[i]Ben (seat 1) wins the game" in last and "the record ends" not in last, last
    before = said[("e", "p")]
    assert "the record ends: " in before and "[i]Ben (seat 1) wins the game" in before.split("the record ends: ")[1], (
        before
    )


def test_a_record_piped_in_with_no_terminal_to_steer_it_is_replayed_whole():
    """``cat game.json | casino replay -`` writing to a terminal, in a session with no
    terminal of its own for keys (a job, a container): every step, no prompt, exit 0."""
    from test_play_terminal import Terminal

    term = Terminal("replay", "-", piped=Path(GAME).read_bytes(), keys=False)
    text = " ".join(term.rest().split())
    assert term.close() == 0, text[-500:]
    assert "seat 1 wins the game" in text and "quit ›" not in text, text[-500:]


def test_the_end_of_input_leaves_the_steerable_replay_like_q():
    from test_play_terminal import Terminal

    term = Terminal("replay", GAME)
    term.expect("q: quit ›")
    term.end_input()
    assert "left the replay at: hand 1 starts" in term.expect("deals")
    assert term.close() == 0


def test_a_record_piped_in_is_steered_with_keys_from_the_terminal():
    """``casino convert game.cas --to json | casino replay -`` on a terminal printed every
    step of the game one under another, with no prompt: the keys come from the terminal."""
    from test_play_terminal import Terminal

    term = Terminal("replay", "-", piped=Path(GAME).read_bytes())
    assert "hand 1 · step 1 of" in term.expect("q: quit ›")
    term.send("7")
    assert "hand 1 · move 7 · step" in term.expect("q: quit ›")
    term.send("p")
    assert "hand 1 · move 6 · step" in term.expect("q: quit ›")
    term.send("h")  # the hint's command names the record FILE: standard input cannot be read again
    assert "casino hint FILE --hand 1 --move 7" in term.expect("q: quit ›")
    term.send("q")
    assert "left the replay at: seat 1 takes the 12-build" in term.expect("the record ends")
    assert term.close() == 0


def test_the_html_page_of_one_hand(tmp_path):
    page = tmp_path / "h2.html"
    assert cli("replay", GAME, "--hand", "2", "--html", str(page)).returncode == 0
    text = page.read_text(encoding="utf-8")
    assert "hand 2 starts" in text and "hand 1 starts" not in text
    assert cli("replay", GAME, "--hand", "3", "--html", str(page)).returncode == 2


def test_a_finding_shows_the_records_comment_on_its_move_and_the_command_for_its_ruling(tmp_path):
    """The steerable replay showed a finding about a move (Ben's 4S+3H=7, illegal) without the
    record's comment on that move, and the HTML page too (-f text's line ends with it), and
    gave no way to its ruling; both show the comment, and the replay names judge's command."""
    import io

    from rich.console import Console

    from casino_cli.cli.steer import MAX_COMMENT, step_view
    from casino_cli.records.referee import Finding

    doc = orjson.loads(Path("fixtures/records/dispute.json").read_bytes())
    doc["hands"][0]["moves"][1] = {"move": "4S+3H=7", "comment": "Ana: [b]he holds no seven[/b]"}
    record = read_record(doc)
    frames = frames_of(record)
    at = next(i for i, f in enumerate(frames) if isinstance(f.event, Finding))
    screen = Console(file=io.StringIO(), width=100, no_color=True)
    screen.print(step_view(record, frames, at, record.players, "'my game.json'"))
    lines = screen.file.getvalue().splitlines()
    assert lines[-2:] == [
        "{Ana: [b]he holds no seven[/b]}",
        "the ruling and what could have been played instead: casino judge 'my game.json' --hand 1 --move 2",
    ]
    for said, shown in ((MAX_COMMENT * "x", MAX_COMMENT * "x"), ((MAX_COMMENT + 1) * "y", MAX_COMMENT * "y" + "…")):
        doc["hands"][0]["moves"][1]["comment"] = said  # at the Limits table's bound, and past it
        long = read_record(doc)
        screen = Console(file=io.StringIO(), width=MAX_COMMENT + 10, no_color=True)
        screen.print(step_view(long, frames_of(long), at, long.players))
        assert screen.file.getvalue().splitlines()[-2] == "{" + shown + "}"
    doc["hands"][0]["moves"][1]["comment"] = "Ana: [b]he holds no seven[/b]"
    path, page = tmp_path / "r.json", tmp_path / "r.html"
    path.write_bytes(orjson.dumps(doc))
    assert cli("replay", str(path), "--html", str(page)).returncode == 1  # an illegal move
    finding = page.read_text(encoding="utf-8").split('<div class="notes')[1].split("</figure>")[0]
    assert "4S+3H=7 is illegal" in finding and "Ana: [b]he holds no seven[/b]" in finding


def test_an_unsettled_note_gives_the_command_that_says_what_would_settle_it():
    """A note the record cannot settle (Ben's 4S+3H=7: legal only if he still held a 7) is
    no illegal move: the replay points to judge for what would settle it, not for a ruling."""
    import io

    from rich.console import Console

    from casino_cli.cli.steer import step_view
    from casino_cli.records.referee import Finding

    record = read_record(orjson.loads(Path("fixtures/rulings/01-b3-unsettled.json").read_bytes())["record"])
    frames = frames_of(record)
    at = next(i for i, f in enumerate(frames) if isinstance(f.event, Finding))
    assert frames[at].event.unchecked
    screen = Console(file=io.StringIO(), width=100, no_color=True)
    screen.print(step_view(record, frames, at, record.players, "FILE"))
    assert screen.file.getvalue().splitlines()[-1] == "what would settle it: casino judge FILE --hand 1 --move 2"


def test_names_are_shown_as_written_never_as_markup(tmp_path):
    record = orjson.loads(Path("fixtures/records/dispute.json").read_bytes())
    record["players"] = ["[red]Ana", "Ben[/]"]
    path = tmp_path / "r.json"
    path.write_bytes(orjson.dumps(record))
    out = cli("replay", str(path), "-f", "pretty").stdout.decode()
    assert "[red]Ana (seat 0) trails 3♥" in out and "seat 1 Ben[/]" in out
    path.write_bytes(orjson.dumps(dict(orjson.loads(Path(GAME).read_bytes()), players=record["players"])))
    sheet = cli("score", str(path), "-f", "pretty")
    assert sheet.returncode == 0 and "[red]Ana" in sheet.stdout.decode() and "Ben[/] wins" in sheet.stdout.decode()


def test_the_end_of_a_hand_fits_a_24_line_terminal_with_its_whole_sheet():
    """Watching on a terminal, the frame at a hand's end is the last moves and the sheet (the
    board, empty by then, gave way): 4 players without partnerships fit 80 x 24, every side
    of the sheet shown."""
    import io

    from rich.console import Console

    from casino_cli.cli.output import Format
    from casino_cli.cli.watch import Watcher
    from casino_cli.engine import Game, greedy_bot, make_rules

    frames = []

    class Screen:
        def update(self, group, refresh):
            frames.append(group)

    watcher = Watcher(Format.pretty, 0, None, interactive=False)
    watcher.live = Screen()
    rules = make_rules("classic", 4, partnerships=False)
    Game(rules, "X", [greedy_bot] * 4).play_hand(lambda event: watcher.show([event]))
    end = io.StringIO()
    Console(file=end, width=80, height=24, color_system=None).print(frames[-1])
    lines = end.getvalue().splitlines()
    assert len(lines) <= 24, "\n".join(lines)
    assert all(any(f"side {s}" in line or f"seat {s}" in line for line in lines) for s in range(4))


@pytest.mark.parametrize("corpus", sorted(Path("fixtures/records/corpus").glob("*.jsonl")), ids=lambda p: p.stem)
def test_the_cards_left_at_a_hands_end_are_said_to_go_to_the_last_capturer(corpus):
    """S2 in words: at each hand's end the cards left on the table are those no move of the
    hand took (all 52 are taken by then), and the words name them and the last capturer;
    a game played by the engine (Game) reports the same cards as the record's replay."""
    from casino_cli.cards import FULL_DECK, card_code, cards_of
    from casino_cli.engine import Game, HandEnd, Step, random_bot
    from casino_cli.records.frames import frame_words
    from casino_cli.records.game_record import game_record

    ends = 0
    for line in corpus.read_bytes().splitlines()[:3]:
        record = read_record(orjson.loads(line))
        taken, last = 0, None
        for frame in frames_of(record):
            event = frame.event
            if isinstance(event, Step) and event.move.type == "capture":
                taken |= event.move.cards | 1 << event.move.card
                last = event.seat
            elif isinstance(event, HandEnd):
                assert event.position.last_capture == last
                assert event.residue == (FULL_DECK & ~taken if last is not None else 0)
                words = frame_words(frame, record, card_code)
                left = " ".join(card_code(c) for c in cards_of(event.residue))
                who = f"{record.players[last]} (seat {last})" if record.players else f"seat {last}"
                said = f", {left}, go{'es' if len(left) == 2 else ''} to {who}, the last to capture (S2)"
                assert (said in words) == bool(event.residue), words
                ends += 1
                taken, last = 0, None
    assert ends >= 3
    rules = record.rules
    game = Game(rules, "residue", [random_bot] * rules.players)
    events = []
    game.play_hand(events.append)
    played = frames_of(read_record(game_record(game)))
    assert [e.residue for e in events if isinstance(e, HandEnd)] == [
        f.event.residue for f in played if isinstance(f.event, HandEnd)
    ]


def test_the_board_makes_room_for_the_others_moves_printed_since_the_last_board():
    """The person's screen shows the others' moves since their last turn above the board:
    when those lines and the moves in full would push the table off, the moves go in
    columns."""
    import io
    import random

    from rich.console import Console

    from casino_cli.cli.output import Format
    from casino_cli.cli.watch import Watcher
    from casino_cli.engine import Game, Step, greedy_bot, legal_moves, make_rules, observe

    rules = make_rules("classic", 4, partnerships=False)
    events = []
    game = Game(rules, "room", [greedy_bot] * 4)
    game.deal()
    while len(events) < 3:
        pos = game.position
        events += [
            e
            for e in game.play_move(greedy_bot(observe(pos, pos.turn), legal_moves(pos), random.Random(1)))
            if isinstance(e, Step)
        ]
    position = game.position
    listing = legal_moves(position)

    def board(height: int, since: list, answered: bool = False) -> str:
        watcher = Watcher(Format.pretty, 0, 0, interactive=True)
        watcher.out = Console(file=io.StringIO(), width=80, height=height, color_system=None)
        for event in since:
            watcher.show([event])
        if answered:  # as at a hand's end: Enter pressed, what came before may scroll away
            watcher.answered()
        watcher.out.file.seek(0)
        watcher.out.file.truncate()
        watcher.board(position, listing)
        return watcher.out.file.getvalue()

    full = board(200, [])
    assert "┃ does" in full
    height = len(full.splitlines()) + 2  # the board and its moves in full just fit
    assert "┃ does" in board(height, [])
    assert "┃ does" not in board(height, events) and "l: what each does" in board(height, events)
    assert "┃ does" in board(height, events, answered=True)  # the next hand's first board: room again


def test_a_page_of_a_hand_the_record_breaks_off_before_is_refused(tmp_path):
    record = orjson.loads(Path(GAME).read_bytes())
    record["hands"][0]["moves"][3] = "KDxKS"  # nobody holds that: the record breaks off in hand 1
    path = tmp_path / "broken.json"
    path.write_bytes(orjson.dumps(record))
    out = cli("replay", str(path), "--hand", "2", "--html", str(tmp_path / "page.html"))
    assert out.returncode == 1 and "--hand 2: the record breaks off before hand 2" in out.stderr
    assert not (tmp_path / "page.html").exists()


@pytest.mark.parametrize("fmt", ["text", "pretty"])
def test_watching_says_where_the_cards_left_at_a_hands_end_go(fmt):
    out = cli("play", "--watch", "--seed", "7", "-f", fmt).stdout.decode()
    before, sheet = out.split("the cards left on the table, ", 1)
    assert before.rstrip().endswith(
        "48. greedy (seat 1) takes 6D with 6H" if fmt == "text" else "48. greedy (seat 1) takes 6♦ with 6♥"
    )
    assert sheet.startswith(
        "5D TD, go to greedy (seat 1), the last to capture (S2)" if fmt == "text" else "5♦ 10♦, go to greedy (seat 1)"
    )


def test_replay_of_a_stream_says_which_record_is_too_short_for_hand_and_goes_on():
    """--hand 4 on a stream of games of 3 and 4 hands: the short ones are named (exit 2),
    before anything of theirs is printed; the others are replayed, each note naming its line."""
    games = cli("simulate", "--games", "6", "--seed", "streams").stdout
    hands = [len(orjson.loads(line)["hands"]) for line in games.splitlines()]
    assert hands == [3, 3, 3, 4, 3, 4]
    out = cli("replay", "-", "--hand", "4", "--to", "1", stdin=games)
    assert out.returncode == 2
    short = [f"<stdin>:{n}: --hand 4: the record has 3 hands" for n, h in enumerate(hands, 1) if h == 3]
    assert out.stderr.splitlines() == [f"casino: {line}" for line in short]
    notes = [orjson.loads(line)["_replay"] for line in out.stdout.splitlines()]
    assert [(n["line"], n["hand"], n["move"]) for n in notes] == [(4, 4, 0), (4, 4, 1), (6, 4, 0), (6, 4, 1)]


@pytest.mark.parametrize("fmt", ["text", "pretty"])
def test_the_sheet_at_a_watched_hands_end_says_why_sweeps_scored_nothing(fmt, tmp_path):
    """Sweeps 1–2 cancel in hand 1 (royal, seed 1): the sheet play shows at the hand's end
    says so, as score says of the saved record."""
    from casino_cli.records.scoresheet import record_score, sweeps_words

    saved = tmp_path / "game.json"
    out = cli("play", "--watch", "--seed", "1", "--variant", "royal", "-f", fmt, "--save", str(saved))
    record = read_record(orjson.loads(saved.read_bytes()))
    hand = record_score(record)[0]["hands"][0]
    note = sweeps_words(hand, record.rules, ["side 0", "side 1"])
    assert note.startswith("sweeps 1–2 cancel (P3)")
    assert note in " ".join(line.strip(" │") for line in out.stdout.decode().split("hand 2")[0].splitlines())


@pytest.mark.parametrize("fmt", ["text", "pretty"])
def test_the_sheet_at_a_watched_hands_end_says_where_the_ladder_capped_a_score(fmt, tmp_path):
    """Royal, seed 4: side 0 begins hand 4 on the ladder and misses its item; the sheet play
    shows at the hand's end said `game 20–25` with no word of why its points stopped at 20
    (G3). It says so now, as score says of the saved record."""
    saved = tmp_path / "game.json"
    out = cli("play", "--watch", "--seed", "4", "--variant", "royal", "-f", fmt, "--save", str(saved))
    text = cli("score", str(saved), "-f", "text").stdout.decode()
    notes = [line.strip() for line in text.splitlines() if "(G3)" in line]
    assert notes == ["capped at 20 (G3): greedy (seat 0) was on the ladder and did not win this hand"]
    watched = " ".join(
        " ".join(line.strip(" │").split()) for line in out.stdout.decode().split("hand 4")[-1].splitlines()
    )
    assert notes[0] in watched


def test_a_watched_capture_names_the_builds_it_takes_as_replay_does(tmp_path):
    """play --watch said "takes 2D 3H 4D with 9D" of a 9-build taken; replay -f text and the
    pictures "takes the 9-build 2D+3H+4D with 9D". Each move of the game is now told alike."""
    saved = tmp_path / "game.json"
    watched = cli("play", "--watch", "--seed", "10", "-f", "text", "--save", str(saved)).stdout.decode()
    replayed = cli("replay", str(saved), "-f", "text").stdout.decode()
    moves = [line.split(". ", 1)[1] for line in watched.splitlines() if re.match(r" +\d+\. ", line)]
    words = [line.split(": ", 1)[1] for line in replayed.splitlines() if re.match(r"hand \d+, move \d+: ", line)]
    assert moves == words and "greedy (seat 1) takes the 9-build 2D+3H+4D with 9D" in moves


def test_after_an_undo_a_capture_is_told_from_the_position_of_the_persons_board():
    """An undo goes back to a position no event showed last: the board shown then is the
    position the next move is played from."""
    import io

    from rich.console import Console

    from casino_cli.cli.output import Format
    from casino_cli.cli.watch import Watcher
    from casino_cli.engine import Game, HandStart, Step, greedy_bot, legal_moves, make_rules

    events: list = []
    Game(make_rules("classic"), "10", [greedy_bot, greedy_bot]).play_hand(events.append)
    taken = next(
        i
        for i, e in enumerate(events)
        if isinstance(e, Step) and any(b.cards & e.move.cards for b in events[i - 1].position.builds)
    )
    watcher = Watcher(Format.pretty, 0, 0, interactive=True)
    watcher.out = Console(file=io.StringIO(), width=200, no_color=True)
    watcher.show([HandStart(1, events[0].position)])  # then an undo back to the move before the capture
    before = events[taken - 1].position
    watcher.board(before, legal_moves(before))
    watcher.show([events[taken]])
    assert re.search(r"takes the \d+-build", watcher.out.file.getvalue())


@pytest.mark.parametrize("fmt", ["text", "pretty"])
def test_a_game_stopped_at_the_bound_on_its_hands_ends_saying_it_is_unfinished(fmt):
    """No side reaches a target of 100000 in 500 hands: the game stops there, and its end
    said only "game 2690–2687" (pretty: "the game goes on")."""
    out = cli("play", "--watch", "--seed", "1", "-o", "target=100000", "-f", fmt).stdout.decode()
    end = "the game stops unfinished: no side won in 500 hands, the most a game is played"
    lines = [line.strip() for line in out.splitlines()]
    assert lines[-1] == end and "hand 500" in out and "hand 501" not in out
    assert "the game goes on" not in out.rsplit("hand 500", 1)[1]


def test_the_steerable_replay_names_the_move_of_the_hand_a_step_shows(tmp_path):
    """A review names hand H, move N; the replay's step line says which move of the hand
    it shows (it said only the step of the whole record: hand 2 · step 54 of 97)."""
    from test_play_terminal import Terminal

    path = tmp_path / "g.json"
    path.write_bytes(cli("simulate", "--seed", "m", "--hands", "2").stdout)
    term = Terminal("replay", str(path), "--hand", "2", "--to", "5")
    assert re.search(r"─ hand 2 · move 5 · step \d+ of \d+ ─", term.expect("q: quit ›"))
    term.send("0")
    assert re.search(r"─ hand 2 · step \d+ of \d+ ─", term.expect("q: quit ›"))  # its start: no move yet
    term.send("17")
    assert re.search(r"─ hand 2 · move 17 · step \d+ of \d+ ─", term.expect("q: quit ›"))
    term.send("q")
    term.expect("the record ends")
    assert term.close() == 0


def test_the_steerable_replay_on_a_40_by_24_screen_keeps_its_step_line_in_view(tmp_path):
    """4 players with long names at 40 × 24: from the line saying which step it is to the
    prompt, no more than the screen's 24 lines (the board took 30: that line scrolled
    away); the seats are labelled by number and name cut short, the names whole in the
    step's words."""
    from test_play_terminal import Terminal

    doc = orjson.loads(cli("simulate", "--players", "4", "--bots", "random", "--seed", "3").stdout)
    path = tmp_path / "named.json"
    path.write_bytes(orjson.dumps(dict(doc, players=[f"{name} Ravensworth" for name in ("Ana", "Ben", "Cy", "Dan")])))
    term = Terminal("replay", str(path), size=(40, 24))
    term.expect("q: quit ›")
    term.send("+20")
    drawn = term.expect("q: quit ›")
    screen = drawn[drawn.rindex("hand 1 · move 20 · step 21 of") :].splitlines()
    assert sum(-(-len(line.rstrip()) // 40) or 1 for line in screen) <= 24, screen  # a longer line wraps
    assert len(screen[-1]) + 6 <= 40, screen  # the prompt on one line, with room for "h 12"
    assert any(line.startswith("▶ 0 Ana Rav…  ") for line in screen), screen
    assert "Dan Ravensworth (seat 3) builds 9" in drawn
    term.send("q")
    term.expect("the record ends")
    assert term.close() == 0


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_each_moves_line_is_out_of_the_process_before_its_wait(fmt, monkeypatch):
    """notation.md: with --delay, each move's line is written before the wait, so that a
    reader of the pipe sees it then, not when stdout's buffer happens to fill."""
    import io
    import sys

    from casino_cli.cli import watch
    from casino_cli.cli.output import Format
    from casino_cli.engine import Game, Step, greedy_bot, make_rules

    raw = io.BytesIO()  # what has left the process
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(raw, buffer_size=1 << 20), encoding="utf-8"))
    out_at_wait: list[bytes] = []
    monkeypatch.setattr(watch.time, "sleep", lambda _: out_at_wait.append(raw.getvalue()))
    events: list = []
    Game(make_rules("classic"), "7", [greedy_bot, greedy_bot]).play_hand(events.append)
    watch.Watcher(Format(fmt), 0.25, None, interactive=False).show(events)
    moves = [e for e in events if isinstance(e, Step)]
    assert len(out_at_wait) == len(moves)
    for step, out in zip(moves, out_at_wait):
        last = out.splitlines()[-1].decode()
        said = orjson.loads(last)["move"] if fmt == "jsonl" else int(last.split(".")[0])
        assert said == step.number


def test_a_watched_games_end_is_said_once_in_text_and_never_in_jsonl():
    """-f text ends on the line saying who won, once; -f jsonl, whose every line is an
    event, says the end only by its last score event, the game won or not (500 hands)."""
    out = cli("play", "--watch", "--seed", "7", "-f", "text").stdout.decode().splitlines()
    assert "wins the game" in out[-1] and sum("wins the game" in line for line in out) == 1
    for target in ("21", "100000"):
        lines = cli("play", "--watch", "--seed", "1", "-o", f"target={target}", "-f", "jsonl").stdout.splitlines()
        events = [orjson.loads(line) for line in lines]
        assert events[-1]["event"] == "score" and (events[-1]["winner"] is None) == (target == "100000")


def test_watch_pretty_into_a_pipe_writes_its_lines_even_with_a_terminal_for_messages():
    """Whether the table is redrawn in place is standard output's question: with stdout a
    pipe and stderr a terminal, ``-f pretty`` writes the game line by line, each move once."""
    import os
    import subprocess
    import sys

    from tests.clirun import HANG

    ours, theirs = os.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "casino_cli", "play", "--watch", "--seed", "7", "-f", "pretty", "--delay", "0"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=theirs,
            timeout=HANG,
            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
        )
    finally:
        os.close(theirs)
        os.close(ours)
    out = done.stdout.decode()
    assert done.returncode == 0 and "\x1b[" not in out
    record = orjson.loads(cli("play", "--watch", "--seed", "7").stdout)
    first = record["hands"][0]["moves"]
    assert len(re.findall(r"^ +1\. ", out, re.M)) == len(record["hands"]) and len(first) > 40
    assert len(re.findall(rf"^ +{len(first)}\. ", out, re.M)) >= 1
