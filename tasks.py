#!/usr/bin/env python3
"""The two commands of the quick start; they need nothing but Python 3.11+.

    python3 tasks.py serve   # set up, then start the web server (SQLite) and print its URL
    python3 tasks.py play    # set up, then race Gib Gas! against two bots in the terminal
                             # (or name a game: play grandprix --seats you,heuristic)
    python3 tasks.py test    # set up, then run ruff, mypy --strict and every test (against
                             # a throw-away PostgreSQL server too, see postgres())

Each makes a virtual environment in .venv and installs the project into it (again only when
pyproject.toml has changed). Extra arguments after ``serve`` go to ``rennbahn serve``, after
``play`` to ``rennbahn play`` and after ``test`` to pytest.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXTRAS = {"serve": "[web,pg]", "play": "", "test": "[dev,rl,web,train,pg,scale,lab]",
          "package": "[dev,rl,web]"}
#: Installed before the ``train`` extra: the CPU build that this project's machines keep on
#: disk. Left to itself, pip would fetch a CUDA build of several GB for sb3-contrib; any
#: torch that sb3-contrib accepts works.
TORCH = "torch==2.13.0"


def run(*command: str | Path) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    result = subprocess.run([str(c) for c in command], cwd=ROOT, check=False)
    if result.returncode != 0:
        sys.exit(result.returncode)


def setup(extras: str) -> None:
    """Create .venv and install the project with ``extras`` unless already done.

    The install compiles the modules listed in pyproject.toml with mypyc (setup.py) and
    puts them beside their sources, where Python prefers them to the ``.py``: it is done
    again whenever one of those sources, pyproject.toml, setup.py or ``RENNBAHN_PURE``
    changes, so an edited rule never runs from a stale extension.
    """
    if not (BIN / "python").exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256()
    for path in build_inputs():
        digest.update(path.read_bytes())
    digest.update(os.environ.get("RENNBAHN_PURE", "").encode())
    stamp = VENV / f".installed-{digest.hexdigest()[:16]}-{extras.strip('[]') or 'base'}"
    if stamp.exists():
        return
    run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    if "train" in extras and not installed("torch"):
        run(BIN / "python", "-m", "pip", "install", "--quiet", TORCH)
    run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", f".{extras}")
    stamp.touch()


def build_inputs() -> list[Path]:
    """The files an install is made from: pyproject.toml, setup.py and the compiled sources."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        compiled = tomllib.load(file)["tool"]["rennbahn"]["compiled"]
    return [ROOT / "pyproject.toml", ROOT / "setup.py", *(ROOT / "src" / c for c in compiled)]


def installed(package: str) -> bool:
    """Whether ``package`` is installed in .venv."""
    show = [BIN / "python", "-m", "pip", "show", "--quiet", package]
    return subprocess.run([str(c) for c in show], capture_output=True, check=False).returncode == 0


def browser() -> None:
    """The browser tests drive Debian's Chromium (Playwright cannot download browsers here).

    As root with apt-get, install it when it is missing; otherwise say that those tests will
    be skipped (on CI, where CI is set, they fail instead).
    """
    if shutil.which("chromium"):
        return
    if apt_install("chromium") and shutil.which("chromium"):
        return
    print("note: no chromium found; the browser tests will be skipped "
          "(install Debian's package 'chromium' to run them)", flush=True)


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(package: str) -> bool:
    """Install Debian's ``package`` with apt-get when root; whether apt-get was run."""
    if not (shutil.which("apt-get") and is_root()):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", package]):
        print("+", " ".join(command), flush=True)
        subprocess.run(command, check=False, env=env, stdout=subprocess.DEVNULL)
    return True


#: The environment variable that hands the tests a PostgreSQL server (a database URL they
#: may create and drop databases with); unset, the PostgreSQL tests are skipped.
POSTGRES_URL = "RENNBAHN_TEST_POSTGRES"
#: Settings for a throw-away test server: nothing is synced to disk and little memory is
#: taken; it listens on loopback only (its socket in its own temporary folder).
POSTGRES_SETTINGS = ("listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off",
                     "full_page_writes=off", "shared_buffers=16MB", "max_connections=200")


