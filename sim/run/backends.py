"""The tournament backends behind one interface: where chunks are played and written.

``trixsim tournament`` talks to a :class:`Backend` only: it starts it first
thing (workers load the engine while the run is prepared), prepares or
resumes the output, runs the plan, writes the records and stops it. Adding a
backend is one more class here.
"""

from __future__ import annotations

from pathlib import Path

from sim.run.plan import Plan


class Backend:
    """Plays the chunks of a plan into ``out`` and keeps its manifest."""

    name = "?"

    def start(self, workers: int, out, game: str, bots: list[str] | None = None) -> None:
        """Start the workers now, before the run is prepared (they load ``game`` and the
        line-up's ``bots`` meanwhile)."""

    def check_out(self, out) -> None:
        """A new run's ``--out`` is a new or empty folder (before anything starts)."""
        from sim.run.store import check_out

        check_out(Path(out))

    def open_resume(self, out) -> tuple[Plan, dict]:
        """The plan and manifest of the run to resume, checked (nothing is written)."""
        from sim.run.store import resume_plan

        manifest = self.read_manifest(out)
        return resume_plan(manifest, out), manifest

    def lock(self, out):
        """Hold ``out`` for this run; TournamentError names the process holding it."""
        from sim.run.store import lock

        return lock(Path(out))

    def verify(self, out, plan: Plan, manifest: dict) -> list[str]:
        """Check the part files of a run to resume; remove the damaged chunks' files."""
        from sim.run.store import verify

        return verify(Path(out), plan, manifest)

    def complete(self, out, plan: Plan) -> bool:
        """Whether every chunk of the run is on disk."""
        return self.left(out, plan) == 0

    def left(self, out, plan: Plan) -> int:
        """The chunks of the run not yet on disk."""
        from sim.run.store import done_chunks

        return plan.n_chunks - len(done_chunks(Path(out), plan))

    def prepare(self, out, plan: Plan, command: list[str], resume: bool,
                manifest: dict | None = None) -> dict:  # fmt: skip
        from sim.run.store import prepare

        return prepare(Path(out), plan, command, resume, manifest)

    def save(self, out, manifest: dict) -> None:
        from sim.run.store import write_manifest

        write_manifest(Path(out), manifest)

    def read_manifest(self, out) -> dict:
        from sim.run.store import read_manifest

        return read_manifest(Path(out))

    def run(self, plan: Plan, out, workers: int, manifest: dict, progress: bool,
            settle=None) -> dict:  # fmt: skip
        """Play the chunks not yet on disk; ``settle``: a sequential test's stopper (the
        local backend only)."""
        raise NotImplementedError

    def write_records(self, plan: Plan, out, k: int) -> None:
        from sim.run.local import write_records

        write_records(plan, Path(out), k)

    def folder(self, out) -> Path | None:
        """The run's output as a local folder (for the closing summary), if it is one."""
        return Path(out)

    def stop(self) -> None:
        """Stop the workers of a run that never ran (bad input, Ctrl-C)."""

    def resume_hint(self, out) -> str:
        return f"--resume --out {out}"


class Local(Backend):
    """Worker processes on this machine (:mod:`sim.run.local`)."""

    name = "local"

    def __init__(self) -> None:
        self.pool = None

    def start(self, workers: int, out, game: str, bots: list[str] | None = None) -> None:
        # one worker too: Ctrl-C then stops a run at once, not when a kernel returns
        from sim.run.local import start_workers

        self.pool = start_workers(max(1, workers), game, bots)

    def run(self, plan, out, workers, manifest, progress, settle=None):
        from sim.run.local import run

        pool, self.pool = self.pool, None  # run() shuts it down
        return run(plan, Path(out), workers, manifest, progress=progress, pool=pool,
                   settle=settle)  # fmt: skip

    def stop(self) -> None:
        if self.pool is not None:  # loading the engine still, maybe: no need to wait for it
            from sim.run.local import stop_workers

            stop_workers(self.pool)
            self.pool = None


class Dask(Backend):
    """Chunks as Dask tasks on a LocalCluster or a running scheduler (:mod:`sim.run.dask`)."""

    name = "dask"

    def __init__(self, scheduler: str | None, out) -> None:
        from sim.run import dask

        dask.require()  # one line saying how to install Dask when it is missing
        self.dask, self.scheduler, self.connection = dask, scheduler, None
        self.url = dask.is_url(out)

    def start(self, workers: int, out, game: str, bots: list[str] | None = None) -> None:
        self.connection = self.dask.start(self.scheduler, workers, out, game)

    def check_out(self, out) -> None:
        if not self.url:  # a URL is checked when the run is prepared
            super().check_out(out)

    def lock(self, out):
        return None if self.url else super().lock(out)  # no lock on an object store

    def verify(self, out, plan, manifest) -> list[str]:
        return [] if self.url else super().verify(out, plan, manifest)

    def left(self, out, plan) -> int:
        if self.url:
            return plan.n_chunks - len(self.dask.UrlStore(out).done(plan))
        return super().left(out, plan)

    def prepare(self, out, plan, command, resume, manifest=None):
        if self.url:
            return self.dask.prepare_url(out, plan, command, resume, manifest)
        return super().prepare(out, plan, command, resume, manifest)

    def save(self, out, manifest: dict) -> None:
        if self.url:
            self.dask.UrlStore(out).write_manifest(manifest)
        else:
            super().save(out, manifest)

    def read_manifest(self, out) -> dict:
        return self.dask.read_manifest_url(out) if self.url else super().read_manifest(out)

    def run(self, plan, out, workers, manifest, progress, settle=None):
        connection, self.connection = self.connection, None  # run() closes it
        return self.dask.run(plan, out, workers, manifest, progress=progress,
                             scheduler=self.scheduler, connection=connection,
                             settle=settle)  # fmt: skip

    def write_records(self, plan, out, k) -> None:
        if self.url:
            self.dask.write_records_url(plan, out, k)
        else:
            super().write_records(plan, out, k)

    def folder(self, out) -> Path | None:
        return self.dask.UrlStore(out).local_folder() if self.url else Path(out)

    def stop(self) -> None:
        if self.connection is not None:
            self.dask.stop(self.connection)
            self.connection = None

    def resume_hint(self, out) -> str:
        hint = f"--resume --out {out} --backend dask"
        return hint + (f" --scheduler {self.scheduler}" if self.scheduler else "")


def backend(name: str, scheduler: str | None, out) -> Backend:
    """The backend called ``name`` (``local`` or ``dask``)."""
    if name == "dask":
        return Dask(scheduler, out)
    return Local()
