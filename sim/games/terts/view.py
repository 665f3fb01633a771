"""Terts at the terminal table: the screen, the questions, the words.

The table (:mod:`sim.table.controller`) is the same for every game; refused moves
are explained by the game (:meth:`.game.TertsGame.why_illegal`), said to "you".
What the screen shows is what R10.2 makes public, plus the person's own hand and
the card he drew last (R10.1): never the other hand, never the stock's order.
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from sim.games.terts import state as S
from sim.games.terts.cards import CARD_NAMES, card_text, cards_of, parse_card
from sim.games.terts.game import DealResult, TertsGame
from sim.games.terts.vocab import (
    ANSWER,
    DRAW_TRICKS,
    FOLLOW,
    KIND_NAMES,
    KIND_POINTS,
    LEAD,
    LEAD_CARD,
    MARRIAGE,
    N_SEATS,
    N_TRICKS,
    PASS,
    PLAIN_POINTS,
    RANKS,
    RK,
    RQ,
    STOCK_SIZE,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    SWAP,
    TARGET,
    TRUMP_POINTS,
)
from sim.table.controller import Ask
from sim.table.tricks import LOOK_WORDS, hand_row, last_trick_line

SYMBOL_TO_LETTER = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))
FOUR_WORDS = {"Q": "queens", "K": "kings", "A": "aces", "J": "jacks"}
MELD_IDS = range(SWAP + 1, PASS)  # the four-of-a-kinds, the marriage, the sequences
PLAYING = (LEAD, ANSWER, LEAD_CARD, FOLLOW)
CARD_WORDS = frozenset(CARD_NAMES.values())


def card_markup(card: int, style: str = "") -> Text:
    return Text(card_text(card), style=f"{style} {'red' if card >> 3 in (0, 2) else ''}".strip())


def rank_text(card: int) -> str:
    return card_text(card)[:-1]


def points_of(card: int, trump: int) -> int:
    """R4.3: what a card is worth in a trick won."""
    return (TRUMP_POINTS if card >> 3 == trump else PLAIN_POINTS)[card % 8]


# -- melds as a person reads them (a meld's name fixes its cards, R10.2) ---------------------------
def meld_points(name: str) -> int:
    kind = name if name in KIND_NAMES else name.split("-")[0]
    return KIND_POINTS[KIND_NAMES.index(kind)]


def meld_words(name: str, trump: int) -> str:
    """``seq4-QD`` -> ``seq4-QD (Q-J-10-9 of diamonds, 50)`` (R7.1)."""
    points = meld_points(name)
    if name == "marriage":
        what = f"K-Q of {SUIT_NAMES[trump]}, the trumps"
    elif name.startswith("four-"):
        what = f"four {FOUR_WORDS[name[5:]]}"
    else:
        n, top = int(name[3 : name.index("-")]), parse_card(name[name.index("-") + 1 :])
        what = "-".join(rank_text(top - i) for i in range(n)) + f" of {SUIT_NAMES[top >> 3]}"
    return f"{name} ({what}, {points})"


def deal_story(d: DealResult):
    """The deal's public events: its tricks [(seat, card), ...] (the last one under way) and its
    melds [trick, seat, name, answer] (answer: None awaited, "" the marriage, "pass", or the
    name of the meld that beat it)."""
    tricks: list[list] = [[]]
    melds: list[list] = []
    for seat, text in d.events:
        if text == "swap":
            continue
        if text == "pass":
            melds[-1][3] = "pass"
        elif text in CARD_WORDS:
            tricks[-1].append((seat, parse_card(text)))
            if len(tricks[-1]) == N_SEATS:
                tricks.append([])
        elif melds and melds[-1][3] is None:
            melds[-1][3] = text  # the follower beat it (R7.7)
        else:
            melds.append([len(tricks), seat, text, "" if text == "marriage" else None])
    return tricks, melds


def meld_cards(name: str, trump: int) -> list[int]:
    """The cards a meld's name fixes (R7.1, R10.2)."""
    if name == "marriage":
        return [trump * 8 + RK, trump * 8 + RQ]
    if name.startswith("four-"):
        return [suit * 8 + RANKS.index(name[5]) for suit in range(4)]
    top = parse_card(name[name.index("-") + 1 :])
    return [top - i for i in range(int(name[3 : name.index("-")]))]


