"""``trixsim serve`` in a real browser (Chromium through Playwright).

A real server (uvicorn, in a thread of this process, on 127.0.0.1 and a free port) with
bots that move at once and a grace of 2 s; the pages are driven only through the
automation hooks of ``docs/web.md`` (``data-state``, ``data-card``/``data-legal``,
``data-contract``, ``data-action``, ``data-share-link``). The tests read the server's
tables (in this process, on its event loop) to know whose turn it is and to check what
the pages show against what the server knows.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from sim.core.registry import get  # noqa: E402
from sim.web import views  # noqa: E402
from sim.web.app import create_app  # noqa: E402
from sim.web.guard import Limits  # noqa: E402
from tests.web.test_views import symbols_as_notation  # noqa: E402

pytestmark = pytest.mark.slow  # not in make test-quick

CHROMIUM = "/usr/bin/chromium"
GRACE = 2.0  # seconds a person may be away before his seat's bot plays for him
WAIT = 60_000  # ms any one expected change may take (bots compile on first use)
# the README's screenshot is taken only when asked for (TRIXSIM_SCREENSHOT=docs/table.png):
# a test run writes nothing into the checkout
SCREENSHOT = os.environ.get("TRIXSIM_SCREENSHOT")
CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])")
OVER = re.compile(r"Contract (\d+) is over\.")
MOVE = re.compile(r"(you|.*\(seat (\d)\)) (?:play|plays|lay|lays) (\w\w)$")
SEATS = [{"name": "x", "kind": "bot", "connected": True}] * 4

if shutil.which(CHROMIUM) is None:  # a missing browser fails the run, it is never skipped
    raise RuntimeError(f"the browser tests need Debian's Chromium at {CHROMIUM}: "
                       "apt-get install -y chromium (.ci/run does)")  # fmt: skip

# test instrumentation, in every page before its own scripts: the page's WebSockets (so a
# test can cut them as a lost network would) and a count of the errors the server sent
INIT = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.__errors = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
      this.addEventListener("message", (e) => {
        try { if (JSON.parse(e.data).type === "error") window.__errors++; } catch (err) {}
      });
    }
  };
})();
"""

# what the page shows, in one string: it changes when anything the player sees changes
SIG = """() => [document.documentElement.dataset.state,
  [...document.querySelectorAll('#hand [data-card]')].map((b) => b.dataset.card + b.dataset.legal)
    .join(),
  document.getElementById('ask').textContent, document.getElementById('center').textContent,
  document.getElementById('log').textContent, window.__errors].join('|')"""


# -- the server ----------------------------------------------------------------------------
class Server:
    """uvicorn serving ``create_app`` in a thread; :meth:`call` runs a function on its loop."""

    def __init__(self, data: Path):
        # known deals at tables of several persons; every page from one address
        self.app = create_app(data, grace=GRACE, bot_delay=0, chosen_seeds=True,
                              limits=Limits(new_tables=10_000))  # fmt: skip
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=64 * 1024)
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_until_complete, args=(self.server.serve([sock]),), daemon=True
        )
        self.thread.start()
        wait_until(lambda: self.server.started, 30, "the server did not start")

    def call(self, fn):
        async def run():
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def table(self, table_id: str):
        return self.call(lambda: self.app.state.hall.tables[table_id])

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def said(card: str) -> str:
    """A card as the table's words write it: ``TS`` -> ``10♠``."""
    return ("10" if card[0] == "T" else card[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


def wait_until(cond, timeout: float = WAIT / 1000, what: str = "timed out") -> None:
    """Polls ``cond`` (the server's state) every 20 ms until it holds."""
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, what
        time.sleep(0.02)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("web") / "data")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )
        yield b
        b.close()


@pytest.fixture
def new_context(browser):
    made = []

    def make():
        ctx = browser.new_context(viewport={"width": 900, "height": 700})
        ctx.set_default_timeout(WAIT)
        ctx.add_init_script(INIT)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


# -- the page ------------------------------------------------------------------------------
def state(page) -> str:
    return page.evaluate("document.documentElement.dataset.state")


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "bs => bs.map((b) => b.dataset.card)")


def open_new_table(page, server: Server, seed: int) -> str:
    """The lobby's new table (Trix, greedy bots, this seed); returns the table's id."""
    page.goto(server.url + "/")
    page.fill("#seed", str(seed))
    page.click('[data-action="new-table"]')
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_selector("#hand [data-card]")
    return page.url.rsplit("/", 1)[1]


