"""The bots' share of the event loop (sim.web.pace): people's messages are not kept
waiting behind every table's bots, and bots are sent to a thread unless known quick.

The bots' time is handed to :meth:`Pace.spent` by the caller, so these tests count
moves per turn of the loop with made-up durations: no clock, nothing timed.
"""

import asyncio

from sim.web.pace import Pace, Quick


def run_bots(pace: Pace, tables: int, moves: int, seconds: float) -> list[int]:
    """``tables`` tasks of ``moves`` bot moves of ``seconds`` each, and a probe that steps
    once per turn of the loop: the bot moves made in each turn of the probe's."""
    done = 0

    async def bots():
        nonlocal done
        for _ in range(moves):
            await pace.turn()
            pace.spent(seconds)
            done += 1

    async def main():
        tasks = [asyncio.create_task(bots()) for _ in range(tables)]
        per_turn, seen = [], 0
        while not all(t.done() for t in tasks):
            await asyncio.sleep(0)  # one turn of the loop, as a person's message waits one
            per_turn.append(done - seen)
            seen = done
        return per_turn

    per_turn = asyncio.run(main())
    assert done == tables * moves  # every bot move is made
    return per_turn


def test_a_turn_of_the_loop_holds_no_more_bot_moves_than_fit_its_slice():
    per_turn = run_bots(Pace(slice_seconds=1.0), tables=50, moves=6, seconds=0.3)
    # 0.3 + 0.3 + 0.3 < 1.0: the fourth move finds the slice spent (at most one move over)
    assert max(per_turn) == 4
    assert sum(per_turn) == 300


def test_without_a_slice_one_turn_would_hold_every_table_s_bots():
    """The same load with a slice nothing fills: what the slice prevents (the test above
    could not tell otherwise)."""
    per_turn = run_bots(Pace(slice_seconds=1e9), tables=50, moves=6, seconds=0.3)
    assert max(per_turn) == 300


def test_a_spent_slice_is_renewed_on_the_next_turn_even_when_bots_wait_alone():
    pace = Pace(slice_seconds=1.0)
    pace.spent(5.0)

    async def main():
        await asyncio.wait_for(pace.turn(), 5)  # no other task: the renewal still comes
        return pace.used

    assert asyncio.run(main()) == 0.0


def test_a_bot_decides_on_the_loop_only_once_known_quick_on_average():
    quick = Quick(seconds=0.002, after=3)
    greedy, mcts, other = ("trix", "greedy"), ("trix", "mcts"), ("euchre5", "greedy")
    for _ in range(2):
        quick.took(greedy, 0.0001)
    assert not quick.on_loop(greedy)  # 2 decisions: not yet known
    quick.took(greedy, 0.0001)
    assert quick.on_loop(greedy)
    assert not quick.on_loop(other)  # the same bot text in another game is another bot
    quick.took(greedy, 0.004)  # one slow decision (a pause) leaves the mean under 2 ms
    assert quick.on_loop(greedy)
    for _ in range(5):
        quick.took(mcts, 0.01)
    assert not quick.on_loop(mcts)
    quick.took(greedy, 0.05)  # a bot that turns slow goes back to the thread
    assert not quick.on_loop(greedy)
