"""Honest numbers on small runs: Student's t intervals over deal sets (their quantiles against
known values, their coverage by simulation), no verdict under the minimum of deal sets, and
the deal sets still to play. Pure numpy: thousands of simulated runs in well under a second."""

import math

import numpy as np
import pytest

from sim.report.intervals import (
    FEW,
    MIN_DEAL_SETS,
    SERIES_DF,
    _cornish_fisher,
    deal_sets_for,
    mean_ci,
    t95,
    t_quantile,
    wilson,
)
from sim.report.stats import sentence, win_summary
from tests import student_t

Z = 1.959963984540054  # the normal quantile the report used whatever the deal sets
SD = 0.12  # a realistic spread of per-deal-set differences: mcts - greedy over 2 deal sets
# of Trix (25.0 ± 16.3 with 1.96 is a spread of 16.3 / 1.96 * √2 = 11.8 points)
RUNS = 40_000


def binomial_range(runs: int, p: float = 0.95, z: float = 3.29) -> tuple[float, float]:
    """Where the share of ``runs`` intervals that hold the truth lies 999 times in 1000."""
    half = z * math.sqrt(p * (1 - p) / runs)
    return p - half, p + half


def test_t_quantiles_match_known_values():
    assert t95(1) == pytest.approx(math.tan(0.475 * math.pi), rel=1e-12)  # df 1: Cauchy
    assert t95(2) == pytest.approx(0.95 / math.sqrt(2 * 0.975 * 0.025), rel=1e-12)  # closed form
    printed = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 9: 2.262, 10: 2.228,
               20: 2.086, 29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}  # fmt: skip
    for df, value in printed.items():  # any printed table of t
        assert round(t95(df), 3) == value, df
    assert t_quantile(0.8, 10) == pytest.approx(0.879, abs=5e-4)
    assert t95(10**9) == pytest.approx(Z, abs=1e-8)
    for df in [*range(1, 31), 45, 99, 100, 101, 150, 500]:
        for p in (0.8, 0.975):
            assert t_quantile(p, df) == pytest.approx(student_t.quantile(p, df), abs=1e-7), df
    for df in (1, 7, 200):
        assert t_quantile(0.995, df) == pytest.approx(student_t.quantile(0.995, df), abs=1e-6)
        assert t_quantile(0.025, df) == -t95(df)
    # the two methods meet where one hands over to the other
    assert t95(SERIES_DF) == pytest.approx(_cornish_fisher(0.975, SERIES_DF), abs=1e-9)
    with pytest.raises(ValueError):
        t95(0)


def test_mean_ci_is_a_t_interval_over_the_values():
    rng = np.random.default_rng(1)
    for n in (2, 3, 7, 40):
        x = rng.normal(size=n)
        mean, half = mean_ci(x)
        assert mean == pytest.approx(x.mean()) and half == pytest.approx(student_t.half(x))
    runs = rng.normal(size=(5, 4))
    means, halves = mean_ci(runs)
    assert halves == pytest.approx([student_t.half(r) for r in runs])
    assert np.isnan(mean_ci(np.array([4.0]))[1]) and np.isnan(mean_ci(np.array([]))[0])


@pytest.mark.parametrize("n", [3, 5, 10, 30])
def test_intervals_of_two_equal_bots_hold_0_95_times_in_100(n):
    # many small runs of two equal bots: the per-deal-set differences centre on 0
    diffs = np.random.default_rng(n).normal(0.0, SD, (RUNS, n))
    mean, half = mean_ci(diffs)
    covered = float((np.abs(mean) <= half).mean())
    lo, hi = binomial_range(RUNS)
    assert lo <= covered <= hi, (n, covered)
    # the old intervals, 1.96 whatever n is, claim too much at every one of these n
    old = float((np.abs(mean) <= Z * diffs.std(axis=1, ddof=1) / math.sqrt(n)).mean())
    assert old < lo, (n, old)


