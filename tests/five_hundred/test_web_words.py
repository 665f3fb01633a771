"""Five Hundred in words in the browser (sim.games.five_hundred.web_words): the moves, the
bid grid and the state, on hand-built deals (rules_deals) and on random positions.
"""

import random
import re

from sim.core.registry import games
from sim.games.five_hundred import state as S
from sim.games.five_hundred.vocab import AUCTION, DEAL_CAP, DISCARD, MINUS_500, OVER, PASS
from sim.games.five_hundred.vocab import REACHED_500 as REACHED
from sim.web.views import Button, action_words, card_of_action, hand_cards, public_text, view_for
from tests.five_hundred.rules_deals import A_PLAY, E_PLAY, SPREAD, game_on, play
from tests.five_hundred.test_web import STRAIN_WORDS, VALUES  # R4.3, R5.2

SPEC = games()["five-hundred"]
WEB = SPEC.part("web")
NAMES = ("Ann", "Bo", "Cy", "Di")
N = "\u202f"  # the narrow space of a bid: 7 ♥ (web_words.BID_SPACE)
NOTATION = re.compile(r"\b(bid|call|trump|discard):|seq|\b[2-9TJQKA][SHDC]\b|\bJK\b|=[HCDS]")
HEADER = ("♣", "♦", "♥", "♠", "NT")  # R4.3, lowest first


def named(viewer):
    return lambda p: "you" if p == viewer else NAMES[p]


def fixed(p):
    return NAMES[p]


def buttons(groups):
    return [b for g in groups for row in g.rows for b in row]


def auction(events: str = ""):
    game = game_on(SPREAD, 3)  # dealer 3: seat 0 calls first (R4.1)
    if events:
        play(game, events)
    return game


# -- words -----------------------------------------------------------------------------------
def test_a_call_is_a_bid_with_its_value_or_a_pass():
    game = auction()
    # R4.2, R5.2: the bid and its value; R4.1: a pass
    assert WEB.words(game, 0, "bid:7H") == f"bid 7{N}♥ (180)"
    assert WEB.words(game, 0, "bid:10NT") == f"bid 10{N}NT (520)"
    assert WEB.words(game, 0, "pass") == "pass"
    assert action_words(game, 0, "bid:6C") == f"bid 6{N}♣ (40)"


def test_a_discard_is_named_to_the_contractor_and_face_down_to_the_others():
    game = auction("0:bid:6NT 1:pass 2:pass 3:pass")
    assert game.phase == DISCARD
    # R6.1: the contractor's own words name the card; R11.1: the log's never do
    assert WEB.words(game, 0, "discard:4D") == "discard 4♦ face down (1 of 3)"
    assert WEB.words(game, 0, "discard:JK") == "discard the joker face down (1 of 3)"
    shown = public_text(game, 0, game.legal_actions()[0])
    assert shown == "discard"
    assert action_words(game, 0, shown) == "discard a card face down (1 of 3)"
    play(game, "0:discard:4D")
    assert WEB.words(game, 0, "discard") == "discard a card face down (2 of 3)"


def test_a_card_is_led_or_played_and_the_joker_led_in_no_trumps_names_a_suit():
    game = auction("0:bid:6NT 1:pass 2:pass 3:pass")
    events = A_PLAY.split()
    play(game, " ".join(events[:3]))  # the discards
    assert WEB.words(game, 0, "AH") == "lead A♥"  # R7.1
    play(game, "0:AH")
    assert WEB.words(game, 1, "5C") == "play 5♣"
    play(game, " ".join(events[4:-4]))
    assert game.to_act == 0 and "JK=H" in [game.event_name(a) for a in game.legal_actions()]
    # R8.2: the joker led in no trumps names the suit to follow
    assert WEB.words(game, 0, "JK=H") == "lead the joker as a heart ♥"
    assert WEB.words(game, 0, "JK=S") == "lead the joker as a spade ♠"
    trump = auction("0:bid:6H 1:pass 2:pass 3:pass")
    play(trump, " ".join(E_PLAY.split()[:3]))
    assert WEB.words(trump, 0, "TH") == "lead 10♥"
    assert WEB.words(trump, 0, "JK") == "lead the joker"  # a trump lead: no suit named (R8.2)
    play(trump, "0:AH")
    assert WEB.words(trump, 1, "JK") == "play the joker"


