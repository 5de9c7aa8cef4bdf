"""Printed sheets from the director's window: the chooser, the offers, rendering off the GUI thread,
the preview and the hand-over to the system's PDF viewer or printer."""
