"""Test faults for the Dask backend, injected by the tests themselves (never in sim/).

:class:`KillOnce` is a Dask worker plugin: registered on a cluster, it makes the
worker that plays chunk ``chunk`` kill itself (SIGKILL) once, in the middle of that
chunk: whichever worker creates the ``marker`` file first. ``where="played"`` dies
after the chunk is played, before its result is returned (client-written output);
``where="half-written"`` dies after the first of the chunk's two part files is
written (an ``--out`` URL the workers write to).
"""

import os
import signal

from distributed import WorkerPlugin


class KillOnce(WorkerPlugin):
    idempotent = True

    def __init__(self, chunk: int, marker: str, where: str = "played"):
        self.chunk, self.marker, self.where = chunk, str(marker), where

    def _die(self) -> None:
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return  # a worker died here already; this is the recomputation
        os.kill(os.getpid(), signal.SIGKILL)

    def setup(self, worker=None):
        from sim.run import dask

        if self.where == "played":
            play = dask.chunk_tables

            def chunk_tables(plan, i):
                out = play(plan, i)
                if i == self.chunk:
                    self._die()
                return out

            dask.chunk_tables = chunk_tables
        else:
            write = dask.UrlStore.write_part

            def write_part(store, table, sub, i, stats):
                written = write(store, table, sub, i, stats)
                if i == self.chunk and not sub.startswith("games"):  # the first of the two
                    self._die()
                return written

            dask.UrlStore.write_part = write_part
