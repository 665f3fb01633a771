"""Learn a game by self-play from nothing, in minutes: Deep Monte Carlo, small.

    python examples/selfplay.py --game terts --minutes 3 --out selfplay-terts

A network that starts knowing nothing plays rounds of games against itself and ``random``
(drawing its moves from its own scores, so it tries things), and learns what each action
it took was worth: its score of the action is regressed on the return of the deal that
followed (DouZero's method, the self-play stage of ``trixsim train``). No teacher, no
rules of thumb. After each few rounds it is measured against ``random`` and ``greedy`` in
duplicate games it never trained on; the learning curve is ``curve.png`` in ``--out``.

It runs from any folder and writes only in ``--out``; needs PyTorch on the CPU
(``pip install 'trixsim[train]'``). docs/learning.md says what it reached.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sim.learn.driver import train
from sim.learn.settings import Settings


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="terts")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--out", type=Path, default=None, help="a new folder (default selfplay-GAME)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=200, help="games a round")
    ap.add_argument("--deal-sets", type=int, default=20, help="deal sets of each measurement")
    args = ap.parse_args(argv)
    settings = Settings(
        game=args.game, minutes=args.minutes, seed=args.seed, imitate=0.0,
        opponents="random", improve_games=args.games, improve_temperature=1.0,
        improve_lr=1e-3, measures=4, yardsticks="random;greedy", eval_sets=args.deal_sets,
    )  # fmt: skip
    weights = train(settings, args.out or Path(f"selfplay-{args.game}"))
    print(f"weights in {weights}; the curve beside them: {weights.parent / 'curve.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
