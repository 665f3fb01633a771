"""The ``trixsim`` command line.

Every failure a user can cause ends in one line on stderr naming what was wrong
and what would be right, with a non-zero exit; never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import typer
from typer.exceptions import Abort, Exit, TyperException

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Simulate the card game Trix and measure how strong its bots are.",
)


class CliError(Exception):
    """A user error: printed as one line, exit code 2."""


def _specs(bots: str) -> list:
    """The distinct bot specs of ``--bots`` (1, 2 or 4), parsed; one-line errors."""
    from bots.registry import BotSpecError, parse_spec

    texts = _split_specs(bots)
    if len(texts) not in (1, 2, 4):
        hint = "; for three bots, seat one twice: a,b,c,a" if len(texts) == 3 else ""
        raise CliError(f"--bots takes 1, 2 or 4 bot specs, got {len(texts)}: {bots!r}{hint}")
    try:
        return [parse_spec(t) for t in texts]
    except BotSpecError as e:
        raise CliError(str(e)) from None


def _lineup(bots: str) -> list:
    """The spec at each of the four seats: one bot everywhere, two alternating, or four."""
    specs = _specs(bots)
    return (specs * 4)[:4] if len(specs) < 4 else specs


def _split_specs(text: str) -> list[str]:
    """Split ``greedy,mcts:iters=400,c=1.2`` into specs: a comma starts a new spec only
    when what follows is not a ``key=value`` of the previous one."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if specs and ":" in specs[-1] and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


@app.command()
def deal(
    seed: int = typer.Option(1, help="Seed of the run; fixes the deal and every bot decision."),
    game: int = typer.Option(0, help="Game id within the run (its deal set)."),
    bots: str = typer.Option("random", help="Bot specs: 1 (all seats), 2 or 4."),
):
    """Play one full game and print its record (../shared/RECORD.md) as one JSON line."""
    from sim.play import play_game
    from sim.record import dumps, game_record

    specs = _lineup(bots)
    g = play_game(specs, seed, game)
    print(dumps(game_record(g, game, [s.text for s in specs])))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="JSON Lines file of game records."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing; only the exit code."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON summary instead."),
):
    """Check every game record of FILE against the rules. Exit 0 when all are good."""
    from sim.replay import check_file

    if not file.is_file():
        raise CliError(f"replay: no such file {str(file)!r}; give a JSON Lines file of records")
    try:
        verdicts = check_file(file)
    except UnicodeDecodeError:
        raise CliError(f"replay: {str(file)!r} is not UTF-8 text; records are JSON Lines") from None
    bad = [v for v in verdicts if not v.ok]
    contracts = sum(v.contracts for v in verdicts)
    if as_json:
        print(json.dumps({
            "file": str(file), "games": len(verdicts), "good": len(verdicts) - len(bad),
            "contracts": contracts,
            "bad": [{"line": v.line, "game": v.game, "error": v.error} for v in bad],
        }))  # fmt: skip
    elif not quiet:
        for v in bad:
            print(v.error)
        if not verdicts:
            print(f"{file}: no records")
        elif not bad:
            print(f"{file}: {len(verdicts)} games, {contracts} contracts: all follow the rules")
        else:
            print(f"{file}: {len(bad)} of {len(verdicts)} games break the rules", file=sys.stderr)
    raise typer.Exit(1 if bad or not verdicts else 0)


def _default_out(bots: str) -> Path:
    import re
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    lineup = re.sub(r"[^A-Za-z0-9=.+-]+", "_", "-vs-".join(_split_specs(bots)))[:80]
    return Path("results") / f"{stamp}-{lineup}"


DEFAULT_GAMES = 1800


