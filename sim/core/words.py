"""Sentences about a seat that read right for ``seat 2`` and for ``you`` (the person)."""


def says(who: str, third: str, plain: str) -> str:
    """``who`` and a verb: ``seat 2 holds`` but ``you hold``."""
    return f"{who} {plain if who == 'you' else third}"


def whose(who: str) -> str:
    """``seat 2's`` but ``your``."""
    return "your" if who == "you" else f"{who}'s"
