"""What people see: pretty views, colour and NO_COLOR, SVG pictures, watching and playing."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import orjson
import pytest
from rich.console import Console
from typer.testing import CliRunner

from casino_cli.cli.main import app
from casino_cli.cli.plain import item_words
from casino_cli.engine import legal_moves, make_rules, seeded_deck, start_position
from casino_cli.engine.scoring import GameStep
from casino_cli.records.describe import named_reason
from casino_cli.records.frames import game_words

runner = CliRunner()
WORKED_1 = "fixtures/examples/worked-1.json"


def invoke(*args: str, **env: str):
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "7", "--variant", "royal"],
        ["moves", WORKED_1],
        ["apply", WORKED_1, "8Sx8D"],
        ["score", "fixtures/records/corpus/classic-2.jsonl"],
        ["replay", "fixtures/records/corpus/royal-2.jsonl", "--hand", "1", "--to", "3"],
    ],
)
def test_pretty_views_use_suit_symbols_and_no_colour_with_no_color(args):
    out = invoke(*args, "--format", "pretty", NO_COLOR="1")
    assert "\x1b[" not in out
    if args[0] == "score":
        assert "items won" in out and "wins" in out
    else:
        assert any(symbol in out for symbol in "♠♥♦♣")


def test_colour_on_a_colour_terminal():
    out = invoke("deal", "--seed", "7", "--format", "pretty", FORCE_COLOR="1", TERM="xterm-256color")
    assert "\x1b[" in out and "31m" in out  # red hearts and diamonds


def test_an_empty_no_color_leaves_the_colour_on():
    """no-color.org: NO_COLOR turns colour off when it is set to a value that is not empty;
    NO_COLOR= (as a script clearing it writes) leaves it on, as rich itself reads it."""
    out = invoke("deal", "--seed", "7", "--format", "pretty", FORCE_COLOR="1", TERM="xterm-256color", NO_COLOR="")
    assert "31m" in out  # red hearts and diamonds


def test_moves_view_lists_numbered_moves_with_what_they_do():
    out = invoke("moves", WORKED_1, "--format", "pretty", NO_COLOR="1")
    assert "9 legal moves" in out and "trails" in out and "takes" in out


@pytest.mark.parametrize("columns", [30, 40, 60, 100])
def test_a_narrow_screen_folds_a_long_move_never_cuts_it(columns):
    """Each move's text, number and card are all there at any width from 30 columns: a long
    move folds onto more lines (cut short, 8Sx2D+3H+5C+… would name two moves)."""
    out = invoke("moves", WORKED_1, "--format", "pretty", NO_COLOR="1", COLUMNS=str(columns))
    rows = [line.split("│")[1:-1] for line in out.splitlines() if line.startswith("│")]
    assert rows and all(len(row) == 4 for row in rows) and max(map(len, out.splitlines())) <= columns
    moves: list[list[str]] = []
    for number, move, card, _ in rows:
        if number.strip():  # a row starts; the lines after it without a number continue its cells
            moves.append([number.strip(), move.strip(), card.strip()])
        else:
            moves[-1][1] += move.strip()
    listed = orjson.loads(invoke("moves", WORKED_1, "--format", "json"))["moves"]
    assert [m[1] for m in moves] == [m["move"] for m in listed]
    assert [m[0] for m in moves] == [str(i) for i in range(1, len(listed) + 1)]
    assert all(card for _, _, card in moves) and "…" not in out


@pytest.mark.parametrize("columns", [24, 30, 40, 60, 100])
def test_hints_and_reviews_on_a_narrow_screen_show_every_value_whole(columns, tmp_path):
    """A hint's points and errors, and a review's moves and losses, are never cut short (a
    column left out, or a line a row, where the screen is too narrow for a table)."""
    dealt = tmp_path / "dealt.json"
    dealt.write_text(invoke("deal", "--seed", "7", "--variant", "royal", "--format", "json"))
    ranked = orjson.loads(invoke("hint", str(dealt), "--format", "json", "--seed", "n"))["moves"]
    out = invoke("hint", str(dealt), "--seed", "n", "--format", "pretty", NO_COLOR="1", COLUMNS=str(columns))
    assert max(map(len, out.splitlines())) <= columns and "…" not in out
    values = re.findall(r"[+-]\d+\.\d\d", out)
    assert values == [f"{m['value']:+.2f}" for m in ranked], out
    review = orjson.loads(invoke("review", "fixtures/docs/game.json", "--format", "json"))
    out = invoke("review", "fixtures/docs/game.json", "--format", "pretty", NO_COLOR="1", COLUMNS=str(columns))
    assert max(map(len, out.splitlines())) <= columns and "…" not in out
    lost = [f"{m['lost']:.2f}" for p in review["players"] for m in p["worst"]]
    assert lost and all(value in out for value in lost), out


@pytest.mark.parametrize("width", [24, 40, 60, 80])
def test_the_compact_list_packs_columns_as_wide_as_their_own_moves(width):
    """Each column of the short screen's list is as wide as its own widest move, so fewer
    rows hold the moves than with every column as wide as the widest (and all fit the width;
    where not even two columns do, one column)."""
    from casino_cli.cli.render import compact_moves_view

    for seed in map(str, range(40)):
        listing = legal_moves(start_position(make_rules("royal"), seeded_deck(seed), 1))
        console = Console(width=width, no_color=True, force_terminal=False)
        with console.capture() as captured:
            console.print(compact_moves_view(listing.moves, listing.truncated, width))
        lines = captured.get().splitlines()
        lines = lines[next(i for i, line in enumerate(lines) if re.match(r" *1 [^l]", line)) :]  # under the title
        texts = re.findall(r"(\d+) (\S+)", "\n".join(lines))
        assert [t for _, t in sorted(texts, key=lambda t: int(t[0]))] == [m.text() for m in listing.moves]
        assert max(map(len, lines)) <= width
        cells = [f"{i:>{len(str(len(listing.moves)))}} {m.text()}" for i, m in enumerate(listing.moves, 1)]

        fewer = len(lines) - 1  # no fewer rows would fit: columns read down, each as wide as its widest, 3 apart
        if fewer:
            needed = sum(max(map(len, cells[i : i + fewer])) + 3 for i in range(0, len(cells), fewer)) - 3
            assert needed > width, (seed, lines)


@pytest.mark.parametrize("lines", [2, 4, 6])
def test_the_compact_list_in_fewer_lines_than_it_needs_shows_the_first_moves_and_says_how_many(lines):
    """Under a board that leaves little room the list keeps to it: the moves from 1, the
    title saying which are there."""
    from casino_cli.cli.render import compact_moves_view

    cut = 0
    for seed in map(str, range(40)):
        listing = legal_moves(start_position(make_rules("royal"), seeded_deck(seed), 1))
        console = Console(width=40, no_color=True, force_terminal=False)
        with console.capture() as captured:
            console.print(compact_moves_view(listing.moves, listing.truncated, 40, lines))
        title, *rows = captured.get().splitlines()
        numbers = sorted(int(n) for n in re.findall(r"(\d+) \S+", "\n".join(rows)))
        assert len(rows) <= max(1, lines - 1) and max(map(len, rows)) <= 40
        assert numbers == list(range(1, len(numbers) + 1))
        if len(numbers) < len(listing.moves):
            cut += 1
            assert title == f"{len(listing.moves)} legal moves, 1 to {len(numbers)} here · l: all"
        else:
            assert title.endswith("· l: what each does")
    assert cut


def test_the_hints_heading_is_one_line_above_its_table_where_the_screen_has_room():
    out = invoke("hint", WORKED_1, "--format", "pretty", NO_COLOR="1", COLUMNS="100")
    lines = out.splitlines()
    heading = next(i for i, line in enumerate(lines) if "less the others'" in line)
    assert lines[heading].startswith("seat ") and lines[heading].endswith(")")
    assert lines[heading + 1].startswith("┏")


def test_a_hint_shows_the_movers_view_and_what_each_ranked_move_does():
    """Above the ranking, the position as the mover sees it (the other hands as backs);
    each move ranked says what it does in the words of the move listing."""
    rows = lambda text: {  # noqa: E731 - move -> what it does, from the rows of a table
        cells[2]: cells[4] for line in text.splitlines() if len(cells := [c.strip() for c in line.split("│")]) > 5
    }
    hint = invoke("hint", WORKED_1, "--format", "pretty", NO_COLOR="1", COLUMNS="120")
    listed = rows(invoke("moves", WORKED_1, "--format", "pretty", NO_COLOR="1", COLUMNS="120"))
    ranked = rows(hint)
    assert len(ranked) == len(listed) == 9 and ranked == listed
    assert "▶ seat 0 (you)  4♣ 8♠" in hint and hint.index("▶") < hint.index("less the others'")
    from inproc import cli

    dealt = cli("deal", "--seed", "11").stdout
    hidden = cli("hint", "-", "--format", "pretty", stdin=dealt).stdout.decode()
    assert "▶ seat 0 (you)  6♥ 7♥ 10♣ J♥" in hidden and "▮▮▮▮ 4 cards" in hidden  # seat 1's hand: backs


def test_a_hint_on_a_record_names_its_players_as_judge_does():
    """The mover's view before move 3 of the dispute names Ana and Ben on the board and in
    the heading, where it said 'seat 0 to move' and 'dealer seat 1'."""
    hint = invoke("hint", "fixtures/records/dispute.json", "--move", "3", "-f", "pretty", NO_COLOR="1", COLUMNS="120")
    assert "▶ seat 0 Ana (you)" in hint and "seat 1 Ben" in hint
    assert re.search(r"dealer +Ben \(seat 1\)", hint)
    assert "\nAna (seat 0) to move: expected points for its side" in hint


def test_narrow_terminal_still_shows_the_table():
    out = invoke("deal", "--seed", "7", "--format", "pretty", NO_COLOR="1", COLUMNS="40")
    assert "table" in out and max(len(line) for line in out.splitlines()) <= 40


@pytest.mark.parametrize("columns", [100, 80, 60, 40])
@pytest.mark.parametrize(
    ("path", "room", "numbers"),  # the columns from which the items won fit in their column, and the numbers at all
    [
        ("fixtures/records/corpus/classic-3.jsonl", 90, 69),  # two seats named greedy: "greedy (seat 0)" is wider
        ("fixtures/records/corpus/royal-2.jsonl", 80, 59),
    ],
)
def test_the_score_sheet_never_splits_an_item_won_and_fits_the_screen(columns, path, room, numbers):
    """The items won break between items only: in their column where the screen has room
    for it, else in lines under the table (one per hand and side, and one per item nobody
    won); where not even the table's numbers fit, the sheet is the lines of --format text."""
    out = invoke("score", path, "--format", "pretty", NO_COLOR="1", COLUMNS=str(columns))
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= columns and "…" not in out
    hands = [
        hand for line in invoke("score", path, "--format", "jsonl").splitlines() for hand in orjson.loads(line)["hands"]
    ]
    for hand in hands:
        for side in hand["sides"]:
            for item in (item_words(k, v) for k, v in side["items"].items()):
                assert any(item in line for line in lines), (item, out)
    below = "items won" in [line.strip() for line in lines]
    assert below == (numbers <= columns < room), out
    assert ("┃" in out) == (columns >= numbers), out
    second = orjson.loads(Path(path).read_bytes().splitlines()[0])["players"][1]  # simulate names seats by bot
    if below:
        assert all(f"hand {h['hand']}, {second}:" in out for h in hands)
        assert any(h["unwon"] for h in hands) and all(f"hand {h['hand']}, nobody: " in out for h in hands if h["unwon"])
    elif columns < numbers:
        assert all(f"hand {h['hand']}: points " in out for h in hands) and f"\n  {second}: " in out


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", "7"],
        ["moves", WORKED_1],
        ["apply", WORKED_1, "8Sx8D"],
        ["score", "fixtures/records/corpus/classic-2.jsonl"],
        ["replay", "fixtures/records/corpus/classic-2.jsonl", "--hand", "1", "--to", "2"],
    ],
)
def test_svg_pictures_are_well_formed(args, tmp_path):
    picture = tmp_path / "view.svg"
    out = invoke(*args, "--format", "json", "--svg", str(picture))
    assert out.startswith("{")  # the data still goes to stdout
    document = xml.dom.minidom.parse(str(picture))
    assert document.documentElement.tagName == "svg"
    text = picture.read_text(encoding="utf-8")
    assert "items won" in text if args[0] == "score" else 'href="#c' in text  # cards drawn as card faces


