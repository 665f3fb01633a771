"""``trixsim play``: a person (or a few, sharing a keyboard) at the table against bots.

The game itself is :class:`sim.game.Game`, which checks every action and says why an
illegal one is refused; this module is only the table around it: the screen (drawn
with rich), reading what the person types, and leaving and coming back.

Input is read line by line from stdin with ``select``, so the same code serves a
terminal and a script. A line typed while others play is handled at once: ``q``
saves and quits, ``l`` shows the last trick, a card (or its number in the hand) is a
*pre-selection* (R10.3), played when the person's turn comes if it is still legal;
otherwise the person is asked again.

Stepping away (R10.2): ``away`` hands the seat to the line-up's first bot until the
person types ``back``; the moves the bot makes are the seat's moves, as in a
record. Leaving (``q``, Ctrl-C, Ctrl-D, a closed terminal) saves the seed, the seats, the
bot specs and every action so far. Coming back replays those actions through the
engine and lets each bot decide again at its recorded turns, which moves its random
stream exactly as in the first session (and checks that it decides the same), so a
resumed game is the game an uninterrupted session would have played.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import select
import signal
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from bots.registry import parse_spec
from sim import layout as L
from sim.cards import (
    CARD_NAMES,
    JACKS,
    KING_OF_HEARTS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    cards_of,
    parse_card,
)
from sim.game import ContractResult, Game, action_name, contract_number, parse_action

SAVE_FORMAT = "trixsim/table-save@1"
HUMAN = "human"  # the name written for a person's seat in records and saves
LOOKS_PER_CONTRACT = 2  # the seeds' table rule: the last trick may be seen twice
GAME_ID = 0  # a table game is game 0 of its seed: the deals of `trixsim deal --seed S`

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
SYMBOL_TO_LETTER = str.maketrans(dict(zip(SUIT_SYMBOLS, "HCDS", strict=True)))
QUIT_WORDS = ("q", "quit", "exit")
LOOK_WORDS = ("l", "last")
HELP_WORDS = ("?", "h", "help")
AWAY_WORD, BACK_WORD = "away", "back"  # R10.2: a bot plays the seat meanwhile
CANCEL_WORDS = ("cancel", "-")  # drop the pre-selected card (R10.3)


class TableError(ValueError):
    """A user error in the options or the saved game; the message says what is wrong."""


class Leave(Exception):
    """The person leaves: the game is saved; ``code`` is the exit code."""

    def __init__(self, why: str, code: int = 0):
        super().__init__(why)
        self.why = why
        self.code = code


class Away(Exception):
    """The person at the seat being asked has stepped away (R10.2)."""


class Hangup(Exception):
    """The terminal closed (SIGHUP) or the process was asked to stop (SIGTERM)."""


# -- options ----------------------------------------------------------------------------------
def parse_seats(text: str) -> list[int]:
    """``"0"`` or ``"0,2"`` -> sorted distinct seats 0-3."""
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) > 3:
            raise TableError(f"--seat takes seats 0-3 separated by commas, e.g. 0 or 0,2; "
                             f"got {text!r}")  # fmt: skip
        if int(part) in seats:
            raise TableError(f"--seat names seat {part} twice: {text!r}")
        seats.append(int(part))
    return sorted(seats)


def lineup(humans: list[int], bot_texts: list[str]) -> list:
    """The spec at each seat (None for a person): one spec for every empty seat, or one each."""
    from bots.registry import BotSpecError, parse_spec

    empty = [s for s in range(4) if s not in humans]
    if not empty:
        return [None] * 4
    if len(bot_texts) not in (1, len(empty)):
        raise TableError(
            f"--bots takes one spec for every empty seat or one per empty seat "
            f"({len(empty)}: seats {', '.join(map(str, empty))}), got {len(bot_texts)}"
        )
    texts = bot_texts * len(empty) if len(bot_texts) == 1 else bot_texts
    specs: list = [None] * 4
    try:
        for seat, text in zip(empty, texts, strict=True):
            specs[seat] = parse_spec(text)
    except BotSpecError as e:
        raise TableError(str(e)) from None
    return specs


# -- cards as a person reads them ---------------------------------------------------------------
def card_text(card: int) -> str:
    """``22`` -> ``10♦``."""
    name = CARD_NAMES[card]
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card >> 3]


def card_markup(card: int, style: str = "") -> Text:
    red = (card >> 3) in (0, 2)
    return Text(card_text(card), style=f"{style} {'red' if red else ''}".strip())


def hand_order(hand: int) -> list[int]:
    """A hand sorted by suit (♥ ♣ ♦ ♠), low to high in each: the order of its numbers."""
    return cards_of(hand)


def tricks_of(events: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The contract's (seat, card) plays grouped in tricks of four (the last may be partial)."""
    plays = [(s, a) for s, a in events if a < 32]
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def trick_winner(trick: list[tuple[int, int]]) -> int:
    led = trick[0][1] >> 3
    return max((card, seat) for seat, card in trick if card >> 3 == led)[1]


