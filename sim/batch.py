"""Python face of :mod:`sim.loop`: play many games with a line-up in one kernel call."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.loop import (
    G_CONTRACTS,
    G_END,
    G_FIRST,
    G_RANKS,
    G_TOTALS,
    N_CONTRACT_COLUMNS,
    N_GAME_COLUMNS,
    play_chunk,
    play_chunk_native,
)
from sim.rng import bot_seeds, deal_seeds


@dataclass
class Batch:
    """Raw results of a chunk.

    ``contracts[j]`` is column j (``sim.loop.CONTRACT_COLUMNS``) of every contract
    played, game after game in order; game g's rows follow those of game g - 1,
    ``games[g, G_CONTRACTS]`` of them.
    """

    contracts: np.ndarray  # int16 (N_CONTRACT_COLUMNS, contracts played)
    games: np.ndarray  # int16 (games, N_GAME_COLUMNS)
    shares: np.ndarray  # float64 (games, 4)
    actions: int  # decisions taken by the bots (contract choices, announcements, cards, passes)


def play_batch(
    lineup, seating, seed: int, game_ids, deal_sets=None, slow=False, native=True
) -> Batch:
    """Play games ``game_ids`` (deal sets ``deal_sets``, default the ids).

    ``lineup`` holds up to four :class:`bots.registry.BotSpec`; ``seating``
    (games × 4, or one row for all games) gives the line-up index at each seat.
    All-numba line-ups run in one kernel call; a line-up with a Python bot (or
    ``slow=True``) goes through :mod:`sim.play` and fills the same arrays.
    ``native=False`` calls every bot's function even where the loop has its
    policy built in (same results, slower; for tests and the benchmark).
    """
    game_ids = np.asarray(game_ids, np.int64)
    deal_sets = game_ids if deal_sets is None else np.asarray(deal_sets, np.int64)
    n = len(game_ids)
    seating = np.array(np.broadcast_to(np.asarray(seating, np.int8), (n, 4)), order="C")
    if slow or any(spec.info.kind != "numba" for spec in lineup):
        return _play_batch_slow(lineup, seating, seed, game_ids, deal_sets)
    funcs = [spec.info.decide for spec in lineup]
    funcs += [funcs[0]] * (4 - len(funcs))
    params = np.zeros((4, 8), np.float64)
    natives = np.zeros(4, np.int8)
    for i, spec in enumerate(lineup):
        params[i] = spec.encoded()
        natives[i] = spec.info.native if native else 0
    deals = deal_seeds(seed, deal_sets)
    bots = bot_seeds(seed, game_ids)
    contracts = np.empty((N_CONTRACT_COLUMNS, n * 28), np.int16)
    games = np.empty((n, N_GAME_COLUMNS), np.int16)
    shares = np.empty((n, 4), np.float64)
    illegal = np.zeros(4, np.int64)
    kernel = play_chunk_native if natives[: len(lineup)].all() else play_chunk
    actions = kernel(
        deals, bots, seating, natives, *funcs, params, contracts, games, shares, illegal
    )
    if actions < 0:
        _raise_illegal(lineup, seating, game_ids, *illegal)
    return Batch(_played(contracts, games), games, shares, int(actions))


def _raise_illegal(lineup, seating, game_ids, g, seat, action, legal) -> None:
    """The message :class:`sim.play.Player` gives for the same mistake, with the game."""
    from sim.game import action_name, mask_actions
    from sim.play import BotError

    spec = lineup[seating[g, seat]]
    raise BotError(
        f"bot {spec.text!r} at seat {seat} chose {action} which is not legal "
        f"(game {game_ids[g]}); legal: {' '.join(action_name(a) for a in mask_actions(legal))}"
    )


def _played(contracts: np.ndarray, games: np.ndarray) -> np.ndarray:
    """The columns cut to the contracts actually played (a view: rows stay contiguous)."""
    return contracts[:, : int(games[:, G_CONTRACTS].sum())]


def _play_batch_slow(lineup, seating, seed, game_ids, deal_sets) -> Batch:
    from sim.play import play_game

    n = len(game_ids)
    contracts = np.empty((N_CONTRACT_COLUMNS, n * 28), np.int16)
    games = np.empty((n, N_GAME_COLUMNS), np.int16)
    shares = np.empty((n, 4), np.float64)
    actions = rows = 0
    for i in range(n):
        specs = [lineup[j] for j in seating[i]]
        game = play_game(specs, seed, int(game_ids[i]), int(deal_sets[i]))
        for c in game.contracts:
            contracts[:, rows] = c.row
            rows += 1
        actions += game.decisions
        ranks, share = game.results()
        games[i, G_CONTRACTS] = len(game.contracts)
        games[i, G_END] = 1 if game.end == "over-1000" else 2
        games[i, G_FIRST] = game.first_chooser
        games[i, G_TOTALS : G_TOTALS + 4] = game.totals
        games[i, G_RANKS : G_RANKS + 4] = ranks
        shares[i] = share
    return Batch(_played(contracts, games), games, shares, actions)
