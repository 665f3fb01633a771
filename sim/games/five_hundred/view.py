"""Five Hundred at the terminal table: the screen, the questions, the words.

The table (:mod:`sim.table.controller`) is the same for every game; refused moves
are explained by the game (:meth:`.game.FiveHundredGame.why_illegal`), said to "you".
"""

from __future__ import annotations

import contextlib
import re

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import CARD_NAMES, card_text, cards_of, parse_card
from sim.games.five_hundred.game import DealResult, FiveHundredGame, parse_bid
from sim.games.five_hundred.vocab import (
    AUCTION,
    DISCARD,
    JOKER,
    JOKER_LEAD,
    N_BIDS,
    N_SEATS,
    N_TEAMS,
    PASS,
    PLAY,
    STRAIN_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    bid_name,
    bid_strain,
    bid_value,
)
from sim.table.controller import Ask
from sim.table.suits import is_no_trumps, read_suit
from sim.table.tricks import LOOK_WORDS, hand_row, in_play_order, look, trick_line, tricks_of

SYMBOL_TO_LETTER = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))
CARD_IDS = {name: card for card, name in CARD_NAMES.items()}
BID_WORDS = re.compile(r"(10|[6-9])\s*(.+)")  # 7 hearts, 7♥, 6 no trumps


def played(text: str) -> int | None:
    """The card an event's text plays (``JK=S``: the joker), None for a call or a discard."""
    return JOKER if text.startswith("JK=") else CARD_IDS.get(text)


def read_bid(text: str) -> int:
    """A bid as a person types it: ``7H``, ``7h``, ``7 hearts``, ``7♥``, ``6 no trumps``;
    ValueError otherwise."""
    t = text.strip().removeprefix("bid:")
    with contextlib.suppress(ValueError):
        return parse_bid(t)
    m = BID_WORDS.fullmatch(t.strip())
    if m is None:
        raise ValueError(text)
    tricks, strain = m.groups()
    if is_no_trumps(strain):
        return parse_bid(f"{tricks}NT")
    return parse_bid(tricks + SUITS[read_suit(strain, SUITS, SUIT_SYMBOLS, SUIT_NAMES)])


