"""Files the app writes while it runs stay out of git: the demo's screenshots in ./floorman-screens/."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ui.launch import HEADLESS_SCREENS

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_the_demos_screenshots_are_ignored_by_git() -> None:
    shot = f"{HEADLESS_SCREENS}/director.png"
    done = subprocess.run(["git", "check-ignore", "-q", shot], cwd=ROOT, check=False)
    assert done.returncode == 0, f"{shot} is not ignored by .gitignore"
