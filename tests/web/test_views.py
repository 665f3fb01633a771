"""What one seat is shown in the browser (sim.web.views): its own cards and nothing else.

For every registered game, random games through the checked game, and at many positions
the view of every seat and of a spectator: JSON, the right fields, the seat's own hand,
legal actions only for the seat to act, and no card another seat still holds anywhere
in it (played cards are public; unplayed ones never are).
"""

import importlib
import json
import random
import re
from pathlib import Path

import pytest

from sim.core.registry import games
from sim.games.trix import state as S
from sim.games.trix.cards import CARD_NAMES as TRIX_CARDS
from sim.games.trix.cards import cards_of
from sim.games.trix.view import trick_winner, tricks_of
from sim.games.trix.vocab import CHOOSE, CONTRACT_NAMES, DOUBLE, NO_DOUBLE, PASS, TRICKS, TRIX
from sim.web.app import game_script
from sim.web.views import (
    card_names,
    card_of_action,
    hand_cards,
    last_trick,
    public_text,
    view_for,
)

GAMES = list(games().values())
N_GAMES = 5  # random games per game
EVERY = 1  # look at every position (a view costs well under a millisecond)
STATIC = Path(__file__).resolve().parents[2] / "sim" / "web" / "static"
PAGES = ("index.html", "lobby.js", "table.html", "table.js", "cards.js", "style.css")
FIELDS = {
    "game", "deal", "seat", "state", "to_act", "seats", "teams", "hand", "legal",
    "card_actions", "actions", "prompt", "trick", "leader", "taken", "totals", "lowest_wins",
    "log", "preselect", "last_trick", "result", "public", "ask", "words", "controls", "title",
    "panel", "badges", "felt",
}  # fmt: skip


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def spec(request):
    return request.param


def positions(spec, n=N_GAMES, seed=17, every=EVERY):
    """(game, step) at every ``every``-th position of random games, and at each game's end."""
    api = spec.part("api").GAME
    for g in range(n):
        rnd = random.Random(seed * 1000 + g)
        game, step = api.new(seed, g), 0
        while not game.over:
            if step % every == 0:
                yield game, step
            game.apply(rnd.choice(game.legal_actions()))
            step += 1
        yield game, step


