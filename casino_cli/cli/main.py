"""The ``casino`` command line: argument parsing, exit codes, and nothing else.

Each command's work lives in its own module, imported only when that command runs,
so ``casino moves`` does not pay for rich or for the other commands.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, NoReturn, Optional

import typer

from .. import version_line
from .output import USAGE, Fail, Format

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
        help="Bots by seat, comma-separated, repeated round the table: random, greedy, or module:function for your own."
    ),
]


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
PerTaskOpt = Annotated[
    int, typer.Option(help="With --dask: games or records per task (default: about a second of work).", min=0)
]


@app.command()
def validate(
    files: Annotated[
        list[str], typer.Argument(help="Records or JSON Lines streams of records; - for stdin.", metavar="FILE...")
    ],
    keep_going: Annotated[
        bool, typer.Option("--keep-going", help="List every finding, not only the first illegal move of each record.")
    ] = False,
    fmt: FormatOpt = None,
    shard: ShardOpt = None,
    dask: DaskOpt = None,
    per_task: PerTaskOpt = 0,
) -> None:
    """Referee records: the first illegal move of each (hand, move, seat, rule, why), claim
    mismatches, and a summary on stderr. Exit 0 if all are valid, 1 if not, 65 if unreadable.

    Example: casino validate night.jsonl
    """
    from .cmd_validate import run_validate

    run_validate(files, keep_going, fmt, shard, dask, per_task)


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
    shard: ShardOpt = None,
    dask: DaskOpt = None,
    per_task: PerTaskOpt = 0,
) -> None:
    """Bots play seeded games; one casino.record/1 per line (JSON Lines) on stdout.

    Example: casino simulate --games 100 --seed s --variant royal --bots greedy,random | casino validate -
    """
    from .cmd_simulate import run_simulate

    run_simulate(games, seed, variant, players, partnerships, option or [], bots, hands, jobs, shard, dask, per_task)


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


def run(argv: list[str] | None = None) -> NoReturn:
    """Parse ``argv`` with typer and run the command; :func:`.entry.finish` turns every
    outcome into an exit code (NOTATION.md). The ``casino`` script starts at :func:`.entry.run`."""
    from typer import Abort, Exit
    from typer._click.exceptions import ClickException

    from .entry import finish

    command = typer.main.get_command(app)
    if "_CASINO_COMPLETE" in os.environ:  # shell completion: click's own entry point answers it
        command.main(prog_name="casino")

    def invoke() -> None:
        try:
            args = sys.argv[1:] if argv is None else argv
            # make_context + invoke rather than main(): main() turns a closed pipe into exit 1.
            with command.make_context("casino", list(args)) as ctx:
                command.invoke(ctx)
        except Exit as exc:
            raise Fail(exc.exit_code) from None
        except ClickException as exc:
            exc.show()
            raise Fail(exc.exit_code or USAGE) from None
        except Abort:
            raise KeyboardInterrupt from None

    finish(invoke)