# -- input ---------------------------------------------------------------------------------------
class Inbox:
    """Lines from a file descriptor, read with ``select`` so that waiting never blocks play."""

    def __init__(self, fd: int = 0):
        self.fd = fd
        self.buf = b""
        self.lines: deque[str] = deque()
        self.eof = False

    def fill(self, timeout: float | None) -> None:
        """Wait up to ``timeout`` seconds (None: forever) for more input and split it in lines."""
        if self.eof:
            if timeout:
                time.sleep(timeout)
            return
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.eof = True
            if self.buf.strip():
                self.lines.append(self.buf.decode("utf-8", "replace"))
            self.buf = b""
            return
        self.buf += data
        *done, self.buf = self.buf.split(b"\n")
        self.lines.extend(line.decode("utf-8", "replace").rstrip("\r") for line in done)

    def get(self) -> str:
        """The next line; EOFError once the input is closed and nothing is left."""
        while not self.lines:
            if self.eof:
                raise EOFError
            self.fill(None)
        return self.lines.popleft()


# -- saved games -----------------------------------------------------------------------------
@dataclass
class Saved:
    """An unfinished (or finished) table game, as written on leaving."""

    seed: int
    humans: list[int]
    bots: list[str]  # spec text at each seat, HUMAN for a person
    actions: list[str] = field(default_factory=list)
    looks: list[int] = field(default_factory=lambda: [0] * 4)  # in the current contract
    preselect: dict | None = None  # {"seat": 0, "card": "QS", "contract": k}
    save: str | None = None  # where the finished record goes (--save of the first session)
    finished: bool = False

    def dumps(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "game": GAME_ID, **self.__dict__}, indent=1)

    def write(self, path: Path) -> None:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        os.replace(tmp, path)

    @classmethod
    def read(cls, path: Path) -> Saved:
        if not path.is_file():
            raise TableError(f"--resume: no such file {str(path)!r}; give a game saved by "
                             "`trixsim play`")  # fmt: skip
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise TableError(f"--resume: {str(path)!r} is not a saved game (not JSON)") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise TableError(f"--resume: {str(path)!r} is not a saved game "
                             f"(format should be {SAVE_FORMAT!r})")  # fmt: skip
        try:
            saved = cls(**{k: v for k, v in data.items() if k not in ("format", "game")})
            ok = (
                isinstance(saved.seed, int)
                and len(saved.bots) == 4
                and saved.humans
                and all(s in range(4) and saved.bots[s] == HUMAN for s in saved.humans)
                and all(isinstance(a, str) for a in saved.actions + saved.bots)
            )
        except TypeError:
            ok = False
        if not ok:
            raise TableError(f"--resume: {str(path)!r} is a damaged saved game")
        return saved


