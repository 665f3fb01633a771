"""Every game's terminal table, drawn in memory: the same helps in every game.

The legal cards of the hand are marked (``*``) as in Trix; the trick on the table says who
led it; ``l`` shows the last trick wherever the rules allow it (Trix: twice a contract, its
table rule; the others: at any time, their players remember every public event); suits are
typed as letters or words; Five Hundred's contractor sees his own three discards, and no
screen of any seat shows a card that seat may not know.
"""

import importlib
import io
import re

import numpy as np
import pytest
from rich.console import Console

from sim.core.bots import parse_spec
from sim.core.registry import get
from sim.games.five_hundred.vocab import JOKER_LEAD
from sim.table.controller import Ask, Table
from sim.table.inbox import Inbox
from sim.table.saved import Saved

GAMES = ["trix", "euchre5", "five-hundred", "terts"]
CARD = re.compile(r"(10|[2-9JQKA])([♥♣♦♠])|Joker")
HAND_CARD = re.compile(r"(\d+):(?:10|[2-9JQKA])?[♥♣♦♠]?(?:Joker)?(\*?)")


def state_of(name: str):
    return importlib.import_module(f"sim.games.{name.replace('-', '_')}.state")


def on_table(t: Table) -> int:
    """Cards on the current trick (Terts keeps the led card only)."""
    S = state_of(t.spec.name)
    if hasattr(S, "TRICK_LEN"):
        return int(t.game.state[S.TRICK_LEN])
    return int(t.game.state[S.LED_CARD] >= 0)


@pytest.fixture
def nothing():
    with open("/dev/null", "rb") as f:
        yield f


def table(name: str, seed: int, humans: list[int], nothing) -> Table:
    spec = get(name)
    bots = ["human" if s in humans else "random" for s in range(spec.seats)]
    specs = [None if s in humans else parse_spec("random", spec.name) for s in range(spec.seats)]
    return Table(spec, Saved(seed, humans, bots, game_name=spec.name), specs,
                 Console(file=io.StringIO(), width=100), Inbox(nothing.fileno()), 0,
                 None)  # fmt: skip


def said(t: Table, do) -> str:
    """What ``do()`` prints at the table."""
    buf = io.StringIO()
    t.console = Console(file=buf, width=100, highlight=False, emoji=False)
    do()
    return buf.getvalue()


def screen(t: Table, seat: int | None) -> str:
    return said(t, lambda: t.console.print(t.view.screen(seat)))


def advance(t: Table, until, rng, limit=2000):
    """Random legal moves until ``until(t)`` holds."""
    game = t.game
    for _ in range(limit):
        if game.over:
            break
        if until(t):
            return
        legal = game.legal_actions()
        game.apply(int(rng.choice(legal)))
    pytest.fail("never reached")


def playing_a_card(t: Table) -> bool:
    if t.game.to_act != 0:
        return False
    question = t.view.ask(0)
    return isinstance(question, Ask) and question.kind == "card"


@pytest.mark.parametrize("name", GAMES)
def test_the_legal_cards_of_the_hand_are_marked(name, nothing):
    rng = np.random.default_rng(1)
    t = table(name, 3, [0], nothing)
    for _ in range(6):  # several turns, a lead and follows
        advance(t, playing_a_card, rng)
        legal = t.game.legal_mask()
        text = screen(t, 0)
        hand = text[text.index("Seat 0, your hand") :]
        assert hand.startswith("Seat 0, your hand (legal cards marked *):"), hand
        marks = [star for _, star in HAND_CARD.findall(hand)]
        cards = t.game.hand(0)
        n_legal = sum(1 for c in range(64) if cards >> c & 1 and legal >> c & 1)
        if name == "five-hundred" and legal >> JOKER_LEAD & 0xF:  # the joker, naming a suit
            n_legal += 1
        assert marks.count("*") == n_legal, hand
        assert len(marks) == bin(cards).count("1"), hand
        t.game.apply(t.game.legal_actions()[0])


