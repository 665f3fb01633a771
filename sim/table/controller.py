"""``trixsim play``: people (one, or a few sharing a keyboard) at a table with bots.

The game is its checked Python game (``spec.part("api")``), which refuses an
illegal action in the words of the rule it breaks; the game's view
(``spec.part("view")``) draws the table and asks the questions. This module is
the table around them, the same for every game: whose turn, bots and their
delay, what a person types, leaving and coming back.

Input is read line by line (:mod:`.inbox`), so the same code serves a terminal
and a script. A line typed while others play is handled at once: ``q`` saves
and quits, the view's own words (Trix: ``l``, the last trick), and anything else
is a *pre-selection* (R10.3), played when the person's turn comes if it is
still legal (``cancel`` drops it). Stepping away (R10.2): ``away`` hands the seat
to the line-up's first bot until the person types ``back``. Leaving (``q``,
Ctrl-C, Ctrl-D, a closed terminal) saves the game (:mod:`.saved`); coming back
replays its actions, each bot deciding again at its turns, so a resumed game is
the game an uninterrupted session would have played.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.text import Text

from sim.core.table import Session, lineup
from sim.table.inbox import Inbox
from sim.table.saved import (
    GAME_ID,
    HUMAN,
    Saved,
    TableError,
    check_writable,
    fresh_save_path,
    write_atomically,
)
from sim.table.screen import count, final_results

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")  # not "h": a suit letter is a move in some games
AWAY_WORD, BACK_WORD = "away", "back"  # R10.2: a bot plays the seat meanwhile
CANCEL_WORDS = ("cancel", "-")  # drop the pre-selected action (R10.3)

__all__ = ["Ask", "Table", "TableError", "play_cli"]


@dataclass
class Ask:
    """A question the view puts to the person at ``seat``: ``seat N, your KIND [OPTIONS]:``.

    ``parse(seat, text)`` gives ``(action, None)`` or ``(None, why the text is no answer)``;
    an action that is not legal is refused by the table in the game's words.
    """

    kind: str
    options: str
    intro: list = field(default_factory=list)  # shown before the prompt
    parse: Callable = None


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
def parse_seats(text: str, seats: int) -> list[int]:
    """``"0"`` or ``"0,2"`` -> sorted distinct seats."""
    found = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) >= seats:
            raise TableError(f"--seat takes seats 0-{seats - 1} separated by commas, e.g. 0 or "
                             f"0,2; got {text!r}")  # fmt: skip
        if int(part) in found:
            raise TableError(f"--seat names seat {part} twice: {text!r}")
        found.append(int(part))
    return sorted(found)


# -- the table ---------------------------------------------------------------------------------
class Table(Session):
    """One game at the terminal: persons at ``humans``, bots (:class:`sim.core.play.Player`)
    elsewhere; the game and its moves are the :class:`sim.core.table.Session`'s."""

    def __init__(self, spec, saved: Saved, specs: list, console: Console, inbox: Inbox,
                 delay: float, save_path: Path):  # fmt: skip
        from sim.core.bots import parse_spec
        from sim.core.play import Player

        super().__init__(spec, saved.seed)
        self.saved = saved
        self.humans = saved.humans
        self.specs = specs
        self.console = console
        self.inbox = inbox
        self.delay = delay
        self.save_path = save_path
        self.echo = not os.isatty(inbox.fd)  # show scripted answers in the transcript
        self.view = spec.part("view").View(self)
        self.players = {s: Player(bot, self.seed, GAME_ID, s) for s, bot in enumerate(specs) if bot}
        self.preselect: tuple[int, int] | None = None  # (seat, action), R10.3
        self.preselect_deal = -1  # the deal whose hand it was typed for
        self.shown_deal = -1
        self.notice: Text | None = None  # shown once under the next screen
        self.last_human: int | None = None
        # R10.2: seats whose person stepped away, played meanwhile by the line-up's first
        # bot (greedy, where the game has it, at a table of persons only)
        self.away: set[int] = set()
        self.stand_in = next((bot for bot in specs if bot), None) or parse_spec(
            "greedy" if "greedy" in _bots(spec) else "random", spec.name
        )
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
        from sim.core.play import BotError

        game = self.game
        for i, text in enumerate(self.saved.actions, 1):
            if game.over:
                raise TableError(f"--resume: saved action {i} ({text}) comes after the game end")
            seat = game.to_act
            try:
                action = game.parse_action(text)
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
                        f"({self.specs[seat].text}) now plays {game.action_name(decided)}, "
                        f"not {text}: the bot changed since the game was saved"
                    )
            why = self.refusal(action, who=None)
            if why is not None:
                raise TableError(f"--resume: saved action {i} ({text}) by seat {seat} is "
                                 f"illegal: {why}")  # fmt: skip
            self.advance(seat, action, quiet=True)
        self.shown_deal = self.view.deal_no()  # the view's counters were kept in this deal
        self.view.restore(self.saved.view)
        pre = self.saved.preselect
        if pre and pre.get("deal") == self.shown_deal and pre.get("seat") in self.humans:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                self.preselect = (pre["seat"], game.parse_action(pre["action"]))
                self.preselect_deal = self.shown_deal

    @property
    def actions(self) -> list[str]:
        """Every action so far, as the record writes it."""
        return [text for _, _, text in self.moves]

    def save(self) -> None:
        s = self.saved
        s.actions = list(self.actions)
        s.view = self.view.save_state()
        s.finished = self.game.over
        s.preselect = None
        if self.preselect:
            seat, action = self.preselect
            s.preselect = {"seat": seat, "action": self.game.action_name(action),
                           "deal": self.view.deal_no()}  # fmt: skip
        s.write(self.save_path)

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        """Play to the end; Leave when the person leaves (the caller saves)."""
        game = self.game
        while not game.over:
            if self.view.deal_no() != self.shown_deal:
                self.new_deal()
            seat = game.to_act
            action = None
            if seat in self.humans and seat not in self.away:
                with contextlib.suppress(Away):
                    action = self.human_turn(seat)
            if action is None:
                action = self.bot_at(seat).decide(game, seat)
            self.play(seat, action)  # checked: by the bot, or by human_turn (refusal)
            if seat not in self.humans or seat in self.away:
                self.pause(self.delay)

    def bot_at(self, seat: int):
        """The seat's bot, or the stand-in playing for a person who is away."""
        from sim.core.play import Player

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
                 f"{BACK_WORD}{self.rule('away')}", style="bold yellow")  # fmt: skip

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

    def new_deal(self) -> None:
        self.shown_deal = self.view.deal_no()
        show = self.view.on_new_deal()
        if self.preselect and self.preselect_deal != self.shown_deal:
            self.preselect = None
            self.say("(your pre-selected card is dropped: new deal)", style="dim")
        if show:
            self.screen()

    def before_move(self, seat: int, action: int):
        return self.view.snapshot()  # (the move is kept before it is applied: see advance)

    def after_move(self, seat: int, action: int, before) -> None:
        self.view.describe(seat, action, before)

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
        n = self.spec.seats
        start = self.game.to_act if self.game.to_act is not None else 0
        return next(s % n for s in range(start, start + n) if s % n in self.humans)

    def while_waiting(self, line: str) -> None:
        """A line typed while others play: quit, help, the view's words, or a pre-selection."""
        text = line.strip()
        if not text:
            return
        word = text.lower()
        seat = self.next_human()
        if word in QUIT_WORDS:
            raise Leave("you left the table")
        if word in HELP_WORDS:
            self.help()
            return
        if self.view.command(seat, word):
            return
        if word in CANCEL_WORDS:
            if self.preselect and self.preselect[0] == seat:
                self.say(f"(pre-selected {self.view.action_text(self.preselect[1])} cancelled)",
                         style="magenta")  # fmt: skip
                self.preselect = None
            else:
                self.say("(nothing is pre-selected)", style="dim")
            return
        if word.startswith(BACK_WORD):
            self.come_back(word)
            return
        if self.game.over:
            return
        if word == AWAY_WORD:
            if seat not in self.away:
                self.step_away(seat)
            return
        if seat in self.away:
            self.say(f"(seat {seat} is away: type {BACK_WORD} to take it again)", style="red")
            return
        action, error = self.view.read_preselect(seat, text)
        if error:
            self.say(f"(not now: {error}; type a {self.view.preselect_kind} to pre-select it)",
                     style="red")  # fmt: skip
            return
        self.preselect = (seat, action)
        self.preselect_deal = self.view.deal_no()
        line_ = Text(f"pre-selected for seat {seat}: ", style="magenta")
        line_.append_text(self.view.action_markup(action))
        line_.append(" (played at your turn if it is still legal; cancel drops it)",
                     style="magenta")  # fmt: skip
        self.console.print(line_)

    # -- a person's turn --------------------------------------------------------------------------
    def human_turn(self, seat: int) -> int:
        view = self.view
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self.console.clear()  # hide the last person's hand
            self.say(f"Seat {seat}'s turn: pass the keyboard, then press Enter.", style="bold")
            self.ask(seat, "turn", "Enter")
        self.last_human = seat
        question = view.ask(seat)
        mine = self.preselect if self.preselect and self.preselect[0] == seat else None
        if not isinstance(question, Ask):  # the one action there is (a pass)
            if mine:
                self.say(f"(your pre-selected {view.action_text(mine[1])} can't be played now)")
                self.preselect = None
            return question
        if mine and question.kind == view.preselect_kind:
            self.preselect = None
            why = self.refusal(mine[1])
            if why is None:
                self.say(f"seat {seat}: your pre-selected card is still legal:", style="magenta")
                return mine[1]
            self.screen(seat)
            msg = Text(f"Your pre-selected {view.action_text(mine[1])} can't be played: ",
                       style="red")  # fmt: skip
            msg.append(f"{why}. Choose again.", style="red")
            self.console.print(msg)
        else:
            self.screen(seat)
        for item in question.intro:
            self.console.print(item)
        while True:
            action, error = question.parse(seat, self.ask(seat, question.kind, question.options))
            if error:
                self.refuse(error)
            elif (why := self.refusal(action)) is None:  # the move's one check
                return action
            else:
                self.refuse(why)

    def ask(self, seat: int, kind: str, options: str) -> str:
        """Prompt and read one line, handling quit / help / the view's words; Leave on quit
        or EOF."""
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
            if word in options.lower().split():
                return line.strip()  # an offered move wins over a command word (H = hearts)
            if word in QUIT_WORDS:
                raise Leave("you left the table")
            if word == AWAY_WORD:
                self.step_away(seat)
                raise Away
            if kind == "turn":
                return line
            if word in HELP_WORDS:
                self.help()
            elif self.view.command(seat, word):
                pass
            elif word.startswith(BACK_WORD):
                self.say("(you are at the table: it is your turn)", style="dim")
            elif word:
                return line.strip()

    def refuse(self, why: str) -> None:
        self.say(f"Not allowed: {why}. Try again.", style="red")

    def rule(self, feature: str) -> str:
        """`` (R10.2)``: the game's rule for a table feature (``away``, ``preselect``), if its
        rules have one (Trix's R10 describes the table); empty otherwise."""
        ref = self.view.table_rules.get(feature)
        return f" ({ref})" if ref else ""

    def help(self) -> None:
        self.say(
            "Type your move as the prompt offers it (a card: QS, 10d, or its number in your "
            "hand). While others play, typing a card pre-selects it"
            + (
                f" ({self.rule('preselect')[2:-1]}; cancel drops it). "
                if self.rule("preselect")
                else " (cancel drops it). "
            )
            + " ".join(self.view.help)
            + f" away = {self.stand_in.text} plays your seat until you type back"
            + f"{self.rule('away')}. "
            "q = save the game and leave (so do Ctrl-C and Ctrl-D); come back with "
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
        self.console.print(self.view.screen(seat))
        if self.notice is not None:
            self.console.print(self.notice)
            self.notice = None

    def final(self) -> None:
        self.console.clear()
        self.console.print(final_results(self))


def _bots(spec) -> dict:
    from sim.core.bots import load_bots

    return load_bots(spec.name)


# -- the command ---------------------------------------------------------------------------------
def play_cli(spec, seat: str | None, bot_texts: list[str] | None, seed: int | None,
             delay: float, save: Path | None, resume: Path | None,
             default=None) -> int:  # fmt: skip
    """``trixsim play``; returns the exit code. TableError for a user error.

    ``spec``: the game of ``--game`` (None: not given); ``default``: the game otherwise.
    """
    from sim.core.limits import MAX_SEED
    from sim.core.record import dumps

    if delay < 0:
        raise TableError(f"--delay must be 0 or more seconds, got {delay}")
    if resume is not None:
        options = (("--seat", seat), ("--bots", bot_texts), ("--seed", seed), ("--game", spec))
        given = [name for name, v in options if v is not None]
        if given:
            raise TableError(f"--resume takes the game, seats, bots and seed from the saved "
                             f"game; drop {', '.join(given)}")  # fmt: skip
        spec, saved, specs = load_saved(resume)
        save_path = resume
        if save is None and saved.save:
            # the first session asked for a record; nothing read from a file chooses where
            # trixsim writes, so it goes beside the saved game, under a name of ours
            save = resume.with_name(resume.stem + ".record.jsonl")
    else:
        spec = spec or default
        humans = parse_seats(seat if seat is not None else "0", spec.seats)
        specs = lineup(spec, humans, bot_texts or ["greedy" if "greedy" in _bots(spec) else
                                                   "random"])  # fmt: skip
        seed = secrets.randbelow(2**31) if seed is None else seed
        if not 0 <= seed <= MAX_SEED:
            raise TableError(f"--seed must be from 0 to 2**64 - 1, got {seed}")
        bots = [s.text if s else HUMAN for s in specs]
        saved = Saved(seed, humans, bots, save=str(save) if save else None,
                      game_name=spec.name)  # fmt: skip
        save_path = fresh_save_path(seed)
    if save is not None:
        check_writable(save)  # now, not after the game
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:
        console = Console(highlight=False, emoji=False, width=100)  # a transcript, not a screen
    table = Table(spec, saved, specs, console, Inbox(sys.stdin.fileno()), delay, save_path)
    if resume is not None:
        table.replay_saved()
        who, many = ", ".join(map(str, saved.humans)), len(saved.humans) > 1
        table.notice = Text(f"Welcome back: seat{'s' * many} {who} {'are' if many else 'is'} "
                            f"yours again, after {count(len(saved.actions), 'move')}. Type ? "
                            "for help.", style="bold green")  # fmt: skip
        if table.game.to_act not in saved.humans:
            table.screen()
    else:
        console.print(Text(f"{table.view.name}, seed {saved.seed}: you are seat "
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
            console.print(Text(f"{leave.why}: the game is saved in {save_path}. Come back "
                               f"with: trixsim play --resume {save_path}",
                               style="bold yellow"))  # fmt: skip
        return leave.code
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
    table.final()
    if resume is not None:
        table.save()  # the saved game now says it is finished
    if save is not None:
        record = spec.part("codec").game_record(table.game, GAME_ID, saved.bots)
        try:
            write_atomically(save, dumps(record) + "\n")
        except OSError as e:  # the game is not lost: it is in its saved file
            table.save()
            console.print(
                Text(
                    f"The record could not be written to {save} ({e.strerror}); "
                    f"the game is saved in {save_path}: trixsim play --resume "
                    f"{save_path} --save OTHER_FILE writes it",
                    style="bold red",
                )
            )
            return 1
        console.print(Text(f"The game record is in {save} (check it: trixsim replay {save})"))
    return 0


def load_saved(path: Path):
    """The game, the saved table and the bot at each seat of a saved game (checked)."""
    from sim.core.registry import GameError, get

    saved = Saved.read(path)
    try:
        spec = get(saved.game_name)
    except GameError as e:
        raise TableError(f"--resume: {e}") from None
    if len(saved.bots) != spec.seats:
        raise TableError(f"--resume: {str(path)!r} is a damaged saved game")
    specs = lineup(spec, saved.humans, [b for b in saved.bots if b != HUMAN] or ["random"])
    return spec, saved, specs


def _mute_stdout() -> None:
    """After the terminal is gone, writes to it would fail: send them nowhere."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
