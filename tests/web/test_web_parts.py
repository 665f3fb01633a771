"""What a game declares for the browser, and the machinery that names no game.

Every game's web part (``sim/games/<game>/web.py``) declares each name the web layer reads
(``sim.core.parts.CONTRACTS["web"]``); the lobby's lists come from ``GET /api/games``; a
game's own drawing is its script, served from its folder at ``/static/games/<name>.js`` and
nothing else; neither the lobby nor ``table.js`` names a game.
"""

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import sim.web.app as app_module
from sim.core.bots import load_bots
from sim.core.parts import CONTRACTS
from sim.core.registry import default_game, games
from sim.web import views
from sim.web.app import create_app, game_script
from sim.web.protocol import ProtocolError, parse_new_table

GAMES = list(games().values())
WEB = Path(app_module.__file__).parent
STATIC = WEB / "static"
HOOKS = ("prompt", "public_text", "taken", "last_trick")  # a function, or None: the generic


@pytest.fixture(params=GAMES, ids=lambda g: g.name)
def spec(request):
    return request.param


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "data", bot_delay=0)) as c:
        yield c


def words_of(spec) -> list[str]:
    """What would name the game on a page: its name, its label, its title's name."""
    return [spec.name, views.label(spec), spec.title.split(":", 1)[0]]


def names_a_game(text: str) -> list[str]:
    return [w for g in GAMES for w in words_of(g)
            if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.IGNORECASE)]  # fmt: skip


# -- the declarations --------------------------------------------------------------------------
def test_every_game_has_a_web_part_that_declares_what_the_web_layer_reads(spec):
    assert spec.has("web")
    web = views.web_part(spec)
    contract = CONTRACTS["web"]
    for name in contract.values + contract.functions:
        assert hasattr(web, name), name
    for name in HOOKS:
        assert getattr(web, name) is None or callable(getattr(web, name)), name
    cards = web.CARDS
    names = views.card_names(spec.part("api").GAME.new(1, 0))
    assert names and all(cards.card_name(c) == t and cards.parse_card(t) == c
                         for c, t in names.items())  # fmt: skip
    deck = sum(1 << c for c in names)
    assert sorted(cards.cards_of(deck)) == sorted(names)
    with pytest.raises(ValueError):
        cards.parse_card("ZZ")
    slots = web.TRICK_SLOTS
    assert slots is None or isinstance(slots, views.TrickSlots)
    if slots is not None:  # every slot read is public: a view may show it
        pub, widths = spec.part("kernels").PUB_SIZE, {"cards": spec.seats, "last_cards": spec.seats}
        for f in dataclasses.fields(slots):
            base = getattr(slots, f.name)
            assert base is None or 0 <= base <= pub - widths.get(f.name, 1), (f.name, slots)
        assert slots.cards is None or slots.lead_card is None  # one way to read the trick
    assert web.LOOKS is None or (isinstance(web.LOOKS, int) and web.LOOKS > 0)
    assert (web.LOOKS_RULE is None) == (web.LOOKS is None)  # a limit names its rule
    assert web.LABEL is None or (isinstance(web.LABEL, str) and web.LABEL.strip())
    assert web.SCRIPT is None or game_script(spec.name) == Path(web.__file__).parent / web.SCRIPT


