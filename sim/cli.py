"""The ``trixsim`` command line.

Every failure a user can cause ends in one line on stderr naming what was wrong
and what would be right, with a non-zero exit; never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from typer.exceptions import Abort, Exit, TyperException

from sim.cli_common import (  # noqa: F401  (DEFAULT_GAME, _lineup: the tests' and commands')
    DEFAULT_GAME,
    GAME_HELP,
    CliError,
    _check_workers,
    _game,
    _lineup,
    _specs,
    _split_specs,
)
from sim.core.errors import TrixsimError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[default: 1800]" is not rich markup
    help="Simulate trick-taking card games (Trix and others) and measure how strong their "
    "bots are.",
)


def _seats_of_games() -> str:
    """``euchre5: 5 seats; five-hundred: 4 seats; …``: every registered game's seats."""
    from sim.core.registry import games as registered

    return "; ".join(f"{name}: {spec.seats} seats" for name, spec in registered().items())


def _show_version(value: bool) -> None:
    if value:
        from sim import __version__

        print(f"trixsim {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        help="Print trixsim's version and exit.",
    ),
):
    pass


@app.command()
def games():
    """List the registered games with their seats and a one-line description."""
    from sim.core.registry import games as registered

    for name, spec in registered().items():
        teams = f", teams {' vs '.join('+'.join(map(str, t)) for t in spec.teams)}" if spec.teams \
            else ""  # fmt: skip
        print(
            f"{name:<14} {spec.seats} seats{teams}: {spec.title} (a default tournament: "
            f"{spec.default_games:,} games)"
        )


@app.command()
def deal(
    seed: int = typer.Option(
        1, help="Seed of the run, 0 to 2**64-1; fixes the deal and every bot decision."
    ),  # fmt: skip
    id: int = typer.Option(
        0, "--id", help="Game id within the run (its deal set), 0 to 2**31-1."
    ),  # fmt: skip
    deal_set: int = typer.Option(
        None,
        "--deal-set",
        help="The game's deal set, when it is not its id (game g of a "
        "tournament plays deal set g // its seatings).",
    ),  # fmt: skip
    bots: str = typer.Option("random", help="Bot specs, repeated round the table."),
    game: str = typer.Option(DEFAULT_GAME, "--game", help=GAME_HELP),
):
    """Play one full game and print its record (the game's RECORD.md) as one JSON line."""
    from sim.core.commands import deal as play_one
    from sim.core.record import dumps

    print(dumps(play_one(seed, id, deal_set, bots, game)))


