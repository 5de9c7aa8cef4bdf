"""Seating: tables, the draw, seating one player, designated dealers, the winners' table (SEAT)."""
