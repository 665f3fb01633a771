"""What ``trixsim train`` needs of Five-handed Euchre (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, the games a round plays, and whether the network
reads the rollout bot's choice (the hint); the deal sets of each point of its learning curve."""

TEACHER = "values:worlds=48,model=rollout,rollout=neural,net=imitation"  # every action's value
# on 48 worlds, each one playout of the network shipped before (euchre5-imitation.npz, taught
# pimc's card play and mcts:iters=800's bids) at every seat, fitted as soft targets: a step
# of expert iteration (docs/learning.md: measured against those choices and others)
GAMES = 150  # an imitation round: about 18,000 of the student's decisions
HINT = True  # the network reads greedy's choice too: measured better, docs/learning.md
VIEWS = True  # suit views: a round's rows teach about six times as much, docs/learning.md
EVAL_SETS = 20  # deal sets of each point of the learning curve, against each yardstick