def meld_markup(name: str, trump: int) -> Text:
    """``seq3-QD Q♦ J♦ 10♦ (20)``."""
    line = Text(name + " ")
    for c in meld_cards(name, trump):
        line.append_text(card_markup(c))
        line.append(" ")
    line.append(f"({meld_points(name)})")
    return line


def meld_line(meld: list, trump: int) -> Text:
    """One declaration of the deal: who, what, the answer and who scored (R7.7)."""
    trick, seat, name, answer = meld
    line = Text(f"  trick {trick}: seat {seat} ")
    line.append_text(meld_markup(name, trump))
    if answer is None:
        line.append(f": seat {1 - seat} to answer (R7.4c)", style="yellow")
    elif answer == "":
        line.append(f", never answered (R7.6) → seat {seat} +20")
    elif answer == "pass":
        line.append(f", seat {1 - seat} passed → seat {seat} +{meld_points(name)}")
    else:
        line.append(f", beaten by seat {1 - seat}'s ")
        line.append_text(meld_markup(answer, trump))
        line.append(f" → seat {1 - seat} +{meld_points(answer)}")
    return line


def deal_line(d: DealResult) -> str:
    """One line about a finished deal: card and meld points, the last trick, points, totals."""
    cp, mp, p, tot = d.card_points, d.meld_points, d.points, d.totals
    return (f"deal {d.number + 1} over: card points {cp[0]}-{cp[1]}, melds {mp[0]}-{mp[1]}, "
            f"last trick seat {d.last_trick} (+10) → points {p[0]}-{p[1]}, totals "
            f"{tot[0]}-{tot[1]}")  # fmt: skip


