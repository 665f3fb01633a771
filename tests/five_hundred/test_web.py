"""Five Hundred's public block in the browser view (sim.games.five_hundred.web).

Random games through the checked game, uniformly random ones and ones whose callers pass
80 % of the time (uniform bidding ends a game at -500 within a few deals). At every
position the test keeps its own account of the deal from the actions it applies (the
calls, the discards counted, the cards played, who won each trick, who showed void) and
checks each field of every seat's and the spectator's block against it or against the
game object: JSON, the right facts, no card that is not on the table already (another
hand, the kitty, the contractor's discards), the same block for every seat but ``you``.
"""

import json
import random
import re

import pytest

from sim.core.registry import games
from sim.games.five_hundred import state as S
from sim.games.five_hundred.game import action_name
from sim.games.five_hundred.vocab import (
    AUCTION,
    DEAL_COLUMNS,
    DISCARD,
    JOKER,
    JOKER_LEAD,
    PASS,
    PLAY,
)
from sim.web.views import public_text, view_for

SPEC = games()["five-hundred"]
GAME = SPEC.part("api").GAME
WEB = SPEC.part("web")
SEED = 29
PLAN = [0.0] * 12 + [0.8] * 24  # per game: how often a caller passes on purpose
SUIT_WORDS = ("hearts", "clubs", "diamonds", "spades")  # R1.2: suits H C D S, by id
STRAIN_WORDS = ("clubs", "diamonds", "hearts", "spades", "no trumps")  # R4.3, lowest first
VALUES = (  # R5.2's table: tricks 6-10 by strain C D H S NT
    (40, 60, 80, 100, 120),
    (140, 160, 180, 200, 220),
    (240, 260, 280, 300, 320),
    (340, 360, 380, 400, 420),
    (440, 460, 480, 500, 520),
)
PHASE_WORDS = {0: "auction", 1: "discard", 2: "play", 4: "over"}
ROW = {name: i for i, name in enumerate(DEAL_COLUMNS)}
FIELDS = {
    "phase", "deal_no", "max_deals", "dealer", "calls", "passed", "high_bid", "high_bidder",
    "lowest_bid", "contractor", "contract", "contract_value", "tricks_needed", "trump",
    "discarded", "trick_no", "to_follow", "joker_named", "tricks_won", "team_tricks", "totals",
    "cards_left", "played", "voids", "last_trick", "last_deal", "end", "winning_team", "you",
}  # fmt: skip
SEAT_FIELDS = {"you"}


