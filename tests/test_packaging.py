"""The wheel installs and runs in a fresh virtual environment.

Offline: the wheel is built from this checkout without build isolation (so setuptools>=77
must be installed, as the test extra does), and the fresh environment borrows the runtime
dependencies of this one by a ``.pth`` path entry (not the editable install: ``.pth`` files
of a borrowed path are not run). Marked ``packaging`` (deselected by default, about 20 s);
``.ci/run`` runs it.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging
ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in", "docs", "casino_cli")


def _clean_env() -> dict[str, str]:
    """This environment less PYTHON* (the wheel's venv must not see this checkout) and
    CASINO* (an inherited CASINO_ENGINE=python would make a compiled run pure)."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "CASINO"))}


def _run(*args: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd, env=_clean_env())
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a clean copy of what the build reads (no stale egg-info, no build/)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, source / name)
    shutil.rmtree(source / "casino_cli.egg-info", ignore_errors=True)
    out = tmp_path_factory.mktemp("wheel")
    _run(
        sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", "-w", out, source
    )
    (found,) = out.glob("casino_cli-*.whl")
    return found


@pytest.fixture(scope="module")
def fresh(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with only the wheel installed (and the dependencies borrowed)."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip())
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "borrowed-deps.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", "--no-deps", wheel)
    return env


def test_the_wheel_holds_the_typing_marker_the_schemas_and_the_licence(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "casino_cli/py.typed" in names
    assert "casino_cli/schema/position.json" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith("tests/") for n in names)


def test_the_wheel_names_no_home_the_project_does_not_have(wheel: Path) -> None:
    """No Project-URL: the project has no public home yet, and PyPI would show links to
    placeholder pages (github.com/casino-cli, which is not the project's) as its own."""
    archive = zipfile.ZipFile(wheel)
    (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
    headers = archive.read(metadata).decode().partition("\n\n")[0]
    assert not re.findall(r"^(?:Project-URL|Home-page):.*", headers, re.M)


def test_the_installed_wheel_runs(fresh: Path, tmp_path: Path) -> None:
    python, casino = fresh / "bin" / "python", fresh / "bin" / "casino"
    where = _run(python, "-c", "import casino_cli; print(casino_cli.__file__)", cwd=tmp_path)
    assert where.startswith(str(fresh)), where  # the wheel's copy, not this checkout's
    deal = _run(casino, "deal", "--seed", "7", "--variant", "royal", "--format", "text", cwd=tmp_path)
    assert deal.splitlines()[:2] == ["royal 2p, deal 1/6, seat 0 to play", "table: AH 8D 9H 9C"]
    schema = json.loads(_run(casino, "schema", "position", cwd=tmp_path))  # package data
    assert schema["title"]
    version = _run(casino, "--version", cwd=tmp_path).strip()
    assert version == _run(python, "-c", "import casino_cli; print(casino_cli.version_line())", cwd=tmp_path).strip()
    assert version.startswith(
        "casino " + _run(python, "-c", "import casino_cli; print(casino_cli.__version__)").strip()
    )


BAD_BOT = """
import random
from casino_cli.engine import Move, MoveList, Position

def bad(position: Position, moves: MoveList, rng: random.Random) -> Move:
    return moves.facts[0]  # a MoveFacts, not a Move
"""


def test_a_bot_writers_strict_script_type_checks_against_the_installed_wheel(fresh: Path, tmp_path: Path) -> None:
    """py.typed is shipped: mypy --strict reads the installed package's types (a wrong bot fails)."""
    pytest.importorskip("mypy")
    mypy = (sys.executable, "-m", "mypy", "--strict", "--python-executable", fresh / "bin" / "python")
    shutil.copy(ROOT / "examples" / "cautious_bot.py", tmp_path / "bot.py")
    _run(*mypy, "bot.py", cwd=tmp_path)
    (tmp_path / "bad.py").write_text(BAD_BOT)
    done = subprocess.run(
        [str(a) for a in (*mypy, "bad.py")], capture_output=True, text=True, cwd=tmp_path, env=_clean_env()
    )
    assert done.returncode == 1 and 'Incompatible return value type (got "MoveFacts", expected "Move")' in done.stdout


def test_the_python_examples_of_the_docs_type_check_against_the_installed_wheel(fresh: Path, tmp_path: Path) -> None:
    """The README's and docs/api.md's Python blocks pass mypy --strict, as a user's script
    would, and leave no name possibly unbound (pyright's default check refuses one: a
    variable set only in an except clause, as docs/api.md's NotationError example did)."""
    pytest.importorskip("mypy")
    names = []
    for doc in ("README.md", "docs/api.md"):
        for number, block in enumerate(re.findall(r"```python\n(.*?)```", (ROOT / doc).read_text("utf-8"), re.S)):
            names.append(f"{Path(doc).stem}_{number}.py")
            (tmp_path / names[-1]).write_text(block, "utf-8")
    assert len(names) >= 2
    strict = ("--strict", "--enable-error-code", "possibly-undefined")
    _run(sys.executable, "-m", "mypy", *strict, "--python-executable", fresh / "bin" / "python", *names, cwd=tmp_path)


def test_the_compiled_engine_answers_as_the_pure_one(wheel: Path, fresh: Path, tmp_path: Path) -> None:
    """Where setup.py compiled the engine (mypyc and a C compiler at build time), it gives
    the pure engine's answers over 100,000 positions (tests/differential.py) and passes the
    fixture and reference tests."""
    python = fresh / "bin" / "python"
    engine = _run(python, "-c", "import casino_cli; print(casino_cli.ENGINE)", cwd=tmp_path).strip()
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    if not any(name.endswith(suffixes) for name in zipfile.ZipFile(wheel).namelist()):
        assert engine == "python"
        pytest.skip("the wheel holds the pure-Python engine (no mypyc or no C compiler at build time)")
    assert engine == "compiled"
    script = ROOT / "tests" / "differential.py"
    compiled = _run(python, script, "100000", cwd=tmp_path).split()
    pure = _run("env", "CASINO_ENGINE=python", python, script, "100000", cwd=tmp_path).split()
    assert compiled[0] == "compiled" and pure[0] == "python"
    assert int(compiled[1]) >= 100_000 and compiled[1:] == pure[1:]
    # the golden fixtures, the brute-force reference, the game tests and positions built by
    # hand, against the compiled engine (run from outside this checkout, they import the
    # installed package)
    tests = [
        ROOT / "tests" / name
        for name in ("test_fixtures.py", "test_against_reference.py", "test_game.py", "test_positions_by_hand.py")
    ]
    _run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests, cwd=tmp_path)
    # and what once failed only compiled: pickled rules, a copy of a game (the terminal game's
    # undo), a bot answering something that is not a move, an option of the wrong type. These
    # import tests.* and read fixtures/: copied beside them (the package is the wheel's)
    for name in ("tests", "fixtures", "examples"):
        shutil.copytree(ROOT / name, tmp_path / name)
    names = ("test_api.py", "test_play_terminal.py", "test_process_edges.py", "test_rule_options.py")
    chosen = ("-k", "pickle or terminal or user_bot or bad_options or no_text or illegal_move_is_said")
    _run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *(f"tests/{n}" for n in names), *chosen, cwd=tmp_path)
    # the readers on hostile and malformed documents, the property tests and the fuzz tests:
    # compiled, an annotated argument is checked before the function's own words (a card
    # that was no text, read from a document, once stopped casino as an internal error)
    readers = ("test_hostile_input.py", "test_card_spellings.py", "test_fuzz.py", "test_properties.py")
    quick = ("-m", "not slow", "-p", "no:cacheprovider")  # as pyproject.toml's addopts, which is not beside them
    _run(python, "-m", "pytest", "-q", *quick, *(f"tests/{n}" for n in readers), cwd=tmp_path)


