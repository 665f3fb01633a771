"""What a game of Terts costs on the reference machine, for the default chunk size.

Read by :mod:`sim.run.cost` (its docstring says how these were measured and what each
means). ms of CPU of one worker per game: random 0.012, greedy 0.024, mcts iters=50 15.7,
iters=200 49.8, greedy,mcts 105 (800, 1 seat of 2), Python 1.35. A search seat costs about 2
+ 0.125/iteration (greedy,mcts: 102 estimated); rollout=random leaves 0.66 of the search.
"""

COSTS = {
    "random": 0.012e-3,
    "greedy": 0.024e-3,
    "python": 1.0e-3,
    "search": 0.125e-3,
    "decide": 2e-3,
    "cheaper": {"rollout=random": 0.66},
    # a decision of pimc:worlds=1 against one of mcts:iters=200, self-play (bench engine rows,
    # BENCH_SCALE=0.01, a busy machine): 0.58 ms against 0.37 ms
    "world": 310,
    "compile": {"loop": 12, "bot-greedy": 5, "bot-mcts": 15, "checked": 1},
}
