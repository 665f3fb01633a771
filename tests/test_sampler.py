"""The determinizers' dealer (``sim/core/sampler.py``) against a plain-Python one written the
slow, obvious way: a full Hall check over every set of holders before each card."""

import numpy as np

from sim.core.rng import below
from sim.core.sampler import WORK_SIZE, deal


def reference_deal(unknown, allow, need, rng):
    """The same deal, step for step (the same draws from the same stream)."""
    n, need = len(need), list(need)
    got = [0] * n
    cards = [c for c in range(64) if unknown >> c & 1]
    holders = {c: sum(1 << h for h in range(n) if allow[h] >> c & 1) for c in cards}
    everyone = (1 << n) - 1
    free = [c for c in cards if holders[c] == everyone]
    ok = all(holders[c] for c in cards)
    owed = [c for c in cards if holders[c] != everyone] if ok else []
    if not ok:
        free = cards

    def dealable(pending, k):  # Hall: every set of holders can take the cards only it may
        for s in range(1, 1 << n):
            cap = sum(need[h] - (h == k) for h in range(n) if s >> h & 1)
            if sum(1 for c in pending if holders[c] & ~s == 0) + len(free) * (s == everyone) > cap:
                return False
        return True

    for i, c in enumerate(owed):
        t, rest = holders[c], owed[i + 1 :]
        fits = [h for h in range(n) if t >> h & 1 and need[h] > 0 and dealable(rest, h)]
        if not fits:
            ok, t = False, everyone
        weight = sum(need[h] for h in fits) if fits else sum(need)
        r = int(below(rng, weight))
        for h in range(n):
            if t >> h & 1 and need[h] > 0 and (not ok or h in fits):
                if r < need[h]:
                    got[h] |= 1 << c
                    need[h] -= 1
                    break
                r -= need[h]
    for c in free:
        r = int(below(rng, sum(need)))
        for h in range(n):
            if r < need[h]:
                got[h] |= 1 << c
                need[h] -= 1
                break
            r -= need[h]
    return ok, got, need


def test_deal_is_the_plain_hall_check_card_for_card():
    # random holders, cards and constraints, now and then counts no deal can meet: the
    # compiled dealer (which keeps each set's slack instead of summing it again) must hand
    # out the very same cards from the same stream
    rnd = np.random.default_rng(4)
    shortfalls = 0
    for trial in range(300):
        n = int(rnd.integers(2, 7))
        cards = [int(c) for c in rnd.choice(63, int(rnd.integers(1, 30)), replace=False)]
        unknown = sum(1 << c for c in cards)
        p = rnd.uniform(0.4, 1.0)
        allow = np.array([sum(1 << c for c in cards if rnd.random() < p) for _ in range(n)],
                         np.int64)  # fmt: skip
        need = rnd.multinomial(len(cards), [1 / n] * n).astype(np.int64)
        if trial % 10 == 0:
            need[0] += 1
        a, b = np.array([trial], np.uint64), np.array([trial], np.uint64)
        got = np.zeros(n, np.int64)
        left = need.copy()
        ok = deal(np.int64(unknown), allow, left, got, a, np.zeros(WORK_SIZE, np.int64))
        want = reference_deal(unknown, allow, need, b)
        assert (bool(ok), list(got), list(left)) == want, trial
        assert a[0] == b[0]
        shortfalls += not ok
    assert 0 < shortfalls < 300  # both kinds of input were dealt
