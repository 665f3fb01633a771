"""``trixsim play --game terts``: a scripted person plays whole games of Terts.

The driver is the one of ``tests/person.py``. The person declares melds, answers the
bot's, exchanges the 7 of trumps, pre-selects and plays; refused input must say which
rule it breaks; the screen must never show a card of the other hand or of the stock
before the rules make it public (R10); a record written with ``--save`` must pass
``trixsim replay``; a game left and resumed must be the very game one uninterrupted
session plays.
"""

import io
import json
import re

import numpy as np
from rich.console import Console

from sim.core.bots import parse_spec
from sim.games.terts import SPEC
from sim.games.terts import state as S
from sim.games.terts.game import TertsGame
from sim.table.controller import Table
from sim.table.inbox import Inbox
from sim.table.saved import Saved
from tests.person import Person, trixsim

SUIT_LETTER = dict(zip("♥♣♦♠", "HCDS", strict=True))
CARD = re.compile(r"(10|[789JQKA])([♥♣♦♠])")
TRICK = re.compile(r"Trick (\d+) of 16: seat (\d) (led|to lead)")
PANEL = re.compile(r"╭─ Terts · deal (\d+) .*?╰", re.S)


def card_word(rank: str, suit: str) -> str:
    return ("T" if rank == "10" else rank) + SUIT_LETTER[suit]


def is_meld(option: str) -> bool:
    return option == "marriage" or "-" in option


def first_card(options) -> str:
    return next(o for o in options if len(o) == 2)


def where(person):
    """(trick number, whether seat 0 leads it) on the last screen."""
    found = TRICK.findall(person.since())
    if not found:
        return 0, False
    tno, seat, how = found[-1]
    return int(tno), how == "to lead" and seat == "0"


def answer(m) -> str:
    """The plain scripted person: pass an answer, play the first card offered."""
    kind, options = m.group(2), m.group(3).split()
    return "pass" if kind == "answer" else first_card(options)


def play_along(person, stop_after=None):
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        if stop_after is not None and person.answers >= stop_after:
            return m
        person.send(answer(m))
    return None


def play_everything(person) -> set:
    """A person who tries every kind of move once, refused ones included; returns what he
    met."""
    seen = set()
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind, options = m.group(2), m.group(3).split()
        tno, leads = where(person)
        mine = person.hand()
        melds = [o for o in options if is_meld(o)]
        if kind == "answer":
            if "answer card" not in seen:  # R7.4c: a card is no answer
                seen.add("answer card")
                seen.update(["beat"] if melds else [])
                person.send(mine[0], melds[0] if melds else "pass")
            elif melds:
                seen.add("beat")
                person.send(melds[0])
            else:
                person.send("pass")
            continue
        card = first_card(options)
        if "swap" in options and "swap" not in seen:
            seen.add("swap")  # R6.1
            person.send("swap")
        elif "swap" not in options and "no swap" not in seen and tno <= 7:
            seen.add("no swap")  # R6.1, R6.2: not the holder of the 7, or one exchange a deal
            person.send("swap", card)
        elif melds and leads:
            seen.add("declare")  # R7.4b
            person.send(melds[0])
        elif not leads and tno <= 7 and "follower meld" not in seen:
            seen.add("follower meld")  # R7.4c: the follower declares only to answer
            person.send("four-A", card)
        elif leads and tno >= 8 and "late meld" not in seen:
            seen.add("late meld")  # R7.4a: no declarations from trick 8 on
            person.send("seq3-9H", card)
        elif not leads and tno >= 8 and "follow" not in seen and set(mine) - set(options):
            seen.add("follow")  # R5.5
            person.send(sorted(set(mine) - set(options))[0], card)
        elif leads and 2 <= tno <= 6 and "pre" not in seen:
            seen.add("pre")  # lead, then type the next card while the bot plays
            person.send(card, next(c for c in mine if c != card), prompts=1)
        else:
            person.send(card)
    return seen


def rec_deals(path) -> list[dict]:
    """The deals of a game record, their numbers written as the final table writes them."""
    deals = json.loads(path.read_text())["deals"]
    pairs = ("card_points", "meld_points", "points", "totals")
    return [dict(d, number=k + 1, **{f: "-".join(map(str, d[f])) for f in pairs})
            for k, d in enumerate(deals)]  # fmt: skip


