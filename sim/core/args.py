"""The checks of the arguments every front end shares (``trixsim``'s commands and the Python
API, :mod:`sim.run.api`): a game, a line-up of bot specs, a number of workers. Each bad
one is a :class:`~sim.core.errors.UsageError` naming the option, in one line."""

from __future__ import annotations

import os

from sim.core.errors import UsageError


def default_name() -> str:
    """The game played when none is named (:func:`sim.core.registry.default_game`); with no
    game registered, Trix's name, which :func:`game` then refuses in one line."""
    from sim.core.registry import LEGACY_GAME, GameError, default_game

    try:
        return default_game()
    except GameError:
        return LEGACY_GAME


def game(name: str | None):
    """The registered game called ``name`` (the default game for None); a one-line error
    naming the others."""
    from sim.core.registry import GameError, get

    try:
        return get(name or default_name())
    except GameError as e:
        raise UsageError(f"--game: {e}") from None


def specs(bots: str, game) -> list:
    """The bot specs of ``--bots`` (1 to one per seat), parsed; one-line errors."""
    from sim.core.bots import BotSpecError, parse_spec

    texts = split_specs(bots)
    if not 1 <= len(texts) <= game.seats:
        raise UsageError(f"--bots takes 1 to {game.seats} bot specs for {game.name} "
                         f"({game.seats} seats), got {len(texts)}: {bots!r}")  # fmt: skip
    try:
        return [parse_spec(t, game.name) for t in texts]
    except BotSpecError as e:
        raise UsageError(str(e)) from None


def lineup(bots: str, game) -> list:
    """The spec at each seat: the specs given, repeated round the table (a,b -> a,b,a,b)."""
    given = specs(bots, game)
    return (given * game.seats)[: game.seats]


def check_workers(workers: int | None) -> None:
    cores = os.cpu_count() or 1
    if workers is not None and not 1 <= workers <= 4 * cores:
        raise UsageError(f"--workers must be from 1 to {4 * cores} (4 per core; this machine "
                         f"has {cores}), got {workers}")  # fmt: skip


def split_specs(text: str) -> list[str]:
    from sim.core.bots import split_specs

    return split_specs(text)