# -- controls: the bid grid --------------------------------------------------------------------
def test_the_first_call_shows_every_bid_in_a_grid_by_level_and_strain_with_its_value():
    game = auction()
    grid, passing = WEB.controls(game, 0, [game.event_name(a) for a in game.legal_actions()])
    assert grid.header == HEADER  # R4.3
    assert len(grid.rows) == 5 and all(len(r) == 5 for r in grid.rows)  # R4.4: 6 to 10
    for i, row in enumerate(grid.rows):
        for j, b in enumerate(row):
            tricks = 6 + i
            assert b.text == f"{tricks}{N}{HEADER[j]}\n{VALUES[i][j]}"  # the value shown (#47.12)
            assert b.title == f"{tricks} {STRAIN_WORDS[j]}: {VALUES[i][j]} points"  # R5.2
    assert grid.rows[1][2].action == "bid:7H" and grid.rows[4][4].action == "bid:10NT"
    assert [b.action for b in buttons([passing])] == ["pass"]
    assert "R4.5" in passing.note and "R4.4" in grid.note


def test_a_bid_not_above_the_standing_one_is_a_blank_cell_saying_why():
    game = auction("0:bid:7H")
    legal = [game.event_name(a) for a in game.legal_actions()]
    grid, _ = WEB.controls(game, 1, legal)
    row7 = grid.rows[1]
    # R4.4: 7♣ 7♦ 7♥ do not beat 7♥; 7♠ does
    assert [b.action for b in row7] == [None, None, None, "bid:7S", "bid:7NT"]
    assert row7[0] == Button(
        None, "", f"7 clubs: 140 points: not above the standing 7{N}♥ (180) (R4.4)"
    )
    assert all(b.action is None for b in grid.rows[0])
    assert grid.note.startswith(f"A bid must beat 7{N}♥ (180)")


def test_after_ten_no_trumps_only_pass_is_offered():
    game = auction("0:bid:10NT")
    (only,) = WEB.controls(game, 1, ["pass"])
    assert [b.action for b in buttons([only])] == ["pass"] and "R4.6" in only.note  # R4.6
    ask = WEB.describe(game, 1, named(1)).ask
    assert ask == f"pass: 10{N}NT (520) stands (R4.6)"


# -- describe -------------------------------------------------------------------------------------
def test_the_asks_tell_every_kind_of_decision_apart():
    game = auction()
    assert WEB.describe(game, 0, named(0)).ask.startswith("bid (6")
    assert WEB.describe(game, 1, named(1)).ask is None
    play(game, "0:bid:6NT 1:pass 2:pass 3:pass")
    # R6.1: the discard of 3 from 13, then how many are left
    assert WEB.describe(game, 0, named(0)).ask == (
        "you took up the kitty: discard 3 of your 13 cards face down, one at a time (R6.1)"
    )
    play(game, "0:discard:4D")
    assert WEB.describe(game, 0, named(0)).ask == (
        "discard 2 more cards face down (R6.1): 12 in hand, 10 kept"
    )
    play(game, "0:discard:5H 0:discard:6H")
    ask = WEB.describe(game, 0, named(0)).ask
    assert ask.startswith("lead the first trick (R7.1)") and "R8.2" in ask  # he holds the joker
    play(game, "0:AH")
    assert WEB.describe(game, 1, named(1)).ask == "you cannot follow hearts: play any card (R7.2)"


def test_the_panel_badges_and_title_of_a_contract_in_play():
    game = auction("0:bid:6NT 1:pass 2:pass 3:pass")
    play(game, " ".join(A_PLAY.split()[:7]))  # the discards, the first trick
    d = WEB.describe(game, 1, named(1))
    assert d.title == f"Five Hundred · deal 1 · 6{N}NT (120) by Ann and Cy · no trumps"
    panel = dict(d.panel)
    assert panel["Contract"] == "6 no trumps by Ann, partner Cy: worth 120 (R5.2)"
    assert panel["Kitty"] == "taken by Ann, 3 discarded face down (R6.1)"
    assert panel["Tricks"] == (
        "Ann and Cy need 6, have 1 · you and Di have 0, 5 would defeat the contract (R9.1)"
    )
    assert d.badges == (("contractor",), (), ("partner",), ("dealer",))
    assert d.felt == () and d.ended is None
    # R11.1: only the contractor is told the kitty he took up and what he discarded
    own = dict(WEB.describe(game, 0, named(0)).panel)["Kitty"]
    assert own.endswith("you took up 4♥, 4♦, the joker; you discarded 5♥, 6♥, 4♦")
    play(game, " ".join(A_PLAY.split()[7 : 3 + 4 * 6]))  # seat 0 takes tricks 2-6 too
    assert dict(WEB.describe(game, 1, named(1)).panel)["Tricks"] == (
        "Ann and Cy need 6, have 6: made · you and Di have 0 (R9.1)"  # R9.1
    )


