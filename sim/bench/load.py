"""``python -m sim.bench.load [--tables 200] [--seconds 60]``: load of ``trixsim serve``.

The server (uvicorn over :func:`sim.web.app.create_app`, bots with no delay) runs in its
own process on loopback; this process opens ``--tables`` tables over HTTP, holds seat 0
of each through one WebSocket, and plays the first legal action the moment its view says
``your-turn``, for ``--seconds``. A game that ends is replaced by a new table, so the
number of tables in play stays the same. Measured: the time from sending a move to the
next view, the one that shows it (p50/p99/max: the target), and to the view that asks seat
0 again after the bots' moves (in a closed loop of clients that never think, about the
tables over the server's rate of moves); the moves, every ``error`` message, and the
server's RSS each second. At the end the server's stored moves of seat 0 of every table
are compared with what its client sent (same actions, same order): no move lost, none
made twice. The tables play the default game (``--game`` another).

Targets (the issue): no errors, no lost moves, memory flat (the mean RSS of the run's last
fifth at most 5% above its middle fifth's: bounded, not just slow to grow, #47.6), p99
under 50 ms. Exit 1 if one is missed. ``make soak`` runs it for 20 minutes.
The server's RSS grows most in its first minutes and is flat after: ``make soak`` (1,200 s,
200 tables at once, 7,261 tables in all, 7,061 games finished and replaced, 1.08 million
moves of seat 0) went 231 MB at its start, 368 after 150 s, 378 after 450 s and 386 from
about 750 s to its end; its last fifth's mean 0.6% above its middle fifth's. Thousands of
tables came and went over its last eight minutes with no growth: the rise is the working
set of 200 live tables and the allocator's arenas filling, not tables or logs kept.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx
import psutil
import websockets

from sim.core.registry import default_game
from sim.web.store import FILE

P99_MS = 50.0
RSS_GROWTH = 0.05  # the last fifth's mean RSS over the middle fifth's, at most
MAX_RATE = 45  # moves a second one client sends at most: the server closes one over 50
# every client comes from loopback: one address, so the per-address limits are lifted
LAUNCH = (
    "import sys, uvicorn; from sim.web.app import create_app; "
    "from sim.web.guard import Limits; "
    "uvicorn.run(create_app(sys.argv[1], grace=60, bot_delay=float(sys.argv[3]), "
    "limits=Limits(new_tables=10**6, sockets=10**6, messages=10**6, per_address=10**6)), "
    "host='127.0.0.1', port=int(sys.argv[2]), ws_max_size=64 * 1024, log_level='warning')"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def decision(view: dict) -> str:
    """What a your-turn view asks: the same text after a move means the move was lost."""
    v = view
    return json.dumps([v.get("public"), v["hand"], v["trick"], v["legal"], len(v["log"])])


class Stats:
    def __init__(self):
        self.latencies: list[float] = []  # a move -> the next view (it shows the move)
        self.turns: list[float] = []  # a move -> the view asking seat 0 again (bots between)
        self.errors: list[str] = []
        self.sent: dict[str, list[str]] = {}  # table id -> actions seat 0 sent, in order
        self.games_over = 0
        self.stale = 0  # a view after our move that still asked the same decision
        self.connected = 0
        self.cpu = [0.0, 0.0]  # cores busy: the server, the clients
        self.end = 0.0  # when the clients stop sending (monotonic), set at the start


class BadOption(ValueError):
    """An option the server refuses (a bot spec it does not know): one line, exit 2."""


async def new_table(http: httpx.AsyncClient, seed: int, game: str, bots: str) -> dict:
    r = await http.post("/api/tables", json={"game": game, "bots": bots, "seed": seed})
    if r.status_code == 400:  # the table the options ask for cannot be made: say why
        raise BadOption(f"--game {game} --bots {bots}: {r.json().get('error', r.text)}")
    r.raise_for_status()
    return r.json()


async def play(http, base: str, t: dict, stats: Stats, start: asyncio.Event, args):
    """Seat 0 of one table after another until ``stats.end`` (monotonic); a move sent
    before it always gets its answer."""
    seed = 1_000_000 + len(stats.sent)
    while True:
        stats.sent[t["table"]] = sent = []
        uri = f"ws://{base}/ws/{t['table']}?token={t['token']}"
        async with websockets.connect(uri, max_size=2**20, open_timeout=60) as ws:
            stats.connected += 1
            await start.wait()
            pending, last, over, moved = None, 0.0, False, None
            while True:
                timeout = 30.0 if pending else max(0.01, stats.end - time.monotonic())
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                except TimeoutError:
                    if pending:
                        stats.errors.append(f"{t['table']}: no view 30 s after a move")
                    break
                if msg["type"] == "error":
                    stats.errors.append(f"{t['table']}: {msg['message']}")
                    pending = None
                    continue
                if msg["type"] != "view":
                    continue
                view = msg["view"]
                if pending:
                    stats.latencies.append(time.perf_counter() - pending[0])
                    if view["state"] == "your-turn" and decision(view) == pending[1]:
                        stats.stale += 1
                    pending = None
                if moved is not None and view["state"] != "waiting":
                    stats.turns.append(time.perf_counter() - moved)
                    moved = None
                if view["state"] == "over":
                    over = True
                    break
                if view["state"] != "your-turn" or time.monotonic() >= stats.end:
                    if time.monotonic() >= stats.end:
                        break
                    continue
                wait = last + 1 / MAX_RATE - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                action = view["legal"][0]
                pending, last = (time.perf_counter(), decision(view)), time.monotonic()
                moved = pending[0]
                sent.append(action)
                await ws.send(json.dumps({"type": "act", "action": action}))
        if not over or time.monotonic() >= stats.end:
            return
        stats.games_over += 1
        seed += 1000
        try:
            t = await new_table(http, seed, args.game, args.bots)
        except httpx.HTTPStatusError as e:  # 503: the server holds too many tables
            stats.errors.append(f"a new table: {e.response.status_code} {e.response.text}")
            return


def cpu(proc: psutil.Process) -> tuple[float, float]:
    """CPU seconds so far of the server and of this process (the clients)."""
    return tuple(sum(p.cpu_times()[:2]) for p in (proc, psutil.Process()))


async def sample(proc: psutil.Process, rss: list[tuple[float, int]], stop: asyncio.Event):
    t0 = time.monotonic()
    while not stop.is_set():
        rss.append((time.monotonic() - t0, proc.memory_info().rss))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


async def run(args, base: str, proc: psutil.Process) -> tuple[Stats, list, float]:
    stats, rss, stop, start = Stats(), [], asyncio.Event(), asyncio.Event()
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=f"http://{base}", limits=limits, timeout=60) as http:
        for _ in range(300):  # the server is up when it answers
            try:
                if (await http.get("/")).status_code == 200:
                    break
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        # the first table alone: the server imports its game and bots on first use (racing
        # first uses fail, see the report), then the rest at once
        tables = [await new_table(http, 0, args.game, args.bots)]
        tables += await asyncio.gather(
            *(new_table(http, s, args.game, args.bots) for s in range(1, args.tables))
        )
        clients = [asyncio.create_task(play(http, base, t, stats, start, args))
                   for t in tables]  # fmt: skip
        for _ in range(600):  # every table seated (its bots play up to seat 0's turn)
            if stats.connected >= args.tables or any(c.done() for c in clients):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)
        sampler = asyncio.create_task(sample(proc, rss, stop))
        t0, cpu0 = time.monotonic(), cpu(proc)
        stats.end = t0 + args.seconds
        start.set()
        await asyncio.gather(*clients)
        elapsed = time.monotonic() - t0
        stats.cpu = [(b - a) / elapsed for a, b in zip(cpu0, cpu(proc), strict=True)]
        stop.set()
        await sampler
    return stats, rss, elapsed


def stored_moves(data: Path) -> dict[str, list[str]]:
    """Seat 0's moves of every table, as the server wrote them, in order."""
    db = sqlite3.connect(data / FILE)
    out: dict[str, list[str]] = {}
    for table_id, text in db.execute(
        "SELECT table_id, text FROM moves WHERE seat = 0 ORDER BY table_id, n"
    ):
        out.setdefault(table_id, []).append(text)
    db.close()
    return out