#: The server programs the tests use, all from one installation.
POSTGRES_PROGRAMS = ("initdb", "pg_ctl", "createdb")


def postgres_programs() -> Path | None:
    """The folder holding PostgreSQL's server programs: from PATH (links followed: Debian
    links only some of them there), else Debian's newest version."""
    found = shutil.which("initdb")
    folders = [Path(found).resolve().parent] if found else []
    folders += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True,
                      key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    for folder in folders:
        if all((folder / program).exists() for program in POSTGRES_PROGRAMS):
            return folder
    return None


@contextlib.contextmanager
def postgres() -> Iterator[None]:
    """A throw-away PostgreSQL server for the tests, its URL in ``RENNBAHN_TEST_POSTGRES``.

    A URL already there is used as it is. Otherwise a cluster is made in a temporary folder
    (Debian's ``postgresql`` is installed with apt-get when root and missing), started on a
    free loopback port with trust authentication, and stopped and deleted afterwards, also
    when the tests fail or are interrupted. Without a way to start it, say that the
    PostgreSQL tests will be skipped (on CI, where CI is set, they fail instead).
    """
    if os.environ.get(POSTGRES_URL):
        yield
        return
    programs = postgres_programs()
    if programs is None and apt_install("postgresql"):
        programs = postgres_programs()
    runner = None if programs is None else PostgresRunner.make(programs)
    if runner is None:
        print("note: no PostgreSQL server programs (initdb, pg_ctl) found, or no user "
              "'postgres' to run them as; the PostgreSQL tests will be skipped (install "
              "Debian's package 'postgresql' to run them)", flush=True)
        yield
        return
    try:
        begun = time.monotonic()
        url = runner.start()
        if url is None:
            print("note: no PostgreSQL server could be started; the PostgreSQL tests will be "
                  "skipped", flush=True)
        else:
            print(f"PostgreSQL for the tests at {url} (started in "
                  f"{time.monotonic() - begun:.1f} s)", flush=True)
            os.environ[POSTGRES_URL] = url
        yield
    finally:
        os.environ.pop(POSTGRES_URL, None)
        runner.remove()