@pytest.mark.parametrize("name", GAMES)
def test_the_trick_on_the_table_says_who_led_it(name, nothing):
    S = state_of(name)
    rng = np.random.default_rng(2)
    t = table(name, 5, [0], nothing)
    in_trick = re.compile(r"Trick \d+ of \d+: seat (\d) led")
    empty = re.compile(r"Trick \d+ of \d+: \(?seat (\d) (?:leads|to lead)")
    for _ in range(5):
        advance(t, lambda t: on_table(t) == 1, rng)
        assert in_trick.findall(screen(t, None)) == [str(t.game.state[S.LEADER])]
        if t.spec.seats > 2:  # Terts's follower ends the trick
            advance(t, lambda t: on_table(t) > 1, rng)
            assert in_trick.findall(screen(t, None)) == [str(t.game.state[S.LEADER])]
        advance(t, lambda t: on_table(t) == 0 and t.game.state[S.TRICK_NO] > 0,
                rng)  # fmt: skip
        text = screen(t, None)
        assert empty.findall(text) == [str(t.game.state[S.LEADER])], text


@pytest.mark.parametrize("name", ["euchre5", "five-hundred", "terts"])
def test_l_shows_the_last_trick_at_any_time(name, nothing):
    # their players remember every public event (Euchre R10.4, Five Hundred R11.3, Terts
    # R10.2): the look is not limited, unlike Trix's two a contract (its R4.4 table rule)
    S = state_of(name)
    rng = np.random.default_rng(3)
    t = table(name, 7, [0], nothing)
    assert any(line.startswith("l = ") for line in t.view.help)
    advance(t, lambda t: t.game.state[S.TRICK_NO] == 0 and t.view.deal_no() == 0
            and on_table(t) == 1, rng)  # fmt: skip
    assert "no trick has been played yet" in said(t, lambda: t.view.command(0, "l"))
    advance(t, lambda t: t.game.state[S.TRICK_NO] == 2 and on_table(t) == 1, rng)
    winner = int(t.game.state[S.LEADER])  # the winner of trick 2 leads trick 3
    for word in ("l", "last", "l", "l"):
        shown = said(t, lambda w=word: t.view.command(0, w))
        assert shown.count("Last trick (trick 2): ") == 1, shown
        assert f"→ seat {winner} took it" in shown, shown
        assert "left" not in shown  # no count of looks
    assert not t.view.command(0, "x")
    if name != "terts":  # Terts's screen shows the last trick itself
        assert "(l to look)" in screen(t, 0)


def test_trix_still_allows_two_looks_a_contract(nothing):
    rng = np.random.default_rng(4)
    t = table("trix", 7, [0], nothing)
    S = state_of("trix")
    advance(t, lambda t: t.game.state[S.TRICK_NO] == 1 and on_table(t) == 1, rng)
    looks = [said(t, lambda: t.view.command(0, "l")) for _ in range(3)]
    assert all("Last trick (trick 1)" in x for x in looks[:2])
    assert "already looked at the last trick twice" in looks[2]


def test_euchre_trump_is_named_by_letter_symbol_or_word(nothing):
    from sim.games.euchre5.vocab import BID1, BID2, PASS, TRUMP_BASE

    t = table("euchre5", 1, [0, 1, 2, 3, 4], nothing)
    game = t.game
    while game.phase == BID1:
        game.apply(PASS)
    question = t.view.ask(game.to_act)
    up = int(game.state[state_of("euchre5").UP_CARD]) >> 3
    suit = next(s for s in range(4) if s != up)
    name = ("hearts", "clubs", "diamonds", "spades")[suit]
    assert game.phase == BID2 and question.kind == "bid"
    for text in (name, name.title(), name.upper(), name[:-1], "HCDS"[suit], "hcds"[suit],
                 "♥♣♦♠"[suit], f"trump:{name}", f"trump:{'HCDS'[suit]}"):  # fmt: skip
        assert question.parse(game.to_act, text) == (TRUMP_BASE + suit, None), text
    action, error = question.parse(game.to_act, "purple")
    assert action is None and "hearts" in error


