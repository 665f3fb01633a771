"""``trixsim deal`` and ``trixsim replay`` as Python functions (``sim.deal``, ``sim.replay``):
the command's checks and one-line errors (:class:`~sim.core.errors.UsageError`), the
results as data; the commands print them."""

from __future__ import annotations

from pathlib import Path


def deal(seed: int = 1, id: int = 0, deal_set: int | None = None, bots: str = "random",
         game: str | None = None) -> dict:  # fmt: skip
    """Play one full game and return its record (the game's RECORD.md) as a dict: ``id`` is
    the game's id within the run, ``deal_set`` its deal set when it is not its id, ``bots``
    specs repeated round the table."""
    import json

    from sim.core import args
    from sim.core.errors import UsageError
    from sim.core.limits import MAX_GAMES, MAX_SEED
    from sim.core.play import play_game
    from sim.core.record import dumps

    if not 0 <= seed <= MAX_SEED:
        raise UsageError(f"--seed must be from 0 to 2**64 - 1, got {seed}")
    if not 0 <= id <= MAX_GAMES:
        raise UsageError(f"--id must be from 0 to {MAX_GAMES:,}, got {id}")
    if deal_set is not None and not 0 <= deal_set <= MAX_GAMES:
        raise UsageError(f"--deal-set must be from 0 to {MAX_GAMES:,}, got {deal_set}")
    spec = args.game(game)
    specs = args.lineup(bots, spec)
    g = play_game(spec, specs, seed, id, deal_set)
    return json.loads(dumps(spec.part("codec").game_record(g, id, [s.text for s in specs])))


def replay(file: str | Path, game: str | None = None) -> list:
    """Check every game record of the JSON Lines ``file`` against the rules: one verdict
    each (:mod:`sim.core.replay`; ``.ok``). ``game``: the game of records whose format tag
    names none."""
    from sim.core import args
    from sim.core.errors import UsageError
    from sim.core.replay import not_records

    spec = args.game(game)
    what = not_records(Path(file))  # a saved table, a run folder, Parquet: say so
    if what:
        raise UsageError(f"replay: {what}")
    if not Path(file).is_file():
        raise UsageError(f"replay: no such file {str(file)!r}; give a JSON Lines file of "
                         "records, or - for standard input")  # fmt: skip
    return checked(str(file), str(file), spec)


def checked(source, name: str, spec) -> list:
    """The verdicts of ``source`` (a path, or a binary stream called ``name``)."""
    from sim.core.errors import UsageError
    from sim.core.replay import check_file

    try:
        return check_file(source, spec)
    except OSError as e:
        raise UsageError(f"replay: cannot read {name} ({e.strerror})") from None
