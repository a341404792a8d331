"""Which engine runs (casino_cli/__init__.py): the compiled one only when it matches its
sources and is not refused with CASINO_ENGINE=python; the pure one loads from the sources
even beside compiled modules; and, where this checkout runs a compiled engine, both give
the same answers (tests/differential.py; a wheel is checked in tests/test_packaging.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import casino_cli
from casino_cli import _engine_choice, _PureEngine


def _fake_build(tmp_path: Path) -> Path:
    """A package folder as setup.py leaves it: a compiled listing, sources, the manifest."""
    package = tmp_path / "casino_cli"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / ("listing" + EXTENSION_SUFFIXES[0])).write_bytes(b"")
    sources = {"casino_cli/cards.py": b"A = 1\n", "casino_cli/engine/listing.py": b"B = 2\n"}
    for name, text in sources.items():
        (tmp_path / name).write_bytes(text)
    manifest = "".join(f"{name} {zlib.crc32(text)}\n" for name, text in sources.items())
    (package / "compiled-sources.txt").write_text(manifest)
    return package


def test_the_compiled_engine_runs_when_it_matches_its_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CASINO_ENGINE", raising=False)
    package = _fake_build(tmp_path)
    assert _engine_choice(str(package)) == ("compiled", "compiled with mypyc")
    monkeypatch.setenv("CASINO_ENGINE", "python")
    assert _engine_choice(str(package)) == ("python", "pure Python (CASINO_ENGINE=python)")


@pytest.mark.parametrize("change", ["edit", "manifest gone", "manifest garbled", "source gone"])
def test_compiled_modules_that_do_not_match_their_sources_never_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    monkeypatch.delenv("CASINO_ENGINE", raising=False)
    package = _fake_build(tmp_path)
    if change == "edit":
        (package / "engine" / "listing.py").write_bytes(b"B = 3\n")
    elif change == "manifest gone":
        (package / "compiled-sources.txt").unlink()
    elif change == "manifest garbled":
        (package / "compiled-sources.txt").write_text("casino_cli/cards.py\n")
    else:
        (package / "cards.py").unlink()
    engine, why = _engine_choice(str(package))
    assert engine == "python" and "do not match their sources" in why


def test_without_compiled_modules_the_engine_is_pure(tmp_path: Path) -> None:
    package = _fake_build(tmp_path)
    (package / "engine" / ("listing" + EXTENSION_SUFFIXES[0])).unlink()
    assert _engine_choice(str(package)) == ("python", "pure Python")


def test_the_pure_engine_loads_the_sources() -> None:
    spec = _PureEngine().find_spec("casino_cli.engine.listing")
    assert spec is not None and spec.origin is not None and spec.origin.endswith(os.path.join("engine", "listing.py"))
    assert _PureEngine().find_spec("casino_cli.cli.main") is None


def test_version_says_which_engine_runs() -> None:
    assert casino_cli.version_line() == f"casino {casino_cli.__version__} (engine: {casino_cli.ENGINE_DESCRIPTION})"


@pytest.mark.skipif(
    casino_cli.ENGINE != "compiled",
    reason="this checkout runs the pure engine (editable installs are never compiled); "
    "tests/test_packaging.py compares a compiled wheel with the pure engine",
)
@pytest.mark.parametrize("positions", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_compiled_and_pure_engines_give_the_same_answers(positions: int) -> None:
    script = Path(__file__).resolve().parent / "differential.py"
    runs = []
    for engine in ("compiled", "python"):
        env = dict(os.environ, CASINO_ENGINE=engine)
        runs.append(subprocess.run([sys.executable, script, str(positions)], capture_output=True, text=True, env=env))
    (compiled, pure) = (r.stdout.split() for r in runs)
    assert compiled[0] == "compiled" and pure[0] == "python"
    assert compiled[1:] == pure[1:]
