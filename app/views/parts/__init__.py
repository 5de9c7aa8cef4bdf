"""The typed parts of the tournament's JSON view that the faces do not read (see :mod:`app.views.detail`)."""