def drag_to_table(page, card) -> None:
    """Plays ``card`` by dragging it with the mouse onto the felt."""
    box, felt = card.bounding_box(), page.locator("#felt").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2, steps=8)
    page.mouse.up()


def take_turn(page, contract=None, double=False, drag=False) -> str:
    """Answers what the page asks (a contract, the K♥ offer, a pass, a card: the first legal
    one, tapped or dragged); returns what it did, once the page has changed."""
    before = page.evaluate(SIG)
    done = "nothing"
    try:
        if page.locator("[data-contract]").count():
            wanted = page.locator(f'[data-contract="{contract}"]')
            button = (
                wanted if contract and wanted.count() else page.locator("[data-contract]").first
            )
            done = "contract " + button.get_attribute("data-contract")
            button.click()
        elif page.locator('[data-action="double"]').count():
            done = "double" if double else "no-double"
            page.click(f'[data-action="{done}"]')
        elif page.locator('[data-action="pass"]').count():
            done = "pass"
            page.click('[data-action="pass"]')
        else:
            card = page.locator('#hand [data-card][data-legal="true"]').first
            done = card.get_attribute("data-card", timeout=5000)
            if drag:
                drag_to_table(page, card)
                done = "drag " + done
            else:
                card.click(timeout=5000)
        page.wait_for_function(f"(b) => ({SIG})() !== b", arg=before, timeout=15000)
    except PlaywrightTimeout:  # a view came meanwhile; the caller looks again
        return "nothing"
    return done


def play(server: Server, table_id: str, pages: dict, until, timeout: float = 90, **how) -> list:
    """Plays the seats of ``pages`` (seat -> page) on their turns until ``until()`` holds;
    returns what each turn did, as (seat, what)."""
    table = server.table(table_id)
    end = time.monotonic() + timeout
    did = []
    while not server.call(until):
        assert time.monotonic() < end, f"the table did not get there; did {did[-8:]}"
        seat, seq = server.call(lambda: (table.game.to_act, table.seq))  # at one moment
        page = pages.get(seat)
        if page is None:  # a bot's (or an away person's) turn: until the table moves

            def moved(seq=seq) -> bool:
                return server.call(lambda: table.seq != seq or until())

            wait_until(moved, what=f"seat {seat} does not play")
            continue
        try:
            page.wait_for_selector("html[data-state='your-turn']", timeout=10000)
        except PlaywrightTimeout:
            continue
        did.append((seat, take_turn(page, **how)))
    return did


def server_hand(server: Server, table_id: str, seat: int) -> list[str]:
    table = server.table(table_id)
    return server.call(lambda: views.hand_cards(table.game, seat))


def contract_no(server: Server, table_id: str) -> int:
    table = server.table(table_id)
    return server.call(lambda: len(table.game.deal_rows)) + 1


# -- the tests -----------------------------------------------------------------------------
def test_a_person_and_three_bots_play_a_contract_tapping_and_dragging(server, new_context):
    page = new_context().new_page()
    table_id = open_new_table(page, server, seed=3)  # seat 0 chooses first and holds K♥
    table = server.table(table_id)
    expect(page.locator("html")).to_have_attribute("data-state", "your-turn")
    expect(page.locator('[data-contract="king"]')).to_be_visible()
    assert take_turn(page, contract="king") == "contract king"
    expect(page.locator('[data-action="double"]')).to_be_visible()  # K♥ at his first turn
    assert take_turn(page, double=True) == "double"
    expect(page.locator("#hand [data-card][data-legal='true']").first).to_be_visible()
    look = page.locator('[data-action="last-trick"]')
    expect(look).to_be_disabled()  # no trick taken yet in this contract (#29.10)
    cards = hand(page)
    played = take_turn(page, drag=True)
    assert played.startswith("drag "), played
    card = played.split()[1]
    assert card not in hand(page) and len(hand(page)) == len(cards) - 1
    assert (0, card) in server.call(lambda: [(s, t) for s, _, t in table.moves])
    expect(page.locator("#log")).to_contain_text(f"you play {said(card)}")  # #29.8

    play(server, table_id, {0: page}, lambda: len(table.moves) >= 8)
    expect(look).to_be_enabled()
    look.click()
    expect(page.locator("#overlay")).to_be_visible(timeout=700)  # at once, not behind a hold
    expect(look).to_contain_text("1 left")
    page.click("#overlay-close")
    shot = page.screenshot(path=SCREENSHOT)  # the table in mid-game (the README's picture)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"

    play(server, table_id, {0: page}, lambda: len(table.game.deal_rows) >= 1)
    expect(page.locator("#log")).to_contain_text("Contract 1 is over. Totals: you ")
    totals = server.call(lambda: list(table.game.totals))
    assert any(totals) and sum(totals) != 0
    expect(page.locator("#title")).to_contain_text("contract 2/28")
    expect(page.locator("#seats")).to_contain_text(f"total {totals[0]}")


