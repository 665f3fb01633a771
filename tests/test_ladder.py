"""``trixsim ladder``: a round robin written as a page, kept incrementally: a bot added plays
only its own pairings, a bot already placed plays nothing, and a pairing's folder is keyed
by everything that fixes its games."""

import json

import pytest

from sim.ladder import roster
from tests.run_files import trixsim

pytestmark = pytest.mark.slow


def runs(folder):
    return {p.name: (p / "manifest.json").stat().st_mtime_ns
            for p in (folder / "terts" / "runs").iterdir()}  # fmt: skip


def test_a_quick_ladder_then_an_added_bot_plays_only_its_own_pairings(tmp_path):
    out = tmp_path / "ladder"
    res = trixsim("ladder", "--game", "terts", "--quick", "--out", str(out), "--workers", "1")
    assert res.returncode == 0, res.stderr
    first = runs(out)
    # random, greedy, mcts:iters=20: every pair once; greedy and mcts:iters=20, neighbours
    # not told apart over 22 deal sets, played on (deal sets of their own) to the bound, 40
    assert len(first) == 4 and sum("-further-" in name for name in first) == 1
    assert "playing on 1 pairing not told apart" in res.stderr
    page = (out / "terts.md").read_text()
    assert "(40)" in page and "--seed 1000004" in page and "3 pairings, " in page
    assert (out / "terts.png").stat().st_size > 0
    for head in ("## Ratings", "## Pairwise", "## Verdicts", "## Commands", "(terts.png)"):
        assert head in page
    assert page.count(" ± ") >= 6  # every pairing's difference, both ways, with its interval
    assert "95% t-interval" in page and "time per decision" in page
    for name in first:  # the page says how to play each pairing again
        assert name in page

    res = trixsim("ladder", "--game", "terts", "--quick", "--out", str(out), "--add", "greedy")
    assert res.returncode == 0, res.stderr
    assert "on the ladder already" in res.stderr and "played before" in res.stderr
    assert runs(out) == first  # nothing played again

    # a bot of the user's own, given as module:Class from the folder trixsim runs in
    (tmp_path / "mybot.py").write_text(MYBOT)
    res = trixsim("ladder", "--game", "terts", "--quick", "--out", str(out), "--add",
                  "mybot:Lowest", "--workers", "1", cwd=tmp_path)  # fmt: skip
    assert res.returncode == 0, res.stderr
    after = runs(out)
    assert {k: after[k] for k in first} == first  # nothing played before is played again
    new = set(after) - set(first)  # its 3 pairings, and any new neighbours played on
    assert sum("-further-" not in n for n in new) == 3 and all("Lowest" in n or "-further-" in n
                                                               for n in new)  # fmt: skip
    assert "[3/3]" in res.stderr and "[4/" not in res.stderr
    state = json.loads((out / "terts" / "ladder.json").read_text())
    assert state["bots"][-1] == "mybot:Lowest"
    page = (out / "terts.md").read_text()
    assert "--add mybot:Lowest" in page and "`mybot:Lowest`" in page

    for args, said in ((["--add", "nosuch"], "unknown bot 'nosuch'"),
                       (["--seed", "9"], "plays seed 1"),
                       ([], "was made with --quick")):  # fmt: skip
        quick = [] if said == "was made with --quick" else ["--quick"]
        res = trixsim("ladder", "--game", "terts", *quick, "--out", str(out), *args)
        assert res.returncode == 2 and said in res.stderr, res.stderr
        assert len(res.stderr.strip().splitlines()) == 1
    assert runs(out) == after


MYBOT = '''
import numpy as np
from sim.core.bots import BatchedBot

class Lowest(BatchedBot):
    """The legal action of lowest id."""

    def act(self, obs, legal):
        return np.argmax(legal, axis=1)
'''


