"""Replay a Trix record through the engine and say where it breaks a rule.

Each record is rebuilt move by move with the recorded hands; the first event,
choice, point or total that the rules do not give is reported in one line, in
the words of the rule (``game 17, contract 5 (king), event 12 "2:9C": seat 2
must follow hearts (R4.2)``). Contracts and events are numbered from 1.
"""

from __future__ import annotations

from sim.core.api import IllegalActionError
from sim.core.replay import Mismatch
from sim.games.trix.cards import parse_hand
from sim.games.trix.game import Game, check_deal, contract_number, parse_action
from sim.games.trix.vocab import (
    CHOOSE_BASE,
    DIAMONDS,
    DOUBLE,
    KING,
    N_SEATS,
    NO_DOUBLE,
    QUEENS,
    TRIX_C,
)

EARLY_STOP = {
    DIAMONDS: "the last diamond was taken (R5.1)",
    QUEENS: "the last queen was taken (R5.2)",
    KING: "KH was taken (R5.5)",
    TRIX_C: "the second player was out of cards (R9.6)",
}


def replay(rec: dict) -> int:
    """The codec's replay: the number of contracts of a good record; Mismatch otherwise."""
    return len(replay_record(rec).contracts)


def replay_record(rec: dict) -> Game:
    """Rebuild a record's game; raise Mismatch at the first departure from the rules."""
    gid = rec["game"]
    contracts = rec["contracts"]
    hands = []
    for i, c in enumerate(contracts, 1):
        try:
            hands.append([parse_hand(h) for h in c["hands"]])
            check_deal(hands[-1])
        except ValueError as e:
            raise Mismatch(f"game {gid}, contract {i}: {e}") from None
    if rec["first_chooser"] not in range(N_SEATS):
        raise Mismatch(f"game {gid}: first_chooser {rec['first_chooser']} is not a seat "
                       f"0-{N_SEATS - 1}")  # fmt: skip
    # A game the record stops too early is caught below; meanwhile it is dealt the first hands.
    game = Game.from_deals(rec["first_chooser"], lambda k: hands[min(k, len(hands) - 1)])
    for i, c in enumerate(contracts, 1):
        replay_contract(game, gid, i, c)
    if not game.over:
        raise Mismatch(
            f"game {gid}: the record ends after contract {len(contracts)} but the game is not "
            "over (no total above 1000 and fewer than 28 contracts, R8.1)"
        )
    ranks, shares = game.results()
    for key, ours in (("totals", game.totals), ("ranks", ranks), ("end", game.end)):
        if rec[key] != ours:
            raise Mismatch(f"game {gid}: {key} are {rec[key]} but the rules give {ours}")
    if [round(float(x), 9) for x in rec["win_share"]] != [round(x, 9) for x in shares]:
        raise Mismatch(f"game {gid}: win_share is {rec['win_share']} but the rules give {shares}")
    return game


def replay_contract(game: Game, gid: int, i: int, c: dict) -> None:
    where = f"game {gid}, contract {i} ({c['contract']})"
    if game.over:
        raise Mismatch(
            f"{where}: the game was already over after contract {i - 1} ({game.end}, R3.7/R8.1)"
        )
    try:
        contract = contract_number(c["contract"])
    except ValueError as e:
        raise Mismatch(f"{where}: {e}") from None
    seat = game.to_act
    if c["chooser"] != seat:
        raise Mismatch(f"{where}: chooser is seat {c['chooser']}, but seat {seat} chooses (R3.2)")
    choice = game.contracts[-1].choice
    try:
        game.apply(CHOOSE_BASE + contract)
    except IllegalActionError:
        raise Mismatch(
            f"{where}: seat {seat} may not choose {c['contract']}: "
            f"{game.why_illegal(CHOOSE_BASE + contract)}"
        ) from None
    if c["choice"] != choice:
        raise Mismatch(f"{where}: choice is {c['choice']}, but this is seat {seat}'s choice "
                       f"{choice} (R3.3)")  # fmt: skip
    n_before = len(game.contracts)
    result = game.contracts[n_before - 1]
    for j, event in enumerate(c["events"], 1):
        here = f'{where}, event {j} "{event}"'
        if len(game.contracts) > n_before or game.over:
            reason = EARLY_STOP.get(contract, "all 8 tricks were played (R5.3, R5.4, R5.7)")
            raise Mismatch(f"{here}: the contract was already over: {reason}")
        who, _, what = event.partition(":")
        try:
            if not (len(who) == 1 and who in "0123"):
                raise ValueError(who)
            seat = int(who)
            action = parse_action(what)
        except ValueError:
            raise Mismatch(
                f"{here}: an event is SEAT:ACTION, e.g. 2:9C, 1:pass, 3:double"
            ) from None
        if what != game.event_name(action):
            raise Mismatch(f"{here}: write it {who}:{game.event_name(action)} (RECORD.md: "
                           "upper-case cards like 9C, no spaces)")  # fmt: skip
        if seat != game.to_act:
            raise Mismatch(f"{here}: it is seat {game.to_act}'s turn, not seat {seat}'s (R2.2)")
        legal = game.legal_mask()
        if legal >> NO_DOUBLE & 1 and action != DOUBLE:
            game.apply(NO_DOUBLE)  # not announcing is not written in records
        try:
            game.apply(action)
        except IllegalActionError:
            raise Mismatch(f"{here}: {game.why_illegal(action)}") from None
    if len(game.contracts) == n_before and not game.over:
        n = len(c["events"])
        raise Mismatch(f"{where}: the contract is not over after its {n} event{'s' * (n != 1)} "
                       f"(seat {game.to_act} is to act): an event is missing")  # fmt: skip
    for key in ("points", "totals"):
        ours = getattr(result, key)
        if c[key] != ours:
            raise Mismatch(f"{where}: {key} are {c[key]} but the rules give {ours}")