def test_two_friends_share_a_table_and_one_comes_back_after_going_offline(server, new_context):
    a, b = new_context(), new_context()
    pa, pb = a.new_page(), b.new_page()
    table_id = open_new_table(pa, server, seed=1)  # seat 0 chooses first
    table = server.table(table_id)
    link = pa.locator("[data-share-link]")
    expect(link).to_have_attribute("href", re.compile(rf"/t/{table_id}$"))
    assert link.inner_text().endswith(f"/t/{table_id}")
    pb.goto(link.get_attribute("href"))
    pb.wait_for_selector("#hand [data-card]")
    expect(pb.locator(".seat.mine")).to_have_attribute("data-seat", "1")
    expect(pa.locator('.seat[data-seat="1"]')).to_contain_text("guest")
    expect(pb.locator("#namebar")).to_be_visible()  # a person with no name is asked for one
    pb.fill("#myname", "Bo")
    pb.locator("#namebar button").click()
    expect(pa.locator('.seat[data-seat="1"]')).to_contain_text("Bo")  # #29.8: shown to all
    expect(pb.locator("#namebar")).to_be_hidden()
    ha, hb = hand(pa), hand(pb)
    assert ha == server_hand(server, table_id, 0) and hb == server_hand(server, table_id, 1)
    assert len(ha) == len(hb) == 8 and not set(ha) & set(hb)

    # into the contract, to a turn of seat 0
    pages = {0: pa, 1: pb}
    play(server, table_id, pages, lambda: len(table.moves) >= 6 and table.game.to_act == 0,
         contract="queens")  # fmt: skip
    moves = server.call(lambda: len(table.moves))

    a.set_offline(True)  # WebSockets ignore it (Playwright #4910): cut them as the loss would
    pa.evaluate("window.__sockets.forEach((s) => s.close())")
    # B plays on; after the grace the bot plays seat 0's turn for him
    play(server, table_id, {1: pb}, lambda: any(s == 0 for s, _, _ in table.moves[moves:]),
         timeout=GRACE + 60)  # fmt: skip
    bot_move = server.call(lambda: next(t for s, _, t in table.moves[moves:] if s == 0))
    expect(pb.locator('.seat[data-seat="0"]')).to_contain_text("away")

    a.set_offline(False)
    pa.reload()
    pa.wait_for_selector("#hand [data-card]")
    expect(pa.locator(".seat.mine")).to_have_attribute("data-seat", "0")
    expect(pb.locator('.seat[data-seat="0"]')).not_to_contain_text("away")
    held = server_hand(server, table_id, 0)
    assert bot_move not in held
    expect(pa.locator("#hand [data-card]")).to_have_count(len(held))
    assert hand(pa) == held
    # and it plays on from its seat
    n = server.call(lambda: len(table.moves))
    play(server, table_id, pages, lambda: any(s == 0 for s, _, _ in table.moves[n:]))


