"""The ``casino`` command line: argument parsing, exit codes, and nothing else.

Each command's work lives in its own module, imported only when that command runs,
so ``casino moves`` does not pay for rich or for the other commands.
"""

from __future__ import annotations

import contextlib
import io
import math
import os
import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer

from .. import version_line
from .output import MANY, MAX_JOBS, MOST_DELAY, MOST_HANDS, USAGE, Fail, Form, Format, bounded

if TYPE_CHECKING:
    from typer._click.exceptions import ClickException

app = typer.Typer(
    name="casino",
    help="Casino and Royal Casino: seeded deals, legal moves, playing moves, scoring and refereeing.\n\n"
    "Example: casino deal --seed 7 | casino moves -",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

FormatOpt = Annotated[
    Optional[Format],
    typer.Option(
        "--format",
        "-f",
        help="Output: json, jsonl, text or pretty (default: pretty on a terminal, else json).",
        case_sensitive=False,
        show_default=False,
    ),
]
PositionArg = Annotated[str, typer.Argument(help="A position (JSON), or - for standard input.", metavar="FILE")]
PositionsArg = Annotated[
    str,
    typer.Argument(
        help="A position (JSON), a JSON Lines stream of positions, or - for standard input.", metavar="FILE"
    ),
]
SvgOpt = Annotated[
    Optional[str],
    typer.Option(
        "--svg",
        help="Also draw the position as a picture (self-contained SVG: the cards on the table and in the hands, "
        "and the move in question ringed where there is one) into FILE; never one of the input files, nor standard "
        "output.",
        metavar="FILE",
    ),
]


class Variant(str, Enum):
    """The rule sets (docs/rules.md); any case is accepted on the command line."""

    classic = "classic"
    royal = "royal"
    american_royal = "american-royal"


VariantOpt = Annotated[Variant, typer.Option(help="Rule set (any case).", case_sensitive=False)]


class Players(str, Enum):
    """How many play: offered as choices in help and completion."""

    two = "2"
    three = "3"
    four = "4"


PlayersOpt = Annotated[Players, typer.Option(help="Number of players.")]
SeedOpt = Annotated[
    Optional[str],
    typer.Option(
        help="Seed text; the same seed gives the same cards everywhere. Default: a new random seed, printed on "
        "stderr so that the game can be had again: at once (play: at the game's end, since it would tell every "
        "hidden card; with --watch, at the start).",
        show_default=False,
    ),
]
PartnershipsOpt = Annotated[
    Optional[bool],
    typer.Option(
        "--partnerships/--no-partnerships",
        help="With 4 players: play in partnerships (default: yes).",
        show_default=False,
    ),
]
OptionOpt = Annotated[
    Optional[list[str]],
    typer.Option(
        "--option", "-o", help="Override a rule option, e.g. -o sweeps=true -o target=11.", metavar="NAME=VALUE"
    ),
]
BotsOpt = Annotated[
    str,
    typer.Option(
        help="Bots by seat, comma-separated, repeated round the table (at most one a seat): random, greedy, counter, searcher "
        "(any case, recorded in lower case), module:function for your own, or cmd:PROGRAM (docs/bots.md). module:function imports and runs that "
        "module's code: name only code you trust, never text from untrusted input. Default: random, the "
        "baseline (play's opponents: greedy).",
        show_default=False,
    ),
]
PlayBotsOpt = Annotated[
    str,
    typer.Option(
        help="The bots of the other seats, comma-separated, for seats 1, 2, … in turn and repeated round the table "
        "(at most one a seat; you are seat 0); with --watch, for every seat from seat 0. Names as for simulate's --bots: random, greedy, "
        "counter, searcher (any case), module:function (code you trust) or cmd:PROGRAM (docs/bots.md). Default: "
        "greedy, the best immediate gain (simulate's bots: random).",
        show_default=False,
    ),
]

JobsOpt = Annotated[
    int, typer.Option(help="Worker processes (the output is the same for any number).", min=1, max=MAX_JOBS)
]


def _finite(value: float | None) -> float | None:
    """A number of seconds: finite (``nan`` and ``inf`` pass a range check)."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number of seconds")
    return value


TimeLimitOpt = Annotated[
    Optional[float],
    typer.Option(
        help="Seconds a cmd:PROGRAM bot has for each answer (default: 10, or CASINO_BOT_TIME_LIMIT); "
        "a bot that takes longer stops the game with a message naming it (exit 2).",
        min=0.01,
        show_default=False,
        callback=_finite,
    ),
]


def _time_limit(seconds: float | None) -> None:
    """--time-limit: set in the environment, where the bots of this process and of its
    --jobs workers read it."""
    if seconds is not None:
        os.environ["CASINO_BOT_TIME_LIMIT"] = repr(seconds)


def _version(value: bool) -> None:
    if value:
        print(version_line())
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Casino and Royal Casino on the command line."""


@app.command()
def deal(
    seed: SeedOpt = None,
    variant: VariantOpt = Variant.classic,
    players: PlayersOpt = Players.two,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    dealer: Annotated[
        Optional[int],
        typer.Option(
            help="Dealer of hand 1 (default: the last seat, so seat 0 plays first); later hands pass the deal on (D4).",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[int, typer.Option(help="Hand H of the game (1-based, below 2**63): the one to deal.", min=1)] = 1,
    record: Annotated[
        bool,
        typer.Option(
            "--record", help="Print a game record skeleton instead of a position (--format text: casino text)."
        ),
    ] = False,
    table: Annotated[
        Optional[tuple[str, str, str, str]],
        typer.Option(
            help="With --record: the 4 first table cards of a game played at a real table (no seed), "
            "as 4 words or one with commas (5D,9C,3H,KS).",
            metavar="C C C C",
            show_default=False,
        ),
    ] = None,
    names: Annotated[
        Optional[str],
        typer.Option(help="With --record: the players' names in seat order, comma-separated.", show_default=False),
    ] = None,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """The position at the start of a seeded hand, or a record skeleton to fill in.

    Example: casino deal --record --table 5D 9C 3H KS --dealer 3 --players 4 --names Ana,Ben,Carla,Dan -f text
    """
    from .cmd_deal import run_deal

    run_deal(
        seed,
        variant.value,
        int(players.value),
        partnerships,
        option or [],
        dealer,
        hand,
        record,
        fmt,
        svg,
        table,
        names,
    )


@app.command()
def moves(
    file: PositionsArg,
    limit: Annotated[
        int,
        typer.Option(
            help="List at most this many moves per position, shared out card by card (then marked truncated).", min=1
        ),
    ] = 2_000,
    keep_going: Annotated[
        bool,
        typer.Option(
            "--keep-going",
            help="In a JSON Lines stream, go on after a bad line (an error line is written in its place).",
        ),
    ] = False,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Every legal move of a position (or of each position of a JSON Lines stream).

    Example: casino deal --seed 7 | casino moves -
    """
    from .cmd_moves import run_moves

    run_moves(file, limit, keep_going, fmt, svg)


@app.command()
def apply(
    file: PositionArg,
    move: Annotated[
        list[str],
        typer.Argument(
            help="Moves played in order, as text (5D, 8Hx3C+5D, 2C+4H=6; 0:5D names its seat, checked "
            'against the turn) or a JSON object (\'{"type": "trail", "card": "5D", "seat": 0}\').',
            metavar="MOVE...",
        ),
    ],
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Play moves on a position and print the new position (jsonl: one position per move).

    Example: casino deal --seed 7 | casino apply - JD
    """
    from .cmd_apply import run_apply

    run_apply(file, move, fmt, svg)


RecordsArg = Annotated[
    str,
    typer.Argument(
        help="A record (JSON or casino text, .cas), a JSON Lines stream of records, or - for standard input.",
        metavar="FILE",
    ),
]


ScoreSvgOpt = Annotated[
    Optional[str],
    typer.Option(
        "--svg",
        help="Also draw the score sheet as a picture (self-contained SVG: each hand's items per side and the "
        "game's result) into FILE; never one of the input files, nor standard output.",
        metavar="FILE",
    ),
]


@app.command()
def score(file: RecordsArg, fmt: FormatOpt = None, svg: ScoreSvgOpt = None) -> None:
    """The itemised score of each hand of a record (or of a finished position) and the game result.

    Claimed scores and results in the record are checked; a difference exits 1.

    Example: casino score fixtures/docs/game.json --format text
    """
    from .cmd_score import run_score

    run_score(file, fmt, svg)


@app.command()
def replay(
    file: RecordsArg,
    hand: Annotated[
        Optional[int], typer.Option(help="Hand H of the game (1-based): replay only that hand, to its end.", min=1)
    ] = None,
    to: Annotated[
        Optional[int],
        typer.Option(
            help="Stop after this move (of --hand, or of the first hand); 0: the hand's start. "
            "The terminal view and the --html page open there.",
            min=0,
        ),
    ] = None,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
    html: Annotated[
        Optional[str],
        typer.Option(
            "--html",
            help="Write one self-contained HTML page stepping through the (first) record: buttons, keys (→, ↓ or "
            "space next; ←, ↑ or shift+space back; PageDown/PageUp a hand; Home/End; f/F the next/previous finding "
            "or unsettled note), a move list to click, names, comments and findings.",
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Every position of a record, move by move; on a terminal a view to step back and forth.

    Piped: JSON Lines (with a "_replay" note), or text. --html writes a page for a browser;
    --svg draws where the replay stops (after move --to, else the end of --hand or of the record).

    Keys on a terminal: Enter (or n, +) next, p (or b, -) back, +N/-N N steps forward/back, N move N of the hand
    (0 its start), h N hand N, e the end, ? the keys, q (or Ctrl-D) quit. A record piped in (FILE -) is
    steered too: the keys then come from the terminal.

    Example: casino replay fixtures/docs/game.json --hand 2 --to 17 | tail -1 | casino moves -
    """
    from .cmd_replay import run_replay

    run_replay(file, hand, to, fmt, svg, html)


ShardOpt = Annotated[
    Optional[str],
    typer.Option(
        help="Do only part K of N of the work (contiguous; shards 1..N concatenated print what one run prints).",
        metavar="K/N",
    ),
]
DaskOpt = Annotated[
    Optional[str],
    typer.Option(
        help="Run the work on the Dask scheduler at ADDRESS (pip install 'casino-cli[dask]'); the same output.",
        metavar="ADDRESS",
    ),
]


def _per_task(what: str) -> Any:
    """The --per-task option of a command that spreads ``what`` (games, records) over Dask tasks."""
    return typer.Option(
        help=f"With --dask: {what} per task (0, the default: about a second of work).", min=0, show_default=False
    )


@app.command()
def validate(
    files: Annotated[
        list[str],
        typer.Argument(
            help="Records (JSON or casino text, .cas) or JSON Lines streams of records, each a file or - for "
            "standard input.",
            metavar="FILE...",
        ),
    ],
    keep_going: Annotated[
        bool,
        typer.Option(
            "--keep-going",
            help="List every finding: an illegal move is played as it was played, when the cards allow, and the "
            "hand goes on (later findings are marked after_finding); a move that cannot be played ends its hand's "
            "checks, and a note names the moves left unchecked.",
        ),
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 also for an unsettled record (a check the record cannot decide).")
    ] = False,
    fmt: FormatOpt = None,
    svg: Annotated[
        Optional[str],
        typer.Option(
            "--svg",
            help="Also draw the first disputed move (an illegal move, ringed on the position it was tried on) "
            "as a self-contained SVG picture into FILE; never one of the input files, nor standard output.",
            metavar="FILE",
        ),
    ] = None,
    shard: ShardOpt = None,
    dask: DaskOpt = None,
    per_task: Annotated[int, _per_task("records")] = 0,
) -> None:
    """Referee records: the first illegal move of each, the rule it breaks and why.

    Each finding gives the hand, move, seat, rule and why; claimed scores that differ are
    findings too. A summary on stderr counts valid, not valid and unsettled records (a
    check that depends on cards the record does not show is a note with what would settle
    it). Exit 0 if none is not valid, 1 if one is (or, with --strict, is unsettled), 65 if
    unreadable.

    Example: casino validate fixtures/docs/night.jsonl
    """
    from .cmd_validate import run_validate

    run_validate(files, keep_going, fmt, strict, svg, shard, dask, per_task)


RecordHandOpt = Annotated[Optional[int], typer.Option(help="With a record: the hand (1-based; default: 1).", min=1)]


@app.command()
def judge(
    file: Annotated[
        str,
        typer.Argument(
            help="A position or a record (one document; a record may be casino text, .cas), or - for standard input.",
            metavar="FILE",
        ),
    ],
    move: Annotated[
        Optional[str],
        typer.Argument(
            help="With a position: the move to rule on, e.g. 4S+3H=7 (1:4S+3H=7 or a JSON object with a seat names who played it).",
            metavar="[MOVE]",
        ),
    ] = None,
    hand: RecordHandOpt = None,
    number: Annotated[
        Optional[int], typer.Option("--move", help="With a record: the move of the hand to rule on (1-based).", min=1)
    ] = None,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Rule on one move: legal, illegal or unsettled, with every move the player could have made instead.

    Unsettled: legal for some of the cards nobody has seen and not for others; the ruling
    names the cards that would settle it. Exit 0 legal or unsettled, 1 illegal, 65
    unreadable.

    Example: casino judge fixtures/records/dispute-part-way.json --move 2
    """
    from .cmd_judge import run_judge

    run_judge(file, move, hand, number, fmt, svg)


@app.command()
def convert(
    file: RecordsArg,
    to: Annotated[
        Optional[Form],
        typer.Option(
            "--format",
            "-f",
            "--to",
            help="The form to write, as deal --record -f names it: json (one compact record per line) or text "
            "(casino text, canonical); default: the other form. --to is its older name.",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
) -> None:
    """Turn records from JSON into casino text (.cas) or back; nothing is lost either way.

    Example: casino convert fixtures/text/club-night.json -f text
    """
    from .cmd_convert import run_convert

    run_convert(file, to)


@app.command()
def play(
    seed: SeedOpt = None,
    variant: VariantOpt = Variant.classic,
    players: PlayersOpt = Players.two,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    bots: PlayBotsOpt = "greedy",
    name: Annotated[
        Optional[str],
        typer.Option(
            help="Your name, for the game's record: it names its players, you and the bots of --bots, as the "
            "game's screen, review, replay and their pages show them (without it the record names no one); "
            "bots that share a name are told apart by their seats (greedy 1, greedy 2), yours is kept as given.",
            metavar="NAME",
            show_default=False,
        ),
    ] = None,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="Let bots play every seat. On a terminal the table is redrawn after every move and deal; "
            "piped, or with -f json, the game's record is written (its seats named by their bots); -f jsonl writes one event per line "
            "(deal, move, score); -f text one line per move.",
        ),
    ] = False,
    delay: Annotated[
        Optional[float],
        typer.Option(
            help="With --watch, seconds to wait after each move (default: 1 on a terminal, 0 when piped); "
            "with -f json, whose record is written at the end, none.",
            min=0,
            max=MOST_DELAY,
            show_default=False,
            callback=_finite,
        ),
    ] = None,
    save: Annotated[
        Optional[str],
        typer.Option(
            help="Write the game's record to FILE (checked at the start; written at the end, or when you leave "
            "part-way with q, Ctrl-D or Ctrl-C): casino text into a FILE ending in .cas, JSON into any other; "
            "never standard output, which shows the game (a file it names is replaced; one that exists is said "
            "at the start, and a game left before any move leaves it as it was: a saved game is not played on). "
            "Without it, s FILE "
            "at the prompt saves the game, and you are asked for a file when it ends or you leave (a file that "
            "exists is replaced only when named twice); stopped (Ctrl-C, or the terminal closed) "
            "after a move, it goes to a new file of the current directory, casino-game.json (else "
            "casino-game-2.json, …), never over one.",
            metavar="FILE",
        ),
    ] = None,
    time_limit: TimeLimitOpt = None,
    fmt: FormatOpt = None,
) -> None:
    """Play a seeded game against bots (you are seat 0; you see only your own hand), or watch bots play.

    At the prompt: a move number or text (Enter plays your only move, which the prompt names), l to list the moves in full, b for the board again, h for a hint, u to undo your last move, s FILE to save the game into FILE (and there again at its end), ? for help, q (or Ctrl-D) to leave.

    Example: casino play --watch --seed 7 --variant royal --format text
    """
    from .cmd_play import run_play

    _time_limit(time_limit)
    run_play(seed, variant.value, int(players.value), partnerships, option or [], bots, name, watch, delay, save, fmt)


@app.command()
def simulate(
    games: Annotated[int, typer.Option(help="How many games.", min=1, max=MANY)] = 1,
    seed: Annotated[
        Optional[str],
        typer.Option(
            help="Seed of the run; game i uses seed SEED/i. Default: a new random seed, printed on stderr.",
            show_default=False,
        ),
    ] = None,
    variant: VariantOpt = Variant.classic,
    players: PlayersOpt = Players.two,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    bots: BotsOpt = "random",
    hands: Annotated[
        Optional[int],
        typer.Option(
            help="Play only this many hands of each game (default: whole games, as with 0, each record a game "
            "played out, where match plays 1 hand; games stop after 500 hands, won or not).",
            show_default=False,
            min=0,
            max=MOST_HANDS,
        ),
    ] = None,
    jobs: JobsOpt = 1,
    shard: ShardOpt = None,
    dask: DaskOpt = None,
    per_task: Annotated[int, _per_task("games")] = 0,
    time_limit: TimeLimitOpt = None,
) -> None:
    """Bots play seeded games; one casino.record/1 per line (JSON Lines) on stdout.

    Example: casino simulate --games 100 --seed s --variant royal --bots greedy,random | casino validate -
    """
    from .cmd_simulate import run_simulate

    _time_limit(time_limit)
    run_simulate(
        games,
        seed,
        variant.value,
        int(players.value),
        partnerships,
        option or [],
        bots,
        hands,
        jobs,
        shard,
        dask,
        per_task,
    )


@app.command("rules")
def rules_command(
    rule: Annotated[
        Optional[str],
        typer.Argument(
            help='A rule ID (B3), a family letter (B), a finding (turn), a decision on no one rule ("refusal order"), '
            "a rule set (royal) for its options and their values, or an option or its value "
            "(deal_passes, count_out) for the rules about it; leave out for all rules.",
            metavar="ID",
        ),
    ] = None,
    fmt: FormatOpt = None,
) -> None:
    """The text of a rule as docs/rules.md gives it, with the project's decisions on it.

    Example: casino rules B3 --format text
    """
    from .cmd_rules import run_rules

    run_rules(rule, fmt)


@app.command()
def match(
    a: Annotated[
        str,
        typer.Argument(help="Bot A: a name (casino's own in any case), module:function or cmd:PROGRAM.", metavar="A"),
    ],
    b: Annotated[str, typer.Argument(help="Bot B, the same way.", metavar="B")],
    pairs: Annotated[int, typer.Option(help="At most this many mirrored pairs.", min=2, max=MANY)] = 400,
    seed: Annotated[
        Optional[str],
        typer.Option(
            help="Seed of the match; pair i deals from SEED/i. Default: a new random seed, printed on stderr "
            "(a bot that can guess the seed can deal the cards itself).",
            show_default=False,
        ),
    ] = None,
    variant: VariantOpt = Variant.classic,
    players: PlayersOpt = Players.two,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    hands: Annotated[
        int,
        typer.Option(
            help="Hands per game (default: 1, so each pair's points are those of one deal, where simulate "
            "plays whole games; 0: whole games; games stop after 500 hands, won or not).",
            min=0,
            max=MOST_HANDS,
            show_default=False,
        ),
    ] = 1,
    looks: Annotated[
        int, typer.Option(help="Looks of the stopping rule (1 = none before the end).", min=1, max=10)
    ] = 10,
    jobs: JobsOpt = 1,
    time_limit: TimeLimitOpt = None,
    fmt: FormatOpt = None,
) -> None:
    """Bot A against bot B over mirrored pairs of deals, with 95% intervals and a stopping rule.

    Each seed is played twice, the seats swapped; the result gives A's points less B's per
    pair and the games won, with 95% intervals, under a stopping rule declared in it
    (docs/bots.md).

    Example: casino match greedy random --pairs 40 --format json
    """
    from .cmd_match import run_match_command

    _time_limit(time_limit)
    run_match_command(
        a, b, pairs, seed, variant.value, int(players.value), partnerships, option or [], hands, looks, jobs, fmt
    )


@app.command()
def botcheck(
    bot: Annotated[
        str,
        typer.Argument(
            help="The bot to check: module:function, a name (casino's own in any case), or cmd:PROGRAM.", metavar="BOT"
        ),
    ],
    variant: VariantOpt = Variant.classic,
    players: PlayersOpt = Players.two,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    decisions: Annotated[int, typer.Option(help="How many of the bot's decisions to test.", min=1, max=MANY)] = 120,
    redeals: Annotated[int, typer.Option(help="Re-deals of the hidden cards per decision.", min=1, max=1000)] = 3,
    seed: Annotated[
        Optional[str],
        typer.Option(
            help="Seed of the check, to repeat one (game i deals from SEED/i). Default: a secret one, "
            "drawn where the bot cannot find it (a bot could read this one from the command line).",
            show_default=False,
        ),
    ] = None,
    time_limit: TimeLimitOpt = None,
    fmt: FormatOpt = None,
) -> None:
    """The leak test: does a bot's choice ever change when the cards its seat cannot see are re-dealt?

    Exit 1 with the first decision that changed. The decisions are those of whole
    games, hand after hand, the bot in each seat in turn (greedy in the others). The verdict
    is a line, or with -f json a casino.botcheck/1 object (the line then on stderr).

    Example: casino botcheck greedy --decisions 30

    Example: casino botcheck counter --decisions 10 --seed b -f json
    """
    from .cmd_botcheck import run_botcheck

    _time_limit(time_limit)
    run_botcheck(bot, variant.value, int(players.value), partnerships, option or [], decisions, redeals, seed, fmt)


@app.command()
def hint(
    file: Annotated[
        str,
        typer.Argument(
            help="Positions (JSON, or a JSON Lines stream), a record (JSON or casino text, .cas) with --move, or - for standard input.",
            metavar="FILE",
        ),
    ],
    hand: RecordHandOpt = None,
    number: Annotated[
        Optional[int],
        typer.Option(
            "--move",
            help="With a record: rank the moves its player could make at this move of the hand; one past its last "
            "written move, the next move to play (a game in progress; --hand H in a later hand).",
            min=1,
        ),
    ] = None,
    seed: Annotated[str, typer.Option(help="Seed of the sampled worlds (the same seed, the same hint).")] = "hint",
    fmt: FormatOpt = None,
    jobs: JobsOpt = 1,
) -> None:
    """The moves of the seat to move ranked by expected points, from what that seat may know.

    Each move's value is its side's points less the others', with a standard error; exact
    (against best play) once the stock is empty and the hidden hands can be dealt in at most 200 ways, all solved within
    40,000 nodes (a 2-player last deal nearly always); where it is exact, every card known
    and two sides play (a 2-player last deal; 4 in partnerships, the hand's last cards)
    and the hand can decide the game, each move says whether it wins it, loses it or
    leaves it open, those that win it first (docs/bots.md). Work is bounded by a count of listing
    steps: on a crowded table some moves are valued in fewer worlds, or not at all, as
    stderr says. --jobs N hints the positions (or records) of a stream N at a time, each
    printed in order as soon as it is done.

    Example: casino deal --seed 7 | casino hint - --format json

    Example: casino simulate --seed h --games 4 --hands 1 --bots greedy,random | casino hint - --move 5 --jobs 2 -f text
    """
    from .cmd_hint import run_hint

    run_hint(file, seed, fmt, hand, number, jobs)


@app.command()
def review(
    file: RecordsArg,
    top: Annotated[int, typer.Option(help="Show this many costliest moves per player.", min=1, max=MANY)] = 3,
    seed: Annotated[str, typer.Option(help="Seed of the sampled worlds.")] = "review",
    fmt: FormatOpt = None,
    jobs: JobsOpt = 1,
) -> None:
    """For each player of a record, the moves that lost the most expected points, and the better moves.

    Each costly move is given with the best move and what it lost; each player's total
    lost. First, where every card is known and two sides play (a 2-player last deal; 4 in partnerships, the hand's last
    cards), the game slips: moves that did worse for the game than another (left open a
    game another move won, or lost it). --jobs N reviews the records of a stream N at a
    time, each printed in order as soon as it is done.

    Example: casino simulate --seed r --hands 1 --bots greedy,random | casino review - --format json
    """
    from .cmd_review import run_review

    run_review(file, top, seed, fmt, jobs)


@app.command("schema")
def schema_command(
    name: Annotated[
        Optional[str],
        typer.Argument(
            help="position, record, moves, score, finding or ruling; leave out to list them.", metavar="[NAME]"
        ),
    ] = None,
) -> None:
    """Print the JSON Schema of a document type (self-contained, draft 2020-12).

    Example: casino schema position > position.schema.json
    """
    from ..engine import CasinoError
    from ..notation.fields import dumps
    from ..notation.schema import NAMES, schema
    from .output import utf8_argument, write_line

    if name is None:
        for known in NAMES:
            write_line(known)
        return
    try:
        doc = schema(utf8_argument(name))  # any case, as rule IDs
    except CasinoError as unknown:
        raise Fail(USAGE, str(unknown)) from None
    write_line(dumps(doc))


for _info in app.registered_commands:  # casino --help shows each command's whole first paragraph
    if _info.short_help is None and _info.callback is not None and _info.callback.__doc__:
        _info.short_help = " ".join(_info.callback.__doc__.strip().split("\n\n")[0].split())


def table_cards_spelled(args: list[str]) -> list[str]:
    """``casino deal --table``'s cards as people write them: one word with commas
    (``5D,9C,3H,KS``, as ``--names`` takes its names) is four cards, and fewer than four
    before the next option are refused saying so, where click would take that option for
    a card and then call its value an extra argument; so are more than four (deal takes no
    other words)."""
    if not args or args[0] != "deal" or "--table" not in args:
        return args
    at = args.index("--table") + 1
    end = at
    while end < len(args) and not args[end].startswith("-"):
        end += 1
    cards = [card for word in args[at:end] for card in word.replace(",", " ").split()]
    if len(cards) != 4:
        got = f"{len(cards)}: {' '.join(cards)}" if cards else "none"
        raise Fail(USAGE, f"--table takes the 4 first table cards, as --table 5D 9C 3H KS; got {got}")
    return [*args[:at], *cards, *args[end:]]


_ONE_FILE = ("moves", "score", "replay", "convert", "hint", "review")  # stream readers of one FILE


def usage_hint(exc: ClickException) -> None:
    """Click's words for a usage slip go on to say what to do, where casino knows: 'Got
    unexpected extra argument(s) (b.jsonl)' to a command that reads one FILE (``casino score
    *.jsonl``, ``ls | xargs casino score``), how to read several; 'No such option: --jobs' to
    validate, which splits its work otherwise."""
    from typer._click.exceptions import NoSuchOption, UsageError

    name = exc.ctx.command.name if isinstance(exc, UsageError) and exc.ctx is not None else None
    if name in _ONE_FILE and exc.message.startswith("Got unexpected extra argument"):
        exc.message += (
            f": casino {name} reads one FILE (or - for standard input); for several,"
            f" run it on each (xargs -n 1 casino {name}) or on them joined (cat FILE... | casino {name} -)"
        )
    if name == "validate" and isinstance(exc, NoSuchOption) and exc.option_name == "--jobs":
        exc.message += ": validate splits its work with --shard K/N (a process per shard) or --dask ADDRESS"


def run(argv: list[str]) -> NoReturn:
    """Parse ``argv`` (the words after ``casino``) with typer and run the command;
    :func:`.entry.finish` turns every outcome into an exit code (docs/notation.md). The
    ``casino`` script starts at :func:`.entry.run`, which passes its words."""
    from typer import Abort, Exit
    from typer._click.exceptions import ClickException

    from .entry import finish

    command = typer.main.get_command(app)
    if "_CASINO_COMPLETE" in os.environ:  # shell completion: click's own entry point answers it
        command.main(prog_name="casino")

    def invoke() -> None:
        try:
            args = table_cards_spelled(list(argv))
            # make_context + invoke rather than main(): main() turns a closed pipe into exit 1.
            with command.make_context("casino", args) as ctx:
                command.invoke(ctx)
        except Exit as exc:
            raise Fail(exc.exit_code) from None
        except ClickException as exc:
            usage_hint(exc)
            shown = io.StringIO()
            exc.show(file=shown)
            with contextlib.suppress(OSError, ValueError):  # a closed or full stderr
                sys.stderr.write(bounded(shown.getvalue()))  # a hostile value quoted in it cut, as in say()
                sys.stderr.flush()
            raise Fail(exc.exit_code or USAGE) from None
        except Abort:
            raise KeyboardInterrupt from None

    finish(invoke, list(argv))
