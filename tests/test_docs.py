"""The examples of the documentation run: the engine's docstrings (doctest), and the Python
blocks of the README and docs/api.md."""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib
import inspect
import io
import pkgutil
import re
import runpy
import sys
from pathlib import Path
from types import FunctionType

import pytest
import typer

import casino_cli.engine
from casino_cli.cli.main import app
from casino_cli.cli.output import MANY, MAX_JOBS

ROOT = Path(__file__).resolve().parent.parent
# The package the tests import: this checkout's, or an installed one (a compiled run is made
# from outside the checkout, .ci/run), whose sources are the same; SOURCES is the folder holding it.
PACKAGE = Path(casino_cli.__file__).resolve().parent
SOURCES = PACKAGE.parent
ENGINE = sorted(m.name for m in pkgutil.iter_modules(casino_cli.engine.__path__, "casino_cli.engine."))


@pytest.mark.parametrize("name", ["casino_cli.engine", *ENGINE])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


@pytest.mark.pure_engine("the compiled engine has no docstrings (mypyc drops them)")
def test_the_public_docstrings_have_examples() -> None:
    """The facade's main entries each show an example (so the reference is never bare)."""
    finder = doctest.DocTestFinder()
    for name in ("MoveList", "Rules", "Game", "make_rules", "is_legal", "game_seed"):
        tests = finder.find(getattr(casino_cli.engine, name), name)
        assert any(t.examples for t in tests), name


def test_the_example_bot_plays_a_game() -> None:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        runpy.run_path(str(ROOT / "examples" / "cautious_bot.py"), run_name="__main__")
    assert "wins" in out.getvalue()


def python_blocks(path: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("path", ["README.md", "docs/api.md"])
def test_python_blocks_run(path: str) -> None:
    blocks = python_blocks(path)
    assert blocks
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, path, "exec"), {})  # noqa: S102 - our own documentation