def test_a_card_tapped_while_waiting_is_played_at_its_turn(server, new_context):
    a, b = new_context(), new_context()
    pa, pb = a.new_page(), b.new_page()
    table_id = open_new_table(pa, server, seed=1)  # seat 0 chooses first
    table = server.table(table_id)
    for seat in (1, 2):  # persons who never come: their bots play after the grace
        r = pa.request.post(f"{server.url}/api/tables/{table_id}/join", data={},
                            headers={"content-type": "application/json"})  # fmt: skip
        assert r.json()["seat"] == seat
    pb.goto(f"{server.url}/t/{table_id}")
    expect(pb.locator(".seat.mine")).to_have_attribute("data-seat", "3")  # B plays before A
    pages = {0: pa, 3: pb}

    def b_to_lead_or_follow() -> bool:  # B's turn in a trick seat 0 has not played in yet
        g = table.game
        v = views.view_for(g, 3, seats=SEATS, log=[])
        return g.to_act == 3 and v["prompt"] == "card" and v["trick"][0] is None

    end = time.monotonic() + 90
    while True:
        assert time.monotonic() < end, "no turn of B that A could pre-select for"
        play(server, table_id, pages, b_to_lead_or_follow, contract="tricks")
        vb = server.call(lambda: views.view_for(table.game, 3, seats=SEATS, log=[]))
        led = next((c for c in vb["trick"] if c), None)
        mine = server_hand(server, table_id, 0)
        if led is None:  # B leads: a suit A holds
            lead = next((c for c in vb["card_actions"] if any(m[1] == c[1] for m in mine)), None)
            suit = lead and lead[1]
        else:
            lead, suit = None, led[1]
        pick = next((m for m in mine if m[1] == suit), None) if suit else None
        if pick is not None:
            break
        take_turn(pb)  # no card of A surely legal then: B plays and we look again

    expect(pa.locator("html")).to_have_attribute("data-state", "waiting")
    moves = server.call(lambda: len(table.moves))
    pa.click(f'#hand [data-card="{pick}"]')
    expect(pa.locator(f'#hand [data-card="{pick}"]')).to_have_attribute("aria-pressed", "true")
    names = views.card_names(table.game)
    wait_until(lambda: server.call(lambda: names.get(table.preselect.get(0))) == pick, 10)
    assert server.call(lambda: len(table.moves)) == moves  # nothing played yet
    expect(pb.locator("html")).to_have_attribute("data-state", "your-turn")
    b_card = lead or pb.locator('#hand [data-card][data-legal="true"]').first.get_attribute(
        "data-card"
    )
    pb.click(f'#hand [data-card="{b_card}"]')
    wait_until(lambda: any(s == 0 for s, _, _ in table.moves[moves:]), 30, "A has not played")
    assert server.call(lambda: next(t for s, _, t in table.moves[moves:] if s == 0)) == pick
    expect(pa.locator(f'#hand [data-card="{pick}"]')).to_have_count(0)
    expect(pa.locator("#log")).to_contain_text(f"you play {said(pick)}")


def test_an_illegal_tap_is_refused_with_the_rule(server, new_context):
    page = new_context().new_page()
    table_id = open_new_table(page, server, seed=1)
    table = server.table(table_id)

    def must_follow() -> bool:  # seat 0's turn, and a card of his he may not play
        v = views.view_for(table.game, 0, seats=SEATS, log=[])
        return (
            v["state"] == "your-turn" and v["prompt"] == "card" and len(v["legal"]) < len(v["hand"])
        )

    end = time.monotonic() + 90
    while True:
        assert time.monotonic() < end, "no turn with an illegal card"
        play(server, table_id, {0: page}, must_follow, contract="diamonds")
        try:
            page.wait_for_selector('#hand [data-card][data-legal="false"]', timeout=10000)
            expect(page.locator("html")).to_have_attribute("data-state", "your-turn")
            break
        except (PlaywrightTimeout, AssertionError):
            continue
    moves = server.call(lambda: len(table.moves))
    cards = hand(page)
    bad = page.locator('#hand [data-card][data-legal="false"]').first
    card = bad.get_attribute("data-card")
    bad.click()
    error = page.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(card)
    expect(error).to_contain_text(re.compile(r"must follow \w+ \(R\d+(\.\d+)*\)"))
    assert hand(page) == cards and state(page) == "your-turn"
    assert server.call(lambda: len(table.moves)) == moves


def test_a_seat_receives_no_other_seats_unplayed_cards(server, new_context):
    page = new_context().new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    table_id = open_new_table(page, server, seed=1)  # seat 0 chooses first; trix is allowed
    table = server.table(table_id)
    play(server, table_id, {0: page}, lambda: len(table.game.deal_rows) >= 1, contract="trix")
    expect(page.locator("#log")).to_contain_text("Contract 1 is over")
    seed, moves = server.call(lambda: (table.seed, list(table.moves)))

    # every seat's hand at each point of the game, keyed as a view shows where it is
    game = get("trix").part("api").GAME.new(seed, 0)
    hands = {}

    def note() -> None:
        pub = views.view_for(game, None, seats=SEATS, log=[])["public"]
        key = (pub["contract_no"], tuple(pub["cards_left"]))
        hands[key] = [views.hand_cards(game, s) for s in range(4)]

    played = set()  # (contract, seat, card) of every move
    note()
    for seat, action, text in moves:
        played.add((len(game.deal_rows) + 1, seat, text))
        game.apply(action)
        note()

    checked = 0
    for text in frames:
        if isinstance(text, bytes):
            text = text.decode()
        msg = json.loads(text)
        if msg["type"] != "view":
            continue
        v = msg["view"]
        assert v["seat"] == 0
        key = (v["public"]["contract_no"], tuple(v["public"]["cards_left"]))
        assert key in hands, key
        held = hands[key]
        assert v["hand"] == held[0]
        others = {c for s in (1, 2, 3) for c in held[s]}
        shown = json.dumps(dict(v, log=[]))
        lines = [symbols_as_notation(line) for line in v["log"]]  # 10♠ as TS
        over = OVER.match(lines[1]) if len(lines) > 1 else None
        if over and (last := MOVE.match(lines[0])):  # the last card of the contract before
            seat, card, number = int(last[2] or 0), last[3], int(over[1])
            assert number == key[0] - 1 and (number, seat, card) in played, lines
            lines = lines[1:]
        shown += " ".join(lines)
        leaked = others & set(CARD.findall(shown))
        assert not leaked, (leaked, v)
        checked += 1
    assert checked >= 10


