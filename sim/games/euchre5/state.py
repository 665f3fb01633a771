"""Where each field of a five-handed Euchre game lives in the flat ``int64`` state array.

The first ``PUB_SIZE`` slots are public: everything R10.3 makes public, kept with
perfect memory (R10.4). The private tail holds the hands, the dealt hands, the
kitty, the dealer's discard, who the partner is and the deal seed. A bot sees the
public slots, its seat and its private word (``kernels.hand_of``): its hand in
bits 0–31 and, for the dealer after the exchange, his discard in bits 32–63
(R10.1). Per-seat fields take five consecutive slots, ``FIELD + seat``.
"""

# -- public slots -------------------------------------------------------------------------------
PHASE = 0
TURN = 1  # seat to act, -1 when nobody is
DEAL_NO = 2  # deals played before this one
FIRST_DEALER = 3
DEALER = 4
UP_CARD = 5  # R3.3
ROUND = 6  # bidding round 1 or 2 (then: the round trump was made in)
MAKER = 7  # -1 until trump is made
TRUMP = 8  # -1 until trump is made
CALLED = 9  # the called card; -1 before the call, and after `alone`
GOING_ALONE = 10  # WITH_PARTNER or ALONE_BY_CHOICE once called (forced is private until the end)
REVEALED = 11  # the seat that played the called card (the partner, now public), -1 before
REVEALED_TRICK = 12  # the trick (1-5) in which it was played, 0 before
LEADER = 13  # who led the current trick; after the last trick, its winner
TRICK_NO = 14  # tricks completed in this deal
TRICK_LEN = 15  # cards in the current trick
LED_SUIT = 16  # effective suit led (R5.3)
TRICK_WINNER = 17
TRICK_BEST = 18  # the strength of the card winning the trick so far
TRICK_CARDS = 19  # 5 slots: the card each seat put on the current trick, -1 if none
PLAYED = 24  # mask of every card played in this deal
PLAYED_BY = 25  # 5 slots: mask of the cards each seat played in this deal
TRICKS_WON = 30  # 5 slots
SHOWN_OUT = 35  # 5 slots: cards each seat has shown it does not hold (R7.2)
TOTALS = 40  # 5 slots
POINTS = 45  # 5 slots: points of the deal just ended
PASSED = 50  # mask of the seats that passed in the current bidding round
EVENTS = 51  # actions so far in this deal
END = 52  # NOT_OVER or REACHED_10
PUB_SIZE = 56

# -- private slots ------------------------------------------------------------------------------
HANDS = 56  # 5 slots: the cards each seat holds now
DEALT = 61  # 5 slots: the hands as dealt for this deal (before any exchange)
KITTY = 66  # mask of the two face-down cards (R3.3)
DISCARDED_CARD = 67  # the dealer's discard, -1 if none (round 2, or not yet)
PARTNER = 68  # the holder of the called card after the exchange, -1 if none (R6.3, R6.4)
MAKER_TRUMPS = 69  # trumps the maker held when play began (bowers counted)
DEAL_SEED = 70
STATE_SIZE = 72
