"""Find, check and read the Parquet tables of one or more tournament runs, of any game.

Only pyarrow and numpy: nothing here imports an engine. A run is read part
file by part file, keeping only the columns a report needs, so memory stays
bounded whatever the number of games. The run's manifest names its game
(runs of trixsim 0.2.0 name none: they are Trix), whose spec gives the seats
and whose report part the per-deal columns it reads.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.core.errors import TrixsimError

MANIFEST, GAMES = "manifest.json", "games.parquet"


def game_columns(spec) -> list[str]:
    """The games-table columns every report reads."""
    seats = range(spec.seats)
    return [
        "game", "deal_set", *(f"bot_{p}" for p in seats), spec.deal_count, "end",
        *(f"total_{p}" for p in seats), *(f"rank_{p}" for p in seats),
        *(f"win_share_{p}" for p in seats),
    ]  # fmt: skip


class ReportError(TrixsimError):
    """A folder (or set of folders) that cannot be reported on; the message says why."""


@dataclass
class Run:
    """One tournament folder: its manifest and the chunks finished in both tables."""

    folder: Path
    manifest: dict
    parts: list[str]
    schema: dict[str, str] = field(default_factory=dict)  # needed column -> Arrow type
    spec: object = None  # the game's GameSpec

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def deal_table(self) -> str:
        return f"{self.spec.deal_table}.parquet"

    @property
    def status(self) -> str:
        return str(self.manifest.get("status", "?"))

    @property
    def version(self) -> str:
        return str(self.manifest.get("version", "?"))

    @property
    def seed(self) -> int:
        return int(self.manifest["plan"]["seed"])

    @property
    def bots(self) -> list[str]:
        return [str(b) for b in self.manifest["plan"]["bots"]]

    @property
    def composition(self) -> tuple[str, ...]:
        """The seats' bots, sorted: what a win rate is measured against."""
        plan = self.manifest["plan"]
        seats = self.spec.seats
        seating = (plan.get("seatings") or [list(range(len(self.bots))) * seats])[0]
        return tuple(sorted(self.bots[i] for i in seating[:seats]))

    @property
    def seconds(self) -> float:
        return float(self.manifest.get("seconds") or 0.0)

    def paths(self, table: str) -> list[Path]:
        return [self.folder / table / p for p in self.parts]


def _part_names(folder: Path) -> set[str]:
    return {
        p.name
        for p in folder.iterdir()
        if p.name.startswith("part-") and p.name.endswith(".parquet") and p.is_file()
    }


def _manifest_problem(m: dict, spec) -> str | None:
    """What in a manifest the report cannot use (it reads the plan, status, version, time)."""
    plan = m["plan"]
    bots = plan.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        return f"its plan's bots are {bots!r}, not a list of bot specs"
    for key in ("seed", "games", "chunk"):
        if type(plan.get(key)) is not int or plan[key] < (0 if key == "seed" else 1):
            return f"its plan's {key} is {plan.get(key)!r}, not a whole number"
    seatings = plan.get("seatings", [])
    if not isinstance(seatings, list) or not all(
        isinstance(x, list) and len(x) == spec.seats
        and all(type(i) is int and 0 <= i < len(bots) for i in x) for x in seatings
    ):  # fmt: skip
        return f"its plan's seatings do not seat {spec.seats} of its {len(bots)} bots"
    for key, kind in (("status", str), ("version", str), ("seconds", (int, float))):
        if key in m and m[key] is not None and not isinstance(m[key], kind):
            return f"its {key} is {m[key]!r}"
    return None


def damaged(path: Path, folder: Path, why: str) -> ReportError:
    """The one line for a part file the report cannot trust."""
    return ReportError(f"{path} is damaged ({why}); repair the run with: trixsim tournament "
                       f"--resume --out {folder}")  # fmt: skip


