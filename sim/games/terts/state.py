"""Where each field of a Terts game lives in the flat ``int64`` state array.

The first ``PUB_SIZE`` slots are public: everything R10.2 makes public, kept with
perfect memory. The private tail holds the hands, the dealt hands, the stock's order,
the deal seed and the meld kinds each hand held (for the tables). A bot sees the public
slots, its seat and its hand (bits 0-31).
Per-seat fields take two consecutive slots, ``FIELD + seat``.
"""

# -- public slots -------------------------------------------------------------------------------
PHASE = 0
TURN = 1  # seat to act, -1 when nobody is
DEAL_NO = 2  # deals played before this one
FIRST_DEALER = 3
DEALER = 4
TRUMP = 5  # the turned card's suit (R3.4)
TURNED = 6  # the turned card (card 19)
BOTTOM = 7  # the card lying beside the stock now: the turned card or, after the exchange, the
#             7 of trumps (R6.1); -1 once drawn (after trick 7)
SWAPPER = 8  # the seat that exchanged the 7 of trumps in this deal, -1 if nobody (R6)
SWAP_TRICK = 9  # the trick (1-7) at which it did, -1
LEADER = 10  # who leads the current trick; after the last trick, its winner
TRICK_NO = 11  # tricks completed in this deal (0-16)
LED_CARD = 12  # the card led to the current trick, -1 before the lead
MELD = 13  # the leader's meld awaiting an answer in this trick (an action id), -1 if none
MELD_STRENGTH = 14  # its strength (R7.5; rules.meld_strength)
DRAWN = 15  # cards drawn from the stock in this deal (2 per trick of 1-7; the 14th is BOTTOM)
PLAYED = 16  # mask of every card played in this deal
PLAYED_BY = 17  # 2 slots: mask of the cards each seat played in this deal
KNOWN = 19  # 2 slots: cards in a seat's hand that both know of (meld cards, the exchanged-in
#             turned card, the last draw of BOTTOM), until played
SHOWN_OUT = 21  # 2 slots: cards a seat has shown it cannot hold (R5.5 from trick 8 on)
SEQ_DONE = 23  # 8 slots, seat * 4 + suit: bit lo * 8 + hi for every run lo..hi a sequence he
#                declared in this deal covers (R7.3b: those may not be declared)
MELDS_DONE = 31  # 2 slots: bit of FOUR_Q..FOUR_J / MARRIAGE (action ids) declared (R7.3b)
CARD_POINTS = 33  # 2 slots: card points in tricks won this deal (R4.3)
MELD_POINTS = 35  # 2 slots: meld points scored this deal (R7.7)
TRICKS_WON = 37  # 2 slots
LAST_CARDS = 39  # 2 slots: the card each seat put on the last completed trick, -1 before
LAST_WINNER = 41  # the winner of the last completed trick, -1 before
DECLARED = 42  # 2 slots: meld kinds declared (bit per vocab.KIND_NAMES)
SCORED = 44  # 2 slots: meld kinds scored
BEATEN = 46  # 2 slots: meld kinds declared and beaten
N_MELDS = 48  # 2 slots: declarations made this deal
POINTS = 50  # 2 slots: points of the deal just ended (R8.1)
TOTALS = 52  # 2 slots (R8.2)
EVENTS = 54  # actions so far in this deal
END = 55  # NOT_OVER, TARGET_END, BOTH_TARGET or TIE (R9.3)
PUB_SIZE = 56

# -- private slots ------------------------------------------------------------------------------
HANDS = 56  # 2 slots: the cards each seat holds now
DEALT = 58  # 2 slots: the hands as dealt
STOCK = 60  # 13 slots: the stock in draw order, top first (R3.4)
DEAL_SEED = 73
HELD = 74  # 2 slots: meld kinds the hand made at some moment of tricks 1-7 (the tables only:
#            undeclared melds are private)
STATE_SIZE = 76