# -- the table ---------------------------------------------------------------------------------
class Table:
    """One game at the terminal: persons at ``humans``, bots (``sim.play.Player``) elsewhere."""

    def __init__(
        self,
        saved: Saved,
        specs: list,
        console: Console,
        inbox: Inbox,
        delay: float,
        save_path: Path,
    ):
        from sim.play import Player

        self.saved = saved
        self.seed = saved.seed
        self.humans = saved.humans
        self.specs = specs
        self.console = console
        self.inbox = inbox
        self.delay = delay
        self.save_path = save_path
        self.echo = not os.isatty(inbox.fd)  # show scripted answers in the transcript
        self.game = Game.new(self.seed, GAME_ID)
        self.players = {
            s: Player(spec, self.seed, GAME_ID, s) for s, spec in enumerate(specs) if spec
        }
        self.actions: list[str] = []
        self.looks = [0] * 4
        self.preselect: tuple[int, int] | None = None  # (seat, card), R10.3
        self.preselect_deal = -1  # the contract whose hand it was typed for
        self.shown_contract = -1
        self.notice: Text | None = None  # shown once under the next screen
        self.last_human: int | None = None
        # R10.2: seats whose person stepped away, played meanwhile by the line-up's first
        # bot (greedy at a table of four persons)
        self.away: set[int] = set()
        self.stand_in = next((spec for spec in specs if spec), None) or parse_spec("greedy")
        self.stand_ins: dict = {}

    # -- names ----------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        if seat in self.humans:
            person = "you" if len(self.humans) == 1 else "person"
            return f"{person}, away: {self.stand_in.text} plays" if seat in self.away else person
        return self.specs[seat].text

    def seat_name(self, seat: int) -> str:
        return f"seat {seat} ({self.who(seat)})"

    # -- resuming ------------------------------------------------------------------------------
    def replay_saved(self) -> None:
        """Bring the game to where it was left, each bot deciding again at its turns."""
        from sim.play import BotError

        for i, text in enumerate(self.saved.actions, 1):
            game = self.game
            if game.over:
                raise TableError(f"--resume: saved action {i} ({text}) comes after the game end")
            seat = game.to_act
            try:
                action = parse_action(text)
            except ValueError as e:
                raise TableError(f"--resume: saved action {i}: {e}") from None
            if seat in self.players:
                try:
                    decided = self.players[seat].decide(game, seat)
                except BotError as e:
                    raise TableError(f"--resume: {e}") from None
                if decided != action:
                    raise TableError(
                        f"--resume: at saved action {i}, seat {seat} "
                        f"({self.specs[seat].text}) now plays {action_name(decided)}, not "
                        f"{text}: the bot changed since the game was saved"
                    )
            if not game.legal_mask() >> action & 1:
                raise TableError(f"--resume: saved action {i} ({text}) by seat {seat} is "
                                 f"illegal: {game.why_illegal(action)}")  # fmt: skip
            game.apply(action)
            self.actions.append(text)
        self.looks = list(self.saved.looks)
        self.shown_contract = self.game.contract_no  # the looks were counted in this contract
        pre = self.saved.preselect
        if pre and pre.get("contract") == self.game.contract_no and pre.get("seat") in self.humans:
            with contextlib.suppress(ValueError, TypeError):
                self.preselect = (pre["seat"], parse_card(pre["card"]))
                self.preselect_deal = self.game.contract_no

    def save(self) -> None:
        s = self.saved
        s.actions = list(self.actions)
        s.looks = list(self.looks)
        s.finished = self.game.over
        s.preselect = None
        if self.preselect:
            seat, card = self.preselect
            s.preselect = {"seat": seat, "card": CARD_NAMES[card],
                           "contract": self.game.contract_no}  # fmt: skip
        s.write(self.save_path)

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        """Play to the end; Leave when the person leaves (the caller saves)."""
        game = self.game
        while not game.over:
            if game.contract_no != self.shown_contract:
                self.new_contract()
            seat = game.to_act
            action = None
            if seat in self.humans and seat not in self.away:
                with contextlib.suppress(Away):
                    action = self.human_turn(seat)
            if action is None:
                action = self.bot_at(seat).decide(game, seat)
            self.apply(seat, action)
            if seat not in self.humans or seat in self.away:
                self.pause(self.delay)

    def bot_at(self, seat: int):
        """The seat's bot, or the stand-in playing for a person who is away."""
        from sim.play import Player

        if seat not in self.humans:
            return self.players[seat]
        if seat not in self.stand_ins:
            self.stand_ins[seat] = Player(self.stand_in, self.seed, GAME_ID, seat)
        return self.stand_ins[seat]

    def step_away(self, seat: int) -> None:
        self.away.add(seat)
        if self.preselect and self.preselect[0] == seat:
            self.preselect = None
        self.say(f"seat {seat} is away: {self.stand_in.text} plays it until you type "
                 f"{BACK_WORD} (R10.2)", style="bold yellow")  # fmt: skip

    def come_back(self, text: str) -> None:
        """``back`` or ``back SEAT``: the person takes the seat again at its next turn."""
        arg = text[len(BACK_WORD) :].strip()
        seats = sorted(self.away) if not arg else [int(arg)] if arg.isdigit() else []
        if not self.away:
            self.say("(nobody is away)", style="dim")
        elif not seats or not set(seats) <= self.away:
            away = ", ".join(map(str, sorted(self.away)))
            self.say(f"(not now: type back or back SEAT; away: seat {away})", style="red")
        else:
            self.away -= set(seats)
            for seat in seats:
                self.say(f"seat {seat} is back: you play it again from its next turn",
                         style="bold green")  # fmt: skip

    def new_contract(self) -> None:
        game = self.game
        self.shown_contract = game.contract_no
        self.looks = [0] * 4
        if self.preselect and self.preselect_deal != game.contract_no:
            self.preselect = None
            self.say("(your pre-selected card is dropped: new deal)", style="dim")
        if game.chooser not in self.humans:
            self.screen()

    def apply(self, seat: int, action: int) -> None:
        game = self.game
        current = game.contracts[-1]
        phase = game.phase
        n_before = len(game.contracts)
        self.actions.append(action_name(action))  # first: a Ctrl-C must not lose it
        game.apply(action)
        name = self.seat_name(seat)
        if phase == L.CHOOSE:
            choice = current.choice
            extra = " (imposed, ×4)" if choice == 7 else ""
            self.say(f"{name} chooses {current.name} (choice {choice}{extra})", style="bold")
        elif action == L.DOUBLE:
            self.say(f"{name} announces K♥: it is worth +200, and −50 to {name} if another "
                     "takes it (R5.6)", style="bold yellow")  # fmt: skip
        elif action == L.PASS:
            self.say(f"{name} has nothing to lay: pass (R9.4)")
        elif action < 32:
            verb = "lays" if phase == L.TRIX else "plays"
            line = Text(f"{name} {verb} ")
            line.append_text(card_markup(action, "bold"))
            self.console.print(line)
            if phase == L.TRICKS:
                tricks = tricks_of(current.events)
                if len(tricks[-1]) == 4:
                    self.trick_done(len(tricks), tricks[-1])
            elif phase == L.TRIX and action & 7 == 7 and game.to_act == seat:
                self.say(f"  an ace: {name} lays again (R9.5)", style="dim")
        if len(game.contracts) > n_before or game.over:
            self.contract_done(current)

    def trick_done(self, number: int, trick: list[tuple[int, int]]) -> None:
        winner = trick_winner(trick)
        line = Text(f"  {self.seat_name(winner)} takes trick {number}: ", style="cyan")
        for i, (_, card) in enumerate(trick):
            if i:
                line.append(" ")
            line.append_text(card_markup(card))
        self.console.print(line)
        self.pause(self.delay)

    def contract_done(self, c: ContractResult) -> None:
        self.console.print(Text(contract_line(c), style="bold green"))
        self.pause(self.delay * 2)

    def pause(self, seconds: float) -> None:
        """Wait (the bots' --delay) while handling what the person types meanwhile."""
        if self.game.over:
            return
        deadline = time.monotonic() + seconds
        while True:
            while self.inbox.lines:
                self.while_waiting(self.inbox.lines.popleft())
            if self.inbox.eof:
                raise Leave("the input was closed")
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self.inbox.fill(left)

    def next_human(self) -> int:
        start = self.game.to_act if self.game.to_act is not None else 0
        return next(s % 4 for s in range(start, start + 4) if s % 4 in self.humans)

    def while_waiting(self, line: str) -> None:
        """A line typed while others play: quit, look, help, or a pre-selection (R10.3)."""
        text = line.strip()
        if not text:
            return
        word = text.lower()
        seat = self.next_human()
        if word in QUIT_WORDS:
            raise Leave("you left the table")
        if word in LOOK_WORDS:
            self.look(seat)
            return
        if word in HELP_WORDS:
            self.help()
            return
        if word in CANCEL_WORDS:
            if self.preselect and self.preselect[0] == seat:
                self.say(f"(pre-selected {card_text(self.preselect[1])} cancelled)",
                         style="magenta")  # fmt: skip
                self.preselect = None
            else:
                self.say("(nothing is pre-selected)", style="dim")
            return
        if word.startswith(BACK_WORD):
            self.come_back(word)
            return
        if self.game.phase == L.OVER:
            return
        if word == AWAY_WORD:
            if seat not in self.away:
                self.step_away(seat)
            return
        if seat in self.away:
            self.say(f"(seat {seat} is away: type {BACK_WORD} to take it again)", style="red")
            return
        card, error = self.read_card(seat, text)
        if error:
            self.say(f"(not now: {error}; type a card to pre-select it)", style="red")
            return
        self.preselect = (seat, card)
        self.preselect_deal = self.game.contract_no
        line_ = Text(f"pre-selected for seat {seat}: ", style="magenta")
        line_.append_text(card_markup(card, "bold"))
        line_.append(" (played at your turn if it is still legal; cancel drops it)",
                     style="magenta")  # fmt: skip
        self.console.print(line_)

    def read_card(self, seat: int, text: str) -> tuple[int, str | None]:
        """A card in ``seat``'s hand from its text or its number in the hand."""
        hand = hand_order(self.game.hand(seat))
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(hand):
                return -1, f"there is no card number {n}: your hand has {len(hand)} cards"
            return hand[n - 1], None
        try:
            card = parse_card(text.translate(SYMBOL_TO_LETTER))
        except ValueError:
            return -1, (f"{text!r} is not a card: type it like QS, 10D, 7h (rank 7 8 9 10 J Q "
                        "K A, suit H C D S) or its number in your hand")  # fmt: skip
        if card not in hand:
            return -1, f"you don't hold {card_text(card)}"
        return card, None

    # -- a person's turn --------------------------------------------------------------------------
    def human_turn(self, seat: int) -> int:
        game = self.game
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self.console.clear()  # hide the last person's hand
            self.say(f"Seat {seat}'s turn: pass the keyboard, then press Enter.", style="bold")
            self.ask(seat, "turn", "Enter")
        self.last_human = seat
        legal = game.legal_mask()
        if game.phase == L.CHOOSE:
            return self.choose(seat, legal)
        if legal >> L.DOUBLE & 1:
            return self.offer_king(seat)
        if legal == 1 << L.PASS:
            if self.preselect and self.preselect[0] == seat:
                self.say(f"(your pre-selected {card_text(self.preselect[1])} can't be laid now)")
                self.preselect = None
            return L.PASS
        if self.preselect and self.preselect[0] == seat:
            card = self.preselect[1]
            self.preselect = None
            if legal >> card & 1:
                self.say(f"seat {seat}: your pre-selected card is still legal:", style="magenta")
                return card
            self.screen(seat)
            msg = Text(f"Your pre-selected {card_text(card)} can't be played: ", style="red")
            msg.append(f"{reason(game, card)}. Choose again.", style="red")
            self.console.print(msg)
        else:
            self.screen(seat)
        return self.ask_card(seat)

    def ask_card(self, seat: int) -> int:
        game = self.game
        legal = game.legal_mask()
        options = " ".join(CARD_NAMES[c] for c in cards_of(legal & 0xFFFFFFFF))
        left = LOOKS_PER_CONTRACT - self.looks[seat]
        look = f"l = last trick ({left} left)" if game.phase == L.TRICKS else ""
        self.say(" · ".join(filter(None, ["type a card (QS) or its number", look,
                                          "away = a bot plays for you",
                                          "q = save and quit"])), style="dim")  # fmt: skip
        while True:
            text = self.ask(seat, "card", options)
            if text.lower() == "pass":
                if legal >> L.PASS & 1:
                    return L.PASS
                self.refuse(reason(game, L.PASS))
                continue
            card, error = self.read_card(seat, text)
            if error:
                self.refuse(error)
            elif legal >> card & 1:
                return card
            else:
                self.refuse(reason(game, card))

    def choose(self, seat: int, legal: int) -> int:
        game = self.game
        self.screen(seat)
        allowed = [a - L.CHOOSE_BASE for a in range(L.CHOOSE_BASE, L.N_ACTIONS) if legal >> a & 1]
        for line in choice_notes(game, seat):
            self.say(line, style="yellow")
        menu = RichTable(show_header=False, box=None, padding=(0, 1))
        for i, c in enumerate(allowed, 1):
            menu.add_row(f"{i}", L.CONTRACT_NAMES[c], Text(ABOUT[c], style="dim"))
        self.console.print(menu)
        options = " ".join(L.CONTRACT_NAMES[c] for c in allowed)
        while True:
            text = self.ask(seat, "contract", options).strip().lower()
            if text.isdigit() and 1 <= int(text) <= len(allowed):
                return L.CHOOSE_BASE + allowed[int(text) - 1]
            if text.isdigit():
                self.refuse(f"choose a number from 1 to {len(allowed)}")
                continue
            try:
                c = contract_number(text)
            except ValueError:
                self.refuse(f"{text!r} is not a contract: type its number or its name")
                continue
            if c in allowed:
                return L.CHOOSE_BASE + c
            self.refuse(reason(game, L.CHOOSE_BASE + c))

    def offer_king(self, seat: int) -> int:
        self.screen(seat)
        self.say("You hold K♥ and this is your first turn: announce it (double)? Announced, K♥ "
                 "is worth +200 to whoever takes it, and you lose 50 if another player takes "
                 "it (R5.6). Not now means never in this contract.", style="yellow")  # fmt: skip
        while True:
            text = self.ask(seat, "announcement", "y/n").strip().lower()
            if text in ("y", "yes", "double", "d"):
                return L.DOUBLE
            if text in ("n", "no", "no-double"):
                return L.NO_DOUBLE
            self.refuse("answer y (announce K♥) or n (don't)")

    def ask(self, seat: int, kind: str, options: str) -> str:
        """Prompt and read one line, handling quit / last trick / help; Leave on quit or EOF."""
        while True:
            self.console.print(
                Text(f"seat {seat}, your {kind} [{options}]: ", style="bold"), end=""
            )
            self.console.file.flush()
            try:
                line = self.inbox.get()
            except EOFError:
                self.console.print()
                raise Leave("the input was closed") from None
            if self.echo:
                self.console.print(Text(line), highlight=False)
            word = line.strip().lower()
            if word in QUIT_WORDS:
                raise Leave("you left the table")
            if word == AWAY_WORD:
                self.step_away(seat)
                raise Away
            if kind == "turn":
                return line
            if word in LOOK_WORDS:
                self.look(seat)
            elif word in HELP_WORDS:
                self.help()
            elif word.startswith(BACK_WORD):
                self.say("(you are at the table: it is your turn)", style="dim")
            elif word:
                return line.strip()

    def refuse(self, why: str) -> None:
        self.say(f"Not allowed: {why}. Try again.", style="red")

    def look(self, seat: int) -> None:
        """The last trick, at most twice per contract (the table rule of the seeds)."""
        game = self.game
        if game.phase == L.TRIX:
            self.say("(trix has no tricks: the piles are on the table)")
            return
        if game.phase != L.TRICKS:
            self.say("(no trick has been played yet in this contract)")
            return
        done = [t for t in tricks_of(game.contracts[-1].events) if len(t) == 4]
        if not done:
            self.say("(no trick has been played yet in this contract)")
            return
        if self.looks[seat] >= LOOKS_PER_CONTRACT:
            self.say(f"(seat {seat} has already looked at the last trick twice in this "
                     "contract: the table rule allows two looks)", style="red")  # fmt: skip
            return
        self.looks[seat] += 1
        trick = done[-1]
        line = Text(f"Last trick (trick {len(done)}): ", style="cyan")
        for seat_, card in trick:
            line.append(f"seat {seat_} ")
            line.append_text(card_markup(card, "bold"))
            line.append("  ")
        line.append(f"→ seat {trick_winner(trick)} took it. ", style="cyan")
        left = LOOKS_PER_CONTRACT - self.looks[seat]
        line.append(f"({left} look{'s' if left != 1 else ''} left in this contract)", style="dim")
        self.console.print(line)

    def help(self) -> None:
        self.say(
            "Type a card (QS, 10d, 7h) or its number in your hand. While others play, typing a "
            "card pre-selects it (R10.3; cancel drops it). l = look at the last trick (twice "
            f"per contract). away = {self.stand_in.text} plays your seat until you type back "
            "(R10.2). q = save the game and leave (so do Ctrl-C and Ctrl-D); come back with "
            "--resume FILE.",
            style="dim",
        )

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    # -- the screen -----------------------------------------------------------------------
    def screen(self, seat: int | None = None) -> None:
        """Clear (on a terminal) and draw the table, with ``seat``'s hand if given."""
        if seat is None and len(self.humans) == 1:
            seat = self.humans[0]
        self.console.clear()
        self.console.print(render(self, seat))
        if self.notice is not None:
            self.console.print(self.notice)
            self.notice = None

    def final(self) -> None:
        self.console.clear()
        self.console.print(render_final(self))