def test_watch_shows_every_move_in_words_and_the_result(tmp_path):
    saved = tmp_path / "game.json"
    out = invoke("play", "--watch", "--seed", "7", "--format", "text", "--save", str(saved))
    assert "greedy (seat 0) trails JD" in out and "wins" in out
    assert "1 record checked: 1 valid" in invoke("validate", str(saved), "--format", "text")


def test_replay_explains_moves_in_words(tmp_path):
    first = tmp_path / "one.json"
    with open("fixtures/records/corpus/classic-2.jsonl", "rb") as fh:
        first.write_bytes(fh.readline())
    out = invoke("replay", str(first), "--format", "text", "--hand", "1")
    rules, *words = out.splitlines()
    assert (
        rules == "replay: classic 2p" and words[0] == "hand 1 starts, random (seat 1) deals"
    )  # simulate names each seat by its bot
    assert words[1] == "hand 1, move 1: greedy (seat 0) takes AC 2D 5C with 8C"
    assert all(line.startswith("hand 1, move ") for line in words[1:-1])
    assert words[-1].startswith(
        "hand 1 ends: the cards left on the table, 6H 7S 9C QH QC, go to greedy (seat 0), the last to capture (S2); "
        "points 9–2"
    )


@pytest.mark.parametrize(
    ("corpus", "points"),
    [
        ("classic-3", "points 1–1–9 (greedy (seat 0), random, greedy (seat 2)); game 1–1–9"),
        ("royal-4", "points 12–0 (greedy & greedy, random & random); game 12–0"),
        ("classic-2", "points 9–2; game 9–2"),
    ],
)
def test_a_hand_s_end_says_whose_points_are_whose_with_more_than_two_players(tmp_path, corpus, points):
    """'points 1–1–9; game 1–1–9' left the reader of a 3-player game, or of partners at 4
    seats, to guess the sides' order: it is named after the points; two players keep the
    line as it was."""
    first = tmp_path / "one.json"
    with open(f"fixtures/records/corpus/{corpus}.jsonl", "rb") as fh:
        first.write_bytes(fh.readline())
    last = invoke("replay", str(first), "--format", "text", "--hand", "1").splitlines()[-1]
    assert last.startswith("hand 1 ends: ") and last.endswith(f"(S2); {points}"), last


