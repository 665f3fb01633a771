"""What a game tells the machinery about itself: one :class:`GameSpec` per game.

A game is one package (``sim/games/trix/`` is the model) whose ``__init__``
defines ``SPEC``, registered under the entry point group ``trixsim.games``
(:mod:`sim.core.registry`). The spec itself is plain data and names its parts by
module path, so reading it costs nothing: a command imports the kernels, the
Python API, the record codec, the Parquet columns, the report sections or the
table view of a game only when it needs them (``spec.part("kernels")``).
``docs/games.md`` says what each part must provide.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

from sim.core.limits import MAX_SEATS

# The parts of a game, by the name of the module (relative to the game's package)
# that holds each; a spec may point a part elsewhere through ``modules``.
PARTS = {
    "kernels": "kernels",  # the numba kernel set the compiled loop runs (docs/games.md)
    "api": "game",  # the checked Python game (a sim.core.api.Game subclass named GAME)
    "codec": "record",  # game records: FORMAT, game_record(), check_record()
    "columns": "columns",  # the per-deal Parquet columns
    "report": "report",  # the game's report sections
    "view": "view",  # the terminal table's screen and words
    "determinizer": "determinize",  # optional: hidden cards as a seat may believe them
    "search": "search",  # optional: what the generic search (the mcts bot) needs of the game
    "solver": "solve",  # optional: the perfect-information solver (the pimc and oracle bots)
    "observation": "observe",  # optional: a seat's information set as a tensor (sim.envs)
    "costs": "costs",  # optional: what a game costs, for the default chunk size (sim.run.cost)
    "bench": "bench",  # optional: the targets and strength line-ups of `make bench`
    "web": "web",  # optional: the game's own parts of a seat's view in the browser (sim/web)
    "learning": "learning",  # optional: the teacher and round size of trixsim train
    "analysis": "analysis",  # optional: phases, error bands and words of trixsim analyse
    "symmetry": "symmetry",  # optional: the suit views a network may read (sim.core.symmetry)
}


@dataclass(frozen=True)
class GameSpec:
    """One game, as the machinery sees it."""

    name: str  # the id on the command line and in every table: "trix"
    version: str  # the rules version: results of different versions are not pooled
    title: str  # one line for `trixsim games`
    package: str  # the game's package, e.g. "sim.games.trix"
    seats: int  # 2..MAX_SEATS
    deck: int  # cards in the deck
    record_format: str  # the format tag of its records, e.g. "trixsim/game-record@1"
    deal: str = "deal"  # what one deal of the game is called (Trix: "contract")
    deal_table: str = "deals"  # the per-deal Parquet table (Trix: "contracts")
    deal_count: str = "deals"  # the games-table column counting them (Trix: "contracts")
    max_deals: int = 1  # most deals a game can have (the loop allocates rows for them)
    default_games: int = 1800  # a default tournament's games: about a minute of greedy,mcts
    teams: tuple[tuple[int, ...], ...] = ()  # seats of each partnership; () = each for himself
    lowest_wins: bool = False  # for `trixsim games` and the report's words
    default: bool = False  # the game every command plays unless told otherwise (one game says so)
    modules: dict[str, str] = field(default_factory=dict)  # part -> module, where not PARTS

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= MAX_SEATS:
            raise ValueError(f"game {self.name!r}: {self.seats} seats; the loop takes "
                             f"2-{MAX_SEATS}")  # fmt: skip
        seated = sorted(s for team in self.teams for s in team)
        if self.teams and seated != list(range(self.seats)):
            raise ValueError(f"game {self.name!r}: teams {self.teams} must hold every seat once")

    def module(self, part: str) -> str:
        """The module path of a part (``"kernels"`` -> ``"sim.games.trix.kernels"``)."""
        if part not in PARTS:
            raise KeyError(f"a game has no part {part!r}; parts: {', '.join(PARTS)}")
        name = self.modules.get(part, PARTS[part])
        return name if "." in name else f"{self.package}.{name}"

    def part(self, part: str):
        """Import a part of the game (the kernels after the numba cache is set up)."""
        if part == "kernels":
            from sim.core.cache import configure

            configure()
        return importlib.import_module(self.module(part))

    def has(self, part: str) -> bool:
        """Whether the game provides this part (all do but the optional determinizer, search,
        solver, observation, costs, bench, web, learning, analysis and symmetry)."""
        return importlib.util.find_spec(self.module(part)) is not None

    @property
    def folder(self) -> Path:
        """The game's source folder: every file in it goes into the kernel cache's key."""
        found = importlib.util.find_spec(self.package)
        if found is None or not found.submodule_search_locations:
            raise ImportError(f"game {self.name!r}: package {self.package!r} not found")
        return Path(next(iter(found.submodule_search_locations)))

    def seat_team(self, seat: int) -> int:
        """The partnership of ``seat`` (its own seat number when each plays for himself)."""
        for t, team in enumerate(self.teams):
            if seat in team:
                return t
        return seat
