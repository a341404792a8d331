"""The fast path of the command line: the simple argument forms of the data commands,
parsed without building typer's command tree.

:func:`parse` understands ``--version`` alone and, for ``deal``, ``moves``, ``apply``,
``score``, ``validate``, ``simulate``, ``replay``, ``judge`` and ``convert``, positional
arguments, ``--name VALUE``, ``--name=VALUE``, ``-f VALUE``/``-o VALUE`` and flags, in any
order. Anything else (help, completion, an unknown or malformed option, a value typer
would refuse, a value that starts with ``-``) returns None, and typer parses it, with its
own messages. Each spec names the parameters in the order its ``run_*`` function takes
them, exactly as the typer command in main.py passes them (tests/test_quick.py checks the
two agree).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, NamedTuple

from .output import MANY, MAX_JOBS, MOST_HANDS, Form, Format

# Kinds of parameter: a positional FILE, positional FILE... or MOVE... (at least one), an
# optional positional [MOVE], text, a whole number (>= 1 for "count"), a flag, a
# --name/--no-name switch, a repeatable option (a list), an output format, a rule set (any
# case), a player count, a record's form (any case).
FILE, FILES, MAYBE, TEXT, INT, COUNT, FLAG, SWITCH, MULTI, FORMAT, VARIANT, PLAYERS, FORM = range(13)
_CHOICES = {FORMAT: Format, FORM: Form}  # the kinds typer reads as an Enum, in any case
_VARIANTS = ("classic", "royal", "american-royal")
_DIGITS = re.compile(r"[0-9]+")


class Param(NamedTuple):
    """One parameter of a command: its kind, its default, its option names, and for a
    number the largest typer takes."""

    kind: int
    default: object = None
    names: tuple[str, ...] = ()
    most: int = 2**63 - 1


class Spec(NamedTuple):
    """A command: the module and function that run it, and its parameters in call order."""

    module: str
    function: str
    params: tuple[Param, ...]


_FMT = Param(FORMAT, None, ("--format", "-f"))
_SVG = Param(TEXT, None, ("--svg",))
_SEED_RULES = (
    Param(VARIANT, "classic", ("--variant",)),
    Param(PLAYERS, 2, ("--players",)),
    Param(SWITCH, None, ("--partnerships",)),
    Param(MULTI, None, ("--option", "-o")),
)
_CLUSTER = (Param(TEXT, None, ("--shard",)), Param(TEXT, None, ("--dask",)), Param(INT, 0, ("--per-task",)))

SPECS = {
    "deal": Spec(
        "cmd_deal",
        "run_deal",
        (
            Param(TEXT, None, ("--seed",)),
            *_SEED_RULES,
            Param(INT, None, ("--dealer",)),
            Param(COUNT, 1, ("--hand",)),
            Param(FLAG, False, ("--record",)),
            _FMT,
            _SVG,
            Param(TEXT),  # --table (four values) and --names: typer's
            Param(TEXT),
        ),
    ),
    "moves": Spec(
        "cmd_moves",
        "run_moves",
        (Param(FILE), Param(COUNT, 2_000, ("--limit",)), Param(FLAG, False, ("--keep-going",)), _FMT, _SVG),
    ),
    "apply": Spec("cmd_apply", "run_apply", (Param(FILE), Param(FILES), _FMT, _SVG)),
    "score": Spec("cmd_score", "run_score", (Param(FILE), _FMT, _SVG)),
    "replay": Spec(
        "cmd_replay",
        "run_replay",
        (
            Param(FILE),
            Param(COUNT, None, ("--hand",)),
            Param(INT, None, ("--to",)),
            _FMT,
            _SVG,
            Param(TEXT, None, ("--html",)),
        ),
    ),
    "judge": Spec(
        "cmd_judge",
        "run_judge",
        (Param(FILE), Param(MAYBE), Param(COUNT, None, ("--hand",)), Param(COUNT, None, ("--move",)), _FMT, _SVG),
    ),
    "convert": Spec("cmd_convert", "run_convert", (Param(FILE), Param(FORM, None, ("--format", "-f", "--to")))),
    "validate": Spec(
        "cmd_validate",
        "run_validate",
        (Param(FILES), Param(FLAG, False, ("--keep-going",)), _FMT, Param(FLAG, False, ("--strict",)), _SVG, *_CLUSTER),
    ),
    "simulate": Spec(
        "cmd_simulate",
        "run_simulate",
        (
            Param(COUNT, 1, ("--games",), MANY),
            Param(TEXT, None, ("--seed",)),
            *_SEED_RULES,
            Param(TEXT, "random", ("--bots",)),
            Param(INT, None, ("--hands",), MOST_HANDS),
            Param(COUNT, 1, ("--jobs",), MAX_JOBS),
            *_CLUSTER,
        ),
    ),
}


def parse(args: list[str]) -> Callable[[], None] | None:
    """The call that runs ``args`` (the words after ``casino``), or None for typer to parse them."""
    if args == ["--version"]:
        return _print_version
    if not args or args[0] not in SPECS:
        return None
    spec = SPECS[args[0]]
    values = _values(spec.params, args[1:])
    if values is None:
        return None
    return lambda: _command(spec)(*values)


def _command(spec: Spec) -> Callable[..., None]:
    """The ``run_*`` function of ``spec``, its module loaded by :func:`load`."""
    function: Callable[..., None] = getattr(load(f".{spec.module}"), spec.function)
    return function


def load(name: str) -> ModuleType:
    """The module ``name`` of this package (``.cmd_moves``) and what it imports, loaded with
    the garbage collector paused and then frozen (``gc.freeze``: left out of every later
    collection, the one at exit too): they live as long as the process, and collecting them
    cost ``casino moves`` a tenth of its start (README, Speed). The command's own garbage is
    collected as ever."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        module = import_module(name, __package__)
        gc.freeze()
    finally:
        if collecting:
            gc.enable()
    return module


