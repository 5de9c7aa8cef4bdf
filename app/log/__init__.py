"""The event log over time: undo and redo, their labels, snapshots, a log read lazily from disk."""
