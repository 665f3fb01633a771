"""What a game of Trix costs on the reference machine, for the default chunk size.

Read by :mod:`sim.run.cost` (its docstring says how these were measured and what each
means). ms of CPU of one worker per game: random 0.023, greedy 0.071, mcts iters=50 29.0,
iters=200 96.8, greedy,mcts 62.3 (200, 2 seats of 4), Python 3.5. A search seat costs about
1.6 + 0.13/iteration (greedy,mcts: 55 estimated); rollout=random leaves 0.83 of the search.
"""

COSTS = {
    "random": 0.023e-3,
    "greedy": 0.071e-3,
    "python": 4.7e-3,
    "search": 0.13e-3,
    "decide": 1.6e-3,
    # pimc:worlds=4,before=greedy,last=6,model=solve (the ladder's): 0.28 ms a decision, 0.012
    # of 4 whole solves (trixsim tournament --game trix --bots
    # pimc:worlds=4,before=greedy,last=6,model=solve,greedy)
    # pimc's playout models value a world by greedy playouts, not by a solve: 24 games against
    # greedy, one worker (trixsim tournament --game trix --bots B,greedy --games 24 --seed 3),
    # a game 0.72 (pimc:worlds=70,model=rollout, 2.6 s) and 0.86 (worlds=16,last=4,
    # model=reply, 3.1 s) of mcts:iters=200's (3.6 s): a world 2.0 and 10.6 iterations of it
    # (the default 5000 had put pimc's rollout model at about 2,000 times its cost)
    "cheaper": {
        "rollout=random": 0.83,
        "last=6": 0.012,
        "model=rollout": 4.0e-4,
        "model=reply": 2.1e-3,
    },
    # a decision of pimc:worlds=1 against one of mcts:iters=200, self-play (bench engine rows,
    # BENCH_SCALE=0.01, a busy machine): 6.0 ms against 0.24 ms
    "world": 5000,
    "compile": {"loop": 8, "bot-greedy": 6, "bot-mcts": 17, "checked": 2},
}
