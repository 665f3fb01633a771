"""Network weight files: what they hold, the stamp that ties them to a game's observation,
and the one copy of each that a process keeps for its numba bots.

A file is an ``.npz`` (no pickles) with the layers ``w1 b1 w2 b2 w3 b3`` (:mod:`sim.core.net`)
and ``meta``, a JSON text: the format, the game, its rules version, the **encoding** (a
digest of the game's observation: its slices, size and global actions) and what made the
weights (the command, the teacher, the time it took, the strength measured). A network
trained on another game, or on an encoding the game has since changed, would read its
inputs wrongly and play nonsense without an error: such a file is refused in one line.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.core.bots import BotSpecError, Param
from sim.core.net import pack

FORMAT = "trixsim/neural@1"
_NAME = re.compile(r"[a-z0-9_]+")  # a shipped file's name: no path, no suffix
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")


class WeightsError(BotSpecError):
    """A weights file that cannot be played: missing, unreadable, or not this game's."""


def encoding(spec, hinted: bool = False, views: bool = False) -> str:
    """The digest of ``spec``'s observation as a network reads it: its game, rules version,
    slices (names, sizes, meanings), and global actions; for a network ``hinted`` with the
    rollout bot's choice, that bot's name and source too (its choices are inputs); for one
    that reads the suit ``views``, their description and tables."""
    o = spec.part("observation")
    parts = [spec.name, spec.version, [list(s) for s in o.SLICES], o.SIZE, o.N_GLOBAL,
             o.global_names()]  # fmt: skip
    if hinted:
        parts.append(hint_source(spec))
    if views:
        from sim.core.symmetry import digest, part_of

        parts.append(["views", digest(part_of(spec))])
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]


def hint_source(spec) -> list[str]:
    """The hint's bot (the rollout bot ``spec``'s search part names) and its source's digest."""
    import inspect

    from sim.core.bots import REGISTRY, load_bots

    if not spec.has("search"):
        return ["", ""]
    name = spec.part("search").ROLLOUT
    if (spec.name, name) not in REGISTRY:  # (while the bots bind, it is there already)
        load_bots(spec.name)
    source = inspect.getsource(inspect.getmodule(REGISTRY[spec.name, name].dispatcher.py_func))
    return [name, hashlib.sha256(source.encode()).hexdigest()[:16]]


def hinted(net: Network, spec) -> bool:
    """Whether ``net`` reads the hint: one input more per global action than the tensor."""
    o = spec.part("observation")
    return net.sizes[0] == o.SIZE + o.N_GLOBAL


@dataclass
class Network:
    """A weights file's layers (float32) and its ``meta``."""

    layers: dict[str, np.ndarray]
    meta: dict = field(default_factory=dict)

    @property
    def sizes(self) -> tuple[int, int, int, int]:
        """Inputs, hidden 1, hidden 2, outputs."""
        (n_in, h1), (h2, n_out) = self.layers["w1"].shape, self.layers["w3"].shape
        return n_in, h1, h2, n_out

    def buffer(self) -> np.ndarray:
        """The packed network, with the ``stick`` its meta says it plays best with."""
        stick = float(self.meta.get("stick", 0.0))
        return pack(*(self.layers[k] for k in LAYERS), stick=stick, views=self.views)

    @property
    def views(self) -> bool:
        """Whether it reads the game's suit views (:mod:`sim.core.symmetry`)."""
        return bool(self.meta.get("views", False))

    def save(self, path: Path) -> None:
        """Write the file whole or not at all (a temporary file renamed over it)."""
        path = Path(path)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        meta = {"format": FORMAT, **self.meta}
        with open(tmp, "wb") as f:
            np.savez_compressed(
                f,
                meta=np.array(json.dumps(meta)),
                **{k: np.asarray(v, np.float32) for k, v in self.layers.items()},
            )
        os.replace(tmp, path)


def read(path: Path) -> Network:
    """The network in ``path``; WeightsError, in one line, if it is not a weights file."""
    path = Path(path)
    if not path.is_file():
        raise WeightsError(f"no weights file {path}")
    try:
        with np.load(path, allow_pickle=False) as f:
            meta = json.loads(str(f["meta"]))
            layers = {k: np.asarray(f[k], np.float32) for k in LAYERS}
    except (OSError, ValueError, KeyError, EOFError) as e:
        raise WeightsError(
            f"{path} is not a trixsim weights file ({type(e).__name__}: {e})"
        ) from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise WeightsError(
            f"{path} is not a trixsim weights file (its format is "
            f"{meta.get('format') if isinstance(meta, dict) else meta!r}; "
            f"{FORMAT} is read)"
        )
    net = Network(layers, meta)
    try:
        net.buffer()
    except ValueError as e:
        raise WeightsError(f"{path}: {e}") from None
    return net


