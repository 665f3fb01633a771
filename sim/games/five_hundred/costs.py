"""What a game of Five Hundred costs on the reference machine, for the default chunk size.

Read by :mod:`sim.run.cost` (its docstring says how these were measured and what each
means). ms of CPU of one worker per game: random 0.0021, greedy 0.045, mcts iters=50 44.0,
iters=200 142.7, greedy,mcts 192 (600, 2 seats of 4), Python 0.49. A search seat costs about
2.8 + 0.165/iteration (greedy,mcts: 204 estimated); rollout=random leaves 1.0 (its games got
longer), bids=greedy 0.5, play=greedy 0.4; the compiles scaled by CPU/wall 0.64.
"""

COSTS = {
    "random": 0.0021e-3,
    "greedy": 0.045e-3,
    "python": 2.9e-3,
    "search": 0.165e-3,
    "decide": 2.8e-3,
    "cheaper": {"bids=greedy": 0.5, "play=greedy": 0.4},
    # a decision of pimc:worlds=1 against one of mcts:iters=200, self-play (bench engine rows,
    # BENCH_SCALE=0.01, a busy machine): 6.0 ms against 0.55 ms
    "world": 2200,
    "compile": {"loop": 19, "bot-greedy": 15, "bot-mcts": 24, "checked": 2},
}
