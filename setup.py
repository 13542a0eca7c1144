"""One build step pyproject.toml cannot say: the rules as implemented go into the wheel.

Each game's rules as rennbahn implements them are written once, in docs/rules/<game>.md
(where the project keeps its readings of the rulebooks, beside the other docs). The server's
"Rules details" page must work from a wheel too, so the build copies each document into its
game's package as ``rennbahn/games/<game>/rules.md``, where the registry entry's ``package``
finds it (``rennbahn.server.rulebook``; a source checkout reads docs/rules directly).
MANIFEST.in puts docs/rules into the sdist, so a wheel built from the sdist has them as
well. Everything else about the package is in pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

RULES = Path(__file__).resolve().parent / "docs" / "rules"
#: Where a game's package is in the built tree: rennbahn/games/<game>.
GAMES = Path("rennbahn") / "games"


class BuildWithRules(build_py):
    """build_py, then docs/rules/<game>.md copied to rennbahn/games/<game>/rules.md."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads docs/rules where it is
            return
        for source in sorted(RULES.glob("*.md")):
            package = Path(self.build_lib) / GAMES / source.stem
            if not package.is_dir():  # a document must belong to a game, or the build fails
                raise SystemExit(f"docs/rules/{source.name}: there is no package {package}")
            self.copy_file(str(source), str(package / "rules.md"))


setup(cmdclass={"build_py": BuildWithRules})
