"""The suite's own set-up (tests/conftest.py) names only files that exist."""

from pathlib import Path

from tests.conftest import SLOWEST


def test_the_files_run_first_exist():
    # a renamed file would lose its early place without a word
    root = Path(__file__).resolve().parent.parent
    assert [p for p in SLOWEST if not (root / p).is_file()] == []
