"""`event publish`: a round's pairings are a draft until published; the standings and
the next round's pairings wait for every round to be published and played."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
SEASON = Path(__file__).parent.parent / "season"


def spring_after(tmp_path: Path, rounds: int) -> Path:
    """The Spring League as it stood after ``rounds`` rounds (no `published:`)."""
    shutil.copytree(SEASON / "rosters", tmp_path / "rosters")
    text = (SEASON / "spring.yaml").read_text("utf-8")
    text = text.replace("published: [1, 2, 3]\n", "")
    kept = [
        line
        for line in text.splitlines(keepends=True)
        if not (m := re.search(r"\{round: (\d+),", line)) or int(m[1]) <= rounds
    ]
    path = tmp_path / "spring.yaml"
    path.write_text("".join(kept), encoding="utf-8")
    return path


def run(*words: str) -> object:
    return runner.invoke(app, list(words), env={"COLUMNS": "100"})


def test_a_round_is_a_draft_until_published_then_waits_for_its_results(
    tmp_path: Path,
) -> None:
    path = spring_after(tmp_path, 2)
    # The file without `published:`: rounds 1 and 2 have every result, so count
    # as published; the standings stand.
    assert runner.invoke(app, ["event", "standings", str(path)]).exit_code == 0
    paired = runner.invoke(app, ["event", "pair", str(path), "--round", "3", "-o"])
    assert paired.exit_code == 0, paired.output
    draft = runner.invoke(app, ["event", "standings", str(path)])
    assert draft.exit_code == 2
    assert draft.stdout == ""
    assert "round 3 is a draft: publish its pairings with `armylist event " in (
        draft.stderr
    )
    assert "round 3: tables 1 (Hana v Ana, line 31), 2 (Eve v Ben, line 32)" in (
        draft.stderr
    )
    before = path.read_text("utf-8")
    published = runner.invoke(app, ["event", "publish", str(path), "--round", "3"])
    assert published.exit_code == 0, published.output
    assert "Hana" in published.stdout and "Table" in published.stdout
    assert "round 3 published (4 tables)" in published.stderr
    after = path.read_text("utf-8")
    # `published:` goes just before `results:`; every comment stays.
    assert after == before.replace("results:\n", "published: [3]\nresults:\n")
    playing = runner.invoke(app, ["event", "standings", str(path)])
    assert playing.exit_code == 2
    assert "is a draft" not in playing.stderr
    assert "have no result yet" in playing.stderr
    early = runner.invoke(app, ["event", "pair", str(path), "--round", "4"])
    assert early.exit_code == 2
    assert "round 3: tables 1 (Hana v Ana" in early.stderr
    again = runner.invoke(app, ["event", "publish", str(path), "--round", "3"])
    assert again.exit_code == 0
    assert "was published already (4 tables); nothing written" in again.stderr
    assert path.read_text("utf-8") == after


def test_publishing_keeps_the_rounds_in_order(tmp_path: Path) -> None:
    path = spring_after(tmp_path, 3)
    text = path.read_text("utf-8").replace("results:\n", "published: [2]\nresults:\n")
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["event", "publish", str(path), "--round", "1"])
    assert result.exit_code == 0, result.output
    assert "published: [1, 2]\nresults:\n" in path.read_text("utf-8")


def test_a_round_without_pairings_cannot_be_published(tmp_path: Path) -> None:
    path = spring_after(tmp_path, 2)
    before = path.read_text("utf-8")
    result = runner.invoke(app, ["event", "publish", str(path), "--round", "3"])
    assert result.exit_code == 2
    assert "round 3 has no pairings in the event file (the last paired round is 2)" in (
        result.stderr
    )
    assert path.read_text("utf-8") == before
    zero = runner.invoke(app, ["event", "publish", str(path), "--round", "0"])
    assert zero.exit_code == 2


def test_publish_refuses_a_bad_event_file(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text("players: [{name: Ana}]\npublished: [one]\n", encoding="utf-8")
    result = runner.invoke(app, ["event", "publish", str(path), "--round", "1"])
    assert result.exit_code == 2
    assert f"{path}:2: published[0]: 'one' is not a round number" in result.stderr
    assert "Traceback" not in result.output


def test_a_draft_is_paired_again_in_place_until_published(tmp_path: Path) -> None:
    path = spring_after(tmp_path, 2)
    first = runner.invoke(app, ["event", "pair", str(path), "--round", "3", "-o"])
    assert first.exit_code == 0
    drafted = path.read_text("utf-8")
    # A note written while the draft waits stays; round 3 is paired again.
    path.write_text(
        drafted.replace(
            "submitted: 2026-03-01T20:00:00+01:00, paid: true}",
            "submitted: 2026-03-01T20:00:00+01:00, paid: true}  # no round 3",
        ),
        encoding="utf-8",
    )
    second = runner.invoke(
        app, ["event", "pair", str(path), "--round", "3", "--seed", "7", "-o"]
    )
    assert second.exit_code == 0, second.output
    assert "these pairings replace it" in second.stdout
    text = path.read_text("utf-8")
    assert text.count("{round: 3,") == 4  # the draft's 4 tables replaced, not added
    assert "# no round 3" in text
    runner.invoke(app, ["event", "publish", str(path), "--round", "3"])
    locked = runner.invoke(app, ["event", "pair", str(path), "--round", "3"])
    assert locked.exit_code == 2
    assert "is paired again only while it is a draft" in locked.stderr
