"""The ``casino`` command line: argument parsing, exit codes, and nothing else.

Each command's work lives in its own module, imported only when that command runs,
so ``casino moves`` does not pay for rich or for the other commands.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Optional

import typer

from .. import __version__
from ..engine.views import BotError
from .output import BROKEN_PIPE, INTERNAL, INTERRUPTED, USAGE, VERDICT, Fail, Format, say

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
FileArg = Annotated[str, typer.Argument(help="A JSON file, or - for standard input.", metavar="FILE")]
SvgOpt = Annotated[
    Optional[str],
    typer.Option("--svg", help="Also write what the terminal view shows as an SVG picture to FILE.", metavar="FILE"),
]
VariantOpt = Annotated[str, typer.Option(help="Rule set: classic, royal or american-royal.")]
PlayersOpt = Annotated[int, typer.Option(help="Number of players: 2, 3 or 4.")]
PartnershipsOpt = Annotated[
    Optional[bool],
    typer.Option(
        "--partnerships/--no-partnerships",
        help="With 4 players: play in partnerships (default yes).",
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
        help="Bots by seat, comma-separated, repeated round the table: random, greedy, counter, searcher, module:function for your own, or cmd:PROGRAM (docs/bots.md)."
    ),
]


def _version(value: bool) -> None:
    if value:
        print(f"casino {__version__}")
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
    seed: Annotated[
        Optional[str],
        typer.Option(
            help="Seed text; the same seed gives the same deck everywhere. Default: a random seed, printed on stderr."
        ),
    ] = None,
    variant: VariantOpt = "classic",
    players: PlayersOpt = 2,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    dealer: Annotated[
        Optional[int],
        typer.Option(
            help="Dealer of hand 1 (default: the last seat, so seat 0 plays first); later hands pass the deal on (D4).",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[int, typer.Option(help="Which hand of the game to deal (1-based).", min=1)] = 1,
    record: Annotated[
        bool, typer.Option("--record", help="Print a game record skeleton instead of a position.")
    ] = False,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """The position at the start of a seeded hand.

    Example: casino deal --seed 7 --variant royal --players 4
    """
    from .cmd_deal import run_deal

    run_deal(seed, variant, players, partnerships, option or [], dealer, hand, record, fmt, svg)


@app.command()
def moves(
    file: FileArg,
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
    file: FileArg,
    move: Annotated[
        list[str], typer.Argument(help="Moves in text form, played in order: 5D, 8Hx3C+5D, 2C+4H=6.", metavar="MOVE...")
    ],
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Play moves on a position and print the new position (jsonl: one position per move).

    Example: casino deal --seed 7 | casino apply - 8C
    """
    from .cmd_apply import run_apply

    run_apply(file, move, fmt, svg)


RecordsArg = Annotated[
    str, typer.Argument(help="A record, a JSON Lines stream of records, or - for standard input.", metavar="FILE")
]


@app.command()
def score(file: RecordsArg, fmt: FormatOpt = None, svg: SvgOpt = None) -> None:
    """The itemised score of each hand of a record (or of a finished position) and the game result.

    Claimed scores and results in the record are checked; a difference exits 1.

    Example: casino score game.json --format text
    """
    from .cmd_score import run_score

    run_score(file, fmt, svg)


@app.command()
def replay(
    file: RecordsArg,
    hand: Annotated[Optional[int], typer.Option(help="Stop at the end of this hand (1-based).", min=1)] = None,
    to: Annotated[Optional[int], typer.Option(help="Stop after this move (of --hand, or of any hand).", min=1)] = None,
    fmt: FormatOpt = None,
    svg: SvgOpt = None,
) -> None:
    """Every position of a record in order: JSON Lines (one position per move, with a
    "_replay" note), or a step-by-step view on a terminal (Enter steps, a number jumps).

    Example: casino replay game.json --hand 2 --to 17 | tail -1 | casino moves -
    """
    from .cmd_replay import run_replay

    run_replay(file, hand, to, fmt, svg)


