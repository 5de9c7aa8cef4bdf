"""Balancing and breaking tables: the planner, single moves, breaks, redraws (BAL, BRK); the
halted tables (BAL-1) are app.buttons.halting's, since the blinds decide them."""
