"""The Review of a finished deal at a browser table (#45.3): given for a deal once it is
over and never before, by a link anyone at the table has; made off the event loop."""

import pytest

from tests.web.test_server import connect, data, new_table, quiet_log, server, view_until  # noqa: F401


@pytest.mark.slow
def test_a_finished_deal_is_reviewed_and_a_deal_in_play_is_not(data, quiet_log):  # noqa: F811  (the fixtures)
    with server(data, grace=0) as client:  # nobody comes: the bots play every seat
        t = new_table(client, game="euchre5", bots="greedy")
        table = t["table"]
        r = client.get(f"/api/tables/{table}/review/1")
        assert r.status_code == 409 and "not over yet" in r.json()["error"]
        with connect(client, table) as watcher:
            v = view_until(watcher, lambda v: v["reviews"] >= 1, 120)
        r = client.get(f"/api/tables/{table}/review/1")
        assert r.status_code == 200, r.text
        review = r.json()
        assert review["deal"] == 1 and review["evaluator"] == "dd"
        assert len(review["seats"]) == 5 and len(review["hands"]) == 5
        decisions = review["decisions"]
        assert len(decisions) >= 25  # 25 cards at least, and the bids
        for s, seat in enumerate(review["seats"]):
            costs = [d["cost"] for d in decisions if d["seat"] == s and "cost" in d]
            assert seat["loss"] == pytest.approx(sum(costs), abs=0.02 * len(costs) + 1e-9)
            assert all(c >= 0 for c in costs)
        assert all(("best" in d) == (d.get("cost", 0) > 1e-6) for d in decisions)
        # the same link again: the same review, kept
        assert client.get(f"/api/tables/{table}/review/1").json() == review
        for deal in (0, "x", 10**9):
            assert client.get(f"/api/tables/{table}/review/{deal}").status_code == 404
        page = client.get(f"/t/{table}/review/1")
        assert page.status_code == 200 and "review.js" in page.text
        assert client.get("/t/nosuchtable/review/1").status_code == 404
        # a table whose person is to act in deal 1: that deal is not over, and not reviewed
        t = new_table(client, game="euchre5", bots="greedy")
        with connect(client, t["table"], t["token"]) as me:
            v = view_until(me, lambda v: v["state"] == "your-turn", 120)
            assert v["reviews"] == 0
            r = client.get(f"/api/tables/{t['table']}/review/1")
            assert r.status_code == 409 and "not over yet" in r.json()["error"]
