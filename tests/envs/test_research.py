"""docs/research.md holds what the code does: its layouts are the observation parts', its
Python examples run, and the training example trains, saves and ranks a policy end to end."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim.envs.layout import BEGIN, END, every_layout

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "research.md"


def test_the_page_holds_every_games_layout():
    text = DOC.read_text(encoding="utf-8")
    held = text.split(BEGIN)[1].split(END)[0].strip()
    assert held == every_layout().strip(), "run python -m sim.envs.layout --write docs/research.md"


def test_the_pages_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 6
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), {"__name__": "research_doc"})


@pytest.mark.slow
def test_the_training_example_trains_saves_and_ranks_a_policy_from_any_folder(tmp_path):
    # run from a folder of its own: everything it writes is under --out
    out = tmp_path / "out"
    (tmp_path / "cwd").mkdir()
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_policy.py"), "--game", "terts",
         "--teacher", "greedy", "--games", "6", "--epochs", "1", "--hidden", "16",
         "--out", str(out), "--evaluate", "20", "--against", "random"],
        cwd=tmp_path / "cwd", capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "policy.npz").is_file() and "agrees with the teacher on" in done.stdout
    assert (out / "vs-random" / "manifest.json").is_file()
    assert f"neural:model={out / 'policy.npz'}" in done.stdout and "win share" in done.stdout
    assert not any((tmp_path / "cwd").iterdir())


def test_a_torch_policy_without_torch_is_refused_when_its_spec_is_read(monkeypatch):
    # refused as the line-up is read, before a worker starts or a run folder is made
    from sim.bench import research
    from sim.core.bots import BotSpecError, parse_spec

    monkeypatch.setattr(research, "has_torch", lambda: False)
    with pytest.raises(BotSpecError, match=r"needs PyTorch.*pip install 'trixsim\[train\]'"):
        parse_spec("sim.bench.research:TorchMLP", "euchre5")


@pytest.mark.slow
def test_the_self_play_starter_runs_from_any_folder(tmp_path):
    pytest.importorskip("torch")
    out = tmp_path / "out"
    (tmp_path / "cwd").mkdir()
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "selfplay.py"), "--game", "terts",
         "--minutes", "0.001", "--games", "2", "--deal-sets", "2", "--out", str(out)],
        cwd=tmp_path / "cwd", capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "weights.npz").is_file() and (out / "curve.png").is_file()
    curve = (out / "curve.csv").read_text().splitlines()
    assert curve[0].startswith("round,stage") and "random" in curve[0] and len(curve) >= 3
    assert not any((tmp_path / "cwd").iterdir())