@app.command()
def validate(
    files: Annotated[
        list[str], typer.Argument(help="Records or JSON Lines streams of records; - for stdin.", metavar="FILE...")
    ],
    keep_going: Annotated[
        bool, typer.Option("--keep-going", help="List every finding, not only the first illegal move of each record.")
    ] = False,
    fmt: FormatOpt = None,
) -> None:
    """Referee records: the first illegal move of each (hand, move, seat, rule, why), claim
    mismatches, and a summary on stderr. Exit 0 if all are valid, 1 if not, 65 if unreadable.

    Example: casino validate night.jsonl
    """
    from .cmd_validate import run_validate

    run_validate(files, keep_going, fmt)


@app.command()
def play(
    seed: Annotated[str, typer.Option(help="Seed of the game's decks.")] = "1",
    variant: VariantOpt = "classic",
    players: PlayersOpt = 2,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    bots: BotsOpt = "greedy",
    watch: Annotated[bool, typer.Option("--watch", help="Let bots play every seat and show the game.")] = False,
    delay: Annotated[float, typer.Option(help="With --watch, seconds to wait after each move.", min=0)] = 0.0,
    save: Annotated[Optional[str], typer.Option(help="Write the game's record to this file.", metavar="FILE")] = None,
    fmt: FormatOpt = None,
) -> None:
    """Play a seeded game against bots (you are seat 0), or watch bots play with --watch.

    Example: casino play --watch --seed 7 --variant royal
    """
    from .cmd_play import run_play

    run_play(seed, variant, players, partnerships, option or [], bots, watch, delay, save, fmt)


@app.command()
def simulate(
    games: Annotated[int, typer.Option(help="How many games.", min=1)] = 1,
    seed: Annotated[str, typer.Option(help="Seed of the run; game i uses seed SEED/i.")] = "1",
    variant: VariantOpt = "classic",
    players: PlayersOpt = 2,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    bots: BotsOpt = "random",
    hands: Annotated[Optional[int], typer.Option(help="Play only this many hands of each game.", min=1)] = None,
    jobs: Annotated[int, typer.Option(help="Worker processes (the output is the same for any number).", min=1)] = 1,
) -> None:
    """Bots play seeded games; one casino.record/1 per line (JSON Lines) on stdout.

    Example: casino simulate --games 100 --seed s --variant royal --bots greedy,random | casino validate -
    """
    from .cmd_simulate import run_simulate

    run_simulate(games, seed, variant, players, partnerships, option or [], bots, hands, jobs)


@app.command()
def match(
    a: Annotated[str, typer.Argument(help="Bot A: a name, module:function or cmd:PROGRAM.")],
    b: Annotated[str, typer.Argument(help="Bot B, the same way.")],
    pairs: Annotated[int, typer.Option(help="At most this many mirrored pairs.", min=2)] = 400,
    seed: Annotated[str, typer.Option(help="Seed of the match; pair i deals from SEED/i.")] = "match",
    variant: VariantOpt = "classic",
    players: PlayersOpt = 2,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    hands: Annotated[int, typer.Option(help="Hands per game (0: whole games).", min=0)] = 1,
    looks: Annotated[
        int, typer.Option(help="Looks of the stopping rule (1 = none before the end).", min=1, max=10)
    ] = 10,
    jobs: Annotated[int, typer.Option(help="Worker processes (the result is the same for any number).", min=1)] = 1,
    fmt: FormatOpt = None,
) -> None:
    """Bot A against bot B over mirrored pairs (each seed played with the seats swapped):
    A's points less B's per pair and games won, with 95% intervals, under a stopping rule
    declared in the result (docs/bots.md).

    Example: casino match greedy random --pairs 40 --format json
    """
    from .cmd_match import run_match_command

    run_match_command(a, b, pairs, seed, variant, players, partnerships, option or [], hands, looks, jobs, fmt)