@app.command()
def replay(
    file: str = typer.Argument(..., help="JSON Lines file of game records; - for standard input."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing; only the exit code."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON summary instead."),
    game: str = typer.Option(
        DEFAULT_GAME, "--game", help="The game of records whose format tag names none."
    ),
):
    """Check every game record of FILE against the rules. Exit 0 when all are good.

    Each record's format tag says its game."""
    from sim.core.commands import checked
    from sim.core.commands import replay as check
    from sim.core.replay import said

    spec = _game(game)
    if file == "-":
        name = "<stdin>"
        verdicts = checked(sys.stdin.buffer, name, spec)
    else:
        name, verdicts = file, check(file, spec.name)
    out, err = said(verdicts, name, spec, quiet, as_json)
    print(out, end="")
    print(err, end="", file=sys.stderr)
    bad = [v for v in verdicts if not v.ok]
    raise typer.Exit(1 if bad or not verdicts else 0)


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@app.command()
def tournament(
    bots: str = typer.Option(
        None,
        help="Bot specs, 1 to one per seat, e.g. greedy,mcts:iters=400 [default: greedy,mcts, "
        "or those of them the game has, else random]",
        show_default=False,
    ),  # fmt: skip
    games: int = typer.Option(
        None,
        "--games",
        "--max-games",
        help="Games to play, rounded up to whole deal sets; with --sprt the most to play "
        "[default: the game's, about a minute of greedy,mcts: see trixsim games]",
        show_default=False,
    ),  # fmt: skip
    seed: int = typer.Option(
        None,
        help="Seed of the run, 0 to 2**64-1: fixes every deal and bot decision [default: 1]",
        show_default=False,
    ),  # fmt: skip
    workers: int = typer.Option(
        None,
        help="Worker processes, at most 4 per core [default: all cores]",
        show_default=False,
    ),  # fmt: skip
    out: str = typer.Option(
        None,
        help="Output folder [default: results/<time>-<line-up>]; with --backend dask also "
        "a URL the workers write to (s3://bucket/run, file:///shared/run)",
        show_default=False,
    ),  # fmt: skip
    backend: str = typer.Option("local", help="local (worker processes) or dask."),
    scheduler: str = typer.Option(
        None,
        help="With --backend dask: a running scheduler, e.g. tcp://HOST:8786 "
        "[default: a LocalCluster of --workers processes]",
        show_default=False,
    ),  # fmt: skip
    chunk: int = typer.Option(
        None,
        help="Games per chunk (part file), rounded up to whole deal sets [default: about half "
        "a second of one worker's play, from the game, the bots and their parameters (never "
        "this machine's speed): games/64 for cheap bots, no chunk under 0.05 s of play, at "
        "least a deal set, at most 20,000 games and 4,096 chunks]",
        show_default=False,
    ),  # fmt: skip
    record_games: int = typer.Option(
        None,
        help="Also write full records of the first K games [default: 0]",
        show_default=False,
    ),  # fmt: skip
    resume: bool = typer.Option(False, "--resume", help="Finish the interrupted run in --out."),
    no_duplicate: bool = typer.Option(
        False,
        "--no-duplicate",
        help="A fresh deal every game instead of replaying each deal under every seating.",
    ),  # fmt: skip
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="No progress bar, and no line on what is played or compiled."
    ),
    game: str = typer.Option(
        None, "--game", help=f"{GAME_HELP} [default: {DEFAULT_GAME}]", show_default=False
    ),
    sprt: str = typer.Option(
        None,
        help="D0,D1: stop once a sequential test tells H0 'the first "
        "bot leads by D0 points of win share or less' from H1 'by D1 or "
        "more' (--games or --max-games: the most to play [default: 1,000 deal sets])",
        show_default=False,
    ),
    alpha: float = typer.Option(0.05, help="With --sprt: the chance of accepting H1 when H0 holds"),
    beta: float = typer.Option(0.05, help="With --sprt: the chance of accepting H0 when H1 holds"),
):
    """Play a fair, reproducible tournament and write its tables to Parquet.

    Everything the command line says is checked before any worker starts."""
    from sim.run import stop
    from sim.run.api import tournament as play
    from sim.run.result import Interrupted

    stop.quick_exit()
    try:
        run = play(bots, games, seed, workers, out, backend, scheduler, chunk, record_games,
                   resume, no_duplicate, game, sprt, alpha, beta, quiet, progress=not quiet,
                   command=sys.argv if resume else ["trixsim", *sys.argv[1:]])  # fmt: skip
    except Interrupted as e:
        if e.run is None:  # stopped before the run could take it: nothing to sum up
            print(f"trixsim: {e}", file=sys.stderr)
            raise typer.Exit(143 if e.terminated else 130) from None
        run = e.run  # the runner took the stop: the finished games are summed up first
    manifest = run.manifest
    if run.folder is None or not manifest["games_done"]:  # remote tables, or none yet
        print(f"trixsim: {_count(manifest['games_done'], 'game')} written to {run.out}")
    else:
        print(run.summary())
        if manifest.get("games_past_stop"):
            from sim.run.sequential import closing

            print(closing(manifest))
    if not resume and games and games != run.plan.games:
        print(f"(--games {games:,} was rounded up to {run.plan.games:,}: whole deal sets, each "
              f"played under all {len(run.plan.seatings)} seatings)")  # fmt: skip
    if not run.complete:
        print(f"trixsim: {Interrupted(run, run.hint, stop.terminated())}", file=sys.stderr)
        raise typer.Exit(143 if stop.terminated() else 130)


@app.command()
def report(
    dirs: list[Path] = typer.Argument(..., help="Tournament folders (--out of tournament)."),
    fmt: str = typer.Option("table", "--format", help="table, markdown or json."),
    plots: Path = typer.Option(None, "--plots", help="Also write PNG plots into this folder."),
    rate_games: int = typer.Option(
        10_000, help="Games rated by OpenSkill (a uniform sample; 0 = all games)."
    ),  # fmt: skip
):
    """Win rates, ratings and the game's own statistics of one or more runs, from their tables."""
    from sim.report.api import report as make

    if fmt not in ("table", "markdown", "json"):
        raise CliError(f"--format must be table, markdown or json, got {fmt!r}")
    rep = make(dirs, plots, rate_games)
    print(rep.to_json() if fmt == "json" else rep.to_markdown() if fmt == "markdown"
          else rep.to_text(), end="")  # fmt: skip
    if plots is not None and fmt != "json":
        print(f"trixsim: {len(rep['plots'])} plots written to {plots}", file=sys.stderr)


