"""The engine's events: one typed class per event, declared per rules area (the base class: app.events.base)."""
