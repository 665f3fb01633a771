"""What ``trixsim train`` needs of Five-handed Euchre (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, and the games a round plays."""

TEACHER = "values:worlds=16,model=rollout"
GAMES = 150  # an imitation round: about 15,000 of the student's decisions