def reason(game: Game, action: int) -> str:
    """Why the seat to act may not do ``action``, said to that person."""
    s = game.state
    seat = game.to_act
    phase = game.phase
    if phase == L.CHOOSE and action >= L.CHOOSE_BASE:
        c = action - L.CHOOSE_BASE
        choice = int(s[L.CHOICES_MADE + seat]) + 1
        if not int(s[L.REMAINING + seat]) >> c & 1:
            return f"you have already chosen {L.CONTRACT_NAMES[c]}"
        if choice >= 6 and int(s[L.REMAINING + seat]) >> L.TRIX_C & 1:
            return f"trix is still free at your choice {choice}, so it is forced (R3.5)"
        return f"trix needs a jack in your hand before your 6th choice (R3.4; this is choice "\
            f"{choice})"  # fmt: skip
    if action < 32 and not game.hand(seat) >> action & 1:
        return f"you don't hold {card_text(action)}"
    if phase == L.TRICKS and action < 32 and not game.legal_mask() >> L.DOUBLE & 1:
        led = int(s[L.LED_SUIT])
        return f"you must follow {SUIT_SYMBOLS[led]} ({SUIT_NAMES[led]}, R4.2)"
    if phase == L.TRIX and action < 32:
        if int(s[L.PLAYED]) == 0:
            return "the first card of trix must be a jack (R9.2)"
        return (f"{card_text(action)} does not go on the piles now: lay a jack or a card next "
                "to a pile's lowest or highest card (R9.1, R9.3)")  # fmt: skip
    if action == L.PASS:
        if phase == L.TRIX:
            return "you can lay a card, so you may not pass (R9.4)"
        return "passing is only for trix (R9.4)"
    return game.why_illegal(action).replace(f"seat {seat} ", "you ")