def read_part(path: Path, columns: list[str] | None, folder: Path) -> pa.Table:
    """A part file's columns (None: all); ReportError naming the file when it cannot be read.

    Read with ``ParquetFile``, not ``pq.read_table``: that one goes through pyarrow's
    datasets, whose import loads pandas, 0.3 s of CPU in every process that reads a run (a
    tournament's closing summary, a sequential test's looks). ``ParquetFile`` leaves out a
    column the file lacks instead of failing, hence the check."""
    try:
        with pq.ParquetFile(path) as f:
            table = f.read(columns=columns)
    except (OSError, ValueError, KeyError, pa.ArrowException) as e:
        raise damaged(path, folder, f"{str(e).splitlines()[0] if str(e) else type(e).__name__}"
                      ) from None  # fmt: skip
    lacking = [c for c in columns or () if c not in table.column_names]
    if lacking:
        raise damaged(path, folder, f"no column {lacking[0]!r}")
    return table


def _schema_of(path: Path, columns: list[str], what: str, run: Path, version: str) -> dict:
    try:
        schema = pq.read_schema(path)
    except (OSError, pa.ArrowException) as e:
        raise damaged(path, run, f"not a readable Parquet file: {e}") from None
    missing = [c for c in columns if c not in schema.names]
    if missing:
        raise ReportError(
            f"{run}: {what} has no column {missing[0]!r}: written by trixsim {version}, "
            "whose tables this report cannot read"
        )
    return {f"{what}:{c}": str(schema.field(c).type) for c in columns}


