"""Where each field of a Five Hundred game lives in the flat ``int64`` state array.

The first ``PUB_SIZE`` slots are public: everything R11.2 makes public, kept with
perfect memory (R11.3). The private tail holds the hands, the dealt hands, the
kitty, the contractor's discards and the deal seed. A bot sees the public slots, its
seat and its private word (``kernels.hand_of``): its cards in bits 0-44 and, for the
contractor, each card he discarded as ``card + 1`` in a 6-bit field at bits 45, 51
and 57 (R11.1). Per-seat fields take four consecutive slots, ``FIELD + seat``; per-team
fields two.
"""

# -- public slots -------------------------------------------------------------------------------
PHASE = 0
TURN = 1  # seat to act, -1 when nobody is
DEAL_NO = 2  # deals played before this one
FIRST_DEALER = 3
DEALER = 4
CALLS = 5  # calls made in this auction
HIGH_BID = 6  # the standing bid, then the contract; -1 while nobody has bid
CONTRACTOR = 7  # the last bidder, then the contractor; -1 while nobody has bid
TRUMP = 8  # the contract's trump suit, -1 in no trumps and before the contract
PASSED = 9  # mask of the seats out of the auction (R4.5)
BIDS = 10  # 4 slots: each seat's highest bid in this auction, -1 if none
DISCARDS = 14  # how many cards the contractor has discarded (which: private)
LEADER = 15  # who led the current trick; after the last trick, its winner
TRICK_NO = 16  # tricks completed in this deal
TRICK_LEN = 17  # cards in the current trick
TO_FOLLOW = 18  # the suit to follow: the led card's effective suit, or the joker's named one
TRICK_WINNER = 19
TRICK_BEST = 20  # the power of the card winning the trick so far
TRICK_CARDS = 21  # 4 slots: the card each seat put on the current trick, -1 if none
PLAYED = 25  # mask of every card played in this deal
PLAYED_BY = 26  # 4 slots: mask of the cards each seat played in this deal
TRICKS_WON = 30  # 4 slots, per seat
VOIDS = 34  # 4 slots: the suits (bits 0-3) each seat has shown void in (R7.2, R8.3)
TOTALS = 38  # 2 slots, per team
POINTS = 40  # 2 slots: points of the deal just ended, per team
EVENTS = 42  # actions so far in this deal
END = 43  # NOT_OVER, REACHED_500, MINUS_500 or DEAL_CAP
WINNER = 44  # the winning team once over, -1 for a tie (R10.4)
PUB_SIZE = 48

# -- private slots ------------------------------------------------------------------------------
HANDS = 48  # 4 slots: the cards each seat holds now
DEALT = 52  # 4 slots: the hands as dealt for this deal (before the kitty exchange)
KITTY = 56  # mask of the three kitty cards as dealt (R3.2)
DISCARDED = 57  # mask of the contractor's discards so far (R6.1)
CONTRACTOR_TRUMPS = 58  # trumps the contractor held when play began (the tables only)
DEAL_SEED = 59
STATE_SIZE = 60
