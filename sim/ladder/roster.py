"""Who is on a game's ladder, what each pairing plays, and where its games are kept.

The standard bots are the same kinds for every game (:data:`STANDARD`); a game's bench
part names its own (``LADDER``) where the standard budgets would not suit it (Trix's
``pimc`` solves a whole game per world: its ladder limits the solve to the last tricks),
so a game is named nowhere here. A pairing is two bots' duplicate tournament; its folder's name
ends in a key of everything that fixes its games (the game and its rules version,
trixsim's version, the two canonical specs, games, seed, and the source file of a bot given
as ``module:Class``), so a pairing already played is found again and a changed spec, rules
version, trixsim version or class bot's code plays it anew (the
report pools runs of one trixsim version only: bots may play otherwise in another).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from sim.core.errors import TrixsimError

STANDARD = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
            "pimc:worlds={quarter}", "pimc", "oracle")  # fmt: skip
QUICK = ("random", "greedy", "mcts:iters=20")  # --quick: a small ladder, for the tests
BUDGET = 10.0  # seconds of one worker a pairing aims at (sim.run.cost, the reference machine)
QUICK_BUDGET = 0.2
MIN_DEAL_SETS = 10  # a verdict needs 10 at least (sim.report.stats)
MOST_DEAL_SETS = 200  # a pairing of cheap bots stops here: its interval is small already
STATE = "ladder.json"  # the ladder's bots and settings, in its game folder


class LadderError(TrixsimError, ValueError):
    """A user error: one line."""


def standard(game: str, quick: bool = False) -> list[str]:
    """The canonical specs of the standard bots ``game`` has: its bench part's ``LADDER``,
    else :data:`STANDARD` (``{quarter}``: a quarter of the bot's default worlds)."""
    from sim.core.bots import load_bots, parse_spec
    from sim.core.registry import get

    have = load_bots(game)
    spec = get(game)
    texts = QUICK if quick else spec.part("bench").LADDER if spec.has("bench") else STANDARD
    out = []
    for text in texts:
        name = text.partition(":")[0]
        if name not in have:
            continue
        worlds = {p.name: p.default for p in have[name].params}.get("worlds", 4)
        spec = parse_spec(text.format(quarter=max(1, int(worlds) // 4)), game).text
        if spec not in out:
            out.append(spec)
    return out


def canonical(text: str, game: str) -> str:
    """``text`` as every table names it; LadderError if it is not a bot of ``game``."""
    from sim.core.bots import BotSpecError, parse_spec, split_specs

    if len(split_specs(text)) != 1:
        raise LadderError(f"--add takes one bot spec at a time, got {text!r}")
    try:
        return parse_spec(text, game).text
    except BotSpecError as e:
        raise LadderError(f"--add: {e}") from None


@dataclass(frozen=True)
class Pairing:
    """Two bots' duplicate tournament on the ladder."""

    a: str
    b: str
    games: int
    seed: int
    folder: Path
    seconds: float  # its estimated cost: seconds of one worker on the reference machine

    @property
    def bots(self) -> str:
        return f"{self.a},{self.b}"


def games_for(game: str, a: str, b: str, budget: float, least: int) -> tuple[int, float]:
    """Games of a pairing: whole deal sets filling about ``budget`` seconds of one worker on
    the reference machine (a function of the specs alone, never of this machine's speed),
    ``least`` deal sets at least and :data:`MOST_DEAL_SETS` at most; and their seconds."""
    from sim.core.bots import parse_spec
    from sim.core.registry import get
    from sim.run.cost import seconds_per_game
    from sim.run.plan import seatings_for

    spec = get(game)
    seatings = seatings_for([a, b], spec.seats, spec.teams)
    per = seconds_per_game(game, [parse_spec(a, game), parse_spec(b, game)], seatings)
    s = len(seatings)
    sets = max(least, min(math.floor(budget / (per * s)), MOST_DEAL_SETS))
    return sets * s, sets * s * per


def bot_code(game: str, text: str) -> str:
    """A digest of the source file of a ``module:Class`` bot, and of the files its
    parameters name (``neural``'s weights); '' for a registered bot without: a bot is
    replayed when its code or weights change, its name being the same."""
    import inspect

    from sim.core.bots import parse_spec

    spec = parse_spec(text, game)
    info = spec.info
    if info.cls is None or ":" not in info.name:
        return spec.fingerprint()
    try:
        source = Path(inspect.getsourcefile(info.cls)).read_bytes()
    except (OSError, TypeError):
        return spec.fingerprint()
    return hashlib.sha256(source).hexdigest()[:16] + spec.fingerprint()


def pairings(game: str, bots: list[str], root: Path, seed: int, quick: bool) -> list[Pairing]:
    """Every pairing of ``bots`` (in their order), each with its folder under ``root``."""
    from sim import __version__
    from sim.core.registry import get

    version = get(game).version
    budget, least = (QUICK_BUDGET, 2) if quick else (BUDGET, MIN_DEAL_SETS)
    out = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            games, seconds = games_for(game, a, b, budget, least)
            code = [bot_code(game, t) for t in sorted([a, b])]
            key = json.dumps([game, version, __version__, sorted([a, b]), games, seed]
                             + ([code] if any(code) else []))  # fmt: skip
            name = re.sub(r"[^A-Za-z0-9=.+-]+", "_", f"{a}-vs-{b}")[:80]
            out.append(Pairing(a, b, games, seed, run_folder(root, name, key, game, [a, b]),
                               seconds))  # fmt: skip
    return out


def run_folder(root: Path, name: str, key: str, game: str, bots: list[str]) -> Path:
    """A pairing's folder: its name and a digest of ``key``. A run there that recorded other
    parameter values than its bots resolve to now (a changed default: the same text, another
    bot) is left as it is, and the pairing gets a folder of its own, played anew."""
    from sim.core.bots import changed_param, played_params

    folder = root / "runs" / f"{name}-{_digest(key)}"
    played = recorded_params(folder)
    if played is None:
        return folder
    now = played_params(game, bots)
    if all(changed_param(played.get(t, v), v) is None for t, v in now.items()):
        return folder
    return root / "runs" / f"{name}-{_digest(key + json.dumps(now, sort_keys=True))}"


def recorded_params(folder: Path) -> dict | None:
    """The bots' parameter values a run's manifest recorded (None: no run, or one written
    before runs recorded them)."""
    from sim.run.store import TournamentError, read_manifest

    try:
        params = read_manifest(folder).get("params")
    except TournamentError:  # none, or damaged: the tournament's --resume says what is wrong
        return None
    return params if isinstance(params, dict) else None


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:10]


def load_state(folder: Path, game: str) -> dict | None:
    """The ladder's saved bots and settings, or None for a new ladder; LadderError for a
    file that is not one."""
    path = folder / STATE
    if not path.exists():
        return None
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        why = f"{path} is not a ladder's state ({e}); move it away to start anew"
        raise LadderError(why) from None
    ok = (isinstance(state, dict) and state.get("game") == game
          and isinstance(state.get("bots"), list) and all(isinstance(b, str) for b in state["bots"])
          and type(state.get("seed")) is int and isinstance(state.get("quick"), bool))  # fmt: skip
    if not ok:
        raise LadderError(f"{path} is not a {game} ladder's state (game, bots, seed, quick); "
                          "move it away to start anew")  # fmt: skip
    return state


def save_state(folder: Path, state: dict) -> None:
    """Written whole or not at all (a temporary file renamed over the old one)."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{STATE}.tmp"
    tmp.write_text(json.dumps(state, indent=1) + "\n")
    tmp.replace(folder / STATE)