def choice_notes(game: Game, seat: int) -> list[str]:
    """The contract-choice rules that apply to this choice, in words."""
    s = game.state
    choice = int(s[L.CHOICES_MADE + seat]) + 1
    remaining = int(s[L.REMAINING + seat])
    trix_free = remaining >> L.TRIX_C & 1
    notes = [f"Seat {seat}, you choose the contract: your choice {choice} of 7. Your own points "
             "count ×2 in your own contract (R7.1)."]  # fmt: skip
    if choice == 7:
        left = L.CONTRACT_NAMES[remaining.bit_length() - 1]
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


def contract_notes(c: ContractResult) -> str:
    """What happened in a contract beyond its points, in a few words."""
    notes = []
    doubled = [s for s, a in c.events if a == L.DOUBLE]
    tricks = [t for t in tricks_of(c.events) if len(t) == 4]
    if c.contract in (L.KING, L.GENERAL):
        taken = [trick_winner(t) for t in tricks if any(c == KING_OF_HEARTS for _, c in t)]
        notes += [f"K♥ to seat {seat}" for seat in taken]
        if doubled:
            notes.append(f"announced by seat {doubled[0]}")
    if c.contract == L.TRIX_C:
        order = sorted((p, s) for s, p in enumerate(c.points) if p < 0)
        notes.append("out: " + ", ".join(f"seat {s}" for _, s in order))
    elif len(tricks) < 8:
        notes.append(f"stopped after {len(tricks)} trick{'s' if len(tricks) != 1 else ''}")
    return "; ".join(notes)


