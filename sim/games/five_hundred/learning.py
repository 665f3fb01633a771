"""What ``trixsim train`` needs of Five Hundred (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, the games a round plays, whether the network reads
the rollout bot's choice (the hint), and how many deal sets each point of its learning
curve plays."""

TEACHER = "pimc:iters=800,play_iters=800"  # its choices: mcts:iters=800 before the last six tricks,
# which are solved on 12 worlds (docs/learning.md says why, measured)
GAMES = 400  # an imitation round: about 75,000 of the student's decisions
HINT = True  # the network reads greedy's choice too: measured better, docs/learning.md
VIEWS = False  # no suit symmetry part (sim.core.symmetry)
EVAL_SETS = 200  # a game is won or lost whole: 20 deal sets would give ±30 points
