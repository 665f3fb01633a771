"""What every ``trixsim`` command shares: the one-line user error, the default game, the
parsing of ``--game``, ``--bots`` and ``--workers`` (:mod:`sim.core.args`, which the Python
API shares). Its own module so that commands in other modules (:mod:`sim.cli_analyse`)
raise the very class :func:`sim.cli.main` catches, even when the CLI runs as
``python -m sim.cli``."""

from __future__ import annotations

from sim.core import args
from sim.core.errors import UsageError

# the checks the Python API shares (sim.core.args), by the names the commands know
_game, _specs, _lineup = args.game, args.specs, args.lineup  # --game (None: the default), --bots
_check_workers, _split_specs = args.check_workers, args.split_specs

DEFAULT_GAME = args.default_name()  # what every command plays unless --game says otherwise
GAME_HELP = "The game (trixsim games lists them)."


class CliError(UsageError):
    """A user error: printed as one line, exit code 2 (as every
    :class:`~sim.core.errors.TrixsimError` is)."""
