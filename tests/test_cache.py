"""The numba cache folders of older sources are pruned, the recent ones kept."""

import os
import time
from pathlib import Path

from sim.core import cache
from tests.test_layers import imported as ast_imports


def test_old_cache_folders_are_pruned_recent_and_foreign_ones_kept(tmp_path):
    now = time.time()
    day = 86400
    ages = {"0000000000000001": 30, "0000000000000002": 20, "0000000000000003": 10,
            "0000000000000004": 9, "0000000000000005": 8, "0000000000000006": 2}  # fmt: skip
    for name, age in ages.items():
        (tmp_path / name).mkdir()
        os.utime(tmp_path / name, (now - age * day, now - age * day))
    (tmp_path / "not-ours").mkdir()
    os.utime(tmp_path / "not-ours", (now - 99 * day, now - 99 * day))
    current = tmp_path / "00000000000000ff"

    gone = cache.prune(str(current), keep=3, idle_days=7)

    # kept: the current one (created), the 3 used last (6, 5, 4), and nothing else idle > 7 days
    assert sorted(os.path.basename(g) for g in gone) == ["0000000000000001", "0000000000000002",
                                                         "0000000000000003"]  # fmt: skip
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["0000000000000004", "0000000000000005", "0000000000000006",
                    "00000000000000ff", "not-ours"]  # fmt: skip
    assert now - current.stat().st_mtime < 60  # marked as used


def test_a_folder_used_within_the_idle_days_is_kept_even_beyond_keep(tmp_path):
    for i in range(5):
        (tmp_path / f"{i:016x}").mkdir()  # all used just now
    assert cache.prune(str(tmp_path / "00000000000000ff"), keep=1, idle_days=7) == []
    assert len(list(tmp_path.iterdir())) == 6


def test_the_cache_key_covers_every_kernel_source_and_no_other_core_module():
    sources = cache.kernel_sources(cache.default_sources())
    names = {f.name for f in sources if f.parent.name == "core"}
    # the kernels, the templates bound per game, and what they read at compile time
    assert {"bits.py", "rng.py", "policies.py", "loop.py", "ismcts.py", "limits.py"} <= names
    assert not names & {"api.py", "play.py", "loop_batch.py", "replay.py", "record.py"}
    games = {f.parent.name for f in sources if f.parent.parent.name == "games"}
    assert "trix" in games  # every registered game's folder
    assert any(f.parent.name == "trix" and f.parent.parent.name == "bots"
               for f in sources)  # fmt: skip
    trix = {f.name for f in sources if f.parent.name == "trix"
            and f.parent.parent.name == "games"}  # fmt: skip
    # the rules and what they read are in; a report, a view or a record codec never compile
    assert {"rules.py", "kernels.py", "vocab.py", "state.py"} <= trix
    assert not trix & {"report.py", "view.py", "record.py", "game.py"}


def test_the_import_scanner_finds_what_ast_finds_in_every_file_here(tmp_path):
    root = Path(__file__).resolve().parent.parent
    odd = tmp_path / "odd.py"  # the forms no file here happens to use
    odd.write_text(
        "import a, b.c as d; from .e import \\\n  f, g\nfrom . import (h,  # (i)\n"
        "    j)\nfrom k \\\n  import l\nfrom .import m\nif x:\n    import n\n"
    )
    files = [(odd, "p.odd")] + [(f, ".".join(f.relative_to(root).with_suffix("").parts))
                                for top in ("sim", "bots", "tests", "examples")
                                for f in sorted((root / top).rglob("*.py"))]  # fmt: skip
    assert len(files) > 300
    for f, module in files:
        assert ast_imports(module, f) <= cache._imports(f, module), f  # what ast sees
    assert cache._imports(odd, "p.odd") >= {"a", "b.c", "p.e.f", "p.e.g", "p.h", "p.j", "k.l",
                                            "p.m", "n"}  # fmt: skip
