"""The Starlette application of ``trixsim serve``: the routes of ``docs/web.md``.

:class:`Hall` holds the tables of one data folder (made, joined, rebuilt from the
store after a restart); the WebSocket endpoint checks every message
(:mod:`.protocol`) before a table sees it, answers a refused one with one
``error`` line, and closes a client that floods. A client's mistake is never
logged; the server's own failures are.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import math
import os
import re
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from sim.core.table import lineup as seat_bots
from sim.web import views
from sim.web.client import Client
from sim.web.guard import (
    DEFAULT_LIMITS,
    Limiter,
    Limits,
    SecurityHeaders,
    Sockets,
    Window,
    bounded,
    clipped,
    cross_site,
    foreign,
    make_room,
    owner,
)
from sim.web.pace import Pace, Quick
from sim.web.protocol import (
    DEFAULT_BOTS,
    MAX_MESSAGE,
    TABLE_ID,
    ProtocolError,
    optional_name,
    parse_json,
    parse_message,
    parse_new_table,
    token_text,
)
from sim.web.review import Reviewer
from sim.web.store import SavedTable, Store
from sim.web.tables import (
    BOT,
    PERSON,
    Table,
    TableError,
    hash_token,
    log,
    one_line,
)

STATIC = Path(__file__).parent / "static"  # the browser's pages, where installed
MAX_CLIENTS = 64  # connections to one table
IDLE = 900.0  # seconds a table with nobody connected stays in memory
HEARTBEAT = 5.0  # seconds between the pings a page hears (it gives up after 12 of silence)
COMMIT_AFTER = 0.05  # seconds a written move may wait for its commit (none is sent before)


class _HideTokens(logging.Filter):
    """uvicorn logs each WebSocket's path with its query: never a seat's token."""

    TOKEN = re.compile(r"token=[^&\s\"]*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.TOKEN.sub("token=…", a) if isinstance(a, str) else a
                                for a in record.args)  # fmt: skip
        return True


HIDE_TOKENS = _HideTokens()


class Busy(TableError):
    """The server is full; try later (HTTP 503)."""


class TooMany(TableError):
    """This address made its tables for the minute (HTTP 429, ``Retry-After`` seconds)."""

    def __init__(self, message: str, after: float):
        super().__init__(message)
        self.after = after


def lineup(spec, texts: list[str]) -> tuple[list, list[str]]:
    """The bot spec at each seat (:func:`sim.core.table.lineup`, the creator at seat 0):
    one for all, one per seat after the creator's (the creator's seat takes the first), or
    one per seat; none that cheats or runs unbounded; each with its time budget clipped
    (:func:`sim.web.guard.clipped`), and the notes saying which were."""
    try:
        bots = seat_bots(spec, [0], texts, every_seat=True, files=False)  # no server's file
    except TableError as e:
        raise TableError(one_line(e)) from None  # as a client is sent it
    for b in bots:  # a table is for playing: no bot that sees every hand sits at one
        if b.info.sees_all:
            raise TableError(f"bot {b.info.name!r} sees every hand (it cheats): it plays in "
                             "tournaments as a bound, never at a table")  # fmt: skip
        if why := bounded(b):
            raise TableError(why)
    seated = [clipped(b, spec.name) for b in bots]
    notes = list(dict.fromkeys(note for _, note in seated if note))
    return [b for b, _ in seated], notes


class Hall:
    """Every table of one data folder: made, joined, loaded back after a restart."""

    def __init__(self, data_dir, grace: float = 20.0, delay: float = 0.3,
                 limits: Limits = DEFAULT_LIMITS, chosen_seeds: bool = False):  # fmt: skip
        self.store = Store(data_dir)
        self.grace, self.delay = grace, delay
        self.limits, self.chosen_seeds = limits, chosen_seeds
        self.creations = Window(limits.new_tables, 60.0)  # new tables per address a minute
        self.sockets = Sockets(limits)
        self.tables: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Future] = {}
        self.pool = ThreadPoolExecutor(max(1, os.cpu_count() or 1), "trixsim-bot")
        self.pace, self.quick = Pace(), Quick()  # the bots' share of the loop; which are quick
        self.reviewer = Reviewer()  # finished deals valued, in a process of its own (#45.3)
        self.commit_due = False

    def commit_soon(self) -> None:
        """Commit the moves just written within 50 ms (and before any message is sent)."""
        if not self.commit_due:
            self.commit_due = True
            asyncio.get_running_loop().call_later(COMMIT_AFTER, self.commit)

    def commit(self) -> None:
        self.commit_due = False
        self.store.commit()

    async def create(self, game: str, texts: list[str], seed: int | None,
                     address: str = "", name: str | None = None) -> tuple[Table, str]:  # fmt: skip
        """A new table; its creator takes seat 0. Returns (table, his token). A seed chosen
        by the creator lets him know every hand: such a table seats no other person unless
        the server allows it (``--chosen-seeds``)."""
        from sim.core.registry import GameError, get

        key = owner(address)
        wait = self.creations.wait(key)
        if wait:
            raise TooMany(f"at most {self.limits.new_tables} new tables a minute from one "
                          f"address; try again in {math.ceil(wait)} s", wait)  # fmt: skip
        victims, why = make_room(list(self.tables.values()), key, self.limits)
        if why:
            raise Busy(why)
        for t in victims:  # nobody sat at it: gone; else stored, and back on the next visit
            self.forget(t) if t.joined else self.drop(t)
        try:
            spec = get(game)
            views.web_part(spec)
        except (GameError, ValueError) as e:  # unknown, or no web part to draw it with
            raise TableError(one_line(e)) from None
        token = secrets.token_urlsafe(24)
        saved = SavedTable(secrets.token_urlsafe(9), spec.name,
                           secrets.randbits(64) if seed is None else seed, [], "playing",
                           time.time(), [(PERSON, hash_token(token))]
                           + [(BOT, None)] * (spec.seats - 1),
                           names={} if name is None else {0: name},
                           chosen=seed is not None)  # fmt: skip

        def build() -> Table:
            bots, notes = lineup(spec, texts)
            saved.bots = [b.text for b in bots]
            table = Table(self, saved, spec, bots)
            table.seated_notes = notes
            return table

        table = await asyncio.to_thread(serially, build)
        table.owner = key
        self.store.add_table(saved)
        self._start(table)
        asyncio.get_running_loop().call_later(self.limits.unjoined, self._unjoined, table)
        return table, token

    def _unjoined(self, table: Table) -> None:
        if not table.joined and self.tables.get(table.id) is table:
            self.drop(table)

    def forget(self, table: Table) -> None:
        """Take a table a person sat at out of memory to make room: it is stored, and the
        next visit rebuilds it; anyone still watching is told so."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.task:
            table.task.cancel()
        for c in list(table.clients):
            c.send({"type": "error", "message": "the server needed room: reload the page "
                    "to come back to this table"})  # fmt: skip
            c.close(4409, "table set aside")

    def drop(self, table: Table) -> None:
        """Forget a table nobody sat at, in memory and on disk (its link then finds nothing)."""
        del self.tables[table.id]
        if table.task:
            table.task.cancel()
        for c in list(table.clients):
            c.send({"type": "error", "message": "nobody sat at this table: it was closed"})
            c.close(4404, "table closed")
        self.store.delete(table.id)

    async def get(self, table_id: str) -> Table | None:
        """The table (loaded from the store and rebuilt if it is not in memory), or None."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id in self.loading:
            return await asyncio.shield(self.loading[table_id])
        future = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        table = None
        try:
            saved = self.store.load(table_id)
            if saved is not None:
                table = await asyncio.to_thread(serially, self._rebuild, saved)
                table.joined = True  # (a table is kept on disk once a person sat at it)
                self._start(table)
        except Exception as e:  # a damaged table, or a game or bot no longer installed
            log.error("table %s cannot be rebuilt: %s", table_id, one_line(e))
        finally:
            del self.loading[table_id]
            future.set_result(table)
        return table

    def _rebuild(self, saved: SavedTable) -> Table:
        from sim.core.bots import BotSpecError, parse_spec
        from sim.core.registry import get

        spec = get(saved.game)
        bots = []
        for text in saved.bots:
            try:
                bots.append(parse_spec(text, spec.name))
            except BotSpecError as e:  # the moves are stored: any bot can play on
                log.warning("table %s: %s; random plays instead", saved.id, one_line(e))
                bots.append(parse_spec("random", spec.name))
        return Table(self, saved, spec, bots)

    def _start(self, table: Table) -> None:
        self.tables[table.id] = table
        table.task = asyncio.get_running_loop().create_task(table.run())

    def idle(self, table: Table) -> None:
        """Nobody is connected: forget the table after :data:`IDLE` seconds of that, a
        finished one at once (its moves are stored; the next visit rebuilds it, and a
        finished game's record is read from them)."""

        def quiet() -> None:
            if not table.clients and (table.game.over or time.monotonic() - table.last_seen
                                      >= IDLE - 1):  # fmt: skip
                self.forget(table)

        if table.game.over:
            quiet()
        else:
            asyncio.get_running_loop().call_later(IDLE, quiet)

    async def close(self) -> None:
        tasks = [t.task for t in self.tables.values() if t.task]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.tables.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.reviewer.close()
        self.store.close()


# -- the routes -----------------------------------------------------------------------------
def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict:
    """The request's JSON object (at most MAX_MESSAGE bytes; an empty body is ``{}``)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE:
            raise ProtocolError(f"a request body is at most {MAX_MESSAGE} bytes")
    return parse_json(body, "a request body") if body.strip() else {}


def _page(name: str, fallback: str) -> HTMLResponse:
    path = STATIC / name
    if path.is_file():
        return HTMLResponse(path.read_text(encoding="utf-8"))
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>trixsim</title>{fallback}")


def _lobby_fallback() -> str:
    from sim.core.registry import default_game

    body = html.escape(json.dumps({"game": default_game(), "bots": DEFAULT_BOTS}))
    return ("<h1>trixsim</h1><p>The browser pages are not installed. A new table: "
            f"<code>POST /api/tables {body}</code></p>")  # fmt: skip


NO_TABLE = (  # what a dead or mistyped table link shows
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
    'content="width=device-width, initial-scale=1"><title>trixsim · no such table</title>'
    '<link rel="stylesheet" href="/static/style.css"></head><body><main>'
    "<h1>No such table</h1><p>This table is not here: its game may have ended and been "
    "put away, or the link may be mistyped.</p>"
    '<p><a href="/">Start a new table in the lobby</a></p></main></body></html>'
)
GAME_SCRIPT = "<!--game-script-->"  # where table.html takes the game's own script


def game_list() -> list[dict]:
    """``GET /api/games``: every registered game with a web part, in the registry's order,
    with the bots a table may seat (the lobby builds its lists from it)."""
    from sim.core.bots import load_bots
    from sim.core.registry import default_game, games

    default, out = default_game(), []
    for name, spec in games().items():
        try:
            if not spec.has("web"):
                continue
            label, bots = views.label(spec), load_bots(name)
        except Exception as e:  # a broken game must not take the lobby down
            log.error("game %s is left out of the lobby: %s", name, one_line(e))
            continue
        bots = [{"name": b.name, "doc": b.doc, "default": b.name == DEFAULT_BOTS,
                 "params": [{"name": p.name, "default": p.default, "help": p.help}
                            for p in b.params]}
                for b in bots.values() if not b.sees_all]  # fmt: skip
        out.append({"name": name, "title": spec.title, "label": label,
                    "seats": spec.seats, "teams": [list(t) for t in spec.teams],
                    "default": name == default, "bots": bots})  # fmt: skip
    return out


def game_script(name: str) -> Path | None:
    """The file of a registered game's own script (its web part's ``SCRIPT``, beside it), or
    None: only that one file of each game is served, whatever the name asks for."""
    from sim.core.registry import games

    spec = games().get(name)
    if spec is None or not spec.has("web"):
        return None
    web = views.web_part(spec)
    if not isinstance(web.SCRIPT, str) or not re.fullmatch(r"[A-Za-z0-9_-]+\.js", web.SCRIPT):
        return None
    path = Path(web.__file__).parent / web.SCRIPT
    return path if path.is_file() else None


_BUILDING = threading.Lock()


def serially(fn, *args):
    """Build a table in one worker thread at a time: the first build of a game imports its
    parts and bots, and Python's imports (numba's above all) are not safe to race (twenty
    tables created at once on a fresh server failed without this)."""
    with _BUILDING:
        return fn(*args)


def create_app(data_dir, grace: float = 20.0, bot_delay: float = 0.3,
               limits: Limits = DEFAULT_LIMITS, chosen_seeds: bool = False
               ) -> Starlette:  # fmt: skip
    """The application over the tables of ``data_dir``; ``grace``: seconds a person may be
    away before his seat's bot plays for him; ``bot_delay``: seconds between bot moves;
    ``limits``: :class:`sim.web.guard.Limits`; ``chosen_seeds``: a table dealt from a seed
    its creator chose may seat other persons (they are told)."""
    data_dir = Path(data_dir)

    @asynccontextmanager
    async def lifespan(app: Starlette):
        for name in ("uvicorn.error", "uvicorn.access"):  # set up by now: keep tokens out
            logging.getLogger(name).addFilter(HIDE_TOKENS)
        app.state.hall = Hall(data_dir, grace, bot_delay, limits, chosen_seeds)
        try:
            yield
        finally:
            await app.state.hall.close()

    def hall(request) -> Hall:
        return request.app.state.hall

    async def lobby(request: Request) -> Response:
        return _page("index.html", _lobby_fallback())

    async def game_list_json(request: Request) -> Response:
        if getattr(request.app.state, "games", None) is None:  # once: it imports the bots
            request.app.state.games = await asyncio.to_thread(serially, game_list)
        return JSONResponse({"games": request.app.state.games})

    async def script(request: Request) -> Response:
        path = game_script(request.path_params["name"])
        if path is None:
            return _error(404, "no such script")
        return FileResponse(path, media_type="text/javascript")

    async def new_table(request: Request) -> Response:
        if why := cross_site(request.headers, request.headers.get("host")):
            return _error(403, why)
        try:
            game, texts, seed, name = parse_new_table(await _body(request))
            table, token = await hall(request).create(game, texts, seed, _address(request), name)
        except Busy as e:
            return _error(503, str(e))
        except TooMany as e:
            return JSONResponse({"error": str(e)}, status_code=429,
                                headers={"Retry-After": str(math.ceil(e.after))})  # fmt: skip
        except (ProtocolError, TableError) as e:
            return _error(400, str(e))
        link = str(request.url_for("table_page", id=table.id))
        return JSONResponse({"table": table.id, "seat": 0, "token": token, "link": link,
                             "notes": table.seated_notes})  # fmt: skip

    async def table_of(request: Request) -> Table | Response:
        table_id = request.path_params["id"]
        table = await hall(request).get(table_id) if TABLE_ID.fullmatch(table_id) else None
        return table or _error(404, "no such table")

    async def join(request: Request) -> Response:
        if why := cross_site(request.headers, request.headers.get("host")):
            return _error(403, why)
        try:
            body = await _body(request)
        except ProtocolError as e:
            return _error(400, str(e))
        table = await table_of(request)
        if not isinstance(table, Table):
            return table
        try:
            name = optional_name(body.get("name"))
            seat, token = table.join(token_text(body.get("token")), name)
        except ProtocolError as e:
            return _error(400, str(e))
        except TableError as e:
            return _error(403, str(e))
        return JSONResponse({"seat": None} if seat is None else {"seat": seat, "token": token})

    async def table_page(request: Request) -> Response:
        table = await table_of(request)
        if not isinstance(table, Table):  # a person followed a link: a page, not JSON (#47.13)
            return HTMLResponse(NO_TABLE, status_code=404)
        about = f"the table is at <code>/ws/{table.id}</code>"
        page = _page("table.html", f"<p>The browser pages are not installed; {about}.</p>")
        own = game_script(table.spec.name) is not None
        tag = f'<script src="/static/games/{table.spec.name}.js"></script>' if own else ""
        return HTMLResponse(page.body.decode("utf-8").replace(GAME_SCRIPT, tag))

    async def record(request: Request) -> Response:
        table = await table_of(request)
        if not isinstance(table, Table):
            return table
        line = table.record()
        if line is None:
            return _error(409, "the game is not over yet: its record is written at its end")
        return Response(line + "\n", media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="trixsim-{table.id}.jsonl"'})  # fmt: skip

    async def review_json(request: Request) -> Response:
        table = await table_of(request)
        if not isinstance(table, Table):
            return table
        status, out = await hall(request).reviewer.of(table, request.path_params["deal"])
        return JSONResponse(out) if status == 200 else _error(status, out)

    async def review_page(request: Request) -> Response:
        table = await table_of(request)
        if not isinstance(table, Table):
            return HTMLResponse(NO_TABLE, status_code=404)
        return _page("review.html", "<p>The browser pages are not installed.</p>")

    routes = [
        Route("/", lobby),
        Route("/api/games", game_list_json),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{id}/join", join, methods=["POST"]),
        Route("/t/{id}", table_page, name="table_page"),
        Route("/t/{id}/record", record),
        Route("/t/{id}/review/{deal}", review_page),
        Route("/api/tables/{id}/review/{deal}", review_json),
        WebSocketRoute("/ws/{id}", socket),
        Route("/static/games/{name}.js", script),  # before the static folder's
    ]
    if STATIC.is_dir():
        routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    return Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])


def _address(request) -> str:
    return request.client.host if request.client else ""


async def socket(websocket: WebSocket) -> None:
    """``/ws/{id}?token=…``: the seat of the token (none: a spectator), its views pushed
    after every change, its messages checked one by one; refused (403) to another site's
    page, which could otherwise watch any table whose id it knows."""
    if foreign(websocket.headers, websocket.headers.get("host")):
        await websocket.close(1008)  # before accept: the handshake is answered 403
        return
    await websocket.accept()
    table_id = websocket.path_params["id"]
    hall: Hall = websocket.app.state.hall
    address = websocket.client.host if websocket.client else ""
    if not hall.sockets.enter(address):
        with contextlib.suppress(Exception):
            await websocket.send_json(
                {
                    "type": "error",
                    "message": "too many connections "
                    f"from your address (at most {hall.limits.sockets})",
                }
            )
            await websocket.close(1013)
        return
    try:
        await _serve(websocket, hall, table_id, address)
    finally:
        hall.sockets.leave(address)


async def _serve(websocket: WebSocket, hall: Hall, table_id: str, address: str) -> None:
    table = await hall.get(table_id) if TABLE_ID.fullmatch(table_id) else None
    if table is None or len(table.clients) >= MAX_CLIENTS:
        why = "no such table" if table is None else "too many connections to this table"
        with contextlib.suppress(Exception):
            await websocket.send_json({"type": "error", "message": why})
            await websocket.close(4404 if table is None else 1013)
        return
    seat = table.seat_of(token_text(websocket.query_params.get("token")))
    client = Client(seat, lambda: table.view_message(seat))
    table.attach(client)
    writer = asyncio.create_task(_write(websocket, client, hall))
    beat = asyncio.create_task(_heartbeat(client))
    limiter = Limiter()
    try:
        while not client.closing:
            msg = await websocket.receive()
            if msg["type"] == "websocket.disconnect":
                break
            if not limiter.ok() or not hall.sockets.message_ok(address):
                most = f"at most {limiter.rate} a second, {hall.limits.messages} from one address"
                client.send({"type": "error", "message": f"too many messages: {most}; the "
                             "connection is closed"})  # fmt: skip
                client.close(1008, "too many messages")
                break
            text = msg.get("text")
            await _handle(table, client, text if text is not None else msg.get("bytes"))
    except WebSocketDisconnect:
        pass
    finally:
        table.detach(client)
        client.close(1000, "")
        try:
            beat.cancel()
            await asyncio.wait_for(writer, 5)  # the last messages (a flood's error) go out
        except Exception:
            pass
        finally:
            writer.cancel()


async def _heartbeat(client: Client) -> None:
    """A ``ping`` every :data:`HEARTBEAT` seconds, the same to every client (it tells
    nothing): a page that hears nothing for longer knows its connection is dead, and
    reconnects (the server's WebSocket pings find it dead on this side, ``trixsim serve``)."""
    while not client.closing:
        await asyncio.sleep(HEARTBEAT)
        client.send({"type": "ping"})


async def _handle(table: Table, client: Client, raw) -> None:
    try:
        msg = parse_message(raw)
        if msg["type"] == "act":
            await table.act(client, msg["action"])
        elif msg["type"] == "preselect":
            table.set_preselect(client, msg["action"])
        elif msg["type"] == "name":
            table.rename(client, msg["action"])
        else:
            table.look(client)
    except (ProtocolError, TableError) as e:
        client.send({"type": "error", "message": str(e)})
    except Exception:  # the server's own failure: logged, and the client told
        log.exception("table %s: a message could not be handled", table.id)
        client.send({"type": "error", "message": "the server failed on that message"})


async def _write(websocket: WebSocket, client: Client, hall: Hall) -> None:
    with contextlib.suppress(Exception):  # the client is gone: nothing more to send
        while (msg := await client.next()) is not None:
            hall.commit()  # what anybody is shown is on disk
            await websocket.send_json(msg)
        await websocket.close(*client.closing)
