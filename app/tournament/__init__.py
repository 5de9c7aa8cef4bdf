"""The tournament itself: its creation, its settings and the notes of its log."""