class PostgresRunner:
    """One throw-away cluster in a temporary folder (its data, log and socket).

    PostgreSQL refuses to run as root: as root, every program runs as the unprivileged
    ``postgres`` user (Debian's package makes it), who owns the folder.
    """

    def __init__(self, programs: Path, as_user: list[str], uid: int | None, gid: int) -> None:
        self.programs = programs
        self.as_user = as_user
        self.folder = Path(tempfile.mkdtemp(prefix="rennbahn-pg-"))
        if uid is not None:
            os.chown(self.folder, uid, gid)
        self.data = self.folder / "data"
        self.started = False

    @classmethod
    def make(cls, programs: Path) -> PostgresRunner | None:
        if not is_root():
            return cls(programs, [], None, -1)
        import pwd  # Unix only, like root

        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            return None
        return cls(programs, ["runuser", "-u", "postgres", "--"], user.pw_uid, user.pw_gid)

    def start(self) -> str | None:
        """Make the cluster, start it and create the database ``rennbahn``: its URL."""
        if not self.run("initdb", "-D", self.data, "-U", "rennbahn", "--auth=trust",
                        "--no-sync", "--no-instructions", "--encoding=UTF8", "--locale=C"):
            return None
        port = free_port()
        settings = " ".join(f"-c {s}" for s in POSTGRES_SETTINGS)
        self.started = self.run("pg_ctl", "-D", self.data, "-l", self.folder / "server.log",
                                "-w", "-o", f"-p {port} -k {self.folder} {settings}", "start")
        if not self.started:
            log = self.folder / "server.log"
            print(log.read_text(errors="replace")[-2000:] if log.exists() else "", flush=True)
            return None
        if not self.run("createdb", "-h", "127.0.0.1", "-p", port, "-U", "rennbahn",
                        "rennbahn"):
            return None
        return f"postgresql://rennbahn@127.0.0.1:{port}/rennbahn"

    def run(self, program: str, *arguments: str | int | Path) -> bool:
        """Run one of PostgreSQL's programs; say why when it fails."""
        command = [*self.as_user, str(self.programs / program), *map(str, arguments)]
        done = subprocess.run(command, cwd=self.folder, capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            print(f"note: {program} failed: {(done.stderr or done.stdout).strip()}", flush=True)
        return done.returncode == 0

    def remove(self) -> None:
        """Stop the server (at once: nothing in it is kept) and delete the folder."""
        if self.started:
            self.run("pg_ctl", "-D", self.data, "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def play_arguments(given: list[str]) -> list[str]:
    """``rennbahn`` arguments for ``tasks.py play``: a game named first is played (with any
    options after it); only options play Gib Gas!; nothing races Gib Gas! against two bots."""
    if not given:
        return ["play", "gibgas", "--seats", "you,heuristic,heuristic"]
    if given[0].startswith("-"):
        return ["play", "gibgas", *given]
    return ["play", *given]


def main(argv: list[str]) -> None:
    task = argv[0] if argv else ""
    if task not in EXTRAS:
        sys.exit("usage: python3 tasks.py serve [options] | play [game] [options] | test [pytest"
                 " options] | package"
                 f"  (got {task!r})")
    setup(EXTRAS[task])
    if task == "package":  # build the sdist and wheel and check them (CI runs it)
        run(BIN / "python", "scripts/check_package.py")
        return
    if task == "serve":
        run(BIN / "rennbahn", "serve", *argv[1:])
        return
    if task == "play":
        run(BIN / "rennbahn", *play_arguments(argv[1:]))
        return
    browser()
    run(BIN / "ruff", "check", ".")
    run(BIN / "mypy")
    # Two workers that steal work from each other: the few long tests (a whole ISMCTS
    # match, OpenSpiel's random simulation of Ausgebremst) do not end up queued last.
    parallel = ([] if any(a.startswith(("-n", "-p")) for a in argv[1:])
                else ["-n", "auto", "--dist", "worksteal"])
    with postgres():
        run(BIN / "pytest", *parallel, *argv[1:])
    if len(argv) == 1:  # the whole suite: the engines' tests on pure Python as well
        pure_tests(parallel)


#: The tests that run a second time on the pure-Python build (the first run is on the
#: compiled one when a C compiler is there): the protocol over every game and variant, the
#: reference records, and each game's rules, notation and resampling.
PURE_TESTS = (
    "tests/conformance", "tests/reference", "tests/core/test_protocol.py",
    "tests/core/test_protocol_memo.py", "tests/core/test_inputs.py",
    "tests/gibgas/test_rules.py", "tests/gibgas/test_notation.py",
    "tests/von0auf100/test_rules.py", "tests/von0auf100/test_notation.py",
    "tests/von0auf100/test_hidden.py", "tests/grandprix/test_rules.py",
    "tests/grandprix/test_notation.py", "tests/grandprix/test_perft.py",
    "tests/ausgebremst/test_race_rules.py", "tests/ausgebremst/test_advanced.py",
    "tests/ausgebremst/test_championship.py", "tests/ausgebremst/test_resample.py",
    "tests/ausgebremst/test_notation_checks.py",
)


def pure_tests(parallel: list[str]) -> None:
    """Run PURE_TESTS with the package copied without its compiled modules first on
    PYTHONPATH (``rennbahn.core.build.pure_copy``), so every module runs as plain Python."""
    with tempfile.TemporaryDirectory(prefix="rennbahn-pure-") as folder:
        copy = ("from pathlib import Path; from rennbahn.core.build import pure_copy; "
                f"pure_copy(Path({folder!r}))")
        run(BIN / "python", "-c", copy)
        env = {**os.environ, "PYTHONPATH": folder}
        check = "from rennbahn.core import build; print('pure run:', build.describe())"
        for command in ([BIN / "python", "-c", check],
                        [BIN / "pytest", *parallel, *PURE_TESTS]):
            print("+", " ".join(str(c) for c in command), flush=True)
            if subprocess.run([str(c) for c in command], cwd=ROOT, env=env,
                              check=False).returncode != 0:
                sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
