"""The work of writing positions (replay writes one a move), bounded by counting, and the
shortcuts it takes giving what the long way gives."""

from __future__ import annotations

import dataclasses
import random

import pytest

import casino_cli.cards as cards
import casino_cli.notation.position as notation_position
from casino_cli.cards import CODES, FULL_DECK, CardError, cards_of, codes_of
from casino_cli.engine import Position, make_rules, random_bot
from casino_cli.notation.position import position_json, rules_json
from casino_cli.records.selfplay import played_game


def _positions(rules_name: str, players: int) -> list[Position]:
    """Every position of a seeded random game, in order."""
    out: list[Position] = []
    rules = make_rules(rules_name, players)
    played_game(rules, "writing", [random_bot] * players, hands=1, observer=lambda event: out.append(event.position))
    return out


def test_codes_of_gives_the_codes_of_every_set_in_card_order() -> None:
    rng = random.Random(7)
    masks = [0, FULL_DECK, *(1 << c for c in range(52)), *(255 << shift for shift in range(0, 45, 8))]
    masks += [sum(1 << c for c in rng.sample(range(52), rng.randint(0, 52))) for _ in range(500)]
    for mask in masks:
        assert codes_of(mask) == [CODES[c] for c in cards_of(mask)]


@pytest.mark.parametrize("mask", [-1, -(1 << 60), 1 << 52, FULL_DECK + 1, 1 << 100])
def test_codes_of_refuses_a_mask_that_is_no_set_as_cards_of_does(mask: int) -> None:
    with pytest.raises(CardError) as codes_error:
        codes_of(mask)
    with pytest.raises(CardError) as cards_error:
        cards_of(mask)
    assert str(codes_error.value) == str(cards_error.value)


def test_codes_of_takes_the_set_a_byte_at_a_time_not_card_by_card(monkeypatch: pytest.MonkeyPatch) -> None:
    def card_by_card(mask: int) -> list[int]:
        raise AssertionError("codes_of went through the set card by card")

    monkeypatch.setattr(cards, "cards_of", card_by_card)
    assert len(codes_of(FULL_DECK)) == 52


def test_the_positions_of_a_game_make_their_rule_set_json_once(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = _positions("royal", 4)
    expected = [position_json(pos) for pos in positions]
    made = []

    def counted(rules: object) -> dict[str, object]:
        made.append(rules)
        return rules_json(rules)  # type: ignore[arg-type]

    position_json(_positions("classic", 2)[0])  # another game's position written last
    monkeypatch.setattr(notation_position, "rules_json", counted)
    assert [position_json(pos) for pos in positions] == expected
    assert len(positions) > 30 and len(made) == 1


def test_a_position_json_has_its_own_rule_set_whatever_was_written_before() -> None:
    classic = _positions("classic", 2)[0]
    swept = classic._replace(rules=dataclasses.replace(classic.rules, sweeps=True))
    alike = classic._replace(rules=make_rules("classic", 2))  # equal, another object
    for pos in (classic, swept, alike, swept, classic):
        assert position_json(pos)["rules"] == rules_json(pos.rules)
    assert position_json(swept)["rules"] == {"variant": "classic", "players": 2, "sweeps": True}
    written = position_json(classic)
    written["rules"]["target"] = 11  # a caller's change to its document stays in it
    written["rules"].clear()
    assert position_json(classic)["rules"] == {"variant": "classic", "players": 2}