def points_text(points: list[int]) -> list[str]:
    return [f"{p:+d}" if p else "0" for p in points]


def contract_line(c: ContractResult) -> str:
    """One line about a finished contract: what, who chose, what happened, the points."""
    imposed = ", imposed ×4" if c.choice == 7 else ""
    head = f"#{c.number + 1} {c.name} (seat {c.chooser}, choice {c.choice}{imposed})"
    notes = contract_notes(c)
    note = f" — {notes}" if notes else ""
    return (f"{head}{note}: points {' '.join(points_text(c.points))} → totals "
            f"{' '.join(map(str, c.totals))}")  # fmt: skip


def render(t: Table, seat: int | None) -> Panel:
    game = t.game
    s = game.state
    phase = game.phase
    k = game.contract_no
    chooser = game.chooser
    parts: list = []
    if phase == L.CHOOSE:
        what = f"seat {chooser} ({t.who(chooser)}) is choosing"
    else:
        choice = game.contracts[-1].choice
        mult = "×4, imposed" if choice == 7 else "×2"
        what = (f"{L.CONTRACT_NAMES[game.contract]} · chooser seat {chooser} ({t.who(chooser)})"
                f" · choice {choice}, {mult}")  # fmt: skip
    title = f"Trix · contract {k + 1}/28 · {what}"

    seats = RichTable(box=None, padding=(0, 1), header_style="bold")
    for col in ("", "seat", "player", "cards", "tricks", "total", "contracts left", ""):
        seats.add_column(col, no_wrap=col == "contracts left")
    seats.columns[4].justify = seats.columns[5].justify = "right"
    announcer = int(s[L.ANNOUNCER])
    out = [int(s[L.OUT_SEAT]), int(s[L.OUT_SEAT + 1])]
    for p in range(4):
        notes = []
        if p == chooser:
            notes.append("chooser")
        if p == announcer:
            notes.append("announced K♥")
        if phase == L.TRIX and p in out:
            notes.append(f"out {('1st −100', '2nd −50')[out.index(p)]}")
        if phase == L.TRIX and int(s[L.PASSES + p]):
            notes.append(f"passed {int(s[L.PASSES + p])}×")
        remaining = int(s[L.REMAINING + p])
        seats.add_row(
            Text("▶", style="bold green") if p == game.to_act else "",
            str(p),
            Text(t.who(p), style="bold" if p in t.humans else ""),
            str(bin(game.hand(p)).count("1")),
            str(int(s[L.TRICKS_WON + p])),
            str(int(s[L.TOTALS + p])),
            " ".join(SHORT[c] for c in range(7) if remaining >> c & 1) or "—",
            ", ".join(notes),
        )
    parts.append(seats)
    parts.append(Text(""))
    if phase == L.TRICKS:
        tricks = tricks_of(game.contracts[-1].events)
        current = tricks[-1] if tricks and len(tricks[-1]) < 4 else []
        done = len(tricks) - (1 if current else 0)
        line = Text(f"Trick {done + 1} of 8: ", style="bold")
        for p, card in current:
            line.append(f"seat {p} ")
            line.append_text(card_markup(card, "bold"))
            line.append("  ")
        line.append(f"(seat {game.to_act} to play)" if current else
                    f"(seat {game.to_act} leads)", style="dim")  # fmt: skip
        parts.append(line)
        if done:
            last = tricks[done - 1]
            parts.append(Text(f"Last trick taken by seat {trick_winner(last)} (face down; "
                              "type l to look)", style="dim"))  # fmt: skip
    elif phase == L.TRIX:
        played = int(s[L.PLAYED])
        line = Text("Piles: ", style="bold")
        for suit in range(4):
            laid = [c for c in cards_of(played) if c >> 3 == suit]
            line.append(SUIT_SYMBOLS[suit], style="red" if suit in (0, 2) else "")
            line.append(" " + (" ".join(card_text(c)[:-1] for c in laid) if laid else "—"))
            line.append("   ")
        parts.append(line)
    if seat is not None:
        parts.append(Text(""))
        parts.append(render_hand(game, seat))
    return Panel(Group(*parts), title=title, title_align="left")


