"""The bench's plain-Python row: random games through a game's reference rules in tests/.

``make bench`` runs ``python -m tests.bench_python --out FILE [--game NAME]`` from the source
checkout, then hands FILE to ``python -m sim.bench --python FILE``: the shipped bench never
runs a file of tests/. FILE holds each game's measurement as JSON.
"""

import argparse
import json
import random
import statistics
import time
from pathlib import Path


def trix_games(n: int) -> int:
    """``n`` random games of the reference Trix on the engine's deals; the actions taken."""
    from sim.core.rng import deal_seed
    from sim.games.trix import state as S
    from sim.games.trix.cards import cards_of
    from sim.games.trix.rules import deal_contract, new_game, new_state
    from tests.trix.reference_rules import RefGame

    rnd = random.Random(1)
    plays = 0
    for g in range(n):
        s = new_state()
        new_game(s, deal_seed(1, g))  # the same deals as the engine's games
        first = int(s[S.FIRST_CHOOSER])

        def deal(k, g=g):
            s = new_state()
            new_game(s, deal_seed(1, g))
            s[S.CONTRACT_NO] = k
            deal_contract(s)
            return [cards_of(int(s[S.HANDS + p])) for p in range(4)]

        ref = RefGame(first, deal)
        while not ref.over:
            ref.apply(rnd.choice(ref.legal_actions()))
            plays += 1
    return plays


def euchre5_games(n: int) -> int:
    """``n`` random games of the reference five-handed Euchre on the engine's deals."""
    from sim.core.rng import deal_seed
    from sim.games.euchre5 import state as S
    from sim.games.euchre5.cards import cards_of
    from sim.games.euchre5.rules import new_game, new_state, start_deal
    from tests.euchre5.reference_rules import RefGame

    rnd = random.Random(1)
    plays = 0
    for g in range(n):
        s = new_state()
        new_game(s, deal_seed(1, g))  # the same deals as the engine's games
        first = int(s[S.FIRST_DEALER])

        def deal(k, s=s):
            s[S.DEAL_NO] = k
            start_deal(s)
            hands = [cards_of(int(s[S.HANDS + p])) for p in range(5)]
            return hands, int(s[S.UP_CARD]), cards_of(int(s[S.KITTY]))

        ref = RefGame(first, deal)
        while not ref.over:
            ref.apply(rnd.choice(ref.legal_actions()))
            plays += 1
    return plays


def five_hundred_games(n: int) -> int:
    """``n`` random games of the reference Five Hundred on the engine's deals."""
    from sim.core.rng import deal_seed
    from sim.games.five_hundred import state as S
    from sim.games.five_hundred.cards import cards_of
    from sim.games.five_hundred.rules import new_game, new_state, start_deal
    from tests.five_hundred.reference_rules import RefGame

    rnd = random.Random(1)
    plays = 0
    for g in range(n):
        s = new_state()
        new_game(s, deal_seed(1, g))  # the same deals as the engine's games
        first = int(s[S.FIRST_DEALER])

        def deal(k, s=s):
            s[S.DEAL_NO] = k
            start_deal(s)
            return [cards_of(int(s[S.HANDS + p])) for p in range(4)], cards_of(int(s[S.KITTY]))

        ref = RefGame(first, deal)
        while not ref.over:
            ref.apply(rnd.choice(ref.legal_actions()))
            plays += 1
    return plays


def terts_games(n: int) -> int:
    """``n`` random games of the reference Terts on the engine's deals."""
    from sim.core.rng import deal_seed
    from sim.games.terts import state as S
    from sim.games.terts.cards import cards_of
    from sim.games.terts.rules import new_game, new_state, start_deal
    from tests.terts.reference_rules import RefGame

    rnd = random.Random(1)
    plays = 0
    for g in range(n):
        s = new_state()
        new_game(s, deal_seed(1, g))  # the same deals as the engine's games
        first = int(s[S.FIRST_DEALER])

        def deal(k, s=s):
            s[S.DEAL_NO] = k
            start_deal(s)
            stock = [int(c) for c in s[S.STOCK : S.STOCK + 13]]
            return [cards_of(int(s[S.HANDS + p])) for p in range(2)], int(s[S.TURNED]), stock

        ref = RefGame(first, deal)
        while ref.to_act is not None:
            ref.apply(rnd.choice(ref.legal_actions()))
            plays += 1
    return plays


GAMES = {"trix": trix_games, "euchre5": euchre5_games, "five-hundred": five_hundred_games,
         "terts": terts_games}  # fmt: skip


def measure(game: str, n: int, reps: int) -> dict:
    """Games a second and actions a second of ``reps`` runs of ``n`` games: median and range."""
    GAMES[game](1)  # imports and loads the engine's deals off the clock
    rates = []
    for _ in range(reps):
        t = time.perf_counter()
        actions = GAMES[game](n)
        dt = time.perf_counter() - t
        rates.append((n / dt, actions / dt))
    games_s, actions_s = zip(*rates, strict=True)
    return {
        "games": {"median": statistics.median(games_s), "min": min(games_s), "max": max(games_s)},
        "actions": {"median": statistics.median(actions_s), "min": min(actions_s),
                    "max": max(actions_s)},
    }  # fmt: skip


def main() -> None:
    from sim.bench import SCALE, scaled

    parser = argparse.ArgumentParser(prog="python -m tests.bench_python", description=__doc__)
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: every one)")
    args = parser.parse_args()
    n, reps = scaled(60, 2), 1 if SCALE < 1 else 2  # BENCH_SCALE scales it as the bench
    rows = {game: measure(game, n, reps) for game in ([args.game] if args.game else GAMES)}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(json.dumps(rows, indent=1) + "\n")
    tmp.replace(out)


if __name__ == "__main__":
    main()
