"""What ``trixsim train`` needs of Terts (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, the games a round plays, and whether the network
reads the rollout bot's choice (the hint); the deal sets of each point of its learning curve."""

TEACHER = "mcts:iters=800"  # its choices; measured against the values: docs/learning.md
GAMES = 195  # an imitation round: about 15,000 of the student's decisions
HINT = True  # the network reads greedy's choice too: measured better, docs/learning.md
VIEWS = False  # no suit symmetry part (sim.core.symmetry)
EVAL_SETS = 20  # deal sets of each point of the learning curve, against each yardstick
