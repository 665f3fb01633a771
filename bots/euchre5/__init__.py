"""The bots of five-handed Euchre (greedy, mcts); each registers with :mod:`sim.core.bots`."""
