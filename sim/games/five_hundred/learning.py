"""What ``trixsim train`` needs of Five Hundred (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, and the games a round plays."""

TEACHER = "values:worlds=12,model=solve,last=6"
GAMES = 130  # an imitation round: about 15,000 of the student's decisions