def render_hand(game: Game, seat: int) -> Group:
    hand = hand_order(game.hand(seat))
    legal = game.legal_mask() if game.phase in (L.TRICKS, L.TRIX) else 0
    if legal >> L.DOUBLE & 1:
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


def render_final(t: Table) -> Group:
    game = t.game
    ranks, shares = game.results()
    rows = RichTable(title="The contracts", box=None, padding=(0, 1), header_style="bold")
    for col in ("#", "contract", "chooser", "choice", "seat 0", "seat 1", "seat 2", "seat 3"):
        rows.add_column(col, justify="right" if col.startswith("seat") or col == "#" else "left")
    rows.add_column("what happened")
    for c in game.contracts:
        if c.contract >= 0 and c.totals:
            choice = f"{c.choice} (×4)" if c.choice == 7 else str(c.choice)
            rows.add_row(str(c.number + 1), c.name, f"seat {c.chooser}", choice,
                         *points_text(c.points), contract_notes(c))  # fmt: skip
    res = RichTable(title=f"Final results ({game.end})", header_style="bold")
    for col in ("rank", "seat", "player", "total", "win share"):
        res.add_column(col, justify="right" if col in ("total", "win share") else "left")
    for p in sorted(range(4), key=lambda p: (ranks[p], p)):
        res.add_row(str(ranks[p]), str(p), t.who(p), str(game.totals[p]), f"{shares[p]:.2f}")
    winners = [p for p in range(4) if ranks[p] == 1]
    verdict = " and ".join(t.seat_name(p) for p in winners)
    return Group(rows, Text(""), res, Text(f"Winner: {verdict} (lowest total, R3.9)",
                                          style="bold green"))  # fmt: skip


