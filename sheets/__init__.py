"""Printed sheets drawn with reportlab from the engine's state."""
