"""Trix at the terminal table: the screen, the questions a person is asked, the words.

The table itself (:mod:`sim.table.controller`) is the same for every game; it
asks this view what to show and what to ask. Explanations of refused moves
come from the game (:meth:`.game.TrixGame.why_illegal`), said to "you".
The table rule of the seeds (R10, R4.4): the last trick may be looked at
twice per contract.
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from sim.games.trix import state as S
from sim.games.trix.cards import CARD_NAMES, card_text, cards_of, parse_card
from sim.games.trix.game import ContractResult, TrixGame, contract_number
from sim.games.trix.vocab import (
    ACE_RANK,
    CHOOSE,
    CHOOSE_BASE,
    CONTRACT_NAMES,
    DOUBLE,
    GENERAL,
    JACKS,
    KING,
    KING_OF_HEARTS,
    N_ACTIONS,
    N_CONTRACTS,
    N_DEALS,
    N_SEATS,
    NO_DOUBLE,
    PASS,
    SUIT_SYMBOLS,
    SUITS,
    TRICKS,
    TRIX,
    TRIX_C,
)
from sim.table.controller import Ask
from sim.table.tricks import last_trick_line, trick_line

LOOKS_PER_CONTRACT = 2  # the seeds' table rule: the last trick may be seen twice
LOOK_WORDS = ("l", "last")
SHORT = ("diam", "queen", "trick", "last", "king", "gen", "trix")
ABOUT = (
    "+10 per ♦ you take (all 8: +150)",
    "+20 per queen you take",
    "+10 per trick you take (all 8: +150)",
    "+100 to whoever takes the 8th trick",
    "+100 to whoever takes K♥ (+200 if its holder announces it)",
    "diamonds, queens, tricks, last-trick and king at once",
    "the layout: first out −100, second −50",
)
SYMBOL_TO_LETTER = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))


def card_markup(card: int, style: str = "") -> Text:
    red = (card >> 3) in (0, 2)
    return Text(card_text(card), style=f"{style} {'red' if red else ''}".strip())


def tricks_of(events: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The contract's (seat, card) plays grouped in tricks, a card a seat (the last may be
    partial)."""
    plays = [(s, a) for s, a in events if a < 32]
    return [plays[i : i + N_SEATS] for i in range(0, len(plays), N_SEATS)]


def trick_winner(trick: list[tuple[int, int]]) -> int:
    """R4.3: the highest card of the led suit."""
    led = trick[0][1] >> 3
    return max((card, seat) for seat, card in trick if card >> 3 == led)[1]


def points_text(points: list[int]) -> list[str]:
    return [f"{p:+d}" if p else "0" for p in points]


def contract_notes(c: ContractResult) -> str:
    """What happened in a contract beyond its points, in a few words."""
    notes = []
    doubled = [s for s, a in c.events if a == DOUBLE]
    tricks = [t for t in tricks_of(c.events) if len(t) == N_SEATS]
    if c.contract in (KING, GENERAL):
        taken = [trick_winner(t) for t in tricks if any(c == KING_OF_HEARTS for _, c in t)]
        notes += [f"K♥ to seat {seat}" for seat in taken]
        if doubled:
            notes.append(f"announced by seat {doubled[0]}")
    if c.contract == TRIX_C:
        order = sorted((p, s) for s, p in enumerate(c.points) if p < 0)
        notes.append("out: " + ", ".join(f"seat {s}" for _, s in order))
    elif len(tricks) < 8:
        notes.append(f"stopped after {len(tricks)} trick{'s' if len(tricks) != 1 else ''}")
    return "; ".join(notes)


def contract_line(c: ContractResult) -> str:
    """One line about a finished contract: what, who chose, what happened, the points."""
    imposed = ", imposed ×4" if c.choice == 7 else ""
    head = f"#{c.number + 1} {c.name} (seat {c.chooser}, choice {c.choice}{imposed})"
    notes = contract_notes(c)
    note = f" — {notes}" if notes else ""
    return (f"{head}{note}: points {' '.join(points_text(c.points))} → totals "
            f"{' '.join(map(str, c.totals))}")  # fmt: skip


