"""The tables of ``trixsim serve``: the checked game, who holds each seat, and the bots.

A :class:`Table` runs one game through the checked game API: a person's move
is refused in the words of the rule it breaks, and bots play every seat held by
no person, one move at a time (a search in a worker thread, a quick bot on the
event loop within the bots' share of it: :mod:`sim.web.pace`), with a push of
every client's own view after each move, a person's own move's before the next
bot's. A person's seat whose person has been away longer than the grace period
is played by the table's bot at that seat until he is back; a table with nobody
connected waits. A bot seat is handed over to a
joining person between two moves. Every move is written to the store when it is
applied; a table is rebuilt from its seed and its moves (:class:`sim.web.hall.Hall`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from typing import TYPE_CHECKING

from sim.core.limits import MAX_ACTIONS
from sim.core.table import GAME_ID, HUMAN, Session, TableError, one_line
from sim.web import views
from sim.web.store import SavedTable

if TYPE_CHECKING:
    from sim.web.client import Client

log = logging.getLogger("trixsim.web")

PERSON, BOT = "person", "bot"
__all__ = ["BOT", "GAME_ID", "HUMAN", "PERSON", "Table", "TableError", "hash_token", "one_line"]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Seat:
    def __init__(self, kind: str, token_hash: str | None, name: str | None = None):
        self.kind = kind
        self.token_hash = token_hash
        self.name = name  # the name its person chose (None: none yet)
        self.clients: set[Client] = set()
        self.left_at = time.monotonic()  # when its person was last seen (or sat down)


class Tricks:
    """The trick a move completes, read from the public slots the game's web part declares
    (``TRICK_SLOTS``: the trick number with its cards, or the last trick's cards and winner)."""

    def __init__(self, spec, slots):
        self.no = None if slots is None else slots.number
        self.cards = None if slots is None else slots.cards
        self.last = None if slots is None else slots.last_cards
        self.winner = None if slots is None else slots.last_winner
        self.n = spec.seats

    def before(self, game) -> tuple | None:
        if self.no is None:
            return None
        cards = None if self.cards is None else game.state[self.cards : self.cards + self.n]
        return int(game.state[self.no]), None if cards is None else [int(c) for c in cards]

    def completed(self, game, seat: int, action: int, before) -> dict | None:
        """The trick this move completed, as a look shows it, or None."""
        if before is None or game.over or int(game.state[self.no]) != before[0] + 1:
            return None
        if self.last is not None:
            cards = [int(c) for c in game.state[self.last : self.last + self.n]]
        elif before[1] is not None:
            cards = list(before[1])
            cards[seat] = action
        else:
            return None
        winner = int(game.state[self.winner]) if self.winner is not None else game.to_act
        return {"cards": [c if c >= 0 else None for c in cards], "winner": winner,
                "number": before[0] + 1}  # fmt: skip


class Table(Session):
    """One table: its game and moves (the :class:`sim.core.table.Session`'s), seats, clients
    and the task that plays its bots."""

    def __init__(self, hall, saved: SavedTable, spec, bots: list):
        super().__init__(spec, saved.seed)
        self.hall, self.id = hall, saved.id
        self.bots = bots  # the BotSpec of each seat: it plays the seat while no person does
        self.web = web = views.web_part(spec)  # what the game declares for the browser
        self.cards = web.CARDS
        self.seats = [Seat(kind, h, saved.names.get(s)) for s, (kind, h) in enumerate(saved.seats)]
        self.last_public = True  # the last move was one every seat sees
        self.log: list = []  # the public events of this deal (views.log_line's entries)
        self.trick: dict | None = None  # the last trick completed in this deal
        self.just_taken: dict | None = None  # the trick the last move completed (#47.7)
        self.looks: dict[int, int] = {}  # last-trick looks per seat in this deal
        self.preselect: dict[int, int] = {}  # seat -> card, for its next turn (Trix R10.3)
        self.web_trick = web.last_trick is not None  # the game shows its last trick itself
        self.limit = web.LOOKS
        self.tricks = Tricks(spec, web.TRICK_SLOTS)
        self.players: dict = {}
        self.clients: set[Client] = set()
        self.seq = 0
        self.lock = asyncio.Lock()  # held while a move is chosen and applied
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.last_seen = self.born = time.monotonic()
        self.owner = ""  # who made it (sim.web.guard.owner); "": rebuilt from the store
        self.joined = False  # a person has connected to a seat (else it is dropped soon)
        self.chosen = saved.chosen  # its seed was its creator's choice: he may know every hand
        self.seated_notes: list[str] = []  # how its bots were seated (a time budget clipped)
        for n, (seat, action, text) in enumerate(saved.moves):  # rebuild: replay every move
            game = self.game
            legal = not game.over and game.to_act == seat and self.legal(action)
            if not legal or game.event_name(action) != text:
                raise TableError(f"table {self.id}: stored move {n} ({seat}:{text}) does not fit")
            self.advance(seat, action)
        self.notes = saved.notes
        if saved.notes.get("deal") == len(self.game.deal_rows):  # this deal's, kept
            self.looks = {int(k): int(v) for k, v in saved.notes.get("looks", {}).items()}
            self.preselect = {int(k): int(v) for k, v in saved.notes.get("preselect", {}).items()
                              if self.game.hand(int(k)) >> int(v) & 1}  # fmt: skip

    def _keep_notes(self) -> None:
        """Store this deal's looks and pre-selections when they have changed, so that a
        restart neither gives a seat its looks at the last trick back nor drops its card."""
        notes = {"deal": len(self.game.deal_rows), "looks": self.looks,
                 "preselect": self.preselect}  # fmt: skip
        if notes != self.notes:
            self.hall.store.set_notes(self.id, notes)
            self.notes = {"deal": notes["deal"], "looks": dict(self.looks),
                          "preselect": dict(self.preselect)}  # fmt: skip

    # -- reading ---------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat this token holds, or None (a spectator)."""
        if token is None:
            return None
        h = hash_token(token)
        for s, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, h):
                return s
        return None

    def plays(self, seat: int) -> tuple[str, float | None]:
        """Who moves at ``seat`` now: (BOT, None), or (PERSON, seconds to wait for him: None
        for as long as it takes). A table with nobody connected waits for somebody."""
        s = self.seats[seat]
        if not self.clients:
            return PERSON, None
        if s.kind == BOT:
            return BOT, None
        if s.clients:
            return PERSON, None
        away = time.monotonic() - s.left_at
        return (BOT, None) if away >= self.hall.grace else (PERSON, self.hall.grace - away)

    def card_name(self, card: int) -> str:
        return self.cards.card_name(card)

    def is_card_play(self, action: int) -> bool:
        """Whether ``action`` is laying a card (the game writes it as the card)."""
        try:
            return self.game.event_name(action) == self.card_name(action)
        except (ValueError, KeyError, IndexError):
            return False

    def seat_list(self) -> list[dict]:
        """Every seat as everyone sees it: a person by the name he chose (``guest`` until
        he chooses one), a bot by its spec; ``views.namer`` makes the viewer's own ``you``."""
        out = []
        for s, seat in enumerate(self.seats):
            person = seat.kind == PERSON
            name = (seat.name or "guest") if person else self.bots[s].text
            away = person and not self.game.over and self.plays(s)[0] == BOT
            out.append({"name": name, "named": seat.name is not None, "kind": seat.kind,
                        "connected": bool(seat.clients) or not person,
                        "bot": self.bots[s].text, "away": away})  # fmt: skip
        return out

    def view(self, seat: int | None, last_trick: dict | None = None) -> dict:
        pre = self.preselect.get(seat) if seat is not None else None
        view = views.view_for(self.game, seat, seats=self.seat_list(), log=list(self.log),
                        preselect=None if pre is None else self.card_name(pre),
                        last_trick=last_trick)  # fmt: skip
        used = self.looks.get(seat, 0) if seat is not None else 0
        view["reviews"] = len(self.game.deal_rows)  # deals over: each has a Review (#45.3)
        view["can_look"] = (seat is not None and self.trick is not None
                            and (self.limit is None or used < self.limit))  # fmt: skip
        if self.web.taken is None and view["taken"] is None and not any(view["trick"]):
            # a game without its own: the trick the last move completed, whole, with who
            # took it, until the next move (the page holds it in view a moment, as Trix's)
            view["taken"] = self.just_taken
        return {"type": "view", "seq": self.seq, "view": view}

    def record(self) -> str | None:
        """The finished game's record (one JSON line), or None while it is played."""
        from sim.core.record import dumps

        if not self.game.over:
            return None
        bots = [
            HUMAN if s.kind == PERSON else b.text
            for s, b in zip(self.seats, self.bots, strict=True)
        ]
        return dumps(self.spec.part("codec").game_record(self.game, GAME_ID, bots))

    # -- changing ----------------------------------------------------------------------------
    def before_move(self, seat: int, action: int) -> tuple:
        """What the log and the last trick need of the table before a move."""
        game = self.game
        shown = views.public_text(game, seat, action)  # a declined K♥, a discard: kept private
        self.last_public = shown is not None  # the bots' pause follows public moves only
        said = None if shown is None else views.action_words(game, seat, shown)
        entry = None if said is None else {"seat": seat, "do": said}
        self.just_taken = None
        return entry, self.tricks.before(game), len(game.deal_rows)

    def after_move(self, seat: int, action: int, before_move: tuple) -> None:
        """Keep the log, the last trick and the per-deal counters after a move."""
        game = self.game
        entry, before, deal = before_move
        if len(game.deal_rows) != deal:  # the deal is over (and the next one dealt)
            self.log = [] if entry is None else [entry]
            self.log.append({"deal": deal + 1, "totals": [int(t) for t in game.totals],
                             "over": bool(game.over)})  # fmt: skip
            self.trick, self.looks, self.preselect = None, {}, {}
            return
        if entry is not None:
            self.log.append(entry)
        if self.web_trick:
            done = views.last_trick(game)
        else:
            done = self.tricks.completed(game, seat, action, before)
            if done:
                done["cards"] = [None if c is None else self.card_name(c) for c in done["cards"]]
        if done and done != self.trick:
            self.trick = done
            self.just_taken = {**done, "deal": deal + 1}
            self.log.append({"seat": done["winner"], "do": f"take trick {done['number']}"})

    def play(self, seat: int, action: int) -> None:
        """Write a move already checked (by :meth:`act`, the bot, or a pre-selection's legal
        actions), apply it, tell everyone; with the lock held."""
        self.hall.store.add_move(self.id, len(self.moves), seat, action,
                                 self.game.event_name(action))  # fmt: skip
        self.advance(seat, action)
        if self.game.over:
            self.hall.store.set_status(self.id, "over")
        self._keep_notes()
        self.hall.commit_soon()
        self.push()

    def view_message(self, seat: int | None) -> dict:
        """The view of ``seat`` now, as a client is sent it (drawn when it is sent)."""
        try:
            return self.view(seat)
        except Exception:  # a bug in the views: say so in the log, keep playing
            log.exception("table %s: the view of seat %s failed", self.id, seat)
            return {"type": "error", "message": "the server could not draw the table"}

    def push(self) -> None:
        """Every client its own view (drawn when it is sent)."""
        self.seq += 1
        for c in list(self.clients):  # their writers run before this table's next bot move
            c.send()
        self.wake.set()

    def attach(self, client: Client) -> None:
        self.clients.add(client)
        if client.seat is not None:
            self.seats[client.seat].clients.add(client)
            self.joined = True
        self.last_seen = time.monotonic()
        self.push()

    def detach(self, client: Client) -> None:
        self.clients.discard(client)
        if client.seat is not None:
            seat = self.seats[client.seat]
            seat.clients.discard(client)
            seat.left_at = left = time.monotonic()
            if seat.kind == PERSON and not seat.clients:  # "away" once his grace is over
                asyncio.get_running_loop().call_later(
                    self.hall.grace, self._grace_over, client.seat, left
                )
        self.last_seen = time.monotonic()
        self.push()
        if not self.clients:
            self.hall.idle(self)

    def _grace_over(self, seat: int, left: float) -> None:
        """Tell everyone a person is away when his grace ends, not at the next move (#47.11):
        unless he came back (or left again later, which has its own)."""
        s = self.seats[seat]
        if not s.clients and s.left_at == left and self.clients and not self.game.over:
            self.push()

    def join(self, token: str | None, name: str | None = None) -> tuple[int | None, str | None]:
        """A returning token's seat; else the first seat no person holds, handed over from
        its bot between two moves; (None, None) when every seat has a person. ``name``: the
        name the person chose (kept with the seat; a returning person's renames it)."""
        seat = self.seat_of(token)
        if seat is not None:
            if name is not None:
                self.set_name(seat, name)
            return seat, token
        free = next((s for s, x in enumerate(self.seats) if x.kind == BOT), None)
        if free is None or self.game.over:
            return None, None
        if self.chosen and not self.hall.chosen_seeds:
            raise TableError("this table was dealt from a seed its creator chose, so he can "
                             "know every hand: it seats no other person (a new table without "
                             "a seed deals at random)")  # fmt: skip
        token = secrets.token_urlsafe(24)
        h = hash_token(token)
        self.hall.store.set_seat(self.id, free, PERSON, h)
        self.hall.store.set_name(self.id, free, name)
        seat = self.seats[free]
        seat.kind, seat.token_hash, seat.left_at, seat.name = PERSON, h, time.monotonic(), name
        self.push()
        return free, token

    def set_name(self, seat: int, name: str) -> None:
        """The seat's person is called ``name`` from now on (everyone is told)."""
        if self.seats[seat].name != name:
            self.seats[seat].name = name
            self.hall.store.set_name(self.id, seat, name)
            self.push()

    def rename(self, client: Client, name: str) -> None:
        """A seated person chooses his name (a spectator has none to choose)."""
        if client.seat is None:
            raise TableError("you are watching: only a seated person has a name here")
        self.set_name(client.seat, name)

    # -- what clients ask --------------------------------------------------------------------
    def _parse(self, text: str) -> int:
        try:
            action = int(self.game.parse_action(text))
        except (ValueError, TypeError, KeyError, IndexError) as e:
            raise TableError(one_line(e) or f"unknown action {text!r}") from None
        if not 0 <= action < MAX_ACTIONS:
            raise TableError(f"unknown action {text!r}")
        return action

    def _my_turn(self, seat: int | None, what: str = "act") -> None:
        if seat is None:
            raise TableError(f"you are watching: only a seated person may {what}")
        if self.game.over:
            raise TableError("the game is over")
        if what == "act" and self.game.to_act != seat:
            raise TableError(f"it is not your turn: seat {self.game.to_act} is to act")

    async def act(self, client: Client, text: str) -> None:
        """A person's move; TableError (and nothing applied) unless it is his legal move."""
        self._my_turn(client.seat)
        action = self._parse(text)
        async with self.lock:
            self._my_turn(client.seat)  # the game may have moved while a bot decided
            why = self.refusal(action)  # the move's one check
            if why is not None:
                raise TableError(f"{text}: {one_line(why)}")
            if self.is_card_play(action):  # his own card, not the pre-selected one
                self.preselect.pop(client.seat, None)
            self.play(client.seat, action)

    def set_preselect(self, client: Client, text: str | None) -> None:
        """A card for the seat's next turn (None drops it); played then if still legal."""
        seat = client.seat
        self._my_turn(seat, "pre-select")
        if text is None:
            self.preselect.pop(seat, None)
        else:
            try:
                card = int(self.cards.parse_card(text))
            except (ValueError, KeyError, IndexError):
                raise TableError(f"{text}: only a card can be pre-selected, e.g. QS") from None
            if not self.game.hand(seat) >> card & 1:
                raise TableError(f"{text}: you do not hold {self.card_name(card)}")
            self.preselect[seat] = card
        self._keep_notes()
        self.seq += 1
        for c in list(self.seats[seat].clients):
            c.send()
        self.wake.set()

    def look(self, client: Client) -> None:
        """The last trick, to this client (Trix: twice per seat and contract, R4.4)."""
        seat, deal = client.seat, self.spec.deal
        self._my_turn(seat, "look at the last trick")
        if self.trick is None:
            raise TableError(f"no trick has been completed yet in this {deal}")
        used = self.looks.get(seat, 0)
        if self.limit is not None and used >= self.limit:
            rule = self.web.LOOKS_RULE or "the table rule"
            raise TableError(f"you have looked at the last trick {self.limit} times in this "
                             f"{deal}: {rule} allows {self.limit}")  # fmt: skip
        self.looks[seat] = used + 1
        self._keep_notes()
        left = None if self.limit is None else self.limit - used - 1
        self.seq += 1
        client.send(self.view(seat, dict(self.trick, looks_left=left)))

    # -- the bots ------------------------------------------------------------------------------
    async def run(self) -> None:
        """Play the bots' moves (and pre-selections) until the game is over."""
        try:
            while not self.game.over:
                self.wake.clear()
                seat = self.game.to_act
                if seat in self.preselect and self.clients and await self._preselected(seat):
                    continue
                who, wait = self.plays(seat)
                if who == BOT:
                    # the pause follows a move the others see, never a private one (a
                    # declined K♥): its length would tell them the move was made (#47.1)
                    if await self._bot_move(seat) and self.hall.delay and self.last_public:
                        await self._pause()
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), wait)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: its bots stopped", self.id)

    async def _pause(self) -> None:
        """The pause between bot moves, so people can follow them."""
        await asyncio.sleep(self.hall.delay)

    async def _preselected(self, seat: int) -> bool:
        """Play the seat's pre-selected card if legal; drop it (and say why) when another card
        must be played; keep it through other questions. True when a move was made."""
        async with self.lock:
            card = self.preselect.get(seat)
            if card is None or self.game.to_act != seat:
                return False
            legal = self.game.legal_actions()
            if card in legal and self.is_card_play(card):
                del self.preselect[seat]
                self.play(seat, card)
                return True
            if any(self.is_card_play(a) for a in legal):
                del self.preselect[seat]
                self._keep_notes()
                why = one_line(self.game.why_illegal(card, who="you"))
                for c in list(self.seats[seat].clients):
                    c.send({"type": "error", "message": f"your pre-selected "
                            f"{self.card_name(card)} cannot be played: {why}"})  # fmt: skip
                self.push()
        return False

    async def _decide(self, seat: int, on_loop: bool) -> int:
        """The bot's move at ``seat``: in a worker thread, so that a slow bot (a search)
        does not hold up the other tables; on the event loop once the bot is known to be
        quick (:class:`sim.web.pace.Quick`)."""
        player = self.players[seat]

        def timed() -> tuple[int, float]:
            start = time.perf_counter()
            return player.decide(self.game, seat), time.perf_counter() - start

        if on_loop:
            action, took = timed()
        else:
            action, took = await asyncio.get_running_loop().run_in_executor(self.hall.pool, timed)
        self.hall.quick.took(self._bot_key(seat), took)
        return action

    def _bot_key(self, seat: int) -> tuple[str, str]:
        """The bot at ``seat`` as :class:`sim.web.pace.Quick` knows it: (game, its spec)."""
        return self.spec.name, self.bots[seat].text

    async def _bot_move(self, seat: int) -> bool:
        """One bot move at ``seat``; a quick bot's within the bots' share of each turn of
        the event loop (:class:`sim.web.pace.Pace`)."""
        if not self.hall.quick.on_loop(self._bot_key(seat)):
            return await self._bot_move_now(seat, on_loop=False)
        await self.hall.pace.turn()
        start = time.perf_counter()
        try:
            return await self._bot_move_now(seat, on_loop=True)
        finally:
            self.hall.pace.spent(time.perf_counter() - start)

    async def _bot_move_now(self, seat: int, on_loop: bool) -> bool:
        from sim.core.play import Player

        async with self.lock:
            if self.game.over or self.game.to_act != seat or self.plays(seat)[0] != BOT:
                return False
            if seat not in self.players:
                self.players[seat] = Player(self.bots[seat], self.seed, GAME_ID, seat)
            try:
                action = await self._decide(seat, on_loop)
            except Exception as e:
                action = self.game.legal_actions()[0]
                bot, name = self.bots[seat].text, self.game.event_name(action)
                log.error("table %s: bot %s at seat %d failed (%s); it plays %s", self.id, bot,
                          seat, one_line(e), name)  # fmt: skip
            if self.game.to_act != seat or self.plays(seat)[0] != BOT:  # a person took the seat
                return False
            self.play(seat, action)  # checked by the bot (Player.decide), or its first legal
            return True
