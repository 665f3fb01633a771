"""The core card notation (sim.core.cards) as each game uses it: every card and hand round
trips, and the errors keep each game's words."""

import importlib

import pytest

from sim.core.cards import Notation

GAMES = {  # package -> (cards in the deck, a card as a person reads it)
    "trix": (32, (22, "TD", "10♦")),
    "euchre5": (28, (18, "TD", "10♦")),
    "five_hundred": (43, (28, "TD", "10♦")),
    "terts": (32, (19, "TD", "10♦")),
}


def cards_module(game: str):
    return importlib.import_module(f"sim.games.{game}.cards")


@pytest.mark.parametrize("game", GAMES)
def test_every_card_and_the_whole_deck_round_trip(game):
    c = cards_module(game)
    n, (card, name, text) = GAMES[game]
    ids = c.cards_of(-1)
    assert len(ids) == n and ids == sorted(ids)
    for i in ids:
        assert c.parse_card(c.card_name(i)) == i
        assert c.parse_card(c.card_name(i).lower()) == i
        if c.card_name(i)[0] == "T":
            assert c.parse_card("10" + c.card_name(i)[1:]) == i
    deck = c.parse_hand(c.format_hand(-1))
    assert c.cards_of(deck) == ids and c.format_hand(deck) == c.format_hand(-1)
    assert c.card_name(card) == name and c.card_text(card) == text
    assert c.parse_card(" 10d ") == card


def test_the_joker_and_the_missing_black_fours():
    c = cards_module("five_hundred")
    assert c.card_name(44) == "JK" and c.card_text(44) == "Joker" and c.parse_card("jk") == 44
    with pytest.raises(ValueError, match=r"'4S' \(there are no black fours, R1\.1\)"):
        c.parse_card("4S")
    assert "4C" not in c.format_hand(-1) and "4H" in c.format_hand(-1)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("trix", "write rank (7 8 9 T J Q K A) then suit (H C D S), e.g. TD"),
        ("euchre5", "write rank (8 9 T J Q K A) then suit (H C D S), e.g. TD"),
        (
            "five_hundred",
            "write rank (4-9 T J Q K A) then suit (H C D S), e.g. TD, or JK for the joker",
        ),
        ("terts", "write rank (7 8 9 T J Q K A) then suit (H C D S), e.g. TD (R1.2)"),
    ],
)
def test_an_unknown_card_is_named_with_the_game_s_words(game, words):
    with pytest.raises(ValueError) as e:
        cards_module(game).parse_card("1X")
    assert str(e.value) == f"unknown card '1X': {words}"


@pytest.mark.parametrize(
    ("game", "message"),
    [
        ("trix", "card td appears twice in hand 'TD td'"),
        ("euchre5", "card td appears twice in 'TD td'"),
        ("five_hundred", "card td appears twice in 'TD td'"),
        ("terts", "td appears twice in 'TD td'"),
    ],
)
def test_a_repeated_card_in_a_hand(game, message):
    with pytest.raises(ValueError) as e:
        cards_module(game).parse_hand("TD td")
    assert str(e.value) == message


def test_suits_and_masks():
    c = cards_module("euchre5")
    assert c.parse_suit(" d ") == 2
    with pytest.raises(ValueError, match=r"^unknown suit 'X': one of H C D S$"):
        c.parse_suit("X")
    trix = cards_module("trix")
    assert trix.mask_of([0, 3]) == 9 and trix.suit_of(22) == 2 and trix.rank_of(22) == 6
    assert trix.cards_of(1 << 40 | 1) == [0]  # bits beyond the deck are no cards
    assert isinstance(trix.CARD_NAMES, list) and isinstance(c.CARD_NAMES, dict)


def test_a_listed_notation_needs_ids_from_zero():
    with pytest.raises(ValueError):
        Notation("89", "HC", "♥♣", stride=4, listed=True)