def allowed_cards(rec: dict) -> dict:
    """(deal, trick) -> the cards seat 0 may see on a screen then (R10): his own, the cards
    played, the other seat's cards made public (meld cards, the card drawn from beside the
    stock), the turned card and the 7 of trumps."""
    deals = rec["deals"]
    game = TertsGame.from_deals(rec["first_dealer"], lambda k: (
        deals[k]["hands"], deals[k]["turned"], deals[k]["stock"]))  # fmt: skip
    allowed: dict = {}
    for k, d in enumerate(deals):
        for event in d["events"]:
            key = (k + 1, game.trick_no + 1)
            allowed[key] = allowed.get(key, 0) | public_to(game, 0)
            game.apply(event.split(":", 1)[1])
    return allowed


def public_to(game, seat: int) -> int:
    """The cards ``seat`` may see now (R10): his, those played, those the other seat has
    shown (meld cards, the card drawn from beside the stock), the turned card, the trump 7."""
    s = game.state
    return (game.hand(seat) | int(s[S.PLAYED]) | int(s[S.KNOWN + 1 - seat])
            | 1 << game.turned | 1 << game.trump * 8)  # fmt: skip


def shown_cards(screen: str) -> int:
    mask = 0
    for rank, suit in CARD.findall(screen):
        word = card_word(rank, suit)
        mask |= 1 << ("HCDS".index(word[1]) * 8 + "789TJQKA".index(word[0]))
    return mask


def test_a_person_declares_answers_exchanges_and_plays_a_whole_game(tmp_path):
    # R6.1 R7.4 R7.7 R5.5: every kind of move; refused ones name their rule; a bot plays seat 1
    rec_path = tmp_path / "game.jsonl"
    person = Person(["--game", "terts", "--seat", "0", "--bots", "random", "--seed", "13",
                     "--save", str(rec_path)], tmp_path)  # fmt: skip
    seen = play_everything(person)
    code, err = person.finish()
    out = person.text
    assert code == 0, err
    assert "Traceback" not in out + err
    want = {"swap", "no swap", "declare", "answer card", "beat", "follower meld", "late meld",
            "follow", "pre"}  # fmt: skip
    assert want <= seen, want - seen
    # refused moves, each with its rule
    assert "answer the declaration first: pass or a stronger meld (R7.4c)" in out
    assert "the follower declares only to answer the leader's declaration (R7.4c)" in out
    assert "declarations are made only in tricks 1-7" in out and "(R7.4a)" in out
    assert re.search(r"you do not hold the 7 of trumps \(R6\.1\)|exchanged already: once a "
                     r"deal \(R6\.2\)", out)  # fmt: skip
    assert re.search(r"must follow suit from trick 8 on \(R5\.5\)|must play a trump from "
                     r"trick 8 on \(R5\.5\)", out)  # fmt: skip
    # melds offered by name with their cards, declared, answered, scored
    assert re.search(r"declare one meld first \(R7\.4b\): (seq\d-\w\w \([^)]*, \d+\)|four-\w "
                     r"\(four \w+, \d+\)|marriage)", out)  # fmt: skip
    assert re.search(r"seat 0 \(you\) declares", out)
    assert re.search(r"seat 1 \(random\) (passes|beats it with)", out)
    assert re.search(r"seat 1 \(random\) declares", out)
    assert "seat 0 (you) beats it with" in out
    assert "Melds this deal:" in out
    listed = (r"trick \d: seat \d (seq\d-\w\w|four-\w|marriage) (\w+[♥♣♦♠] )+\(\d+\), "
              r"(seat \d passed|beaten by seat \d's|never answered).* → seat \d \+\d+")  # fmt: skip
    assert re.search(listed, out)
    # the exchange and the card beside the stock
    assert re.search(r"seat 0 \(you\) exchanges the 7 of trumps, 7[♥♣♦♠], for", out)
    assert re.search(r"Turned card \w+[♥♣♦♠], exchanged by seat 0 at trick \d · beside the "
                     r"stock: 7[♥♣♦♠]", out)  # fmt: skip
    assert "the stock is exhausted: seat" in out
    # pre-selection
    assert "pre-selected for seat 0:" in out
    assert "your pre-selected card is still legal" in out or "can't be played" in out
    # the end
    assert "The deals" in out and "Final results" in out and "Winner:" in out
    assert re.search(r"deal +dealer +card points +melds +last trick +points +totals", out)
    for d in rec_deals(rec_path):  # a row per deal: its card points, melds, points, totals
        assert re.search(rf"{d['number']} +seat {d['dealer']} +{d['card_points']} +"
                         rf"{d['meld_points']} +seat {d['last_trick']} \+10 +{d['points']} +"
                         rf"{d['totals']} *\n", out), d  # fmt: skip
    assert re.search(r"deal 1 over: card points \d+-\d+, melds \d+-\d+, last trick seat \d "
                     r"\(\+10\) → points \d+-\d+, totals \d+-\d+", out)  # fmt: skip
    check = trixsim("replay", str(rec_path))
    assert check.returncode == 0, check.stdout + check.stderr
    rec = json.loads(rec_path.read_text())
    assert rec["bots"] == ["human", "random"]
    assert rec["format"] == "trixsim/terts-record@1"
    # R10.1: nothing of seat 1's hand or of the stock shows before it is public
    assert "Seat 1, your hand" not in out
    allowed = allowed_cards(rec)
    screens = PANEL.finditer(out)
    n = 0
    for screen in screens:
        found = TRICK.findall(screen.group(0))
        key = (int(screen.group(1)), int(found[-1][0]))
        extra = shown_cards(screen.group(0)) & ~allowed[key]
        assert not extra, f"deal {key[0]}, trick {key[1]} shows hidden cards:\n{screen.group(0)}"
        n += 1
    assert n > 50