def test_api_md_documents_the_readers_and_writers_of_the_notation_and_records() -> None:
    """What a program needs beyond the engine, to read and write documents, is named in
    docs/api.md and in its reference, and is there in the module the page names."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    public = {
        "casino_cli.notation.fields": ("loads", "dumps"),
        "casino_cli.notation.position": ("read_position", "read_position_data", "position_json", "read_rules"),
        "casino_cli.notation.moves": ("parse_move_text", "read_move", "move_json"),
        "casino_cli.notation.text_record": ("read_text", "write_text", "TextRecord", "TextError"),
        "casino_cli.notation.errors": ("NotationError",),
        "casino_cli.records.record": ("read_record", "Record"),
        "casino_cli.records.referee": ("walk", "Finding"),
        "casino_cli.records.disputes": ("rule_on_record", "NoRuling"),
        "casino_cli.records.ruling": ("ruling_json", "Ruling"),
        "casino_cli.records.game_record": ("game_record",),
        "casino_cli.records.scoresheet": ("record_score",),
        "casino_cli.notation.schema": ("schema",),
    }
    for module, names in public.items():
        assert f"`{module}`" in text, module
        for name in names:
            assert hasattr(importlib.import_module(module), name), f"{module}.{name}"
            assert f"`{name}" in text, name
        if module != "casino_cli.notation.schema":
            assert f"::: {module}\n" in text, module


def test_the_messages_api_md_quotes_for_a_misuse_are_the_ones_raised() -> None:
    """docs/api.md's Errors quote each misuse's message as it is raised (its example for
    card_code was apply_move's message, and the names game_record refuses, a Game's seed and
    its observer were in none of its lists)."""
    from casino_cli.engine import (
        Game,
        apply_move,
        card_code,
        greedy_bot,
        legal_moves,
        make_rules,
        seeded_deck,
        start_position,
    )
    from casino_cli.errors import CasinoError
    from casino_cli.records.game_record import game_record

    text = " ".join((ROOT / "docs" / "api.md").read_text(encoding="utf-8").split())
    rules = make_rules("classic")
    game, pos = Game(rules, "7", [greedy_bot, greedy_bot]), start_position(rules, seeded_deck("7"), dealer=1)
    calls = [(CasinoError, lambda: game_record(game, ["Ana"])), (TypeError, lambda: game_record(game, "AB"))]
    calls += [(CasinoError, lambda: Game(rules, "7", [greedy_bot])), (TypeError, lambda: Game(rules, "7", [1, 2]))]
    if casino_cli.ENGINE == "python":  # the compiled engine's own TypeErrors come first (api.md says so)
        calls += [
            (TypeError, lambda: Game(rules, 7, [greedy_bot, greedy_bot])),
            (TypeError, lambda: game.play(observer=5)),
            (TypeError, lambda: legal_moves(pos, limit="x")),
            (TypeError, lambda: card_code("2C")),
            (TypeError, lambda: apply_move(pos, "2C")),
        ]
    unquoted = []
    for error, call in calls:
        with pytest.raises(error) as raised:
            call()
        unquoted += [] if f"`{raised.value}`" in text else [str(raised.value)]
    assert unquoted == []


@pytest.mark.pure_engine("the compiled engine has no docstrings (mypyc drops them)")
def test_every_name_the_engine_exports_is_documented() -> None:
    """A class or function of ``casino_cli.engine.__all__`` has a docstring of its own (the
    reference shows it); a constant or a type alias is named in docs/api.md."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in casino_cli.engine.__all__:
        value = getattr(casino_cli.engine, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert value.__doc__, name
        else:
            assert f"`{name}`" in text, name


def _mb(value: int) -> str:
    return f"{value >> 20} MB"


# Each MAX_ constant of the package, as the Limits table of docs/notation.md writes its value,
LIMITS_TABLE = {
    "cli.inputs.MAX_LINE": _mb,
    "cli.inputs.MAX_DOCUMENT": _mb,
    "cli.inputs.MAX_SKIP": lambda v: f"{_mb(v)} skipped",
    "notation.text_record.MAX_LINE_CHARS": lambda v: f"{v:,} characters",
    "notation.text_record.MAX_RECORD_CHARS": lambda v: f"{v:,} characters, as a JSON document's 16 MB",
    "notation.fields.MAX_USER_DEPTH": lambda v: f"user data {v} levels",
    "notation.fields.MAX_CONTAINERS": lambda v: f"| {v:,} |",
    "notation.fields.MAX_HANDS": lambda v: f"{v:,} hands",
    "notation.fields.MAX_MOVES": lambda v: f"{v:,} moves",
    "notation.fields.MAX_SHOWN": lambda v: f"{v:,} `shown`",
    "notation.fields.MAX_NAME": lambda v: f"names of {v:,} characters",
    "notation.moves._MAX_TEXT": lambda v: f"| {v} characters |",
    "engine.deal.MAX_SEED_BYTES": lambda v: f"a {v:,}-byte seed",
    "engine.game.MAX_HANDS": lambda v: f"| {v} hands |",
    "engine.rules.MAX_TARGET": lambda v: f"{v:,} points",
    "engine.rules.MAX_SCORE": lambda v: f"±{v:,}",
    "engine.worlds.MAX_WORLDS": lambda v: f"| {v:,} |",
    "engine.worlds.MAX_STATES": lambda v: f"| {v:,} |",
    "records.botproto.MAX_ANSWER": lambda v: f"{_mb(v)} without a newline",
    "records.referee.MAX_HINTED_HANDS": lambda v: f"first {v} hands",
    "cli.entry.MAX_ARGUMENT": lambda v: f"| {v:,} characters |",
    "cli.output.MAX_JOBS": lambda v: f"{v} worker processes",
    "cli.cmd_replay.MAX_PAGE_STEPS": lambda v: f"| {v:,} steps |",
    "cli.steer.MAX_COMMENT": lambda v: f"| its first {v} characters | cut with `…`",
}
# or why it is no limit on what a user gives.
NOT_LIMITS = {
    "engine.groups.MAX_SUM": "14, the largest build value: a rule of the game",
    "engine.position.MAX_SEATS": "4, the most players: a rule of the game",
    "engine.position.MAX_BUILDS": "26: what 52 cards can make, two a build",
    "notation.fields.MAX_INT": "expect_int's default bound: every reader gives its own range",
    "notation.fields._MAX_GUESSES": "how many names a misspelt name's question lists: refusing nothing",
    "records.hints._MAX_TRIES": "how many moves a hint tries: a search's breadth, refusing nothing",
}


def test_every_max_constant_is_in_the_limits_table() -> None:
    """A hard cap of the code is listed in docs/notation.md's Limits table with its value
    (the 1 MB of a bot's answer line was not): a new MAX_ constant fails here until it is
    listed or set aside, and a changed value until the table says it."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        for name in re.findall(r"^(_?MAX_[A-Z_]+)\b.*=", path.read_text(encoding="utf-8"), re.M):
            found[f"{module}.{name}"] = getattr(importlib.import_module(f"casino_cli.{module}"), name)
    assert found.keys() == LIMITS_TABLE.keys() | NOT_LIMITS.keys()
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    table = page.partition("\n### Limits\n")[2].partition("\n\n| what |")[2].partition("\n\n")[0]
    for key, written in LIMITS_TABLE.items():
        assert written(found[key]) in table, key


def test_bots_md_names_every_property_and_method_of_a_view() -> None:
    """A bot reads its own hand as ``view.hand`` (an int to mypy), not by narrowing
    ``view.known.hands[view.seat]``: every property and method of a view is in docs/bots.md."""
    from casino_cli.engine import View

    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    names = [n for n, v in vars(View).items() if not n.startswith("_") and isinstance(v, property | FunctionType)]
    assert "hand" in names and [n for n in names if f"`view.{n}" not in text] == []


def reference_docstrings() -> list[tuple[str, str]]:
    """(name, docstring) of every module, class, function and member the reference of
    docs/api.md shows (its ``:::`` blocks: the listed members, else the module's ``__all__``)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    found = []
    for name, options in re.findall(r"^::: (\S+)\n((?:    .*\n)*)", text, re.M):
        module = importlib.import_module(name)
        listed = re.search(r"members: \[(.*)\]", options)
        found.append((name, module.__doc__ or ""))
        for member in [m.strip() for m in listed.group(1).split(",")] if listed else module.__all__:
            value = getattr(module, member)
            if inspect.isclass(value) or inspect.isfunction(value):
                found.append((member, value.__doc__ or ""))
            if inspect.isclass(value):
                found += [
                    (f"{member}.{a}", getattr(v, "__doc__", None) or "") for a, v in vars(value).items() if a[0] != "_"
                ]
    return found


def test_the_docs_cite_only_pages_a_reader_has() -> None:
    """The contract (RULES.md, NOTATION.md and their § numbers) is not shipped: the pages and the
    API reference cite docs/rules.md and docs/notation.md, by their sections' names."""
    shown = reference_docstrings()
    assert len(shown) > 100 and any("docs/rules.md" in doc for _, doc in shown)
    assert [name for name, doc in shown if "RULES.md" in doc or "NOTATION.md" in doc] == []
    for page in ["README.md", *(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]:
        assert not re.search(r"§\s?\d", (ROOT / page).read_text(encoding="utf-8")), page


def _slugs(page: Path) -> tuple[set[str], set[str]]:
    """The anchors of a page's headings as GitHub makes them and as the site (mkdocs) does."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    headings = [h.replace("`", "").strip().lower() for h in re.findall(r"^#+ (.*)$", text, re.M)]
    github = {re.sub(r"[^\w\- ]", "", h).replace(" ", "-") for h in headings}
    site = {
        re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", h.encode("ascii", "ignore").decode()).strip()) for h in headings
    }
    return github, site


def test_the_links_of_the_docs_resolve_on_the_site_and_on_github() -> None:
    """A link of a docs page names a page of docs/ (the site has no other files) and an anchor
    both GitHub and mkdocs give its heading; the README's links to the docs name such anchors."""
    pages = {p.name: p for p in (ROOT / "docs").glob("*.md")}
    links = [(p, t) for p in pages.values() for t in re.findall(r"\]\(([^)\s]+)\)", p.read_text(encoding="utf-8"))]
    readme = re.findall(r"\]\(docs/([^)\s]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    links += [(ROOT / "README.md", t) for t in readme]
    broken = []
    for page, target in links:
        name, _, anchor = target.partition("#")
        if target.startswith("http") or anchor.startswith("casino_cli."):  # the API reference's own anchors
            continue
        name = name or page.name
        if name not in pages or anchor and not all(anchor in slugs for slugs in _slugs(pages[name])):
            broken.append(f"{page.name}: {target}")
    assert len(links) > 10 and broken == []


def test_the_bot_question_shown_in_docs_bots_md_is_the_one_casino_sends(tmp_path):
    """docs/bots.md's question is the first of ``casino simulate --seed 7 --bots
    cmd:./mybot,greedy``, as sent (one compact line) but for ``unseen``, cut short there."""
    import shlex
    import subprocess
    import sys

    import orjson

    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    shown = orjson.loads(page.split("decision it receives:\n\n```json\n", 1)[1].split("```", 1)[0])
    (tmp_path / "mybot.py").write_text(  # keeps the questions it is asked
        "import sys\nfor line in sys.stdin:\n    open('asked', 'a').write(line)\n    print('{\"index\": 0}', flush=True)\n"
    )
    # a shell script starts it: a #! line cannot name an interpreter whose path holds a space
    (tmp_path / "mybot").write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} mybot.py\n")
    (tmp_path / "mybot").chmod(0o755)
    args = [
        sys.executable,
        "-m",
        "casino_cli",
        "simulate",
        "--seed",
        "7",
        "--hands",
        "1",
        "--bots",
        "cmd:./mybot,greedy",
    ]
    assert subprocess.run(args, cwd=tmp_path, capture_output=True, timeout=60).returncode == 0
    line = (tmp_path / "asked").read_bytes().split(b"\n", 1)[0]
    sent = orjson.loads(line)
    assert line == orjson.dumps(sent)  # one line of compact JSON
    unseen = sent["view"]["unseen"]
    assert shown["view"]["unseen"] == [*unseen[:2], "..."] and len(unseen) == 44
    shown["view"]["unseen"] = unseen
    assert shown == sent


def _imports(path: Path) -> set[str]:
    """The modules a source file imports, anywhere in it (lazy imports too), relative ones resolved."""
    package = path.relative_to(SOURCES).parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            found.add(".".join(filter(None, (base, node.module))))
    return found


def test_the_layout_of_the_readme_is_how_the_modules_import() -> None:
    """The README's Layout lists every module of the package in its layer, and each imports
    only its own layer and those above it; the engine the standard library alone, and only
    the command line typer or rich (casino_cli/pictures/ was in no layer of the list)."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").partition("\n## Layout\n")[2].partition("\n\n")[2]
    items = re.findall(r"^\d+\. (.*?) — ", section.partition("\n\n")[0], re.M)
    layers = [re.findall(r"`casino_cli/([\w/.]+?)(?:\.py|/)`", item) for item in items]
    layer_of = {name: rank for rank, names in enumerate(layers) for name in names}

    def layer(module: str) -> int | None:
        return layer_of.get(module.split(".")[1]) if "." in module else None

    sources = {
        ".".join(p.relative_to(SOURCES).with_suffix("").parts): p
        for p in PACKAGE.rglob("*.py")
        if p.parent != PACKAGE or p.stem not in ("__init__", "__main__")
    }
    assert [m for m in sources if layer(m) is None] == []
    cli, engine = len(layers) - 1, layer_of["engine"]
    wrong = []
    for module, path in sorted(sources.items()):
        rank = layer_of[module.split(".")[1]]
        for target in _imports(path):
            top = target.split(".")[0]
            inward = top == "casino_cli" and (layer(target) or 0) > rank
            foreign = top not in sys.stdlib_module_names | {"casino_cli"} and rank <= engine
            if inward or foreign or top in ("typer", "rich") and rank != cli:
                wrong.append(f"{module} imports {target}")
    assert len(layers) >= 5 and wrong == []


def test_every_module_the_layout_names_is_there() -> None:
    """Each file the README's Layout names (`views.py`, `text_tags.py`, `cmd_*.py`) is a
    module of its layer, and it names every module of the package but the __init__ and
    __main__ ones (a module renamed, moved, or added without its words in the list fails;
    it named 18 of 91)."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").partition("\n## Layout\n")[2]
    items = re.findall(r"^\d+\. (.*?)(?=^\d+\. |\n\n)", section.partition("\n\n")[2], re.M | re.S)
    named, missing = set(), []
    for item in items:
        folder = re.findall(r"`(casino_cli/[\w/]*)", item)[0]
        for name in re.findall(r"`((?:casino_cli/)?[\w/*]+\.py)`", item):
            found = set(SOURCES.glob(name) if name.startswith("casino_cli/") else (SOURCES / folder).glob(name))
            named |= found
            missing += [] if found else [name]
    modules = {p for p in PACKAGE.rglob("*.py") if p.stem not in ("__init__", "__main__")}
    assert len(items) >= 5 and missing == [] and sorted(str(p.relative_to(SOURCES)) for p in modules - named) == []


def test_every_account_of_how_a_hint_ranks_says_the_moves_that_win_the_game_come_first() -> None:
    """Where a 2-player last deal can decide the game, a hint puts the moves that win it first;
    bots.md's Hints section still opened with 'ranks the moves ... by expected points', as
    if points alone ranked them, after README, --help and notation.md had said so."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8").splitlines()
    bots = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    accounts = {
        "README": next(line for line in readme if line.startswith("| `casino hint FILE`")),
        "hint --help": typer.main.get_command(app).commands["hint"].help or "",
        "notation.md, hint": next(line for line in notation if line.startswith("| `casino hint FILE")),
        "notation.md, play's h": next(line for line in notation if line.startswith("| `h` | a hint")),
        "bots.md": bots.split("## Hints and reviews\n\n")[1].split("\n\n")[0],
    }
    vague = [where for where, words in accounts.items() if not re.search(r"win[s]? (it|the game) first", words)]
    assert "ranks the moves" in accounts["bots.md"] and vague == []


def test_every_script_in_bench_is_in_its_readme() -> None:
    """bench/README.md names each script of bench/ (make_mutations.py, which rewrites the
    corpus of invalid records, was in none of its lists)."""
    readme = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))
    assert len(scripts) >= 10 and [name for name in scripts if f"`{name}" not in readme] == []


def test_every_bounded_option_is_in_the_limits_table() -> None:
    """An option refused past a largest value is in docs/notation.md's Limits table with that
    value (`--redeals` stops at 1,000 and `--looks` at 10, where the table said 10¹² for every
    count but --hands)."""
    page = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| ") and "`--jobs`" in line)
    missing = []
    for command in typer.main.get_command(app).commands.values():
        for param in command.params:
            most, name = getattr(param.type, "max", None), param.opts[0]
            if most is None or (command.name, name) == ("deal", "--hand"):  # the shuffle's h < 2⁶³
                continue
            if {MANY: f"`{name}`", MAX_JOBS: "`--jobs`"}.get(most, f"`{name}`: {most:,}") not in row:
                missing.append(f"{command.name} {name} {most}")
    assert "10¹²" in row and missing == []
