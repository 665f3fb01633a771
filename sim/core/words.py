"""Sentences about a seat that read right for ``seat 2`` and for ``you`` (the person)."""


def says(who: str, third: str, plain: str) -> str:
    """``who`` and a verb: ``seat 2 holds`` but ``you hold``."""
    return f"{who} {plain if who == 'you' else third}"


def whose(who: str) -> str:
    """``seat 2's`` but ``your``."""
    return "your" if who == "you" else f"{who}'s"


def capital(text: str) -> str:
    """The text with its first letter upper case, the rest as it is (``str.capitalize``
    would write ``A♣`` as ``a♣``)."""
    return text[:1].upper() + text[1:]


def third_person(phrase: str) -> str:
    """A phrase whose first word is a verb, said of another seat: ``bid 7♥`` ->
    ``bids 7♥``, ``pass`` -> ``passes``, ``go alone`` -> ``goes alone``."""
    verb, _, rest = phrase.partition(" ")
    if verb == "have":
        verb = "has"
    elif verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        verb += "es"
    elif len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}" if rest else verb


def said_by(who: str, phrase: str) -> str:
    """``who`` doing ``phrase`` (a verb first): ``you bid 7♥`` but ``Ann bids 7♥``."""
    return f"{who} {phrase if who == 'you' else third_person(phrase)}"


def trick_words(notation, leader: int, cards, n_seats: int) -> str:
    """The cards on the current trick in the order they were played, ``seat 3 Q♠, seat 0
    K♠`` (``cards[p]``: seat ``p``'s card, -1 for none yet); empty before the lead."""
    order = [(leader + i) % n_seats for i in range(n_seats)]
    return ", ".join(f"seat {p} {notation.card_text(int(cards[p]))}" for p in order
                     if cards[p] >= 0)  # fmt: skip


def position_words(notation, trick: int, leader: int, cards, n_seats: int, seat: int,
                   hand: int) -> list[str]:  # fmt: skip
    """A decision's place in a trick game, in words: ``trick 4``, ``on the table seat 3 Q♠``
    (from the lead on) and ``seat 1 holds …`` (``trick`` 0: no trick, only the hand)."""
    out = []
    if trick:
        out.append(f"trick {trick}")
        table = trick_words(notation, leader, cards, n_seats)
        if table:
            out.append(f"on the table {table}")
    out.append(f"seat {seat} holds {notation.format_hand(hand)}")
    return out
