"""Floorman's rules engine: pure Python, no Qt, no SQLAlchemy, no reportlab.

Every director action is a command (a JSON-like dict) checked against the tournament's rule
profile. A command either yields events, which are folded into the state, or is refused with a
:class:`~app.errors.RuleError` carrying a reason code and a message in plain words.
"""
