"""Headless tools over the engine: the simulator, scenario files, the demo tournament."""
