"""Bots: a bot is any callable ``bot(view, moves, rng) -> Move`` that picks one of
the legal ``moves`` (a :class:`MoveList`) of its seat's :class:`~.views.View` (what that
seat may know, never the full position); ``rng`` is a :class:`random.Random` of its seat
alone, seeded from the game seed and the seat, so seeded games are reproducible and no
bot can steer another.

Bots that ship: ``random`` (uniform), ``greedy`` (best immediate gain by the scoring
items of P1), ``counter`` and ``searcher`` (:mod:`.search`). Plug your own in with
:func:`register`, pass the callable directly, or name it as ``module:function`` (e.g.
``casino simulate --bots mybots:cautious,random``; ``mybots.py`` may be in the current
directory).
"""

from __future__ import annotations

import random

from ..errors import CasinoError, shown, wrong_type
from .greedy import gain, greedy_choice
from .move_list import MoveList
from .moves import Move
from .search import counter_bot, searcher_bot
from .views import Bot, View, check_bot_arguments, unfit_bot


def random_bot(view: View, moves: MoveList, rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    check_bot_arguments(view, moves, rng)
    return moves.moves[rng.randrange(len(moves.moves))]


def greedy_bot(view: View, moves: MoveList, rng: random.Random) -> Move:
    """The move with the best immediate gain (ties broken by the seat's rng)."""
    check_bot_arguments(view, moves, rng)
    return greedy_choice(view.rules, moves, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "counter": counter_bot, "searcher": searcher_bot}
"""The bots by name, as :func:`find_bot` and ``--bots`` know them; :func:`register` adds one."""
_OWN = frozenset(BOTS)  # casino's own bots, whose names the ladder's figures are measured under


def register(name: str, bot: Bot) -> None:
    """Make a bot available by name (for ``casino simulate --bots``): a name ``--bots`` can
    say, not empty and with no ``,`` (between bots) or ``:`` (``module:function``, ``cmd:``),
    and not one of casino's own (``random``, ``greedy``, ``counter``, ``searcher``).

    A name is read in any case (:func:`find_bot`): registering the bot a name has under
    that name in another case is no change, and another bot under it a CasinoError unless
    the name is spelt as it was registered (which replaces the bot)."""
    if not isinstance(name, str):
        raise wrong_type("name", name, "a str")
    if not name or "," in name or ":" in name:
        raise CasinoError(f"a bot's name is not empty and has no ',' or ':', as --bots reads it: not {shown(name)}")
    unfit = unfit_bot(bot)
    if unfit:
        raise TypeError(f"a bot is called with (view, moves, rng): {bot!r} {unfit}")
    known = spelled_bot(name)
    if BOTS.get(known) is bot:
        return
    if known in _OWN:
        raise CasinoError(f"{name!r} is one of casino's own bots: register yours under a name of its own")
    if known != name:
        raise CasinoError(
            f"{name!r} is the name of another bot, registered as {known!r} (names are read in any case):"
            f" register yours as {known!r} to replace it, or under a name of its own"
        )
    BOTS[name] = bot


def spelled_bot(name: str) -> str:
    """The name a record gives the bot ``name`` says: a registered name (casino's own among
    them) in any case as it was registered (``GREEDY``: ``greedy``), any other as it is
    (``module:function`` and ``cmd:PROGRAM`` name files and Python names, which tell case
    apart)."""
    if ":" in name or name in BOTS:
        return name
    folded = name.casefold()
    return next((known for known in BOTS if ":" not in known and known.casefold() == folded), name)


def _unloaded(module_name: str, attribute: str, module: object, exc: BaseException) -> str:
    """Why ``module_name:attribute`` could not be loaded, with what to do for the usual
    slips: a file named instead of its module, a module not found where casino looks."""
    import os

    if module is not None and isinstance(exc, AttributeError):  # say which file: Python's own may shadow it
        where = getattr(module, "__file__", None) or "built into Python"
        return f"module {module_name!r} ({where}) has no {attribute!r}"
    if module_name.endswith(".py") or "/" in module_name or os.sep in module_name:  # a file, not a module
        stem = os.path.basename(module_name).removesuffix(".py")
        return (
            f"a bot of your own is named by its module, not its file:"
            f" {stem}:{attribute}, with {stem}.py in the current directory or a directory on PYTHONPATH"
        )
    missing = exc.name if isinstance(exc, ModuleNotFoundError) else None
    if missing and (module_name == missing or module_name.startswith(missing + ".")):  # not a module it imports
        path = module_name.replace(".", os.sep)
        return f"no module {module_name!r}: no {path}.py in the current directory ({os.getcwd()}) nor on PYTHONPATH"
    return f"{type(exc).__name__}: {exc}"


def find_bot(name: str) -> Bot:
    """A bot by name: a registered one (casino's own among them) in any case, as
    :func:`spelled_bot` reads it, or ``module:function`` imported on demand (``cmd:PROGRAM``
    is a program: :func:`casino_cli.records.botproto.load_bot` runs it)."""
    if not isinstance(name, str):
        raise wrong_type("name", name, "a str")
    name = spelled_bot(name)
    if name in BOTS:
        return BOTS[name]
    module_name, sep, attribute = name.partition(":")
    if module_name == "cmd":  # a program, which the engine does not run (stdlib cmd is no bot)
        raise LookupError(f"{name!r} names a program: load it with casino_cli.records.botproto.load_bot")
    if not sep or not module_name or not attribute:
        raise LookupError(f"unknown bot {name!r} (bots: {', '.join(BOTS)}, module:function or cmd:PROGRAM)")
    import contextlib
    import importlib
    import os
    import sys

    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())  # so --bots mybots:name finds mybots.py here
    module = None
    try:
        with contextlib.redirect_stdout(sys.stderr):  # what its import prints is not casino's data
            module = importlib.import_module(module_name)
        bot = getattr(module, attribute)
    except (Exception, SystemExit, GeneratorExit) as exc:  # its module's code failed (sys.exit too): say so
        raise LookupError(f"cannot load bot {name!r}: {_unloaded(module_name, attribute, module, exc)}") from None
    unfit = unfit_bot(bot)
    if unfit:
        raise LookupError(f"bot {name!r} {unfit}")
    BOTS[name] = bot
    return bot  # type: ignore[no-any-return]


__all__ = ["BOTS", "Bot", "find_bot", "gain", "greedy_bot", "random_bot", "register", "spelled_bot"]
