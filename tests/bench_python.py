"""The bench's plain-Python row: random games through a game's reference rules in tests/.

Run by ``sim.bench`` as ``python -m tests.bench_python GAME GAMES REPS`` from a source
checkout (the engine never imports tests/); prints the measurement as JSON.
"""

import json
import random
import statistics
import sys
import time


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


def main() -> None:
    game, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if game not in GAMES:
        sys.exit(f"no plain-Python rules of {game} in tests/")
    GAMES[game](1)  # imports and loads the engine's deals off the clock
    rates = []
    for _ in range(reps):
        t = time.perf_counter()
        actions = GAMES[game](n)
        dt = time.perf_counter() - t
        rates.append((n / dt, actions / dt))
    games_s, actions_s = zip(*rates, strict=True)
    print(json.dumps({
        "games": {"median": statistics.median(games_s), "min": min(games_s), "max": max(games_s)},
        "actions": {"median": statistics.median(actions_s), "min": min(actions_s),
                    "max": max(actions_s)},
    }))  # fmt: skip


if __name__ == "__main__":
    main()
