"""Terts in words at the browser table (sim.games.terts.web_words): a move, the buttons of the
choices that are no card, the state for one viewer; none of it in record notation, and
nothing of the other hand but what R10.2 makes public.

A hand-built deal walks through each kind of decision (a declaration, its answer, the
exchange, the marriage, a lead and a follow); random games, most of them played by a
policy that prefers declarations, answers and the exchange, check every position.
"""

import random
import re

from sim.core.registry import games
from sim.games.terts import state as S
from sim.games.terts import web
from sim.games.terts.cards import CARD_NAMES, cards_of
from sim.games.terts.game import TertsGame
from sim.games.terts.vocab import ANSWER, LEAD_CARD, TARGET
from sim.web.views import Described, view_for

SPEC = games()["terts"]
NOTATION = re.compile(r"seq\d|four-[AKQJ]|\b[2-9TJQKA][SHDC]\b|\bswap\b|bid:|call:|trump:")
SEATS = [{"name": "Ann", "kind": "person"}, {"name": "Bo", "kind": "bot"}]
HANDS = ["KH KC KD KS QS AH AC AS JH", "7S 9D TD JD 7H 8H 7C 8C TC"]
STOCK = "9H TH QH 9C JC QC 7D 8D QD AD 8S TS JS"


def name_of(viewer):
    return lambda p: "you" if p == viewer else SEATS[p]["name"]


def hand_built() -> TertsGame:
    """Seat 0 deals (seat 1 leads, R5.1); trumps ♠ from the turned 9♠ (R3.4). Seat 1 holds
    the 7♠ and 9-10-J♦; seat 0 four kings, Q-K-A♠ and so the trump marriage."""
    return TertsGame.from_deals(0, lambda k: (HANDS, "9S", STOCK))


def act(game, text: str) -> None:
    game.apply(game.parse_action(text))


def buttons(groups):
    return [b for g in groups for row in g.rows for b in row]


def described(game, seat) -> Described:
    return web.describe(game, seat, name_of(seat))


