"""The share-code fetch, for real over HTTP against a server on 127.0.0.1 started here."""

from __future__ import annotations

import socket
import time

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.importing.fetch import FetchError, fetch_shared_roster
from importing.fixtures import TTPIBA_REST
from importing.helpers import run


def test_found_imports_like_the_saved_document(server: str, catalog: Catalog) -> None:
    data = fetch_shared_roster("ttpiba", server, timeout=5)
    assert data == TTPIBA_REST
    result = run(data, "TTPIBA", catalog)
    assert result.army().faction == "Khalai"
    assert len(result.army().units) == 11


def test_the_environment_variable_gives_the_address(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARMYLIST_COMMAND_CENTER_URL", server)
    assert fetch_shared_roster("TTPIBA") == TTPIBA_REST


def test_not_found(server: str) -> None:
    with pytest.raises(
        FetchError, match=r"no shared roster ZZZZZZ at .* \(not found\)"
    ):
        fetch_shared_roster("ZZZZZZ", server, timeout=5)


def test_not_a_roster_document(server: str) -> None:
    with pytest.raises(FetchError, match="is not a shared roster document"):
        fetch_shared_roster("NOTDOC", server, timeout=5)


def test_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    with pytest.raises(FetchError, match=r"cannot reach .*: are you offline"):
        fetch_shared_roster("TTPIBA", f"http://127.0.0.1:{port}/rosters", timeout=5)


@pytest.mark.parametrize("code", ["TTPIB", "TTPIBA7", "TT-PIB", "../etc"])
def test_bad_code_never_reaches_the_network(code: str) -> None:
    # the address is a closed port anyway: the error must be about the code
    with pytest.raises(FetchError, match="is not a Command Center share code"):
        fetch_shared_roster(code, "http://127.0.0.1:9/none", timeout=1)


def test_a_server_that_trickles_is_cut_off_at_the_timeout(server: str) -> None:
    # The timeout used to bound each read only: a server sending a byte now and then kept
    # `armylist import --seed` waiting without end (here 10 s for a 1 s timeout).
    started = time.monotonic()
    with pytest.raises(
        FetchError, match=r"did not send the shared roster SLOWLY in 1 s"
    ):
        fetch_shared_roster("SLOWLY", server, timeout=1)
    assert time.monotonic() - started < 3
