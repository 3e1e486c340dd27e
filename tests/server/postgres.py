"""A throwaway PostgreSQL cluster for the tests: ``HEROTABLE_TEST_POSTGRES_URL`` if given,
else one started here from the machine's PostgreSQL binaries (initdb + pg_ctl on a temporary
folder and a free loopback port, as the ``postgres`` user when the tests run as root, since
PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from herotable.server.run import free_port

URL_VARIABLE = "HEROTABLE_TEST_POSTGRES_URL"


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


class Cluster:
    """A PostgreSQL server of its own in a temporary folder, to start and stop at will
    (the outage tests stop it under a running herotable server)."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.as_root = os.geteuid() == 0
        self.user = "postgres" if self.as_root else os.environ.get("USER", "postgres")
        self.folder = Path(tempfile.mkdtemp(prefix="herotable-pg-"))
        self.folder.chmod(0o755)
        if self.as_root:
            shutil.chown(self.folder, "postgres")
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}"
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", self.user)

    def _run(self, program: str, *arguments: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run([*prefix, str(self.binaries / program), *arguments], check=True,
                       capture_output=True)

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-l", str(self.folder / "log"), "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-w", "-m", mode, "stop")

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def postgres_cluster() -> Iterator[Cluster | None]:
    """A started :class:`Cluster`, removed afterwards; None when this machine has no
    PostgreSQL."""
    binaries = _binaries()
    if binaries is None:
        yield None
        return
    cluster = Cluster(binaries)
    cluster.start()
    try:
        yield cluster
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
            cluster.stop("immediate")
        cluster.remove()


@contextmanager
def postgres_server() -> Iterator[str | None]:
    """A server's base URL (``postgresql+psycopg://user@127.0.0.1:port``), or None when
    this machine has no PostgreSQL."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given.rstrip("/")
        return
    with postgres_cluster() as cluster:
        yield None if cluster is None else cluster.url


def fresh_database(base_url: str, name: str) -> str:
    """An empty database ``name`` on the server (dropped first if it exists)."""
    import psycopg

    plain = base_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{base_url}/{name}"