def touch_drag_to_table(page, card) -> None:
    """Plays ``card`` by dragging it onto the felt with a finger (Chromium's touch events,
    through the DevTools protocol: Playwright's touchscreen only taps)."""
    box, felt = card.bounding_box(), page.locator("#felt").bounding_box()
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    x1, y1 = felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, *points) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": list(points)})

    touch("touchStart", {"x": x0, "y": y0})
    for k in range(1, 9):
        touch("touchMove", {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8})
    # the finger rests before it lifts, as on the felt: a lift at speed starts Chromium's
    # fling, and the next tap within it only stops the fling (no click)
    time.sleep(0.15)
    touch("touchMove", {"x": x1, "y": y1})
    time.sleep(0.15)
    touch("touchEnd")
    cdp.detach()


def test_on_a_phone_a_card_is_tapped_or_dragged_with_a_finger(server, browser):
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                is_mobile=True, device_scale_factor=2)  # fmt: skip
    phone.set_default_timeout(WAIT)
    phone.add_init_script(INIT)
    try:
        page = phone.new_page()
        table_id = open_new_table(page, server, seed=3)  # seat 0 chooses first and holds K♥
        table = server.table(table_id)
        for b in page.locator("#hand [data-card]").all():  # the whole hand on the screen
            box = b.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        page.locator('[data-contract="king"]').tap()
        page.locator('[data-action="no-double"]').tap()
        for how in ("drag", "tap"):
            page.wait_for_selector("html[data-state='your-turn'] #hand [data-legal='true']")
            n = server.call(lambda: len(table.moves))
            card = page.locator('#hand [data-card][data-legal="true"]').first
            name = card.get_attribute("data-card")
            if how == "drag":
                touch_drag_to_table(page, card)
            else:
                card.tap()
            wait_until(lambda n=n: server.call(lambda: len(table.moves)) > n, 15, how)
            assert server.call(lambda n=n: table.moves[n][::2]) == (0, name), how
            expect(page.locator(f'#hand [data-card="{name}"]')).to_have_count(0)
            play(server, table_id, {}, lambda: table.game.to_act == 0)  # the bots' cards
    finally:
        phone.close()


def test_the_lobby_deals_the_seed_typed_and_lists_the_tables_by_game(server, new_context):
    """#47.9: the lobby read the seed with Number(), so 9007199254740993 dealt seed ...992
    and 18446744073709551615 was refused; the digits now go to the server as typed.
    #47.13: "Your tables on this device" listed bare ids."""
    page = new_context().new_page()
    for seed in (9007199254740993, 2**64 - 1):
        table_id = open_new_table(page, server, seed)
        assert server.table(table_id).seed == seed
    page.goto(server.url + "/")
    entry = page.locator("#mine-list li").first  # the newest: the last one made
    expect(entry).to_have_text(re.compile(rf"^Trix .* · .*\({table_id}\)$"))  # game, when, id
    expect(entry.locator("a")).to_have_attribute("href", f"/t/{table_id}")


def test_a_friend_at_a_chosen_seed_table_is_told_why_he_only_watches(server, new_context):
    """#47.9: he read "every seat has a player", which was false; the real reason showed
    for 7 s and vanished. It now stays where the hand would be."""
    a, b = new_context().new_page(), new_context().new_page()
    open_new_table(a, server, seed=5)
    hall = server.app.state.hall
    hall.chosen_seeds = False  # as a server started without --chosen-seeds
    try:
        b.clock.install()
        b.goto(a.url)
        note = b.locator("#hand .note")
        expect(note).to_contain_text("seats no other person")
        b.clock.fast_forward(8_000)  # the error box is gone by now; the reason is not
        expect(note).to_contain_text("seats no other person")
        expect(note).not_to_contain_text("every seat has a player")
    finally:
        hall.chosen_seeds = True
