"""What ``trixsim train`` needs of Five-handed Euchre (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, the games a round plays, and whether the network
reads the rollout bot's choice (the hint); the deal sets of each point of its learning curve."""

TEACHER = "pimc:before=mcts,iters=800"  # its choices: pimc's card play, mcts:iters=800's bids
# (docs/learning.md: measured against mcts:iters=800's choices alone and the values)
GAMES = 150  # an imitation round: about 15,000 of the student's decisions
HINT = True  # the network reads greedy's choice too: measured better, docs/learning.md
VIEWS = False  # suit views (--views) teach as much in a sixth of the rounds, yet the shipped
# weights were made without them and stay so: docs/learning.md
EVAL_SETS = 20  # deal sets of each point of the learning curve, against each yardstick
