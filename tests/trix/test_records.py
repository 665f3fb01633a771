"""Game records (RECORD.md) round trip, and `replay` rejects broken ones with the right words."""

import copy
import json

import pytest

from sim.core.bots import parse_spec
from sim.core.play import play_game
from sim.core.replay import check_line
from sim.games.trix import SPEC as TRIX
from sim.games.trix.cards import parse_hand
from sim.games.trix.record import dumps, game_record, loads
from sim.games.trix.replay import replay_record
from sim.games.trix.vocab import JACKS

SPECS = [parse_spec("random", "trix")] * 4


def record_of(game_id: int, seed: int = 5) -> dict:
    game = play_game(TRIX, SPECS, seed, game_id)
    return game_record(game, game_id, ["random"] * 4)


def verdict(rec: dict) -> str | None:
    return check_line(1, dumps(rec)).error


@pytest.fixture(scope="module")
def records():
    return [record_of(g) for g in range(40)]


def test_round_trip_is_lossless(records):
    for rec in records:
        line = dumps(rec)
        again = game_record(replay_record(loads(line)), rec["game"], rec["bots"])
        assert dumps(again) == line


def test_record_has_every_field_in_order(records):
    rec = records[0]
    assert list(rec) == ["format", "game", "bots", "first_chooser", "contracts", "totals",
                         "ranks", "win_share", "end"]  # fmt: skip
    assert list(rec["contracts"][0]) == ["chooser", "choice", "contract", "hands", "events",
                                         "points", "totals"]  # fmt: skip
    assert rec["format"] == "trixsim/game-record@1"


def test_good_records_pass(records):
    for rec in records:
        assert verdict(rec) is None


def test_seed_contract_names_are_accepted(records):
    rec = copy.deepcopy(records[0])
    seed_names = {
        "diamonds": "dineri",
        "queens": "damet",
        "tricks": "pli",
        "last-trick": "farcha",
        "king": "ray",
        "general": "général",
        "trix": "trix",
    }
    for c in rec["contracts"]:
        c["contract"] = seed_names[c["contract"]]
    assert verdict(rec) is None


def first_trick_contract(rec):
    return next(i for i, c in enumerate(rec["contracts"]) if c["contract"] != "trix")


def test_wrong_point_is_named(records):
    rec = copy.deepcopy(records[1])
    rec["contracts"][0]["points"][2] += 10
    assert "contract 1" in verdict(rec) and "points are" in verdict(rec)


def test_wrong_total_is_named(records):
    rec = copy.deepcopy(records[1])
    rec["totals"][0] += 1
    assert verdict(rec).endswith(f"but the rules give {records[1]['totals']}")


