"""The server of ``trixsim serve`` (sim.web.app, sim.web.tables): tables, seats, moves.

Each test runs the Starlette app in-process (its TestClient) over a temporary data
folder, with bots that move at once (``bot_delay=0``) and a short grace where the
test is about it.
"""

import hashlib
import json
import logging
import socket
import sqlite3
import time

import anyio
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sim.core.registry import get
from sim.games.trix.cards import CARD_NAMES
from sim.web.app import create_app
from sim.web.store import FILE
from sim.web.views import hand_cards
from tests.run_files import trixsim

TRIX = get("trix")
SEED = 7
WAIT = 60.0  # seconds any one expected message may take (bots compile on first use)


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def quiet_log(caplog):
    """Fails the test if anything logs an error or a traceback (a client's mistake must not)."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


def server(data, grace=20.0, bot_delay=0.0) -> TestClient:
    """The app; its tables may seat persons at a chosen seed (the tests deal known cards)."""
    return TestClient(create_app(data, grace=grace, bot_delay=bot_delay, chosen_seeds=True))


def new_table(client, **body) -> dict:
    r = client.post("/api/tables", json={"game": "trix", "bots": "greedy", "seed": SEED, **body})
    assert r.status_code == 200, r.text
    return r.json()


def table_of(client, table_id):
    return client.app.state.hall.tables[table_id]


def recv(ws, timeout: float = WAIT) -> dict:
    """The next message, or a failure after ``timeout`` seconds (TestClient has no timeout)."""

    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    msg = ws.portal.call(get)
    ws._raise_on_close(msg)
    return json.loads(msg["text"])


def view_until(ws, pred=lambda v: True, timeout: float = WAIT) -> dict:
    """The first view for which ``pred`` holds (earlier views are skipped; errors fail)."""
    deadline = time.monotonic() + timeout
    while True:
        msg = recv(ws, max(0.1, deadline - time.monotonic()))
        assert msg["type"] == "view", msg
        if pred(msg["view"]):
            return msg["view"]


def next_error(ws) -> str:
    """The next error's message (views before it are skipped)."""
    while True:
        msg = recv(ws)
        if msg["type"] == "error":
            return msg["message"]