def open_run(folder: Path) -> Run:
    """Check that ``folder`` is a tournament run; its finished chunks (maybe none)."""
    folder = Path(folder)
    if not folder.exists():
        raise ReportError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise ReportError(f"{folder} is a file; give the folder of a trixsim tournament run")
    if not (folder / MANIFEST).is_file():
        empty = not any(folder.iterdir())
        raise ReportError(
            f"{folder} is {'an empty folder' if empty else 'not a trixsim tournament folder'} "
            f"(no {MANIFEST}); give the --out folder of trixsim tournament"
        )
    try:
        manifest = json.loads((folder / MANIFEST).read_bytes().decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ReportError(f"{folder / MANIFEST} is not valid JSON: it is damaged") from None
    except OSError as e:
        raise ReportError(f"{folder / MANIFEST}: cannot read it ({e.strerror})") from None
    if (
        not isinstance(manifest, dict)
        or manifest.get("tool") != "trixsim tournament"
        or not isinstance(manifest.get("plan"), dict)
    ):
        raise ReportError(f"{folder / MANIFEST} was not written by trixsim tournament")
    from sim.core.registry import LEGACY_GAME, GameError, get

    try:
        spec = get(manifest["plan"].get("game", LEGACY_GAME))
    except (GameError, TypeError) as e:
        raise ReportError(f"{folder / MANIFEST}: {e}") from None
    problem = _manifest_problem(manifest, spec)
    if problem:
        raise ReportError(f"{folder / MANIFEST}: {problem}; it is damaged")
    run = Run(folder, manifest, [], spec=spec)
    for sub in (GAMES, run.deal_table):
        if not (folder / sub).is_dir():
            raise ReportError(f"{folder} has a manifest but no {sub} folder; is it complete?")
    # a chunk is finished when both its part files are in place (the deals are written first)
    run.parts = sorted(_part_names(folder / GAMES) & _part_names(folder / run.deal_table))
    records = manifest.get("parts") if isinstance(manifest.get("parts"), dict) else {}
    for name in run.parts:  # a part whose size is not the size written is damaged
        rec = records.get(str(int(name[5:11]))) if name[5:11].isdigit() else None
        for sub in (GAMES, run.deal_table):
            entry = rec.get(sub) if isinstance(rec, dict) else None
            want = entry.get("size") if isinstance(entry, dict) else None
            size = (folder / sub / name).stat().st_size
            if isinstance(want, int) and size != want:
                raise damaged(folder / sub / name, folder, f"{size} bytes instead of {want}")
    if run.parts:
        run.schema = _schema_of(run.paths(GAMES)[0], game_columns(spec), GAMES, folder,
                                run.version)  # fmt: skip
        deal_columns = spec.part("report").DEAL_COLUMNS
        run.schema |= _schema_of(run.paths(run.deal_table)[0], deal_columns, run.deal_table,
                                 folder, run.version)  # fmt: skip
    return run


def live(run: Run) -> str | None:
    """The process running ``run`` now (it holds the folder's lock), or None."""
    from sim.run.lock import held

    return held(run.folder)


def no_games_reason(run: Run) -> str:
    if run.status == "running" and live(run):
        return (
            f"{run.folder}: the run is still in progress ({live(run)}) and no chunk of games "
            "has finished yet; report again in a moment"
        )
    status = "stopped: its process is gone" if run.status == "running" else run.status
    return (
        f"{run.folder}: no finished games (status {status}); "
        f"finish it with: trixsim tournament --resume --out {run.folder}"
    )


def _check_params(runs: list[Run]) -> None:
    """ReportError for two runs that name a bot alike but recorded other parameter values for
    it: a default or a weights file changed between them, so the same text is another bot
    (runs written before runs recorded their bots' values are not checked)."""
    from sim.core.bots import changed_param

    seen: dict[str, tuple[dict, Path]] = {}
    for r in runs:
        params = r.manifest.get("params")
        for text, values in params.items() if isinstance(params, dict) else ():
            old, where = seen.setdefault(text, (values, r.folder))
            if not (isinstance(old, dict) and isinstance(values, dict)):
                continue
            if (k := changed_param(old, values)) is not None:
                raise ReportError(
                    f"{where} and {r.folder} name {text} alike but played it with other "
                    f"parameters ({k} {old.get(k)!r} and {values.get(k)!r}: a default or a "
                    "weights file changed between them); report them separately"
                )


def open_runs(folders: list[Path]) -> tuple[list[Run], list[str]]:
    """The runs to report on together, and notes on what was skipped or is partial.

    Raises ReportError when nothing can be reported: a folder that is not a run,
    the same folder twice, runs of different trixsim versions or table schemas (their bots
    and columns may not mean the same), runs that played a bot of the same text with other
    parameter values, or no finished game at all.
    """
    if not folders:
        raise ReportError("give at least one tournament folder")
    seen: dict[Path, Path] = {}
    runs, notes = [], []
    for f in folders:
        key = Path(f).resolve()
        if key in seen:
            raise ReportError(f"{f} is given twice; give each run once")
        seen[key] = Path(f)
        runs.append(open_run(Path(f)))
    empty = [r for r in runs if not r.parts]
    runs = [r for r in runs if r.parts]
    if not runs:
        raise ReportError(no_games_reason(empty[0]))
    notes += [no_games_reason(r) + " (skipped)" for r in empty]
    first = runs[0]
    for r in runs[1:]:
        if r.game != first.game:
            raise ReportError(
                f"{first.folder} plays {first.game} and {r.folder} plays {r.game}: report "
                "runs of different games separately"
            )
        if r.version != first.version:
            raise ReportError(
                f"{first.folder} (trixsim {first.version}) and {r.folder} (trixsim {r.version}) "
                "were written by different versions: their bots and tables may differ; "
                "report them separately"
            )
        if r.schema != first.schema:
            col = next(k for k in first.schema if first.schema[k] != r.schema.get(k))
            raise ReportError(
                f"{first.folder} and {r.folder} have different table schemas ({col}: "
                f"{first.schema[col]} vs {r.schema.get(col)}); report them separately"
            )
    _check_params(runs)
    for r in runs:
        plan = r.manifest["plan"]
        try:
            n_chunks = -(-int(plan["games"]) // int(plan["chunk"]))
        except (KeyError, TypeError, ValueError, ZeroDivisionError, OverflowError):
            n_chunks = None
        if r.status != "complete" or (n_chunks is not None and len(r.parts) < n_chunks):
            chunks = "" if n_chunks is None else f" of {n_chunks}"
            if r.status == "running" and live(r):
                what = f"still running ({live(r)})"
            elif r.status == "running":
                what = "stopped: its process is gone"
            else:
                what = f"status {r.status}"
            notes.append(
                f"{r.folder}: {what}; only its finished games are reported "
                f"({len(r.parts)}{chunks} chunks); finish it with: trixsim tournament "
                f"--resume --out {r.folder}"
            )
    plans: dict[str, Path] = {}
    for r in runs:
        key = json.dumps(r.manifest["plan"], sort_keys=True)
        if key in plans:
            notes.append(
                f"{plans[key]} and {r.folder} are the same plan and seed: the same games "
                "counted twice (intervals are unaffected: deal sets are matched by seed)"
            )
        plans[key] = r.folder
    return runs, notes


# -- decoding ----------------------------------------------------------------------------
def codes(column: pa.ChunkedArray | pa.Array, lookup: dict[str, int], what: str) -> np.ndarray:
    """Dictionary (or string) column -> int16 codes in ``lookup``; ReportError on a stranger."""
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    out = []
    for ch in chunks:
        if not pa.types.is_dictionary(ch.type):
            ch = ch.dictionary_encode()
        names = ch.dictionary.to_pylist()
        unknown = [n for n in names if n not in lookup]
        if unknown:
            raise ReportError(f"unexpected {what} {unknown[0]!r} in the tables")
        table = np.array([lookup[n] for n in names], np.int16)
        out.append(table[numpy_of(ch.indices)] if len(ch) else table[:0])
    return np.concatenate(out) if out else np.zeros(0, np.int16)


def numpy_of(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """A column of numbers without nulls as a (writable) numpy array, read from its buffers.

    pyarrow's own ``to_numpy`` imports pandas the first time a process calls it (0.3 s of
    CPU), which a tournament's closing summary and a resume's checks need nothing of.
    Anything else (nulls, booleans, strings) goes through ``to_numpy``."""
    kind = column.type
    number = pa.types.is_integer(kind) or pa.types.is_floating(kind)
    if not number or column.null_count:
        if isinstance(column, pa.ChunkedArray):
            return column.to_numpy()
        return column.to_numpy(zero_copy_only=False)
    name = "float" if pa.types.is_floating(kind) else "int"
    dtype = np.dtype(f"{'u' if pa.types.is_unsigned_integer(kind) else ''}{name}{kind.bit_width}")
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    parts = [np.frombuffer(c.buffers()[1], dtype, len(c), c.offset * dtype.itemsize)
             for c in chunks if len(c)]  # fmt: skip
    return np.concatenate(parts) if parts else np.zeros(0, dtype)  # a copy: writable


def ints(column: pa.ChunkedArray, fill: int = -1) -> np.ndarray:
    """An integer or bool column as numpy; nulls become ``fill``."""
    if column.null_count:
        column = pc.fill_null(column, fill)
    return numpy_of(column)


@dataclass
class Games:
    """Every finished game of the runs, one row each (seat columns as (n, seats) arrays)."""

    spec: object  # the game's GameSpec
    names: list[str]  # bot specs; codes below index this list
    run: np.ndarray  # run index of each row
    game: np.ndarray
    deal_set: np.ndarray
    cluster: np.ndarray  # id of (seed, deal set): games sharing cards share it (not dense)
    bots: np.ndarray  # (n, seats) codes
    totals: np.ndarray
    ranks: np.ndarray
    shares: np.ndarray
    deals: np.ndarray  # deals each game played (Trix: contracts)
    end: np.ndarray  # index into the game's END_NAMES
    offsets: np.ndarray  # slot of (run r, game g) = offsets[r] + g
    row_of_slot: np.ndarray  # games row of each slot, -1 when absent
    arrangement: np.ndarray  # index into arrangements of each game's seats
    arrangements: np.ndarray  # (k, seats): the distinct seat -> bot code rows

    def __len__(self) -> int:
        return len(self.game)

    def rows(self, run: int, game: np.ndarray) -> np.ndarray:
        return self.row_of_slot[self.offsets[run] + game]


def read_games(runs: list[Run]) -> Games:
    """The games tables of ``runs`` (all of one game), needed columns only."""
    spec = runs[0].spec
    seats = range(spec.seats)
    columns = game_columns(spec)
    tables = [pa.concat_tables([read_part(p, columns, r.folder) for p in r.paths(GAMES)])
              for r in runs]  # fmt: skip
    names = sorted(
        {
            n
            for t in tables
            for p in seats
            for ch in t.column(f"bot_{p}").chunks
            for n in (ch.dictionary.to_pylist() if pa.types.is_dictionary(ch.type) else [])
        }
        | {b for r in runs for b in r.bots}
    )
    lookup = {n: i for i, n in enumerate(names)}
    end_lookup = {n: i for i, n in enumerate(spec.part("report").END_NAMES)}
    cols: dict[str, list] = {k: [] for k in ("run", "game", "deal", "bots", "tot", "rank", "win")}
    cols |= {"n": [], "end": []}
    for i, t in enumerate(tables):
        cols["run"].append(np.full(t.num_rows, i, np.int16))
        cols["game"].append(ints(t.column("game")).astype(np.int64))
        cols["deal"].append(ints(t.column("deal_set")).astype(np.int64))
        seat_bots = [codes(t.column(f"bot_{p}"), lookup, "bot") for p in seats]
        cols["bots"].append(np.stack(seat_bots, 1))
        cols["tot"].append(np.stack([ints(t.column(f"total_{p}")) for p in seats], 1))
        cols["rank"].append(np.stack([ints(t.column(f"rank_{p}")) for p in seats], 1))
        cols["win"].append(np.stack([numpy_of(t.column(f"win_share_{p}")) for p in seats], 1))
        cols["n"].append(ints(t.column(spec.deal_count)))
        cols["end"].append(codes(t.column("end"), end_lookup, "game end"))
    cat = {k: v[0] if len(v) == 1 else np.concatenate(v) for k, v in cols.items()}
    # deal sets are matched by seed: two runs with one seed played the same cards
    seed_code = np.unique([str(r.seed) for r in runs], return_inverse=True)[1]
    width = int(cat["deal"].max()) + 1
    cluster = seed_code[cat["run"]].astype(np.int64) * width + cat["deal"]
    sizes = [int(g.max()) + 1 if len(g) else 0 for g in cols["game"]]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    row_of_slot = np.full(int(offsets[-1]), -1, np.int64)
    row_of_slot[offsets[cat["run"]] + cat["game"]] = np.arange(len(cat["game"]))
    bots = cat["bots"].astype(np.int64)
    n_names = max(len(names), 1)
    seat_key = np.zeros(len(bots), np.int64)
    for p in seats:
        seat_key = seat_key * n_names + bots[:, p]
    _, first, arrangement = np.unique(seat_key, return_index=True, return_inverse=True)
    return Games(
        spec, names, cat["run"], cat["game"], cat["deal"], cluster, cat["bots"], cat["tot"],
        cat["rank"], cat["win"], cat["n"], cat["end"], offsets[:-1], row_of_slot,
        arrangement.astype(np.intp), cat["bots"][first].astype(np.intp),
    )  # fmt: skip


def deal_parts(runs: list[Run], columns: list[str], prefetch: int = 3):
    """Yield (run index, table) for each finished per-deal part file, read ahead on threads.

    A part file holds whole games, so per-game sums can be made within a part.
    """
    jobs = [(i, path) for i, r in enumerate(runs) for path in r.paths(r.deal_table)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = []
        for i, path in jobs:
            futures.append((i, pool.submit(read_part, path, columns, runs[i].folder)))
            if len(futures) > prefetch:
                j, fut = futures.pop(0)
                yield j, fut.result()
        for j, fut in futures:
            yield j, fut.result()
