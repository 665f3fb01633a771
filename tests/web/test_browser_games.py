"""Every game in plain words, in a real browser (#29 items 4, 6-9): a person on a phone plays
a whole deal of each game with a script of its own through the controls the server lays out,
and never reads notation; the end of a game explains itself; a dead connection is noticed.

The server, the browser and the helpers are ``test_browser.py``'s (one per module).
"""

from __future__ import annotations

import contextlib
import os
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.web.test_browser import (  # noqa: F401  (fixtures: used by name)
    GRACE,
    INIT,
    WAIT,
    browser,
    hand,
    new_context,
    server,
    wait_until,
)

pytestmark = pytest.mark.slow  # not in make test-quick

# record notation a person should never have to read: a card (``TS``), a call (``bid:7H``)
NOTATION = re.compile(
    r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])|\b(?:bid|call|trump|discard):\w|"
    r"\bseq[34]-|\bJK\b"
)
# a question's buttons: any game's (data-act), Trix's contracts and its K♥ offer
BUTTONS = "#ask button[data-act], #ask button[data-contract], #ask button[data-action]"
# where the docs' screenshots go when asked for (TRIXSIM_SCREENSHOTS=docs): nothing by default
SHOTS = os.environ.get("TRIXSIM_SCREENSHOTS")
# the words a page shows: the title, the question and its buttons, the state, the log
WORDS = """() => ['title', 'ask', 'panel', 'log', 'seats', 'center', 'result']
  .map((id) => document.getElementById(id).innerText).join('\\n')"""


def phone(browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, device_scale_factor=2)  # fmt: skip
    ctx.set_default_timeout(WAIT)
    ctx.add_init_script(INIT)
    return ctx


def new_table(page, server, game: str, name: str = "Ann") -> object:  # noqa: F811
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.select_option("#game", game)
    page.fill("#seed", "5")
    page.click('[data-action="new-table"]')
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = server.table(page.url.rsplit("/", 1)[1])
    assert server.call(lambda: table.spec.name) == game
    return table


# the page is no wider than the screen, and every card of the hand within it, its corner seen
FITS = """() => {
  const r = [...document.querySelectorAll('#hand .card')].map((c) => c.getBoundingClientRect());
  const wide = document.documentElement.scrollWidth <= window.innerWidth;
  return [r.length, wide && r.every((x) => x.left >= 0 && x.right <= window.innerWidth)];
}"""


# the trick's cards on the felt whose corner (rank and suit, top left) another card covers
CORNERS = """() => [...document.querySelectorAll('#center .trick .slot')].filter((slot) => {
  const r = slot.querySelector('.tcard').getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width * 0.12, r.top + r.height * 0.1);
  return !top || top.closest('.slot') !== slot;
}).map((slot) => slot.className)"""

# the left edge of each cell (a blank one too) of every row of a grid of choices
GRID_COLUMNS = """() => [...document.querySelectorAll('#ask .grid')].map((row) =>
  [...row.children].filter((c) => !c.classList.contains('head'))
    .map((c) => Math.round(c.getBoundingClientRect().left)))"""

LAYOUT = """() => {
  const w = document.getElementById('hand').clientWidth - 16;
  return [...Array(13).keys()].map((i) => {
    const { cw, overlap } = Cards.handLayout(w, i + 1);
    return cw >= 38 && cw + i * cw * (1 - overlap) <= w + 0.5 && 1 - overlap >= 0.25;
  });
}"""


