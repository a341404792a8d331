"""The benchmark scripts measure what they say they measure."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from casino_cli.cli import cmd_hint
from casino_cli.notation.position import read_position

ROOT = Path(__file__).resolve().parent.parent


def test_the_bots_bench_times_a_hint_as_casino_hint_asks_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/bots.py's hint figure is ``analyse`` with the options ``casino hint`` gives it
    (it left out ``game``, the search of a 2-player last deal added since, so it timed
    a hint that no command runs)."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    bots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots)
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