def test_a_move_names_its_player_with_the_seat_in_text_and_in_pictures_alike(tmp_path):
    """Two copies of a bot share a name: text, the picture's caption and the referee's
    finding each say "greedy (seat 1)"."""
    from tests.inproc import cli

    path = tmp_path / "self.json"
    path.write_bytes(cli("simulate", "--games", "1", "--seed", "2", "--bots", "greedy,greedy").stdout)
    words = invoke("replay", str(path), "--format", "text", "--hand", "1", "--to", "2").splitlines()[1:]
    assert words[0].endswith("greedy (seat 1) deals") and words[1].startswith("hand 1, move 1: greedy (seat 0) ")
    assert words[2].startswith("hand 1, move 2: greedy (seat 1) ")
    picture = tmp_path / "p.svg"
    invoke("replay", str(path), "--format", "json", "--hand", "1", "--to", "2", "--svg", str(picture))
    title = re.search("<title>([^<]*)</title>", picture.read_text(encoding="utf-8"))
    assert title and title.group(1).replace("\u2068", "").replace("\u2069", "").startswith(
        "hand 1, move 2: greedy (seat 1) "
    )
    doc = orjson.loads(path.read_bytes())
    path.write_bytes(orjson.dumps(dict(doc, players=["", "Ben"])))  # a name left empty: the seat alone
    words = invoke("replay", str(path), "--format", "text", "--hand", "1", "--to", "2").splitlines()[1:]
    assert words[1].startswith("hand 1, move 1: seat 0 ") and words[2].startswith("hand 1, move 2: Ben (seat 1) ")
    invoke("replay", str(path), "--format", "json", "--hand", "1", "--to", "1", "--svg", str(picture))
    assert "<title>hand 1, move 1: seat 0 " in picture.read_text(encoding="utf-8")
    from casino_cli.cli.render import position_view

    screen = Console(file=io.StringIO(), width=100, no_color=True)
    with screen.capture() as captured:
        pos = start_position(make_rules("classic", 2), seeded_deck("7"), dealer=1)
        screen.print(position_view(pos, names=("greedy", "greedy")))
    assert "deal 1 of 6, greedy (seat 0) to play" in captured.get() and "greedy (seat 1)" in captured.get()
    with screen.capture() as captured:
        pos = start_position(make_rules("royal", 4), seeded_deck("7"), dealer=3)
        screen.print(position_view(pos, names=("Ana", "Ben", "Carla", "Dan")))
    assert "Ana & Carla (seats 0 & 2)  Ben & Dan (seats 1 & 3)" in captured.get()


def test_a_move_refused_at_the_prompt_names_its_cards_by_suit_and_cites_only_a_rule():
    """The board shows 8♦ and the hand J♦: the refusal names them so (the move stays as
    typed), and cites a rule of docs/rules.md by its ID, never the engine's kind of refusal
    ('(card)' for a card not held, which reads as a rule no one can look up)."""
    from casino_cli.cli.cmd_play import read_answer

    pos = start_position(make_rules("classic", 2), seeded_deck("7"), dealer=1)  # table A♥ 8♦ 9♥ 9♣
    listing = legal_moves(pos)
    for typed, said in (
        ("9H+2C=11", "9H+2C=11 is not allowed: you do not hold 9♥"),
        ("2Cx8D", "2Cx8D is not allowed: 8♦ makes 8, not 2 (C1)"),
        ("JDx9H", "JDx9H is not allowed: J♦ has no value: it can only take a loose J by pairing (C5)"),
    ):
        assert read_answer(typed, pos, listing).message == said


def test_the_prompt_takes_a_number_or_a_text_and_says_why_anything_else_is_refused():
    from casino_cli.cli.cmd_play import read_answer

    pos = start_position(make_rules("classic", 2), seeded_deck("7"), dealer=1)
    listing = legal_moves(pos)
    assert read_answer("2", pos, listing).move == listing.moves[1]
    assert read_answer(" kd ", pos, listing).move == listing.moves[3]
    assert read_answer("\u0662", pos, listing).move == listing.moves[1]  # an Arabic-Indic 2 is a 2
    for typed, said in (
        ("0", "choose 1 to 4"),
        ("5", "choose 1 to 4"),
        ("-1", "choose 1 to 4"),
        ("zz", "not a card"),
        ("9" * 5000, "choose 1 to 4"),  # never an int of 5,000 digits
        ("²", "is not a move or a command"),  # a digit, but not a number (a key on French keyboards)
        ("①", "is not a move or a command"),
        ("xyz", "'xyz' is not a move or a command: the card played goes before the 'x'"),
        ("ah+8h", "'ah+8h' is not a move or a command: a build needs '=value'"),
    ):
        answer = read_answer(typed, pos, listing)
        assert answer.move is None and said in answer.message and "$" not in answer.message
    assert read_answer("U", pos, listing).command == "undo" and read_answer("q", pos, listing).command == "quit"


