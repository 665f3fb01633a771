"""What a game of five-handed Euchre costs on the reference machine, for the default chunk size.

Read by :mod:`sim.run.cost` (its docstring says how these were measured and what each
means). ms of CPU of one worker per game: random 0.0066, greedy 0.046, mcts iters=50 27.6,
iters=200 125.0, greedy,mcts 362 (1000, 2.5 seats of 5), Python 1.13. A search seat costs
about 0 + 0.14/iteration (greedy,mcts: 350 estimated); rollout=random leaves 0.81,
bids=greedy 0.74, play=greedy 0.31; the compiles scaled by CPU/wall 0.79 (a busy machine).
"""

COSTS = {
    "random": 0.0066e-3,
    "greedy": 0.046e-3,
    "python": 2.5e-3,
    "search": 0.14e-3,
    "decide": 0.0,
    "cheaper": {"rollout=random": 0.81, "bids=greedy": 0.74, "play=greedy": 0.31},
    # a decision of pimc:worlds=1 against one of mcts:iters=200, self-play (bench engine rows,
    # BENCH_SCALE=0.01, a busy machine): 0.038 ms against 0.47 ms
    "world": 16,
    # cold compiles, 2026-12-02, after greedy's helpers stopped being inlined: loop 10, greedy 16,
    # mcts 33, checked 1 (one process, the other core busy)
    "compile": {"loop": 10, "bot-greedy": 16, "bot-mcts": 33, "checked": 1},
}
