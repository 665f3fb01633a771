"""What keeps one visitor from spoiling the server for everyone else.

- **New tables** are limited per client address (:class:`Window`: so many a minute, then
  HTTP 429 with ``Retry-After``), an IPv6 address counted by its /64 (:func:`owner`); a
  table nobody has sat at (a person's connection with a seat) is dropped after
  ``unjoined`` seconds. One address holds at most ``per_address`` tables in memory, and a
  full server makes room before it refuses anyone (:func:`make_room`).
- **Connections and messages** are limited per address as well as per connection: so
  many sockets at once, so many messages a second over all of them.
- **Bots a person may seat** are bounded (:func:`bounded`): a search at a table answers in
  well under a second (``mcts:iters=1000000`` took 3–7 s a move).
- **Pages** carry security headers (:data:`HEADERS`: only the page's own scripts, never
  framed), and the POSTs that seat a person accept only JSON from the page's own origin
  (:func:`cross_site`): a form on another site cannot take a seat; nor can another site's
  page open a table's WebSocket and watch it (:func:`foreign`).

Addresses are uvicorn's: behind a proxy on the same machine that sets
``X-Forwarded-For``, each client's own; behind another proxy, the proxy's (docs/web.md).
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter, deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The server's limits (``trixsim serve`` options)."""

    max_tables: int = 500  # tables in memory at once
    per_address: int = 20  # tables one address (an IPv6 /64) may hold in memory at once
    new_tables: int = 10  # tables one address may create a minute
    unjoined: float = 120.0  # seconds a table nobody has sat at is kept
    sockets: int = 32  # connections one address may hold at once
    messages: int = 200  # messages a second one address may send, all connections together


DEFAULT_LIMITS = Limits()
RATE = 50  # messages a second one connection may send; more: an error, then it is closed


class Limiter:
    """At most ``rate`` messages in any one-second window of one client."""

    def __init__(self, rate: int = RATE):
        self.rate, self.start, self.count = rate, time.monotonic(), 0

    def ok(self) -> bool:
        now = time.monotonic()
        if now - self.start >= 1.0:
            self.start, self.count = now, 0
        self.count += 1
        return self.count <= self.rate


class Window:
    """At most ``n`` events per key in any ``seconds``-long window."""

    def __init__(self, n: int, seconds: float):
        self.n, self.seconds = n, seconds
        self.seen: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float | None = None) -> float:
        """0 and the event is counted, or the seconds until ``key`` may have another."""
        now = time.monotonic() if now is None else now
        if len(self.seen) > 10_000:  # keys gone quiet are forgotten
            self.seen = {k: q for k, q in self.seen.items() if q and now - q[-1] < self.seconds}
        q = self.seen.setdefault(key, deque())
        while q and now - q[0] >= self.seconds:
            q.popleft()
        if len(q) >= self.n:
            return self.seconds - (now - q[0])
        q.append(now)
        return 0.0


def owner(address: str) -> str:
    """Whose a request is, for the limits: its IPv4 address, or its IPv6 address's /64 (what
    one subscriber is given: addresses within it cost nothing)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:  # ::ffff:10.0.0.1, an IPv4 client of a dual-stack socket
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def make_room(tables: list, newcomer: str, limits: Limits) -> tuple[list, str | None]:
    """The tables to take out of memory so that ``newcomer`` (an :func:`owner`) may open one,
    or why it may not. ``tables``: each with ``owner``, ``joined``, ``clients`` (connected),
    ``born`` and ``last_seen``.

    A table nobody is connected to costs nobody anything to forget: a table nobody sat at
    is dropped (the oldest first), one a person sat at is stored and comes back on the next
    visit. So an address at its own bound gives up its own quiet tables first, and a full
    server its quiet tables first, nobody sat at before least recently seen. Only then is
    a busy table taken out, and only from the owner holding the most, for a newcomer below
    its share (``max_tables`` over the owners): a few addresses filling the server shut out
    nobody else. Else the newcomer is refused."""
    quiet = sorted((t for t in tables if not t.clients),
                   key=lambda t: (t.joined, t.last_seen if t.joined else t.born))  # fmt: skip
    held = Counter(t.owner for t in tables)
    out: list = []
    if held[newcomer] >= limits.per_address:
        own = [t for t in quiet if t.owner == newcomer]
        if not own:
            return [], (f"this address has {held[newcomer]} tables open, at most "
                        f"{limits.per_address} at once: finish or leave one first")  # fmt: skip
        out.append(own[0])
        return out, None
    if len(tables) < limits.max_tables:
        return out, None
    if quiet:
        return [quiet[0]], None
    share = limits.max_tables / (len(held) + (newcomer not in held))
    hog, most = held.most_common(1)[0]
    if held[newcomer] < share and most > share:
        return [min((t for t in tables if t.owner == hog), key=lambda t: t.last_seen)], None
    return [], "the server has too many tables open; try again later"


class Sockets:
    """Connections per address, and their messages a second over all of them."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.open: dict[str, int] = {}
        self.rate = Window(limits.messages, 1.0)

    def enter(self, address: str) -> bool:
        if self.open.get(address, 0) >= self.limits.sockets:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def leave(self, address: str) -> None:
        left = self.open.get(address, 1) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    def message_ok(self, address: str) -> bool:
        return self.rate.wait(address) == 0.0