def card_markup(card: int, style: str = "") -> Text:
    red = card != JOKER and (card // 11) in (0, 2)
    return Text(card_text(card), style=f"{style} {'red' if red else ''}".strip())


def contract_text(bid: int) -> str:
    return f"{bid_name(bid)} ({STRAIN_NAMES[bid_strain(bid)]}, worth {bid_value(bid)})"


def deal_line(d: DealResult) -> str:
    """One line about a finished deal: the contract, tricks, points and totals."""
    if d.contractor is None:
        what = "thrown in: all four passed (R4.7)"
    else:
        made = d.tricks[d.contractor % N_TEAMS] >= 6 + d.bid // 5
        what = (f"{bid_name(d.bid)} by seat {d.contractor} (team {d.contractor % N_TEAMS}): "
                f"{'made' if made else 'set'}")  # fmt: skip
    return (f"deal {d.number + 1}: {what}; tricks {d.tricks[0]}-{d.tricks[1]} → points "
            f"{d.points[0]} {d.points[1]}, totals {d.totals[0]} {d.totals[1]}")  # fmt: skip


class View:
    """What the table shows and asks in Five Hundred."""

    name = "Five Hundred"
    preselect_kind = "card"
    table_rules: dict[str, str] = {}  # none of its rules describes the table's features
    help = ("l = look at the last trick, at any time (every card played is public, R11.2).",)
    winner_rule = "first team to 500, R10"

    def __init__(self, table):
        self.t = table

    @property
    def game(self) -> FiveHundredGame:
        return self.t.game

    def deal_no(self) -> int:
        return self.game.deal_no

    def on_new_deal(self) -> bool:
        return True

    def save_state(self) -> dict:
        return {}

    def restore(self, state: dict) -> None:
        pass

    def command(self, seat: int, word: str) -> bool:
        """``l``: the last trick of the deal, as often as asked (R11.2, R11.3)."""
        if word not in LOOK_WORDS:
            return False
        done = []
        if self.game.phase == PLAY:
            tricks = tricks_of(self.game.history[-1].events, played, N_SEATS)
            done = [t for t in tricks if len(t) == N_SEATS]
        look(self.t, done, int(self.game.state[S.LEADER]), card_markup)
        return True

    # -- what a person is asked --------------------------------------------------------------
    def ask(self, seat: int) -> Ask | int:
        game = self.game
        phase = game.phase
        if phase == AUCTION:
            high = game.high_bid
            if high == N_BIDS - 1:
                intro = "10NT stands: you can only pass (R4.6)."
            else:
                above = "any bid from 6C" if high < 0 else f"a bid above {bid_name(high)}"
                intro = (f"Bid {above} (tricks 6-10, then C < D < H < S < NT: 7H, 8NT), or pass "
                         "(a pass is final, R4.5).")  # fmt: skip
            return Ask("call", "pass or a bid", [Text(intro, style="yellow")], self._call)
        if phase == DISCARD:
            n = int(game.state[S.DISCARDS]) + 1
            return Ask("discard", f"{n} of 3", [Text(
                f"You took the kitty: discard three of your cards face down, one at a time "
                f"(R6.1). Discard {n} of 3.", style="yellow")], self._card)  # fmt: skip
        legal = game.legal_mask()
        options = " ".join(CARD_NAMES[c] for c in cards_of(legal))
        if legal >> JOKER_LEAD & 0xF:
            named = " ".join(f"JK={SUITS[s]}" for s in range(4) if legal >> (JOKER_LEAD + s) & 1)
            options += " " + named
            hint = "leading the joker in no trumps, name the suit to follow: JK=S (R8.2) · "
        else:
            hint = ""
        return Ask("card", options, [Text(f"type a card (QS) or its number · {hint}l = last "
                                          "trick · away = a bot plays for you · q = save and "
                                          "quit", style="dim")], self._card)  # fmt: skip

    @staticmethod
    def _call(seat: int, text: str):
        if text.strip().lower() in ("pass", "p"):
            return PASS, None
        try:
            return read_bid(text), None
        except ValueError:
            return None, (f"{text!r} is not a call: pass, or a bid like 7H, 6NT, 10S (7 hearts, "
                          "6 no trumps)")  # fmt: skip

    def _card(self, seat: int, text: str):
        card, error = self.read_card(seat, text)
        return (None, error) if error else (card, None)

    def read_card(self, seat: int, text: str):
        hand = cards_of(self.game.hand(seat))
        t = text.strip().removeprefix("discard:")
        head = next((w for w in ("joker", "jk") if t.lower().startswith(w)), "")
        if head and t[len(head) :].strip():  # JK=S, JK spades: the joker led naming a suit
            try:
                suit = read_suit(t[len(head) :].lstrip("= "), SUITS, SUIT_SYMBOLS, SUIT_NAMES)
            except ValueError:
                return -1, (f"{text!r}: name the joker's suit as JK=H, JK=C, JK=D or JK=S (or "
                            "JK=hearts)")  # fmt: skip
            if JOKER not in hand:
                return -1, "you don't hold the joker"
            return JOKER_LEAD + suit, None
        if t.isdigit():
            n = int(t)
            if not 1 <= n <= len(hand):
                return -1, (f"there is no card number {n}: your hand has {len(hand)} "
                            f"card{'s' * (len(hand) != 1)}")  # fmt: skip
            card = hand[n - 1]
        else:
            try:
                card = JOKER if head else parse_card(t.translate(SYMBOL_TO_LETTER))
            except ValueError:
                return -1, f"{text!r} is not a card: type it like QS, 10D, 8h, JK, or its number"
        if card not in hand:
            return -1, f"you don't hold {card_text(card)}"
        return card, None

    read_preselect = read_card

    def action_markup(self, action: int) -> Text:
        if action in CARD_NAMES:
            return card_markup(action, "bold")
        if JOKER_LEAD <= action < JOKER_LEAD + 4:
            return Text(f"Joker, naming {SUIT_NAMES[action - JOKER_LEAD]}", style="bold")
        return Text(self.game.action_name(action))

    def action_text(self, action: int) -> str:
        if action in CARD_NAMES:
            return card_text(action)
        if JOKER_LEAD <= action < JOKER_LEAD + 4:
            return f"JK={SUITS[action - JOKER_LEAD]}"
        return self.game.action_name(action)

    # -- what happened -----------------------------------------------------------------------
    def snapshot(self) -> dict:
        return {"phase": self.game.phase, "deals": len(self.game.history),
                "deal": self.game.history[-1]}  # fmt: skip

    def describe(self, seat: int, action: int, before: dict) -> None:
        t, game, s = self.t, self.game, self.game.state
        name = t.seat_name(seat)
        phase = before["phase"]
        if phase == AUCTION:
            t.say(f"{name} {'passes' if action == PASS else 'bids ' + bid_name(action)}",
                  style="bold" if action != PASS else "")  # fmt: skip
            if game.phase == DISCARD:
                c = game.contractor
                t.say(f"seat {c} is the contractor: {contract_text(game.high_bid)}; he takes the "
                      "kitty (R6.1)", style="bold yellow")  # fmt: skip
            elif len(game.history) > before["deals"] or game.over:
                t.console.print(Text(deal_line(before["deal"]), style="bold green"))
                t.pause(t.delay * 2)
        elif phase == DISCARD:
            t.say(f"{name} discards a card face down (R6.1)")
        else:
            line = Text(f"{name} plays ")
            line.append_text(self.action_markup(action))
            t.console.print(line)
            if game.phase != PLAY or int(s[S.TRICK_LEN]) == 0:
                if len(game.history) > before["deals"] or game.over:
                    t.console.print(Text(deal_line(before["deal"]), style="bold green"))
                    t.pause(t.delay * 2)
                else:
                    t.say(f"  seat {int(s[S.LEADER])} takes the trick", style="cyan")
                    t.pause(t.delay)

    # -- the screen --------------------------------------------------------------------------
    def screen(self, seat: int | None) -> Panel:
        t, game, s = self.t, self.game, self.game.state
        if game.phase == AUCTION:
            high = game.high_bid
            what = "auction" + (f", {bid_name(high)} by seat {game.contractor}" if high >= 0
                                else "")  # fmt: skip
        else:
            what = f"contract {contract_text(game.high_bid)} by seat {game.contractor}"
        title = f"Five Hundred · deal {game.deal_no + 1} · dealer seat {game.dealer} · {what}"
        seats = RichTable(box=None, padding=(0, 1), header_style="bold")
        for col in ("", "seat", "player", "team", "bid", "tricks", ""):
            seats.add_column(col, no_wrap=col != "player", overflow="fold")
        for p in range(N_SEATS):
            notes = []
            if p == game.dealer:
                notes.append("dealer")
            if p == game.contractor and game.phase != AUCTION:
                notes.append("contractor")
            if s[S.PASSED] >> p & 1 and game.phase == AUCTION:
                notes.append("passed")
            bid = int(s[S.BIDS + p])
            seats.add_row(Text("▶", style="bold green") if p == game.to_act else "", str(p),
                          Text(t.who(p), style="bold" if p in t.humans else ""), str(p % N_TEAMS),
                          bid_name(bid) if bid >= 0 else "", str(int(s[S.TRICKS_WON + p])),
                          ", ".join(notes))  # fmt: skip
        totals = game.totals
        parts: list = [
            seats,
            Text(
                f"Totals: team 0 (seats 0, 2) {totals[0]} · team 1 (seats 1, "
                f"3) {totals[1]} · 500 wins, -500 loses",
                style="bold",
            ),
        ]
        if game.phase == PLAY:
            leader = int(s[S.LEADER])
            cards = [int(s[S.TRICK_CARDS + p]) for p in range(N_SEATS)]
            trick = trick_line(int(s[S.TRICK_NO]) + 1, 10, in_play_order(cards, leader), leader,
                               game.to_act, card_markup)  # fmt: skip
            if s[S.TRICK_LEN] and s[S.TO_FOLLOW] >= 0:
                trick.append(f" (follow {SUIT_NAMES[int(s[S.TO_FOLLOW])]})", style="dim")
            parts.append(trick)
            if s[S.TRICK_NO]:  # its winner leads the trick now on the table
                parts.append(Text(f"Last trick taken by seat {leader} (l to look)", style="dim"))
        if seat is not None:
            parts += [Text(""), *self._hand(seat)]
        return Panel(Group(*parts), title=title, title_align="left")

    def _hand(self, seat: int) -> list[Text]:
        """The seat's hand, its legal cards marked at its turn; for the contractor, his own
        discards, which nobody else sees (R11.1)."""
        game, s = self.game, self.game.state
        mine = game.to_act == seat and game.phase in (PLAY, DISCARD)
        legal = game.legal_mask() if mine else 0
        if legal >> JOKER_LEAD & 0xF:
            legal |= 1 << JOKER
        rows = [hand_row(seat, cards_of(game.hand(seat)), legal, card_markup)]
        gone = int(s[S.DISCARDED]) if seat == game.contractor else 0
        if gone and game.phase in (DISCARD, PLAY):
            line = Text("Your discards (face down; only you know them, R11.1):", style="dim")
            for c in cards_of(gone):
                line.append(" ")
                line.append_text(card_markup(c))
            rows.append(line)
        return rows

    def final(self) -> RichTable:
        rows = RichTable(title="The deals", box=None, padding=(0, 1), header_style="bold")
        rows.add_column("what happened")
        for d in self.game.history:
            if d.points:
                rows.add_row(deal_line(d))
        return rows
