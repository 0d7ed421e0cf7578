"""Fetching a Command Center shared roster by its share code (explicit opt-in, network).

A share code is only a document id in the app's Firestore database; the document is read
over its REST interface. The address can be overridden by parameter or by the environment
variable ARMYLIST_COMMAND_CENTER_URL (a base to which ``/<CODE>`` is appended).
"""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
from typing import Any

from armylist.importing.detect import MAX_BYTES, SHARE_CODE, detect
from armylist.importing.model import ImportFailure
from armylist.text.i18n import _

DEFAULT_BASE_URL = (
    "https://firestore.googleapis.com/v1/projects/starcrafttmgbeta/databases/"
    "starcrafttmgbeta/documents/shared_rosters"
)
URL_VARIABLE = "ARMYLIST_COMMAND_CENTER_URL"
TIMEOUT = 10.0


class FetchError(ImportFailure):
    """The shared roster could not be fetched; the message says why, in one line."""


def document_base(base: str | None = None) -> str:
    """The collection's address: the parameter, the environment variable, the default."""
    return (base or os.environ.get(URL_VARIABLE) or DEFAULT_BASE_URL).rstrip("/")


def _read_by(response: Any, deadline: float, limit: int) -> bytes | None:
    """The body, at most ``limit`` bytes, or None when the deadline passes first."""
    data = bytearray()
    while len(data) < limit:
        if time.monotonic() > deadline:
            return None
        chunk: bytes = response.read1(limit - len(data))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def fetch_shared_roster(
    code: str, base_url: str | None = None, timeout: float = TIMEOUT
) -> bytes:
    """The raw REST document of a share code (six characters A-Z, 0-9), as bytes.

    Raises FetchError when the code is malformed, the server cannot be reached, the code is
    not found (HTTP 404), or the answer is not a shared roster document.
    """
    wanted = code.strip().upper()
    if not SHARE_CODE.fullmatch(wanted):
        raise FetchError(
            _(
                "{code} is not a Command Center share code (six letters and digits)"
            ).format(code=repr(code))
        )
    url = f"{document_base(base_url)}/{wanted}"
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    # `timeout` bounds each socket operation; the deadline bounds the whole answer, so a
    # server sending a byte now and then cannot keep the import waiting
    deadline = time.monotonic() + timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = _read_by(response, deadline, MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise FetchError(
                _("no shared roster {code} at {url} (not found)").format(
                    code=wanted, url=url
                )
            ) from None
        raise FetchError(
            _("the server answered HTTP {status} for the shared roster {code}").format(
                status=error.code, code=wanted
            )
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise FetchError(
            _("cannot reach {url} ({reason}): are you offline?").format(
                url=url, reason=reason
            )
        ) from None
    if data is None:
        raise FetchError(
            _("the server did not send the shared roster {code} in {seconds} s").format(
                code=wanted, seconds=f"{timeout:g}"
            )
        )
    if len(data) > MAX_BYTES:
        raise FetchError(
            _("the answer for {code} is larger than 1 MiB: not a roster").format(
                code=wanted
            )
        )
    try:
        detected = detect(data, wanted)
    except ImportFailure:
        raise FetchError(
            _("the answer for {code} is not a shared roster document").format(
                code=wanted
            )
        ) from None
    if detected.form != "raw":
        raise FetchError(
            _("the answer for {code} is not a shared roster document").format(
                code=wanted
            )
        )
    return data
