"""The read side: what every screen and sheet reads from the engine."""
