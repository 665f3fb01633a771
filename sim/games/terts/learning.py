"""What ``trixsim train`` needs of Terts (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, and the games a round plays."""

TEACHER = "mcts:iters=800"  # its choices; measured against the values: docs/learning.md
GAMES = 195  # an imitation round: about 15,000 of the student's decisions
