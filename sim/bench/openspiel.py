"""OpenSpiel hearts with uniformly random play, two ways, for ``make bench``.

:func:`python_loop` drives OpenSpiel's C++ hearts from a Python loop (one pyspiel call per
move, as a Python user would); :func:`cpp_loop` lets OpenSpiel's own C++ game loop play whole
hands, the fastest random play pyspiel exposes, so the headline ratio is against it.

Both count the same thing: every action a player takes (the 12 passed cards when the hand
passes, and the 52 cards played), never the 53 chance actions (pass direction, deal). That is
trixsim's "decision": every decision a player takes. ``python -m sim.bench.openspiel`` times
the two alternately.
"""

from __future__ import annotations

import sys
import time

MISSING = "open_spiel is not installed: pip install 'trixsim[bench]' (it needs open_spiel>=1.5)"
CHUNK = 1024  # hands per timed stretch of cpp_loop; their actions are counted off the clock


def _pyspiel():
    try:
        import pyspiel
    except ImportError as e:
        raise ImportError(MISSING) from e
    return pyspiel


def python_loop(n_games: int, seed: int = 1) -> dict:
    """Hearts driven from Python: numpy picks chance outcomes and legal actions uniformly.

    The bench's original OpenSpiel row: it pays a Python round trip per move.
    """
    import numpy as np

    pyspiel = _pyspiel()
    game = pyspiel.load_game("hearts")
    rnd = np.random.default_rng(seed)
    actions = 0
    t = time.perf_counter()
    for _ in range(n_games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(outcomes[rnd.integers(len(outcomes))])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.integers(len(legal))])
                actions += 1
    return {"hands": n_games, "actions": actions, "seconds": time.perf_counter() - t}


def cpp_loop(n_games: int, seed: int = 1) -> dict:
    """Hearts played by OpenSpiel's C++ loop: one ``pyspiel.evaluate_bots`` call per hand.

    ``evaluate_bots`` (open_spiel/algorithms/evaluate_bots.cc) plays the hand to the end in C++:
    it samples every chance outcome itself (``SampleAction(ChanceOutcomes())``, with an
    ``mt19937`` seeded by its ``seed`` argument) and asks the C++ ``make_uniform_random_bot``
    bots for every player action. Nothing in pyspiel runs many random games in one call
    (``random_sim_test`` is a test harness: it clones, prints, serialises and checks every
    state, about 50x slower; ``RandomRolloutEvaluator.evaluate`` is not bound), so what is
    left of Python is one call per hand, about 1 us of a hand's ~24 us.

    The actions a hand took are not reported, nor fixed (52 when the chance pass direction
    is "no pass", else 64), so they are read from each finished hand's history, off the clock.
    """
    import numpy as np

    pyspiel = _pyspiel()
    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, seed * 4 + p) for p in range(4)]
    seeds = np.random.default_rng(seed).integers(0, 2**31 - 1, n_games).tolist()  # chance
    actions, seconds = 0, 0.0
    for start in range(0, n_games, CHUNK):
        t = time.perf_counter()
        states = []
        for s in seeds[start : start + CHUNK]:
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, s)
            states.append(state)
        seconds += time.perf_counter() - t
        actions += sum(pa.player >= 0 for st in states for pa in st.full_history())
    return {"hands": n_games, "actions": actions, "seconds": seconds}


def main(argv: list[str]) -> None:
    """``python -m sim.bench.openspiel [PY_HANDS CPP_HANDS REPS]``: alternate the two loops."""
    py_n, cpp_n, reps = (int(a) for a in argv) if argv else (30_000, 250_000, 3)
    python_loop(50)  # warm up
    cpp_loop(500)
    rates = {"python_loop": [], "cpp_loop": []}
    for rep in range(reps):
        for name, fn, n in (("python_loop", python_loop, py_n), ("cpp_loop", cpp_loop, cpp_n)):
            r = fn(n, seed=rep + 1)
            rates[name].append(r["actions"] / r["seconds"])
            print(f"{name} {r['hands']} hands, {r['actions']} actions, {r['seconds']:.2f} s: "
                  f"{rates[name][-1]:,.0f} actions/s", flush=True)  # fmt: skip
    med = {k: sorted(v)[len(v) // 2] for k, v in rates.items()}
    print(f"median cpp/python: {med['cpp_loop'] / med['python_loop']:.1f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
