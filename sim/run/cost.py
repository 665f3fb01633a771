"""What a run will cost, estimated from the command alone: the default chunk, the first compile.

A chunk is what a worker plays and writes at a time, what the progress bar moves by and
what Ctrl-C loses. Its default size is aimed at half a second of play by one worker, so
it is sized by the cost of a game of the line-up, not by a count: a chunk of 240 games
of random bots is a few milliseconds, of Five Hundred's greedy,mcts a minute.

The size must be the same on every machine, every day and with any number of workers
(the part files are a function of the plan), so the cost of a game is never measured on
the run: it is computed from the game, the bots and their parameters, with the constants
each game gives (its part ``costs``), measured once on the reference machine (a 2-core
VM, numba 0.68.1, Python 3.11, 2026-12-02, shared with other work; CPU seconds of one
worker process, ``play_chunk_to_disk`` of a chunk, the best of two). A chunk may be
twice or half the aim on another machine; that is all an estimate costs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

TARGET = 0.5  # seconds of play a default chunk aims at, at most
FLOOR = 0.05  # and at least: its fixed cost (two part files, about 5 ms) stays under a tenth
SPLIT = 64  # a run is cut into this many chunks where FLOOR allows: enough for any machine
MOST_CHUNKS = 4096  # a longer run's chunks grow instead: part files and manifest stay few
MOST_GAMES = 20_000  # games in a chunk at most (its arrays in memory)


@dataclass(frozen=True)
class Costs:
    """A game's constants: seconds of one worker per game (the loop and the writing of the
    rows included), every seat played by the bot named; a search bot's per seat."""

    random: float  # every seat random (played by the loop itself)
    greedy: float  # every seat greedy; any other rule-based numba bot is taken to cost this
    python: float  # through the checked Python game: a line-up with a Python bot
    search: float  # a search bot (a parameter ``iters``), per seat and per iteration
    decide: float = 0.0  # and per seat for its decisions whatever its iterations
    cheaper: dict = field(default_factory=dict)  # "param=value": the share of the search left
    world: float = 0.0  # the iterations of search one world of pimc (or the oracle) costs
    compile: dict = field(default_factory=dict)  # seconds of a cold compile, per piece


# A game's constants are its optional part ``costs`` (``sim/games/<game>/costs.py``: a dict
# of Costs's fields, with how they were measured). A game without one is costed as the
# dearest measured here, so its chunks err on the small side.
UNKNOWN = Costs(0.023e-3, 0.071e-3, 4.7e-3, 0.165e-3, 2.8e-3, world=5000,
                compile={"loop": 20, "bot-greedy": 60, "bot-mcts": 90, "checked": 4})  # fmt: skip
BOT_COMPILE = 2.0  # seconds: another bot (random: about one)
# mcts:rollout=neural: its search costs this many times the same search's with greedy rollouts
# (measured at equal iterations, docs/learning.md: Terts 31×, Euchre 20×)
NEURAL_ROLLOUT = 25.0


def costs(game: str) -> Costs:
    """The game's measured constants (its part ``costs``), or :data:`UNKNOWN`."""
    from sim.core.registry import get

    spec = get(game)
    return Costs(**spec.part("costs").COSTS) if spec.has("costs") else UNKNOWN


def seconds_per_game(game: str, lineup: list, seatings: list) -> float:
    """Seconds of one worker per game of ``lineup`` (:class:`sim.core.bots.BotSpec`, by
    line-up index) over ``seatings``, on the reference machine."""
    c = costs(game)
    seats = len(seatings[0])
    slow = any(b.info.kind == "python" for b in lineup)  # then the whole table is Python

    def seat(bot) -> float:
        if slow:
            base = c.python / seats
        elif bot.info.kind == "batched":  # a policy's cost is its own: taken as greedy's
            base = c.greedy / seats
        elif bot.info.kind == "numba" and bot.info.native and not bot.info.sees_all:
            base = c.random / seats  # played by the loop itself
        else:
            base = c.greedy / seats
        iters = bot.values.get("iters")
        worlds = bot.values.get("worlds", 1 if bot.info.sees_all else None)
        if bot.values.get("model") == "mcts":  # oracle:model=mcts: mcts's search, its iters
            worlds = None
        if isinstance(worlds, int | float):  # pimc, oracle: a world costs as many iterations
            iters = worlds * c.world
        if not isinstance(iters, int | float):  # not a search bot
            return base
        share = math.prod(c.cheaper.get(f"{k}={v}", 1.0) for k, v in bot.values.items())
        share *= NEURAL_ROLLOUT if bot.values.get("rollout") == "neural" else 1.0
        return base + (c.decide + iters * c.search) * share

    per_bot = [seat(b) for b in lineup]
    return sum(per_bot[i] for s in seatings for i in s) / len(seatings)


def default_chunk(game: str, lineup: list, seatings: list, games: int) -> int:
    """Games per chunk when ``--chunk`` is not given: ``games / SPLIT``, but from FLOOR to
    TARGET seconds of play, at most MOST_GAMES and at least ``games / MOST_CHUNKS``, in
    whole deal sets (one at least). A function of the command alone."""
    per = seconds_per_game(game, lineup, seatings)
    chunk = max(math.ceil(games / SPLIT), FLOOR / per)
    chunk = min(chunk, TARGET / per)
    s = len(seatings)
    sets = max(1, math.floor(chunk / s), math.ceil(games / (MOST_CHUNKS * s)))
    return min(sets, max(1, MOST_GAMES // s), games // s) * s  # (games: whole deal sets)


def compile_seconds(game: str, pieces: list[str]) -> float:
    """About how long a cold compile of ``pieces`` (:func:`sim.core.compiled.missing`) takes
    on the reference machine."""
    known = costs(game).compile
    return sum(known.get(p, BOT_COMPILE) for p in pieces)