class View:
    """What the table shows and asks in Terts."""

    name = "Terts"
    preselect_kind = "card"
    table_rules: dict[str, str] = {}  # none of its rules describes the table's features
    help = ("At your lead in tricks 1-7 you may first declare one meld, typed as offered "
            "(seq4-QD, four-K, marriage; R7.4b); answering a declaration, type pass or a "
            "stronger meld (R7.4c, R7.5); swap = exchange your 7 of trumps for the card "
            "beside the stock (tricks 1-7, R6.1).",
            "l = look at the last trick, at any time (every card played is public, "
            "R10.2).")  # fmt: skip
    winner_rule = f"the higher total once a total reaches {TARGET}, R9"

    def __init__(self, table):
        self.t = table
        self._kept = None  # a pre-selection kept over a forced pass
        self._forced = False

    @property
    def game(self) -> TertsGame:
        return self.t.game

    def deal_no(self) -> int:
        return self.game.deal_no

    def on_new_deal(self) -> bool:
        return self.game.to_act not in self.t.humans  # else the person's question shows it

    def save_state(self) -> dict:
        return {}

    def restore(self, state: dict) -> None:
        pass

    def command(self, seat: int, word: str) -> bool:
        """``l``: the last trick of the deal, as often as asked (R10.2)."""
        if word not in LOOK_WORDS:
            return False
        done = [tr for tr in deal_story(self.game.history[-1])[0] if len(tr) == N_SEATS]
        if not done or self.game.phase not in PLAYING:
            self.t.say("(no trick has been played yet in this deal)")
        else:
            winner = int(self.game.state[S.LAST_WINNER])
            self.t.console.print(last_trick_line(len(done), done[-1], winner, card_markup))
        return True

    # -- what a person is asked --------------------------------------------------------------
    def ask(self, seat: int) -> Ask | int:
        game = self.game
        legal = game.legal_mask()
        trump, phase = game.trump, game.phase
        melds = [game.event_name(a) for a in MELD_IDS if legal >> a & 1]
        swap = ["swap"] if legal >> SWAP & 1 else []
        offer = ", ".join(meld_words(m, trump) for m in melds)
        intro = []
        if phase == ANSWER:
            if legal == 1 << PASS:  # nothing beats it: the pass is the one answer
                pre = self.t.preselect
                if pre and pre[0] == seat:  # typed for the card to come: keep it
                    self._kept, self.t.preselect = pre, None
                self._forced = True
                return PASS
            theirs = meld_words(deal_story(game.history[-1])[1][-1][2], trump)
            beat = f": {offer}." if melds else "; nothing of yours beats it."
            intro.append(f"Seat {1 - seat} declared {theirs}. Answer: pass (it scores), or beat "
                         f"it with a stronger meld (R7.4c, R7.5){beat}")  # fmt: skip
            options = ["pass", *melds]
        else:
            tno = game.trick_no + 1
            if phase == LEAD and melds:
                intro.append(f"You lead trick {tno}: declare one meld first (R7.4b): {offer}; "
                             "or lead a card at once.")  # fmt: skip
            elif phase == LEAD:
                none = ": you have no meld to declare" if tno <= DRAW_TRICKS else ""
                intro.append(f"You lead trick {tno}{none}.")
            elif phase == LEAD_CARD:
                intro.append("Your declaration is settled: now lead a card (R7.4d).")
            elif phase == FOLLOW:
                led = card_text(game.lead_card)
                intro.append(f"Seat {1 - seat} led {led}: " + (
                    "play any card (tricks 1-7, R5.4)." if tno <= DRAW_TRICKS else
                    "follow suit; lacking it, play a trump; lacking both, any card (R5.5; the "
                    "jack of trumps need not be played, R5.6)."))  # fmt: skip
            options = melds + [CARD_NAMES[c] for c in cards_of(legal & 0xFFFFFFFF)]
        if swap:
            seven, bottom = card_text(trump * 8), card_text(game.bottom)
            intro.append(f"swap = exchange your {seven} for {bottom} beside the stock, then go "
                         "on (R6.1).")  # fmt: skip
        texts = [Text(line, style="yellow") for line in intro]
        hint = "type pass or a meld" if phase == ANSWER else "type a card (QS) or its number"
        texts.append(Text(f"{hint} · l = last trick · away = a bot plays for you · q = save "
                          "and quit", style="dim"))  # fmt: skip
        kind = "answer" if phase == ANSWER else "card"
        return Ask(kind, " ".join(options + swap), texts, self._move)

    def _move(self, seat: int, text: str):
        t = text.strip().translate(SYMBOL_TO_LETTER)
        if t.isdigit():
            card, error = self.read_card(seat, t)
            return (None, error) if error else (card, None)
        try:
            return self.game.parse_action("pass" if t.lower() == "p" else t), None
        except ValueError as e:
            if str(e).startswith("unknown action"):
                return None, (f"{text.strip()!r} is not a move: type a card (QS, 10D) or its "
                              "number, or a word the prompt offers")  # fmt: skip
            return None, str(e)

    def read_card(self, seat: int, text: str):
        hand = cards_of(self.game.hand(seat))
        t = text.strip().translate(SYMBOL_TO_LETTER)
        if t.isdigit():
            n = int(t)
            if not 1 <= n <= len(hand):
                return -1, (f"there is no card number {n}: your hand has {len(hand)} "
                            f"card{'s' * (len(hand) != 1)}")  # fmt: skip
            return hand[n - 1], None
        try:
            card = parse_card(t)
        except ValueError:
            return -1, f"{text!r} is not a card: type it like QS, 10D, 8h, or its number"
        if card not in hand:
            return -1, f"you don't hold {card_text(card)}"
        return card, None

    read_preselect = read_card

    def action_markup(self, action: int) -> Text:
        if 0 <= action < 32:
            return card_markup(action, "bold")
        return Text(self.game.action_name(action), style="bold")

    def action_text(self, action: int) -> str:
        return card_text(action) if 0 <= action < 32 else self.game.action_name(action)

    # -- what happened -----------------------------------------------------------------------
    def snapshot(self) -> dict:
        g = self.game
        return {"phase": g.phase, "deals": len(g.history), "deal": g.history[-1],
                "trump": g.trump, "bottom": g.bottom, "trick_no": g.trick_no}  # fmt: skip

    def describe(self, seat: int, action: int, before: dict) -> None:
        t = self.t
        name, other = t.seat_name(seat), f"seat {1 - seat}"
        d, trump = before["deal"], before["trump"]
        said = d.events[-1][1]
        if action == SWAP:
            seven, bottom = card_text(trump * 8), card_text(before["bottom"])
            t.say(f"{name} exchanges the 7 of trumps, {seven}, for {bottom} beside the stock "
                  "(R6.1)", style="bold")  # fmt: skip
        elif action == PASS:
            theirs = deal_story(d)[1][-1][2]
            why = " (nothing of yours beats it)" if self._forced else ""
            t.say(f"{name} passes{why}: {other} scores {meld_points(theirs)} for {theirs} (R7.7)",
                  style="bold")  # fmt: skip
            if self._kept:
                t.preselect, self._kept = self._kept, None
        elif action > SWAP:
            words = meld_words(said, trump)
            if before["phase"] != LEAD:
                t.say(f"{name} beats it with {words} and scores it; {other} scores nothing "
                      "(R7.7)", style="bold yellow")  # fmt: skip
            elif action == MARRIAGE:
                t.say(f"{name} declares the {words}: it scores at once and is not answered "
                      "(R7.6)", style="bold yellow")  # fmt: skip
            else:
                t.say(f"{name} declares {words}: {other} to answer (R7.4c)", style="bold yellow")
        else:
            line = Text(f"{name} {'plays' if before['phase'] == FOLLOW else 'leads'} ")
            line.append_text(self.action_markup(action))
            t.console.print(line)
            if before["phase"] == FOLLOW:
                self._trick_done(before, d, trump)
        self._forced = False

    def _trick_done(self, before: dict, d: DealResult, trump: int) -> None:
        t, game = self.t, self.game
        tno = before["trick_no"] + 1
        ended = len(game.history) > before["deals"] or game.over
        cards = [c for _, c in deal_story(d)[0][-2]]
        winner = d.last_trick if ended else game.leader
        say = f"  seat {winner} takes trick {tno} (+{sum(points_of(c, trump) for c in cards)})"
        if ended:
            t.say(say + " and 10 for the last trick (R4.4)", style="cyan")
            t.console.print(Text(deal_line(d), style="bold green"))
            t.pause(t.delay * 2)
            return
        if tno < DRAW_TRICKS:
            left = STOCK_SIZE - int(game.state[S.DRAWN])
            say += f"; seat {winner} draws, then seat {1 - winner} ({left} left face down, R5.3)"
        elif tno == DRAW_TRICKS:
            say += (f"; seat {winner} draws the last card of the stock, seat {1 - winner} "
                    f"{card_text(before['bottom'])} beside it: the stock is exhausted (R5.3); "
                    "from trick 8, follow suit, else a trump (R5.5)")  # fmt: skip
        if len(t.humans) == 1 and (card := self.drawn(t.humans[0])) is not None:
            say += f" · you draw {card_text(card)}"
        t.say(say, style="cyan")
        t.pause(t.delay)

    def drawn(self, seat: int) -> int | None:
        """The card ``seat`` drew after the last trick, while he holds it (his own, R10.1)."""
        game, s = self.game, self.game.state
        tno = game.trick_no
        if game.phase not in PLAYING or not 1 <= tno <= DRAW_TRICKS:
            return None
        won = int(s[S.LAST_WINNER]) == seat
        if tno == DRAW_TRICKS and not won:  # the card beside the stock, public (R10.2)
            card = game.trump * 8 if int(s[S.SWAPPER]) >= 0 else game.turned
        else:
            card = int(s[S.STOCK + 2 * (tno - 1) + (0 if won else 1)])
        return card if game.hand(seat) >> card & 1 else None

    # -- the screen --------------------------------------------------------------------------
    def screen(self, seat: int | None) -> Panel:
        t, game, s = self.t, self.game, self.game.state
        trump = game.trump
        title = (f"Terts · deal {game.deal_no + 1} · dealer seat {game.dealer} · trumps "
                 f"{SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}")  # fmt: skip
        tricks, melds = deal_story(game.history[-1])
        seats = RichTable(box=None, padding=(0, 1), header_style="bold")
        for col in ("", "seat", "player", "cards", "tricks", "card points", "melds", "total", ""):
            seats.add_column(col, no_wrap=bool(col), overflow="fold")
        for p in range(N_SEATS):
            seats.add_row(Text("▶", style="bold green") if p == game.to_act else "", str(p),
                          Text(t.who(p), style="bold" if p in t.humans else ""),
                          str(bin(game.hand(p)).count("1")), str(int(s[S.TRICKS_WON + p])),
                          str(game.card_points[p]), str(game.meld_points[p]),
                          str(game.totals[p]), "dealer" if p == game.dealer else "")  # fmt: skip
        parts: list = [seats, Text(f"{TARGET} wins: totals are looked at after each deal (R9.1)",
                                   style="dim")]  # fmt: skip
        parts.append(self._stock_line(tricks))
        parts.append(Text("Melds this deal: " + ("none yet" if not melds else ""), style="bold"))
        parts += [meld_line(m, trump) for m in melds]
        done = [tr for tr in tricks if len(tr) == N_SEATS]
        if done:
            last = Text(f"Last trick ({len(done)}): ", style="bold")
            for p, c in done[-1]:
                last.append(f"seat {p} ")
                last.append_text(card_markup(c))
                last.append("  ")
            last.append(f"→ seat {int(s[S.LAST_WINNER])} "
                        f"(+{sum(points_of(c, trump) for _, c in done[-1])})")  # fmt: skip
            parts.append(last)
        if game.phase in PLAYING:
            tno = game.trick_no + 1
            trick = Text(f"Trick {tno} of {N_TRICKS}: ", style="bold")
            if tricks[-1]:
                p, c = tricks[-1][0]
                trick.append(f"seat {p} led ")
                trick.append_text(card_markup(c, "bold"))
                trick.append(f", seat {1 - p} to play  ")
            else:
                trick.append(f"seat {game.leader} to lead  ")
            trick.append("(tricks 1-7: any card, R5.4)" if tno <= DRAW_TRICKS else
                         "(follow suit, else a trump, R5.5)", style="dim")  # fmt: skip
            parts.append(trick)
        if seat is not None:
            legal = game.legal_mask() if game.to_act == seat else 0
            row = hand_row(seat, cards_of(game.hand(seat)), legal & 0xFFFFFFFF, card_markup)
            if (new := self.drawn(seat)) is not None:
                row.append(f"   (new: {card_text(new)})", style="dim")
            parts += [Text(""), row]
        return Panel(Group(*parts), title=title, title_align="left")

    def _stock_line(self, tricks: list) -> Text:
        game, s = self.game, self.game.state
        turned, bottom, swapper = game.turned, game.bottom, int(s[S.SWAPPER])
        line = Text("Turned card ", style="bold")
        line.append_text(card_markup(turned, "bold"))
        if swapper >= 0:
            line.append(f", exchanged by seat {swapper} at trick {int(s[S.SWAP_TRICK])}")
        if bottom >= 0:
            left = STOCK_SIZE - int(s[S.DRAWN])
            line.append(" · beside the stock: ")
            line.append_text(card_markup(bottom, "bold"))
            line.append(f" · stock: {left} face down")
        else:
            w7 = tricks[DRAW_TRICKS][0][0] if len(tricks) > DRAW_TRICKS and tricks[DRAW_TRICKS] \
                else game.leader  # fmt: skip
            drew = game.trump * 8 if swapper >= 0 else turned
            line.append(f" · the stock is exhausted: seat {1 - w7} drew {card_text(drew)} "
                        "after trick 7")  # fmt: skip
        return line

    def final(self) -> RichTable:
        rows = RichTable(title="The deals", box=None, padding=(0, 1), header_style="bold")
        for col in ("deal", "dealer", "card points", "melds", "last trick", "points", "totals"):
            rows.add_column(col, justify="left" if col in ("deal", "dealer") else "right")
        for d in self.game.history:
            if d.points:
                rows.add_row(str(d.number + 1), f"seat {d.dealer}",
                             *(f"{x[0]}-{x[1]}" for x in (d.card_points, d.meld_points)),
                             f"seat {d.last_trick} +10",
                             *(f"{x[0]}-{x[1]}" for x in (d.points, d.totals)))  # fmt: skip
        return rows
