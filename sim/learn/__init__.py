"""Learned bots: ``trixsim train`` (:mod:`.driver`, :func:`.driver.train`) trains the policy
network the ``neural`` bot plays (``bots/neural.py``), in rounds of games played in compiled
code on the workers (:mod:`.selfplay`, :mod:`.record`) and steps of PyTorch on the CPU
(:mod:`.model`, :mod:`.train`), measured against the yardsticks as it goes (:mod:`.evaluate`,
:mod:`.curve`). ``docs/learning.md`` says what it does and what it reached."""
