"""Five-handed Euchre's suit views (sim.games.euchre5.symmetry): a deal with its suits
permuted, colour pairs kept (R1.3), is played alike, and is seen alike in its view."""

import numpy as np
import pytest

from sim.core.registry import get
from sim.games.euchre5 import state as S
from sim.games.euchre5 import symmetry as Y
from sim.games.euchre5.cards import CARD_NAMES
from tests.symmetry_checks import apply_global, legal_globals, moved, tensor

SPEC = get("euchre5")
O = SPEC.part("observation")
GAME = SPEC.part("api").GAME
# the eight permutations that keep the colour pairs H-D and C-S (sigma[s]: s becomes)
KEEP_COLOURS = [[0, 1, 2, 3], [2, 1, 0, 3], [0, 3, 2, 1], [2, 3, 0, 1],
                [1, 0, 3, 2], [3, 0, 1, 2], [1, 2, 3, 0], [3, 2, 1, 0]]  # fmt: skip


def _deal(cards, sigma):
    """Five hands, the up card and the kitty in text, each card's suit moved by ``sigma``."""
    names = [CARD_NAMES[sigma[c >> 3] * 8 + (c & 7)] for c in cards]
    hands = [" ".join(names[5 * k : 5 * k + 5]) for k in range(5)]
    return hands, names[25], " ".join(names[26:])


@pytest.mark.parametrize("sigma", KEEP_COLOURS)
def test_a_deal_with_its_suits_permuted_is_played_and_seen_alike(sigma):
    # R1.3, R5.1, R5.2: the rules name no suit but by its colour pair, so every position of
    # the permuted deal is the original's with cards, suits and actions moved by sigma
    inputs, actions = Y.permuted(sigma)
    rng = np.random.default_rng(sum(s << 2 * k for k, s in enumerate(sigma)))
    for _ in range(3):
        cards = [s * 8 + r for s in range(4) for r in range(7)]
        rng.shuffle(cards)
        a = GAME.from_deals(0, lambda k, c=list(cards): _deal(c, [0, 1, 2, 3]))
        b = GAME.from_deals(0, lambda k, c=list(cards): _deal(c, sigma))
        while not a.over and a.state[S.DEAL_NO] == 0:  # the first deal, to its end
            assert (a.phase, a.to_act) == (b.phase, b.to_act)
            for seat in range(5):
                xa, xb = tensor(SPEC, a, seat), tensor(SPEC, b, seat)
                assert (moved(xa, inputs) == xb).all()
                # and both seen alike in their views
                va, vb = Y.view_of(xa), Y.view_of(xb)
                assert (moved(xa, Y.INPUTS[va]) == moved(xb, Y.INPUTS[vb])).all()
            legal = sorted(legal_globals(SPEC, a))
            assert sorted(actions[legal]) == sorted(legal_globals(SPEC, b))
            g = legal[rng.integers(len(legal))]
            apply_global(SPEC, a, g), apply_global(SPEC, b, actions[g])
        assert a.totals == b.totals and sum(a.totals) > 0  # the deal was scored


def test_training_rows_are_moved_into_the_views_the_bot_reads():
    # the trainer's rows (sim.core.symmetry.canonical_shard) hold what a network of views
    # reads at play (sim.core.neural): the tensor and the hint moved by the tensor's view,
    # the legal actions, the action taken, the teacher's choice and values moved alike
    from sim.learn.selfplay import Shard
    from sim.learn.views import canonical_shard

    rng = np.random.default_rng(5)
    rows = []
    for _ in range(4):
        cards = [s * 8 + r for s in range(4) for r in range(7)]
        rng.shuffle(cards)
        game = GAME.from_deals(
            int(rng.integers(5)), lambda k, c=list(cards): _deal(c, [0, 1, 2, 3])
        )
        while not game.over and game.state[S.DEAL_NO] == 0:
            legal = sorted(legal_globals(SPEC, game))
            x = np.zeros(O.SIZE + O.N_GLOBAL, np.float32)
            x[: O.SIZE] = tensor(SPEC, game, game.to_act)
            x[O.SIZE + legal[-1]] = 1.0  # a hint
            q = np.full(O.N_GLOBAL, np.nan, np.float32)
            q[legal] = rng.standard_normal(len(legal))
            rows.append((x, legal, legal[0], legal[-1], q))
            apply_global(SPEC, game, legal[-1])
    nz = [np.flatnonzero(x) for x, *_ in rows]
    bits = np.zeros((len(rows), 128), np.uint8)
    for r, (_, legal, *_) in enumerate(rows):
        bits[r, legal] = 1
    shard = Shard(
        np.concatenate(nz).astype(np.int16),
        np.concatenate([x[i] for (x, *_), i in zip(rows, nz, strict=True)]),
        np.concatenate([[0], np.cumsum([len(i) for i in nz])]).astype(np.int64),
        np.packbits(bits, axis=1, bitorder="little").view(np.uint64).reshape(-1, 2),
        np.array([t for _, _, t, _, _ in rows], np.int16),
        np.array([t for _, _, _, t, _ in rows], np.int16),
        np.zeros(len(rows), np.float32),
        np.zeros(len(rows), np.int8),
        np.stack([q for *_, q in rows]),
    )
    canon = canonical_shard(shard, Y)
    views = set()
    for r, (x, legal, taken, label, q) in enumerate(rows):
        v = Y.view_of(x)
        views.add(v)
        inputs, actions = Y.INPUTS[v], Y.ACTIONS[v]
        got = np.zeros_like(x)
        got[canon.idx[canon.offsets[r] : canon.offsets[r + 1]]] = canon.val[
            canon.offsets[r] : canon.offsets[r + 1]
        ]
        assert (got == moved(x, inputs)).all()
        on = np.unpackbits(canon.legal[r].view(np.uint8), bitorder="little")
        assert sorted(np.flatnonzero(on)) == sorted(actions[legal])
        assert (canon.taken[r], canon.label[r]) == (actions[taken], actions[label])
        np.testing.assert_array_equal(canon.q[r][actions], q)
    assert len(views) > 2  # deals of several trumps and up cards
