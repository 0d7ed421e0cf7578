"""The one-line summary after a report: every count grouped as the language does."""

from __future__ import annotations

from armylist.reporters.oneline import errors_text, legal_text, warnings_text
from armylist.text import i18n


def test_every_count_of_the_summary_is_grouped() -> None:
    # A batch of thousands of lists: "5584 legal" beside "70,892 errors" read as two
    # kinds of number.
    assert legal_text(5584, 3697) == "5,584 legal, 3,697 illegal"
    assert (errors_text(70892), warnings_text(2125)) == (
        "70,892 errors",
        "2,125 warnings",
    )
    i18n.use(i18n.SPANISH)
    assert legal_text(5584, 3697) == "5.584 legales, 3.697 ilegales"
    assert legal_text(1, 0) == "1 legal, 0 ilegales"