def test_the_auction_s_panel_and_badges():
    game = auction("0:bid:7H 1:pass")
    d = WEB.describe(game, 2, named(2))
    assert d.title == "Five Hundred · deal 1 · the auction"
    panel = dict(d.panel)
    assert panel["Calls"] == f"Ann 7{N}♥ · Bo passed"
    assert panel["Standing bid"] == f"7{N}♥ (180) by Ann"
    assert d.badges == ((f"bid 7{N}♥",), ("passed",), (), ("dealer",))


def test_the_last_deal_and_the_totals():
    game = auction("0:bid:6NT 1:pass 2:pass 3:pass " + A_PLAY)  # seat 0 takes all ten
    panel = dict(WEB.describe(game, None, fixed).panel)
    # R9.1, R9.2: 6NT made: +120, the defenders no trick: +0
    assert panel["Last deal"] == (
        f"Deal 1: Ann and Cy made 6{N}NT with 10 tricks: +120; Bo and Di +0 (R9)"
    )
    assert panel["Totals"].startswith("Ann and Cy 120 · Bo and Di 0")
    thrown = auction("0:pass 1:pass 2:pass 3:pass")  # R4.7
    assert dict(WEB.describe(thrown, None, fixed).panel)["Last deal"] == (
        "Deal 1: thrown in, all four passed: no points (R4.7)"
    )


def ended(end: int, winner: int, totals: tuple[int, int]) -> str:
    game = auction()
    s = game.state
    s[S.PHASE], s[S.END], s[S.WINNER] = OVER, end, winner
    s[S.TOTALS], s[S.TOTALS + 1] = totals
    assert game.over
    return WEB.describe(game, 1, named(1)).ended


def test_why_the_game_ended():
    assert ended(REACHED, 0, (520, 130)) == "Ann and Cy reached 500 in deal 1: 520 to 130 (R10.1)"
    assert ended(REACHED, 1, (510, 530)) == (
        "both sides reached 500 in deal 1: you and Di win as the contractors, 530 to 510 (R10.2)"
    )
    assert ended(MINUS_500, 0, (40, -520)) == (
        "you and Di fell to -520 in deal 1: Ann and Cy win with 40 (R10.3)"
    )
    assert ended(DEAL_CAP, -1, (300, 300)) == "nobody won in 200 deals: a tie at 300 each (R10.4)"


# -- random positions ----------------------------------------------------------------------------
def positions(n_games=4, seed=41):
    """Every position of random games (callers pass 70 % of the time in odd games)."""
    game_cls = SPEC.part("api").GAME
    for g in range(n_games):
        rnd = random.Random(seed + g)
        game = game_cls.new(seed, g)
        rate = 0.7 if g % 2 else 0.0
        while not game.over:
            yield game
            if game.phase == AUCTION and rnd.random() < rate:
                game.apply(PASS)
            else:
                game.apply(rnd.choice(game.legal_actions()))
        yield game


def test_random_positions_put_every_call_on_one_button_and_say_it_in_words():
    checked, ends = 0, 0
    for game in positions():
        if game.over:
            d = WEB.describe(game, None, fixed)
            assert d.ended and re.search(r"\(R10\.\d\)$", d.ended) and d.ask is None
            ends += 1
            continue
        seat = game.to_act
        legal = [game.event_name(a) for a in game.legal_actions()]
        held = set(hand_cards(game, seat))
        actions = [t for t in legal if card_of_action(t, held) is None]
        sent = [b.action for b in buttons(WEB.controls(game, seat, actions)) if b.action]
        assert sorted(sent) == sorted(actions)  # each on exactly one button
        for b in buttons(WEB.controls(game, seat, actions)):
            assert not NOTATION.search(b.text + " " + b.title), b
        for text in legal:
            said = WEB.words(game, seat, text)
            assert said and not NOTATION.search(said), said
            shown = public_text(game, seat, game.legal_actions()[legal.index(text)])
            if shown == "discard":  # R11.1: the others never read the card
                assert action_words(game, seat, shown).startswith("discard a card face down")
        view_for(game, seat)  # raises if a button sends an action that is not legal
        spectator = WEB.describe(game, None, fixed)
        for viewer in range(4):
            d = WEB.describe(game, viewer, fixed)
            assert (d.ask is not None) == (viewer == seat)
            assert len(d.badges) == 4 and d.ended is None
            for what, words in (("title", d.title), ("ask", d.ask or ""), *d.panel):
                assert not NOTATION.search(words), (what, words)
            # R11.1: nothing but the contractor's own kitty line depends on the viewer
            same = d.panel == spectator.panel and d.badges == spectator.badges
            assert d.title == spectator.title
            if viewer != game.contractor or game.phase == AUCTION:
                assert same
            else:
                assert "you took up" in dict(d.panel)["Kitty"]
        checked += 1
    assert checked > 300 and ends == 4
