"""The button and the blinds at each table (BTN), and the short table that waits for a player before
its next hand because its blinds are affected (BAL-1)."""
