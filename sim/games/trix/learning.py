"""What ``trixsim train`` needs of Trix (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, the games a round plays, and whether the network
reads the rollout bot's choice (the hint); the deal sets of each point of its learning curve."""

TEACHER = "values:worlds=70,model=rollout"  # every action's value on 70 worlds, each one
# greedy playout at every seat (pimc:worlds=70,model=rollout's), fitted as soft targets:
# measured against mcts:iters=800's choices, docs/learning.md
GAMES = 55  # an imitation round: about 15,000 of the student's decisions
HINT = False  # the hint (greedy's choice as an input) measured no better here: docs/learning.md
VIEWS = False  # no suit symmetry part (sim.core.symmetry)
EVAL_SETS = 20  # deal sets of each point of the learning curve, against each yardstick
