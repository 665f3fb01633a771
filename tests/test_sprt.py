"""The sequential test on paired differences (``sim/report/sprt.py``): its statistic, its
stopping point and its error rates, on synthetic differences."""

import math

import numpy as np
import pytest

from sim.report.intervals import MIN_DEAL_SETS, wilson
from sim.report.sprt import H0, H1, UNDECIDED, bounds, llr, sequential


def test_bounds_are_walds():
    lo, hi = bounds(0.05, 0.05)
    assert lo == pytest.approx(math.log(0.05 / 0.95)) and hi == pytest.approx(math.log(19))
    lo, hi = bounds(0.01, 0.1)
    assert lo == pytest.approx(math.log(0.1 / 0.99)) and hi == pytest.approx(math.log(90))
    with pytest.raises(ValueError):
        bounds(0.0, 0.05)


def test_llr_by_hand():
    # differences 1 and 3: mean squared deviation 5 from 0, 1 from 2, so (2 / 2) log 5
    assert llr([1.0, 3.0], 0.0, 2.0) == pytest.approx(math.log(5))
    assert llr([1.0, 3.0], 2.0, 4.0) == pytest.approx(-math.log(5))  # the mirror image
    assert llr([], 0.0, 2.0) == 0.0


def test_it_stops_at_the_first_deal_set_past_a_bound_and_not_before_the_burn_in():
    rnd = np.random.default_rng(6)
    lo, hi = bounds(0.05, 0.05)
    for _ in range(50):
        x = rnd.normal(rnd.uniform(-2, 6), 10, 400)
        r = sequential(x, 0.0, 4.0)
        # a plain walk over the prefixes: the first from the burn-in whose LLR is past a bound
        want = next((n for n in range(MIN_DEAL_SETS, 401)
                     if not lo < llr(x[:n], 0.0, 4.0) < hi), 400)  # fmt: skip
        assert r.deal_sets == want
        assert r.verdict == (UNDECIDED if lo < r.llr < hi else H1 if r.llr >= hi else H0)
        assert r.estimate == pytest.approx(x[: r.deal_sets].mean())
    same = np.full(30, 4.0)  # no spread at all: decided at the burn-in, whatever the size
    assert sequential(same, 0.0, 4.0).deal_sets == MIN_DEAL_SETS
    assert sequential(same, 0.0, 4.0).verdict == H1
    assert sequential(np.zeros(30), 0.0, 4.0).verdict == H0
    assert sequential(np.zeros(5), 0.0, 4.0).verdict == UNDECIDED  # under the burn-in
    with pytest.raises(ValueError):
        sequential(same, 4.0, 0.0)


def test_error_rates_are_what_was_asked_and_it_needs_about_half_a_fixed_test():
    # normal differences with a spread three times d1 - d0, 1,000 tests under each
    # hypothesis (a fixed seed: the figures are the same every run): each error share's
    # 95% interval holds 5%, and the mean deal sets to a verdict is well under the 98 a
    # fixed-size test of the same errors needs ((1.645 + 1.645) * 3)^2
    rnd = np.random.default_rng(11)
    fixed = ((1.6449 + 1.6449) * 3) ** 2
    for true, wrong in ((0.0, H1), (5.0, H0)):
        runs = [sequential(rnd.normal(true, 15.0, 2_000), 0.0, 5.0) for _ in range(1_000)]
        errors = sum(r.verdict == wrong for r in runs)
        low, high = wilson(errors, len(runs))
        assert low <= 0.05 <= high, (true, errors)
        assert all(r.verdict != UNDECIDED for r in runs)
        assert np.mean([r.deal_sets for r in runs]) < 0.7 * fixed


def test_the_calibration_s_range_is_the_binomial_s_quantiles():
    from sim.bench.calibrate import quantile

    # Binomial(200, 0.05): P(X <= 3) = 0.0090, P(X <= 4) = 0.0264; P(X <= 15) = 0.9556,
    # P(X <= 16) = 0.9762
    assert quantile(200, 0.05, 0.025) == 4 and quantile(200, 0.05, 0.975) == 16
    assert quantile(10, 0.5, 0.5) == 5 and quantile(3, 0.0, 0.99) == 0
