"""A server on loopback in a child process: for the tests and the benchmark.

Always 127.0.0.1 and a free port; the process can be stopped, or killed with SIGKILL to
show that nothing committed is lost.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


class LocalServer:
    """``rennbahn serve`` on 127.0.0.1 with the SQLite file (or ``postgresql://`` URL)
    ``db``; its output goes to ``log`` (appended, so restarts keep one log); ``args`` are
    more ``rennbahn serve`` options. Bots answer at once (``--bot-grace 0``) unless
    ``args`` give a grace."""

    def __init__(self, db: Path | str, log: Path, *, bot_workers: int = 1,
                 args: Sequence[str] = ()) -> None:
        self.db, self.log, self.bot_workers = db, log, bot_workers
        self.args = list(args)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._out: BinaryIO | None = None

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}/ws"

    @property
    def command(self) -> list[str]:
        """The command line :meth:`start` runs (tests run it themselves to see it fail)."""
        return [sys.executable, "-m", "rennbahn.cli.main", "serve", "--host", HOST,
                "--port", str(self.port), "--db", str(self.db),
                "--bot-workers", str(self.bot_workers), "--bot-grace", "0", *self.args]

    def start(self, timeout: float = 30.0) -> LocalServer:
        self._out = self.log.open("ab")
        self.process = subprocess.Popen(
            self.command, stdout=self._out, stderr=subprocess.STDOUT, start_new_session=True,
        )
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url, timeout=1):
                    return self
            except (OSError, urllib.error.URLError):
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("the server did not start in time")

    def kill_server_alone(self) -> None:
        """SIGKILL the server process only (not its workers): as when it crashes."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._close()

    def kill(self) -> None:
        """SIGKILL the server and its bot workers (its process group)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self._close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close()

    def _close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None

    def request(self, method: str, path: str, body: object = None,
                raw: bytes | None = None,
                headers: Mapping[str, str] | None = None) -> tuple[int, Any]:
        """An HTTP request (with more ``headers`` if given); returns the status and the
        parsed JSON (or the text)."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method,
                                         headers={"content-type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, text = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
        try:
            return status, json.loads(text)
        except json.JSONDecodeError:
            return status, text

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


class Silent:
    """A websocket spectator that says hello and then never reads: a plain socket with a
    small receive buffer, the upgrade done by hand, so that nothing (no library's reader
    task) empties the kernel's buffers behind the test's back."""

    def __init__(self, port: int, table: str) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect
        self.sock.settimeout(10)
        self.sock.connect((HOST, port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer:  # one byte at a time: not one byte of a frame
            byte = self.sock.recv(1)
            if not byte:
                raise RuntimeError(f"the server closed the upgrade: {answer!r}")
            answer += byte
        if not answer.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"no upgrade: {answer!r}")
        self.send({"type": "hello", "v": 1, "table": table, "token": None, "board": True})

    def send(self, message: dict[str, object]) -> None:
        """One masked text frame, as a client must send it."""
        payload = json.dumps(message).encode()
        if len(payload) >= 126:
            raise ValueError("a short message only (one byte of length)")
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(struct.pack("!BB", 0x81, 0x80 | len(payload)) + mask + masked)

    def state(self) -> int:
        """The kernel's state of this end of the connection (read nothing)."""
        info = self.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
        return info[0]

    def drain(self, timeout: float) -> tuple[str, int]:
        """Read everything the server sent until it closes: ("eof" or "reset", bytes);
        ("open", bytes) if the connection is still open after ``timeout`` seconds."""
        end = time.monotonic() + timeout
        total = 0
        while True:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                data = self.sock.recv(1 << 16)
            except ConnectionResetError:
                return "reset", total
            except TimeoutError:
                return "open", total
            if not data:
                return "eof", total
            total += len(data)

    def close(self) -> None:
        self.sock.close()
