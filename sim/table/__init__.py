"""``trixsim play``: people at a table with bots (the terminal today)."""
