"""What a client may send (``docs/web.md``), checked before anything reads it.

Every refusal is a :class:`ProtocolError` whose message is one line for the
client; nothing here logs, so a client's mistake never reaches the server log.
"""

from __future__ import annotations

import json
import re

from sim.core import registry
from sim.core.bots import split_specs

MAX_MESSAGE = 4096  # bytes of one WebSocket message or request body
MAX_ACTION_TEXT = 40  # characters of an action's text ("no-double", "10H", "7NT" ...)
TYPES = ("act", "preselect", "last_trick", "name")
MAX_NAME = 24  # characters of a person's name at a table
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_TOKEN = 64  # characters: tokens are secrets.token_urlsafe(24), 32 characters
DEFAULT_BOTS = "greedy"  # the bots of a new table that names none


class ProtocolError(ValueError):
    """A message the server does not take; the message says what was wrong."""


def parse_json(raw: str | bytes | None, what: str = "a message") -> dict:
    """A JSON object of at most :data:`MAX_MESSAGE` bytes."""
    if raw is None:
        raise ProtocolError(f"{what} must be JSON text")
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ProtocolError(f"{what} is at most {MAX_MESSAGE} bytes, got {size}")
    try:
        obj = json.loads(raw)
    except UnicodeDecodeError:
        raise ProtocolError(f"{what} must be JSON text (UTF-8)") from None
    except RecursionError:  # #47.13: it was called "not UTF-8"
        raise ProtocolError(f"{what} is nested too deeply: a JSON object of plain fields "
                            "is all the server takes") from None  # fmt: skip
    except ValueError as e:  # JSONDecodeError, or an integer of too many digits
        detail = f"{e.msg} at column {e.colno}" if isinstance(e, json.JSONDecodeError) else e
        raise ProtocolError(f"malformed JSON ({str(detail).split(';')[0]})") from None
    if not isinstance(obj, dict):
        raise ProtocolError(f"{what} must be a JSON object")
    return obj


def parse_message(raw: str | bytes | None) -> dict:
    """A client's WebSocket message: ``{"type": ..., ...}`` of a known type, its fields
    checked. Returns ``{"type": t, "action": text or None}``."""
    msg = parse_json(raw)
    kind = msg.get("type")
    if kind not in TYPES:
        shown = json.dumps(kind)[:40] if kind is not None else "none"
        raise ProtocolError(f"unknown message type {shown}; the types are {', '.join(TYPES)}")
    action = msg.get("action")
    if kind == "act" and not isinstance(action, str):
        raise ProtocolError('"act" needs "action": the action\'s text, e.g. "QS"')
    if kind == "name":
        return {"type": kind, "action": parse_name(msg.get("name"))}
    if kind == "preselect" and not (action is None or isinstance(action, str)):
        raise ProtocolError('"preselect" needs "action": a card\'s text, or null to drop it')
    if isinstance(action, str) and not 0 < len(action.strip()) <= MAX_ACTION_TEXT:
        raise ProtocolError(f'"action" must be 1 to {MAX_ACTION_TEXT} characters')
    return {"type": kind, "action": action.strip() if isinstance(action, str) else None}


def parse_name(value: object) -> str:
    """A person's name as the others will read it: 1 to :data:`MAX_NAME` printable
    characters, spaces collapsed."""
    if not isinstance(value, str):
        raise ProtocolError('"name" must be text, e.g. "Ann"')
    name = " ".join(value.split())
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise ProtocolError(f'"name" must be 1 to {MAX_NAME} printable characters, e.g. "Ann"')
    return name


def optional_name(value: object) -> str | None:
    """A name a request may leave out (absent or ``""``: None), else :func:`parse_name`'s."""
    return None if value in (None, "") else parse_name(value)


def check_table_id(table_id: str) -> str:
    if not TABLE_ID.fullmatch(table_id):
        raise ProtocolError("no such table")
    return table_id


def token_text(token: object) -> str | None:
    """A token as a client sent it, or None when it cannot be one (a spectator)."""
    if isinstance(token, str) and 0 < len(token) <= MAX_TOKEN:
        return token
    return None


def parse_new_table(
    body: dict, default_game: str | None = None
) -> tuple[str, list[str], int | None, str | None]:
    """``{"game": name, "bots": "greedy", "seed": 7, "name": "Ann"}`` -> (game, bot spec
    texts, seed, the creator's name); no ``game``: ``default_game``, else the registry's
    default game.

    ``bots`` is a text as ``--bots`` takes it, or a list of spec texts; seats without one
    take them round the table. The specs themselves are checked by the table maker."""
    unknown = sorted(set(body) - {"game", "bots", "seed", "name"})
    if unknown:
        raise ProtocolError(f"unknown field {unknown[0]!r}; a new table takes game, bots, seed, "
                            "name")  # fmt: skip
    default = default_game or registry.default_game()
    game = body.get("game", default)
    if not isinstance(game, str) or not 0 < len(game) <= 40:
        raise ProtocolError(f'"game" must be the name of a game, e.g. "{default}"')
    bots = body.get("bots", DEFAULT_BOTS)
    if isinstance(bots, str):
        texts = split_specs(bots)
    elif isinstance(bots, list) and all(isinstance(b, str) for b in bots):
        texts = [b.strip() for b in bots if b.strip()]
    else:
        raise ProtocolError('"bots" must be bot specs, e.g. "greedy" or ["greedy", "mcts"]')
    if not texts:
        raise ProtocolError('"bots" names no bot, e.g. "greedy"')
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ProtocolError('"seed" must be an integer from 0 to 2**64 - 1, or absent')
    if seed is not None and not 0 <= seed <= 2**64 - 1:
        raise ProtocolError(f'"seed" must be from 0 to 2**64 - 1, got {seed}')
    return game, texts, seed, optional_name(body.get("name"))
