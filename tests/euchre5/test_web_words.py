"""Five-handed Euchre in words for the browser (``sim.games.euchre5.web_words``): each move,
the questions as controls, and the state for one viewer, with nothing of another's hand.

A hand-built deal (RECORD.md's example deal) checks exact words; random games check that
every choice is on one button in words, and that a view does not change when what the
viewer may not know (the other hands, the kitty, the discard, the partner) is replaced.
"""

import copy
import random
import re

from sim.core.registry import games
from sim.games.euchre5 import state as S
from sim.games.euchre5.game import EuchreGame
from sim.games.euchre5.vocab import BID1, BID2, CALL, DISCARD, N_SEATS, PLAY
from sim.games.euchre5.web import controls, describe, words
from sim.web.views import card_of_action, hand_cards, namer, public_text, view_for

SPEC = games()["euchre5"]
SEATS = [{"name": n, "kind": "bot"} for n in ("Ann", "Bo", "Cy", "Di", "Ed")]
NOTATION = re.compile(r"\b(?:bid|call|trump|discard):[0-9A-Z]|\bseq\d|\b[2-9TJQKA][SHDC]\b")
# RECORD.md's example deal: dealer 1; seat 2 orders hearts, the dealer discards QC, seat 2
# calls TS (held by seat 3); the tricks as recorded
HANDS = ["JC QH 9D QD AH", "9S QC TH KC TD", "8S KD AC 8C AD", "TC 8D 9C TS KH", "AS JS JD JH KS"]
TRICKS = (
    "2:KD 3:8D 4:JH 0:9D 1:TD",
    "4:JD 0:AH 1:9H 2:AC 3:KH",
    "4:JS 0:QD 1:9S 2:8S 3:TS",
    "4:AS 0:QH 1:TH 2:AD 3:9C",
    "0:JC 1:KC 2:8C 3:TC 4:KS",
)
PLAYS = [event for trick in TRICKS for event in trick.split()]


def example() -> EuchreGame:
    return EuchreGame.from_deals(1, lambda k: (HANDS, "9H", "8H QS"))


def told(game, seat):
    return describe(game, seat, namer(SEATS, seat))


def panel(game, seat) -> dict:
    return dict(told(game, seat).panel)


def buttons(groups) -> list:
    return [b for g in groups for row in g.rows for b in row]


def test_round_1_words_controls_and_felt():
    game = example()
    assert game.to_act == 2 and game.phase == BID1
    assert words(game, 2, "pass") == "pass"  # R4.1
    assert words(game, 2, "order") == "order up hearts: the dealer takes up the 9♥"
    [group] = controls(game, 2, ["pass", "order"])
    assert [(b.action, b.text) for b in buttons([group])] == [
        ("order", "Order up hearts"), ("pass", "Pass")]  # fmt: skip
    assert "R4.1" in group.note and group.label == "Order up hearts (the up card 9♥)?"
    d = told(game, 2)
    assert d.ask == "order up hearts (the up card 9♥) or pass (R4.1)"
    assert d.felt == (("Up card (R4.1)", ("9H",)),)  # R3.3: face up for all
    assert d.title == "Five-handed Euchre · deal 1 · bidding, round 1 · up card 9♥"
    game.apply("pass")
    assert told(game, None).badges[2] == ("passed",) and "dealer" in told(game, 0).badges[1]


def test_the_dealer_s_exchange_is_a_card_tap_with_its_own_ask():
    game = example()
    game.apply("order")  # R4.2: the dealer takes up the 9♥ and discards one of six
    assert game.phase == DISCARD and game.to_act == 1
    d = told(game, 1)
    assert d.ask.startswith("you took up the 9♥: discard one card face down (R4.2)")
    assert told(game, 0).ask is None and told(game, 0).felt == ()  # the 9♥ is in a hand now
    assert controls(game, 1, []) == []
    view = view_for(game, 1, seats=SEATS)
    assert view["actions"] == [] and view["ask"] == d.ask and "9H" in view["card_actions"]
    assert words(game, 1, "discard:QC") == "discard Q♣ face down and keep the 9♥ (R4.2)"
    assert words(game, 1, "discard:9H") == "discard the 9♥, the up card: no exchange (R4.2)"
    assert words(game, 1, "discard") == "discard a card face down (R4.2)"  # R10.2: others
    assert public_text(game, 1, game.parse_action("discard:QC")) == "discard"
    game.apply("discard:QC")
    assert panel(game, 1)["Your discard"] == "Q♣, face down (R4.2)"  # R10.1: his alone
    assert all("Your discard" not in panel(game, s) for s in (0, 2, 3, 4, None))