def wait_for(cond, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def turn(table, seats) -> int | None:
    """The seat of ``seats`` to act, once no move is being made (None otherwise)."""
    seat = table.game.to_act
    if seat in seats and not table.lock.locked() and table.game.to_act == seat:
        return seat
    return None


def play(table, sockets: dict, until, timeout: float = WAIT) -> None:
    """Each person (``sockets``: seat -> his WebSocket) plays his first legal action at his
    turns, until ``until()`` holds; the bots play the other seats."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "timed out"
        seat = turn(table, sockets)
        if seat is not None:
            n = len(table.moves)
            action = table.game.event_name(table.game.legal_actions()[0])
            sockets[seat].send_json({"type": "act", "action": action})
            wait_for(lambda n=n: len(table.moves) > n)
        else:
            time.sleep(0.005)


def my_turn(ws) -> dict:
    return view_until(ws, lambda v: v["state"] in ("your-turn", "over"))


def connect(client, table_id, token=None):
    query = f"?token={token}" if token else ""
    return client.websocket_connect(f"/ws/{table_id}{query}")


def cards_held(view_json: str, cards: list[str]) -> list[str]:
    return [c for c in cards if f'"{c}"' in view_json]


# -- a table, its creator and his hand -------------------------------------------------------
def test_the_creator_sees_his_own_hand_only(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        assert t["seat"] == 0 and t["link"].endswith(f"/t/{t['table']}")
        assert client.get(t["link"]).status_code == 200
        fresh = TRIX.part("api").GAME.new(SEED, 0)
        with connect(client, t["table"], t["token"]) as ws:
            first = recv(ws)
            assert first["type"] == "view"
            view = first["view"]
            assert view["seat"] == 0 and set(view["hand"]) == set(hand_cards(fresh, 0))
            text = json.dumps(view)
            for other in (1, 2, 3):
                assert cards_held(text, hand_cards(fresh, other)) == []
            assert [s["kind"] for s in view["seats"]] == ["person", "bot", "bot", "bot"]
            assert view["seats"][0]["name"] == "guest" and view["seats"][0]["connected"]
            if view["state"] != "your-turn":  # the bots play up to his turn
                view = my_turn(ws)
            assert view["state"] == "your-turn" and view["legal"]


# -- refusals ---------------------------------------------------------------------------------
def test_every_refused_message_gets_one_error_and_changes_nothing(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        tid = t["table"]
        j = client.post(f"/api/tables/{tid}/join", json={}).json()
        assert j["seat"] == 1
        with connect(client, tid, t["token"]) as a, connect(client, tid, j["token"]) as b:
            table = table_of(client, tid)
            wait_for(lambda: turn(table, (0, 1)) is not None)  # a person's turn: bots wait
            seat, game = table.game.to_act, table.game
            mover, other = (a, b) if seat == 0 else (b, a)
            legal = [game.event_name(x) for x in game.legal_actions()]
            moves = len(table.moves)
            illegal = next(c for c in CARD_NAMES if c not in legal)
            other.send_json({"type": "act", "action": legal[0]})
            assert next_error(other) == f"it is not your turn: seat {seat} is to act"
            bad = [
                json.dumps({"type": "act", "action": illegal}),
                "{not json",
                json.dumps({"type": "act", "action": "x" * 5000}),
                json.dumps({"type": "dance"}),
                json.dumps(["act", "QS"]),
                json.dumps({"type": "act", "action": "zz"}),
                json.dumps({"type": "act"}),
            ]
            for raw in bad:
                mover.send_text(raw)
            words = [next_error(mover) for _ in bad]
            why = game.why_illegal(game.parse_action(illegal), who="you")
            assert words[0] == f"{illegal}: {why}"
            assert words[1].startswith("malformed JSON")
            assert "at most 4096 bytes" in words[2]
            assert words[3].startswith('unknown message type "dance"')
            assert words[4] == "a message must be a JSON object"
            assert words[5].startswith("unknown action 'zz'")
            assert words[6].startswith('"act" needs "action"')
            assert all("\n" not in w for w in words)
            assert len(table.moves) == moves and game.to_act == seat  # nothing applied
            mover.send_json({"type": "act", "action": legal[0]})
            assert recv(mover)["type"] == "view"  # the next message: no second error
            wait_for(lambda: len(table.moves) > moves)
            assert table.moves[moves][0] == seat and table.moves[moves][2] == legal[0]


def test_spectators_may_not_act(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"]) as ws:
            view = recv(ws)["view"]
            assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
            for msg in ({"type": "act", "action": "QS"}, {"type": "last_trick"}):
                ws.send_json(msg)
                assert next_error(ws).startswith("you are watching")


# -- tokens -------------------------------------------------------------------------------------
def test_a_forged_or_wrong_token_gets_no_seat(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        other = new_table(client, seed=8)
        token = t["token"]
        wrong = [token[:-1] + ("A" if token[-1] != "A" else "B"), other["token"], "x" * 500,
                 hashlib.sha256(token.encode()).hexdigest()]  # fmt: skip
        for forged in wrong:
            with connect(client, t["table"], forged) as ws:
                view = recv(ws)["view"]
                assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
        with connect(client, t["table"], token) as ws:
            assert recv(ws)["view"]["seat"] == 0
    with sqlite3.connect(data / FILE) as db:  # only the hash is stored
        rows = db.execute("SELECT token_sha256 FROM seats WHERE table_id = ?", (t["table"],))
        stored = [r[0] for r in rows]
    assert hashlib.sha256(token.encode()).hexdigest() in stored
    for file in data.iterdir():  # the database and its write-ahead log
        assert token.encode() not in file.read_bytes()


# -- joining ------------------------------------------------------------------------------------
def test_a_joining_person_takes_a_bot_seat_between_moves(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        tid = t["table"]
        with connect(client, tid, t["token"]) as a:
            table = table_of(client, tid)
            wait_for(lambda: turn(table, (0,)) == 0)
            before = len(table.moves)
            j = client.post(f"/api/tables/{tid}/join", json={"token": None}).json()
            assert j["seat"] == 1 and len(j["token"]) > 20
            assert len(table.moves) == before  # handed over between two moves
            seen = view_until(a, lambda v: v["seats"][1]["kind"] == "person")
            assert seen["seats"][1]["name"] == "guest" and not seen["seats"][1]["named"]
            again = client.post(f"/api/tables/{tid}/join", json={"token": j["token"]})
            assert again.json() == {"seat": 1, "token": j["token"]}
            with connect(client, tid, j["token"]) as b:
                view_b = recv(b)["view"]
                assert view_b["seat"] == 1 and view_b["hand"] == hand_cards(table.game, 1)
                play(table, {0: a}, lambda: turn(table, (1,)) == 1)
                n = len(table.moves)
                time.sleep(0.3)  # his seat now waits for him: no bot plays it
                assert len(table.moves) == n and table.game.to_act == 1
                play(table, {0: a, 1: b}, lambda: len(table.moves) > n)
                assert table.moves[n][0] == 1
            for seat in (2, 3):
                assert client.post(f"/api/tables/{tid}/join", json={}).json()["seat"] == seat
            assert client.post(f"/api/tables/{tid}/join", json={}).json() == {"seat": None}


def test_a_person_is_shown_away_when_his_grace_ends_not_at_the_next_move(data, quiet_log):
    """#47.11: the "away" badge waited for the next move; while another person thinks,
    that could be minutes."""
    with server(data, grace=0.5) as client:
        t = new_table(client)
        tid = t["table"]
        with connect(client, tid, t["token"]) as a:
            table = table_of(client, tid)
            wait_for(lambda: turn(table, (0,)) == 0)  # his turn: nothing moves until he does
            j = client.post(f"/api/tables/{tid}/join", json={"token": None}).json()
            with connect(client, tid, j["token"]) as b:
                recv(b)
            n, deadline = len(table.moves), time.monotonic() + 5
            while True:  # his views (pings skipped) until one shows seat 1 away
                msg = recv(a, max(0.1, deadline - time.monotonic()))
                if msg["type"] == "view" and msg["view"]["seats"][1]["away"]:
                    break
            assert msg["view"]["seats"][1]["kind"] == "person" and len(table.moves) == n


def test_people_have_the_names_they_choose_kept_through_a_restart(data, quiet_log):  # #29.8
    with server(data) as client:
        t = new_table(client, name="  Ann   Lee ")
        tid = t["table"]
        bad = client.post(f"/api/tables/{tid}/join", json={"name": "x" * 25})
        assert bad.status_code == 400 and "1 to 24 printable" in bad.json()["error"]
        j = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()
        with connect(client, tid, t["token"]) as a, connect(client, tid, j["token"]) as b:
            seen = view_until(a, lambda v: v["seats"][1]["kind"] == "person")
            assert [s["name"] for s in seen["seats"][:2]] == ["Ann Lee", "Bo"]
            assert seen["seats"][0]["named"] and seen["seats"][1]["named"]
            b.send_json({"type": "name", "name": "Bo\x07b"})  # a bell: not printable
            assert "printable" in next_error(b)
            b.send_json({"type": "name", "name": "Bob"})
            view_until(a, lambda v: v["seats"][1]["name"] == "Bob")
            table = table_of(client, tid)
            play(table, {0: a, 1: b}, lambda: len(table.moves) >= 2)
            log = view_until(b, lambda v: len(v["log"]) >= 2)["log"]
            assert log[0].startswith(("Ann Lee chooses", "you choose")), log  # R3.2, by name
    with server(data) as client, connect(client, tid, j["token"]) as b:  # names are kept
        assert [s["name"] for s in recv(b)["view"]["seats"][:2]] == ["Ann Lee", "Bob"]


# -- the grace period -------------------------------------------------------------------------
def test_an_away_persons_seat_is_played_by_its_bot_until_he_is_back(data, quiet_log):
    with server(data, grace=0.3) as client:
        t = new_table(client)
        table = None
        with connect(client, t["table"]) as watcher:
            with connect(client, t["table"], t["token"]) as ws:
                my_turn(ws)
                table = table_of(client, t["table"])
                n = len(table.moves)
            # gone: after the grace his bot plays his seat, the table shows him away
            away = view_until(watcher, lambda v: v["seats"][0]["away"])
            assert not away["seats"][0]["connected"]
            view_until(watcher, lambda v: any(s == 0 for s, _, _ in table.moves[n:]))
            with connect(client, t["table"], t["token"]) as ws:
                view = recv(ws)["view"]
                now = hand_cards(table.game, 0)  # a move his bot began before he was back
                played = set(view["hand"]) - set(now)  # may land after the view: one card
                assert view["seat"] == 0 and set(now) <= set(view["hand"]) and len(played) <= 1
                assert view["seats"][0]["connected"] and not view["seats"][0]["away"]
                if view["state"] != "your-turn":
                    view = my_turn(ws)
                moves = len(table.moves)
                time.sleep(0.6)  # longer than the grace: he is here, so nobody plays for him
                assert len(table.moves) == moves and table.game.to_act == 0


# -- restart ------------------------------------------------------------------------------------
def test_every_move_a_client_has_been_shown_is_on_disk(data, quiet_log, monkeypatch):
    import sim.web.hall

    monkeypatch.setattr(sim.web.hall, "COMMIT_AFTER", 3600.0)  # only the commit before a send
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            for _ in range(4):
                view = my_turn(ws)  # the bots wait for seat 0: nothing moves meanwhile
                n = len(table_of(client, t["table"]).moves)
                with sqlite3.connect(data / FILE) as db:  # what a crash now would leave
                    stored = db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?",
                                        (t["table"],)).fetchone()[0]  # fmt: skip
                assert stored == n and n > 0
                ws.send_json({"type": "act", "action": view["legal"][0]})


def test_a_persons_move_is_shown_to_him_before_the_bots_answer_it(data, quiet_log):
    """The answer to a move is the view of that move and of no bot's after it (his writer
    runs before his table's next bot move), also once the bots decide on the event loop."""
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            for _ in range(15):
                msg = recv(ws)
                while msg["view"]["state"] == "waiting":
                    msg = recv(ws)
                view = msg["view"]
                if view["state"] == "over":
                    break
                ws.send_json({"type": "act", "action": view["legal"][0]})
                shown = recv(ws)
                assert shown["type"] == "view" and shown["seq"] == msg["seq"] + 1
                if view["legal"][0] in view["hand"]:  # a card (not a contract)
                    assert view["legal"][0] not in shown["view"]["hand"]
                    assert len(shown["view"]["hand"]) == len(view["hand"]) - 1
        assert client.app.state.hall.quick.on_loop(("trix", "greedy"))  # were on the loop


def test_a_restart_brings_back_tables_seats_and_moves(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            for _ in range(3):
                view = my_turn(ws)
                ws.send_json({"type": "act", "action": view["legal"][0]})
            my_turn(ws)
            table = table_of(client, t["table"])
            moves, hands = list(table.moves), table.game.hands()
            totals, log = table.game.totals, list(table.log)
    with server(data) as client:  # a new app on the same folder
        assert client.get(f"/t/{t['table']}").status_code == 200
        table = table_of(client, t["table"])
        assert table.moves == moves and table.game.hands() == hands
        assert table.game.totals == totals and table.log == log
        with connect(client, t["table"], t["token"]) as ws:
            view = recv(ws)["view"]
            assert view["seat"] == 0 and view["state"] == "your-turn"
            assert view["hand"] == hand_cards(table.game, 0)
            ws.send_json({"type": "act", "action": view["legal"][0]})
            view_until(ws, lambda v: len(table.moves) > len(moves))
        r = client.post(f"/api/tables/{t['table']}/join", json={"token": t["token"]})
        assert r.json() == {"seat": 0, "token": t["token"]}


def test_a_table_nobody_watches_is_forgotten_and_rebuilt_on_the_next_visit(data, monkeypatch):
    import sim.web.hall

    monkeypatch.setattr(sim.web.hall, "IDLE", 0.2)
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            view = my_turn(ws)
            moves = list(table_of(client, t["table"]).moves)
        wait_for(lambda: t["table"] not in client.app.state.hall.tables, 5)
        with connect(client, t["table"], t["token"]) as ws:
            again = recv(ws)["view"]
            assert again["hand"] == view["hand"] and again["state"] == "your-turn"
            assert table_of(client, t["table"]).moves == moves


# -- the record ---------------------------------------------------------------------------------
def test_a_finished_games_record_replays(data, tmp_path, quiet_log):
    with server(data, grace=0) as client:  # nobody comes: the bots play every seat
        t = new_table(client, bots="random")
        r = client.get(f"/t/{t['table']}/record")
        assert r.status_code == 409 and "not over" in r.json()["error"]
        with connect(client, t["table"]) as watcher:
            final = view_until(watcher, lambda v: v["state"] == "over", 300)
        assert final["result"]["ranks"]
        # a finished table nobody watches leaves memory at once; its record is read back
        # from the store
        wait_for(lambda: t["table"] not in client.app.state.hall.tables, 5)
        r = client.get(f"/t/{t['table']}/record")
        assert r.status_code == 200 and r.text.endswith("\n")
        assert json.loads(r.text)["bots"] == ["human", "random", "random", "random"]
    path = tmp_path / "game.jsonl"
    path.write_text(r.text)
    out = trixsim("replay", str(path))
    assert out.returncode == 0 and "all follow the rules" in out.stdout, out.stdout + out.stderr


# -- the last trick and pre-selection ---------------------------------------------------------
def test_the_last_trick_may_be_seen_twice_per_contract(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            view = my_turn(ws)
            ws.send_json({"type": "last_trick"})
            err = recv(ws)
            assert err["type"] == "error" and "no trick" in err["message"]
            while not any("takes trick" in line for line in view["log"]):
                ws.send_json({"type": "act", "action": view["legal"][0]})
                view = view_until(ws, lambda v: v["state"] == "your-turn" and v["log"], 60)
            shown = []
            for _ in range(2):
                ws.send_json({"type": "last_trick"})
                shown.append(recv(ws)["view"]["last_trick"])
            assert [s["looks_left"] for s in shown] == [1, 0]
            assert len([c for c in shown[0]["cards"] if c]) == 4 and shown[0]["winner"] in range(4)
            ws.send_json({"type": "last_trick"})
            err = recv(ws)
            assert err["type"] == "error" and "R4.4" in err["message"]


def test_a_restart_keeps_the_looks_at_the_last_trick_and_a_preselected_card(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            view = my_turn(ws)
            while not any("takes trick" in line for line in view["log"]):
                ws.send_json({"type": "act", "action": view["legal"][0]})
                view = view_until(ws, lambda v: v["state"] == "your-turn" and v["log"], 60)
            ws.send_json({"type": "last_trick"})
            assert view_until(ws, lambda v: v.get("last_trick"))["last_trick"]["looks_left"] == 1
    slow = server(data, bot_delay=30)  # a bot waits after its move
    with slow as client, connect(client, t["table"], t["token"]) as ws:
        ws.send_json({"type": "last_trick"})  # the second look of two (R4.4), not the first
        assert view_until(ws, lambda v: v.get("last_trick"))["last_trick"]["looks_left"] == 0
        ws.send_json({"type": "last_trick"})
        assert "R4.4" in next_error(ws)
        table = table_of(client, t["table"])
        assert table.game.to_act == 0  # the table waited for its person
        ws.send_json(
            {"type": "act", "action": table.game.event_name(table.game.legal_actions()[0])}
        )
        wait_for(lambda: table.game.to_act not in (0, 1))  # seat 1 has played; 2 waits 30 s
        card = hand_cards(table.game, 0)[-1]
        ws.send_json({"type": "preselect", "action": card})
        assert view_until(ws, lambda v: v["preselect"] is not None)["preselect"] == card
    slow = TestClient(create_app(data, grace=20, bot_delay=30, chosen_seeds=True))
    with slow as client, connect(client, t["table"], t["token"]) as ws:
        assert recv(ws)["view"]["preselect"] == card  # seat 2 or 3 to act: still waiting


def test_a_preselected_card_is_played_at_its_turn_if_still_legal(data, quiet_log):
    with server(data) as client:
        t = new_table(client)
        with connect(client, t["table"], t["token"]) as ws:
            table = table_of(client, t["table"])
            game = table.game
            wait_for(lambda: turn(table, (0,)) == 0)
            mine = hand_cards(game, 0)
            ws.send_json({"type": "preselect", "action": next(c for c in CARD_NAMES
                                                               if c not in mine)})  # fmt: skip
            assert "you do not hold" in next_error(ws)

            def must_follow() -> bool:  # my turn, a card to play, and a held card that may not
                if turn(table, (0,)) != 0:
                    return False
                legal = [game.event_name(a) for a in game.legal_actions()]
                held = hand_cards(game, 0)
                return any(c in held for c in legal) and any(c not in legal for c in held)

            play(table, {0: ws}, must_follow, timeout=120)
            legal = [game.event_name(a) for a in game.legal_actions()]
            held = hand_cards(game, 0)
            n = len(table.moves)
            wrong = next(c for c in held if c not in legal)
            ws.send_json({"type": "preselect", "action": wrong})
            assert next_error(ws).startswith(f"your pre-selected {wrong} cannot be played: ")
            assert len(table.moves) == n and game.to_act == 0 and not table.preselect
            right = next(c for c in held if c in legal)
            ws.send_json({"type": "preselect", "action": right})
            wait_for(lambda: len(table.moves) > n)
            assert table.moves[n][0] == 0 and table.moves[n][2] == right
            ws.send_json({"type": "preselect", "action": None})
            view = view_until(ws, lambda v: v["preselect"] is None and right not in v["hand"])
            assert view["seat"] == 0


# -- a flood ------------------------------------------------------------------------------------
def test_a_flooding_client_is_closed_and_other_tables_play_on(data, quiet_log):
    with server(data) as client:
        t1, t2 = new_table(client), new_table(client, seed=8)
        with connect(client, t2["table"], t2["token"]) as calm:
            view = my_turn(calm)
            with connect(client, t1["table"], t1["token"]) as flood:
                recv(flood)
                for _ in range(300):
                    flood.send_json({"type": "last_trick"})
                errors = 0
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        msg = recv(flood, 10)
                        errors += msg["type"] == "error"
                assert closed.value.code == 1008 and errors >= 1
                assert msg["message"].startswith("too many messages: at most 50 a second")
            start = time.monotonic()
            calm.send_json({"type": "act", "action": view["legal"][0]})
            assert recv(calm)["type"] == "view" and time.monotonic() - start < 5
            assert len(table_of(client, t2["table"]).moves) >= 1


# -- HTTP ---------------------------------------------------------------------------------------
def test_bad_requests_get_one_line_errors(data, quiet_log):
    with server(data) as client:
        cases = [
            ({"game": "chess"}, "unknown game 'chess'"),
            ({"bots": "nobot"}, "unknown bot 'nobot'"),
            ({"bots": "greedy,greedy,greedy,greedy,greedy"}, "bots takes 1, 3 or 4"),
            ({"seed": -1}, "seed"),
            ({"seed": "7"}, "seed"),
            ({"colour": "red"}, "unknown field 'colour'"),
        ]
        for body, words in cases:
            r = client.post("/api/tables", json={"game": "trix", **body})
            assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
            assert "\n" not in r.json()["error"]
        json_body = {"content-type": "application/json"}
        r = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}", headers=json_body)
        assert r.status_code == 400 and "at most 4096" in r.json()["error"]
        r = client.post("/api/tables", content=b"[1]", headers=json_body)
        assert r.status_code == 400
        r = client.post("/api/tables", content=b"[" * 2000 + b"]" * 2000, headers=json_body)
        assert r.status_code == 400 and "nested too deeply" in r.json()["error"]  # #47.13
        for path in ("/t/nosuchtable", "/t/nosuchtable/record", "/t/bad%20id"):
            assert client.get(path).status_code == 404
        page = client.get("/t/nosuchtable")  # a person's dead link: a page that says so
        assert page.headers["content-type"].startswith("text/html")
        assert "No such table" in page.text and 'href="/"' in page.text
        assert client.post("/api/tables/nosuchtable/join", json={}).status_code == 404
        with connect(client, "nosuchtable") as ws:
            assert recv(ws) == {"type": "error", "message": "no such table"}
            with pytest.raises(WebSocketDisconnect):
                recv(ws, 5)
        assert client.get("/").status_code == 200


def test_serve_refuses_bad_options_in_one_line(tmp_path):
    file = tmp_path / "file"
    file.write_text("x")
    busy = socket.create_server(("127.0.0.1", 0))  # a port in use
    port = str(busy.getsockname()[1])
    for args, words in (
        (["--port", port], f"--port {port}: cannot listen there (Address already in use)"),
        (["--port", "0"], "--port must be from 1 to 65535"),
        (["--port", "http"], "Invalid value for '--port'"),
        (["--grace", "-1"], "--grace must be from 0"),
        (["--data", str(file)], "is a file"),
        (["--host", "no.such.host.invalid"], "cannot listen there"),
    ):
        # a server that starts by mistake is stopped
        out = trixsim("serve", "--data", str(tmp_path / "tables"), *args, timeout=120)
        assert out.returncode == 2 and words in out.stderr, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    busy.close()
    assert not (tmp_path / "tables").exists()  # nothing is made for a server that never runs


def test_the_server_log_never_shows_a_token():
    from sim.web.app import HIDE_TOKENS

    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5000", "/ws/abc?token=s3cr3t-_x&x=1"), None)  # fmt: skip
    assert HIDE_TOKENS.filter(record)
    assert "s3cr3t" not in record.getMessage() and "/ws/abc?token=…&x=1" in record.getMessage()


def test_no_pause_follows_a_bots_move_the_others_cannot_see(data, quiet_log, monkeypatch):
    """#47.1: the pause after a bot's move ran after a declined K♥ too, so the next card came
    twice as late and told everybody who held K♥. The pause follows public moves only."""
    from sim.games.trix.vocab import NO_DOUBLE
    from sim.web import tables

    paused = []  # the moves made when each pause began

    async def pause(self):
        paused.append(len(self.moves))

    monkeypatch.setattr(tables.Table, "_pause", pause)
    with server(data, grace=0.0, bot_delay=0.3) as client:  # the creator away: bots only
        t = new_table(client, bots="random")
        table = table_of(client, t["table"])

        def declined():
            return [n for n, (_, a, _) in enumerate(table.moves) if a == NO_DOUBLE]

        with connect(client, t["table"]) as ws:  # a spectator: the table plays while watched
            while not (declined() and len(table.moves) > declined()[0] + 2):
                assert recv(ws)["type"] in ("view", "ping")
        moves = list(table.moves)
    first = declined()[0]
    assert moves[first + 1][0] == moves[first][0]  # the same bot plays its card next
    assert first + 1 not in paused and first + 2 in paused  # after the card only
    assert set(range(1, first + 1)) <= set(paused)  # and after every public move before


@pytest.mark.parametrize("game", ["euchre5", "five-hundred"])
def test_a_finished_trick_lies_whole_on_the_felt_with_who_took_it(data, quiet_log, game):
    # #47.7: the view after a trick's last card shows the whole trick and its taker (who
    # leads next), the table empty; the next card played takes it away
    with server(data, grace=0, bot_delay=0.02) as client:  # the bots play every seat
        t = new_table(client, game=game, bots="random")
        seats = table_of(client, t["table"]).spec.seats
        taken, after = [], 0
        with connect(client, t["table"]) as watcher:
            view = view_until(watcher)
            while not taken or after == 0:
                view = view_until(watcher, timeout=60)
                if view["taken"]:
                    taken.append(view)
                elif taken and any(view["trick"]):
                    after += 1  # a card led since: the taken trick is gone
        v = taken[0]
        assert len([c for c in v["taken"]["cards"] if c]) == seats  # every seat played to it
        assert v["taken"]["winner"] == v["leader"] and not any(v["trick"])
        assert v["taken"]["number"] >= 1
