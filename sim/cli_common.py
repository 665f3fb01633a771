"""What every ``trixsim`` command shares: the one-line user error, the default game, the
parsing of ``--game``, ``--bots`` and ``--workers``. Its own module so that commands in other
modules (:mod:`sim.cli_analyse`) raise the very class :func:`sim.cli.main` catches, even when
the CLI runs as ``python -m sim.cli``."""

from __future__ import annotations

import os

from sim.core.registry import LEGACY_GAME, GameError, default_game

try:
    DEFAULT_GAME = default_game()  # what every command plays unless --game says otherwise
except GameError:  # nothing registered: every command says so in one line
    DEFAULT_GAME = LEGACY_GAME
GAME_HELP = "The game (trixsim games lists them)."


class CliError(Exception):
    """A user error: printed as one line, exit code 2."""


def _game(name: str | None):
    """The registered game called ``name``; a one-line error naming the others."""
    from sim.core.registry import get

    try:
        return get(name or DEFAULT_GAME)
    except GameError as e:
        raise CliError(f"--game: {e}") from None


def _specs(bots: str, game) -> list:
    """The bot specs of ``--bots`` (1 to one per seat), parsed; one-line errors."""
    from sim.core.bots import BotSpecError, parse_spec

    texts = _split_specs(bots)
    if not 1 <= len(texts) <= game.seats:
        raise CliError(f"--bots takes 1 to {game.seats} bot specs for {game.name} "
                       f"({game.seats} seats), got {len(texts)}: {bots!r}")  # fmt: skip
    try:
        return [parse_spec(t, game.name) for t in texts]
    except BotSpecError as e:
        raise CliError(str(e)) from None


def _lineup(bots: str, game) -> list:
    """The spec at each seat: the specs given, repeated round the table (a,b -> a,b,a,b)."""
    specs = _specs(bots, game)
    return (specs * game.seats)[: game.seats]


def _check_workers(workers: int | None) -> None:
    cores = os.cpu_count() or 1
    if workers is not None and not 1 <= workers <= 4 * cores:
        raise CliError(f"--workers must be from 1 to {4 * cores} (4 per core; this machine has "
                       f"{cores}), got {workers}")  # fmt: skip


def _split_specs(text: str) -> list[str]:
    from sim.core.bots import split_specs

    return split_specs(text)