@pytest.mark.parametrize(
    ("variant", "players", "loose", "builds", "hand", "typed", "rule", "said"),
    [
        ("classic", 2, ["9H"], [(7, 0)], ["7S", "2C"], "2C", "T2", "you own the 7-build 3♦+4♣ and may not trail"),
        ("royal", 2, ["9H"], [(7, 0)], ["2C", "7S", "9C"], "2C+3D+4C=9", "B6", "you may not raise your own 7-build"),
        ("royal", 4, ["9H"], [(7, 2)], ["2C", "9C"], "2C+3D+4C=9", "B7", "you may not raise your partner's 7-build"),
        ("classic", 2, ["3D"], [], ["4C", "2S"], "4C+3D=7", "B3", "you would hold no card to capture 7"),
        ("classic", 2, ["2D"], [(7, 0)], ["7S", "9C", "2H"], "7S+2D=9", "O1", "capture your 7-build 3♦+4♣"),
    ],
)
def test_a_move_refused_at_the_prompt_speaks_to_the_person_and_cites_its_rule(
    variant, players, loose, builds, hand, typed, rule, said
):
    """The engine's refusal calls the mover "seat 0" ("seat 0 would hold no card to capture 7",
    "its own 7-build"), as judge and the JSON keep it; at play's prompt it speaks to the
    person at the keyboard."""
    from casino_cli.cli.cmd_play import read_answer
    from casino_cli.engine import IllegalMove, judge
    from casino_cli.notation.moves import parse_move_text
    from casino_cli.notation.position import read_position

    table = {"loose": loose, "builds": [{"value": v, "owner": o, "cards": ["3D", "4C"]} for v, o in builds]}
    rules = {"variant": variant, "players": players}
    pos = read_position(
        {
            "format": "casino.position/1",
            "rules": rules,
            "turn": 0,
            "table": table,
            "hands": [hand] + [None] * (players - 1),
        }
    )
    message = read_answer(typed, pos, legal_moves(pos)).message
    assert said in message and message.endswith(f" ({rule})"), message
    assert "seat 0" not in message and " its " not in message, message
    with pytest.raises(IllegalMove) as refused:
        judge(pos, parse_move_text(typed, ""))
    assert refused.value.message.startswith("seat 0 "), refused.value.message  # the engine's words, unchanged


def test_the_seat_to_play_sees_the_other_hands_as_counts_only():
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("classic", 2), seeded_deck("7"), dealer=1)
    screen = Console(file=io.StringIO(), width=100, no_color=True)
    with screen.capture() as captured:
        screen.print(position_view(pos, viewer=0))
    said = captured.get()
    assert "2♣ 4♣ J♦ K♦" in said and "4 cards" in said and "8♠" not in said  # seat 1 holds 4D 5H 8S QC
    assert "▶ seat 0 (you)" in said and said.count("(you)") == 1
    with screen.capture() as captured:
        screen.print(position_view(pos._replace(hands=(pos.hands[0], 0)), viewer=0))
    lines = captured.get().splitlines()
    mine, theirs = (next(line for line in lines if line.lstrip(" ▶").startswith(f"seat {s}")) for s in (0, 1))
    assert theirs.index("0 cards") == mine.index("2♣")  # in the hand's column: no stray space for no cards


@pytest.mark.parametrize(
    ("width", "scores"),
    [
        (80, r"^ scores +seats 0 & 2: 0  seats 1 & 3: 0 \(before this hand\)"),
        (40, r"^scores +seats 0 & 2: 0,\s+seats 1 & 3: 0\s+\(before this hand\)"),
    ],
)
def test_the_board_of_a_finished_hand_does_not_widen_its_labels(width, scores):
    """The board after a hand's last move (watched, or stepped to in the replay) labelled its
    scores "scores before this hand": the label column widened and the board jumped right
    (at 40 columns, a 4-player board folded into 31 lines). The words go with the scores."""
    from casino_cli.cli.render import position_view
    from casino_cli.engine import Game, Step, greedy_bot

    steps: list = []
    Game(make_rules("classic", 4), "L0", [greedy_bot] * 4).play_hand(
        lambda event: steps.append(event) if isinstance(event, Step) else None
    )
    before, after = steps[-2].position, steps[-1].position
    assert after.finished and not before.finished
    drawn = []
    for pos in (before, after):
        screen = Console(file=io.StringIO(), width=width, no_color=True)
        screen.print(position_view(pos))
        drawn.append(screen.file.getvalue().splitlines())
    starts = [next(m.end() for m in map(re.compile(r" ?stock +").match, lines) if m) for lines in drawn]
    assert starts[1] <= starts[0], drawn  # no wider (no seat's turn: no ▶ marker)
    assert re.search(scores, "\n".join(drawn[1]), re.M), drawn[1]
    assert len(drawn[1]) <= len(drawn[0]) + 1, drawn


def test_version_help_and_completion():
    assert invoke("--version").startswith("casino ")
    for command in ("deal", "moves", "apply", "score", "replay", "validate", "judge", "play", "simulate", "schema"):
        assert "Example" in invoke(command, "--help")
    # The script --show-completion prints, asked for by shell name: --show-completion itself
    # detects the shell from the parent process, which fails when the suite is not run from one.
    script = runner.invoke(app, [], env={"_CASINO_COMPLETE": "source_bash"}, prog_name="casino")
    assert script.exit_code == 0 and "complete -o default -F _casino_completion casino" in script.output


@pytest.mark.parametrize(
    ("partnerships", "you", "words"),
    [
        (False, None, "seat 1 wins the game, 21 to 9 (reason)"),
        (False, 0, "seat 1 wins the game, 21 to 9 (reason)"),
        (False, 1, "you win the game, 21 to 9 (reason)"),
        (True, 1, "you and your partner, seat 3, win the game, 21 to 9 (reason)"),
        (True, 0, "seats 1 & 3 win the game, 21 to 9 (reason)"),
    ],
)
def test_the_game_result_in_words_speaks_to_the_person_whose_side_won(partnerships, you, words):
    """The winner's score comes first, after its name, then the others' in seat order."""
    rules = make_rules("classic", 4) if partnerships else make_rules("classic", 2)
    assert game_words(GameStep((9, 21), 1, "reason"), rules, None, you) == words
    assert (
        game_words(GameStep((8, 3, 23), 2, "r"), make_rules("classic", 3), ("Ana", "Ben", "Cy"))
        == "Cy (seat 2) wins the game, 23 to 8 and 3 (r)"
    )
    assert game_words(GameStep((5, 21, 8, 3), 1, "r"), make_rules("classic", 4, False), None).startswith(
        "seat 1 wins the game, 21 to 5, 8 and 3 "
    )
    assert game_words(GameStep((5, 3), None, ""), make_rules("classic", 2), None) == "game 5–3"


