"""The bots of Trix (``greedy``, ``mcts``); each module registers with :mod:`bots.registry`."""
