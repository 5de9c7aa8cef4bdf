"""Chips in play: director-entered counts, the chip race, found chips (RACE)."""