def name(card: int) -> str:
    """R1.2, written again: rank then suit, the joker ``JK``."""
    return "JK" if card == JOKER else "456789TJQKA"[card % 11] + "HCDS"[card // 11]


ALL_NAMES = {name(c) for c in range(45) if c not in (11, 33)}  # R1.1: no black fours


def words(bid: int) -> str:
    return f"{6 + bid // 5} {STRAIN_WORDS[bid % 5]}"


def trump_of(bid: int) -> int:
    """The contract's trump suit id, -1 in no trumps (R4.3)."""
    strain = STRAIN_WORDS[bid % 5]
    return SUIT_WORDS.index(strain) if strain in SUIT_WORDS else -1


def suit_in_play(card: int, trump: int) -> int:
    """R1.5, R8.1: the effective suit; the joker has none (4) in no trumps."""
    if card == JOKER:
        return trump if trump >= 0 else 4
    if trump >= 0 and card == (trump ^ 2) * 11 + 7:  # the left bower
        return trump
    return card // 11


class Deal:
    """The test's own account of the current deal, from the actions it applied."""

    def __init__(self):
        self.calls: list[list[str]] = [[], [], [], []]
        self.passed: set[int] = set()
        self.high: tuple[int, int] | None = None  # (seat, bid) of the standing bid
        self.discards = 0
        self.plays: list[tuple[int, int]] = []  # (seat, action)
        self.won = [0, 0, 0, 0]
        self.voids: list[set[int]] = [set(), set(), set(), set()]
        self.last_trick: dict | None = None

    def trump(self) -> int:
        return trump_of(self.high[1])

    def lead(self) -> int | None:
        """The action that led the trick in progress, or None."""
        n = len(self.plays)
        return self.plays[n - n % 4][1] if n % 4 else None


def choose(game, rnd, pass_rate) -> int:
    if game.phase == AUCTION and rnd.random() < pass_rate:
        return PASS
    return rnd.choice(game.legal_actions())


def note(game, deal: Deal, seat: int, phase: int, action: int, ended: bool) -> None:
    """Account for ``seat``'s ``action``, just applied in ``phase`` (``ended``: it ended the
    deal, so the state shows the next one)."""
    if phase == AUCTION:
        deal.calls[seat].append("pass" if action == PASS else words(action))
        if action == PASS:
            deal.passed.add(seat)
        else:
            deal.high = (seat, action)
    elif phase == DISCARD:
        deal.discards += 1
    elif phase == PLAY:
        card = JOKER if action >= JOKER_LEAD else action
        lead = deal.lead()
        if lead is not None:
            follow = lead - JOKER_LEAD if lead >= JOKER_LEAD else suit_in_play(lead, deal.trump())
            if suit_in_play(card, deal.trump()) != follow:
                deal.voids[seat].add(follow)  # R7.2
        deal.plays.append((seat, action))
        if len(deal.plays) % 4 == 0:
            if ended:  # the deal's last trick: who won it, from the deal's record row
                row = game.deal_rows[-1]
                winner = next(p for p in range(4) if row[ROW[f"tricks_{p}"]] > deal.won[p])
            else:
                winner = game.to_act  # R7.1: the winner leads next
            deal.won[winner] += 1
            cards = [None] * 4
            for p, a in deal.plays[-4:]:
                cards[p] = name(JOKER if a >= JOKER_LEAD else a)
            deal.last_trick = {"cards": cards, "winner": winner, "number": len(deal.plays) // 4}


def walk(plan=PLAN):
    """(game, the test's account of its deal) at every position of the planned games."""
    for g, pass_rate in enumerate(plan):
        rnd = random.Random(SEED * 1000 + g)
        game, deal = GAME.new(SEED, g), Deal()
        while True:
            yield game, deal
            if game.over:
                break
            seat, phase, deals = game.to_act, game.phase, len(game.history)
            action = choose(game, rnd, pass_rate)
            game.apply(action)
            ended = game.over or len(game.history) > deals
            note(game, deal, seat, phase, action, ended)
            if ended and not game.over:
                deal = Deal()


def blocks(game) -> dict:
    """Every seat's public block and the spectator's (key None)."""
    return {seat: view_for(game, seat)["public"] for seat in (0, 1, 2, 3, None)}


def last_deal(game) -> dict | None:
    """The deal that ended last, from the kernels' record row of it."""
    if not game.deal_rows:
        return None
    row = [int(v) for v in game.deal_rows[-1]]
    contractor = row[ROW["contractor"]]
    points = [row[ROW["points_0"]], row[ROW["points_1"]]]
    return {
        "number": row[ROW["deal_no"]] + 1,
        "dealer": row[ROW["dealer"]],
        "thrown_in": contractor < 0,
        "contractor": contractor if contractor >= 0 else None,
        "contract": words(row[ROW["contract"]]) if contractor >= 0 else None,
        "made": points[contractor % 2] > 0 if contractor >= 0 else None,
        "team_tricks": [row[ROW["tricks_team_0"]], row[ROW["tricks_team_1"]]],
        "points": points,
        "totals": [row[ROW["totals_0"]], row[ROW["totals_1"]]],
    }


def expected(game, deal: Deal, seat: int | None) -> dict:
    """The block as the test works it out from its own account and the game object."""
    phase = game.phase
    settled = phase != AUCTION and deal.high is not None
    contractor, bid = deal.high if deal.high else (None, None)
    n = len(deal.plays)
    lead = deal.lead() if phase == PLAY else None
    follow = None
    if lead is not None:
        follow = lead - JOKER_LEAD if lead >= JOKER_LEAD else suit_in_play(lead, deal.trump())
    played = [sorted(JOKER if a >= JOKER_LEAD else a for p, a in deal.plays if p == s)
              for s in range(4)]  # fmt: skip
    lowest = None
    if phase == AUCTION and bid != 24:
        lowest = words(0 if bid is None else bid + 1)
    ranks = game.results()[0] if game.over else None
    you = None
    if seat is not None:
        side = None
        if settled:
            side = "contractors" if seat % 2 == contractor % 2 else "defenders"
        you = {"team": seat % 2, "partner": (seat + 2) % 4, "side": side}
    return {
        "phase": PHASE_WORDS[phase],
        "deal_no": len(game.history),
        "max_deals": 200,  # R10.4
        "dealer": (game.first_dealer + len(game.history) - 1) % 4,  # R3.1
        "calls": deal.calls,
        "passed": sorted(deal.passed),
        "high_bid": words(bid) if deal.high else None,
        "high_bidder": contractor,
        "lowest_bid": lowest,
        "contractor": contractor if settled else None,
        "contract": words(bid) if settled else None,
        "contract_value": VALUES[bid // 5][bid % 5] if settled else None,
        "tricks_needed": 6 + bid // 5 if settled else None,
        "trump": STRAIN_WORDS[bid % 5] if settled else None,
        "discarded": deal.discards,
        "trick_no": n // 4 + 1 if phase == PLAY else None,
        "to_follow": SUIT_WORDS[follow] if follow is not None else None,
        "joker_named": SUIT_WORDS[follow] if lead is not None and lead >= JOKER_LEAD else None,
        "tricks_won": deal.won,
        "team_tricks": [deal.won[0] + deal.won[2], deal.won[1] + deal.won[3]],
        "totals": game.totals,
        "cards_left": [bin(game.hand(p)).count("1") for p in range(4)],
        "played": [[name(c) for c in cards] for cards in played],
        "voids": [[SUIT_WORDS[s] for s in sorted(v)] for v in deal.voids],
        "last_trick": deal.last_trick,
        "last_deal": last_deal(game),
        "end": game.end,
        "winning_team": None if ranks is None or ranks == [1] * 4 else ranks.index(1) % 2,
        "you": you,
    }


def test_the_block_is_json_and_matches_the_game_at_every_position():
    seen = set()
    for game, deal in walk():
        for seat, block in blocks(game).items():
            assert json.loads(json.dumps(block, allow_nan=False)) == block
            assert set(block) == FIELDS
            want = expected(game, deal, seat)
            for field in FIELDS:
                assert block[field] == want[field], (field, block[field], want[field])
        voids = [[SUIT_WORDS[s] for s in game.voids(p)] for p in range(4)]
        assert block["voids"] == voids and block["team_tricks"] == game.team_tricks
        seen.add(block["phase"])
        seen.add(block["trump"])
        seen |= {"joker-named"} if block["joker_named"] else set()
        seen |= {"void"} if any(block["voids"]) else set()
        if block["last_deal"]:
            d = block["last_deal"]
            seen.add("thrown-in" if d["thrown_in"] else "made" if d["made"] else "set")
        seen.add(block["end"])
    want = {"auction", "discard", "play", "over", "no trumps", "hearts", "joker-named", "void",
            "thrown-in", "made", "set", "minus-500"}  # fmt: skip
    assert want <= seen, want - seen


def test_no_block_names_a_card_not_yet_played():
    checked = 0
    for game, _ in walk():
        s = game.state
        played = int(s[S.PLAYED])
        on_table = {name(c) for c in range(45) if played >> c & 1}
        hidden = int(s[S.KITTY]) | int(s[S.DISCARDED])
        for p in range(4):
            hidden |= game.hand(p)
        hidden &= ~played
        secret = {name(c) for c in range(45) if hidden >> c & 1}
        for seat, block in blocks(game).items():
            text = json.dumps(block)
            found = set(re.findall(r"[0-9A-Za-z]+", text)) & ALL_NAMES
            assert not found & secret, f"seat {seat} is shown {sorted(found & secret)}"
            assert found <= on_table, f"seat {seat} is shown {sorted(found - on_table)}"
            checked += 1
    assert checked > 10_000


def test_every_seat_and_the_spectator_get_the_same_block_but_you():
    differ = 0
    for game, _ in walk():
        views = blocks(game)
        common = [{k: v for k, v in b.items() if k not in SEAT_FIELDS} for b in views.values()]
        for seat, c in zip(views, common, strict=True):
            odd = {k for k in c if c[k] != common[0][k]}
            assert not odd, f"seat {seat}'s block differs in {sorted(odd)}"
        assert views[None]["you"] is None
        assert [views[p]["you"]["team"] for p in range(4)] == [0, 1, 0, 1]
        differ += len({json.dumps(b, sort_keys=True) for b in views.values()}) - 1
    assert differ > 0
    assert set(WEB.SEAT_FIELDS) == SEAT_FIELDS


def test_the_prompt_is_a_call_in_the_auction_and_a_discard_stays_out_of_the_log():
    seen = set()
    for game, _ in walk(PLAN[-6:]):
        if game.over:
            continue
        seat = game.to_act
        view = view_for(game, seat)
        want = "action" if game.phase == AUCTION else "card"
        assert view["prompt"] == want
        if game.phase == AUCTION:  # every call is an action, bid:7H with 7H in hand too
            assert view["card_actions"] == {} and view["actions"] == view["legal"]
        for a in game.legal_actions():
            text = public_text(game, seat, a)
            if game.phase == DISCARD:
                assert text == "discard"  # R11.1: which card stays his
            else:
                assert text == game.event_name(a)
        seen.add(game.phase)
    assert seen == {AUCTION, DISCARD, PLAY}


@pytest.mark.parametrize("bid, text", [(0, "6 clubs"), (7, "7 hearts"), (24, "10 no trumps")])
def test_bids_are_written_in_words(bid, text):
    assert WEB.bid_words(bid) == text
    assert WEB.call_words("bid:" + action_name(bid, AUCTION)[4:]) == text
    assert WEB.call_words("pass") == "pass" and WEB.call_words("discard:9C") is None