def pct(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m sim.bench.load", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--tables", type=int, default=200, help="tables played at once")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long they play")
    ap.add_argument("--game", default=default_game(), help="the game of every table "
                    "(default: %(default)s)")  # fmt: skip
    ap.add_argument("--bots", default="greedy", help="the bots of the other seats")
    ap.add_argument("--bot-delay", type=float, default=0.0, help="seconds after each bot move")
    args = ap.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="trixsim-load-") as tmp:
        data, log = Path(tmp) / "data", Path(tmp) / "server.log"
        with open(log, "w") as err:
            cmd = [sys.executable, "-c", LAUNCH, str(data), str(port), str(args.bot_delay)]
            server = subprocess.Popen(cmd, stdout=err, stderr=subprocess.STDOUT)
        try:
            stats, rss, elapsed = asyncio.run(
                run(args, f"127.0.0.1:{port}", psutil.Process(server.pid))
            )
        except BadOption as e:
            print(f"load: {e}", file=sys.stderr)
            return 2
        except Exception as e:
            tail = log.read_text(errors="replace").strip().splitlines()[-15:]
            print(f"load: failed: {e!r}\nserver log:\n  " + "\n  ".join(tail), file=sys.stderr)
            return 1
        finally:
            server.terminate()
            server.wait(30)
        server_log = log.read_text(errors="replace").strip()
        stored = stored_moves(data)
    lost = sum(stored.get(t, []) != sent for t, sent in stats.sent.items())
    moves = sum(len(s) for s in stats.sent.values())
    mb = [r / 2**20 for _, r in rss] or [float("nan")]
    warm = mb[len(mb) // 5]
    n = len(mb)
    middle = sum(mb[2 * n // 5 : 3 * n // 5 + 1]) / len(mb[2 * n // 5 : 3 * n // 5 + 1])
    last = sum(mb[4 * n // 5 :]) / len(mb[4 * n // 5 :])
    p99 = pct(stats.latencies, 0.99)
    checks = {
        "no errors": not stats.errors,
        "no lost moves": lost == 0 and stats.stale == 0 and moves > 0,
        # bounded, not just slow to grow: the last fifth against the middle fifth (#47.6)
        "memory flat": last <= middle * (1 + RSS_GROWTH),
        f"p99 < {P99_MS:g} ms": p99 < P99_MS,
    }
    print(f"tables        {args.tables} at once, {len(stats.sent)} in all "
          f"({stats.games_over} games finished and replaced), {elapsed:.1f} s")  # fmt: skip
    print(f"moves         seat 0: {moves} ({moves / elapsed:.0f}/s); "
          f"stored for {len(stored)} tables")  # fmt: skip
    print(f"latency       move -> next view: p50 {pct(stats.latencies, 0.5):.1f} ms, "
          f"p99 {p99:.1f} ms, max {pct(stats.latencies, 1.0):.1f} ms")  # fmt: skip
    print(f"turn          move -> seat 0 asked again (the bots' moves between): "
          f"p50 {pct(stats.turns, 0.5):.1f} ms, p99 {pct(stats.turns, 0.99):.1f} ms")  # fmt: skip
    print(f"errors        {len(stats.errors)}; tables whose stored seat-0 moves differ: {lost}; "
          f"views still asking the same decision: {stats.stale}")  # fmt: skip
    print(f"CPU           server {stats.cpu[0]:.2f} cores, clients {stats.cpu[1]:.2f} cores "
          f"(of {psutil.cpu_count()})")  # fmt: skip
    print(f"server RSS    start {mb[0]:.1f} MB, warm {warm:.1f}, middle fifth {middle:.1f}, "
          f"last fifth {last:.1f}, end {mb[-1]:.1f}, max {max(mb):.1f} "
          f"({len(mb)} samples)")  # fmt: skip
    print("RSS trend     " + " ".join(f"{m:.0f}" for m in mb[:: max(1, len(mb) // 8)]) + " MB")
    for e in stats.errors[:5]:
        print(f"  error: {e}")
    if server_log:
        print("server log (last lines):\n  " + "\n  ".join(server_log.splitlines()[-10:]))
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'MISS'}  {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
