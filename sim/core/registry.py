"""The registered games, found by name through the entry point group ``trixsim.games``.

Each entry point names a :class:`sim.core.spec.GameSpec` (``trix =
"sim.games.trix:SPEC"`` in ``pyproject.toml``); games of other packages
register the same way. Loading a spec imports only the game's numba-free
``__init__``, so listing the games costs no compilation.
"""

from __future__ import annotations

import warnings
from functools import cache
from importlib.metadata import entry_points

from sim.core.errors import TrixsimError
from sim.core.spec import GameSpec

GROUP = "trixsim.games"
LEGACY_GAME = "trix"  # the game of files of trixsim 0.2.0 (manifests, saves), which name none


class GameError(TrixsimError, ValueError):
    """A game name that is not registered; the message lists the ones that are."""


@cache
def games() -> dict[str, GameSpec]:
    """Every registered game by name, sorted."""
    found: dict[str, GameSpec] = {}
    for ep in entry_points(group=GROUP):
        try:
            spec = ep.load()
        except Exception as e:  # a broken plug-in must not take the others down
            warnings.warn(f"trixsim: game plug-in {ep.name!r} failed to load: {e}", stacklevel=2)
            continue
        if not isinstance(spec, GameSpec):
            warnings.warn(f"trixsim: game plug-in {ep.name!r} is not a GameSpec", stacklevel=2)
            continue
        found[spec.name] = spec
    return dict(sorted(found.items()))


def default_game() -> str:
    """The game every command plays when none is named: the registered game whose spec says
    ``default=True`` (the first by name if several do), else the first registered."""
    known = games()
    chosen = [name for name, spec in known.items() if spec.default] or list(known)
    if not chosen:
        raise GameError("no game is registered (is trixsim installed? pip install -e .)")
    return chosen[0]


def get(name: str) -> GameSpec:
    """The game called ``name``, in any case (``Trix``, ``FIVE-HUNDRED``); GameError names the
    registered ones."""
    known = games()
    if name in known:
        return known[name]
    folded = {key.casefold(): spec for key, spec in known.items()}
    spec = folded.get(name.strip().casefold()) if isinstance(name, str) else None
    if spec is None:
        have = ", ".join(known) or "none (is trixsim installed? pip install -e .)"
        raise GameError(f"unknown game {name!r}; registered games: {have}")
    return spec


def by_format(tag: object) -> GameSpec | None:
    """The game whose records carry the format tag ``tag``, if any."""
    return next((g for g in games().values() if g.record_format == tag), None)