def test_the_compiled_engine_crosses_into_worker_processes(fresh: Path, tmp_path: Path) -> None:
    """A match with --jobs and botcheck send rules and positions to other processes
    pickled: compiled, they answer as the pure engine does. (Compiled Rules once failed to
    unpickle there: every such command stopped.)"""
    casino = fresh / "bin" / "casino"
    commands = [
        "match searcher greedy --pairs 2 --jobs 2 --seed w",
        "match greedy random --pairs 4 --jobs 2 --seed w --variant royal --players 4",
        "botcheck greedy --decisions 6 --redeals 2 --seed w",
    ]
    env = _clean_env()
    for command in commands:
        said = []
        for engine in ({}, {"CASINO_ENGINE": "python"}):
            done = subprocess.run(
                [str(casino), *command.split()], capture_output=True, text=True, cwd=tmp_path, env=env | engine
            )
            assert done.returncode == 0, done.stderr
            said.append((done.stdout, done.stderr))
        assert said[0] == said[1]


def test_the_bots_bench_times_hints_on_the_compiled_engine(fresh: Path, tmp_path: Path) -> None:
    """bench/bots.py, whose ``--hint-ab pure`` gives the compiled engine's hint times that
    README and docs/bots.md quote, loads and times a hint of a crowded 4-player table in the
    installed wheel (it read ``analyse``'s signature as it loaded, which a compiled function
    does not have, and stopped there)."""
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import bots, casino_cli; "
        "p = bots.crowded_group('royal', 4)[0]; "
        "print(casino_cli.ENGINE, p.rules.players, bots.hint_seconds(p, 0) > 0)"
    )
    engine = _run(fresh / "bin" / "python", "-c", "import casino_cli; print(casino_cli.ENGINE)", cwd=tmp_path).strip()
    assert _run(fresh / "bin" / "python", "-c", code, cwd=tmp_path).split() == [engine, "4", "True"]