@app.command()
def botcheck(
    bot: Annotated[str, typer.Argument(help="The bot to check: module:function, a name, or cmd:PROGRAM.")],
    variant: VariantOpt = "classic",
    players: PlayersOpt = 2,
    partnerships: PartnershipsOpt = None,
    option: OptionOpt = None,
    decisions: Annotated[int, typer.Option(help="How many of the bot's decisions to test.", min=1)] = 120,
    redeals: Annotated[int, typer.Option(help="Re-deals of the hidden cards per decision.", min=1)] = 3,
) -> None:
    """The leak test: re-deal the cards the bot's seat cannot see and check its choice never
    changes (exit 1 with the first decision that changed).

    Example: casino botcheck greedy --decisions 30
    """
    from .cmd_botcheck import run_botcheck

    run_botcheck(bot, variant, players, partnerships, option or [], decisions, redeals)


@app.command()
def hint(
    file: FileArg,
    seed: Annotated[str, typer.Option(help="Seed of the sampled worlds (the same seed, the same hint).")] = "hint",
    fmt: FormatOpt = None,
) -> None:
    """The moves of the seat to move ranked by expected points (its side's less the others'),
    from what that seat may know, with a standard error; exact in a 2-player last deal.

    Example: casino deal --seed 7 | casino hint - --format json
    """
    from .cmd_hint import run_hint

    run_hint(file, seed, fmt)


@app.command()
def review(
    file: RecordsArg,
    top: Annotated[int, typer.Option(help="Show this many costliest moves per player.", min=1)] = 3,
    seed: Annotated[str, typer.Option(help="Seed of the sampled worlds.")] = "review",
    fmt: FormatOpt = None,
) -> None:
    """For each player of a record, the moves that lost the most expected points against
    the best move (with the better move), and the total lost.

    Example: casino simulate --seed r --hands 1 --bots greedy,random | casino review - --format json
    """
    from .cmd_review import run_review

    run_review(file, top, seed, fmt)


@app.command("schema")
def schema_command(
    name: Annotated[
        Optional[str], typer.Argument(help="position, record, moves, score or finding; leave out to list them.")
    ] = None,
) -> None:
    """Print the JSON Schema of a document type (self-contained, draft 2020-12).

    Example: casino schema position > position.schema.json
    """
    from ..notation.fields import dumps
    from ..notation.schema import NAMES, schema
    from .output import write_line

    if name is None:
        for known in NAMES:
            write_line(known)
        return
    if name not in NAMES:
        raise Fail(USAGE, f"no schema named {name!r} (known: {', '.join(NAMES)})")
    write_line(dumps(schema(name)))


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the app and turn every outcome into an exit code (NOTATION.md)."""
    from typer import Abort, Exit
    from typer._click.exceptions import ClickException

    command = typer.main.get_command(app)
    if "_CASINO_COMPLETE" in os.environ:  # shell completion: click's own entry point answers it
        command.main(prog_name="casino")
    code = 0
    try:
        args = sys.argv[1:] if argv is None else argv
        # make_context + invoke rather than main(): main() turns a closed pipe into exit 1.
        with command.make_context("casino", list(args)) as ctx:
            command.invoke(ctx)
    except Fail as exc:
        if exc.message:
            say(exc.message)
        code = exc.code
    except BotError as exc:  # a bot that raised, hung or chose an illegal move: named, no traceback
        say(str(exc))
        code = VERDICT
    except Exit as exc:
        code = exc.exit_code
    except ClickException as exc:
        exc.show()
        code = exc.exit_code or USAGE
    except (KeyboardInterrupt, Abort):
        say("interrupted")
        code = INTERRUPTED
    except BrokenPipeError:
        code = BROKEN_PIPE
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
        if os.environ.get("CASINO_DEBUG"):
            raise
        say(
            f"internal error: {type(exc).__name__}: {exc}. This is a bug in casino {__version__}; please "
            f"report it with the command and its input (set CASINO_DEBUG=1 for the traceback)."
        )
        code = INTERNAL
    _flush(code)


def _flush(code: int) -> None:
    """Flush stdout; a reader that went away early means exit 141, quietly."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = BROKEN_PIPE
    if code == BROKEN_PIPE:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(code)
