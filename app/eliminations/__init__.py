"""Bust-outs, finishing places, hand-for-hand, payouts and the deal calculator (ELIM, PAY)."""
