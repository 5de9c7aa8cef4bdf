"""The engine's kernel: commands in, events out, the state they fold into, time and randomness."""
