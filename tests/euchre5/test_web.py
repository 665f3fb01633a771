"""Five-handed Euchre's public block of a seat's view (``sim.games.euchre5.web``).

At every position of random games played through the checked game: the block is JSON
with its fields, each field agrees with the deal as its public events tell it (replayed
here a second way, with a trick winner of its own), no card a seat holds is named in it,
it is the same for every seat and the spectator but for ``ask``, and it does not change
when everything private (the private slots, the dealt hands, the kitty, the discard) is
replaced by something else.
"""

import copy
import dataclasses
import json
import random
import re

import pytest

from sim.core.registry import games
from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import CARD_NAMES, card_text, effective_suit, parse_card
from sim.games.euchre5.vocab import (
    BID1,
    BID2,
    CALL,
    DISCARD,
    OVER,
    PASS,
    PLAY,
    RJ,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
)
from sim.games.euchre5.web import public_view
from sim.web.views import view_for

SPEC = games()["euchre5"]
N_GAMES = 24
SEATS = [*range(5), None]
FIELDS = {
    "phase", "deal_no", "dealer", "to_win", "round", "up_card", "up_card_status", "taken_up",
    "passed", "maker", "trump", "trump_symbol", "called", "alone", "partner",
    "partner_shown_in_trick", "attackers", "attackers_tricks", "trick_no", "led_suit",
    "winning", "tricks_won", "cards_left", "void", "previous", "ask",
}  # fmt: skip
SEAT_FIELDS = {"ask"}  # the only field that is the seat's own
PHASE_WORDS = {BID1: "bidding, round 1", DISCARD: "the dealer's exchange",
               BID2: "bidding, round 2", CALL: "the maker's call", PLAY: "play",
               OVER: "over"}  # fmt: skip
READABLE = re.compile(r"(?:10|[89JQKA])[♥♣♦♠]")  # a card as a person reads it: A♠, 10♦


def positions(n=N_GAMES, seed=29):
    """The game at every position of ``n`` random games, and at each game's end."""
    api = SPEC.part("api").GAME
    for g in range(n):
        rnd = random.Random(seed * 1000 + g)
        game = api.new(seed, g)
        while not game.over:
            yield game
            game.apply(rnd.choice(game.legal_actions()))
        yield game


def power(card: int, trump: int, led: int) -> int:
    """A card's strength in a trick, written again (R5.1, R1.4, R7.3)."""
    suit = effective_suit(card, trump)
    if suit == trump:
        return 30 if card == trump * 8 + RJ else 29 if card % 8 == RJ else 20 + card % 8
    return card % 8 if suit == led else -1


def replay(events: list[tuple[int, str]], up: int) -> dict:
    """The public facts of a deal from its events alone (R4, R6, R7, R10.3)."""
    f = {"round": 1, "maker": None, "trump": None, "called": None, "alone": None,
         "ordered": False, "r1": [], "r2": [], "plays": []}  # fmt: skip
    stage = "r1"
    for seat, text in events:
        if stage == "r1":
            f["r1"].append(seat if text == "pass" else None)
            if text == "order":
                f.update(maker=seat, trump=up >> 3, ordered=True)
                stage = "discard"
            elif len(f["r1"]) == 5:
                f["round"], stage = 2, "r2"
        elif stage == "discard":
            assert text.startswith("discard:")
            stage = "call"
        elif stage == "r2":
            f["r2"].append(seat if text == "pass" else None)
            if text.startswith("trump:"):
                f.update(maker=seat, trump=SUITS.index(text[-1]))
                stage = "call"
        elif stage == "call":
            f["alone"] = text == "alone"
            f["called"] = None if f["alone"] else parse_card(text.removeprefix("call:"))
            stage = "play"
        else:
            f["plays"].append((seat, parse_card(text)))
    f["stage"] = stage
    tricks = [f["plays"][k : k + 5] for k in range(0, len(f["plays"]), 5)]
    f["won"], f["void"], f["led"], f["best"] = [0] * 5, [set() for _ in range(5)], None, None
    for trick in tricks:
        led = effective_suit(trick[0][1], f["trump"])
        for seat, card in trick[1:]:
            if effective_suit(card, f["trump"]) != led:
                f["void"][seat].add(led)
        best = max(trick, key=lambda sc: power(sc[1], f["trump"], led))[0]
        if len(trick) == 5:
            f["won"][best] += 1
        else:
            f["led"], f["best"] = led, best
    f["trick_no"] = len(tricks) - int(len(tricks[-1]) < 5) if tricks else 0
    f["partner"], f["partner_trick"] = None, None
    for i, (seat, card) in enumerate(f["plays"]):
        if card == f["called"]:
            f["partner"], f["partner_trick"] = seat, i // 5 + 1
    return f


