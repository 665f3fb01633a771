"""What every game's tournaments share: the same files with 1 or 2 workers and a resume after
lost and damaged parts, shown once per game (each game's own columns and sections are checked
in ``tests/<game>/test_tables.py`` on the same runs, ``tests.run_files.standard_run``); bad
input in one line. Ctrl-C then resume, and the Dask backend, are the runner's alone (it never
names a game): shown on one game each here, on Trix in tests/test_dask.py and tests/test_faults.py.
"""

import pytest

from sim.core.registry import get
from tests.run_files import (
    STANDARD,
    assert_same_parts,
    dask_writes_the_files_of,
    interrupted_run_resumes,
    refused_in_one_line,
    resumes_lost_and_damaged_parts,
    standard_args,
    standard_run,
)

GAMES = sorted(STANDARD)
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game", GAMES)
def test_one_and_two_workers_give_identical_files(tmp_path_factory, game):
    one, two = (standard_run(tmp_path_factory, game, w) for w in (1, 2))
    std = STANDARD[game]
    tables = ("games", get(game).deal_table)
    assert len(list((one / "games.parquet").iterdir())) == std["games"] // std["chunk"]
    assert_same_parts(one, two, tables)
    assert (one / "records.jsonl").read_bytes() == (two / "records.jsonl").read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_resume_after_lost_and_half_written_chunks_equals_uninterrupted(
    tmp_path_factory, tmp_path, game
):
    run = standard_run(tmp_path_factory, game, 1)
    resumes_lost_and_damaged_parts(run, tmp_path / "lost", ("games", get(game).deal_table))


@pytest.mark.parametrize("game", ["euchre5"])
def test_ctrl_c_keeps_finished_chunks_and_resume_finishes_the_same_run(tmp_path, game):
    std = STANDARD[game]
    games = std["chunk"] * 100  # a second or two of play: cut after 3 parts of 100
    args = ["tournament", "--game", game, "--bots", std["bots"], "--games", str(games),
            "--chunk", str(std["chunk"]), "--workers", "1", "-q"]  # fmt: skip
    interrupted_run_resumes(args, tmp_path, 100, ("games", get(game).deal_table))


@pytest.mark.parametrize("game", ["five-hundred"])
def test_the_dask_backend_writes_the_files_of_local_processes(tmp_path_factory, tmp_path, game):
    pytest.importorskip("distributed")
    run = standard_run(tmp_path_factory, game, 1)
    dask_writes_the_files_of(run, standard_args(game), tmp_path / "dask",
                             ("games", get(game).deal_table))  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("case", ["unknown bot", "bad parameter", "too many bots"])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, game, case):
    seats = get(game).seats
    args, words = {
        "unknown bot": (["--bots", "trixbot"], f"unknown bot 'trixbot' for {game}"),
        "bad parameter": (["--bots", "mcts:iters=0"], "iters"),
        "too many bots": (["--bots", ",".join("abcdefg"[: seats + 1])],
                          f"takes 1 to {seats} bot specs"),
    }[case]  # fmt: skip
    refused_in_one_line(["tournament", "--game", game, "--games", "20", *args], words, tmp_path)
