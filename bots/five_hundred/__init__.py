"""The bots of Five Hundred (greedy, mcts); each registers with :mod:`sim.core.bots`."""
