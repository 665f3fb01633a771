"""OpenSkill (Plackett–Luce) ratings of bot specs from the finishing orders of games.

Each game is one "team" of one player per seat (in a partnership game, one
team per partnership, of its seats), ranked by ``rank_<seat>`` (ties share a
rank). The package rates players, not specs seated twice, so a spec
holding several seats of one game enters as one copy per seat; its rating then
moves by the sum of the copies' changes in mu, and its sigma shrinks by the
product of their sigma ratios, as if the seats had been rated one after another.
Ratings are online, so they depend on the order of the games: games are rated
in a random order fixed by ``seed``. Rating costs about 0.2 ms per game, so by
default a uniform random sample of at most ``limit`` games (over all runs
together) is rated; ``limit=0`` rates them all.
"""

from __future__ import annotations

import numpy as np

from sim.report.data import Games

DEFAULT_LIMIT = 10_000


def rate(games: Games, limit: int = DEFAULT_LIMIT, seed: int = 0) -> dict:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    n = len(games)
    rng = np.random.default_rng(seed)
    order = rng.choice(n, size=limit, replace=False) if 0 < limit < n else np.arange(n)
    rng.shuffle(order)
    bots = games.bots[order].tolist()
    ranks = games.ranks[order].tolist()
    mu: dict[int, float] = {}
    sigma: dict[int, float] = {}
    seats = np.zeros(len(games.names), np.int64)
    default = model.rating()
    for b in np.unique(games.bots):
        mu[int(b)], sigma[int(b)] = default.mu, default.sigma
    teams = [list(t) for t in games.spec.teams] or [[p] for p in range(games.spec.seats)]
    for seat_bots, seat_ranks in zip(bots, ranks, strict=True):
        rated = [[model.rating(mu=mu[seat_bots[s]], sigma=sigma[seat_bots[s]]) for s in team]
                 for team in teams]  # fmt: skip
        new = model.rate(rated, ranks=[seat_ranks[team[0]] for team in teams])
        dmu: dict[int, float] = {}
        ratio: dict[int, float] = {}
        for team, after in zip(teams, new, strict=True):
            for s, r in zip(team, after, strict=True):
                b = seat_bots[s]
                dmu[b] = dmu.get(b, 0.0) + r.mu - mu[b]
                ratio[b] = ratio.get(b, 1.0) * r.sigma / sigma[b]
                seats[b] += 1
        for b in dmu:
            mu[b] += dmu[b]
            sigma[b] *= ratio[b]
    lines = [
        {"bot": games.names[b], "mu": mu[b], "sigma": sigma[b], "ordinal": mu[b] - 3 * sigma[b],
         "seat_games": int(seats[b])}
        for b in mu
    ]  # fmt: skip
    lines.sort(key=lambda x: -x["ordinal"])
    return {
        "model": "openskill PlackettLuce (default mu 25, sigma 25/3)",
        "games_rated": len(order),
        "games": n,
        "sample_seed": seed,
        "teams": bool(games.spec.teams),
        "bots": lines,
    }
