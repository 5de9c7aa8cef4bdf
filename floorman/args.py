"""The subcommands' argument parser: a usage mistake is one sentence on stderr and exit code 2."""

from __future__ import annotations

import argparse
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (what was wrong, and where the help is), never the whole usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; {self.prog} --help shows the options.\n")
