"""Where each field of a Trix game lives in the flat ``int64`` state array.

The whole state of a game is one small ``int64`` array, so a kernel can copy it
in a few nanoseconds (search) and nothing in the hot path is a Python object.
The first ``PUB_SIZE`` slots are public: everything a player at the table may
know, given perfect memory (R4.4). A bot sees that slice plus its own hand and
seat; the private tail (hands, dealt hands, the deal seed) never reaches it.
Per-seat fields take four consecutive slots, ``FIELD + seat``.
"""

# -- public slots -------------------------------------------------------------
PHASE = 0
TURN = 1  # seat to act, -1 when nobody is
CONTRACT_NO = 2  # 0..27, index of the current contract in the game
FIRST_CHOOSER = 3
CHOOSER = 4
CONTRACT = 5  # -1 until chosen
CHOICE = 6  # chooser's choice number 1..7 (R3.3)
LEADER = 7  # who led the current trick; after the last trick, its winner
TRICK_NO = 8  # tricks completed in this contract
TRICK_LEN = 9  # cards in the current trick
LED_SUIT = 10
TRICK_WINNER = 11  # seat holding the current trick so far
TRICK_BEST = 12  # card holding it
TRICK_CARDS = 13  # 4 slots: card each seat put on the current trick, -1 if none
PLAYED = 17  # mask of every card played or laid in this contract
PLAYED_BY = 18  # 4 slots: mask of cards each seat played in this contract
TAKEN = 22  # 4 slots: mask of cards in each seat's won tricks
TRICKS_WON = 26  # 4 slots
ANNOUNCER = 30  # seat that announced K♥, -1 if nobody
REMAINING = 31  # 4 slots: mask of each seat's contracts still to choose
CHOICES_MADE = 35  # 4 slots
TOTALS = 39  # 4 slots
POINTS = 43  # 4 slots: points of the contract just ended, after multipliers
PASSES = 47  # 4 slots: passes per seat in this trix
OUT_SEAT = 51  # 2 slots: seat that finished 1st, 2nd in trix (-1)
OUT_EVENT = 53  # 2 slots: events (lays + passes) played when each finished
OUT_PASSES = 55  # 2 slots: passes played when each finished
EVENTS = 57  # events so far in this contract (cards, passes, the announcement)
END = 58  # NOT_OVER, OVER_1000 or ALL_28
ZEROED = 59  # 1 if a total of exactly 1000 was reset to 0 after the last contract (R3.7)
SHOWN_OUT = 60  # 4 slots: cards each seat has shown it does not hold (a suit it did not
#                 follow, R4.2; every layable card when it passed, R9.4)
PUB_SIZE = 64

# -- private slots ------------------------------------------------------------
HANDS = 64  # 4 slots: cards each seat holds now
DEALT = 68  # 4 slots: hands as dealt for this contract
KH_OFFERED = 72  # 1 once the K♥ holder has made his R5.6 decision
DEAL_SEED = 73  # uint64 bits of the deal set's seed
STATE_SIZE = 80
