"""The record tests' fixtures (test_records.py and test_record_faults.py share them)."""

import pytest

from tests.terts.record_cases import play_record


@pytest.fixture(scope="module")
def records():
    return [play_record(seed, seed % 2 == 1) for seed in range(80)]