def test_few_deal_sets_cannot_carry_a_verdict_on_lumpy_lopsided_differences():
    # why no verdict under MIN_DEAL_SETS: 6 games a deal set, the stronger bot winning 95% of
    # them; a deal set's difference is bounded and lumpy, and skewed (often no spread at all)
    rng = np.random.default_rng(5)
    cover = {}
    for n in (3, 5, MIN_DEAL_SETS, 30):
        games = np.where(rng.random((RUNS // 4, n, 6)) < 0.95, 0.5, -0.5)
        mean, half = mean_ci(games.mean(axis=-1))
        cover[n] = float((np.abs(mean - 0.45) <= half).mean())
    assert cover[3] < 0.7 and cover[5] < 0.85  # far below the 95% the interval claims
    assert cover[MIN_DEAL_SETS] > 0.93 and cover[30] > 0.93


def test_the_deal_sets_still_to_play_reach_80_percent_power():
    rng = np.random.default_rng(3)
    for d, sd in ((0.05, 0.12), (0.3, 0.2)):
        n = deal_sets_for(d, sd)
        told = []
        for k in (n - 1, n):
            mean, half = mean_ci(rng.normal(d, sd, (RUNS // 4, k)))
            told.append(float((mean - half > 0).mean()))
        assert 0.78 <= told[1] <= 0.86 and told[0] < told[1], (d, sd, n, told)
    assert deal_sets_for(0.0, 0.1) is None and deal_sets_for(0.1, float("nan")) is None
    assert deal_sets_for(0.1, 0.0) == 2


def two_bots(diffs_wins: list[int], per: int = 6):
    """Deal sets of ``per`` games, seats A B A B, one winner a game; in deal set k, A's seats
    win ``diffs_wins[k]`` of its games."""
    n = len(diffs_wins) * per
    bots = np.tile(np.array([0, 1, 0, 1], np.int16), (n, 1))
    shares = np.zeros((n, 4))
    deal = np.repeat(np.arange(len(diffs_wins)), per)
    for k, wins in enumerate(diffs_wins):
        for g in range(per):
            shares[k * per + g, 0 if g < wins else 1] = 1.0
    totals = np.where(shares > 0, 0, 100)
    ranks = np.where(shares > 0, 1, 2)
    return bots, shares, totals, ranks, deal


def test_two_deal_sets_say_too_few_and_how_many_more():
    # `trixsim tournament --bots greedy,mcts --games 10`: 2 deal sets, 25 points apart; the old
    # report said "beats ... by 25.0 ± 16.3"
    s = win_summary(*two_bots([4, 5]), ["A", "B"], 1.0, True)
    p = s["paired"]
    per_set = np.array([4 / 12 - 2 / 12, 5 / 12 - 1 / 12])
    assert p["difference"] == pytest.approx(per_set.mean())
    assert p["ci"] == pytest.approx(student_t.half(per_set))  # ±105.9, not ±16.3
    assert (
        p["ci_basis"] == "95% t-interval over 2 deal sets" and p["verdict"] == "too few deal sets"
    )
    text = sentence(p)
    assert "beats" not in text
    half = 100 * student_t.half(per_set)
    assert text.startswith(
        f"too few deal sets to tell A and B apart: run "
        f"{MIN_DEAL_SETS - 2} more deal sets ({6 * (MIN_DEAL_SETS - 2)} games"
    )
    assert f"A leads by 25.0 ± {half:.1f} points of win share (95% t-interval over 2 deal sets)" \
        in text  # fmt: skip
    # the same deal sets, enough of them: a verdict, saying what it rests on
    s = win_summary(*two_bots([4, 5] * 6), ["A", "B"], 1.0, True)
    half = 100 * student_t.half(np.tile(per_set, 6))
    assert sentence(s["paired"]) == (f"A beats B by 25.0 ± {half:.1f} points of win share "
                                     "(95% t-interval over 12 deal sets)")  # fmt: skip
    assert s["bots"][0]["ci_basis"] == "95% t-interval over 12 deal sets"


def test_a_large_spread_asks_for_more_than_the_minimum():
    p = {"better": "A", "worse": "B", "difference": 0.05, "ci": 0.2, "deal_sets": 4}
    sd = 0.2 * 2 / student_t.t975(3)
    need = deal_sets_for(0.05, sd)
    assert need > MIN_DEAL_SETS
    assert sentence(p).startswith(f"too few deal sets to tell A and B apart: run {need - 4:,} "
                                  f"more deal sets (about {need:,} in all")  # fmt: skip
    told = {"better": "A", "worse": "B", "difference": 0.05, "ci": 0.06, "deal_sets": 40}
    more = deal_sets_for(0.05, 0.06 * math.sqrt(40) / student_t.t975(39)) - 40
    assert sentence(told).endswith(f"which holds 0); about {more:,} more deal sets would tell a "
                                   "difference this size apart 4 times in 5")  # fmt: skip


def test_wilson_intervals():
    lo, hi = wilson(np.array([0, 5, 10]), np.array([10, 10, 10]))
    assert lo[0] == 0 and hi[2] == pytest.approx(1)
    assert (lo[1], hi[1]) == pytest.approx((0.2366, 0.7634), abs=1e-4)  # a textbook value
    assert FEW == 10


def test_the_bench_says_beats_by_the_same_rule():
    from sim.bench import targets

    def result(n: int) -> dict:
        paired = {"better": "a", "worse": "b", "difference": 0.3, "ci": 0.1, "deal_sets": n}
        return {"strength": {"a,b": {"bots": [], "paired": paired}}}

    assert not targets.beats(result(MIN_DEAL_SETS - 1), "a,b", "a")[2]  # too few deal sets
    label, measured, met = targets.beats(result(MIN_DEAL_SETS), "a,b", "a")
    assert met and "95% t-interval" in label and f"over {MIN_DEAL_SETS} deal sets" in measured


def test_a_difference_of_nothing_asks_for_no_absurd_number_of_deal_sets():
    # seen: "greedy leads by -0.0 ± 2.9 …; about 32,475,615,515,… more deal sets"
    tiny = {"better": "A", "worse": "B", "deal_sets": 25, "difference": 1e-19, "ci": 0.029}
    text = sentence(tiny)
    assert "-0.0" not in text and "may well be equal" in text and "more deal sets" not in text
    few = dict(tiny, deal_sets=3, ci=0.2)
    assert sentence(few).startswith("too few deal sets to tell A and B apart: run 7 more deal sets")
    assert "leads by 0.0 ±" in sentence(dict(tiny, difference=-0.0))