def test_each_kind_of_move_in_words_and_its_buttons():
    game = hand_built()
    assert game.to_act == 1
    # R7.4b: the leader may declare first; R6.1: the holder of the 7 of trumps may exchange
    assert web.words(game, 1, "seq3-JD") == "declare a run of three to the J♦ (20)"
    assert web.words(game, 1, "swap") == "exchange the 7♠ for the turned 9♠ (R6.1)"
    assert web.words(game, 1, "TC") == "lead 10♣"  # R5.7
    groups = web.controls(game, 1, ["swap", "seq3-JD"])
    assert [g.label for g in groups] == [
        "Declare a meld before you lead",
        "Exchange the 7 of trumps",
    ]
    meld, swap = buttons(groups)
    assert (meld.action, meld.text) == ("seq3-JD", "Run of three to the J♦ (20)")
    assert "9♦ 10♦ J♦" in meld.title and "20 points" in meld.title
    assert swap.text == "Take the turned 9♠ with your 7♠" and "(R6.1)" in swap.title
    ask = described(game, 1).ask
    assert ask.startswith("lead trick 1: you may first declare one meld (R7.4b)")
    assert "exchange your 7♠ for the turned 9♠ (R6.1)" in ask

    act(game, "seq3-JD")  # R7.4c: seat 0 answers: pass, or a stronger meld (R7.5)
    assert game.phase == ANSWER and game.to_act == 0
    assert web.words(game, 0, "pass") == "pass (a run of three to the J♦ scores 20, R7.7)"
    assert web.words(game, 0, "four-K") == (
        "answer with four kings (100), stronger than a run of three to the J♦ (R7.5)")  # fmt: skip
    legal = sorted(game.event_name(a) for a in game.legal_actions())
    assert legal == ["four-K", "pass", "seq3-AS"]  # the marriage is never an answer (R7.6)
    groups = web.controls(game, 0, legal)
    assert [g.label for g in groups] == ["Beat it with", "Or pass"]
    assert [b.text for b in buttons(groups)] == ["Four kings (100)", "Run of three to the A♠ (20)",
                                                 "Pass"]  # fmt: skip
    assert described(game, 0).ask.startswith("answer Bo's declaration of a run of three to the J♦")
    for viewer in (0, 1, None):  # R10.2: the declaration and its cards are public
        told = described(game, viewer)
        assert told.badges[1] == ("leader", "declared a run of three to the J♦ (20)")
        assert told.badges[0] == ("dealer",)
        rows = dict(told.panel)
        assert rows["Declared"].startswith(f"{name_of(viewer)(1)}: a run of three to the J♦ (20), "
                                           "9♦ 10♦ J♦")  # fmt: skip
        assert told.ask is None if viewer != 0 else told.ask
        assert told.felt == (("Turned trump card, beside the stock", ("9S",)),)

    act(game, "four-K")  # R7.7: the beater scores, the beaten nothing
    assert game.phase == LEAD_CARD and game.to_act == 1
    assert described(game, 1).ask == (
        "now lead trick 1: tap any card (R7.4d): Ann beat your run of three to the J♦ with four "
        "kings (100); you may first exchange your 7♠ for the turned 9♠ (R6.1)")  # fmt: skip
    melds = dict(described(game, None).panel)["Melds this deal"]
    assert melds == ("trick 1: Bo declared a run of three to the J♦ (20); Ann beat it with four "
                     "kings, which scored 100 instead (R7.7)")  # fmt: skip

    act(game, "swap")  # R6.1: the 7 lies beside the stock, the turned card is Bo's, public
    told = described(game, 0)
    assert told.felt == (("The 7 of trumps, exchanged, beside the stock", ("7S",)),)
    rows = dict(told.panel)
    assert rows["Exchange"] == "Bo took the turned 9♠ for the 7♠ at trick 1 (R6.1)"
    assert "9♠" in rows["Known in Bo's hand"]
    assert "Known in your hand" not in dict(described(game, 1).panel)

    act(game, "TC")
    assert web.words(game, 0, "AC") == "play A♣"
    assert described(game, 0).ask == (
        "play a card on the 10♣: any card, to beat it or not (tricks 1-7, R5.4)")  # fmt: skip
    act(game, "AC")  # Ann wins (R5.2) and leads trick 2: the trump marriage scores at once
    assert game.to_act == 0
    assert web.words(game, 0, "marriage") == (
        "declare the trump marriage K♠ Q♠ (20): it scores at once, unanswered (R7.6)")  # fmt: skip
    assert web.controls(game, 0, []) == []


def test_the_card_drawn_from_beside_the_stock_lies_on_the_felt_during_trick_8():
    rnd = random.Random(5)
    game = hand_built()
    while game.trick_no < 7:  # R5.3: the loser of trick 7 draws the card beside the stock
        game.apply(rnd.choice(game.legal_actions()))
    drawer = 1 - game.leader
    swapped = int(game.state[S.SWAPPER]) >= 0  # R6.1: then the 7 of trumps lay there
    turned = CARD_NAMES[game.trump * 8 if swapped else game.turned]
    for viewer in (0, 1, None):
        felt = described(game, viewer).felt
        who = "You" if viewer == drawer else SEATS[drawer]["name"]
        assert felt == ((f"{who} drew it from beside the stock", (turned,)),)  # R10.2


def choose(game, rnd, melding: bool) -> int:
    acts = game.legal_actions()
    special = [a for a in acts if a >= 32]
    if melding and special and rnd.random() < 0.8:
        return rnd.choice(special)
    return rnd.choice(acts)


def positions(n=6, seed=41):
    for g in range(n):
        rnd = random.Random(seed + g)
        game = SPEC.part("api").GAME.new(seed, g)
        while not game.over:
            yield game
            game.apply(choose(game, rnd, melding=g % 3 != 0))
        yield game


def public_cards(game, viewer) -> set[str]:
    """The cards of the other hand ``viewer`` may see named (R10.2: ``KNOWN``)."""
    known = 0
    for p in range(2):
        if p != viewer:
            known |= int(game.state[S.KNOWN + p])
    return {CARD_NAMES[c] for c in cards_of(known)}


