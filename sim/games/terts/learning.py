"""What ``trixsim train`` needs of Terts (docs/learning.md): the teacher its imitation
rounds ask at the student's positions, and the games a round plays."""

TEACHER = "values:worlds=8,model=solve,last=5"
GAMES = 195  # an imitation round: about 15,000 of the student's decisions
