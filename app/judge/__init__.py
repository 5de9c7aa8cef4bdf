"""The floor's judge: a showdown of any game of the catalogue settled, its pots shared out (docs/judge.md)."""

from app.judge.ruling import CODES, ODD_CHIP_RULES, judge, showdown_of

__all__ = ["CODES", "ODD_CHIP_RULES", "judge", "showdown_of"]
