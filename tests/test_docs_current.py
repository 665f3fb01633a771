"""The docs say what is current: the version a command names is the package's, and the tables
documented are those of every registered game."""

import re
import tomllib
from pathlib import Path

from sim.core.registry import games

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_wheel_to_install_is_this_version():
    # a command to copy names the wheel `pip wheel` builds now, not an older one
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for found in re.findall(r"trixsim-(\d+\.\d+\.\d+)-py3-none-any\.whl", doc.read_text()):
            assert found == VERSION, f"{doc.name} names the wheel of {found}, not {VERSION}"


def test_tables_md_documents_every_games_tables():
    text = (ROOT / "docs" / "tables.md").read_text()
    intro = text[: text.index("## ")]
    for name, spec in games().items():
        if name != "trix":  # Trix's tables come first, under their own headings
            assert re.search(rf"^## games\.parquet and deals\.parquet \(.*`{name}`\)$", text,
                             re.M), name  # fmt: skip
        first = spec.title.split(":")[0].split()[-1]  # Trix, Euchre, Hundred, Terts
        assert first in intro, f"the opening paragraph does not name {spec.title!r}'s tables"