@app.command()
def tournament(
    bots: str = typer.Option("greedy,mcts", help="1, 2 or 4 bot specs, e.g. greedy,mcts:iters=400"),
    games: int = typer.Option(
        None,
        help=f"Games to play, rounded up to whole deal sets [default: {DEFAULT_GAMES}]",
        show_default=False,
    ),  # fmt: skip
    seed: int = typer.Option(1, help="Seed of the run: fixes every deal and bot decision."),
    workers: int = typer.Option(None, help="Worker processes [default: all cores]"),
    out: str = typer.Option(
        None,
        help="Output folder [default: results/<time>-<line-up>]; with --backend dask also "
        "a URL the workers write to (s3://bucket/run, file:///shared/run)",
    ),  # fmt: skip
    backend: str = typer.Option("local", help="local (worker processes) or dask."),
    scheduler: str = typer.Option(
        None,
        help="With --backend dask: a running scheduler, e.g. tcp://HOST:8786 "
        "[default: a LocalCluster of --workers processes]",
        show_default=False,
    ),  # fmt: skip
    chunk: int = typer.Option(None, help="Games per chunk (part file) [default: games/64]"),
    record_games: int = typer.Option(0, help="Also write full records of the first K games."),
    resume: bool = typer.Option(False, "--resume", help="Finish the interrupted run in --out."),
    no_duplicate: bool = typer.Option(
        False,
        "--no-duplicate",
        help="A fresh deal every game instead of replaying each deal under every seating.",
    ),  # fmt: skip
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
):
    """Play a fair, reproducible tournament and write its tables to Parquet."""
    import os

    from sim.tournament import Plan, TournamentError, prepare, read_manifest, run, write_records

    if workers is not None and workers < 1:
        raise CliError(f"--workers must be at least 1, got {workers}")
    if backend not in ("local", "dask"):
        raise CliError(f"--backend must be local or dask, got {backend!r}")
    if scheduler is not None and backend != "dask":
        raise CliError("--scheduler needs --backend dask")
    url = out is not None and "://" in out
    if url and backend != "dask":
        raise CliError(f"--out {out}: a URL needs --backend dask (its workers write there)")
    out = out if url or out is None else Path(out)
    n_workers = workers or os.cpu_count() or 1
    pool = connection = None
    if backend == "local" and n_workers > 1:
        from sim.tournament import start_workers

        pool = start_workers(n_workers)  # they load the engine while we prepare the run
    try:
        if backend == "dask":
            from functools import partial

            from sim import dask_backend as dk

            dk.require()  # one line saying how to install Dask when it is missing
            connection = dk.start(scheduler, n_workers, out)  # as start_workers, for Dask
            run = partial(dk.run, scheduler=scheduler, connection=connection)
            if url:
                prepare, read_manifest = dk.prepare_url, dk.read_manifest_url
                write_records = dk.write_records_url
        if resume:
            if out is None:
                raise CliError("--resume needs --out DIR, the folder of the run to finish")
            manifest = prepare(out, Plan(**read_manifest(out)["plan"]), sys.argv, resume=True)
            plan = Plan(**manifest["plan"])
        else:
            texts = [spec.text for spec in _specs(bots)]
            if games is not None and games < 1:
                raise CliError(f"--games must be at least 1, got {games}")
            if record_games < 0:
                raise CliError(f"--record-games must be 0 or more, got {record_games}")
            plan = Plan.make(texts, seed, games or DEFAULT_GAMES, chunk, not no_duplicate)
            out = out or _default_out(bots)
            manifest = prepare(out, plan, ["trixsim", *sys.argv[1:]], resume=False)
            manifest["record_games"] = record_games
        if not quiet:
            rounded = " (rounded up to whole deal sets)" if games and games != plan.games else ""
            who = f"Dask scheduler {scheduler}" if scheduler else f"{n_workers} workers"
            who += " (Dask LocalCluster)" if backend == "dask" and not scheduler else ""
            print(f"trixsim: {plan.games:,} games{rounded}, {len(plan.seatings)} seatings, "
                  f"{who} -> {out}", file=sys.stderr)  # fmt: skip
        extra = {"pool": pool} if pool else {}
        manifest = run(plan, out, n_workers, manifest, progress=not quiet, **extra)
        pool = connection = None  # run() shut them down
        if manifest["status"] == "complete" and manifest.get("record_games"):
            write_records(plan, out, manifest["record_games"])
        folder = dk.UrlStore(out).local_folder() if url else out
    except TournamentError as e:
        raise CliError(str(e)) from None
    finally:
        if pool is not None:  # the run never started: bad input, or Ctrl-C
            pool.shutdown(wait=True, cancel_futures=True)
        if connection is not None:
            dk.stop(connection)
    if folder is None or not manifest["games_done"]:  # remote tables, or none yet
        print(f"trixsim: {manifest['games_done']:,} games written to {out}")
    else:
        from sim.report import format_summary, summary

        print(format_summary(summary([folder])))
    if not resume and games and games != plan.games:
        print(f"(--games {games:,} was rounded up to {plan.games:,}: whole deal sets, each "
              f"played under all {len(plan.seatings)} seatings)")  # fmt: skip
    if manifest["status"] != "complete":
        again = f"--resume --out {out}" + (" --backend dask" if url else "")
        print(f"trixsim: interrupted; finish with: trixsim tournament {again}",
              file=sys.stderr)  # fmt: skip
        raise typer.Exit(130)


