"""Toy: a tiny two-seat trick-taking game, the worked example of docs/games.md's checklist.

It lives entirely in ``tests/toy/`` and is registered only by ``tests/test_toy_game.py``
(an entry point written into a temporary ``.dist-info``): adding a game touches nothing
outside its folder, its bots, its tests and one registration line.

The rules:

- R1 Cards. R1.1 Six cards: two suits, hearts ``H`` and spades ``S``, of three ranks each,
  jack ``J`` < queen ``Q`` < king ``K``; a card is written rank then suit (``QS``).
  R1.2 Card ids are ``suit * 3 + rank`` (``JH`` = 0 … ``KS`` = 5); the actions are the card
  ids 0-5, the card played.
- R2 The deal. R2.1 The first dealer is drawn at random; the dealer alternates deal by
  deal. R2.2 The six cards are shuffled and dealt three to each seat.
- R3 The play. R3.1 A deal is three tricks; the non-dealer leads the first; each seat plays
  a card of its hand. R3.2 The follower must follow the led suit if he can, else plays any
  card. R3.3 The higher card of the led suit wins the trick (the other suit never does);
  the winner leads the next trick.
- R4 Scoring. R4.1 Each trick won scores one point, added to the seat's total. R4.2 The
  game ends after the deal in which a total reaches 6: at most 4 deals, as every deal
  hands out 3 points. R4.3 The higher total ranks first and wins (win share 1); equal
  totals (6-6) tie: both rank first with a win share of 1/2.

Engine decision D1: deal ``k`` of a deal set is shuffled from its own stream
``mix(deal_seed, k + 1)``, cards drawn one by one from those left, the first three to the
non-dealer; the first dealer is drawn from ``mix(deal_seed, 0)``. Everything comes from the
deal seed alone.

Parts: :mod:`.vocab`, :mod:`.state`, :mod:`.rules` and :mod:`.kernels` (numba),
:mod:`.game`, :mod:`.record`, :mod:`.columns`, :mod:`.report`, :mod:`.view`. No determinizer:
with all six cards in two hands, the hand a seat cannot see is known (the every-game suite's
determinizer checks need cards that may lie elsewhere).
"""

from sim.core.spec import GameSpec

SPEC = GameSpec(
    name="toy",
    version="1",
    title="Toy: 2 players, 6 cards, follow suit, 6 tricks win (docs/games.md's worked example)",
    package=__name__,
    seats=2,
    deck=6,
    record_format="trixsim/toy-record@1",
    deal="deal",
    deal_table="deals",
    deal_count="deals",
    max_deals=4,  # R4.2
    default_games=100_000,
)
