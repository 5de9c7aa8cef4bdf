"""How far each package is from ``mypy --strict``: its error count, printed, never failing.

CI's mypy step holds every package to the settings in pyproject.toml; this prints, for the packages
not yet held to ``--strict``, how many errors ``--strict`` would give (run: python -m
tests.support.strict_types [PACKAGE ...]; default: every package but app).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("app", "db", "ui", "sheets", "web", "floorman", "oskit")
NOT_YET_STRICT = tuple(p for p in PACKAGES if p != "app")
_ERROR = re.compile(r"^(?P<path>[^:\s]+\.pyi?):\d+(?::\d+)?: error: ")


def count_errors(lines: Iterable[str]) -> Counter[str]:
    """Errors per top-level package in mypy's output lines (notes and other files left out)."""
    counts: Counter[str] = Counter()
    for line in lines:
        m = _ERROR.match(line)
        if m is None:
            continue
        package = Path(m["path"]).parts[0]
        if package in PACKAGES:
            counts[package] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    wanted = tuple(argv if argv else NOT_YET_STRICT)
    unknown = [p for p in wanted if p not in PACKAGES]
    if unknown:
        print(f"not a package of the project: {', '.join(unknown)} (one of {', '.join(PACKAGES)})", file=sys.stderr)
        return 2
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--no-pretty", *wanted],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        print(done.stdout + done.stderr, file=sys.stderr)
        print("mypy --strict did not run to the end", file=sys.stderr)
        return 0
    counts = count_errors(done.stdout.splitlines())
    print("mypy --strict errors per package (not yet required):")
    for package in wanted:
        print(f"  {package:<9}{counts.get(package, 0):>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