def strings(value):
    """Every string in a JSON value, dict keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)


def tokens(view) -> set[str]:
    return {t for s in strings(view) for t in re.findall(r"[0-9A-Za-z]+", s)}


def symbols_as_notation(text: str) -> str:
    """``Call A♦, not 10♠`` -> ``Call AD, not TS``: cards in words as the notation writes them."""
    text = re.sub(r"\b10(?=[♠♥♦♣])", "T", text)
    return text.translate(str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}))


def seats_of(spec):
    return [{"name": f"p{p}", "kind": "person" if p == 0 else "bot", "connected": True}
            for p in range(spec.seats)]  # fmt: skip


def known_to_all(game, names) -> set[str]:
    """Cards in a hand that the rules make public (Terts R10.2: a declared meld's cards, the
    turned card taken in an exchange: the game's ``KNOWN`` public slots), as texts."""
    st = importlib.import_module(f"{game.spec.package}.state")
    if not hasattr(st, "KNOWN"):
        return set()
    assert st.KNOWN < game.kernels.PUB_SIZE  # a public slot, or this would hide a leak
    masks = [int(game.state[st.KNOWN + p]) for p in range(game.spec.seats)]
    return {names[c] for c in names if any(m >> c & 1 for m in masks)}


def test_every_view_holds_its_own_cards_and_nothing_of_the_others(spec):
    checked = 0
    for game, _ in positions(spec):
        names = card_names(game)
        hands = {p: {names[c] for c in names if game.hand(p) >> c & 1} for p in range(spec.seats)}
        legal = [game.event_name(a) for a in game.legal_actions()]
        for seat in [*range(spec.seats), None]:
            view = view_for(game, seat, seats=seats_of(spec), log=[])
            text = json.dumps(view, allow_nan=False)
            assert json.loads(text) == view
            assert set(view) == FIELDS
            assert view["game"] == spec.name and view["seat"] == seat
            assert view["to_act"] == game.to_act
            mine = seat is not None and game.to_act == seat
            want = "over" if game.over else "your-turn" if mine else "waiting"
            assert view["state"] == want
            assert len(view["seats"]) == spec.seats and len(view["trick"]) == spec.seats
            if seat is None:
                assert view["hand"] == []
            else:
                assert set(view["hand"]) == hands[seat] and len(view["hand"]) == len(hands[seat])
                assert view["hand"] == hand_cards(game, seat)
            assert view["legal"] == (legal if mine else [])
            played = [a for acts in view["card_actions"].values() for a in acts]
            assert sorted(played + view["actions"]) == sorted(view["legal"])
            assert set(view["card_actions"]) <= set(view["hand"])
            assert (view["prompt"] is None) == (not mine)
            # the legal actions may name cards of no seat's own (Euchre's call of a partner
            # card): they are the game's, checked above; nothing else may name another's card
            others = set().union(*(hands[p] for p in range(spec.seats) if p != seat))
            others -= known_to_all(game, names)  # cards the rules make public while held
            rest = {k: v for k, v in view.items() if k not in ("legal", "actions")}
            # the words of the legal actions, and the buttons that send them, may name (in
            # symbols: A♦) the cards those actions name, and no other card of another seat
            assert set(rest.pop("words")) == set(view["legal"])  # its keys: the legal ones
            buttons = [b for g in rest.pop("controls") for row in g["rows"] for b in row]
            assert {b["action"] for b in buttons} - {None} <= set(view["actions"])
            said = [*view["words"].values(), *(b["text"] + " " + b["title"] for b in buttons)]
            named = tokens([symbols_as_notation(t) for t in said]) - tokens(view["legal"])
            assert not named & others, f"{spec.name}: seat {seat}'s choices name {named & others}"
            if view["taken"] and view["taken"].get("deal") != view["public"].get("contract_no"):
                del rest["taken"]  # the last trick of the deal before: checked for Trix below
            leaked = tokens(rest) & others
            assert not leaked, f"{spec.name}: seat {seat}'s view shows {sorted(leaked)}"
            if game.over:
                assert view["result"]["ranks"] == game.results()[0]
            else:
                assert view["result"] is None
            checked += 1
    assert checked > 100


def test_a_view_passes_the_table_s_parts_through(spec):
    game = spec.part("api").GAME.new(3, 0)
    seat = game.to_act
    card = hand_cards(game, seat)[0]
    look = {"cards": [{"seat": 0, "card": "x"}], "winner": 0, "looks_left": 1}
    seats = [{"name": "Ann", "kind": "person", "connected": False, "away": True}]
    view = view_for(game, seat, seats=seats, preselect=card, last_trick=look, log=["a", "b"])
    assert view["preselect"] == card and view["last_trick"] == look and view["log"] == ["a", "b"]
    assert view["seats"][0] == {"seat": 0, "name": "Ann", "kind": "person", "connected": False,
                                "away": True}  # fmt: skip
    assert view["seats"][1]["kind"] == "bot" and view["seats"][1]["name"] == "seat 1"
    with pytest.raises(ValueError, match="seats 0-"):
        view_for(game, spec.seats)


def test_the_trix_public_block_matches_the_game():
    spec = games()["trix"]
    assert spec.has("web")
    seen = set()
    for game, _ in positions(spec, n=2, every=1):
        s, phase = game.state, game.phase
        played = int(game.observation(0).played)
        for seat in (0, 1, 2, 3, None):
            view = view_for(game, seat)
            pub = view["public"]
            mine = seat is not None and game.to_act == seat
            want = CONTRACT_NAMES[game.contract] if game.contract >= 0 else None
            assert pub["contract"] == want and pub["chooser"] == game.chooser
            assert pub["contract_no"] == game.contract_no + 1
            obs = game.observation(0)
            assert pub["announcer"] == (obs.announcer if obs.announcer >= 0 else None)
            assert pub["passes"] == obs.passes and pub["tricks_won"] == obs.tricks_won
            left = [[CONTRACT_NAMES[c] for c in range(7) if r >> c & 1] for r in obs.remaining]
            assert pub["contracts_left"] == left
            if phase == TRIX and not game.over:
                assert [p["suit"] for p in pub["piles"]] == list("HCDS")
                laid = [c for p in pub["piles"] for c in p["cards"]]
                assert sorted(laid) == sorted(TRIX_CARDS[c] for c in cards_of(played))
                assert all(c[1] == p["suit"] for p in pub["piles"] for c in p["cards"])
                seen.add("piles")
            else:
                assert pub["piles"] is None
            legal = game.legal_mask() if mine else 0
            assert pub["king_offer"] == bool(legal >> DOUBLE & 1)
            assert bool(pub["notes"]) == (mine and phase == CHOOSE)
            if mine:
                want = ("contract" if phase == CHOOSE else "double" if legal >> DOUBLE & 1
                        else "pass" if legal == 1 << PASS else "card")  # fmt: skip
                assert view["prompt"] == want
                seen.add(want)
                if want == "contract":
                    assert set(view["actions"]) <= set(CONTRACT_NAMES)
                if want == "double":
                    assert sorted(view["actions"]) == ["double", "no-double"]
            if phase == TRICKS:
                cards = [int(v) for v in s[S.TRICK_CARDS : S.TRICK_CARDS + 4]]
                assert view["trick"] == [TRIX_CARDS[c] if c >= 0 else None for c in cards]
        taken = view_for(game, None)["taken"]
        if taken is not None and phase == TRICKS:
            assert taken["deal"] == game.contract_no + 1 and obs.trick_cards == [-1] * 4
            assert all(int(played) >> TRIX_CARDS.index(c) & 1 for c in taken["cards"])
            seen.add("taken")
        elif taken is not None:  # at a choice: the last trick of the contract that ended
            before = game.contracts[-1 if game.over else -2]
            trick = [t for t in tricks_of(before.events) if len(t) == 4][-1]
            assert taken["deal"] == before.number + 1 and taken["winner"] == trick_winner(trick)
            assert sorted(taken["cards"]) == sorted(TRIX_CARDS[c] for _, c in trick)
            seen.add("taken-before")
        look = last_trick(game)
        if look is not None:
            assert phase == TRICKS and len([c for c in look["cards"] if c]) == 4
            assert all(int(played) >> TRIX_CARDS.index(c) & 1 for c in look["cards"])
            seen.add("look")
    assert {"piles", "contract", "double", "card", "look", "taken", "taken-before"} <= seen


def test_a_declined_announcement_and_a_discard_stay_out_of_the_log():
    spec = games()["trix"]
    found = False
    for game, _ in positions(spec, n=3, every=1):
        if not game.over and game.legal_mask() >> DOUBLE & 1:
            seat = game.to_act
            assert public_text(game, seat, NO_DOUBLE) is None
            assert public_text(game, seat, DOUBLE) == "double"
            found = True
            break
    assert found
    for name in ("euchre5", "five-hundred"):
        if name not in games():
            continue
        for game, _ in positions(games()[name], n=1, every=1):
            texts = [game.event_name(a) for a in game.legal_actions()]
            if any(t.startswith("discard:") for t in texts):
                a = game.legal_actions()[0]
                assert public_text(game, game.to_act, a) == "discard"
                break
        else:
            pytest.fail(f"{name}: no discard in a random game")


def test_the_pages_exist_and_fetch_nothing_from_elsewhere():
    scripts = [game_script(name) for name in games()]
    for path in [STATIC / name for name in PAGES] + [p for p in scripts if p is not None]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text, re.IGNORECASE), f"{path} names an address"
        assert "//cdn" not in text and "@import" not in text, path
    lobby = (STATIC / "index.html").read_text(encoding="utf-8")
    table = (STATIC / "table.html").read_text(encoding="utf-8")
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    lobby_js = (STATIC / "lobby.js").read_text(encoding="utf-8")
    assert 'data-action="new-table"' in lobby and "/api/tables" in lobby_js
    assert "/api/games" in lobby_js
    assert "data-share-link" in table and 'data-action="last-trick"' in table
    for hook in ("dataset.state", "dataset.card", "dataset.legal", "dataset[data]",
                 "dataset.action", "dataset.result", "/api/tables/", "/ws/"):  # fmt: skip
        assert hook in script, hook
    trix = game_script("trix").read_text(encoding="utf-8")  # its contracts: [data-contract]
    assert 'actionButton(c, "contract")' in trix
    for page in (lobby, table):
        for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
            assert (STATIC / ref.removeprefix("/static/")).is_file(), ref


def test_only_a_play_a_lay_or_a_discard_is_a_card_action():
    hand = {"7H", "9C", "JK", "AS"}
    assert [card_of_action(t, hand) for t in ("7H", "discard:9C", "JK=S")] == ["7H", "9C", "JK"]
    # a bid or a call spelt like a card the hand holds is no card of the hand
    assert [card_of_action(t, hand) for t in ("bid:7H", "call:AS", "pass")] == [None] * 3