def test_the_call_is_a_grid_by_suit_and_go_alone():
    game = example()
    game.apply("order")
    game.apply("discard:QC")
    assert game.phase == CALL and game.to_act == 2
    legal = [game.event_name(a) for a in game.legal_actions()]
    call, alone = controls(game, 2, legal)
    assert call.header == ("A", "K", "Q", "J", "10", "9", "8")
    assert [[b.text for b in row] for row in call.rows] == [
        ["", "K♣", "Q♣", "J♣", "10♣", "9♣", ""],  # A♣ 8♣ in the maker's dealt hand (R6.2)
        ["", "", "Q♦", "", "10♦", "9♦", "8♦"],  # A♦ K♦ dealt to him; J♦ the left bower (R5.2)
        ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", ""],  # 8♠ dealt to him
    ]  # fmt: skip
    bower = call.rows[1][3]
    assert bower.action is None and "left bower" in bower.title and "R6.2" in bower.title
    assert "R6.2" in call.note and "R6.4" in call.note  # R6.1, R6.2, R6.4
    assert [(b.action, b.text) for b in buttons([alone])] == [("alone", "Go alone")]
    assert words(game, 2, "call:TS") == "call 10♠: its holder is the partner (R6.3)"
    assert words(game, 2, "alone") == "go alone (R6.1)"
    assert told(game, 2).ask.startswith("you made hearts trump: call your partner's card")


def test_the_secret_partner_is_told_only_to_the_holder_then_to_all_once_played():
    game = example()
    for action in ("order", "discard:QC", "call:TS"):
        game.apply(action)
    assert game.phase == PLAY
    secret = "you hold 10♠: you are the maker's secret partner (R6.3)"  # R6.3
    assert panel(game, 3)["Your secret"] == secret and "secret partner" in told(game, 3).badges[3]
    for seat in (0, 1, 2, 4, None):
        d = told(game, seat)
        assert "secret" not in str(d), seat
    assert panel(game, None)["Called card"] == ("10♠: its holder is Cy's partner, unknown until "
                                                "played (R6.3); if it is buried, Cy plays alone "
                                                "(R6.4)")  # fmt: skip
    assert words(game, 2, "KD") == "lead K♦"  # R7.1: left of the dealer leads
    for event in PLAYS[:14]:
        seat, text = event.split(":")
        game.apply(text)
    assert words(game, 3, "TS") == "play 10♠, the called card: the maker's partner (R6.3)"
    game.apply("TS")
    assert (
        panel(game, 0)["Called card"] == "10♠, played by Di in trick 3: Di is Cy's partner (R6.3)"
    )
    assert "partner" in told(game, 0).badges[3] and "Your secret" not in panel(game, 3)
    assert told(game, 0).title.endswith("trump ♥ by Cy and Di")


def test_the_deal_s_score_line_and_the_totals():
    game = example()
    for action in ("order", "discard:QC", "call:TS", *(e.split(":")[1] for e in PLAYS)):
        game.apply(action)
    assert game.deal_no == 1 and game.phase == BID1
    p = panel(game, 0)  # R8.2: the attackers took no trick: the three defenders score 4
    assert p["Last deal"] == ("Deal 1: Cy made hearts with Di (10♠ called), 0 tricks: euchred; "
                              "you, Bo and Ed +4 each (R8)")  # fmt: skip
    assert p["Totals"] == "you 4, Bo 4, Cy 0, Di 0, Ed 4; 10 points end the game (R9.1)"