def as_notation(text: str) -> set[str]:
    text = re.sub(r"\b10(?=[♠♥♦♣])", "T", text)
    text = text.translate(str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}))
    return set(re.findall(r"\b[7-9TJQKA][SHDC]\b", text))


def test_every_position_has_buttons_words_and_a_state_in_words():
    seen, count = set(), 0
    for game in positions():
        count += 1
        over = game.over
        to_act = None if over else game.to_act
        texts = [game.event_name(a) for a in game.legal_actions()] if not over else []
        hand = {CARD_NAMES[c] for c in cards_of(game.hand(to_act))} if to_act is not None else set()
        for t in texts:
            said = web.words(game, to_act, t)
            assert said and not NOTATION.search(said), (t, said)
            assert said.split()[0] in ("lead", "play", "declare", "answer", "pass", "exchange")
        actions = [t for t in texts if t not in hand]
        if to_act is not None:
            groups = web.controls(game, to_act, actions)
            sent = [b.action for b in buttons(groups)]
            assert sorted(sent) == sorted(actions)  # each on exactly one button, all legal
            for g in groups:
                assert g.label and g.note and not NOTATION.search(g.label + g.note)
                for b in (b for row in g.rows for b in row):
                    assert b.text and not NOTATION.search(b.text + " " + b.title), b
            seen |= {g.label for g in groups}
        for viewer in (0, 1, None):
            told = described(game, viewer)
            assert (told.ask is not None) == (viewer is not None and viewer == to_act)
            assert len(told.badges) == 2
            assert (told.ended is None) == (not over)
            panel = [w for row in told.panel for w in row]
            badges = [b for bs in told.badges for b in bs]
            words = [told.title, told.ask or "", *panel, *badges, *(f[0] for f in told.felt)]
            assert not any(NOTATION.search(w) for w in words), words
            # R10.1, R10.2: no card of the other hand but the public ones, on the felt too
            others = set().union(*({CARD_NAMES[c] for c in cards_of(game.hand(p))}
                                   for p in range(2) if p != viewer))  # fmt: skip
            named = set().union(*(as_notation(w) for w in words))
            named |= {c for f in told.felt for c in f[1]}
            assert not named & (others - public_cards(game, viewer)), (viewer, named & others)
        if over:
            seen.add("over")
    assert count > 300
    assert {"Declare a meld before you lead", "Beat it with", "Or pass", "Pass",
            "Exchange the 7 of trumps", "over"} <= seen  # fmt: skip


def test_why_the_game_ended():
    rnd = random.Random(2)
    game = SPEC.part("api").GAME.new(11, 0)
    while not game.over:
        assert described(game, None).ended is None
        game.apply(rnd.choice(game.legal_actions()))
    ended = described(game, 0).ended
    totals = game.totals
    # R9.1, R9.2: the game ends after the deal in which a total reaches 501
    assert max(totals) >= TARGET
    assert re.fullmatch(r"(you|Bo) reached 501 after deal \d: \d+ to \d+ \(R9\.1, R9\.2\)|"
                        r"both totals reached 501 .*|a tie: .*", ended), ended  # fmt: skip
    assert f"{max(totals)} to {min(totals)}" in ended or "tie" in ended
    assert view_for(game, 0, seats=SEATS)["result"]["why"] == ended  # the view carries it


def test_only_the_answering_seat_is_told_that_nothing_of_its_own_beats_the_meld():
    for game in positions(n=6):
        if game.over or game.phase != ANSWER:
            continue
        legal = {game.event_name(a) for a in game.legal_actions()}
        seat = game.to_act
        if legal - {"swap"} == {"pass"}:  # R7.5: no stronger meld in the hand
            assert "nothing of yours beats it" in described(game, seat).ask
            assert "Pass" in [g.label for g in web.controls(game, seat, sorted(legal))]
            for viewer in (1 - seat, None):
                told = described(game, viewer)
                assert not any("beats" in w for row in told.panel for w in row)
            return
    raise AssertionError("no forced pass in the random games")
