"""What every game's table draws the same way: the hand with its legal cards marked, the
trick on the table with who led it, and the last trick taken (``l``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text

LOOK_WORDS = ("l", "last")  # look at the last trick

Markup = Callable[[int, str], Text]  # a game's card_markup(card, style)


def hand_row(seat: int, cards: list[int], legal: int, markup: Markup) -> Text:
    """``Seat 0, your hand (legal cards marked *):  1:Q♥* 2:9♠``: the cards by their
    numbers, the legal ones (bits of ``legal``) marked; no mark when none is legal."""
    marked = any(legal >> c & 1 for c in cards)
    head = " (legal cards marked *):" if marked else ":"
    row = Text(f"Seat {seat}, your hand{head} ", style="bold")
    for i, c in enumerate(cards, 1):
        ok = bool(legal >> c & 1)
        row.append(f" {i}:", style="dim")
        row.append_text(markup(c, "bold reverse" if ok else ""))
        if ok:
            row.append("*", style="bold green")
    return row


def in_play_order(cards: list[int], leader: int) -> list[tuple[int, int]]:
    """``(seat, card)`` of a trick from a card per seat (-1: none yet), the leader first."""
    n = len(cards)
    seats = [(leader + i) % n for i in range(n)]
    return [(p, cards[p]) for p in seats if cards[p] >= 0]


def trick_line(number: int, of: int, plays: list[tuple[int, int]], leader: int,
               to_play: int | None, markup: Markup) -> Text:  # fmt: skip
    """``Trick 3 of 5: seat 2 led Q♥  seat 3 9♥  (seat 4 to play)``; before the lead,
    ``Trick 3 of 5: (seat 2 leads)``."""
    line = Text(f"Trick {number} of {of}: ", style="bold")
    if not plays:
        line.append(f"(seat {leader} leads)", style="dim")
        return line
    for i, (seat, card) in enumerate(plays):
        line.append(f"seat {seat} led " if i == 0 else f"seat {seat} ")
        line.append_text(markup(card, "bold"))
        line.append("  ")
    if to_play is not None:
        line.append(f"(seat {to_play} to play)", style="dim")
    return line


def tricks_of(events: Iterable[tuple[int, str]], read: Callable[[str], int | None],
              seats: int) -> list[list[tuple[int, int]]]:  # fmt: skip
    """A deal's card plays grouped in tricks (the last may be under way): ``read(text)`` is
    the card an event's text plays, or None for an event that plays none (a bid, a discard)."""
    plays = [(seat, card) for seat, text in events if (card := read(text)) is not None]
    return [plays[i : i + seats] for i in range(0, len(plays), seats)]


def last_trick_line(number: int, plays: list[tuple[int, int]], winner: int,
                    markup: Markup) -> Text:  # fmt: skip
    """``Last trick (trick 2): seat 3 Q♥  seat 4 9♥ … → seat 3 took it.``"""
    line = Text(f"Last trick (trick {number}): ", style="cyan")
    for seat, card in plays:
        line.append(f"seat {seat} ")
        line.append_text(markup(card, "bold"))
        line.append("  ")
    line.append(f"→ seat {winner} took it.", style="cyan")
    return line


def look(table, done: list[list[tuple[int, int]]], winner: int, markup: Markup) -> None:
    """Say the last trick of ``done`` (the deal's completed tricks) at the table, or that
    none has been played yet in this deal."""
    if not done:
        table.say("(no trick has been played yet in this deal)")
        return
    table.console.print(last_trick_line(len(done), done[-1], winner, markup))
