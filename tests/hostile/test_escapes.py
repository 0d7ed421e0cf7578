"""Control characters from files, names and arguments never reach the terminal raw:
every text printed goes through one place (`armylist.text.visible`)."""

from __future__ import annotations

import io
import json
import re
import shutil
import xml.dom.minidom
import zipfile
from pathlib import Path

import pytest
from projectpaths import OFFICIAL

from armylist.text.visible import visible, visible_keeping_colour

from .helpers import run

TITLE = "\x1b]0;pwned\x07"  # sets the terminal window's title
CLEAR = "\x1b[2J"  # clears the screen
C1 = "\x9b"  # CSI as one (C1) character
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")

HOSTILE_LIST = (
    (
        f'name: "{TITLE}Name"\nplayer: "{CLEAR}Player"\nfaction: raynors-raiders\n'
        f'scale: "{CLEAR}standard"\ntactical_cards: ["Bar{C1}racks"]\n'
        f'missions: ["{TITLE}Mission", "Supply Drop"]\n'
        f'units:\n  - unit: "Mar{CLEAR}ine"\n'
    )
    .encode("unicode_escape")
    .decode()
    .replace("\\n", "\n")
)


def assert_visible(*texts: str) -> None:
    for text in texts:
        assert RAW.search(text) is None, repr(text)


@pytest.fixture
def hostile(here: Path) -> Path:
    # Written with YAML escapes: the list file itself is plain ASCII.
    path = here / "hostile.yaml"
    path.write_text(HOSTILE_LIST)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "hostile.yaml"],
        ["validate", "hostile.yaml", "--format", "github"],
        ["show", "hostile.yaml"],
        ["export", "hostile.yaml", "--format", "markdown"],
        ["add", "hostile.yaml", "card", f"Arm{CLEAR}ory"],
        ["validate", f"{CLEAR}missing.yaml"],
        ["info", f"{TITLE}Marine"],
        ["import", f"SCT1-{CLEAR}0000"],
    ],
)
def test_names_from_files_and_arguments_are_printed_visibly(
    hostile: Path, args: list[str]
) -> None:
    _, out, err = run(*args)
    assert_visible(out, err)
    assert "\\x1b" in out + err


def test_a_file_name_with_escapes_is_printed_visibly_and_junit_stays_xml(
    here: Path,
) -> None:
    name = f"{TITLE}list.yaml"
    shutil.copy(OFFICIAL, here / name)
    for output in ("text", "github", "junit"):
        code, out, err = run("validate", name, "--format", output)
        assert code == 0, err
        assert_visible(out, err)
    _, junit, _ = run("validate", name, "--format", "junit")
    xml.dom.minidom.parseString(junit)  # well-formed
    assert "\\x1b]0;pwned\\x07list.yaml" in junit


def test_json_stays_json_and_keeps_the_name(hostile: Path) -> None:
    code, out, _ = run("validate", "hostile.yaml", "--format", "json")
    assert code == 1
    assert_visible(out)
    result = json.loads(out)["results"][0]
    assert result["name"] == f"{TITLE}Name"


def test_event_and_team_keys_are_printed_visibly(here: Path) -> None:
    event = here / "event.yaml"
    event.write_text(
        f'scale: standard\n"{CLEAR}prize": 1\n'.encode("unicode_escape")
        .decode()
        .replace("\\n", "\n")
    )
    code, out, err = run("validate", "ok.yaml", "--event", "event.yaml")
    assert code == 2
    assert_visible(out, err)
    team = here / "team.yaml"
    team.write_text('minerals: 4000\nplayers: [ok.yaml]\n"\\e]0;x\\a": 1\n')
    code, out, err = run("validate", "--team", "team.yaml")
    assert code == 2
    assert_visible(out, err)
    assert "\\x1b" in err


def test_rosz_member_names_are_printed_visibly(here: Path) -> None:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr(f"{CLEAR}a.ros", b"not xml")
        zipped.writestr(f"{TITLE}b.ros", b"not xml")
    (here / "army.rosz").write_bytes(archive.getvalue())
    _, out, err = run("import", "army.rosz")
    assert_visible(out, err)
    _, out, err = run("validate", "army.rosz")
    assert_visible(out, err)


def test_a_colour_terminal_gets_its_colours_and_no_other_code() -> None:
    from rich.text import Text

    from armylist.reporters.text import to_text

    rendered = to_text(Text(f"{TITLE}{CLEAR}name", style="bold red"), color=True)
    codes = re.findall("\x1b[^a-zA-Z]*[a-zA-Z]", rendered)
    assert codes and all(c.endswith("m") and "]" not in c for c in codes)
    # (Rich itself drops the BEL that ends the title sequence.)
    assert "\\x1b]0;pwned\\x1b[2Jname" in rendered


def test_visible_writes_controls_as_escapes_and_keeps_the_rest() -> None:
    assert visible("tab\tnew\nline") == "tab\tnew\nline"
    assert visible(f"é{CLEAR}{C1}\u202e") == "é\\x1b[2J\\u009b\\u202e"
    assert visible_keeping_colour("\x1b[1;31mred\x1b[0m\x1b[2J") == (
        "\x1b[1;31mred\x1b[0m\\x1b[2J"
    )


# Every kind of character, alone and among others: what `visible` must escape (C0,
# DEL, C1, bidi overrides, line separators, unassigned) and what it must keep (tab,
# newline, accents, `§`, CJK, emoji).
CHARACTERS = "\t\n a~é§Ñ中😀\x00\x07\x1b\x7f\x85\x9b\u200b\u202e\u2028\u2029\ue000\U000e0001\u0378"


@pytest.mark.parametrize("char", list(CHARACTERS))
def test_visible_escapes_a_character_exactly_when_it_is_not_printable(
    char: str,
) -> None:
    escaped = char not in "\t\n" and not char.isprintable()
    for text in (char, f"Raynor's {char} Raiders §9.1\n", f"Marine{char}"):
        out = visible(text)
        assert (out != text) is escaped, repr(text)
        if escaped:
            code = ord(char)
            escape = f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"
            assert out == text.replace(char, escape)


def test_game_play_prompts_show_a_players_name_visibly(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At a terminal input() writes its prompt itself, past the visible stdout.
    prompts: list[str] = []

    def terminal_input(prompt: str = "") -> str:
        prompts.append(prompt)
        raise EOFError

    monkeypatch.setattr("builtins.input", terminal_input)
    Path("g.yaml").write_text(
        'mission: supply-drop\nscale: skirmish\nplayers:\n  red: {name: "\\e]0;x\\a"}\n'
        "first_player: red\nrounds: []\n"
    )
    code, _, _ = run("game", "play", "g.yaml")
    assert code == 1
    assert prompts and "\\x1b]0;x\\x07" in prompts[0]
    assert_visible(*prompts)
