"""Which game is played: the catalogue, the hat, rotations, dealer's choice, stud order (MIX)."""
