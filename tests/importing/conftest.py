"""A Command Center stand-in on 127.0.0.1 for the share-code fetch, shared by the
fetch tests and the `import --seed` CLI tests."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from importing import fixtures

PREFIX = (
    "/v1/projects/starcrafttmgbeta/databases/starcrafttmgbeta/documents/shared_rosters"
)


class _Firestore(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == f"{PREFIX}/SLOWLY":
            self._trickle()
            return
        if self.path == f"{PREFIX}/TTPIBA":
            body, status = fixtures.TTPIBA_REST, 200
        elif self.path == f"{PREFIX}/NOTDOC":
            body, status = b"<html>maintenance</html>", 200
        else:
            body, status = b'{"error": {"code": 404, "status": "NOT_FOUND"}}', 404
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _trickle(self) -> None:
        # a byte every 0.1 s: each read is quick, the whole answer never ends in time
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        with contextlib.suppress(OSError):  # the client hangs up: that is the point
            for byte in fixtures.TTPIBA_REST[:100]:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.1)

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep the test output clean


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The base address of the shared rosters on a server started for the test."""
    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("ARMYLIST_COMMAND_CENTER_URL", raising=False)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Firestore)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{PREFIX}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