def test_no_screen_and_no_line_shows_a_hidden_card():
    # R10.1: in memory, at 80 columns, every screen of seat 0 and every line said about a move
    # (random play, exchanges first) shows only cards seat 0 may see then
    with open("/dev/null", "rb") as nothing:
        for seed in range(6):
            buf = io.StringIO()
            t = Table(SPEC, Saved(seed, [0], ["human", "random"]),
                      [None, parse_spec("random", "terts")],
                      Console(file=buf, width=80, highlight=False, emoji=False),
                      Inbox(nothing.fileno()), 0, None)  # fmt: skip
            game, rng = t.game, np.random.default_rng(seed)
            while not game.over:
                before = public_to(game, 0)
                buf.seek(0), buf.truncate()
                t.screen(0)
                assert not shown_cards(buf.getvalue()) & ~before, buf.getvalue()
                assert "…" not in buf.getvalue()
                legal = game.legal_actions()
                seat, action = game.to_act, 32 if 32 in legal else int(rng.choice(legal))
                deal = game.deal_no
                buf.seek(0), buf.truncate()
                t.apply(seat, action)
                same = game.deal_no == deal and not game.over
                after = public_to(game, 0) if same else 1 << action  # the deal's last card
                assert not shown_cards(buf.getvalue()) & ~(before | after), buf.getvalue()


def test_a_pre_selected_card_waits_over_a_forced_pass(tmp_path):
    # the card typed while the bot plays is for the person's next card: the pass he is not
    # asked for (nothing of his beats the bot's meld, R7.5) neither plays nor drops it
    person = Person(["--game", "terts", "--seat", "0", "--bots", "random", "--seed", "37"],
                    tmp_path)  # fmt: skip
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind, options = m.group(2), m.group(3).split()
        if kind == "answer":
            person.send("pass")
            continue
        card, mine = first_card(options), person.hand()
        if where(person)[0] <= 6 and len(mine) > 1:  # play, then pre-select the next card
            person.send(card, next(c for c in mine if c != card), prompts=1)
        else:
            person.send(card)
    code, err = person.finish()
    assert code == 0, err
    waited = re.search(r"pre-selected for seat 0: (\S+) .*\n(?:(?!still legal|seat 0 \(you\)).*\n)*"
                       r"seat 0 \(you\) passes \(nothing of yours beats it\).*\n"
                       r"(?:(?!seat 0 ).*\n)*seat 0: your pre-selected card is still legal:\n"
                       r"seat 0 \(you\) plays (\S+)\n", person.text)  # fmt: skip
    assert waited and waited.group(1) == waited.group(2), "no pre-selection waited over a pass"


def test_leave_and_come_back_to_the_same_game(tmp_path):
    # q saves; --resume gives the seat back; the game is the one an uninterrupted session plays
    args = ["--game", "terts", "--seat", "1", "--bots", "random", "--seed", "8"]
    whole = Person([*args, "--save", "whole.jsonl"], tmp_path)
    assert play_along(whole) is None
    assert whole.finish()[0] == 0
    person = Person([*args, "--save", "parts.jsonl"], tmp_path)
    assert play_along(person, stop_after=12) is not None
    person.send("q")
    code, err = person.finish()
    assert code == 0, err
    saved = tmp_path / "trixsim-play-8.json"
    person = Person(["--resume", saved.name], tmp_path)
    assert play_along(person) is None
    code, err = person.finish()
    assert code == 0, err
    assert "seat 1 is yours again" in person.text
    rec = json.loads((tmp_path / "trixsim-play-8.record.jsonl").read_text())
    assert rec == json.loads((tmp_path / "whole.jsonl").read_text())