def test_a_partnership_that_won_is_named_by_its_players_on_the_person_s_screen():
    """play --name Ana --players 4 ended 'you and your partner (seats 0 & 2) win the game' and
    its board under 60 columns scored 'seats 0 & 2: 0, seats 1 & 3: 0', where the rows above
    named the players; both name them, as the wide board does (by seats where a name is cut)."""
    from casino_cli.cli.render import position_view

    rules, names = make_rules("classic", 4), ("Ana", "greedy", "counter", "greedy")
    won = game_words(GameStep((21, 9), 0, ""), rules, names, 0)
    assert won == "you and your partner, counter (seat 2), win the game, 21 to 9"
    pos = start_position(rules, seeded_deck("7"), dealer=3)
    for players, scores in ((names, "Ana & counter: 0, greedy & greedy: 0"), (tuple(LONG_NAMES), "seats 0 & 2: 0,")):
        screen = Console(file=io.StringIO(), width=56, no_color=True)
        screen.print(position_view(pos, 0, players))
        drawn = screen.file.getvalue()
        assert re.search(rf"^scores +{re.escape(scores)}", drawn, re.M), drawn
        assert "▶ 0 " in drawn  # the narrow board


def test_the_reasons_for_a_game_s_end_name_the_sides_as_the_record_names_its_players():
    """The engine's count-out reasons say "side 1"; wherever the players have names, the
    words name them (each of two like names with its seat), and without names they are as
    the engine wrote them."""
    reason = "side 1 reached 11 first, on cards, although side 0 ended with 12"
    assert named_reason(reason, ["Ana", "Ben"]) == "Ben reached 11 first, on cards, although Ana ended with 12"
    together = "sides 0, 1 and 2 reached 11 together, on sweeps; side 2 won with 13, the higher total"
    assert named_reason(together, ["Ana", "Ben", "Cy"]) == (
        "Ana, Ben and Cy reached 11 together, on sweeps; Cy won with 13, the higher total"
    )
    assert named_reason(together, None) == together
    two = make_rules("classic", 2)
    assert game_words(GameStep((12, 11), 1, reason), two, ("greedy", "greedy")) == (
        "greedy (seat 1) wins the game, 11 to 12 (greedy (seat 1) reached 11 first, on cards, "
        "although greedy (seat 0) ended with 12)"
    )
    pairs = make_rules("classic", 4)
    assert game_words(GameStep((12, 11), 1, reason), pairs, ("Ana", "Ben", "Cy", "Dan")) == (
        "Ben & Dan win the game, 11 to 12 (Ben & Dan reached 11 first, on cards, although Ana & Cy ended with 12)"
    )


@pytest.mark.parametrize("winner", [0, 1])
def test_the_winner_under_a_sheet_of_no_names_is_named_by_its_seat(winner):
    """A sheet whose sides have no names (a position's, the table's) names each by its
    seat, as its picture does: "seat 1 wins", never "1 wins" nor "side 1 wins"."""
    from casino_cli.cli.render import score_view

    sheet = orjson.loads(
        invoke("score", "fixtures/records/corpus/classic-2.jsonl", "--format", "jsonl").splitlines()[0]
    )
    sheet["winner"] = winner
    console = Console(file=io.StringIO(), width=100, no_color=True)
    console.print(score_view(sheet, make_rules("classic", 2)))
    said = console.file.getvalue()
    assert f"seat {winner} wins:" in said and "side 0" not in said and "side 1" not in said, said


