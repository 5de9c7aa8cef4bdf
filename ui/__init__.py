"""The director's window and the room display (PySide6 only; no rule is decided here)."""
