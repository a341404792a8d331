"""The fast path (cli/quick.py) and typer agree: over many argument forms of the data
commands, both call the same ``run_*`` function with the same arguments, or the fast
path leaves the words to typer; and whole commands print the same bytes either way."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.cli import main, quick
from casino_cli.cli.quick import (
    COUNT,
    FILE,
    FILES,
    FLAG,
    FORM,
    FORMAT,
    INT,
    MAYBE,
    MULTI,
    PLAYERS,
    SPECS,
    SWITCH,
    TEXT,
    VARIANT,
)

VALUES = {  # values typer accepts for each kind of parameter
    TEXT: ["s", "7", "", "a b", "royal", "-"],
    INT: ["0", "2", "4", "007"],
    COUNT: ["1", "3", "12"],
    FORMAT: ["json", "JSON", "text", "Pretty", "jsonl"],
    FORM: ["json", "Text", "JSON"],
    MULTI: ["sweeps=true", "target=11"],
    FILE: ["-", "x.json", "dir/y.jsonl"],
    FILES: ["8C", "2C+4H=6", "a.json"],
    MAYBE: ["8C", "1:2C+4H=6", '{"card": "8C"}'],
    VARIANT: ["classic", "Royal", "AMERICAN-ROYAL"],
    PLAYERS: ["2", "3", "4"],
}
BAD = {
    INT: ["-1", "x", "1.5", "", "+3", "٣"],
    COUNT: ["0", "-2", "x"],
    FORMAT: ["yaml", ""],
    FORM: ["yaml", "jsonl", ""],
    TEXT: ["--x"],
    VARIANT: ["poker", ""],
    PLAYERS: ["5", "1", "two"],
}


def _forms(name: str, rng: random.Random, bad: bool) -> list[str]:
    """Random words for command ``name``: some options in a random order (``--name
    VALUE`` or ``--name=VALUE``, repeated at times), the positional arguments among
    them; with ``bad``, one value typer refuses or a word the fast path does not know."""
    chunks: list[list[str]] = []
    positional: list[str] = []
    for p in SPECS[name].params:
        if p.kind == FILE:
            positional.append(rng.choice(VALUES[FILE]))
        elif p.kind == FILES:
            positional += rng.sample(VALUES[FILES], rng.randint(1, 3))
        elif p.kind == MAYBE and rng.random() < 0.5:
            positional.append(rng.choice(VALUES[MAYBE]))
        elif p.names and rng.random() < 0.6:
            for _ in range(rng.choice((1, 1, 2))):
                option = rng.choice(p.names)
                if p.kind == FLAG:
                    chunks.append([option])
                elif p.kind == SWITCH:
                    chunks.append([rng.choice((option, "--no-" + option[2:]))])
                else:
                    value = rng.choice(VALUES[p.kind])
                    together = option.startswith("--") and rng.random() < 0.5
                    chunks.append([f"{option}={value}"] if together else [option, value])
    if bad:
        kinds = [p for p in SPECS[name].params if p.kind in BAD and p.names]
        p = rng.choice(kinds)
        chunks.append([p.names[0], rng.choice(BAD[p.kind])] if rng.random() < 0.8 else ["--unknown"])
    for word in positional:
        chunks.insert(rng.randint(0, len(chunks)), [word])
    return [name] + [w for chunk in chunks for w in chunk]


def _calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[object, ...]]]:
    """Replace every command's ``run_*`` function by one that records its arguments."""
    seen: list[tuple[str, tuple[object, ...]]] = []
    for spec in SPECS.values():

        def record(*args: object, _name: str = spec.function) -> None:
            seen.append((_name, args))

        monkeypatch.setattr(f"casino_cli.cli.{spec.module}.{spec.function}", record)
    return seen


def _cases() -> Iterator[tuple[list[str], bool]]:
    rng = random.Random("quick")
    for name in SPECS:
        for k in range(100):
            yield _forms(name, rng, bad=k % 5 == 4), k % 5 == 4


def test_fast_path_and_typer_call_the_same_function_with_the_same_arguments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _calls(monkeypatch)
    fast_count = 0
    for words, bad in _cases():
        call = quick.parse(words)
        if bad:
            assert call is None, words
            continue
        assert call is not None, words
        call()
        fast = seen.pop()
        with pytest.raises(SystemExit) as done:
            main.run(words)
        assert done.value.code == 0, words
        assert seen.pop() == fast, words
        fast_count += 1
    assert fast_count >= 400


