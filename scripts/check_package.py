"""Build the sdist and wheel into a temporary folder and check them as a package index would.

    python scripts/check_package.py            # python -m build, then twine check --strict

Needs the packages ``build`` and ``twine`` in the running interpreter. Besides twine's check
of the metadata (the README renders on an index page), it checks that both archives carry
the LICENSE and that the wheel's version is the one pyproject.toml declares. Exits non-zero
on any failure, so ``.ci/run`` can call it.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> None:
    print("+", " ".join(args), flush=True)
    subprocess.run(args, check=True, cwd=ROOT)


def check_contents(out: Path, version: str) -> list[str]:
    """What is missing from the built archives (empty when all is well)."""
    problems: list[str] = []
    wheels = sorted(out.glob("*.whl"))
    sdists = sorted(out.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"expected one wheel and one sdist, got {[p.name for p in out.iterdir()]}"]
    if f"-{version}-" not in wheels[0].name:
        problems.append(f"wheel {wheels[0].name} is not version {version}")
    with zipfile.ZipFile(wheels[0]) as wheel:
        if not any(name.endswith("licenses/LICENSE") for name in wheel.namelist()):
            problems.append(f"{wheels[0].name} has no LICENSE")
    with tarfile.open(sdists[0]) as sdist:
        if not any(name.endswith("/LICENSE") for name in sdist.getnames()):
            problems.append(f"{sdists[0].name} has no LICENSE")
    return problems


def main() -> int:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    with tempfile.TemporaryDirectory(prefix="rennbahn-dist-") as tmp:
        out = Path(tmp)
        try:
            run(sys.executable, "-m", "build", "--outdir", str(out), str(ROOT))
            run(sys.executable, "-m", "twine", "check", "--strict",
                *sorted(str(p) for p in out.iterdir()))
        except subprocess.CalledProcessError as exc:
            print(f"check_package: {exc}", file=sys.stderr)
            return 1
        problems = check_contents(out, str(version))
    for problem in problems:
        print(f"check_package: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_package: rennbahn {version} builds and passes twine check")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
