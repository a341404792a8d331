"""The benchmark scripts measure what they say they measure."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import orjson
import pytest

import casino_cli
from casino_cli.cli import cmd_hint
from casino_cli.notation.position import read_position

ROOT = Path(__file__).resolve().parent.parent


def bench_script(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """bench/NAME.py, loaded as its command line runs it (bench/ first on the path)."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_bots_bench_times_a_hint_as_casino_hint_asks_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/bots.py's hint figure is ``analyse`` with the options ``casino hint`` gives it
    (it left out ``game``, the search of a 2-player last deal added since, so it timed
    a hint that no command runs)."""
    bots = bench_script("bots", monkeypatch)
    pos = read_position(orjson.loads((ROOT / "fixtures/hints/highest-game.json").read_bytes())["position"])
    asked: dict[str, dict[str, object]] = {}

    def spy(name: str) -> Callable[..., list[object]]:
        def analyse(*args: object, **options: object) -> list[object]:
            asked[name] = {k: v for k, v in options.items() if v is not None}  # no progress bar
            return []

        return analyse

    monkeypatch.setattr(cmd_hint, "analyse", spy("hint"))
    monkeypatch.setattr(bots, "analyse", spy("bench"))
    cmd_hint._ranked((pos, "s"))
    bots.hint_seconds(pos, 0)
    assert asked["hint"] and asked["bench"] == asked["hint"]


def test_the_timing_scripts_say_which_engine_they_timed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every table's header line and every --json ``machine`` names the engine that ran:
    the compiled one and the pure one are 3-4 times apart, and a figure that does not say
    which it is cannot be set beside README's (they said only the tree's commit)."""
    common = bench_script("_common", monkeypatch)
    facts = common.machine_facts("not pinned")
    common.report("a table", ["config"], [["classic 2p"]], {}, facts, as_json=False)
    common.report("a table", ["config"], [["classic 2p"]], {}, facts, as_json=True)
    lines = capsys.readouterr().out.splitlines()
    table, doc = lines[1], lines[-1]
    assert f"; engine {casino_cli.ENGINE_DESCRIPTION};" in table
    assert orjson.loads(doc)["machine"]["engine"] == casino_cli.ENGINE_DESCRIPTION


def test_the_peers_bench_names_our_engine_as_it_ran(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """bench/peers.py's row of ours says compiled or pure Python (it said "Python" of either)."""
    peers = bench_script("peers", monkeypatch)
    monkeypatch.setattr(peers, "pin_one_core", lambda: "not pinned")  # not this test's process
    monkeypatch.setattr(peers, "cpp_peer", lambda url, work: "not fetched in the tests")
    monkeypatch.setattr(peers, "go_peer", lambda url, work: "not fetched in the tests")
    monkeypatch.setattr("sys.argv", ["peers.py", "--hands", "2", "--rounds", "1"])
    peers.main()
    ours = "casino-cli (compiled)" if casino_cli.ENGINE == "compiled" else "casino-cli (pure Python)"
    lines = capsys.readouterr().out.splitlines()
    assert f"; engine {casino_cli.ENGINE_DESCRIPTION};" in lines[1]
    assert lines[-1].split("  ")[0] == ours


def test_the_bots_bench_names_the_engine_it_timed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """bench/bots.py prints a header of its own: it names the engine too (and --json's report)."""
    bots = bench_script("bots", monkeypatch)
    monkeypatch.setattr(bots, "pin_one_core", lambda: "not pinned")  # not this test's process
    monkeypatch.setattr(bots, "CONFIGS", [])  # no timing: the header is what is checked
    monkeypatch.setattr(bots, "play_game", lambda rules, seed, seated: {"hands": []})
    monkeypatch.setattr(bots, "read_record", lambda record: record)
    monkeypatch.setattr(bots, "review", lambda record, rng: None)
    monkeypatch.setattr("sys.argv", ["bots.py"])
    bots.main()
    monkeypatch.setattr("sys.argv", ["bots.py", "--json"])
    bots.main()
    table, doc = capsys.readouterr().out.splitlines()[0::2][:2]
    assert table.startswith(f"bots, engine {casino_cli.ENGINE_DESCRIPTION}, not pinned;")
    assert orjson.loads(doc)["engine"] == casino_cli.ENGINE_DESCRIPTION
