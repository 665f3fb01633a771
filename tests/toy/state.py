"""Where each field of a toy game lives in the flat ``int64`` state.

The first ``PUB_SIZE`` slots are public (everything played is seen by both); the hands, the
dealt hands and the deal seed are private. Per-seat fields take two slots, ``FIELD + seat``.
"""

# -- public slots -------------------------------------------------------------------------------
PHASE = 0
TURN = 1  # seat to act, -1 when nobody is
DEAL_NO = 2  # deals played before this one
FIRST_DEALER = 3
DEALER = 4
LEADER = 5  # who leads the current trick
TRICK_NO = 6  # tricks completed in this deal
LEAD_CARD = 7  # the card led to the current trick, -1 before the lead
PLAYED = 8  # mask of the cards played in this deal
PLAYED_BY = 9  # 2 slots: the cards each seat played in this deal
SHOWN_OUT = 11  # 2 slots: the cards a seat has shown it lacks (a suit not followed, R3.2)
TRICKS_WON = 13  # 2 slots: tricks won in this deal (its points, R4.1)
LEADER_WINS = 15  # tricks of this deal won by their leader
LAST_WINNER = 16  # winner of the last completed trick, -1 before
TOTALS = 17  # 2 slots (R4.1)
END = 19  # NOT_OVER, TARGET_END or TIE (R4.3)
PUB_SIZE = 20

# -- private slots ------------------------------------------------------------------------------
HANDS = 20  # 2 slots: the cards each seat holds now
DEALT = 22  # 2 slots: the hands as dealt
DEAL_SEED = 24
STATE_SIZE = 25
