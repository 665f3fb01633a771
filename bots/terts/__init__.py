"""The bots of Terts (greedy, mcts); each registers with :mod:`sim.core.bots`."""
