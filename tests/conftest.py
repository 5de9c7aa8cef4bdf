"""Shared test set-up: Qt runs offscreen, and every test gets a fresh engine factory."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FLOORMAN_NO_SOUND", "1")
