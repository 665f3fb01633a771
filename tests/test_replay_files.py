"""``trixsim replay`` given a file that holds no game records says what it is in one line.

A saved table (``trixsim-play-3.json``, one JSON document over many lines) was 185 lines of
"malformed JSON"; a run folder was "no such file"; a Parquet file was lines of "not UTF-8";
an unknown format tag named only Trix's. Each now gets one line naming what it is and what
to run instead.
"""

import json
import shutil
from pathlib import Path

import pytest

from tests.report_runs import cli
from tests.test_load_run import small_run


@pytest.fixture(scope="module")
def trix_run(tmp_path_factory) -> Path:
    return small_run(tmp_path_factory, "trix")


def refused(path, *words) -> str:
    """``trixsim replay PATH`` exits 2 with one line holding every one of ``words``."""
    code, out, err = cli("replay", str(path))
    assert code == 2 and out == "", (code, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, (w, err)
    return err.strip()


def saved_table(folder: Path, finished: bool = False) -> Path:
    from sim.table.saved import Saved

    path = folder / "trixsim-play-3.json"
    Saved(3, [0], ["human", "greedy", "greedy", "greedy"], actions=["2C", "3C"],
          save="g.jsonl", finished=finished, game_name="trix").write(path)  # fmt: skip
    assert len(path.read_text().splitlines()) > 10  # one JSON document over many lines
    return path


def test_an_unfinished_saved_table_says_how_to_get_its_record(tmp_path):
    path = saved_table(tmp_path)
    err = refused(path, f"{path} is a saved table", "not a game record",
                  "unfinished", f"trixsim play --resume {path} --save ")  # fmt: skip
    assert "malformed JSON" not in err


def test_a_finished_saved_table_points_at_its_record(tmp_path):
    path = saved_table(tmp_path, finished=True)
    refused(path, "is a saved table", "not a game record",
            f"trixsim play --resume {path} --save ")  # fmt: skip
    record = tmp_path / "trixsim-play-3.record.jsonl"  # where a resumed table writes it
    record.write_text("{}\n")
    refused(path, "is a saved table", f"trixsim replay {record}")


def test_the_saved_tables_format_tag_is_the_one_replay_knows():
    from sim.core.record import TABLE_SAVE_FORMAT
    from sim.table.saved import SAVE_FORMAT

    assert TABLE_SAVE_FORMAT == SAVE_FORMAT


def test_an_unknown_format_tag_lists_every_registered_format(tmp_path):
    from sim.core.registry import games
    from sim.core.replay import check_line

    error = check_line(4, '{"format": "chess-record@1", "game": 0}').error
    assert error.startswith("line 4: format is 'chess-record@1', which no registered game")
    for name, spec in games().items():
        assert f"{spec.record_format} ({name})" in error, error
    path = tmp_path / "chess.jsonl"
    path.write_text('{"format": "chess-record@1", "game": 0}\n')
    code, out, err = cli("replay", str(path))
    assert code == 1 and out.strip() == error.replace("line 4", "line 1")


def test_a_run_folder_says_where_its_records_are(tmp_path, trix_run):
    refused(trix_run, f"{trix_run} is a tournament run", "--record-games",
            f"trixsim report {trix_run}")  # fmt: skip
    copy = tmp_path / "run"
    shutil.copytree(trix_run, copy)
    (copy / "records.jsonl").write_text("")
    refused(copy, f"trixsim replay {copy / 'records.jsonl'}")
    refused(copy / "manifest.json", "is the manifest of the tournament run",
            f"trixsim replay {copy / 'records.jsonl'}")  # fmt: skip


def test_a_parquet_file_or_table_says_what_to_run(trix_run):
    part = trix_run / "games.parquet" / "part-000000.parquet"
    refused(part, f"{part} is a Parquet file", "games table",
            f"trixsim report {trix_run}")  # fmt: skip
    refused(trix_run / "contracts.parquet", "contracts table",
            f"trixsim report {trix_run}", "load_run")  # fmt: skip


def test_a_stray_parquet_file_or_folder_is_named_too(tmp_path, trix_run):
    stray = tmp_path / "x.parquet"
    shutil.copy(trix_run / "games.parquet" / "part-000000.parquet", stray)
    refused(stray, f"{stray} is a Parquet file", "not game records")
    refused(tmp_path, f"{tmp_path} is a folder", "JSON Lines")


def test_a_good_record_file_still_replays(tmp_path):
    code, out, _ = cli("deal", "--seed", "2")
    path = tmp_path / "g.jsonl"
    path.write_text(out)
    code, out, err = cli("replay", str(path))
    assert code == 0 and "all follow the rules" in out, err
    assert json.loads(path.read_text())["format"] == "trixsim/game-record@1"
