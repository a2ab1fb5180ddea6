"""One ``greatwar serve`` per SQLite store.

SQLite is the embedded store of one process: a game's live copy is ordered by that process's
lock, so a second server on the same file would act on stale copies. The server takes an
exclusive lock (``fcntl.flock``) on ``<file>.serve-lock`` before it serves, and keeps it until it
ends; the system releases it when the process dies, however it dies, so a killed server never
leaves a lock that stops the next one. The file holds the pid of the server that holds it, for
the message that refuses a second one. PostgreSQL stores take no such lock: any number of
servers may share one (see ``docs/server.md``, "Many processes").
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

from greatwar.server.store import StoreError, database_url


class ServeLockError(StoreError):
    """Another ``greatwar serve`` holds the SQLite store."""


def sqlite_file(db: str) -> Path | None:
    """The file of an SQLite store (None: not an SQLite file, e.g. PostgreSQL or memory)."""
    url = database_url(db)
    if not url.startswith("sqlite") or ":///" not in url:
        return None
    path = url.split(":///", 1)[1].split("?", 1)[0]
    if not path or path == ":memory:":
        return None
    return Path(path)


class ServeLock:
    """The exclusive lock of one server on one SQLite file (see the module docstring)."""

    def __init__(self, path: Path) -> None:
        self.store = path
        self.path = path.with_name(path.name + ".serve-lock")
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`ServeLockError` naming the process that holds it."""
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held until release)
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            pid = f.read().strip()[:20]
            f.close()
            holder = f" (pid {pid})" if pid.isdigit() else ""
            raise ServeLockError(
                f"another greatwar serve{holder} uses this SQLite store "
                f"({self.store}); for several processes use PostgreSQL"
            ) from None
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.truncate(0)
            self._file.close()  # closing the file releases the lock
            self._file = None


def lock_store(db: str) -> ServeLock | None:
    """Lock an SQLite store for this server (None for a store that needs no lock)."""
    path = sqlite_file(db)
    if path is None:
        return None
    lock = ServeLock(path)
    lock.acquire()
    return lock
