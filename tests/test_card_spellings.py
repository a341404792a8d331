"""Cards: exactly the documented spellings, and the card reader and the published schema
agree both ways on every text of the fuzz corpus (issue 17)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from test_fuzz import JUNK_CARDS

from casino_cli.cards import CardError, parse_card
from casino_cli.notation.errors import NotationError
from casino_cli.notation.fields import read_card_list
from casino_cli.notation.moves import parse_move_text
from casino_cli.notation.schema import schema

CARD_SCHEMA = Draft202012Validator(schema("position")["$defs"]["card"])

RANKS = ["A", "a", "2", "9", "T", "t", "10", "J", "q", "K", "k", "1", "0", "11", "ſ", "\u212a", "Ｔ", "ı", "İ"]
SUITS = ["S", "s", "H", "d", "C", "♠", "♥", "♦", "♣", "♤", "♡", "♢", "♧", "ſ", "Ｓ", "♠\ufe0f", "\u017f", "x"]
AROUND = ["", " ", "  ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\x1c", "\x1f", "\x0b", "\x85", "\ufeff"]


def corpus() -> list[str]:
    texts = list(JUNK_CARDS)
    for rank, suit in itertools.product(RANKS, SUITS):
        texts.append(rank + suit)
    for before, after in itertools.product(AROUND, AROUND):
        texts.append(before + "6C" + after)
    return texts


def reads(text: str) -> bool:
    try:
        parse_card(text)
    except CardError:
        return False
    return True


@pytest.mark.parametrize("text", corpus(), ids=ascii)
def test_reader_and_schema_agree(text):
    assert reads(text) == CARD_SCHEMA.is_valid(text), text


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("".join(set("".join(RANKS + SUITS + AROUND)))), max_size=6))
def test_reader_and_schema_agree_on_any_mix(text):
    assert reads(text) == CARD_SCHEMA.is_valid(text), text


@pytest.mark.parametrize("text", ["ſ6", "6ſ", "\u212aS", "6C\t", "\u00a06C", "\x1c6C", "6C\u2003"])
def test_lookalikes_and_other_spaces_are_refused(text):
    with pytest.raises(CardError):
        parse_card(text)
    with pytest.raises(NotationError):
        parse_move_text(text)


@pytest.mark.parametrize("text", [" 6C ", "6c", "10♦", "t♢", "  6C"])
def test_documented_spellings_are_read(text):
    assert reads(text) and CARD_SCHEMA.is_valid(text)


@pytest.mark.parametrize(("filled", "outline", "letter"), list(zip("♠♥♦♣", "♤♡♢♧", "SHDC", strict=True)))
def test_each_suit_symbol_reads_as_its_suit(filled, outline, letter):
    """NOTATION.md's suit symbols, filled and outline, each for the suit of its letter."""
    assert parse_card("Q" + filled) == parse_card("Q" + outline) == parse_card("Q" + letter)
    assert parse_card("10" + outline) == parse_card("T" + letter)


def test_a_text_that_is_no_card_is_quoted_without_its_spaces():
    """The refusal quotes the card as read, not the spaces around it: a field of a million
    spaces about '9Z' is no million-character message."""
    with pytest.raises(CardError) as refused:
        parse_card(" " * 1_000_000 + "9Z" + " " * 1_000_000)
    assert str(refused.value).startswith("'9Z' is not a card") and len(str(refused.value)) < 100


@pytest.mark.parametrize(
    ("move", "card", "ten"),
    [
        ("XH", "XH", "TH or 10H"),
        ("xh", "xh", "TH or 10H"),
        ("X♦x4C+6D", "X♦", "TD or 10D"),
        ("4SxXC", "XC", "TC or 10C"),
    ],
)
def test_a_ten_written_x_is_refused_naming_the_ten(move, card, ten):
    """X for ten, as some score sheets write it, is no rank: the error names the ten (a
    trail 'XH' was read as a capture with no card played: 'the card played goes before the x')."""
    with pytest.raises(NotationError) as refused:
        parse_move_text(move)
    assert f"{card!r} is not a card (a ten is {ten})" in str(refused.value)


@pytest.mark.parametrize("move", ["7Hx2S+5H+", "7Hx2S++5H", "2S+5H+=7", "8Hx+3C"])
def test_a_plus_with_no_card_beside_it_is_named(move):
    """A '+' typed once too often: it said "'' is not a card"."""
    with pytest.raises(NotationError) as refused:
        parse_move_text(move)
    assert str(refused.value).endswith(f"{move!r}: a card is missing beside a '+'")


@pytest.mark.parametrize("move, number", [("9Cx9", "9"), ("9Cx 9", "9"), ("TSx4H+10", "10"), ("2C+7=9", "7")])
def test_a_build_named_by_its_value_is_told_to_name_its_cards(move, number):
    """'9Cx9', taking a build by its value as players say "take the nine", said "'9' is
    not a card"; it says how a build is named: by all its cards."""
    with pytest.raises(NotationError) as refused:
        parse_move_text(move)
    assert str(refused.value).endswith(
        f"{move!r}: {number!r} is a number, not a card: a card has its suit ({number}S), and a build on the table"
        " is named by all its cards (9Cx4S+5D takes a 9 built of 4S and 5D)"
    )


@pytest.mark.parametrize("move", ["5X", "4x", "KX"])
def test_a_suit_typed_x_is_refused_naming_the_card(move):
    """5X, a suit mistyped as X, is no capture of nothing by a '5': the error names '5X' (it named '5')."""
    with pytest.raises(NotationError) as refused:
        parse_move_text(move)
    assert f"{move!r} is not a card" in str(refused.value)


@pytest.mark.parametrize(
    "cards, where, says",
    [
        (["TD", "TD", "ZZ"], "$.loose[1]", "'TD' is listed twice"),
        (["ZZ", "TD", "TD"], "$.loose[0]", "'ZZ' is not a card"),
        (["td", "10D"], "$.loose[1]", "'10D' is listed twice"),
        (["TD", 7], "$.loose[1]", 'expected a card such as "TD", found'),
    ],
)
def test_a_card_list_names_its_first_bad_card_where_it_is(cards, where, says):
    with pytest.raises(NotationError) as caught:
        read_card_list(cards, "$.loose")
    assert caught.value.path == where
    assert caught.value.message.startswith(says)


def test_a_card_list_reads_every_spelling_in_order():
    assert read_card_list(["2S", " 10d", "kc", "a♠"], "$") == [parse_card(c) for c in ("2S", "TD", "KC", "AS")]
