"""The Starlette application of ``trixsim serve``: the routes of ``docs/web.md``.

:class:`~sim.web.hall.Hall` holds the tables of one data folder (made, joined, rebuilt from the
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
import re
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from sim.web import views
from sim.web.client import Client
from sim.web.guard import (
    DEFAULT_LIMITS,
    Limiter,
    Limits,
    SecurityHeaders,
    cross_site,
    foreign,
)
from sim.web.hall import Busy, Hall, TooMany, serially
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
from sim.web.tables import (
    Table,
    TableError,
    log,
    one_line,
)

STATIC = Path(__file__).parent / "static"  # the browser's pages, where installed
MAX_CLIENTS = 64  # connections to one table
HEARTBEAT = 5.0  # seconds between the pings a page hears (it gives up after 12 of silence)


class _HideTokens(logging.Filter):
    """uvicorn logs each WebSocket's path with its query: never a seat's token."""

    TOKEN = re.compile(r"token=[^&\s\"]*")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self.TOKEN.sub("token=…", a) if isinstance(a, str) else a
                                for a in record.args)  # fmt: skip
        return True


HIDE_TOKENS = _HideTokens()


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
