"""Five-handed Euchre at the terminal table: the screen, the questions, the words.

The table (:mod:`sim.table.controller`) is the same for every game; refused moves
are explained by the game (:meth:`.game.EuchreGame.why_illegal`), said to "you".
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import CARD_NAMES, card_text, cards_of, parse_card
from sim.games.euchre5.game import DealResult, EuchreGame
from sim.games.euchre5.vocab import (
    ALONE,
    BID1,
    BID2,
    CALL,
    DISCARD,
    N_SEATS,
    ORDER,
    PASS,
    PLAY,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    TRUMP_BASE,
)
from sim.table.controller import Ask
from sim.table.suits import read_suit
from sim.table.tricks import LOOK_WORDS, hand_row, in_play_order, look, trick_line, tricks_of

SYMBOL_TO_LETTER = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))
CARD_IDS = {name: card for card, name in CARD_NAMES.items()}  # a play's text (R11.5)


def card_markup(card: int, style: str = "") -> Text:
    red = (card >> 3) in (0, 2)
    return Text(card_text(card), style=f"{style} {'red' if red else ''}".strip())


def deal_line(d: DealResult) -> str:
    """One line about a finished deal: trump, maker, call, tricks, points."""
    partner = "alone" if d.called is None else (
        f"called {CARD_NAMES[d.called]}: " + ("buried, forced alone" if d.partner is None else
                                              f"seat {d.partner}"))  # fmt: skip
    return (f"deal {d.number + 1}: {SUIT_NAMES[d.trump]} by seat {d.maker} ({partner}); "
            f"tricks {' '.join(map(str, d.tricks))} → points {' '.join(map(str, d.points))}, "
            f"totals {' '.join(map(str, d.totals))}")  # fmt: skip


class View:
    """What the table shows and asks in five-handed Euchre."""

    name = "Five-handed Euchre"
    preselect_kind = "card"
    table_rules: dict[str, str] = {}  # none of its rules describes the table's features
    help = ("l = look at the last trick, at any time (every card played is public, R10.3).",)
    winner_rule = "highest total, R9.3"

    def __init__(self, table):
        self.t = table

    @property
    def game(self) -> EuchreGame:
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
        """``l``: the last trick of the deal, as often as asked (R10.3, R10.4)."""
        if word not in LOOK_WORDS:
            return False
        look(self.t, self._done(), int(self.game.state[S.LEADER]), card_markup)
        return True

    def _done(self) -> list:
        """The deal's completed tricks, (seat, card) in play order."""
        if self.game.phase != PLAY:
            return []
        tricks = tricks_of(self.game.history[-1].events, CARD_IDS.get, N_SEATS)
        return [t for t in tricks if len(t) == N_SEATS]

    # -- what a person is asked --------------------------------------------------------------
    def ask(self, seat: int) -> Ask | int:
        game, s = self.game, self.game.state
        phase = game.phase
        legal = game.legal_mask()
        up = int(s[S.UP_CARD])
        if phase == BID1:
            return Ask("bid", "pass order", [Text(
                f"Round 1: order {SUIT_NAMES[up >> 3]} (the up card {card_text(up)}) as trump, "
                "or pass (R4.1).", style="yellow")], self._bid)  # fmt: skip
        if phase == BID2:
            suits = [SUITS[a - TRUMP_BASE] for a in game.legal_actions() if a >= TRUMP_BASE]
            stuck = "" if legal >> PASS & 1 else " You are the dealer and all passed: you must " \
                "name one (R4.4)."  # fmt: skip
            return Ask("bid", " ".join(["pass"] * bool(legal >> PASS & 1) + suits), [Text(
                f"Round 2: name trump ({', '.join(SUIT_NAMES[SUITS.index(x)] for x in suits)}"
                f": {' '.join(suits)}) or pass (R4.3).{stuck}",
                style="yellow")], self._bid)  # fmt: skip
        if phase == DISCARD:
            return Ask("discard", "a card of your six", [Text(
                "You took the up card: discard one of your six cards, face down (R4.2).",
                style="yellow")], self._card)  # fmt: skip
        if phase == CALL:
            return Ask("call", "a card, or alone", [Text(
                f"You made {SUIT_NAMES[game.trump]} trump: call a card, not a trump, not in "
                "your hand, not the up card; its holder is your partner (R6.2). Or: alone.",
                style="yellow")], self._call)  # fmt: skip
        options = " ".join(CARD_NAMES[c] for c in cards_of(legal & 0xFFFFFFFF))
        return Ask("card", options, [Text("type a card (QS) or its number · l = last trick · "
                                          "away = a bot plays for you · q = save and quit",
                                          style="dim")], self._card)  # fmt: skip

    @staticmethod
    def _bid(seat: int, text: str):
        t = text.strip().lower()
        if t in ("pass", "p"):
            return PASS, None
        if t in ("order", "o"):
            return ORDER, None
        try:
            return TRUMP_BASE + read_suit(t.removeprefix("trump:"), SUITS, SUIT_SYMBOLS,
                                          SUIT_NAMES), None  # fmt: skip
        except ValueError:
            return None, (f"{text!r} is not a bid: pass, order, or a suit (hearts, clubs, "
                          "diamonds, spades, or H C D S)")  # fmt: skip

    def _call(self, seat: int, text: str):
        if text.strip().lower() == "alone":
            return ALONE, None
        try:
            return parse_card(text.removeprefix("call:").translate(SYMBOL_TO_LETTER)), None
        except ValueError:
            return None, f"{text!r} is not a card (like AS, 10D) nor alone"

    def _card(self, seat: int, text: str):
        card, error = self.read_card(seat, text)
        return (None, error) if error else (card, None)

    def read_card(self, seat: int, text: str):
        hand = cards_of(self.game.hand(seat))
        t = text.strip().removeprefix("discard:")
        if t.isdigit():
            n = int(t)
            if not 1 <= n <= len(hand):
                return -1, (f"there is no card number {n}: your hand has {len(hand)} "
                            f"card{'s' * (len(hand) != 1)}")  # fmt: skip
            return hand[n - 1], None
        try:
            card = parse_card(t.translate(SYMBOL_TO_LETTER))
        except ValueError:
            return -1, f"{text!r} is not a card: type it like QS, 10D, 8h, or its number"
        if card not in hand:
            return -1, f"you don't hold {card_text(card)}"
        return card, None

    read_preselect = read_card

    def action_markup(self, action: int) -> Text:
        return card_markup(action, "bold") if action in CARD_NAMES else Text(
            self.game.action_name(action))  # fmt: skip

    def action_text(self, action: int) -> str:
        return card_text(action) if action in CARD_NAMES else self.game.action_name(action)

    # -- what happened -----------------------------------------------------------------------
    def snapshot(self) -> dict:
        return {"phase": self.game.phase, "deals": len(self.game.history),
                "deal": self.game.history[-1]}  # fmt: skip

    def describe(self, seat: int, action: int, before: dict) -> None:
        t, game = self.t, self.game
        name = t.seat_name(seat)
        phase = before["phase"]
        if phase in (BID1, BID2):
            t.say(f"{name} {game.action_name(action).replace('trump:', 'names trump: ')}",
                  style="bold" if action != PASS else "")  # fmt: skip
        elif phase == DISCARD:
            t.say(f"{name} discards a card face down (R4.2)")
        elif phase == CALL:
            what = "plays alone" if action == ALONE else f"calls {card_text(action)}"
            t.say(f"{name} {what} (R6.1)", style="bold yellow")
        else:
            line = Text(f"{name} plays ")
            line.append_text(card_markup(action, "bold"))
            if action == int(game.state[S.CALLED]):
                line.append(f" — the called card: seat {seat} is the partner", style="yellow")
            t.console.print(line)
            if game.phase != PLAY or int(game.state[S.TRICK_LEN]) == 0:
                if len(game.history) > before["deals"] or game.over:
                    t.console.print(Text(deal_line(before["deal"]), style="bold green"))
                    t.pause(t.delay * 2)
                else:
                    t.say(f"  seat {int(game.state[S.LEADER])} takes the trick", style="cyan")
                    t.pause(t.delay)

    # -- the screen --------------------------------------------------------------------------
    def screen(self, seat: int | None) -> Panel:
        t, game, s = self.t, self.game, self.game.state
        trump = game.trump
        what = (f"trump {SUIT_NAMES[trump]} by seat {int(s[S.MAKER])}" if trump >= 0 else
                f"bidding, round {int(s[S.ROUND])}")  # fmt: skip
        title = f"Euchre · deal {game.deal_no + 1} · dealer seat {game.dealer} · {what}"
        seats = RichTable(box=None, padding=(0, 1), header_style="bold")
        for col in ("", "seat", "player", "tricks", "total", ""):
            seats.add_column(col, no_wrap=col in ("", "seat", "tricks", "total"),
                             overflow="fold")  # fmt: skip
        called, revealed = int(s[S.CALLED]), int(s[S.REVEALED])
        for p in range(N_SEATS):
            notes = []
            if p == game.dealer:
                notes.append("dealer")
            if p == int(s[S.MAKER]):
                notes.append("maker" + (", alone" if s[S.GOING_ALONE] else ""))
            if p == revealed:
                notes.append("partner")
            if s[S.PASSED] >> p & 1:
                notes.append("passed")
            seats.add_row(Text("▶", style="bold green") if p == game.to_act else "", str(p),
                          Text(t.who(p), style="bold" if p in t.humans else ""),
                          str(int(s[S.TRICKS_WON + p])), str(int(s[S.TOTALS + p])),
                          ", ".join(notes))  # fmt: skip
        parts: list = [seats, Text("")]
        up = int(s[S.UP_CARD])
        line = Text("Up card: ")
        line.append_text(card_markup(up, "bold"))
        if called >= 0:
            line.append("   called: ")
            line.append_text(card_markup(called, "bold"))
        parts.append(line)
        if game.phase == PLAY:
            leader = int(s[S.LEADER])
            cards = [int(s[S.TRICK_CARDS + p]) for p in range(N_SEATS)]
            parts.append(trick_line(int(s[S.TRICK_NO]) + 1, 5, in_play_order(cards, leader),
                                    leader, game.to_act, card_markup))  # fmt: skip
            if s[S.TRICK_NO]:  # its winner leads the trick now on the table
                parts.append(Text(f"Last trick taken by seat {leader} (l to look)", style="dim"))
        if seat is not None:
            mine = game.to_act == seat and game.phase in (PLAY, DISCARD)
            row = hand_row(seat, cards_of(game.hand(seat)), game.legal_mask() if mine else 0,
                           card_markup)  # fmt: skip
            parts += [Text(""), row]
        return Panel(Group(*parts), title=title, title_align="left")

    def final(self) -> RichTable:
        rows = RichTable(title="The deals", box=None, padding=(0, 1), header_style="bold")
        rows.add_column("what happened")
        for d in self.game.history:
            if d.points:
                rows.add_row(deal_line(d))
        return rows
