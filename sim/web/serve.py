"""``trixsim serve``: its options checked before anything listens, then uvicorn.

Every mistake is found here, in one line, not in the server's log: a port in use, a
host that does not resolve, a data folder that is a file, a limit that is not one.
"""

from __future__ import annotations

import dataclasses
import math
import socket
import sys
from pathlib import Path

from sim.web.guard import Limits


class ServeError(ValueError):
    """A bad option: one line."""


def limits_of(items: list[str]) -> Limits:
    """``["new_tables=20", "unjoined=300"]`` -> :class:`Limits`; ServeError names the
    limits there are."""
    fields = {f.name: f for f in dataclasses.fields(Limits)}
    values = {}
    for item in items:
        name, eq, text = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in fields or not eq:
            have = ", ".join(f"{k}={f.default}" for k, f in fields.items())
            raise ServeError(f"--limit takes NAME=VALUE, one of {have}; got {item!r}")
        kind = fields[name].type
        try:
            value = float(text) if kind in ("float", float) else int(text)
        except ValueError:
            raise ServeError(f"--limit {name} takes a number, got {text!r}") from None
        if not (math.isfinite(value) and value > 0):
            raise ServeError(f"--limit {name} must be more than 0, got {text}")
        values[name] = value
    return Limits(**values)


def check_proxy(proxy: str | None) -> str | None:
    """``--proxy``: the addresses of the reverse proxies whose ``X-Forwarded-For`` is
    believed (IPs or networks, comma-separated, or ``*``), checked; None: nobody's. Without
    it a client's address is the connection's, whatever headers it sends (uvicorn alone
    believes anyone on loopback, so a client there could name itself a fresh address after
    every refusal)."""
    if proxy is None:
        return None
    import ipaddress

    parts = [p.strip() for p in proxy.split(",")]
    for part in parts:
        if part == "*":
            continue
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            said = "give the proxy's IP addresses or networks, comma-separated (or *)"
            raise ServeError(f"--proxy {proxy}: {part!r} is no address; {said}") from None
    return ",".join(parts)


def check(host: str, port: int, data: Path, grace: float, limits: list[str]) -> Limits:
    """Every option of ``trixsim serve``, checked; its limits."""
    from sim.web.store import Store, StoreError

    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be from 1 to 65535, got {port}")
    if not (math.isfinite(grace) and 0 <= grace <= 86_400):
        raise ServeError(f"--grace must be from 0 to 86400 seconds, got {grace}")
    if data.exists() and not data.is_dir():
        raise ServeError(f"--data {data} is a file; give a folder for the tables")
    chosen = limits_of(limits)
    try:  # now, not in the server's log: an address in use or a host that does not resolve
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as e:
        raise ServeError(f"--host {host} --port {port}: cannot listen there "
                         f"({e.strerror or e})") from None  # fmt: skip
    try:
        Store(data).close()
    except StoreError as e:
        raise ServeError(f"--data: {e}") from None
    return chosen


def run(host: str, port: int, data: Path, grace: float, limits: Limits, chosen_seeds: bool,
        proxy: str | None = None):  # fmt: skip
    import logging

    import uvicorn

    from sim.web.app import create_app
    from sim.web.store import FILE

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    shown = f"[{host}]" if ":" in host else host
    print(f"trixsim: tables in {data / FILE}; open http://{shown}:{port}/ (Ctrl-C stops)",
          file=sys.stderr)  # fmt: skip
    # WebSocket pings every 5 s, 5 s to answer: a dead connection is let go within ~10 s
    # a client's address is the connection's unless --proxy names who may forward one
    uvicorn.run(create_app(data, grace, limits=limits, chosen_seeds=chosen_seeds), host=host,
                port=port, ws_max_size=64 * 1024, ws_ping_interval=5.0, ws_ping_timeout=5.0,
                log_level="info", proxy_headers=proxy is not None,
                forwarded_allow_ips=proxy)  # fmt: skip