@app.command()
def ladder(
    game: str = typer.Option(DEFAULT_GAME, "--game", help=GAME_HELP),
    out: Path = typer.Option(
        Path("docs/ladder"),
        "--out",
        help="Folder of the ladders: <game>.md, <game>.png and <game>/ (the pairings' runs)",
    ),  # fmt: skip
    add: list[str] = typer.Option(
        None,
        "--add",
        help="Place this bot spec too, playing only its own pairings "
        "(repeatable; a registered bot, plug-ins included)",
    ),  # fmt: skip
    quick: bool = typer.Option(False, "--quick", help="A small ladder: 3 bots, few games."),
    seed: int = typer.Option(
        None, help="Seed of every pairing [default: 1, or the ladder's own]", show_default=False
    ),
    workers: int = typer.Option(
        None, help="Worker processes of each pairing [default: all cores]", show_default=False
    ),
):
    """Rank a game's standard bots by a round robin of duplicate tournaments, and write its
    page (ratings, pairwise differences, time per decision, commands, a plot)."""
    from sim.ladder import LadderError
    from sim.ladder.api import ladder as play_ladder

    try:
        page = play_ladder(game, out, add or [], quick, seed, workers)
    except LadderError as e:
        raise CliError(f"ladder: {e}") from None
    except KeyboardInterrupt:
        print("trixsim: ladder interrupted; the same command finishes it", file=sys.stderr)
        raise typer.Exit(130) from None
    print(f"trixsim: the {_game(game).name} ladder is in {page}")


@app.command()
def play(
    seat: str = typer.Option(
        None,
        help=f"Your seat, from 0 to the game's seats - 1 ({_seats_of_games()}); several for "
        "friends sharing a keyboard: 0,2 [default: 0]",
    ),
    bots: str = typer.Option(
        None, help="Bots for the empty seats: one spec, or one per empty seat [default: greedy]"
    ),
    seed: int = typer.Option(None, help="Seed of the game: deals and bots [default: random]"),
    delay: float = typer.Option(0.6, help="Seconds to wait after each bot move."),
    save: Path = typer.Option(None, help="Write the finished game as a record to this file."),
    resume: Path = typer.Option(None, help="Come back to a game saved when you left (q, Ctrl-C)."),
    game: str = typer.Option(
        None, "--game", help=f"{GAME_HELP} [default: {DEFAULT_GAME}]", show_default=False
    ),  # fmt: skip
):
    """Take a seat at the table and play a full game against bots in the terminal."""
    from sim.table.controller import TableError, play_cli

    try:
        code = play_cli(game and _game(game), seat, bots and _split_specs(bots), seed, delay,
                        save, resume, _game(DEFAULT_GAME))  # fmt: skip
    except TableError as e:
        raise CliError(str(e)) from None
    raise typer.Exit(code)


@app.command()
def serve(
    host: str = typer.Option(
        "127.0.0.1",
        help="Address to listen on; 0.0.0.0 only on a private network or behind "
        "a TLS proxy (docs/web.md).",
    ),  # fmt: skip
    port: int = typer.Option(8000, help="Port to listen on, 1-65535."),
    data: Path = typer.Option(
        Path("trixsim-data"), "--data", help="Folder of the tables' SQLite file."
    ),
    grace: float = typer.Option(
        20.0, help="Seconds a person may be away before the table's bot plays his seat."
    ),
    limit: list[str] = typer.Option(
        None,
        "--limit",
        help="NAME=VALUE, repeatable: max_tables (500), per_address (20 tables held at "
        "once), new_tables (10 a minute per address), unjoined (120 s a table nobody sat "
        "at is kept), sockets (32 per address), messages (200 a second per address); "
        "docs/web.md",
    ),  # fmt: skip
    chosen_seeds: bool = typer.Option(
        False,
        "--chosen-seeds",
        help="Let a table dealt from a seed its creator chose seat "
        "other persons (he may know every hand; for demos and tests)",
    ),  # fmt: skip
    proxy: str = typer.Option(
        None,
        help="Behind a reverse proxy: its addresses (IPs or networks, comma-separated), whose "
        "X-Forwarded-For names each client [default: none; a client is its connection's "
        "address] (docs/web.md)",
        show_default=False,
    ),
):
    """Serve the table in the browser: people play at shared tables, bots fill the seats."""
    from sim.web.serve import ServeError, check, check_proxy, run

    try:
        limits = check(host, port, data, grace, limit or [])
        proxies = check_proxy(proxy)
    except ServeError as e:
        raise CliError(str(e)) from None
    run(host, port, data, grace, limits, chosen_seeds, proxies)