@pytest.mark.parametrize("width", [40, 60])
def test_a_sheet_whose_numbers_do_not_fit_the_screen_is_written_in_lines_never_cut(width):
    """At 40 columns rich cut the sheet's headings and sides to "ca…", "s…" and "0 (…" (whose
    side is yours?): where the table of numbers does not fit, the sheet is the text
    format's lines, broken between items, and nothing is cut."""
    from casino_cli.cli.plain import sheet_lines
    from casino_cli.cli.render import score_view

    for line in invoke("score", "fixtures/records/corpus/classic-4.jsonl", "--format", "jsonl").splitlines()[:3]:
        sheet = orjson.loads(line)
        sides = ["seats 0 & 2 (you)", "seats 1 & 3"]
        console = Console(file=io.StringIO(), width=width, no_color=True)
        console.print(score_view(sheet, make_rules("classic", 4), sides))
        said = console.file.getvalue()
        assert "…" not in said and max(map(len, said.splitlines())) <= width, said
        words = " ".join(said.split())
        for text in sheet_lines(sheet, make_rules("classic", 4), sides):
            assert " ".join(text.split()) in words, (text, said)
        assert "seats 0 & 2 (you): " in said


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize(
    "args",
    [
        ["moves", WORKED_1],
        ["score", "fixtures/docs/game.json"],
        ["deal", "--seed", "7", "--variant", "royal"],
        ["hint", "-"],  # the other seat's hand as card backs, a column headed ±
        ["rules", "B"],  # bullets, § and minus signs
        ["rules", "G"],
    ],
)
def test_a_terminal_that_cannot_show_suit_symbols_gets_letters_not_an_internal_error(encoding, args):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    dealt = subprocess.run([sys.executable, "-m", "casino_cli", "deal", "--seed", "7"], capture_output=True).stdout
    command = [sys.executable, "-m", "casino_cli", *args, "-f", "pretty"]
    done = subprocess.run(command, input=dealt, capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    shown = done.stdout.decode(encoding)
    assert "?" not in shown  # every symbol has a plain stand-in
    table = [line for line in shown.splitlines() if line[:1] in ("|", "+")]
    assert len({len(line) for line in table}) <= 1, shown  # and a table's stand-ins keep its columns
    if args[0] == "moves":
        assert "2D 3H 5C 6S 8D KH" in shown


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_text_lines_in_an_ascii_or_latin_1_locale_write_letters_as_pretty_does(encoding):
    """-f text wrote UTF-8 whatever the locale (A♠ and 7–4 came out as mojibake or as
    bytes the encoding has not); now it writes as pretty does there (AS, 7-4), a name in the
    locale's own encoding, while casino text, a document, stays UTF-8."""
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    record = orjson.loads(Path("fixtures/text/club-night.json").read_text(encoding="utf-8").replace("Ana", "José"))
    casino = [sys.executable, "-m", "casino_cli"]
    text = subprocess.run(
        [*casino, "score", "-", "-f", "text"], input=orjson.dumps(record), capture_output=True, env=env
    )
    assert text.returncode == 0, text.stderr
    shown = text.stdout.decode(encoding, "replace")
    assert "?" not in shown.replace("Jos?", "") and "A♠" not in shown  # only é has no stand-in in ASCII
    assert re.search(r"points \d+-\d+, game \d+-\d+", shown) and re.search(r"\bA[SHDC] 1\b", shown), shown
    assert ("José" if encoding == "latin-1" else "Jos?") in shown
    cas = subprocess.run(
        [*casino, "convert", "-", "--to", "text"], input=orjson.dumps(record), capture_output=True, env=env
    )
    assert cas.returncode == 0 and "José".encode() in cas.stdout, cas.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_messages_in_an_ascii_or_latin_1_locale_use_the_same_stand_ins(encoding):
    """A message on stderr there showed Python's escapes ('this move \\u2014 7S, 7H or 7C');
    it now uses pretty's stand-ins, as stdout does."""
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    command = [sys.executable, "-m", "casino_cli", "replay", "fixtures/records/dispute-part-way.json"]
    done = subprocess.run(command, capture_output=True, env=env)
    said = done.stderr.decode(encoding)
    assert "after this move - 7S, 7H or 7C (B3)" in said and "\\u" not in said, said


def test_sides_that_share_a_name_are_told_apart_by_their_seats_on_the_score_sheet():
    """Self-play names each seat by its bot: four "counter" rows would be the same row."""
    from tests.inproc import cli

    record = cli("simulate", "--games", "1", "--seed", "q", "--players", "4", "--no-partnerships", "--bots", "counter")
    lines = cli("score", "-", "--format", "text", stdin=record.stdout).stdout.decode().splitlines()
    rows = [line.split(":")[0].strip() for line in lines if line.startswith("  counter")]
    assert rows[:4] == [f"counter (seat {s})" for s in range(4)]
    assert lines[-1].startswith("result: counter (seat ")
    two = cli("simulate", "--games", "1", "--seed", "q", "--bots", "greedy,counter")
    assert "  greedy: " in cli("score", "-", "--format", "text", stdin=two.stdout).stdout.decode()  # names differ


def test_a_counted_out_game_s_reason_names_the_players_in_every_view(tmp_path):
    """A record with named players: the score sheet (text and picture), the replay's words
    and the referee's claim finding all say who reached the target, never "side 1"."""
    from inproc import cli

    record = orjson.loads(cli("simulate", "--games", "1", "--seed", "N1", "--variant", "american-royal").stdout)
    record["players"] = ["Ana", "Ben"]
    assert record["result"]["winner"] == 1
    record["result"]["winner"] = 0  # a wrong claim
    path = tmp_path / "game.json"
    path.write_bytes(orjson.dumps(record))
    why = "(Ben reached 21 first, on cards)"
    score = cli("score", str(path), "--format", "text", "--svg", str(tmp_path / "sheet.svg"))
    assert score.stdout.decode().splitlines()[-1] == f"result: Ben wins {why}"
    assert f"but Ben won {why} (claim)" in score.stderr
    assert f"the record claims Ana as the winner, but Ben won {why}" in cli("validate", str(path)).stdout.decode()
    assert (
        cli("replay", str(path), "--format", "text")
        .stdout.decode()
        .rstrip()
        .endswith(f"Ben (seat 1) wins the game, 25 to 21 {why}")
    )
    assert "Ben reached 21 first, on cards" in (tmp_path / "sheet.svg").read_text()
    assert "side 1" not in (tmp_path / "sheet.svg").read_text()


def test_a_hand_of_no_known_card_is_told_as_many_cards_as_the_picture_draws():
    """Pretty, text and the picture say alike how many cards a hand holds when none is
    known (a hand left out holds as many as the turn order gives it); only a hand whose
    size is unknown too is 'unknown'."""
    from casino_cli.cli.render import hand_text
    from casino_cli.engine import Partial
    from casino_cli.engine.position import position_lines
    from casino_cli.notation.position import read_position
    from casino_cli.pictures.table import _hand_cards

    judged = invoke("judge", "fixtures/records/dispute-part-way.json", "--move", "2", "-f", "pretty", COLUMNS="200")
    assert re.search(r"seat 0 Ana +3 unknown cards +\[0 taken\]", judged)
    replayed = invoke("replay", "fixtures/records/dispute-part-way.json", "-f", "pretty", COLUMNS="200")
    assert "— +" not in replayed and "Ana    3 unknown cards" in replayed
    start = invoke("replay", "fixtures/records/dispute-part-way.json", "--to", "1", "-f", "json").splitlines()[-1]
    pos = read_position(orjson.loads(start))
    for hands in [pos.hands, (Partial(0, 3), pos.hands[1]), (Partial(0, 3), None), (None, None)]:
        seen = pos._replace(hands=hands)
        for seat in (0, 1):
            drawn = _hand_cards(seen, seat, True)
            said, line = hand_text(seen, seat).plain, position_lines(seen)[2 + seat]
            if drawn is None:
                assert said == "unknown" and line.startswith(f"seat {seat}: unknown (")
                continue
            backs = drawn.count(None)
            assert line.count("?") == backs and f"{backs} unknown" in said
            assert said == f"{backs} unknown cards" if backs == len(drawn) else said.startswith("4♠ + ")


LONG_NAMES = ["Maximiliana Oppenheimer", "Bartholomew Fitzgerald", "Cassandra Wolfeschlegel", "Dominique Ravensworth"]


@pytest.mark.parametrize(
    "options",
    [
        ["--players", "2"],
        ["--players", "3"],
        ["--players", "4"],
        ["--players", "4", "--no-partnerships"],
        ["--players", "3", "--variant", "royal", "-o", "sweeps=true"],
    ],
)
def test_every_step_of_a_replay_fits_a_40_by_24_screen_with_the_keys_and_the_prompt(options):
    """The steerable replay at 40 columns: which step, the board, the step in words, the
    keys (the answer to ?) and the prompt, in 24 lines, for a record named by its bots
    (copies of one: ``random & random (seats 0 & 2)``) and by long names. The board was
    drawn as on a wide screen, folded into up to 30 lines: the step's line scrolled away."""
    from rich.cells import cell_len

    from casino_cli.cli.output import fitting
    from casino_cli.cli.safe_text import shown_names
    from casino_cli.cli.steer import KEYS, PROMPTS, TYPING, step_view
    from casino_cli.records.frames import frames_of
    from casino_cli.records.record import read_record
    from tests.inproc import cli

    doc = orjson.loads(cli("simulate", "--seed", "w", "--bots", "random", "--hands", "2", *options).stdout)
    prompt = fitting(PROMPTS, 40, TYPING) + " › "
    assert cell_len(prompt) + 6 <= 40  # room on its line for "h 12"
    for names in (doc["players"], LONG_NAMES[: len(doc["players"])]):
        record = read_record(dict(doc, players=names))
        frames = frames_of(record)
        for at in range(len(frames)):
            screen = Console(file=io.StringIO(), width=40, no_color=True)
            screen.print(step_view(record, frames, at, shown_names(record.players), "FILE"))
            screen.print(KEYS)
            lines = [*screen.file.getvalue().splitlines(), prompt]
            assert len(lines) <= 24 and max(map(cell_len, lines)) <= 40, "\n".join(lines)


def test_the_narrow_board_in_the_docs_is_the_one_drawn():
    """docs/notation.md shows the board of a named 4-player record at 40 columns as drawn."""
    from casino_cli.cli.render import position_view
    from casino_cli.records.frames import frames_of
    from casino_cli.records.record import read_record
    from tests.inproc import cli

    doc = orjson.loads(cli("simulate", "--players", "4", "--bots", "random", "--seed", "3", "--hands", "1").stdout)
    record = read_record(dict(doc, players=LONG_NAMES))
    screen = Console(file=io.StringIO(), width=40, no_color=True)
    screen.print(position_view(frames_of(record)[20].position, names=record.players))
    drawn = "".join(f"    {line.rstrip()}\n" for line in screen.file.getvalue().splitlines())
    assert drawn in (Path(__file__).parent.parent / "docs" / "notation.md").read_text(encoding="utf-8"), drawn


@pytest.mark.parametrize("width", [40, 59])
def test_names_on_the_narrow_board_are_text_never_markup(width):
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("classic", 2), seeded_deck("7"), dealer=1)
    for names in (("[red]A", "B[/]"), ("[b]", "C")):  # cut to a number and a name, or as wide labels
        screen = Console(file=io.StringIO(), width=width, no_color=True)
        screen.print(position_view(pos, names=names))
        assert all(name in screen.file.getvalue() for name in names), screen.file.getvalue()


