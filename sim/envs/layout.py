"""The layout of each game's observation tensor and its global actions, as docs/research.md
prints them: ``python -m sim.envs.layout [GAME]`` prints the Markdown, ``--write PAGE`` puts
every game's between the page's ``<!-- layouts -->`` markers, and a test checks the page holds
it, so the page and the code cannot drift apart."""

from __future__ import annotations

import sys


def layout(game: str) -> str:
    """The Markdown of one game: every slice (offset, length, meaning), then the global ids."""
    from sim.core.registry import get

    spec = get(game)
    o = spec.part("observation")
    lines = [
        f"#### {spec.title.split(':')[0]} (`{game}`): {o.SIZE} values, {o.N_GLOBAL} global actions",
        "",
        "| offset | length | slice | meaning |",
        "|---:|---:|---|---|",
    ]
    at = 0
    for name, length, meaning in o.SLICES:
        lines.append(f"| {at} | {length} | `{name}` | {meaning} |")
        at += length
    names = o.global_names()
    lines += ["", "Global action ids (the record's notation of each): " + _runs(names), ""]
    return "\n".join(lines)


def _runs(names) -> str:
    """``0 "7H" … 31 "AS", 32 "swap", …``: every name with its id, long runs shortened to
    their ends where the ids step through a family (cards of one kind)."""
    out, i = [], 0
    while i < len(names):
        j = i
        while j + 1 < len(names) and _family(names[j + 1]) == _family(names[i]):
            j += 1
        if j - i >= 3:
            out.append(f"{i}–{j} `{names[i]}` … `{names[j]}`")
        else:
            out += [f"{k} `{names[k]}`" for k in range(i, j + 1)]
        i = j + 1
    return ", ".join(out)


def _family(name: str) -> str:
    """What a family of names shares: the text before a ``:`` (``bid:``, ``d:``) or, for a
    bare card, its length."""
    head, sep, _ = name.partition(":")
    return head + sep if sep else f"len{len(name)}"


BEGIN, END = "<!-- layouts -->", "<!-- /layouts -->"


def every_layout() -> str:
    from sim.core.registry import games

    return "\n".join(layout(g.name) for g in games().values() if g.has("observation"))


def write(page: str) -> None:
    """Replace what lies between the page's markers with every game's layout."""
    from pathlib import Path

    path = Path(page)
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    if not rest or END not in rest:
        raise SystemExit(f"{page}: no {BEGIN} ... {END} markers to write between")
    path.write_text(f"{head}{BEGIN}\n{every_layout()}\n{END}{tail}", encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--write"] and len(argv) == 2:
        write(argv[1])
        return 0
    print("\n".join(layout(g) for g in argv) if argv else every_layout())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