def views(game) -> dict:
    return {seat: public_view(game, seat) for seat in SEATS}


def test_the_block_is_json_with_its_fields_and_is_the_view_s_public():
    for game in positions(n=4):
        for seat in SEATS:
            pub = public_view(game, seat)
            assert json.loads(json.dumps(pub, allow_nan=False)) == pub
            assert set(pub) == FIELDS
        assert view_for(game, game.to_act)["public"] == public_view(game, game.to_act)


def test_every_field_agrees_with_the_deal_s_public_events():
    seen = set()
    for game in positions():
        pub, deal, phase = public_view(game, None), game.history[-1], game.phase
        f = replay(deal.events, deal.up)
        assert pub["phase"] == PHASE_WORDS[phase]
        assert pub["deal_no"] == len(game.history) and pub["dealer"] == deal.dealer
        assert pub["to_win"] == 10  # R9.1
        assert pub["round"] == f["round"] and pub["maker"] == f["maker"]
        shown = phase == BID1 or f["round"] == 2  # on the table, or turned down (R4.3)
        assert pub["up_card"] == (CARD_NAMES[deal.up] if shown else None)
        assert pub["taken_up"] == (card_text(deal.up) if f["ordered"] else None)
        assert (pub["up_card_status"] is None) == (not shown and not f["ordered"])
        bids = f["r1"] if phase == BID1 else f["r2"] if phase == BID2 else []
        assert pub["passed"] == sorted(s for s in bids if s is not None)
        trump = f["trump"]
        assert pub["trump"] == (None if trump is None else SUIT_NAMES[trump])
        assert pub["trump_symbol"] == (None if trump is None else SUIT_SYMBOLS[trump])
        assert pub["called"] == (None if f["called"] is None else card_text(f["called"]))
        assert (pub["alone"] is None) == (f["alone"] is None)
        assert (pub["alone"] == "by choice") == bool(f["alone"])  # R6.1
        forced = game.over and f["alone"] is False and f["partner"] is None  # R6.4
        assert (pub["alone"] or "").startswith("forced") == forced
        assert pub["partner"] == f["partner"]
        assert pub["partner_shown_in_trick"] == f["partner_trick"]
        attackers = [s for s in (f["maker"], f["partner"]) if s is not None]
        assert pub["attackers"] == attackers
        known = f["alone"] or f["partner"] is not None or forced
        want = sum(f["won"][s] for s in attackers) if known else None
        assert pub["attackers_tricks"] == want
        assert pub["tricks_won"] == f["won"]  # R7.3, by this file's own trick winner
        assert pub["trick_no"] == (f["trick_no"] + (phase == PLAY) if f["stage"] == "play" else 0)
        assert pub["led_suit"] == (None if f["led"] is None else SUIT_NAMES[f["led"]])
        assert pub["winning"] == f["best"]
        assert pub["cards_left"] == [bin(game.hand(p)).count("1") for p in range(5)]
        assert pub["void"] == [[SUIT_NAMES[s] for s in sorted(v)] for v in f["void"]]
        for p, suits in enumerate(pub["void"]):  # R7.2: a void shown is a void held
            for name in suits:
                led = SUIT_NAMES.index(name)
                assert not any(effective_suit(c, trump) == led for c in held(game, p))
        check_previous(game, pub["previous"])
        seen |= {PHASE_WORDS[phase], f"round {f['round']}"}
        seen |= {"partner shown"} if pub["partner"] is not None else set()
        seen |= {f"alone {pub['alone']}"} if pub["alone"] else set()
        seen |= {"void"} if any(pub["void"]) else set()
        seen |= {f"previous {pub['previous']['alone'][:6]}"} if pub["previous"] else set()
    want = {*PHASE_WORDS.values(), "round 1", "round 2", "partner shown", "void",
            "alone by choice", "previous no", "previous by cho", "previous forced"}  # fmt: skip
    assert want <= seen, sorted(want - seen)


def held(game, seat: int) -> list[int]:
    return [c for c in CARD_NAMES if game.hand(seat) >> c & 1]


