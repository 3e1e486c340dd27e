"""A throwaway PostgreSQL cluster for the tests: ``HEROTABLE_TEST_POSTGRES_URL`` if given,
else one started here from the machine's PostgreSQL binaries (initdb + pg_ctl on a temporary
folder and a free loopback port, as the ``postgres`` user when the tests run as root, since
PostgreSQL refuses to run as root)."""

from __future__ import annotations

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


@contextmanager
def postgres_server() -> Iterator[str | None]:
    """A server's base URL (``postgresql+psycopg://user@127.0.0.1:port``), or None when
    this machine has no PostgreSQL."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given.rstrip("/")
        return
    binaries = _binaries()
    if binaries is None:
        yield None
        return
    as_root = os.geteuid() == 0
    user = "postgres" if as_root else os.environ.get("USER", "postgres")
    folder = Path(tempfile.mkdtemp(prefix="herotable-pg-"))
    folder.chmod(0o755)

    def run(*command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True)

    if as_root:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    port = free_port()
    run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", user)
    run(str(binaries / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o",
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://{user}@127.0.0.1:{port}"
    finally:
        run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(base_url: str, name: str) -> str:
    """An empty database ``name`` on the server (dropped first if it exists)."""
    import psycopg

    plain = base_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{base_url}/{name}"