def choice_notes(game: TrixGame, seat: int, who: str | None = None) -> list[str]:
    """The contract-choice rules that apply to this choice, in words; ``who`` opens the
    first (the terminal's ``Seat 2, you``; the browser's ``Your turn: you``)."""
    s = game.state
    choice = int(s[S.CHOICES_MADE + seat]) + 1
    remaining = int(s[S.REMAINING + seat])
    trix_free = remaining >> TRIX_C & 1
    who = who or f"Seat {seat}, you"
    notes = [f"{who} choose the contract: your choice {choice} of 7. Your own points "
             "count ×2 in your own contract (R7.1)."]  # fmt: skip
    if choice == 7:
        left = CONTRACT_NAMES[remaining.bit_length() - 1]
        notes.append(f"This is your 7th choice: the one contract left, {left}, is imposed on "
                     "you (R3.6), and your points in it count ×4 (R7.2).")  # fmt: skip
    elif choice == 6 and trix_free:
        notes.append("Trix is still free at your 6th choice, so it is your only choice, jack "
                     "or not: a forced trix (R3.5).")  # fmt: skip
    elif trix_free and not game.hand(seat) & JACKS:
        notes.append("Trix is not offered: before your 6th choice it needs a jack in your "
                     "hand, and you hold none (R3.4).")  # fmt: skip
    elif trix_free:
        notes.append("Trix is allowed: you hold a jack (R3.4).")
    return notes


