"""A fifth game that touches nothing outside its folder: the toy game (``tests/toy/``).

It is registered the way another package would register it, through an entry point (a
``toy_game-0.dist-info`` in a temporary folder put on ``sys.path`` and ``PYTHONPATH``), not
through ``pyproject.toml``; then the machinery runs on it: the every-game invariant suite,
a tournament on two workers, its report, ``deal | replay`` and ``trixsim games`` through the
command line, the terminal table's view and a browser table's. The registration is undone
afterwards, so other test files never see the toy game.
"""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import tests.test_every_game as every  # before the toy is registered: its GAMES never holds it
from sim.core import registry
from sim.core.cache import ENV, configure
from sim.core.record import dumps
from sim.core.replay import Mismatch

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINTS = "[trixsim.games]\ntoy = tests.toy:SPEC\n"  # the one registration line
METADATA = "Metadata-Version: 2.1\nName: toy-game\nVersion: 0\n"
SUITE = [  # tests/test_every_game.py; the toy has no determinizer (tests/toy/__init__.py)
    every.test_every_part_keeps_its_contract,
    every.test_the_compiled_loop_and_the_checked_game_agree,
    every.test_cards_are_accounted_for_and_a_decision_is_never_empty,
    every.test_ranks_and_win_shares_are_well_formed,
    every.test_records_round_trip_and_replay,
]


class Toy:
    """The registered toy game: its spec, and the environment of a subprocess that sees it."""

    def __init__(self, spec, env: dict):
        self.spec = spec
        self.env = env

    def cli(self, *args, stdin=None, cwd=None):
        """``trixsim ARGS`` in a subprocess: its exit code, stdout and stderr."""
        return subprocess.run([sys.executable, "-m", "sim.cli", *args], stdin=stdin, cwd=cwd,
                              env=self.env, capture_output=True, text=True)  # fmt: skip


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    site = tmp_path_factory.mktemp("plugin")
    info = site / "toy_game-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA)
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    sys.path.insert(0, str(site))
    registry.games.cache_clear()
    env = dict(os.environ)
    # subprocesses: the entry point and the repository on the path, and this process's numba
    # cache folder (configure() fixed it before the toy was registered)
    path = [str(site), str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env["PYTHONPATH"] = os.pathsep.join(path)
    env[ENV] = configure()
    try:
        yield Toy(registry.get("toy"), env)
    finally:
        sys.path.remove(str(site))
        registry.games.cache_clear()


# -- 1. the every-game invariant suite ------------------------------------------------------------
@pytest.mark.parametrize("check", SUITE, ids=lambda f: f.__name__.removeprefix("test_"))
def test_the_every_game_suite_holds(toy, check):
    check(toy.spec)


# -- 2. the command line: a tournament on two workers, its report, deal | replay, games ----------
def test_a_tournament_on_two_workers_and_its_report(toy, tmp_path):
    out = tmp_path / "run"
    # --chunk 20: two chunks, so that both workers play one (40 games make one default chunk)
    args = ["--bots", "random,random", "--games", "40", "--chunk", "20", "--workers", "2"]
    run = toy.cli("tournament", "--game", "toy", *args, "--out", str(out), "-q", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert len(list((out / "games.parquet").glob("part-*.parquet"))) == 2
    report = toy.cli("report", str(out), cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert "trixsim report (toy): 40 games" in report.stdout
    assert "Toy: tricks, leads and game ends" in report.stdout and "random" in report.stdout


def test_deal_piped_to_replay_follows_the_rules(toy, tmp_path):
    # trixsim deal --game toy --seed 1 | trixsim replay -
    deal = subprocess.Popen([sys.executable, "-m", "sim.cli", "deal", "--game", "toy", "--seed",
                             "1"], stdout=subprocess.PIPE, env=toy.env, cwd=tmp_path)  # fmt: skip
    replay = toy.cli("replay", "-", stdin=deal.stdout, cwd=tmp_path)
    deal.stdout.close()
    assert deal.wait() == 0
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.startswith("<stdin>: 1 game, ")
    assert replay.stdout.rstrip().endswith("deals: all follow the rules")


def test_trixsim_games_lists_toy(toy):
    listed = toy.cli("games")
    assert listed.returncode == 0, listed.stderr
    assert any(line.startswith("toy ") for line in listed.stdout.splitlines()), listed.stdout


# -- the codec names the rule a record breaks -----------------------------------------------------
def test_a_record_out_of_turn_is_refused_with_its_rule(toy):
    from sim.core.bots import parse_spec
    from sim.core.play import play_game

    codec = toy.spec.part("codec")
    game = play_game(toy.spec, [parse_spec("random", "toy")] * 2, seed=3, game_id=0)
    rec = codec.game_record(game, 0, ["random"] * 2)
    events = rec["deals"][0]["events"]
    events[0], events[1] = events[1], events[0]
    with pytest.raises(Mismatch, match=r'^game 0, deal 1, event 1 "\d:\w\w": it is seat \d'):
        codec.replay(codec.loads(dumps(rec)))


# -- the terminal table -------------------------------------------------------------------------
def test_the_terminal_view_plays_a_whole_game(toy):
    from sim.core.bots import parse_spec
    from sim.table.controller import Table
    from sim.table.inbox import Inbox
    from sim.table.saved import Saved

    buf = io.StringIO()
    with open(os.devnull, "rb") as nothing:
        table = Table(toy.spec, Saved(5, [0], ["human", "random"], game_name="toy"),
                      [None, parse_spec("random", "toy")], Console(file=buf, width=80),
                      Inbox(nothing.fileno()), 0, None)  # fmt: skip
        game, view = table.game, table.view
        while not game.over:
            seat = game.to_act
            if seat == 0:
                table.screen(0)
                ask = view.ask(0)
                action, error = ask.parse(0, ask.options.split()[0])  # the first legal card
                assert error is None and game.legal_mask() >> action & 1
            else:
                action = table.players[1].decide(game, 1)
            table.apply(seat, action)
        table.final()
    text = buf.getvalue()
    assert "Toy · deal 1" in text and "Seat 0, your hand:" in text and "takes trick 1" in text
    assert "Winner: seat" in text and "The deals" in text


def test_a_browser_table_of_the_toy_game(toy, tmp_path):
    # the lobby lists it (from the registry), a table is made and a seat's view comes over
    # its WebSocket: its own hand and the public facts of the toy's web part
    from starlette.testclient import TestClient

    from sim.web.app import create_app

    with TestClient(create_app(tmp_path, grace=20.0, bot_delay=0)) as client:
        games = client.get("/api/games").json()["games"]
        toy_entry = next(g for g in games if g["name"] == "toy")
        # the registry's bots of the toy (test modules may have registered bots for every game)
        from sim.core.bots import load_bots

        names = [b["name"] for b in toy_entry["bots"]]
        assert toy_entry["seats"] == 2 and "random" in names
        assert set(names) == {n for n, i in load_bots("toy").items() if not i.sees_all}
        made = client.post("/api/tables", json={"game": "toy", "bots": "random", "seed": 3})
        assert made.status_code == 200, made.text
        link = made.json()
        with client.websocket_connect(f"/ws/{link['table']}?token={link['token']}") as ws:
            view = ws.receive_json()["view"]
    assert view["game"] == "toy" and len(view["hand"]) == 3
    assert view["public"]["totals"] == [0, 0] and view["public"]["deal_no"] == 1
