"""Terts's public block in the browser view (sim.games.terts.web): what R10.2 makes public.

Random games are played through the checked game, some uniformly, most by a policy that
prefers declarations, answers and the exchange (uniform play rarely declares). Beside
each game a tracker follows its events and works out again, from the rules, what the
block should say (the trick winners, the points, the melds and what became of them, the
cards of each hand both seats know of). At every position the block is compared with it,
checked as JSON, for cards of a hand that are not public and for stock cards, and for
the three viewers (both seats, a spectator) being shown the same but for ``notes``.
"""

import copy
import json
import random
import re

import pytest

from sim.core.registry import games
from sim.games.terts import state as S
from sim.games.terts import web
from sim.games.terts.cards import CARD_NAMES
from sim.games.terts.vocab import (
    FOLLOW,
    FOUR_RANK,
    KIND_NAMES,
    MARRIAGE,
    PASS,
    SEQ,
    STOCK_SIZE,
    SWAP,
    seq_of,
)
from sim.web.views import view_for

SPEC = games()["terts"]
UNIFORM, MELDING = 8, 16  # games played uniformly at random, and by the melding policy
SEED = 29
PHASES = ("lead", "answer", "lead-card", "follow", "between", "over")
SUIT_WORDS = (("H", "hearts", "♥"), ("C", "clubs", "♣"), ("D", "diamonds", "♦"),
              ("S", "spades", "♠"))  # fmt: skip
TRUMP_ORDER, PLAIN_ORDER = "J9ATKQ87", "ATKQJ987"  # R4.1, R4.2 strongest first
POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}  # R4.3 trumps
PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # R4.3 plain suits
MELD_POINTS = {
    "seq3": 20,
    "seq4": 50,
    "seq5": 100,
    "seq6": 100,
    "seq7": 100,
    "seq8": 100,
    "four-Q": 100,
    "four-K": 100,
    "four-A": 100,
    "four-J": 200,
    "marriage": 20,
}  # fmt: skip  R7.1
SEAT_FIELDS = {"notes"}


def rank(card: int) -> str:
    return CARD_NAMES[card][0]


def names(cards) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def tokens(value) -> set[str]:
    return set(re.findall(r"[0-9A-Za-z]+", json.dumps(value, ensure_ascii=False)))