def test_a_class_bot_is_played_again_when_its_code_changes(tmp_path, monkeypatch):
    (tmp_path / "mybot.py").write_text(MYBOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    base = roster.pairings("terts", ["greedy", "mybot:Lowest"], tmp_path, 1, True)[0]
    same = roster.pairings("terts", ["greedy", "mybot:Lowest"], tmp_path, 1, True)[0]
    assert base.folder == same.folder
    (tmp_path / "mybot.py").write_text(MYBOT + "# a change\n")
    changed = roster.pairings("terts", ["greedy", "mybot:Lowest"], tmp_path, 1, True)[0]
    assert changed.folder != base.folder  # same name, other code: its games are played anew
    plain = roster.pairings("terts", ["greedy", "random"], tmp_path, 1, True)[0]
    assert roster.bot_code("terts", "greedy") == "" and plain.games > 0  # registered: no digest


def test_a_pairing_is_keyed_by_what_fixes_its_games(tmp_path):
    base = roster.pairings("terts", ["greedy", "random"], tmp_path, 1, True)[0]
    assert (
        base.folder == roster.pairings("terts", ["greedy", "random"], tmp_path, 1, True)[0].folder
    )
    assert base.folder.parent == tmp_path / "runs"
    for other in (
        roster.pairings("terts", ["greedy", "mcts:iters=20"], tmp_path, 1, True)[0],
        roster.pairings("terts", ["random", "greedy"], tmp_path, 1, True)[0],
        roster.pairings("terts", ["greedy", "random"], tmp_path, 2, True)[0],
    ):
        assert other.folder != base.folder  # other specs, seats in order, seed: other games
    assert base.games % 2 == 0 and base.games >= 4  # whole deal sets, two at least


def test_a_pairing_played_with_other_defaults_is_played_anew(tmp_path):
    # a run records its bots' values, defaults filled in; a default changed since (the same
    # text, another bot) leaves that run alone and gives the pairing a folder of its own
    from sim.core.bots import played_params

    base = roster.pairings("terts", ["greedy", "mcts:iters=20"], tmp_path, 1, True)[0]
    now = played_params("terts", ["greedy", "mcts:iters=20"])
    assert now["mcts:iters=20"]["iters"] == 20 and "c" in now["mcts:iters=20"]  # defaults too
    base.folder.mkdir(parents=True)
    for params, same in ((now, True), ({"greedy": {}, "mcts:iters=20": {"iters": 20}}, False)):
        (base.folder / "manifest.json").write_text(json.dumps({"params": params}))
        again = roster.pairings("terts", ["greedy", "mcts:iters=20"], tmp_path, 1, True)[0]
        assert (again.folder == base.folder) == same and again.folder.parent == base.folder.parent


def test_every_game_has_a_ladder_of_its_own_bots():
    from sim.core.bots import parse_spec
    from sim.core.registry import games

    for name, spec in games().items():
        if not spec.has("bench"):  # a game without one (the toy game) has the standard
            continue
        bots = roster.standard(name)
        assert {"random", "greedy", "oracle"} <= set(bots) and len(bots) == len(set(bots)) >= 7
        assert sum(b.startswith("mcts") for b in bots) == 3
        assert sum(b.startswith("pimc") for b in bots) >= 2  # two budgets, or models besides
        assert all(parse_spec(b, name).text == b for b in bots)  # canonical: keys are stable


def block(better, worse, diff, ci, n=100):
    verdict = "beats" if diff > ci else "not told apart"
    return {"better": better, "worse": worse, "difference": diff / 100, "ci": ci / 100,
            "deal_sets": n, "verdict": verdict}  # fmt: skip


def test_strengths_fit_every_pairing_and_the_order_keeps_every_verdict():
    from sim.ladder.strength import fit, order

    bots = ["a", "b", "c"]
    s = fit(bots, [block("a", "b", 10, 2), block("b", "c", 5, 2), block("a", "c", 15, 2)])
    assert [round(s[b][0], 6) for b in bots] == [round(x, 6) for x in (25 / 3, -5 / 3, -20 / 3)]
    assert all(0 < s[b][1] < 2 for b in bots)
    # a beats b narrowly, but loses to c by far, which b beats: the fit puts b above a,
    # the order keeps the verdict
    pairs = [block("a", "b", 2, 1.5), block("c", "a", 20, 3), block("b", "c", 1, 3)]
    s = fit(bots, pairs)
    assert s["b"][0] > s["a"][0]
    placed, against = order(bots, s, pairs)
    assert placed.index("a") < placed.index("b") and against == []
    # verdicts in a circle: no order keeps them all, and the one it goes against is named
    circle = [block("a", "b", 5, 1), block("b", "c", 5, 1), block("c", "a", 5, 1)]
    placed, against = order(bots, fit(bots, circle), circle)
    assert len(against) == 1 and sorted(placed) == bots


def test_no_committed_ladder_page_orders_its_bots_against_its_own_verdicts():
    import re
    from pathlib import Path

    pages = sorted(Path(__file__).parent.parent.joinpath("docs", "ladder").glob("*.md"))
    assert len(pages) == 4
    for page in pages:
        text = page.read_text()
        rows = re.findall(r"^\| (\d+) \| `([^`]+)` \|", text, re.M)
        rank = {name.removesuffix(" (cheats)"): int(i) for i, name in rows}
        said = re.findall(r"^- (\S+) beats (\S+) by", text, re.M)
        circle = re.findall(r"goes against `(\S+)` beats `(\S+)`", text)
        assert rank and said, page
        for a, b in said:
            assert rank[a] < rank[b] or (a, b) in circle, f"{page.name}: {a} beats {b}"