@app.command()
def train(
    game: str = typer.Option(DEFAULT_GAME, "--game", help=GAME_HELP),
    minutes: float = typer.Option(
        None,
        help="A time budget: train until it is spent (not reproducible) [default: 60]",
        show_default=False,
    ),
    rounds: int = typer.Option(
        None,
        help="Train this many rounds instead: the same seed gives the same weights",
        show_default=False,
    ),
    out: Path = typer.Option(
        None, help="The run's folder [default: results/train-<game>-<time>]", show_default=False
    ),
    start: Path = typer.Option(None, "--from", help="Weights to start from (a weights file)."),
    seed: int = typer.Option(1, help="Seed of every game played and every training step."),
    teacher: str = typer.Option(
        None,
        help="What imitation learns from: values:worlds=N,model=M,last=L (every action's "
        "value from the seat's knowledge; rollout=neural,net=PATH: the network plays the "
        "worlds on), values:world=true,model=M (in the true deal: the oracle's) or a bot "
        "spec (its choices) [default: the game's own, docs/learning.md]",
        show_default=False,
    ),
    self_play: float = typer.Option(
        0.0,
        "--self-play",
        help="The share of the rounds (or minutes) spent on self-play (Deep Monte Carlo) "
        "after imitation, 0 to 1 (docs/learning.md)",
    ),
    hint: bool = typer.Option(
        None,
        "--hint/--no-hint",
        help="Give the network the game's rollout bot's choice as an input too "
        "[default: the game's own, docs/learning.md]",
        show_default=False,
    ),
    views: bool = typer.Option(
        None,
        "--views/--no-views",
        help="Let the network read each position in its suit view, where the game has a suit "
        "symmetry (docs/games.md) [default: the game's own, docs/learning.md]",
        show_default=False,
    ),
    workers: int = typer.Option(
        None, help="Worker processes that play [default: all cores]", show_default=False
    ),
    backend: str = typer.Option("local", help="local (worker processes) or dask."),
    scheduler: str = typer.Option(
        None,
        help="With --backend dask: a running scheduler, e.g. tcp://HOST:8786 (its "
        "workers must share --out's filesystem) [default: a LocalCluster]",
        show_default=False,
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Go on with the run in --out (to a new --rounds or --minutes if given).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
):
    """Train a policy network for the neural bot (needs the train extra: PyTorch on the CPU)."""
    from sim.learn.driver import default_out, new_settings
    from sim.learn.driver import train as run
    from sim.learn.selfplay import LearnError

    _check_workers(workers)
    try:
        if resume:
            if out is None:
                raise LearnError("--resume needs --out, the folder of the run to go on with")
            settings = None
        else:
            settings = new_settings(_game(game).name, minutes, rounds, seed, teacher,
                                    str(start) if start else None, self_play,
                                    hint, views)  # fmt: skip
        folder = out or default_out(settings.game)
        weights = run(settings, folder, resume, workers, progress=not quiet,
                      more={"rounds": rounds, "minutes": minutes}, backend=backend,
                      scheduler=scheduler)  # fmt: skip
    except LearnError as e:
        raise CliError(f"train: {e}") from None
    print(f"trixsim: weights in {weights}; play them: --bots neural:model={weights}",
          file=sys.stderr)  # fmt: skip


@app.command("bots")
def list_bots(game: str = typer.Option(DEFAULT_GAME, "--game", help=GAME_HELP)):
    """List the bots of a game with their parameters and their defaults."""
    from sim.core.bots import load_bots

    spec = _game(game)
    for name, info in load_bots(spec.name).items():
        params = ", ".join(f"{p.name}={p.default}" for p in info.params) or "no parameters"
        print(f"{name:<10} {info.kind:<6} {params}")
        if info.doc:
            print(f"{'':<10} {info.doc}")
        for p in info.params:
            print(f"{'':<12}{p.name} ({p.range_text}): {p.help}")


from sim.cli_analyse import analyse, quiz  # noqa: E402  (their own module: cli.py's size)

app.command()(analyse)
app.command()(quiz)


def main() -> None:
    """Entry point: run the app, turning every user error into one line and an exit code."""
    from sim.core.cache import configure, prune

    prune(configure())
    try:
        code = app(standalone_mode=False)
    except TrixsimError as e:  # CliError, and every module's own user error
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