@pytest.mark.parametrize("game", ["trix", "euchre5", "five-hundred", "terts"])
def test_a_person_plays_a_whole_deal_on_a_phone_in_plain_words(server, browser, game):  # noqa: F811
    ctx = phone(browser)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.clock.install()  # the page's timers: a taken trick's 1.3 s in view is skipped
    try:
        table = new_table(page, server, game)
        expect(page.locator(".seat.mine")).to_contain_text("Ann (you)")  # #29.8
        # #47.8: any hand up to 13 cards (Five Hundred's, with the kitty) fits the phone, each
        # card's corner (rank and suit: its left quarter) in view
        assert page.evaluate(LAYOUT) == [True] * 13
        chosen: list[str] = []  # the questions that were no card, answered with a button
        shot = None
        end = time.monotonic() + 120
        while not server.call(lambda: len(table.game.deal_rows) >= 1):
            assert time.monotonic() < end, f"{game}: the deal did not end; chose {chosen}"
            if server.call(lambda: table.game.to_act) != 0:
                time.sleep(0.02)
                continue
            n = server.call(lambda: len(table.moves))
            for _ in range(3):  # a tap on a view the next one is replacing is ignored: again
                ask = page.locator("#ask")
                with contextlib.suppress(AssertionError):
                    expect(ask).to_contain_text("Your turn:", timeout=100)
                page.clock.run_for(1_500)  # a trick just taken stays 1.3 s in view: seen
                expect(ask).to_contain_text("Your turn:")
                page.wait_for_selector(f"{BUTTONS}, #hand [data-legal='true']")
                cards, fits = page.evaluate(FITS)  # #47.8: 13 cards on a 390 px phone
                assert fits, f"{game}: a hand of {cards} cards overflows the phone's width"
                if page.locator("#ask .grid").count():  # #47.12: a bid grid's columns line up
                    lefts = page.evaluate(GRID_COLUMNS)
                    assert all(row == lefts[0] for row in lefts), f"{game}: {lefts}"
                hidden = page.evaluate(CORNERS)  # #47.13: five seats' trick cards
                assert not hidden, f"{game}: a card on the felt hides the corner of {hidden}"
                words = page.evaluate(WORDS)
                bad = NOTATION.search(words)
                assert not bad, f"{game}: {bad[0]!r} in {words}"
                buttons = page.locator(BUTTONS)
                act = None
                with contextlib.suppress(PlaywrightTimeout):  # the view changed meanwhile
                    if buttons.count():  # a decision through the game's own control, not a pass
                        others = page.locator(f"{BUTTONS}:not([data-act='pass'])")
                        button = others.first if others.count() else buttons.first
                        act = button.evaluate("(b) => b.dataset.act || b.dataset.contract || "
                                              "b.dataset.action", timeout=3000)  # fmt: skip
                        button.tap(timeout=3000)
                    else:
                        page.locator("#hand [data-card][data-legal='true']").first.tap(timeout=3000)
                with contextlib.suppress(AssertionError):
                    wait_until(lambda n=n: server.call(lambda: len(table.moves)) > n, 5)
                    break
            assert server.call(lambda: len(table.moves)) > n, f"{game}: no move"
            if act is not None:
                chosen.append(act)
            trick = page.locator("#center .trick .tcard").count()
            if SHOTS and not shot and trick >= 2 and len(hand(page)) <= 7:  # mid-deal
                shot = page.screenshot(path=f"{SHOTS}/web-{game}.png", full_page=True)
        assert [c for c in chosen if c != "pass"], f"{game}: no decision but cards and passes"
        expect(page.locator("#log")).to_contain_text(re.compile(r"is over\. Totals: "))
        # #45.3: the deal's Review, by the log's link: every decision, fitting the phone
        page.locator("#log .reviews a").first.evaluate("(a) => a.click()")
        page.wait_for_url(re.compile(r"/t/[^/]+/review/1$"))
        expect(page.locator("#decisions li").first).to_be_visible()
        assert page.locator("#summary tbody tr").count() == table.spec.seats
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.locator("#decisions .cost, #decisions .best").count() > 5
        assert not errors, errors
    finally:
        ctx.close()


def test_a_finished_game_says_why_it_ended_by_name_with_no_away_badges(server, new_context):  # noqa: F811
    a, b = new_context().new_page(), new_context().new_page()
    table = new_table(a, server, "euchre5")
    b.goto(a.url)
    expect(b.locator(".seat.mine")).to_have_attribute("data-seat", "1")
    b.fill("#myname", "Bo")
    b.locator("#namebar button").click()
    expect(a.locator('.seat[data-seat="1"]')).to_contain_text("Bo")
    b.context.close()  # Bo leaves: after the grace his bot plays for him (R10.2)

    def ann(until) -> bool:  # Ann's moves straight to the table: the first legal one
        if not table.game.over and table.game.to_act == 0:
            table.apply(0, int(table.game.legal_actions()[0]))
        return until()

    wait_until(lambda: server.call(lambda: ann(lambda: table.seat_list()[1]["away"])), 30)
    expect(a.locator('.seat[data-seat="1"]')).to_contain_text("away")
    wait_until(lambda: server.call(lambda: ann(lambda: table.game.over)), 120, "no end")
    result = a.locator("#result")
    expect(result).to_be_visible()
    why = server.call(lambda: table.view(0)["view"]["result"]["why"])
    assert re.search(r"reached 10 points after deal \d+", why), why  # R9.1
    expect(result).to_contain_text(f"The game ended: {why}")  # names as given (#47.13)
    expect(result).to_contain_text("Ann (you)")
    expect(result).to_contain_text("Bo")
    expect(result.locator("a[href$='/record']")).to_have_count(1)
    expect(a.locator("#seats")).not_to_contain_text("away")  # #29.9
    result.locator("[data-close-result]").click()  # the sheet closes; the table stays (#47.13)
    expect(result).to_be_hidden()
    expect(a.locator("#seats")).to_be_visible()