def test_five_hundred_bids_and_the_joker_take_suits_as_words(nothing):
    from sim.games.five_hundred.game import parse_bid
    from sim.games.five_hundred.vocab import JOKER

    t = table("five-hundred", 2, [0, 1, 2, 3], nothing)
    seat = t.game.to_act
    question = t.view.ask(seat)
    assert question.kind == "call"
    for text, bid in (("7 hearts", "7H"), ("7Hearts", "7H"), ("7h", "7H"), ("7♥", "7H"),
                      ("10 Spades", "10S"), ("6 clubs", "6C"), ("8 diamond", "8D"),
                      ("7 no trumps", "7NT"), ("7 No Trump", "7NT"), ("9nt", "9NT"),
                      ("bid:7H", "7H")):  # fmt: skip
        assert question.parse(seat, text) == (parse_bid(bid), None), text
    action, error = question.parse(seat, "7 purple")
    assert action is None and "7H" in error
    for seed in range(20):  # a deal with the joker in a hand
        t = table("five-hundred", seed, [0, 1, 2, 3], nothing)
        holder = next((p for p in range(4) if t.game.hand(p) >> JOKER & 1), None)
        if holder is not None:
            break
    for text in ("JK=hearts", "JK hearts", "jk=Hearts", "JK=H", "JK=♥", "joker=hearts"):
        assert t.view.read_card(holder, text) == (JOKER_LEAD, None), text
    assert t.view.read_card(holder, "JK=purple")[0] == -1


def test_five_hundred_the_contractor_sees_his_own_discards_and_nobody_else(nothing):
    # R11.1: only the contractor knows his three discards
    from sim.games.five_hundred.cards import card_text
    from sim.games.five_hundred.vocab import DISCARD, PLAY

    S = state_of("five-hundred")
    rng = np.random.default_rng(5)
    t = table("five-hundred", 4, [0, 1, 2, 3], nothing)
    game = t.game
    advance(t, lambda t: t.game.phase == DISCARD, rng)
    contractor = game.contractor
    assert "discards" not in screen(t, contractor)  # none yet
    while game.phase == DISCARD:
        game.apply(int(rng.choice(game.legal_actions())))
        gone = [card_text(c) for c in range(64) if int(game.state[S.DISCARDED]) >> c & 1]
        mine = screen(t, contractor)
        line = next(x for x in mine.splitlines() if "Your discards" in x)
        assert [c for c in CARD.findall(line)] and all(c in line for c in gone), line
        assert len(CARD.findall(line)) == len(gone)
        for other in range(4):
            if other != contractor:
                assert "discards" not in screen(t, other)
        assert "discards" not in screen(t, None)
    assert game.phase == PLAY and "Your discards" in screen(t, contractor)


def shown(text: str, notation) -> int:
    mask = 0
    for m in CARD.finditer(text):
        word = "JK" if m.group(0) == "Joker" else m.group(0).replace("10", "T")
        word = word[:-1] + "HCDS"["♥♣♦♠".index(word[-1])] if word != "JK" else word
        mask |= 1 << notation(word)
    return mask


@pytest.mark.parametrize("name", ["euchre5", "five-hundred"])
def test_no_screen_shows_a_card_its_seat_may_not_know(name, nothing):
    # Euchre R10, Five Hundred R11: a seat sees its hand, the cards played, the up card and
    # the called card (Euchre), its own discards (Five Hundred's contractor); nothing else
    S = state_of(name)
    cards = importlib.import_module(f"sim.games.{name.replace('-', '_')}.cards")
    seats = get(name).seats
    for seed in range(3):
        rng = np.random.default_rng(seed)
        t = table(name, seed, list(range(seats)), nothing)
        game = t.game
        while not game.over:
            s = game.state
            for seat in range(seats):
                known = game.hand(seat) | int(s[S.PLAYED])
                if name == "euchre5":
                    known |= 1 << int(s[S.UP_CARD])
                    known |= 1 << int(s[S.CALLED]) if s[S.CALLED] >= 0 else 0
                elif seat == game.contractor:
                    known |= int(s[S.DISCARDED])
                text = screen(t, seat) + said(t, lambda seat=seat, t=t: t.view.command(seat, "l"))
                extra = shown(text, cards.parse_card) & ~known
                assert not extra, f"seat {seat} is shown {cards.format_hand(extra)}:\n{text}"
            game.apply(int(rng.choice(game.legal_actions())))