def test_the_wide_board_names_a_builds_owner_as_its_row_does(tmp_path):
    """A build's owner is named as the owner's row is labelled (``seat 3 Dan``), on the
    board of replay, hint and apply; the narrow board keeps the seat alone."""
    path = tmp_path / "p4.cas"
    path.write_text(
        "[Rules royal 4 partnerships=true]\n[Players Ana Ben Carla Dan]\n\n"
        "Hand 1 dealer Dan table 5D 9C 3H KS\n1. Ana: 2C 2. Ben: 6D 3. Carla: 7H 4. Dan: 4S+5D=9\n"
    )
    wide = invoke("replay", str(path), "-f", "pretty", COLUMNS="80")
    assert "4♠ 5♦  (single, seat 3 Dan)" in wide and "Dan (seat 3) builds 9" in wide
    narrow = invoke("replay", str(path), "-f", "pretty", COLUMNS="40")
    assert "(single, seat 3)" in narrow


def test_the_wide_boards_sides_break_between_sides_never_inside_one():
    """At 80 columns 'Ana & greedy 2 (seats 0 & 2)  greedy 1 & greedy 3 (seats 1 & 3)' was
    wrapped by words, '(seats 1' at the line's end and '& 3)' under it; a side stays whole."""
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("royal", 4), seeded_deck("5"), dealer=3)
    screen = Console(file=io.StringIO(), width=80, no_color=True)
    screen.print(position_view(pos, 0, ("Ana", "greedy 1", "greedy 2", "greedy 3")))
    lines = [line.rstrip() for line in screen.file.getvalue().splitlines()]
    sides = next(i for i, line in enumerate(lines) if line.startswith(" sides "))
    assert lines[sides].endswith(" Ana & greedy 2 (seats 0 & 2)")
    assert lines[sides + 1].strip() == "greedy 1 & greedy 3 (seats 1 & 3)"
    assert lines[sides + 2].startswith(" scores ") and max(map(len, lines)) <= 80


@pytest.mark.parametrize(
    ("width", "viewer", "names", "row"),
    [
        (80, 0, "Ana greedy_1 greedy_2 greedy_3", r"^ seat 2 greedy 2 \(partner\) +▮▮▮▮ 4 cards"),
        (56, 0, "Ana Ben Cy Dan", r"^  2 Cy \(partner\) +▮▮▮▮ 4 cards"),  # narrow: the name whole, so marked
        (56, 0, "Ana greedy_1 greedy_2 greedy_3", r"^  2 greedy 2 +▮▮▮▮"),  # no room for both: the scores pair them
        (80, None, "Ana greedy_1 greedy_2 greedy_3", r"^ seat 2 greedy 2 +[AKQJ2-9]"),  # no one's board (replay)
        (80, 0, "Ana greedy_1 greedy_2", r"^ seat 2 greedy 2 +▮▮▮▮ 4 cards"),  # 3 players: no partnerships
    ],
)
def test_your_partners_row_is_marked_on_the_board_as_yours_is(width, viewer, names, row):
    """With 4 players in partnerships your row said (you) and your partner's nothing: it says
    (partner), on a narrow board too where its name stays whole beside it."""
    from casino_cli.cli.render import position_view

    players = tuple(name.replace("_", " ") for name in names.split())
    pos = start_position(make_rules("royal", len(players)), seeded_deck("5"), dealer=len(players) - 1)
    screen = Console(file=io.StringIO(), width=width, no_color=True)
    screen.print(position_view(pos, viewer, players))
    drawn = screen.file.getvalue()
    assert re.search(row, drawn, re.M), drawn
    assert drawn.count("(partner)") == ("partner" in row)
    assert max(map(len, drawn.splitlines())) <= width


def test_a_note_under_the_sheet_too_long_for_the_screen_goes_on_indented_as_the_items_do(tmp_path, monkeypatch):
    """At 80 columns the sheet's note 'hand 1, sweeps 1–2 cancel (P3): a side scores only
    those it made beyond every' went on with 'other side's' at column 0, where the items
    won go on indented; the note goes on indented too."""
    from tests.inproc import cli

    saved = tmp_path / "game.json"
    assert cli("play", "--watch", "--seed", "1", "--variant", "royal", "--save", str(saved)).returncode == 0
    monkeypatch.setenv("COLUMNS", "80")
    lines = [line.rstrip() for line in cli("score", str(saved), "-f", "pretty").stdout.decode().splitlines()]
    note = lines.index("hand 1, sweeps 1–2 cancel (P3): a side scores only those it made beyond every")
    assert lines[note + 1] == "  other side's" and max(map(len, lines)) <= 80


def test_the_wide_boards_game_row_puts_where_the_hand_is_on_a_line_of_its_own_where_it_is_too_long():
    """At 80 columns, 4 players named, the game's row read 'royal, 4 players in partnerships —
    deal 1 of 3, Ana' and '(seat 0) to play' under it, a seat torn from its name."""
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("royal", 4), seeded_deck("5"), dealer=3)
    shown = {}
    for width in (80, 120):
        screen = Console(file=io.StringIO(), width=width, no_color=True)
        screen.print(position_view(pos, 0, ("Ana", "greedy 1", "greedy 2", "greedy 3")))
        shown[width] = [" ".join(line.split()) for line in screen.file.getvalue().splitlines()[:2]]
    assert shown[80] == ["game royal, 4 players in partnerships —", "deal 1 of 3, Ana (seat 0) to play"]
    assert shown[120][0] == "game royal, 4 players in partnerships — deal 1 of 3, Ana (seat 0) to play"


