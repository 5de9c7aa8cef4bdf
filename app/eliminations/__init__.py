"""Bust-outs, hand-for-hand, payouts (a satellite's seats among them) and the deal calculator (ELIM, PAY,
SAT); the finishing places they rank are :mod:`app.places`."""
