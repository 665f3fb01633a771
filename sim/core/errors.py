"""The one exception a caller of trixsim needs to catch.

Every error a user can cause (a bad argument, a game or bot that does not exist, a run
folder that is not one) is a :class:`TrixsimError` whose text is one line saying what was
wrong and what would be right: ``trixsim`` prints it after ``trixsim: `` and exits 2, and
a notebook catches ``sim.TrixsimError``. The modules keep their own classes (GameError,
BotSpecError, PlanError, TournamentError, ReportError, …); each is a TrixsimError.
"""

from __future__ import annotations


class TrixsimError(Exception):
    """A user error, in one line."""


class UsageError(TrixsimError, ValueError):
    """A bad argument, named as the ``trixsim`` option that takes it (``--games must …``)."""
