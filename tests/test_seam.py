"""The seam between the machinery and the games: the core names no game; --game everywhere."""

import ast
from pathlib import Path

import pytest

from tests.run_files import trixsim

ROOT = Path(__file__).resolve().parent.parent
MACHINERY = [f for sub in ("core", "run", "report", "table", "web", "bench")
             for f in sorted((ROOT / "sim" / sub).glob("*.py"))]  # fmt: skip
MACHINERY += [ROOT / "sim" / name for name in ("__init__.py", "cli.py")]
MACHINERY += sorted((ROOT / "bots").glob("*.py"))  # the bots of every game
GAME_NAMES = ("trix", "euchre5", "five-hundred", "five_hundred", "terts")
# the one place a game is named: the game of files of trixsim 0.2.0, which name none
LEGACY = {("sim/core/registry.py", "trix")}


def imported(path: Path) -> list[str]:
    """Every module ``path`` imports, and every string in its code (not its docstrings)
    naming a module of sim.games."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.FunctionDef | ast.ClassDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
        ):
            names.append(node.value)  # a module named in a string, e.g. for importlib
    return [n for n in names if n.startswith(("sim.", "bots"))]


@pytest.mark.parametrize("path", MACHINERY, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_machinery_module_imports_a_game(path):
    bad = [m for m in imported(path) if m.startswith("sim.games.") or m.startswith("bots.trix")]
    assert not bad, f"{path.relative_to(ROOT)} names a game: {bad}"


def strings(path: Path) -> list[str]:
    """The string constants of ``path``'s code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Module | ast.FunctionDef | ast.ClassDef)
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]  # fmt: skip


@pytest.mark.parametrize("path", MACHINERY, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_machinery_module_names_a_game(path):
    # a game's name in the machinery's code (a default, a branch on it) would make a fifth
    # game second-class; the default game comes from the registry (its spec says so)
    rel = str(path.relative_to(ROOT))
    bad = [s for s in strings(path) if s in GAME_NAMES and (rel, s) not in LEGACY]
    assert not bad, f"{rel} names a game: {bad}"


def test_the_seam_check_catches_a_game_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text('"""doc naming sim.games.trix is fine"""\nfrom sim.games.trix import rules\n')
    assert imported(f) == ["sim.games.trix"]


def test_games_lists_trix_with_its_seats():
    out = trixsim("games")
    assert out.returncode == 0, out.stderr
    assert any(line.startswith("trix ") and "4 seats" in line for line in out.stdout.splitlines())


def test_every_command_takes_game_trix_and_does_what_it_did(tmp_path):
    plain, named = trixsim("deal", "--seed", "4"), trixsim("deal", "--seed", "4", "--game", "trix")
    assert plain.returncode == named.returncode == 0 and plain.stdout == named.stdout
    assert trixsim("deal", "--seed", "4", "--id", "3").stdout != plain.stdout  # was --game
    (tmp_path / "g.jsonl").write_text(plain.stdout)
    for extra in ([], ["--game", "trix"]):
        out = trixsim("replay", str(tmp_path / "g.jsonl"), *extra)
        assert out.returncode == 0 and "all follow the rules" in out.stdout
    assert trixsim("bots").stdout == trixsim("bots", "--game", "trix").stdout
    run = tmp_path / "run"
    out = trixsim("tournament", "--game", "trix", "--bots", "random", "--games", "8",
                  "--out", str(run), "-q", "--workers", "1")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert trixsim("report", str(run)).returncode == 0
    out = trixsim("play", "--game", "trix", "--seat", "9")
    assert out.returncode == 2 and "--seat takes seats 0-3" in out.stderr


@pytest.mark.parametrize("command", ["deal", "tournament", "bots", "play", "replay"])
def test_an_unknown_game_is_one_line(command, tmp_path):
    args = [command, "--game", "chess"] + (["x.jsonl"] if command == "replay" else [])
    out = trixsim(*args, cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert (
        out.stderr.strip()
        == "trixsim: --game: unknown game 'chess'; registered games: euchre5, five-hundred, "
        "terts, trix"
    )
