"""The tournament clock and the structure it runs (CLK), and whether a hand started before a level change."""
