"""``casino replay --html`` read as a person reads it, without a browser: the page's move
list parsed (html.parser) and checked against the record's frames."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import orjson
import pytest

from casino_cli.engine import HandEnd, HandStart, Step
from casino_cli.pictures.page import replay_page
from casino_cli.records.frames import frames_of
from casino_cli.records.record import read_record


class Entries(HTMLParser):
    """The text of each entry of the move list (``<a data-i>``), in order."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[tuple[int, str]] = []
        self._in: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("data-i") is not None:
            self._in = int(found["data-i"] or "")
            self.entries.append((self._in, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            i, text = self.entries[-1]
            self.entries[-1] = (i, text + data)


@pytest.mark.parametrize("path", ["fixtures/docs/game.json", "fixtures/records/sweeps-every-other-move.json"])
def test_the_move_lists_entries_say_each_hands_start_its_moves_and_its_result(path):
    """An entry per step in order: a hand's start, each move by its number, and at a hand's
    end its points and the game's scores after it (the list is what a person scans)."""
    record = read_record(orjson.loads(Path(path).read_bytes()))
    frames = frames_of(record)
    parser = Entries()
    parser.feed(replay_page(record, frames, "t", 0))
    assert [i for i, _ in parser.entries] == list(range(len(frames)))
    ends = 0
    for (_, text), frame in zip(parser.entries, frames):
        event = frame.event
        if isinstance(event, HandStart):
            assert text == "start"
        elif isinstance(event, Step):
            assert text.startswith(f"{frame.number}. ")
        elif isinstance(event, HandEnd):
            ends += 1
            assert text.startswith("end: ") and "ends" not in text
            assert f"points {'–'.join(map(str, event.score.points))}" in text
            game = [str(n) for n in sorted(event.game.scores, reverse=True)]
            said = "–".join(map(str, event.game.scores)) in text or " to ".join(game) in text
            assert said, text
    assert ends == len(record.hands) or ends == len(record.hands) - 1
