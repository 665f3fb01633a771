"""Lower layers never import higher ones: core < games < bots < run, report, table, web, envs <
bench, cli, ladder, learn. An import anywhere in a module counts, inside a function too.

A game's parts that plug into a higher layer sit in that layer: its report sections
(``report*.py``) and its terminal view beside ``sim.report`` and ``sim.table``, its web
part beside ``sim.web``, its bench targets beside ``sim.bench``. Its rules, kernels,
checked game, codec, columns, determinizer and search part are the games layer.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {  # package prefix -> layer
    "sim.core": 0,
    "sim.games": 1,
    "bots": 2,
    "sim.run": 3,
    "sim.report": 3,
    "sim.table": 3,
    "sim.web": 3,
    "sim.envs": 3,
    "sim.analysis": 3,
    "sim.bench": 4,
    "sim.cli": 4,
    "sim.cli_analyse": 4,
    "sim.cli_common": 4,
    "sim.ladder": 4,
    "sim.learn": 4,  # training plays tournaments' deals (sim.run) and their intervals (sim.report)
}


PARTS = {"report": 3, "view": 3, "web": 3, "bench": 4}  # a game's parts above its layer


def layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] == ["sim", "games"] and len(parts) > 3:
        for part, level in PARTS.items():
            if parts[3].startswith(part):
                return level
    hits = [(len(p), n) for p, n in LAYERS.items() if module == p or module.startswith(p + ".")]
    return max(hits)[1] if hits else None


def modules():
    for top in ("sim", "bots"):
        for f in sorted((ROOT / top).rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), f


def imported(module: str, f: Path) -> set[str]:
    package = module if f.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for n in ast.walk(ast.parse(f.read_bytes())):
        if isinstance(n, ast.Import):
            names |= {a.name for a in n.names}
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                up = package.split(".")[: len(package.split(".")) - n.level + 1]
                base = ".".join(up + ([n.module] if n.module else []))
            names |= {f"{base}.{a.name}" for a in n.names} | {base}
    return names


def test_no_module_imports_a_higher_layer():
    wrong = []
    for module, f in modules():
        own = layer(module)
        if own is None:
            continue
        for name in imported(module, f):
            other = layer(name)
            if other is not None and other > own:
                wrong.append(f"{module} imports {name}")
    assert wrong == []


UPWARD = [
    ("sim.core.play", "bots.registry"),
    ("sim.games.trix.game", "sim.web.views"),
    ("sim.games.trix.rules", "bots.trix.greedy"),
    ("sim.games.trix.report", "sim.bench.targets"),
]


@pytest.mark.parametrize("module, name", UPWARD)
def test_the_check_sees_an_upward_import(module, name):
    assert layer(name) > layer(module)
