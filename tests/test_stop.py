"""Ctrl-C and SIGTERM stop a run even when Python swallows the KeyboardInterrupt they raise."""

import os
import signal
import sys
import time

import pytest

from sim.run import stop
from sim.run.local import Progress
from sim.run.local import play_chunk_to_disk as real_play
from sim.run.plan import Plan


class Swallows:
    """An object whose ``__del__`` is running when the signal arrives: Python prints the
    KeyboardInterrupt raised there ("Exception ignored in ...") and goes on."""

    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # the handler runs here, inside __del__


@pytest.fixture
def swallowed(monkeypatch):
    """Our handlers installed; the exceptions Python swallows, as it would print them."""
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(u.exc_type))
    previous = stop.install()
    yield seen
    stop.restore(previous)


def test_a_ctrl_c_raised_inside_a_del_is_still_seen_and_prints_no_traceback(swallowed):
    Swallows()  # dropped at once: __del__ runs, Python swallows the interrupt and goes on
    assert swallowed == []  # not reported: no "Exception ignored ... Traceback" on stderr
    assert not stop.terminated()
    with pytest.raises(KeyboardInterrupt):
        stop.check()


def test_the_runner_stops_at_the_next_chunk_after_a_swallowed_ctrl_c(swallowed):
    from sim.core.registry import get

    plan = Plan.make(get("trix"), ["random"], 1, 40, 10, True)
    meter = Progress(plan, 0, {}, lambda m: None, False)
    meter.finished(10, 0, {})  # nothing asked yet: the run goes on
    Swallows()
    with pytest.raises(KeyboardInterrupt):
        meter.finished(10, 1, {})
    assert meter.manifest["parts"].keys() == {"0", "1"}  # the chunk on disk is counted first


def test_sigterm_is_told_apart_from_ctrl_c(swallowed):
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)
    assert stop.terminated()


class Fails:
    def __del__(self):
        raise ValueError("a real fault")


def test_other_swallowed_exceptions_are_still_reported(swallowed):
    Fails()
    assert swallowed == [ValueError]
    stop.check()  # nothing was asked: no interrupt


def interrupted_inside_a_library(plan, out, i):
    """A chunk struck by Ctrl-C inside numba's dispatcher, which raised its own error (seen:
    ``TypeError: _get_wrapper_address() missing 1 required positional argument``)."""
    if i == 2:
        stop._received.append(signal.SIGINT)  # what the handler notes before it raises
        raise TypeError("_get_wrapper_address() missing 1 required positional argument: 'sig'")
    return real_play(plan, out, i)


def fails(plan, out, i):
    if i == 2:
        raise TypeError("a real fault")
    return real_play(plan, out, i)


@pytest.mark.parametrize("chunk", [interrupted_inside_a_library, fails])
def test_an_error_after_a_ctrl_c_stops_the_run_and_one_without_fails_it(
    swallowed, monkeypatch, tmp_path, chunk
):
    from sim.core.registry import get
    from sim.run import local
    from sim.run.store import TournamentError, done_chunks, prepare

    plan = Plan.make(get("trix"), ["random"], 1, 80, 10, True)
    monkeypatch.setattr(local, "play_chunk_to_disk", chunk)
    manifest = prepare(tmp_path, plan, ["trixsim"], False)
    if chunk is fails:
        with pytest.raises(TournamentError, match="a chunk failed .TypeError: a real fault"):
            local.run(plan, tmp_path, 1, manifest, progress=False)
        assert manifest["status"] == "failed"
    else:
        assert local.run(plan, tmp_path, 1, manifest, progress=False)["status"] == "incomplete"
    assert done_chunks(tmp_path, plan) == {0, 1}
    assert manifest["games_done"] == 20