def _print_version() -> None:
    from .. import version_line

    print(version_line())


def _values(params: tuple[Param, ...], words: list[str]) -> list[Any] | None:
    """The parameters' values from ``words``, in call order; None where typer must decide."""
    values: list[Any] = [[] if p.kind == MULTI else p.default for p in params]
    by_name: dict[str, tuple[int, bool]] = {}  # option name -> (index, the value it sets for a switch)
    for i, p in enumerate(params):
        for name in p.names:
            by_name[name] = (i, True)
            if p.kind == SWITCH:
                by_name["--no-" + name[2:]] = (i, False)
    positional = [i for i, p in enumerate(params) if p.kind in (FILE, FILES, MAYBE)]
    filled = 0  # positional parameters filled so far (a FILES one takes all that follow)
    k = 0
    while k < len(words):
        word = words[k]
        k += 1
        if word.startswith("-") and word != "-":
            name, eq, value = word.partition("=")
            if name not in by_name or (eq and not name.startswith("--")):
                return None  # (typer reads -f=text as the value "=text")
            i, on = by_name[name]
            p = params[i]
            if p.kind in (FLAG, SWITCH):
                if eq:
                    return None
                values[i] = on
                continue
            if not eq:
                if k == len(words):
                    return None
                value = words[k]
                k += 1
            converted = _convert(p.kind, value)
            if converted is None or (isinstance(converted, int) and converted > p.most):
                return None
            if p.kind == MULTI:
                values[i].append(converted)
            else:
                values[i] = converted
        elif filled < len(positional):
            i = positional[filled]
            if params[i].kind == FILES:  # always the last positional parameter
                values[i] = [*(values[i] or ()), word]
            else:
                values[i] = word
                filled += 1
        else:
            return None
    if any(values[i] is None for i in positional if params[i].kind != MAYBE):
        return None  # a missing argument: typer says so
    return values


def _convert(kind: int, value: str) -> object:
    """An option's value as typer would give it, or None where typer should judge it."""
    if value.startswith("-") and value != "-":
        return None  # typer may read it as an option
    if kind in (INT, COUNT):
        if not _DIGITS.fullmatch(value) or len(value.lstrip("0")) > 19:
            return None  # past any parameter's ``most``: typer says what is too large (never an int of 5,000 digits)
        number = int(value)
        return number if number >= 1 or kind == INT else None
    if kind in _CHOICES:
        choice = _CHOICES[kind]
        return choice(value.lower()) if value.lower() in choice.__members__ else None
    if kind == VARIANT:
        return value.lower() if value.lower() in _VARIANTS else None
    if kind == PLAYERS:
        return int(value) if value in ("2", "3", "4") else None
    return value