def check_previous(game, prev: dict | None) -> None:
    """The deal that ended last, against its own events and the totals before it."""
    ended = [d for d in game.history if d.points]
    if not ended:
        assert prev is None
        return
    d = ended[-1]
    f = replay(d.events, d.up)
    before = ended[-2].totals if len(ended) > 1 else [0] * 5
    assert prev["deal"] == d.number + 1 == len(ended) and prev["dealer"] == d.dealer
    assert prev["maker"] == f["maker"] and prev["trump"] == SUIT_NAMES[f["trump"]]
    assert prev["called"] == (None if f["called"] is None else card_text(f["called"]))
    assert prev["partner"] == f["partner"] and prev["tricks"] == f["won"]
    assert prev["totals"] == game.totals  # totals change only when a deal ends (R9.1)
    assert prev["points"] == [t - b for t, b in zip(prev["totals"], before, strict=True)]
    assert prev["points"] == points(f)
    want = "by choice" if f["alone"] else "no" if f["partner"] is not None else "forced"
    assert prev["alone"].startswith(want)


def points(f: dict) -> list[int]:
    """R8.2, R8.3: each attacker the attackers' points, each defender the defenders'."""
    attackers = {f["maker"], f["partner"]} - {None}
    t = sum(f["won"][s] for s in attackers)
    attack = (5 if f["partner"] is None else 2) if t == 5 else 1 if t >= 3 else 0
    defend = 0 if t >= 3 else 2 if t >= 1 else 4
    return [attack if p in attackers else defend for p in range(5)]


def test_no_card_a_seat_holds_is_named_and_readable_cards_are_the_public_ones():
    for game in positions():
        deal = game.history[-1]
        hands = {CARD_NAMES[c] for p in range(5) for c in held(game, p)}
        public = {card_text(deal.up)}  # R10.3: the up card and the called cards are public
        called = [replay(d.events, d.up)["called"] for d in game.history[-2:]]
        public |= {card_text(c) for c in called if c is not None}
        for seat, pub in views(game).items():
            text = json.dumps(pub, ensure_ascii=False)
            named = set(re.findall(r"[0-9A-Za-z]+", text)) & set(CARD_NAMES.values())
            assert not named & hands, f"seat {seat} sees {sorted(named & hands)}"
            assert set(READABLE.findall(text)) <= public, text


def test_the_block_is_the_same_for_every_seat_but_the_ask_of_the_seat_to_act():
    asked = 0
    for game in positions():
        seen = views(game)
        common = [{k: v for k, v in pub.items() if k not in SEAT_FIELDS} for pub in seen.values()]
        assert all(c == common[0] for c in common)
        for seat, pub in seen.items():
            mine = seat is not None and seat == game.to_act
            assert isinstance(pub["ask"], str) == mine and (pub["ask"] is None) == (not mine)
            asked += mine
    assert asked > 1000


def test_the_ask_says_what_the_rules_allow():
    found = set()
    for game in positions(n=8):
        if game.over:
            continue
        ask, legal = public_view(game, game.to_act)["ask"], game.legal_mask()
        phase = game.phase
        if phase == BID2:
            assert ("must" in ask) == (not legal >> PASS & 1)  # R4.4 stick the dealer
        if phase == PLAY and "lead" not in ask:
            led = int(game.state[S.LED_SUIT])
            can = any(effective_suit(c, game.trump) == led for c in held(game, game.to_act))
            assert ask.startswith("follow") == can  # R7.2
            assert SUIT_NAMES[led] in ask
        found.add(ask.split()[0])
    stuck = SPEC.part("api").GAME.new(29, 0)
    for _ in range(9):  # five passes in round 1, four in round 2: the dealer is stuck
        stuck.apply("pass")
    assert not stuck.legal_mask() >> PASS & 1 and stuck.to_act == stuck.dealer
    found.add(public_view(stuck, stuck.dealer)["ask"].split()[0])
    assert "must" in public_view(stuck, stuck.dealer)["ask"]
    assert {"order", "discard", "name", "all", "call", "lead", "follow", "you"} <= found


@pytest.mark.parametrize("who", ["spectator", "to act"])
def test_the_block_does_not_change_when_everything_private_is_replaced(who):
    rnd = random.Random(5)
    for game in positions(n=8):
        seat = None if who == "spectator" or game.over else game.to_act
        other = copy.copy(game)
        other.state = game.state.copy()
        tail = [rnd.randrange(1 << 28) for _ in range(S.STATE_SIZE - S.PUB_SIZE)]
        other.state[S.PUB_SIZE :] = tail
        if seat is not None:
            other.state[S.HANDS + seat] = game.state[S.HANDS + seat]  # its own hand only
        other.history = [dataclasses.replace(d, hands=[0] * 5, kitty=0, events=[
            (s, "discard:" + CARD_NAMES[rnd.randrange(7)] if t.startswith("discard:") else t)
            for s, t in d.events]) for d in game.history]  # fmt: skip
        if not game.history[-1].points:  # the deal under way: its partner is nobody's yet
            other.history[-1] = dataclasses.replace(other.history[-1], partner=3)
        assert public_view(other, seat) == public_view(game, seat)