class View:
    """What the table shows and asks in Trix (one per table)."""

    name = "Trix"
    preselect_kind = "card"  # what a person may pre-select while others play (R10.3)
    table_rules = {"away": "R10.2", "preselect": "R10.3"}  # the table's features in the rules

    def __init__(self, table):
        self.t = table
        self.looks = [0] * N_SEATS  # in the current contract

    @property
    def game(self) -> TrixGame:
        return self.t.game

    # -- the deal ------------------------------------------------------------------------
    def deal_no(self) -> int:
        return self.game.contract_no

    def on_new_deal(self) -> bool:
        """A new contract was dealt; True when the table should be drawn now."""
        self.looks = [0] * N_SEATS
        return self.game.chooser not in self.t.humans

    def save_state(self) -> dict:
        return {"looks": list(self.looks)}

    def restore(self, state: dict) -> None:
        looks = state.get("looks")
        ok = isinstance(looks, list) and len(looks) == N_SEATS
        if ok and all(isinstance(x, int) for x in looks):
            self.looks = list(looks)

    # -- what a person is asked ------------------------------------------------------------
    def ask(self, seat: int) -> Ask | int:
        """The question for ``seat`` now, or the one action it has (a pass)."""
        game = self.game
        legal = game.legal_mask()
        if game.phase == CHOOSE:
            return self._choose(seat, legal)
        if legal >> DOUBLE & 1:
            return Ask("announcement", "y/n", [Text(
                "You hold K♥ and this is your first turn: announce it (double)? Announced, K♥ "
                "is worth +200 to whoever takes it, and you lose 50 if another player takes it "
                "(R5.6). Not now means never in this contract.", style="yellow")],
                self._yes_no)  # fmt: skip
        if legal == 1 << PASS:
            return PASS
        options = " ".join(CARD_NAMES[c] for c in cards_of(legal & 0xFFFFFFFF))
        left = LOOKS_PER_CONTRACT - self.looks[seat]
        look = f"l = last trick ({left} left)" if game.phase == TRICKS else ""
        hint = " · ".join(
            filter(
                None,
                [
                    "type a card (QS) or its number",
                    look,
                    "away = a bot plays for you",
                    "q = save and quit",
                ],
            )
        )
        return Ask("card", options, [Text(hint, style="dim")], self._card)  # fmt: skip

    def _choose(self, seat: int, legal: int) -> Ask:
        allowed = [a - CHOOSE_BASE for a in range(CHOOSE_BASE, N_ACTIONS) if legal >> a & 1]
        intro: list = [Text(line, style="yellow") for line in choice_notes(self.game, seat)]
        menu = RichTable(show_header=False, box=None, padding=(0, 1))
        for i, c in enumerate(allowed, 1):
            menu.add_row(f"{i}", CONTRACT_NAMES[c], Text(ABOUT[c], style="dim"))
        intro.append(menu)

        def parse(seat: int, text: str):
            text = text.strip().lower()
            if text.isdigit() and 1 <= int(text) <= len(allowed):
                return CHOOSE_BASE + allowed[int(text) - 1], None
            if text.isdigit():
                return None, f"choose a number from 1 to {len(allowed)}"
            try:
                return CHOOSE_BASE + contract_number(text), None
            except ValueError:
                return None, f"{text!r} is not a contract: type its number or its name"

        return Ask("contract", " ".join(CONTRACT_NAMES[c] for c in allowed), intro, parse)

    @staticmethod
    def _yes_no(seat: int, text: str):
        text = text.strip().lower()
        if text in ("y", "yes", "double", "d"):
            return DOUBLE, None
        if text in ("n", "no", "no-double"):
            return NO_DOUBLE, None
        return None, "answer y (announce K♥) or n (don't)"

    def _card(self, seat: int, text: str):
        if text.strip().lower() == "pass":
            return PASS, None
        card, error = self.read_card(seat, text)
        return (None, error) if error else (card, None)

    def read_card(self, seat: int, text: str) -> tuple[int, str | None]:
        """A card in ``seat``'s hand from its text or its number in the hand."""
        hand = cards_of(self.game.hand(seat))  # by suit (♥ ♣ ♦ ♠), low to high: the numbers
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(hand):
                return -1, (f"there is no card number {n}: your hand has {len(hand)} "
                            f"card{'s' * (len(hand) != 1)}")  # fmt: skip
            return hand[n - 1], None
        try:
            card = parse_card(text.translate(SYMBOL_TO_LETTER))
        except ValueError:
            return -1, (f"{text!r} is not a card: type it like QS, 10D, 7h (rank 7 8 9 10 J Q "
                        "K A, suit H C D S) or its number in your hand")  # fmt: skip
        if card not in hand:
            return -1, f"you don't hold {card_text(card)}"
        return card, None

    read_preselect = read_card

    def action_markup(self, action: int) -> Text:
        return card_markup(action, "bold") if action < 32 else Text(self.game.action_name(action))

    def action_text(self, action: int) -> str:
        return card_text(action) if action < 32 else self.game.action_name(action)

    # -- what happened ---------------------------------------------------------------------
    def describe(self, seat: int, action: int, before: dict) -> None:
        """Say what ``seat`` just did (``before``: :meth:`snapshot` taken before it)."""
        t, game = self.t, self.game
        current: ContractResult = before["contract"]
        phase = before["phase"]
        name = t.seat_name(seat)
        if phase == CHOOSE:
            extra = " (imposed, ×4)" if current.choice == 7 else ""
            t.say(f"{name} chooses {current.name} (choice {current.choice}{extra})", style="bold")
        elif action == DOUBLE:
            t.say(f"{name} announces K♥: it is worth +200, and −50 to {name} if another "
                  "takes it (R5.6)", style="bold yellow")  # fmt: skip
        elif action == PASS:
            t.say(f"{name} has nothing to lay: pass (R9.4)")
        elif action < 32:
            line = Text(f"{name} {'lays' if phase == TRIX else 'plays'} ")
            line.append_text(card_markup(action, "bold"))
            t.console.print(line)
            if phase == TRICKS:
                tricks = tricks_of(current.events)
                if len(tricks[-1]) == N_SEATS:
                    self._trick_done(len(tricks), tricks[-1])
            elif phase == TRIX and action & 7 == ACE_RANK and game.to_act == seat:
                t.say(f"  an ace: {name} lays again (R9.5)", style="dim")
        if len(game.contracts) > before["deals"] or game.over:
            t.console.print(Text(contract_line(current), style="bold green"))
            t.pause(t.delay * 2)

    def snapshot(self) -> dict:
        return {"contract": self.game.contracts[-1], "phase": self.game.phase,
                "deals": len(self.game.contracts)}  # fmt: skip

    def _trick_done(self, number: int, trick: list[tuple[int, int]]) -> None:
        t = self.t
        line = Text(f"  {t.seat_name(trick_winner(trick))} takes trick {number}: ", style="cyan")
        for i, (_, card) in enumerate(trick):
            if i:
                line.append(" ")
            line.append_text(card_markup(card))
        t.console.print(line)
        t.pause(t.delay)

    # -- the table's own commands ----------------------------------------------------------
    def command(self, seat: int, word: str) -> bool:
        """A word this game's table understands at any time (the last-trick look)."""
        if word not in LOOK_WORDS:
            return False
        self.look(seat)
        return True

    help = ("l = look at the last trick (twice per contract).",)

    def look(self, seat: int) -> None:
        """The last trick, at most twice per contract (the table rule of the seeds)."""
        t, game = self.t, self.game
        if game.phase == TRIX:
            t.say("(trix has no tricks: the piles are on the table)")
            return
        done = [x for x in tricks_of(game.contracts[-1].events) if len(x) == N_SEATS]
        if game.phase != TRICKS or not done:
            t.say("(no trick has been played yet in this contract)")
            return
        if self.looks[seat] >= LOOKS_PER_CONTRACT:
            t.say(f"(seat {seat} has already looked at the last trick twice in this "
                  "contract: the table rule allows two looks)", style="red")  # fmt: skip
            return
        self.looks[seat] += 1
        line = last_trick_line(len(done), done[-1], trick_winner(done[-1]), card_markup)
        left = LOOKS_PER_CONTRACT - self.looks[seat]
        line.append(" ")
        line.append(f"({left} look{'s' if left != 1 else ''} left in this contract)", style="dim")
        t.console.print(line)

    # -- the screen --------------------------------------------------------------------------
    def screen(self, seat: int | None) -> Panel:
        t, game = self.t, self.game
        s = game.state
        phase = game.phase
        chooser = game.chooser
        parts: list = []
        if phase == CHOOSE:
            what = f"seat {chooser} ({t.who(chooser)}) is choosing"
        else:
            choice = game.contracts[-1].choice
            mult = " · choice 7, imposed: ×4" if choice == 7 else f" · choice {choice}"
            if game.contract != TRIX_C and choice != 7:
                mult += ", ×2"  # the chooser's points (R7.1); trix points never are (R7.3)
            what = (f"{CONTRACT_NAMES[game.contract]} · chooser seat {chooser} "
                    f"({t.who(chooser)}){mult}")  # fmt: skip
        title = f"Trix · contract {game.contract_no + 1}/{N_DEALS} · {what}"
        seats = RichTable(box=None, padding=(0, 1), header_style="bold")
        for col in ("", "seat", "player", "cards", "tricks", "total", "left", ""):
            # the numbers never wrap (they would vanish at 80 columns); the rest folds
            short = col in ("", "seat", "cards", "tricks", "total")
            seats.add_column(
                col,
                no_wrap=short,
                overflow="fold",
                justify="right" if col in ("tricks", "total") else "left",
            )
        announcer = int(s[S.ANNOUNCER])
        out = [int(s[S.OUT_SEAT]), int(s[S.OUT_SEAT + 1])]
        for p in range(N_SEATS):
            notes = []
            if p == chooser:
                notes.append("chooser")
            if p == announcer:
                notes.append("announced K♥")
            if phase == TRIX and p in out:
                notes.append(f"out {('1st −100', '2nd −50')[out.index(p)]}")
            if phase == TRIX and int(s[S.PASSES + p]):
                notes.append(f"passed {int(s[S.PASSES + p])}×")
            remaining = int(s[S.REMAINING + p])
            seats.add_row(
                Text("▶", style="bold green") if p == game.to_act else "",
                str(p),
                Text(t.who(p), style="bold" if p in t.humans else ""),
                str(bin(game.hand(p)).count("1")),
                str(int(s[S.TRICKS_WON + p])),
                str(int(s[S.TOTALS + p])),
                " ".join(SHORT[c] for c in range(N_CONTRACTS) if remaining >> c & 1) or "—",
                ", ".join(notes),
            )
        parts += [seats, Text("")]
        if phase == TRICKS:
            tricks = tricks_of(game.contracts[-1].events)
            current = tricks[-1] if tricks and len(tricks[-1]) < N_SEATS else []
            done = len(tricks) - (1 if current else 0)
            leader = current[0][0] if current else game.to_act
            parts.append(trick_line(done + 1, 8, current, leader, game.to_act, card_markup))
            if done:
                left = LOOKS_PER_CONTRACT - self.looks[seat if seat is not None else 0]
                parts.append(Text(f"Last trick taken by seat {trick_winner(tricks[done - 1])} "
                                  f"(face down; l to look, {left} left)", style="dim"))  # fmt: skip
        elif phase == TRIX:
            played = int(s[S.PLAYED])
            line = Text("Piles: ", style="bold")
            for suit in range(4):
                laid = [c for c in cards_of(played) if c >> 3 == suit]
                line.append(SUIT_SYMBOLS[suit], style="red" if suit in (0, 2) else "")
                line.append(" " + (" ".join(card_text(c)[:-1] for c in laid) if laid else "—"))
                line.append("   ")
            parts.append(line)
        if seat is not None:
            parts += [Text(""), self._hand(seat)]
        return Panel(Group(*parts), title=title, title_align="left")

    def _hand(self, seat: int) -> Group:
        game = self.game
        hand = cards_of(game.hand(seat))
        legal = game.legal_mask() if game.phase in (TRICKS, TRIX) else 0
        if legal >> DOUBLE & 1:
            legal = 0
        head = f"Seat {seat}, your hand"
        head += " (legal cards marked *):" if legal & 0xFFFFFFFF else ":"
        lines = [Text(head, style="bold")]
        for suit in range(4):
            cards = [(i, c) for i, c in enumerate(hand, 1) if c >> 3 == suit]
            if not cards:
                continue
            line = Text("  ")
            line.append(SUIT_SYMBOLS[suit], style="red" if suit in (0, 2) else "")
            for i, c in cards:
                ok = bool(legal >> c & 1)
                line.append(f"  {i}:", style="dim")
                line.append_text(card_markup(c, "bold reverse" if ok else ""))
                line.append("*" if ok else " ", style="bold green")
            lines.append(line)
        return Group(*lines)

    def final(self) -> RichTable:
        """The contracts of the finished game, a row each."""
        rows = RichTable(title="The contracts", box=None, padding=(0, 1), header_style="bold")
        for col in ("#", "contract", "chooser", "choice", *(f"seat {p}" for p in range(N_SEATS))):
            rows.add_column(col, justify="right" if col.startswith("seat") or col == "#" else
                            "left")  # fmt: skip
        rows.add_column("what happened")
        for c in self.game.contracts:
            if c.contract >= 0 and c.totals:
                choice = f"{c.choice} (×4)" if c.choice == 7 else str(c.choice)
                rows.add_row(str(c.number + 1), c.name, f"seat {c.chooser}", choice,
                             *points_text(c.points), contract_notes(c))  # fmt: skip
        return rows

    winner_rule = "lowest total, R3.9"