def web_reads(tree) -> set[str]:
    """The names read of a web part in a module: ``web.X``, ``self.web.X``,
    ``web_part(spec).X`` (``X`` not a dunder)."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or node.attr.startswith("__"):
            continue
        v = node.value
        if isinstance(v, ast.Call):
            v = v.func
            named = getattr(v, "id", getattr(v, "attr", None)) == "web_part"
        else:
            named = getattr(v, "id", getattr(v, "attr", None)) == "web"
        if named:
            out.add(node.attr)
    return out


def test_the_contract_lists_every_name_the_web_layer_reads_and_no_other():
    contract = CONTRACTS["web"]
    read = set()
    for path in WEB.glob("*.py"):
        read |= web_reads(ast.parse(path.read_text(encoding="utf-8")))
    assert read == set(contract.values + contract.functions)
    assert web_reads(ast.parse("self.web.X, web_part(g).Y, views.web_part(g).Z")) == set("XYZ")


def test_a_game_without_a_web_part_is_neither_listed_nor_seated(client, monkeypatch):
    real = games()
    name = next(iter(real))
    spec = real[name]

    class Bare:  # the same game, without its web part
        def __getattr__(self, attr):
            return getattr(spec, attr)

        def has(self, part):
            return part != "web" and spec.has(part)

    bare = Bare()
    monkeypatch.setattr("sim.core.registry.games", lambda: {**real, name: bare})
    monkeypatch.setattr(views, "_WEB", {k: v for k, v in views._WEB.items() if k != name})
    with pytest.raises(ValueError, match="no web part"):
        views.web_part(bare)
    listed = [g["name"] for g in client.get("/api/games").json()["games"]]
    assert name not in listed and listed
    r = client.post("/api/tables", json={"game": name})
    assert r.status_code == 400 and "no web part" in r.json()["error"]
    assert client.get(f"/static/games/{name}.js").status_code == 404


# -- GET /api/games ------------------------------------------------------------------------------
def test_api_games_lists_every_registered_game_and_its_bots(client):
    r = client.get("/api/games")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    listed = r.json()["games"]
    assert [g["name"] for g in listed] == list(games())  # the registry's order
    assert [g["name"] for g in listed if g["default"]] == [default_game()]
    for g in listed:
        spec = games()[g["name"]]
        assert g["title"] == spec.title and g["label"] == views.label(spec)
        assert g["seats"] == spec.seats and g["teams"] == [list(t) for t in spec.teams]
        bots = load_bots(spec.name)
        assert [b["name"] for b in g["bots"]] == [n for n, b in bots.items() if not b.sees_all]
        assert [b["name"] for b in g["bots"] if b["default"]] == ["greedy"]
        for b in g["bots"]:
            info = bots[b["name"]]
            assert b["doc"] == info.doc
            assert b["params"] == [{"name": p.name, "default": p.default, "help": p.help}
                                   for p in info.params]  # fmt: skip
    assert client.get("/api/games").json()["games"] == listed  # asked once, kept


def test_the_lobby_and_the_table_page_name_no_game(client):
    lobby = client.get("/")
    assert lobby.status_code == 200 and "/static/lobby.js" in lobby.text
    assert "/api/games" in (STATIC / "lobby.js").read_text(encoding="utf-8")
    assert names_a_game(lobby.text) == []
    for name in ("table.js", "table.html", "index.html", "lobby.js", "cards.js", "style.css"):
        assert names_a_game((STATIC / name).read_text(encoding="utf-8")) == [], name
    assert names_a_game(views.label(games()[default_game()]))  # the check does see a name


def test_the_lobby_s_fallback_and_a_new_table_take_the_registry_s_default_game():
    default = default_game()
    assert parse_new_table({})[0] == default
    assert parse_new_table({}, "other")[0] == "other"
    with pytest.raises(ProtocolError, match=f'e.g. "{default}"'):
        parse_new_table({"game": 7})
    assert f"&quot;game&quot;: &quot;{default}&quot;" in app_module._lobby_fallback()


# -- the game's script -------------------------------------------------------------------------
def test_a_game_s_script_is_served_only_from_its_own_folder(client, spec):
    web = views.web_part(spec)
    r = client.get(f"/static/games/{spec.name}.js")
    if web.SCRIPT is None:
        assert r.status_code == 404
        return
    path = Path(web.__file__).parent / web.SCRIPT
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.content == path.read_bytes()
    assert "window.trixsim" in r.text


def test_the_script_route_refuses_an_unknown_game_and_every_path_trick(client):
    for path in ("/static/games/chess.js", "/static/games/.js", "/static/games/%2e%2e.js",
                 "/static/games/..%2Fweb.js", "/static/games/..%2F..%2Fweb%2Fapp.py",
                 "/static/games/%2E%2E%2Fapp.js", "/static/games/trix%00.js",
                 "/static/games/trix.py", "/static/games/trix", "/static/games/TRIX.js",
                 "/static/games/trix.js.map", "/static/games/trix/web.js",
                 "/static/games/sim.games.trix.js", "/static/..%2Fapp.py",
                 "/static/games/..%5Capp.js"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 404, (path, r.status_code)
        assert "import" not in r.text and "def " not in r.text, path


@pytest.mark.parametrize("script", ["../web.py", "web.py", "../../web/app.js", "/etc/x.js",
                                    "missing.js", "web.js/..", ".js", 7])  # fmt: skip
def test_only_a_plain_script_file_beside_the_web_part_is_served(client, monkeypatch, script):
    name = next(g.name for g in GAMES if views.web_part(g).SCRIPT)
    monkeypatch.setattr(views.web_part(games()[name]), "SCRIPT", script)
    assert game_script(name) is None
    assert client.get(f"/static/games/{name}.js").status_code == 404


def test_a_table_page_loads_its_game_s_script_before_table_js(client, spec):
    r = client.post("/api/tables", json={"game": spec.name, "bots": "random", "seed": 1})
    assert r.status_code == 200, r.text
    page = client.get(f"/t/{r.json()['table']}").text
    assert "<!--game-script-->" not in page
    tag = f'<script src="/static/games/{spec.name}.js"></script>'
    if views.web_part(spec).SCRIPT:
        assert page.index(tag) < page.index('<script src="/static/table.js">')
        assert page.index('<script src="/static/cards.js">') < page.index(tag)
    else:
        assert "/static/games/" not in page


def test_a_bot_that_sees_every_hand_is_never_offered_nor_seated(client):
    # oracle cheats: it is a tournament's bound, never a table's player (issue: strong search)
    cheats = {name: [n for n, b in load_bots(name).items() if b.sees_all] for name in games()}
    game = next((g for g, c in cheats.items() if c), None)
    assert game is not None, "no registered game has a bot that sees every hand"
    listed = {
        g["name"]: [b["name"] for b in g["bots"]] for g in client.get("/api/games").json()["games"]
    }
    assert not set(cheats[game]) & set(listed[game])
    r = client.post("/api/tables", json={"game": game, "bots": cheats[game][0]})
    assert r.status_code == 400 and "sees every hand" in r.json()["error"]
