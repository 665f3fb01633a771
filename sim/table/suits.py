"""Suits as a person types them: a letter (``h``, ``H``), a symbol (``♥``) or a word
(``hearts``, ``Hearts``, ``heart``)."""

from __future__ import annotations


def read_suit(text: str, letters: str, symbols: str, names: tuple[str, ...]) -> int:
    """The suit's number (its index in ``letters``); ValueError naming the suits."""
    t = text.strip().lower()
    for i, (letter, symbol, name) in enumerate(zip(letters, symbols, names, strict=True)):
        if t and t in (letter.lower(), symbol, name.lower(), name.lower().removesuffix("s")):
            return i
    raise ValueError(f"unknown suit {text.strip()!r}: {', '.join(names)} (or "
                     f"{' '.join(letters)})")  # fmt: skip


def is_no_trumps(text: str) -> bool:
    """``NT``, ``no trumps``, ``No-Trump``, ``notrumps``."""
    return text.strip().lower().replace(" ", "").replace("-", "") in ("nt", "notrump", "notrumps")
