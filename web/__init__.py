"""The players' view on their phones: a read-only web page served over the venue's network.

:mod:`web.snapshot` turns the engine's read view into the public JSON (only what the room display
shows); :mod:`web.server` serves it with Starlette under Uvicorn on a worker thread; :mod:`web.page`
is the one HTML page. Nothing here imports Qt or touches the engine from the server's thread: the
window (or ``floorman serve``) publishes immutable snapshots.
"""
