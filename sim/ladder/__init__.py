"""``trixsim ladder``: where every standard bot of a game stands, kept up to date cheaply.

A ladder is a round robin of duplicate tournaments, one per pair of bots
(:mod:`sim.ladder.roster`: who plays, how many games, where), played as ordinary runs
(:mod:`sim.ladder.play`), neighbours not told apart played on to a bound
(:mod:`sim.ladder.further`), and summed up in one page per game (:mod:`sim.ladder.page`).
Its folder keeps every pairing, so adding a bot plays only that bot's pairings, and a
pairing is played again only when what fixes its games changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sim.core.package import callable_package
from sim.ladder.roster import LadderError

__all__ = ["LadderError", "run_ladder"]
callable_package(__name__, "sim.ladder.api:ladder")  # sim.ladder(game, …): trixsim ladder


def run_ladder(game: str, out: Path, add: list[str], quick: bool, seed: int | None,
               workers: int | None, say: Callable[[str], None]) -> Path:  # fmt: skip
    """Play what the ladder of ``game`` in ``out`` lacks and write its page; the page's path.

    LadderError for bad input; KeyboardInterrupt when a pairing was interrupted (the
    pairings played so far are kept, and the next call finishes the interrupted one)."""
    from sim.ladder import page, play, roster

    root = out / game
    if out.exists() and not out.is_dir():
        raise LadderError(f"--out {out} is a file; give a folder for the ladders")
    state = roster.load_state(root, game)
    if state is None:
        state = {"game": game, "bots": roster.standard(game, quick), "seed": seed or 1,
                 "quick": quick}  # fmt: skip
    elif state["quick"] != quick:
        said = "with" if state["quick"] else "without"
        raise LadderError(f"the ladder in {root} was made {said} --quick; play it {said} "
                          "--quick, or give another --out")  # fmt: skip
    elif seed is not None and seed != state["seed"]:
        raise LadderError(f"the ladder in {root} plays seed {state['seed']}; drop --seed or "
                          "give another --out")  # fmt: skip
    added = [roster.canonical(t, game) for t in add]
    for text in roster.standard(game, quick) + added:
        if text not in state["bots"]:
            state["bots"].append(text)
        elif text in added:
            say(f"{text} is on the ladder already: only pairings it lacks are played")
    every = roster.pairings(game, state["bots"], root, state["seed"], quick)
    todo = [p for p in every if play.status(p) != "complete"]
    if todo:
        cost = sum(p.seconds for p in todo)
        say(f"{len(todo)} of {len(every)} pairings to play: about {cost / 60:.0f} minutes of "
            "one worker's play on the reference machine (2-core VM)")  # fmt: skip
    else:
        say(f"all {len(every)} pairings played before: the page is written again")
    roster.save_state(root, state)  # an added bot is remembered even if play is interrupted
    play.play(game, todo, workers, say)
    from sim.report import ReportError

    try:
        extra, standing = _play_on(game, state, every, root, quick, workers, say)
        every += extra
        commands = _commands(game, out, state, quick)
        commands += [" ".join(_quote(c) for c in play.command(game, p, None, False))
                     for p in every]  # fmt: skip
        text, data = page.build(game, state["bots"], every, commands, out, quick, standing)
    except ReportError as e:  # a pairing's folder damaged by hand: say which
        raise LadderError(f"the page cannot be written: {e}") from None
    path = out / f"{game}.md"
    tmp = out / f".{game}.md.tmp"
    tmp.write_text(text)
    page.plot(data, out / f"{game}.png")
    tmp.replace(path)
    return path


def _play_on(
    game: str,
    state: dict,
    every: list,
    root: Path,
    quick: bool,
    workers: int | None,
    say: Callable[[str], None],
) -> tuple[list, tuple]:
    """Play on the neighbours the pairings do not tell apart (:mod:`sim.ladder.further`),
    again after each round, until none is left; the further runs, and the standing of all
    (:func:`sim.ladder.page.standing`)."""
    from sim.ladder import further, page, play

    base = {frozenset((p.a, p.b)): p for p in every}
    extra: dict[frozenset, object] = {}
    while True:
        standing = page.standing(state["bots"], every + list(extra.values()))
        rep, said, _, order, _ = standing
        told = [b["paired"] for b in rep["win_rates"] if "paired" in b]
        pairs = [
            (a, b)
            for a, b in further.wanted(order, told, said["cheats"])
            if frozenset((a, b)) not in extra and frozenset((a, b)) in base
        ]
        more = {frozenset(k): further.played_on(game, base[frozenset(k)], root, quick)
                for k in pairs}  # fmt: skip
        more = {k: p for k, p in more.items() if p is not None}
        if not more:
            return list(extra.values()), standing
        todo = [p for p in more.values() if play.status(p) != "complete"]
        if todo:
            n = len(todo)
            say(f"playing on {n} pairing{'s' if n > 1 else ''} not told apart, to the bound")
        play.play(game, todo, workers, say)
        extra |= more


def _commands(game: str, out: Path, state: dict, quick: bool) -> list[str]:
    """The ladder commands that made the page: the standard bots, then each added one."""
    from sim.ladder.roster import standard

    base = f"trixsim ladder --game {game} --out {_quote(str(out))}" + (" --quick" if quick else "")
    base += "" if state["seed"] == 1 else f" --seed {state['seed']}"
    std = standard(game, quick)
    return [base] + [f"{base} --add {_quote(b)}" for b in state["bots"] if b not in std]


def _quote(text: str) -> str:
    import shlex

    return shlex.quote(text)