@pytest.mark.parametrize("name", ["game.cas", "GAME.CAS"])
def test_a_game_saved_into_a_cas_file_is_written_in_casino_text(tmp_path, name):
    """--save game.cas (as s game.cas at the prompt) wrote JSON into a file named for casino
    text; it holds casino text, which reads back as the record the game wrote to stdout."""
    from tests.inproc import cli

    saved = tmp_path / name
    args = ("--seed", "5", "--players", "4", "--variant", "royal", "--bots", "counter,random")
    played = cli("play", "--watch", *args, "--format", "json", "--save", str(saved))
    assert played.returncode == 0, played.stderr
    text = saved.read_text(encoding="utf-8")
    assert text.startswith("[Rules royal 4 partnerships=true]\n") and not text.lstrip().startswith("{")
    assert orjson.loads(cli("convert", str(saved)).stdout) == orjson.loads(played.stdout)


@pytest.mark.parametrize("size", ["0", "²", "-5", "wide"])
@pytest.mark.parametrize(
    "args",
    [
        ["moves", WORKED_1],
        ["play", "--watch", "--seed", "1"],
        ["replay", "fixtures/records/corpus/royal-2.jsonl", "--hand", "1", "--to", "3"],
    ],
)
def test_a_screen_size_that_is_no_number_above_0_is_ignored(size, args):
    """COLUMNS=0 or COLUMNS=² (LINES too) is no size: the view is drawn as with none set, 80
    columns, never an internal error (rich took 0 for a width, and failed on ²)."""
    unset = invoke(*args, "--format", "pretty", NO_COLOR="1")
    assert invoke(*args, "--format", "pretty", NO_COLOR="1", COLUMNS=size, LINES=size) == unset


def test_the_board_is_drawn_narrow_under_60_columns_and_under_80_for_long_labels():
    """As notation.md says: under 60 columns the board is narrow (its game line first, no
    ``game`` label), and under 80 where a seat's label with its name takes more than a third
    of the screen; wide from 60 with short names and from 80 whatever the names."""
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("classic", 2), seeded_deck("b", 1), 1)

    def wide(width: int, names: tuple[str, str]) -> bool:
        screen = Console(file=io.StringIO(), width=width, no_color=True)
        screen.print(position_view(pos, names=names))
        return screen.file.getvalue().lstrip().startswith("game ")

    short, long = ("Ana", "Ben"), ("Maximiliana Kowalczyk", "Ben")  # "▶ seat 0 Maximiliana Kowalczyk": 30 cells
    assert [wide(w, short) for w in (58, 59, 60, 61)] == [False, False, True, True]
    assert [wide(w, long) for w in (60, 78, 79, 80, 81)] == [False, False, False, True, True]
    assert wide(89, long) and not wide(59, long)


def test_a_list_of_one_move_is_titled_one_legal_move_in_either_view():
    """``1 legal move``, never ``1 legal moves``, in the full table and in the compact list."""
    from casino_cli.cli.render import compact_moves_view, moves_view

    for moves in range(1, 4):
        listing = legal_moves(start_position(make_rules("classic"), seeded_deck("1"), 1))
        shown, facts = listing.moves[:moves], listing.facts[:moves]
        title = f"{moves} legal move{'s' * (moves > 1)}"
        for view in (moves_view(shown, facts, False, make_rules("classic")), compact_moves_view(shown, True, 80)):
            console = Console(width=80, no_color=True, force_terminal=False)
            with console.capture() as captured:
                console.print(view)
            first = captured.get().splitlines()[0].strip()
            assert first == title or first.startswith(f"{title} (truncated) · "), first


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_narrow_boards_game_line_breaks_only_between_its_parts(players):
    """At 59 columns a 4-player board's game line went on "…, seat 0 to" / "play": it breaks
    after the rule set's "—", as the wide board's does, never inside where the hand is."""
    from casino_cli.cli.render import position_view

    pos = start_position(make_rules("classic", players), seeded_deck("7", 1), 1)
    for width in range(40, 60):
        screen = Console(file=io.StringIO(), width=width, no_color=True)
        screen.print(position_view(pos))
        lines = screen.file.getvalue().splitlines()
        head = lines[0].rstrip() if "to play" in lines[0] else f"{lines[0].rstrip()} {lines[1].strip()}"
        assert head.endswith(" to play") and (lines[0].rstrip().endswith("—") or "to play" in lines[0]), lines[:2]
        assert ("to play" in lines[0]) == (len(head) <= width)  # on one line where it fits, to the last column


def test_a_table_of_moves_exactly_as_wide_as_the_screen_is_drawn_as_a_table():
    """The table gives way to a line per move only where it does not fit: at its own width
    it is still a table, a column narrower it is lines."""
    from casino_cli.cli.render import moves_view

    listing = legal_moves(start_position(make_rules("classic"), seeded_deck("1"), 1))
    view = moves_view(listing.moves, listing.facts, False, make_rules("classic"))
    least = view._width(["#", "move"])  # the card and what each does are left out first
    for width, table in ((least, True), (least - 1, False)):
        console = Console(width=width, no_color=True, force_terminal=False)
        with console.capture() as captured:
            console.print(view)
        assert ("┃ move" in captured.get()) == table, captured.get()


def test_a_hint_exact_with_every_card_known_says_so_in_its_heading(monkeypatch):
    """The last deal of a replayed game, every card placed: the hint is exact over one deal
    (JSON: exact, 1 world), and the heading for people says every card is known, not that
    it was exact over some number of possible deals."""
    from inproc import cli

    game = cli("simulate", "--seed", "ex", "--games", "1", "--hands", "1").stdout
    steps = [orjson.loads(line) for line in cli("replay", "-", stdin=game).stdout.splitlines()]
    last_deal = next(s for s in steps if s["deal"] == 6 and s["turn"] is not None)
    del last_deal["_replay"]
    position = orjson.dumps(last_deal)
    hint = orjson.loads(cli("hint", "-", stdin=position).stdout)
    assert (hint["exact"], hint["worlds"]) == (True, 1)
    monkeypatch.setenv("COLUMNS", "200")  # the heading on one line
    heading = cli("hint", "-", "--format", "pretty", stdin=position).stdout.decode()
    assert "to move: expected points for its side less the others' (exact: every card is known)" in heading
