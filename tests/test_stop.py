"""Ctrl-C and SIGTERM stop a run even when Python swallows the KeyboardInterrupt they raise."""

import os
import signal
import sys
import time

import pytest

from sim.run import stop
from sim.run.local import Progress
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