@pytest.mark.parametrize(
    "words",
    [
        ["--help"],
        ["moves", "-h"],
        ["moves"],
        ["apply", "-"],
        ["validate"],
        ["simulate", "--games"],
        ["moves", "-", "--", "x"],
        ["moves", "-", "--keep-going=yes"],
        ["moves", "a", "b"],
        ["deal", "-fjson"],
        ["deal", "-f=json"],  # typer's value: '=json'
        ["simulate", "--jobs", "257"],
        ["simulate", "--games", "1000000000001"],
        ["simulate", "--games", "9" * 5000],  # int() refuses a number of more than 4,300 digits
        ["play"],
        ["schema"],
        ["hint", "-"],
        ["judge", "-", "8C", "9C"],
        ["replay", "-", "--to", "-1"],
        ["--version", "deal"],
        [],
    ],
)
def test_the_fast_path_leaves_what_it_does_not_know_to_typer(words: list[str]) -> None:
    assert quick.parse(words) is None


STDIN = cli("deal", "--seed", "7").stdout
RECORD = cli("simulate", "--games", "2", "--seed", "q").stdout


@pytest.mark.parametrize(
    ("words", "stdin"),
    [
        (["--version"], b""),
        (["deal", "--seed", "7", "-f", "text"], b""),
        (["deal", "--seed=7", "--players", "4", "--no-partnerships", "-o", "sweeps=true", "--hand", "2"], b""),
        (["deal", "--seed", "7", "--players", "4"], b""),
        (["moves", "-", "--limit", "3", "-f", "jsonl"], STDIN),
        (["moves", "-"], b"{not json"),
        (["apply", "-", "8C", "--format=text"], STDIN),
        (["apply", "-", "ZZ"], STDIN),
        (["score", "-"], RECORD),
        (["validate", "-", "--keep-going"], RECORD),
        (["validate", "-", "no-such-file.jsonl"], RECORD),
        (["simulate", "--games", "2", "--seed", "q", "--bots", "greedy,random"], b""),
        (["simulate", "--bots", "nobody"], b""),
        (["judge", "-", "--hand", "2", "--move", "3"], RECORD.splitlines()[0]),
        (["judge", "-", "--move=3"], RECORD),  # two documents: refused
        (["judge", "-", "8C"], STDIN),
        (["judge", "-", "QQ"], STDIN),
        (["replay", "-", "--hand=2", "--to", "5", "-f", "text"], RECORD),
        (["replay", "-"], RECORD),
        (["convert", "-", "--to", "TEXT"], RECORD),
    ],
)
def test_both_paths_print_the_same(words: list[str], stdin: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    assert quick.parse(words) is not None
    fast = cli(*words, stdin=stdin)
    monkeypatch.setattr(quick, "parse", lambda words: None)
    assert cli(*words, stdin=stdin) == fast


def test_convert_to_lists_its_forms_and_refuses_another_as_typer_does() -> None:
    """--help gave --to <str> (the other choices list theirs), and a bad form was refused by
    run_convert in words of its own: now typer's, on either path."""
    assert b"--to <json|text>" in cli("convert", "--help").stdout
    for words in (["convert", "-", "--to", "yaml"], ["convert", "-", "--to=JSONL"]):
        assert quick.parse(words) is None  # typer's message, as for -f yaml
        out = cli(*words, stdin=RECORD)
        assert (
            out.returncode == 2
            and "Invalid value for '--format' / '-f' / '--to'" in out.stderr
            and "'json', 'text'" in out.stderr
        )


def test_a_command_that_fails_to_import_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str, package: str | None = None) -> object:
        raise ImportError(f"simulated: {name} cannot be imported")

    monkeypatch.setattr(quick, "import_module", broken)
    monkeypatch.delenv("CASINO_DEBUG", raising=False)
    result = cli("moves", "-", stdin=STDIN)
    assert result.returncode == 70 and "internal error" in result.stderr and not result.stdout


def test_the_fast_path_knows_the_largest_number_typer_takes() -> None:
    """Each number the fast path reads has the bound typer's option has (a larger value is
    typer's to refuse)."""
    import typer.main

    commands = typer.main.get_command(main.app).commands  # type: ignore[attr-defined]
    checked = 0
    for name, spec in SPECS.items():
        options = {opt: param for param in commands[name].params for opt in param.opts}
        for p in spec.params:
            if p.kind in (INT, COUNT) and p.names:
                typed = options[p.names[0]].type
                assert p.most == (getattr(typed, "max", None) or 2**63 - 1), (name, p.names)
                checked += 1
    assert checked >= 6


def test_the_fast_path_takes_the_largest_number_typer_takes_and_leaves_a_larger_one_to_it() -> None:
    """A 19-digit number up to 2**63 - 1 is read on the fast path; 2**63, or 20 digits, is
    typer's to refuse."""
    assert quick.parse(["moves", "-", "--limit", str(2**63 - 1)]) is not None
    assert quick.parse(["moves", "-", "--limit", str(2**63)]) is None
    assert quick.parse(["moves", "-", "--limit", "1" + "0" * 19]) is None


