"""What each part of a game must provide: a checked list of names per part.

A game names its parts by module (:data:`sim.core.spec.PARTS`); the machinery reads
them by these names and nothing else (no probing for optional slots). The every-game
suite (``tests/test_every_game.py``) checks each registered game against this list, so
a renamed name fails a test instead of silently switching a feature off.
``docs/games.md`` says what each name means.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Contract:
    """The names a part's module must define (``values``: constants; ``functions``:
    callables), and whether every game must have the part."""

    values: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()
    optional: bool = False


CONTRACTS: dict[str, Contract] = {
    "kernels": Contract(
        values=(
            "N_SEATS",
            "STATE_SIZE",
            "PUB_SIZE",
            "DEAL_SEED",
            "DEAL_COLUMNS",
            "GAME_COLUMNS",
            "N_DEAL_COLUMNS",
            "N_GAME_COLUMNS",
        ),
        functions=(
            "new_game",
            "to_act",
            "hand_of",
            "legal_actions",
            "step",
            "is_over",
            "next_deal",
            "record_deal",
            "record_game",
        ),
    ),  # fmt: skip
    "api": Contract(values=("GAME",)),
    "codec": Contract(
        values=("FORMAT",), functions=("game_record", "loads", "replay", "replay_record")
    ),
    "columns": Contract(
        values=("NULLABLE", "STATISTICS"),
        functions=("game_columns", "deal_columns", "card_plays"),
    ),
    "report": Contract(
        values=("DEAL_COLUMNS", "END_NAMES", "WIN_SHARE", "LAST"),
        functions=("sections", "render", "plots"),
    ),
    "view": Contract(functions=("View",)),
    "web": Contract(  # sim.web reads these and nothing else (docs/web.md)
        values=(
            "CARDS",
            "TRICK_SLOTS",
            "LOOKS",
            "LOOKS_RULE",
            "LABEL",
            "SCRIPT",
            "prompt",  # these seven: a function, or None for the generic one
            "public_text",
            "taken",
            "last_trick",
            "words",
            "controls",
            "describe",
        ),
        functions=("public_view",),
        optional=True,
    ),
    "determinizer": Contract(values=("WORK_SIZE",), functions=("determinize",), optional=True),
    "search": Contract(
        values=("WORK_SIZE", "N_TREE_ACTIONS", "ITERS", "C", "ROLLOUT", "PARAMS"),
        functions=("determinize", "flat", "delegate", "reward_scale", "rewards"),
        optional=True,
    ),
    "solver": Contract(  # the perfect-information solver of pimc and oracle (docs/games.md)
        values=("WORK_SIZE", "MODEL", "WORLDS", "BEFORE", "ORACLE", "PIMC"),
        functions=("solvable", "allies", "score", "reward"),
        optional=True,
    ),
    "observation": Contract(  # the research API's tensor and global action ids (docs/research.md)
        values=("SIZE", "SLICES", "N_GLOBAL"),
        functions=("encode", "to_global", "to_local", "global_names"),
        optional=True,
    ),
    "costs": Contract(values=("COSTS",), optional=True),  # fields of sim.run.cost.Costs
    "bench": Contract(values=("STRENGTH", "LADDER"), functions=("targets",), optional=True),
    # trixsim train's
    "learning": Contract(values=("TEACHER", "GAMES", "HINT", "VIEWS", "EVAL_SETS"), optional=True),
    "analysis": Contract(  # trixsim analyse's (sim.analysis): it needs the solver part too
        # QUIZ: the suite's evaluator (SD on four times its worlds), the games of seed 1 its
        # positions come from, the share of their decisions drawn (about 2,000 positions)
        values=("PHASES", "UNIT", "BANDS", "SD", "QUIZ"),
        functions=("phase", "trick", "position"),
        optional=True,
    ),
    # the suit views a network may read (sim.core.symmetry; docs/learning.md)
    "symmetry": Contract(
        values=("INPUTS", "ACTIONS", "DESCRIPTION"),
        functions=("view_of",),
        optional=True,
    ),
}


def missing(module, part: str) -> list[str]:
    """What ``module`` (a game's ``part``) lacks of its contract, in words; [] when whole."""
    contract = CONTRACTS[part]
    wrong = [f"{part}: no {name}" for name in contract.values if not hasattr(module, name)]
    for name in contract.functions:
        if not callable(getattr(module, name, None)):
            wrong.append(f"{part}: no callable {name}")
    return wrong
