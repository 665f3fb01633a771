"""The bots of Trix (``greedy``, ``mcts``); each module registers with :mod:`sim.core.bots`."""
