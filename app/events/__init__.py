"""The engine's events: one typed class per event, declared per rules area (:mod:`app.events.base` has the base class)."""
