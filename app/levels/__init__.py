"""The levels: the structure (levels, breaks, forced bets) and the timeline that says where the clock is in it.

Every area reads these (the level in force, a break, late registration open); the clock area runs the clock.
"""