def test_illegal_card_not_following_suit(records):
    # find a trick where a later player could follow but we make him play off-suit
    for rec in records:
        for i, c in enumerate(rec["contracts"]):
            if c["contract"] == "trix":
                continue
            hands = {p: parse_hand(h) for p, h in enumerate(c["hands"])}
            events = [e for e in c["events"] if not e.endswith("double")]
            lead_seat, lead = events[0].split(":")
            suit = "HCDS".index(lead[1])
            seat = (int(lead_seat) + 1) % 4
            followers = [card for card in range(32) if hands[seat] >> card & 1]
            off = [x for x in followers if x // 8 != suit]
            if off and any(x // 8 == suit for x in followers):
                bad = copy.deepcopy(rec)
                idx = bad["contracts"][i]["events"].index(events[1])
                name = "789JQKTA"[off[0] % 8] + "HCDS"[off[0] // 8]
                bad["contracts"][i]["events"][idx] = f"{seat}:{name}"
                suit_name = ("hearts", "clubs", "diamonds", "spades")[suit]
                assert verdict(bad) == (
                    f"game {rec['game']}, contract {i + 1} ({c['contract']}), event {idx + 1} "
                    f'"{seat}:{name}": seat {seat} must follow {suit_name} (R4.2)'
                )
                return
    pytest.fail("no suitable trick found")


@pytest.mark.parametrize("seat", ["٢", "２", " 2", "+2"])
def test_an_event_seat_is_one_digit_0_to_3(records, seat):
    rec = copy.deepcopy(records[2])
    event = rec["contracts"][0]["events"][0]
    rec["contracts"][0]["events"][0] = seat + event[1:]
    assert "an event is SEAT:ACTION" in verdict(rec)


def test_events_are_written_as_records_write_them(records):
    rec = copy.deepcopy(records[2])
    events = rec["contracts"][0]["events"]
    k = next(k for k, e in enumerate(events) if e != e.lower())  # a card, not a pass
    event = events[k]
    events[k] = event.lower()  # 2:9c is not a record's 2:9C
    assert f"write it {event} (RECORD.md" in verdict(rec)


def test_a_game_id_is_not_negative(records):
    rec = copy.deepcopy(records[2])
    rec["game"] = -1
    assert "'game' must be 0 or more, got -1" in verdict(rec)


def test_missing_event(records):
    rec = copy.deepcopy(records[2])
    rec["contracts"][0]["events"].pop()
    assert "an event is missing" in verdict(rec)


def test_extra_event(records):
    rec = copy.deepcopy(records[2])
    i = first_trick_contract(rec)
    rec["contracts"][i]["events"].append(rec["contracts"][i]["events"][-1])
    assert "the contract was already over" in verdict(rec)


def test_event_out_of_turn(records):
    rec = copy.deepcopy(records[3])
    i = first_trick_contract(rec)
    seat, card = rec["contracts"][i]["events"][0].split(":")
    rec["contracts"][i]["events"][0] = f"{(int(seat) + 1) % 4}:{card}"
    assert "turn, not seat" in verdict(rec)


def test_wrong_chooser(records):
    rec = copy.deepcopy(records[3])
    rec["contracts"][1]["chooser"] = (rec["contracts"][1]["chooser"] + 2) % 4
    assert verdict(rec).startswith(f"game {rec['game']}, contract 2")
    assert "chooses (R3.2)" in verdict(rec)


def test_wrong_choice_number(records):
    rec = copy.deepcopy(records[3])
    rec["contracts"][0]["choice"] = 2
    assert "choice is 2" in verdict(rec)


def test_trix_without_a_jack_before_sixth_choice(records):
    # R3.4
    for rec in records:
        for i, c in enumerate(rec["contracts"]):
            chooser_hand = parse_hand(c["hands"][c["chooser"]])
            earlier = {x["contract"] for x in rec["contracts"][:i] if x["chooser"] == c["chooser"]}
            if c["choice"] < 6 and chooser_hand & JACKS == 0 and "trix" not in earlier:
                bad = copy.deepcopy(rec)
                bad["contracts"][i]["contract"] = "trix"
                assert verdict(bad) == (
                    f"game {rec['game']}, contract {i + 1} (trix): seat {c['chooser']} may not "
                    f"choose trix: trix needs a jack in hand before the 6th choice "
                    f"(R3.4, choice {c['choice']})"
                )
                return
    pytest.fail("no jackless chooser found")


def test_game_going_on_after_a_total_passed_1000(records):
    rec = copy.deepcopy(next(r for r in records if r["end"] == "over-1000"))
    n = len(rec["contracts"])
    rec["contracts"].append(copy.deepcopy(rec["contracts"][-1]))
    assert verdict(rec) == (
        f"game {rec['game']}, contract {n + 1} ({rec['contracts'][-1]['contract']}): the game "
        f"was already over after contract {n} (over-1000, R3.7/R8.1)"
    )


def test_record_stopping_before_the_end(records):
    rec = copy.deepcopy(records[4])
    rec["contracts"].pop()
    assert "the game is not over" in verdict(rec)


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "trixsim/game-record@1", ', "malformed JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "other@2"}', "format is 'other@2'"),
    ],
)
def test_malformed_lines(text, words):
    error = check_line(7, text).error
    assert error.startswith("line 7: ") and words in error


def test_missing_field_and_unknown_card(records):
    rec = copy.deepcopy(records[5])
    del rec["ranks"]
    assert check_line(3, dumps(rec)).error == "line 3: missing field 'ranks'"
    rec = copy.deepcopy(records[5])
    rec["contracts"][0]["hands"][0] = rec["contracts"][0]["hands"][0].replace(
        rec["contracts"][0]["hands"][0][:2], "ZZ"
    )
    assert "unknown card 'ZZ'" in verdict(rec)


def test_double_only_by_the_holder(records):
    # R5.6: a double written for a seat not holding KH is refused
    for rec in records:
        for i, c in enumerate(rec["contracts"]):
            if c["contract"] in ("king", "general") and not any("double" in e for e in c["events"]):
                seat = int(c["events"][0].split(":")[0])
                if not parse_hand(c["hands"][seat]) >> 5 & 1:
                    bad = copy.deepcopy(rec)
                    bad["contracts"][i]["events"].insert(0, f"{seat}:double")
                    assert "cannot announce KH" in verdict(bad)
                    return
    pytest.fail("no suitable contract")


def test_json_line_is_compact_utf8(records):
    line = dumps(records[0])
    assert "\n" not in line and json.loads(line) == records[0]
