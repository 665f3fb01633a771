"""Every reader of untrusted input, fuzzed: it succeeds or says one clean line, nothing else.

Valid inputs are mutated (cut, duplicated, bytes flipped, nested deeply, numbers made
huge, fields given the wrong type, bytes that are not UTF-8) and fed to the game-record
reader, the saved-table reader, the manifest reader of ``--resume`` and ``report``, the
bot-spec parser and the command line's numbers. Each must end in success or in its one
error type (one line); any other exception, or a hang, fails the test.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.core.bots import BotSpecError, parse_spec
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.replay import check_line
from sim.games.trix import SPEC as TRIX
from tests.report_runs import cli

CASES = 2000  # per reader
SETTINGS = settings(max_examples=CASES, deadline=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))  # fmt: skip
WEIRD = [0, -1, 1, 2**63, -(2**63) - 1, 10**40, 1e308, float("inf"), float("nan"), 0.5, True,
         None, "", "x", "é", [], {}, [[]], "\udcff", "0" * 1000]  # fmt: skip


def mutate(text: str, rnd: random.Random) -> bytes:
    """One of the mutations a damaged or hostile file may hold."""
    data = text.encode()
    kind = rnd.randrange(8)
    if kind == 0 and data:  # cut
        return data[: rnd.randrange(len(data))]
    if kind == 1 and data:  # a slice duplicated
        i, j = sorted(rnd.randrange(len(data)) for _ in range(2))
        return data[:j] + data[i:j] + data[j:]
    if kind == 2 and data:  # bytes flipped
        out = bytearray(data)
        for _ in range(rnd.randrange(1, 6)):
            out[rnd.randrange(len(out))] ^= 1 << rnd.randrange(8)
        return bytes(out)
    if kind == 3:  # nested deeply
        depth = rnd.choice([50, 1000, 100_000])
        return ("[" * depth + "]" * depth).encode()
    if kind == 4:  # not UTF-8
        i = rnd.randrange(len(data) + 1)
        return data[:i] + bytes([rnd.choice([0x80, 0xC3, 0xFF, 0xFE])]) + data[i:]
    try:  # a field changed in the parsed value: subtly (only the rules can tell) or roughly
        value = json.loads(text)
    except ValueError:
        return data
    value = subtle(value, rnd) if rnd.random() < 0.6 else change(value, rnd)
    return json.dumps(value, ensure_ascii=rnd.random() < 0.5).encode("utf-8", "surrogateescape")


def subtle(value, rnd: random.Random):
    """``value`` with one leaf changed plausibly, or two items of a list swapped."""
    if isinstance(value, dict) and value:
        key = rnd.choice(list(value))
        return {**value, key: subtle(value[key], rnd)}
    if isinstance(value, list) and value:
        value = list(value)
        i, j = rnd.randrange(len(value)), rnd.randrange(len(value))
        if rnd.random() < 0.2:
            value[i], value[j] = value[j], value[i]
        else:
            value[i] = subtle(value[i], rnd)
        return value
    return plausible(value, rnd)


def change(value, rnd: random.Random):
    """``value`` with one item somewhere replaced, removed or repeated."""
    if isinstance(value, dict) and value and rnd.random() < 0.8:
        key = rnd.choice(list(value))
        value = dict(value)
        what = rnd.randrange(4)
        if what == 0:
            del value[key]
        elif what == 1:
            value[key] = rnd.choice(WEIRD)
        else:
            value[key] = change(value[key], rnd)
        return value
    if isinstance(value, list) and value and rnd.random() < 0.8:
        value = list(value)
        i = rnd.randrange(len(value))
        what = rnd.randrange(4)
        if what == 0:
            del value[i]
        elif what == 1:
            value.insert(i, value[i])
        elif what == 2:
            value[i] = rnd.choice(WEIRD)
        else:
            value[i] = change(value[i], rnd)
        return value
    return rnd.choice(WEIRD)


TOKENS = ["QS", "TD", "7H", "AC", "KH", "JS", "pass", "double", "no-double", "trix", "king",
          "general", "x", "10D", "kh"]  # fmt: skip


def plausible(value, rnd: random.Random):
    """A leaf changed as a subtle mistake would change it: the record still parses, and
    only the rules can tell it is wrong."""
    if isinstance(value, bool) or value is None:
        return not value
    if isinstance(value, int):
        return value + rnd.choice([-100, -50, -10, -1, 1, 10, 50, 100, 1000])
    if isinstance(value, float):
        return value + rnd.choice([-0.5, 0.25, 1.0])
    if isinstance(value, str) and ":" in value:  # an event SEAT:ACTION
        seat, _, action = value.partition(":")
        if rnd.random() < 0.5:
            return f"{rnd.randrange(-1, 6)}:{action}"
        return f"{seat}:{rnd.choice(TOKENS)}"
    if isinstance(value, str) and " " in value:  # a hand: one card swapped for another
        cards = value.split()
        cards[rnd.randrange(len(cards))] = rnd.choice(TOKENS)
        return " ".join(cards)
    return rnd.choice(TOKENS) if isinstance(value, str) else value


def as_text(data: bytes):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


@pytest.fixture(scope="module")
def records():
    bots = [parse_spec("random", "trix")] * 4
    codec = TRIX.part("codec")
    return [dumps(codec.game_record(play_game(TRIX, bots, 3, g), g, ["random"] * 4))
            for g in range(5)]  # fmt: skip


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_game_records(records, seed):
    rnd = random.Random(seed)
    text = as_text(mutate(rnd.choice(records), rnd))
    if text is None or "\n" in text:
        return  # the file reader splits lines and names non-UTF-8 ones (below)
    verdict = check_line(7, text, TRIX)
    assert verdict.ok or (verdict.error and "\n" not in verdict.error)


@SETTINGS
@given(text=st.text(max_size=60))
def test_bot_specs(text):
    try:
        parse_spec(text, "trix")
    except BotSpecError as e:
        assert "\n" not in str(e)


# -- saved tables ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saved_table():
    """A saved table game: seat 0 a person, the others random, 60 moves in."""
    from sim.core.play import Player

    bots = [parse_spec("random", "trix")] * 4
    game = TRIX.part("api").GAME.new(5, 0)
    players = [Player(b, 5, 0, s) for s, b in enumerate(bots)]
    actions = []
    while len(actions) < 60:
        a = players[game.to_act].decide(game, game.to_act)
        actions.append(game.action_name(a))
        game.apply(a)
    return json.dumps({"format": "trixsim/table-save@1", "game": 0, "seed": 5, "humans": [0],
                       "bots": ["human", "random", "random", "random"], "actions": actions,
                       "view": {"looks": [0, 1, 0, 0]}, "save": None, "finished": False,
                       "game_name": "trix"})  # fmt: skip


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_saved_tables(saved_table, tmp_path_factory, seed):
    import io

    from rich.console import Console

    from sim.table.controller import Table, TableError, load_saved
    from sim.table.inbox import Inbox

    rnd = random.Random(seed)
    path = tmp_path_factory.mktemp("saved") / "game.json"
    path.write_bytes(mutate(saved_table, rnd))
    try:
        spec, saved, specs = load_saved(path)
        with open("/dev/null", "rb") as nothing:
            table = Table(spec, saved, specs, Console(file=io.StringIO()),
                          Inbox(nothing.fileno()), 0.0, path)  # fmt: skip
            table.replay_saved()
    except TableError as e:
        assert "\n" not in str(e)


# -- manifests -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    from tests.test_tournament import trixsim

    out = tmp_path_factory.mktemp("run") / "run"
    res = trixsim("tournament", "--bots", "random", "--games", "48", "--chunk", "24",
                  "--workers", "1", "-q", "--out", str(out))  # fmt: skip
    assert res.returncode == 0, res.stderr
    return out


# a copied run each: a quarter as many cases
@settings(max_examples=CASES // 4, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))  # fmt: skip
@given(seed=st.integers(0, 2**32))
def test_manifests(small_run, tmp_path_factory, seed):
    import shutil

    from sim.report import ReportError, summary
    from sim.run.store import TournamentError, read_manifest, resume_plan

    rnd = random.Random(seed)
    out = tmp_path_factory.mktemp("m") / "run"
    shutil.copytree(small_run, out)
    (out / "manifest.json").write_bytes(mutate((small_run / "manifest.json").read_text(), rnd))
    try:  # what --resume reads
        resume_plan(read_manifest(out), out)
    except TournamentError as e:
        assert "\n" not in str(e)
    try:  # what report reads
        summary([out])
    except ReportError as e:
        assert "\n" not in str(e)


# -- the command line's numbers ------------------------------------------------------------
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from(
        ["0", "-0", "1e3", "0x10", "1_000", "", " ", "nan", "inf", "١٢", "9" * 40, "1.5", "--x"]
    ),
)


@settings(max_examples=CASES // 6, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))  # fmt: skip
@given(seed=NUMBERS, game_id=NUMBERS)
def test_command_line_numbers_of_deal(seed, game_id):
    code, out, err = cli("deal", "--seed", seed, "--id", game_id)
    assert code in (0, 2), err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("trixsim") and "Traceback" not in err
    else:
        assert json.loads(out)["format"] == "trixsim/game-record@1"


@settings(max_examples=CASES // 6, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))  # fmt: skip
@given(games=NUMBERS, chunk=NUMBERS, seed=NUMBERS, workers=NUMBERS, records=NUMBERS)
def test_command_line_numbers_of_tournament(tmp_path_factory, games,
                                            chunk, seed, workers, records):  # fmt: skip
    # the folder is taken: every number is checked first, then that refuses the run
    busy = tmp_path_factory.mktemp("busy")
    (busy / "x").write_text("taken")
    code, out, err = cli("tournament", "--bots", "random", "--games",
                         games, "--chunk", chunk, "--seed", seed, "--workers", workers,
                         "--record-games", records, "--out", busy, "-q")  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
