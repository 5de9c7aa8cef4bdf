"""Real outside parts for tests: a CUPS print queue that writes PDFs, two monitors on an X server."""