def test_round_2_is_a_suit_row_and_the_stuck_dealer_cannot_pass():
    game = example()
    for _ in range(5):
        game.apply("pass")
    assert game.phase == BID2 and game.to_act == 2
    [group] = controls(game, 2, [game.event_name(a) for a in game.legal_actions()])
    [row] = group.rows
    assert [b.text for b in row] == ["", "Clubs ♣", "Diamonds ♦", "Spades ♠", "Pass"]
    assert row[0].action is None and "R4.3" in row[0].title  # hearts were turned down
    assert told(game, 2).felt == (("Turned down (R4.3)", ("9H",)),)
    assert "must" not in told(game, 2).ask
    for _ in range(4):
        game.apply("pass")
    assert game.to_act == 1  # R4.4: stick the dealer
    [group] = controls(game, 1, [game.event_name(a) for a in game.legal_actions()])
    assert group.rows[0][-1].action is None and "R4.4" in group.rows[0][-1].title
    assert "must" in told(game, 1).ask
    assert words(game, 1, "trump:S") == "name spades trump (the dealer must, all four passed: R4.4)"
    game.apply("trump:S")
    assert (
        panel(game, None)["Up card"] == "9♥, turned down: hearts cannot be trump this deal (R4.3)"
    )


def positions(n=6, seed=41):
    """The game at every position of ``n`` random games, and at each game's end."""
    for g in range(n):
        rnd = random.Random(seed * 100 + g)
        game = SPEC.part("api").GAME.new(seed, g)
        while not game.over:
            yield game
            game.apply(rnd.choice(game.legal_actions()))
        yield game


def test_every_choice_is_on_one_button_in_words_and_each_seat_is_told_its_own():
    checked = 0
    for game in positions(n=6):
        seat = game.to_act
        for viewer in [*range(N_SEATS), None]:
            d = told(game, viewer)
            assert len(d.badges) == N_SEATS
            assert (d.ask is not None) == (viewer is not None and viewer == seat)
            assert (d.ended is None) == (not game.over)
            assert not NOTATION.search(str((d.title, d.ask, d.panel, d.badges, d.ended)))
        if game.over:
            continue
        legal = [game.event_name(a) for a in game.legal_actions()]
        held = set(hand_cards(game, seat))
        actions = [a for a in legal if card_of_action(a, held) is None]
        shown = buttons(controls(game, seat, actions))
        sent = [b.action for b in shown if b.action is not None]
        assert sorted(sent) == sorted(actions)  # each on exactly one button, all legal
        for b in shown:
            assert not NOTATION.search(b.text + " " + b.title), b
            assert b.action is not None or (b.text == "" and b.title)  # a blank says why
        for a in legal:
            said = words(game, seat, a)
            assert said and not NOTATION.search(said), said
        checked += 1
    assert checked > 200


def test_a_view_does_not_change_when_what_the_viewer_may_not_know_is_replaced():
    rnd = random.Random(7)
    for k, game in enumerate(positions(n=3, seed=43)):
        viewer = [*range(N_SEATS), None][k % 6]
        other = copy.copy(game)
        other.state = game.state.copy()
        other.state[S.PUB_SIZE :] = [
            rnd.randrange(1 << 28) for _ in range(S.STATE_SIZE - S.PUB_SIZE)
        ]
        if viewer is not None:
            other.state[S.HANDS + viewer] = game.state[S.HANDS + viewer]
            if viewer == game.dealer:  # R10.1: his discard is his
                other.state[S.DISCARDED_CARD] = game.state[S.DISCARDED_CARD]
        assert told(other, viewer) == told(game, viewer), (k, viewer)


def test_the_end_says_who_reached_10_and_who_wins():
    game = next(g for g in positions(n=1, seed=3) if g.over)
    name = namer(SEATS, None)
    d = describe(game, None, name)
    reached = [SEATS[p]["name"] for p in range(N_SEATS) if game.totals[p] >= 10]
    assert d.ended.startswith(reached[0]) and "R9.1" in d.ended  # R9.1
    assert d.title.startswith("Five-handed Euchre · game over after deal")
    tied = copy.copy(game)
    tied.state = game.state.copy()
    tied.state[S.TOTALS : S.TOTALS + N_SEATS] = [10, 10, 3, 0, 2]  # R9.2: the win is shared
    deals = len(game.history)
    assert describe(tied, None, name).ended == (
        f"Ann and Bo reached 10 points after deal {deals}; Ann and Bo share the win with 10 "
        "(R9.1, R9.2)")  # fmt: skip
    tied.state[S.TOTALS : S.TOTALS + N_SEATS] = [10, 12, 3, 0, 2]
    assert describe(tied, 1, namer(SEATS, 1)).ended == (
        f"Ann and you reached 10 points after deal {deals}; you win with 12, the most "
        "(R9.1, R9.2)")  # fmt: skip