def started_with(words: list[str], tmp_path: Path) -> set[str]:
    """The modules a fresh ``casino WORDS`` process had imported when it ended."""
    seen = tmp_path / "modules.txt"
    code = (
        "import atexit, sys\n"
        "seen = sys.argv.pop(1)\n"
        "atexit.register(lambda: open(seen, 'w').write('\\n'.join(sys.modules)))\n"
        "from casino_cli.cli.entry import run\n"
        "run()\n"
    )
    subprocess.run([sys.executable, "-c", code, str(seen), *words], capture_output=True, check=False)
    return set(seen.read_text().split("\n"))


DATA_COMMANDS = [
    ["moves", "POS"],
    ["apply", "POS", "2C"],
    ["judge", "POS", "2C"],
    ["deal", "--seed", "7"],
    ["validate", "RECORDS"],
    ["score", "RECORDS"],
    ["simulate", "--games", "1", "--seed", "1"],
    ["--version"],
]
NOT_AT_START = {  # what only a message, a picture file, a name, a screen or casino text needs
    "difflib",
    "secrets",
    "shlex",
    "textwrap",
    "unicodedata",
    "casino_cli.engine.views",
    "casino_cli.cli.plain",
    "casino_cli.notation.text_writer",
}


@pytest.mark.parametrize("words", DATA_COMMANDS, ids=lambda words: words[0])
def test_the_data_commands_start_without_typer_or_rich(words: list[str], tmp_path: Path) -> None:
    """The simple forms of the data commands go by the fast path: typer's command tree and
    rich are never imported (the start-up goal of README's Speed is for these)."""
    (tmp_path / "pos.json").write_bytes(STDIN)
    (tmp_path / "records.jsonl").write_bytes(RECORD)
    paths = {"POS": str(tmp_path / "pos.json"), "RECORDS": str(tmp_path / "records.jsonl")}
    loaded = started_with([paths.get(word, word) for word in words], tmp_path)
    assert "casino_cli.cli.quick" in loaded or words == ["--version"]
    assert not {name for name in loaded if name.split(".")[0] in ("typer", "rich", "click")}


COLLECTIONS = """
import gc, sys
from casino_cli.cli.entry import run

module_name, function_name = sys.argv.pop(1), sys.argv.pop(1)

def seen(phase, info):  # a collection while the command's module and what it imports load
    module = sys.modules.get(f"casino_cli.cli.{module_name}")
    if phase == "start" and module is not None and not hasattr(module, function_name):
        print("collected while loading", file=sys.stderr)

def ran():
    print("collector on" if gc.isenabled() else "collector off", file=sys.stderr)
    print("loaded frozen" if gc.get_freeze_count() > 1000 else "loaded not frozen", file=sys.stderr)

gc.callbacks.append(seen)
sys.setprofile(lambda frame, event, arg: event == "call" and frame.f_code.co_name.startswith("run_") and ran())
run()
"""


@pytest.mark.parametrize(
    ("words", "loaded"),
    [
        (["moves", "POS"], "cmd_moves.run_moves"),
        (["validate", "RECORDS"], "cmd_validate.run_validate"),
        (["rules", "B3"], "main.run"),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else None,
)
def test_the_start_collects_no_garbage_and_the_command_runs_with_the_collector_on_the_loaded_frozen(
    words: list[str], loaded: str, tmp_path: Path
) -> None:
    """The command's modules (typer's and every command's where typer parses) load with the
    garbage collector paused and are then frozen out of every collection (their objects
    are no garbage: collecting them cost ``casino moves`` a tenth of its start, README's
    Speed); it is on when the command's work begins."""
    (tmp_path / "pos.json").write_bytes(STDIN)
    (tmp_path / "records.jsonl").write_bytes(RECORD)
    paths = {"POS": str(tmp_path / "pos.json"), "RECORDS": str(tmp_path / "records.jsonl")}
    words = [paths.get(word, word) for word in words]
    done = subprocess.run(
        [sys.executable, "-c", COLLECTIONS, *loaded.split("."), *words], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    assert "collector on" in said and "loaded frozen" in said and "collected while loading" not in said


@pytest.mark.parametrize("words", [["moves", "POS"], ["deal", "--seed", "7"]], ids=["moves", "deal"])
def test_listing_or_dealing_a_position_loads_no_records_and_nothing_only_messages_use(
    words: list[str], tmp_path: Path
) -> None:
    """``casino moves FILE``, whose start-up README's Speed measures against ``import
    orjson``, and ``casino deal`` load the engine, the notation and their own output: not
    the records layer (but the signal guard every command shares), and no module that only
    a message, a picture file, a name, a screen or casino text needs (each of them once cost
    the start 1 to 9 ms)."""
    (tmp_path / "pos.json").write_bytes(STDIN)
    loaded = started_with([str(tmp_path / "pos.json") if word == "POS" else word for word in words], tmp_path)
    assert "casino_cli.engine.deal" in loaded and "orjson" in loaded
    records = {name for name in loaded if name.startswith("casino_cli.records.")}
    assert records == {"casino_cli.records.hold_signals"}
    assert not loaded & NOT_AT_START
