"""Toy at the terminal table (``trixsim play --game toy``): the screen and the questions.

The table (:mod:`sim.table.controller`) is the same for every game; the screen shows what is
public and the person's own hand, never the other.
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from sim.table.controller import Ask
from tests.toy import state as S
from tests.toy.game import ToyGame
from tests.toy.vocab import CARD_NAMES, FOLLOW, TARGET, cards_of, parse_card


class View:
    """What the table shows and asks in Toy."""

    name = "Toy"
    preselect_kind = "card"
    table_rules: dict[str, str] = {}  # none of its rules describes the table's features
    help = ("Type a card (QS) or its number in your hand; follow the led suit if you can "
            "(R3.2).",)  # fmt: skip
    winner_rule = f"the higher total once a total reaches {TARGET}, R4"

    def __init__(self, table):
        self.t = table

    @property
    def game(self) -> ToyGame:
        return self.t.game

    def deal_no(self) -> int:
        return self.game.deal_no

    def on_new_deal(self) -> bool:
        return self.game.to_act not in self.t.humans

    def save_state(self) -> dict:
        return {}

    def restore(self, state: dict) -> None:
        pass

    def command(self, seat: int, word: str) -> bool:
        return False

    # -- questions --------------------------------------------------------------------------
    def ask(self, seat: int) -> Ask | int:
        game = self.game
        legal = cards_of(game.legal_mask())
        if game.phase == FOLLOW:
            intro = f"Seat {1 - seat} led {CARD_NAMES[game.lead_card]}: follow suit if you can."
        else:
            intro = f"You lead trick {game.trick_no + 1}."
        return Ask("card", " ".join(CARD_NAMES[c] for c in legal),
                   [Text(intro, style="yellow")], self.read_card)  # fmt: skip

    def read_card(self, seat: int, text: str):
        hand = cards_of(self.game.hand(seat))
        t = text.strip()
        if t.isdigit():
            n = int(t)
            if not 1 <= n <= len(hand):
                return None, f"there is no card number {n}: your hand has {len(hand)} cards"
            return hand[n - 1], None
        try:
            card = parse_card(t)
        except ValueError as e:
            return None, str(e)
        if card not in hand:
            return None, f"you don't hold {CARD_NAMES[card]}"
        return card, None

    read_preselect = read_card

    def action_text(self, action: int) -> str:
        return CARD_NAMES[action]

    def action_markup(self, action: int) -> Text:
        return Text(CARD_NAMES[action], style="bold")

    # -- what happened ----------------------------------------------------------------------
    def snapshot(self) -> dict:
        g = self.game
        return {"phase": g.phase, "deals": len(g.history), "trick_no": g.trick_no}

    def describe(self, seat: int, action: int, before: dict) -> None:
        t, game = self.t, self.game
        verb = "plays" if before["phase"] == FOLLOW else "leads"
        t.say(f"{t.seat_name(seat)} {verb} {CARD_NAMES[action]}")
        if before["phase"] != FOLLOW:
            return
        d = game.history[before["deals"] - 1]
        ended = len(game.history) > before["deals"] or game.over
        winner = int(game.state[S.LAST_WINNER]) if ended else game.leader
        t.say(f"  seat {winner} takes trick {before['trick_no'] + 1} (R3.3)", style="cyan")
        if ended:
            t.say(f"deal {d.number + 1} over: tricks {d.tricks[0]}-{d.tricks[1]}, totals "
                  f"{d.totals[0]}-{d.totals[1]}", style="bold green")  # fmt: skip

    # -- the screen -------------------------------------------------------------------------
    def screen(self, seat: int | None) -> Panel:
        t, game = self.t, self.game
        seats = RichTable(box=None, padding=(0, 1), header_style="bold")
        for col in ("", "seat", "player", "cards", "tricks", "total", ""):
            seats.add_column(col)
        for p in range(2):
            seats.add_row("▶" if p == game.to_act else "", str(p), t.who(p),
                          str(bin(game.hand(p)).count("1")), str(game.tricks[p]),
                          str(game.totals[p]), "dealer" if p == game.dealer else "")  # fmt: skip
        parts: list = [seats]
        if game.lead_card >= 0:
            parts.append(Text(f"Led: {CARD_NAMES[game.lead_card]}"))
        if seat is not None:
            hand = " ".join(f"{i}:{CARD_NAMES[c]}" for i, c in
                            enumerate(cards_of(game.hand(seat)), 1))  # fmt: skip
            parts.append(Text(f"Seat {seat}, your hand: {hand}", style="bold"))
        title = f"Toy · deal {game.deal_no + 1} · dealer seat {game.dealer} · {TARGET} wins"
        return Panel(Group(*parts), title=title, title_align="left")

    def final(self) -> RichTable:
        rows = RichTable(title="The deals", box=None, header_style="bold")
        for col in ("deal", "dealer", "tricks", "totals"):
            rows.add_column(col)
        for d in self.game.history:
            if d.totals:
                rows.add_row(str(d.number + 1), f"seat {d.dealer}", f"{d.tricks[0]}-{d.tricks[1]}",
                             f"{d.totals[0]}-{d.totals[1]}")  # fmt: skip
        return rows