class Tracker:
    """A deal followed from its events and the rules, not from the game's public slots."""

    def __init__(self, game):
        self.first_dealer = game.history[0].dealer
        self.deal, self.dealer, self.totals, self.previous = 0, self.first_dealer, [0, 0], None
        self.new_deal(game)

    def new_deal(self, game):
        self.deal += 1
        self.turned = game.history[-1].turned
        self.trump = self.turned // 8
        self.bottom, self.exchange = self.turned, None
        self.known = [set(), set()]
        self.melds, self.settled = [], False  # settled: a declaration this lead is done
        self.lead, self.done, self.last = None, 0, None
        self.won, self.card_points, self.meld_points = [0, 0], [0, 0], [0, 0]

    def meld(self, action: int, hand: int) -> tuple[str, list[int]]:
        """The meld's record name and cards, from the declarer's hand (R7.1, R7.3a)."""
        if action == MARRIAGE:
            return "marriage", [self.trump * 8 + 6, self.trump * 8 + 5]
        if action < SEQ:
            r = FOUR_RANK[action]
            return f"four-{CARD_NAMES[r][0]}", [s * 8 + r for s in range(4)]
        suit, top = seq_of(action)
        cards = [suit * 8 + top]
        while cards[-1] % 8 and hand >> (cards[-1] - 1) & 1:
            cards.append(cards[-1] - 1)
        return f"seq{len(cards)}-{CARD_NAMES[suit * 8 + top]}", cards

    def entry(self, seat, action, hand, status, answer):
        name, cards = self.meld(action, hand)
        self.known[seat] |= set(cards)
        kind = name if not name.startswith("seq") else name.split("-")[0]
        return {"trick": self.done + 1, "seat": seat, "meld": name, "kind": kind,
                "cards": [CARD_NAMES[c] for c in cards], "points": MELD_POINTS[kind],
                "status": status, "answer": answer}  # fmt: skip

    def score(self, m):
        m["status"] = "scored"
        self.meld_points[m["seat"]] += m["points"]

    def beats(self, card: int, best: int) -> bool:
        if card // 8 == best // 8:
            order = TRUMP_ORDER if card // 8 == self.trump else PLAIN_ORDER
            return order.index(rank(card)) < order.index(rank(best))
        return card // 8 == self.trump

    def worth(self, card: int) -> int:
        return (POINTS if card // 8 == self.trump else PLAIN).get(rank(card), 0)

    def act(self, game, action: int) -> None:
        """Apply ``action`` to the game and follow it here."""
        seat, hand, deals = game.to_act, game.hand(game.to_act), len(game.deal_rows)
        seven = self.trump * 8
        if action == SWAP:  # R6.1: the exchanger now holds the turned card (R10.2)
            self.known[seat] = (self.known[seat] - {seven}) | {self.bottom}
            self.exchange = {"seat": seat, "trick": self.done + 1, "gave": CARD_NAMES[seven],
                             "took": CARD_NAMES[self.bottom]}  # fmt: skip
            self.bottom = seven
        elif action == PASS:  # R7.7 the leader scores
            self.score(self.melds[-1])
            self.settled = True
        elif action > SWAP:
            pending = self.melds and self.melds[-1]["status"] == "pending"
            m = self.entry(seat, action, hand, "pending", bool(pending))
            if pending:  # R7.7 beaten: the follower scores, the leader nothing
                self.melds[-1]["status"] = "beaten"
            if pending or action == MARRIAGE:  # R7.6 the marriage scores at once
                self.score(m)
                self.settled = True
            self.melds.append(m)
        elif self.lead is None:
            self.known[seat].discard(action)
            self.lead = (seat, action)
        else:
            self.known[seat].discard(action)
            leader, led = self.lead
            winner = seat if self.beats(action, led) else leader  # R5.2
            self.done += 1
            self.won[winner] += 1
            self.card_points[winner] += self.worth(action) + self.worth(led)
            self.last = {"cards": [None, None], "winner": winner, "number": self.done}
            self.last["cards"][seat] = CARD_NAMES[action]
            self.last["cards"][leader] = CARD_NAMES[led]
            self.lead, self.settled = None, False
            if self.done == 7:  # R5.3 the loser draws the card beside the stock
                self.known[1 - winner].add(self.bottom)
                self.bottom = None
        game.apply(action)
        if action < SWAP and self.lead is None and self.done < 16:
            assert game.leader == self.last["winner"], "R5.2: the game's winner is another"
        if len(game.deal_rows) != deals:  # R8.1, R8.2; R3.2 the last trick's winner deals
            w = self.last["winner"]
            points = [c + m + (10 if p == w else 0) for p, (c, m) in
                      enumerate(zip(self.card_points, self.meld_points, strict=True))]  # fmt: skip
            self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
            self.previous = {"deal": self.deal, "dealer": self.dealer,
                             "card_points": self.card_points, "meld_points": self.meld_points,
                             "last_trick": w, "points": points, "totals": self.totals}  # fmt: skip
            if not game.over:
                self.dealer = w
                self.new_deal(game)

    def phase(self, game) -> str:
        if game.over:
            return "over"
        if self.melds and self.melds[-1]["status"] == "pending":
            return "answer"
        return "follow" if self.lead else "lead-card" if self.settled else "lead"

    def end(self) -> str | None:
        t = self.totals
        if max(t) < 501:
            return None
        return "tie" if t[0] == t[1] else "both-target" if min(t) >= 501 else "target"


def choose(game, rnd, melding: bool) -> int:
    """Uniform, or (melding) a declaration, an answer or the exchange 70% of the time."""
    legal = game.legal_actions()
    special = [a for a in legal if SWAP <= a < PASS]
    if melding and special and rnd.random() < 0.7:
        return rnd.choice(special)
    return rnd.choice(legal)


def walk(uniform=UNIFORM, melding=MELDING):
    """(game, tracker) at every position of the random games, and at each game's end."""
    for g in range(uniform + melding):
        rnd = random.Random(SEED * 1000 + g)
        game = SPEC.part("api").GAME.new(SEED, g)
        track = Tracker(game)
        while not game.over:
            yield game, track
            track.act(game, choose(game, rnd, g >= uniform))
        yield game, track


def test_terts_has_a_web_part_and_its_views_are_json():
    assert SPEC.has("web")
    checked = 0
    for game, _ in walk(uniform=2, melding=4):
        for seat in (0, 1, None):
            view = view_for(game, seat)
            text = json.dumps(view, allow_nan=False, ensure_ascii=False)
            assert json.loads(text) == view
            assert isinstance(view["public"], dict) and view["public"]["phase"] in PHASES
            checked += 1
    assert checked > 500


def test_the_public_block_says_what_the_tracker_works_out():
    seen = set()
    for game, t in walk():
        pub = view_for(game, None)["public"]
        assert pub["phase"] == t.phase(game)
        assert pub["deal_no"] == t.deal and pub["dealer"] == t.dealer
        assert pub["first_dealer"] == t.first_dealer
        letter, word, symbol = SUIT_WORDS[t.trump]
        assert pub["trump"] == {"suit": letter, "name": word, "symbol": symbol}
        assert pub["turned"] == CARD_NAMES[t.turned] and pub["turned"][1] == letter  # R3.4
        assert pub["about"].startswith(f"Trumps {symbol} {word}")
        assert pub["beside_stock"] == (None if t.bottom is None else CARD_NAMES[t.bottom])
        assert pub["exchange"] == t.exchange
        assert pub["stock"] == len(game.stock_left())
        assert pub["stock"] == (max(0, STOCK_SIZE - 2 * t.done) if t.done < 7 else 0)  # R5.3
        assert pub["stock_exhausted"] == (t.done >= 7)
        assert pub["trick_no"] == (t.done if game.over else t.done + 1) and pub["tricks"] == 16
        assert pub["cards_held"] == [bin(game.hand(p)).count("1") for p in (0, 1)]
        assert pub["known"] == [names(k) for k in t.known]
        assert all(game.hand(p) >> c & 1 for p in (0, 1) for c in t.known[p])  # R10.2 held
        melds = [{k: v for k, v in m.items() if k != "words"} for m in pub["melds"]]
        assert melds == t.melds
        assert all(m["words"].startswith(m["meld"] + " (") for m in pub["melds"])
        for p in (0, 1):  # the game's own masks of kinds declared, scored, beaten (R7.7)
            for slot, status in ((S.SCORED, "scored"), (S.BEATEN, "beaten")):
                kinds = {m["kind"] for m in t.melds if m["seat"] == p and m["status"] == status}
                want = {k for i, k in enumerate(KIND_NAMES) if int(game.state[slot + p]) >> i & 1}
                assert kinds == want
        if t.phase(game) == "answer":
            assert {k: v for k, v in pub["pending"].items() if k not in ("words", "strength")} \
                == t.melds[-1]  # fmt: skip
            assert pub["pending"]["strength"] == int(game.state[S.MELD_STRENGTH]) > 0
            seen.add("pending")
        else:
            assert pub["pending"] is None
        assert pub["tricks_won"] == t.won and pub["card_points"] == t.card_points
        assert pub["meld_points"] == t.meld_points
        assert pub["previous"] == t.previous and pub["target"] == 501
        assert pub["end"] == (t.end() if game.over else None)
        assert game.totals == t.totals
        taken = view_for(game, None)["taken"]
        assert taken == (t.last if t.lead is None and t.done else None)
        seen |= {m["status"] for m in t.melds} | {m["kind"] for m in t.melds}
        seen |= {"exchange"} if t.exchange else set()
        seen |= {"taken"} if taken else set()
        seen |= {"previous"} if t.previous else set()
    assert {"pending", "scored", "beaten", "marriage", "seq3", "exchange", "taken",
            "previous"} <= seen  # fmt: skip


def test_no_view_names_a_card_of_the_other_hand_that_is_not_public_nor_a_stock_card():
    named = 0
    for game, t in walk():
        stock = set(names(game.stock_left()))
        hands = [set(names(c for c in range(32) if game.hand(p) >> c & 1)) for p in (0, 1)]
        secret = [hands[p] - set(names(t.known[p])) for p in (0, 1)]
        for seat in (0, 1, None):
            view = view_for(game, seat)
            seen = tokens(view)
            hidden = stock | set().union(*(secret[p] for p in (0, 1) if p != seat))
            assert not seen & hidden, f"seat {seat} is shown {sorted(seen & hidden)}"
            for p in (0, 1):
                if p != seat and seen & hands[p]:
                    named += 1  # a public card of the other hand (a meld's, the turned one)
        # the HELD slot (melds a hand made but did not declare): no kind beyond the declared
        kinds = {m["kind"] for m in view_for(game, None)["public"]["melds"]}
        assert kinds == {m["kind"] for m in t.melds}
    assert named > 100


def test_the_block_is_the_same_for_both_seats_and_a_spectator_but_the_notes():
    noted = set()
    for game, _ in walk():
        blocks = [view_for(game, seat)["public"] for seat in (0, 1, None)]
        assert set(SEAT_FIELDS) == set(web.SEAT_FIELDS) and set(SEAT_FIELDS) <= set(blocks[2])
        rest = [{k: v for k, v in b.items() if k not in SEAT_FIELDS} for b in blocks]
        assert rest[0] == rest[1] == rest[2]
        assert blocks[2]["notes"] == []
        for seat in (0, 1):
            notes = blocks[seat]["notes"]
            if game.to_act != seat:
                assert notes == []
                continue
            legal = [game.event_name(a) for a in game.legal_actions()]
            melds = [a for a in legal if a.startswith(("seq", "four-", "marriage"))]
            declare = [n for n in notes if n.startswith("declare ")]
            assert len(declare) == len(melds)
            for note, m in zip(declare, melds, strict=True):  # R7.1: its name and points
                points = MELD_POINTS[m if not m.startswith("seq") else m.split("-")[0]]
                assert note.startswith(f"declare {m} (") and note.endswith(f", {points}) (R7.1)")
            assert any(n.startswith("swap: ") for n in notes) == ("swap" in legal)
            assert any(n.startswith("pass: ") for n in notes) == ("pass" in legal)
            exhausted = game.phase == FOLLOW and game.trick_no >= 7
            assert any(n.startswith("follow suit") for n in notes) == exhausted
            noted |= {n.split(":")[0].split(" ")[0] for n in notes}
    assert {"declare", "swap", "pass", "follow"} <= noted


def test_the_block_reads_nothing_private():
    """Hands (but for their public cards), stock order, HELD, the dealt hands and the deal
    seed changed at random: the spectator's block stays the same."""
    rnd, changed = random.Random(5), 0
    for i, (game, t) in enumerate(walk(uniform=2, melding=6)):
        if i % 3 or game.over:
            continue
        s = game.state.copy()
        drawn = int(s[S.DRAWN])
        known = [sum(1 << c for c in t.known[p]) for p in (0, 1)]
        pool = [c for p in (0, 1) for c in range(32) if (game.hand(p) & ~known[p]) >> c & 1]
        pool += game.stock_left()
        rnd.shuffle(pool)
        for p in (0, 1):
            n = bin(game.hand(p) & ~known[p]).count("1")
            s[S.HANDS + p] = known[p] | sum(1 << c for c in pool[:n])
            pool = pool[n:]
        s[S.STOCK + drawn : S.STOCK + STOCK_SIZE] = pool
        for slot in (S.HELD, S.HELD + 1, S.DEALT, S.DEALT + 1, S.DEAL_SEED):
            s[slot] = rnd.getrandbits(31)
        other = copy.copy(game)
        other.state = s
        changed += int((s[S.PUB_SIZE :] != game.state[S.PUB_SIZE :]).any())
        assert (s[: S.PUB_SIZE] == game.state[: S.PUB_SIZE]).all()
        assert web.public_view(other, None) == web.public_view(game, None)
        assert web.taken(other) == web.taken(game)
    assert changed > 100


@pytest.mark.parametrize("melding", [False, True])
def test_the_prompt_is_one_the_table_page_words_for_every_game(melding):
    """No Trix question (contract, double, pass: table.js words them for Trix): Terts asks
    for a card, an action (a declaration's answer) or either (views.py's default)."""
    asked = set()
    for game, _ in walk(uniform=0 if melding else 4, melding=4 if melding else 0):
        if not game.over:
            asked.add(view_for(game, game.to_act)["prompt"])
    assert asked <= {"card", "action", "card-or-action"}
    assert {"card", "card-or-action"} <= asked
