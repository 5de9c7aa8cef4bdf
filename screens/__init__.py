"""The room's screens: what every screen in the building shares, the Qt display (``ui/display``), the
browser display (``web/``) and ``floorman screens`` alike.

Pure Python (no Qt, no store, no printing, no web server); the engine is read through ``app.api`` only
(an import contract). The modules, lowest first:

- :mod:`screens.format`: figures as the room reads them (clock digits, short chips, money by the engine's
  one format module);
- :mod:`screens.frame` and :mod:`screens.facts`: the classic room display's words (``DisplayFrame``,
  ``RoomFacts``, ``build_frame``, ``bets_text``, ``game_text``, ``room_facts``);
- :mod:`screens.pieces`: the catalogue of pieces of information a region shows (``PIECES``,
  ``RoomInput``, ``PieceContent``, ``render_piece``);
- :mod:`screens.layout`: the layout file (``Layout``, ``Screen``, ``Region``, ``Theme``), loaded and
  validated (``LayoutError`` with a reason code), saved, exported and imported as one zip file, listed;
- :mod:`screens.rotation`: which screen shows at a time (``showing``), cycling and event screens, a pure
  function of the layout, the tournament's moments and the time;
- :mod:`screens.compose`: one picture of a screen, ready to draw (``compose``: the boxes, their words and
  resolved colours), what the Qt display and the browser display both draw.
"""
