"""Absent and leaving players, forfeits and no-shows (ABS, REG-5, ELIM-7)."""