# -- the command ---------------------------------------------------------------------------------
def play_cli(
    seat: str | None,
    bot_texts: list[str] | None,
    seed: int | None,
    delay: float,
    save: Path | None,
    resume: Path | None,
) -> int:
    """``trixsim play``; returns the exit code. TableError for a user error."""
    from sim.record import dumps, game_record

    if delay < 0:
        raise TableError(f"--delay must be 0 or more seconds, got {delay}")
    if resume is not None:
        given = [name for name, v in (("--seat", seat), ("--bots", bot_texts),
                                      ("--seed", seed)) if v is not None]  # fmt: skip
        if given:
            raise TableError(f"--resume takes the seats, bots and seed from the saved game; "
                             f"drop {', '.join(given)}")  # fmt: skip
        saved = Saved.read(resume)
        specs = lineup(saved.humans, [b for b in saved.bots if b != HUMAN] or ["random"])
        save_path = resume
        if save is None and saved.save:
            save = Path(saved.save)
    else:
        humans = parse_seats(seat if seat is not None else "0")
        specs = lineup(humans, bot_texts or ["greedy"])
        seed = secrets.randbelow(2**31) if seed is None else seed
        bots = [spec.text if spec else HUMAN for spec in specs]
        saved = Saved(seed, humans, bots, save=str(save) if save else None)
        save_path = Path(f"trixsim-play-{seed}.json")
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:
        console = Console(highlight=False, emoji=False, width=100)  # a transcript, not a screen
    table = Table(saved, specs, console, Inbox(sys.stdin.fileno()), delay, save_path)
    if resume is not None:
        table.replay_saved()
        who = ", ".join(map(str, saved.humans))
        table.notice = Text(
            f"Welcome back: seat {who} is yours again, after "
            f"{len(saved.actions)} moves. Type ? for help.",
            style="bold green",
        )
        if table.game.to_act not in saved.humans:
            table.screen()
    else:
        console.print(Text(f"Trix, seed {saved.seed}: you are seat "
                           f"{', '.join(map(str, saved.humans))}. Type ? for help.",
                           style="bold green"))  # fmt: skip

    def stop(signum, frame):
        for sig in old:  # once is enough: let the save finish
            signal.signal(sig, signal.SIG_IGN)
        raise Hangup

    old = {sig: signal.signal(sig, stop) for sig in (signal.SIGHUP, signal.SIGTERM)}
    try:
        try:
            table.run()
        except KeyboardInterrupt:
            raise Leave("interrupted (Ctrl-C)", 130) from None
        except Hangup:
            _mute_stdout()
            raise Leave("the terminal closed", 129) from None
        except OSError as e:
            if e.errno not in (errno.EIO, errno.EPIPE):
                raise
            _mute_stdout()
            raise Leave("the terminal closed", 129) from None
    except Leave as leave:
        table.save()
        with contextlib.suppress(OSError):
            console.print()
            console.print(
                Text(
                    f"{leave.why}: the game is saved in {save_path}. Come back with: "
                    f"trixsim play --resume {save_path}",
                    style="bold yellow",
                )
            )
        return leave.code
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    table.final()
    if resume is not None:
        table.save()  # the saved game now says it is finished
    if save is not None:
        record = game_record(table.game, GAME_ID, saved.bots)
        save.write_text(dumps(record) + "\n", encoding="utf-8")
        console.print(Text(f"The game record is in {save} (check it: trixsim replay {save})"))
    return 0


def _mute_stdout() -> None:
    """After the terminal is gone, writes to it would fail: send them nowhere."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
