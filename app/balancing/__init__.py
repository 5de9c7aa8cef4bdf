"""Balancing and breaking tables: the planner, single moves, breaks, redraws, halted tables (BAL, BRK)."""
