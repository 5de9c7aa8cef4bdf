"""The room screens' layout editor: a preset made the venue' own, with a live preview."""
