"""The record tests' fixtures (test_records.py and test_record_faults.py share them)."""

import pytest

from tests.five_hundred.record_cases import POLICIES, policy_record, record_of


@pytest.fixture(scope="module")
def varied():
    """Policy-played records: several deals, thrown-in deals, made contracts, NT joker leads."""
    return [policy_record(100 + k, *p) for k, p in enumerate(POLICIES)]


@pytest.fixture(scope="module")
def records(varied):
    """Random bots, greedy bots, then the policy records."""
    recs = [record_of(g) for g in range(12)]
    recs += [record_of(g, 7, "greedy") for g in range(3)]
    return recs + varied