@app.command()
def report(
    dirs: list[Path] = typer.Argument(..., help="Tournament folders (--out of tournament)."),
    fmt: str = typer.Option("table", "--format", help="table, markdown or json."),
    plots: Path = typer.Option(None, "--plots", help="Also write PNG plots into this folder."),
    rate_games: int = typer.Option(
        10_000, help="Games rated by OpenSkill (a uniform sample; 0 = all games)."
    ),  # fmt: skip
):
    """Win rates, ratings, contract and trix statistics of one or more runs, from their tables."""
    from sim.report import ReportError, build_report
    from sim.report.render import render, to_json

    if fmt not in ("table", "markdown", "json"):
        raise CliError(f"--format must be table, markdown or json, got {fmt!r}")
    if rate_games < 0:
        raise CliError(f"--rate-games must be 0 (all) or more, got {rate_games}")
    try:
        rep = build_report(dirs, rate_games)
    except ReportError as e:
        raise CliError(f"report: {e}") from None
    if plots is not None:
        from sim.report.plots import write_plots

        try:
            written = write_plots(rep, plots)
        except OSError as e:
            raise CliError(f"report: --plots {plots}: cannot write there ({e.strerror})") from None
        rep["plots"] = [str(p) for p in written]
    print(to_json(rep) if fmt == "json" else render(rep, markdown=fmt == "markdown"), end="")
    if plots is not None and fmt != "json":
        print(f"trixsim: {len(written)} plots written to {plots}", file=sys.stderr)


@app.command()
def play(
    seat: str = typer.Option(
        None, help="Your seat 0-3; several for friends sharing a keyboard: 0,2 [default: 0]"
    ),
    bots: str = typer.Option(
        None, help="Bots for the empty seats: one spec, or one per empty seat [default: greedy]"
    ),
    seed: int = typer.Option(None, help="Seed of the game: deals and bots [default: random]"),
    delay: float = typer.Option(0.6, help="Seconds to wait after each bot move."),
    save: Path = typer.Option(None, help="Write the finished game as a record to this file."),
    resume: Path = typer.Option(None, help="Come back to a game saved when you left (q, Ctrl-C)."),
):
    """Take a seat at the table and play a full game of Trix against bots in the terminal."""
    from sim.table import TableError, play_cli

    try:
        code = play_cli(seat, bots and _split_specs(bots), seed, delay, save, resume)
    except TableError as e:
        raise CliError(str(e)) from None
    raise typer.Exit(code)


@app.command("bots")
def list_bots():
    """List every bot with its parameters and their defaults."""
    from bots.registry import load_bots

    for name, info in sorted(load_bots().items()):
        params = ", ".join(f"{p.name}={p.default}" for p in info.params) or "no parameters"
        print(f"{name:<10} {info.kind:<6} {params}")
        if info.doc:
            print(f"{'':<10} {info.doc}")
        for p in info.params:
            if p.help:
                choices = f" ({'|'.join(p.choices)})" if p.choices else ""
                print(f"{'':<12}{p.name}{choices}: {p.help}")


def main() -> None:
    """Entry point: run the app, turning every user error into one line and an exit code."""
    import sim

    sim.prune_caches(os.environ["TRIXSIM_NUMBA_CACHE_DIR"])
    try:
        code = app(standalone_mode=False)
    except CliError as e:
        print(f"trixsim: {e}", file=sys.stderr)
        sys.exit(2)
    except Exit as e:
        sys.exit(e.exit_code)
    except TyperException as e:  # usage errors: unknown option, bad value, missing argument
        ctx = getattr(e, "ctx", None)
        cmd = f" {ctx.info_name}" if ctx is not None and ctx.parent is not None else ""
        if not e.format_message():  # bare `trixsim`: the help was shown
            sys.exit(2)
        print(f"trixsim{cmd}: {e.format_message()}", file=sys.stderr)
        sys.exit(2)
    except (Abort, KeyboardInterrupt):
        print("trixsim: interrupted", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
