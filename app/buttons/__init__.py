"""The button and the blinds at each table (BTN)."""