# a person may seat a search bot at a table up to these budgets (a million iterations of
# mcts took 3-7 s a move); within them, pimc's time is bounded by MOVE_MS below (so its
# worlds may be many: Trix's default pimc values 70, each by one playout)
TABLE_BUDGETS = {"iters": 20_000, "play_iters": 20_000, "worlds": 200, "ms": 2_000.0}
# pimc sits at a table with a time budget of at most this many milliseconds a move: its
# worlds bound no time (pimc:worlds=20 took 7.3 s for a Trix contract choice, each contract
# solved in each world: #47.4), while with ``ms`` it stops once over it, after the world in
# progress (a Trix contract choice's world: 0.1 s, 0.3 s at its 95th percentile). mcts's
# iterations bound its time (20,000: about 0.1 s), and its ``ms`` is no cap but a budget it
# fills: it is left as it is
MOVE_MS = 800.0
CLIPPED = ("pimc",)  # the bot kinds given MOVE_MS


def bounded(bot) -> str | None:
    """Why ``bot`` (a BotSpec) may not sit at a table (a budget over its bound), or None."""
    for name, most in TABLE_BUDGETS.items():
        value = bot.values.get(name)
        if isinstance(value, int | float) and value > most:
            return (f"{bot.text}: {name}={value:g} is more than a table allows ({name} at most "
                    f"{most:g}, so that a move takes well under a second)")  # fmt: skip
    return None


def clipped(bot, game: str):
    """``bot`` as it sits at a table: a kind of :data:`CLIPPED` gets a time budget ``ms`` of
    at most :data:`MOVE_MS` (none given counts as none); and the note saying so, or None."""
    from sim.core.bots import parse_spec

    ms = bot.values.get("ms")
    if bot.info.name not in CLIPPED or ms is None or 0 < ms <= MOVE_MS:
        return bot, None
    name, _, rest = bot.text.partition(":")
    kept = [x for x in rest.split(",") if x and not x.startswith("ms=")]
    seated = parse_spec(f"{name}:{','.join([*kept, f'ms={MOVE_MS:g}'])}", game, files=False)
    return seated, (f"{bot.text} plays as {seated.text}: a move at a table takes at most "
                    f"{MOVE_MS:g} ms, its search stopping there")  # fmt: skip


HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' "
    "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


def cross_site(headers, host: str | None) -> str | None:
    """Why a POST is refused: not JSON (a form on another site can send text/plain without
    asking), or from another origin; None when it is the page's own."""
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return "send the request as application/json"
    return foreign(headers, host)


def foreign(headers, host: str | None) -> str | None:
    """Why a request from another site's page is refused (its ``Origin`` is not this server:
    a browser always says where a POST or a WebSocket comes from); None otherwise."""
    origin = headers.get("origin")
    if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
        return f"a request from {origin} is refused: only the server's own pages may make it"
    return None


class SecurityHeaders:
    """:data:`sim.web.guard.HEADERS` on every HTTP response."""

    def __init__(self, app):
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with(message):
            if message["type"] == "http.response.start":
                message = dict(message, headers=[*message.get("headers", []), *self.headers])
            await send(message)

        await self.app(scope, receive, send_with)
