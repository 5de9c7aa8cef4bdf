"""The director's window's controllers: one per area (players, tables, clock, money, history, printing).

Each is a plain object holding the widgets it drives and the window's :class:`~ui.runner.CommandRunner`;
the window connects signals to their methods (callables, never method names as strings).
"""
