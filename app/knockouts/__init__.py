"""Knockouts and bounties (KO): who eliminated whom, and the bounty money kept apart from the prize pool."""
