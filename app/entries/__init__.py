"""Registration, buy-ins, rebuys, add-ons, the waiting list and the money ledger (ENT, REG)."""