def test_a_dead_connection_is_noticed_and_the_page_reconnects(server, new_context):  # noqa: F811
    page = new_context().new_page()
    page.clock.install()  # the page's timers, run forward by the test
    new_table(page, server, "terts")
    page.wait_for_selector("#hand [data-card]")
    expect(page.locator("#conn")).to_have_text("")
    page.clock.fast_forward(13_000)  # 13 s without a message, not even a ping (#29.4)
    expect(page.locator("#conn")).to_contain_text("offline, reconnecting")
    page.clock.fast_forward(1_000)
    expect(page.locator("#conn")).to_have_text("")  # back, on a new connection
    assert page.evaluate("window.__sockets.length") >= 2


def test_trix_says_who_wins_from_the_start_and_whose_points_a_contract_gave(server, new_context):  # noqa: F811
    """#47.12: that the lowest total wins was said only at the end; at game over the title
    still read "contract 19/28 · ..."; a contract's end gave its points without names."""
    page = new_context().new_page()
    new_table(page, server, "trix")
    expect(page.locator("#title")).to_contain_text("Trix (lowest total wins) · contract 1/28")
    view = "{state: 'over', public: {contract_no: 19, contracts: 28}}"
    over = page.evaluate(f"() => window.trixsim.games.trix.title({view}, {{}})")
    assert over == "Trix · game over after contract 19/28 · the lowest total wins"
    # the end of a contract gives each seat's points by its name (#47.12)
    view = (
        "{public: {phase: 'choose', chooser: 1, contract_no: 2, contracts: 28, contracts_left:"
        " {}, previous: {number: 1, contract: 'king', chooser: 0, points: [0, 170, 0, 270]}}}"
    )
    ui = "{says: () => 'Bo chooses', seatName: (i) => ['Ann', 'Bo', 'Cy', 'Di'][i]}"
    lines = page.evaluate(f"() => window.trixsim.games.trix.center({view}, {ui}).lines")
    assert lines[1] == "Contract 1 (king, Ann): Ann 0, Bo +170, Cy 0, Di +270", lines
    # each contract's button says how it scores, one not allowed now too (#47.12)
    buttons = page.evaluate("""() => {
      const row = document.createElement('div');
      const ui = {say: () => {}, row, me: () => 0, actionButton: (t) => {
        const b = document.createElement('button'); b.textContent = t; return b; }};
      window.trixsim.games.trix.ask({prompt: 'contract', actions: ['diamonds', 'king'],
        public: {contracts_left: [['diamonds', 'king', 'trix']], notes: []}}, ui);
      return [...row.children].map((e) => e.textContent);
    }""")
    assert buttons == [
        "diamonds+10 a ♦ taken; all 8: +150 (R5.1)",
        "king+100 to K♥'s taker; +200 if announced (R5.5, R5.6)",
        "trixlay out the suits: −100, −50 to the first two out (R9.6)",
    ], buttons


def test_a_tap_while_a_taken_trick_is_held_is_acknowledged_at_once(server, new_context):  # noqa: F811
    """#47.10: a tap during a taken trick's 1.3 s in view showed nothing until it ended."""
    page = new_context().new_page()
    page.clock.install()  # the page's timers stand still unless the test runs them
    new_table(page, server, "trix")
    legal = "#hand .card[data-legal='true']"
    for _ in range(300):  # play on until the trick just taken is held and the turn is ours
        page.wait_for_selector("#hand [data-card]")
        mine = page.evaluate("document.documentElement.dataset.state") == "your-turn"
        if mine and page.locator("#center .taken").count() and page.locator(legal).count():
            break
        if mine:
            buttons = page.locator(BUTTONS)
            target = buttons.first if buttons.count() else page.locator(legal).first
            with contextlib.suppress(PlaywrightTimeout):
                target.click(timeout=2000)
        page.clock.run_for(1_500)
    else:
        pytest.fail("no trick taken with the turn ours")
    card = page.locator(legal).first
    name = card.get_attribute("data-card")
    card.click()
    # at once, the clock standing still: the card is marked on its way, or already played
    gone = page.locator(f"#hand .card[data-card='{name}']:not(.sent)")
    expect(gone).to_have_count(0, timeout=1_000)