def check(net: Network, spec, path) -> None:
    """WeightsError unless ``net`` was trained on ``spec``'s game and its current encoding."""
    game, stamp = net.meta.get("game"), net.meta.get("encoding")
    if game != spec.name:
        raise WeightsError(f"{path} holds weights for {game!r}, not for {spec.name}")
    hint = hinted(net, spec)
    if net.views and not spec.has("symmetry"):
        raise WeightsError(
            f"{path} reads suit views (trixsim train --views), which {spec.name} has none of"
        )
    want = encoding(spec, hint, net.views)
    if stamp != want:
        with_hint = f" with {hint_source(spec)[0]}'s hint" if hint else ""
        raise WeightsError(
            f"{path} was trained on {spec.name}'s observation encoding{with_hint} {stamp}; "
            f"this trixsim encodes {want}: train again (trixsim train --game "
            f"{spec.name})"
        )
    o = spec.part("observation")
    if net.sizes[0] not in (o.SIZE, o.SIZE + o.N_GLOBAL) or net.sizes[3] != o.N_GLOBAL:
        raise WeightsError(
            f"{path}: a network of {net.sizes[0]} inputs and {net.sizes[3]} "
            f"outputs; {spec.name} has {o.SIZE} (or {o.SIZE + o.N_GLOBAL} with the "
            f"hint) and {o.N_GLOBAL}"
        )


_LOADED: dict[tuple, tuple[Network, np.ndarray]] = {}  # kept for the process's life


def loaded(path: Path, spec) -> tuple[Network, np.ndarray]:
    """The checked network of ``path`` and its packed buffer, read once per process (and again
    if the file changes): a numba bot reads the buffer by its address, so it is never freed."""
    path = Path(path).resolve()
    try:
        st = path.stat()
    except OSError:
        raise WeightsError(f"no weights file {path}") from None
    key = (str(path), st.st_mtime_ns, st.st_size, spec.name)
    if key not in _LOADED:
        net = read(path)
        check(net, spec, path)
        _LOADED[key] = (net, net.buffer())
    return _LOADED[key]


@dataclass
class ModelParam(Param):
    """A bot's weights file: ``shipped`` (the game's own) or a path; checked when the spec is
    read (the default too), and handed to the numba bot as its buffer's address."""

    game: object = None  # the game's spec
    shipped: Path | None = None  # the game's own weights
    checked_default = True
    names_a_file = True

    def path(self, value: str) -> Path:
        if value == "shipped":
            if self.shipped is None or not self.shipped.is_file():
                raise WeightsError(
                    f"{self.game.name} ships no weights yet; train some with "
                    f"trixsim train --game {self.game.name}, then play "
                    f"neural:model=PATH"
                )
            return self.shipped
        named = self.named().get(value)
        if named is not None:
            return named
        path = Path(value).expanduser()
        if not path.exists() and _NAME.fullmatch(value) and self.shipped is not None:
            have = ", ".join(["shipped", *self.named()])
            raise WeightsError(f"no weights file {value}, nor weights of {self.game.name} of "
                               f"that name (it ships: {have})")  # fmt: skip
        return path

    def named(self) -> dict[str, Path]:
        """The game's other shipped weights by name: ``<game>-NAME.npz`` beside its own
        (an earlier network kept as a later one's teacher, say)."""
        if self.shipped is None:
            return {}
        stem = self.shipped.stem + "-"
        files = sorted(self.shipped.parent.glob(f"{stem}*.npz"))
        return {f.stem[len(stem) :]: f for f in files if _NAME.fullmatch(f.stem[len(stem) :])}

    def absolute(self, value: str) -> str:
        """``value`` as it names the same weights from any folder: a name as it is, a path
        made absolute."""
        if value == "shipped" or value in self.named():
            return value
        return str(Path(value).expanduser().resolve())

    def parse(self, value: str):
        loaded(self.path(value), self.game)
        return value

    def fingerprint(self, value) -> str:
        return hashlib.sha256(self.path(str(value)).read_bytes()).hexdigest()[:16]

    def encode(self, value) -> float:
        buffer = loaded(self.path(str(value)), self.game)[1]
        return float(buffer.ctypes.data)  # below 2**53 (a user-space address): exact
