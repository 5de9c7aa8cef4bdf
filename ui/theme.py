"""Light and dark looks: calm colours, dense rows, legible type. One stylesheet, two palettes."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

LIGHT = {
    "window": "#f5f6f8", "base": "#ffffff", "alt": "#f0f2f5", "text": "#1f2933", "dim": "#6b7280",
    "mid": "#c9ced6", "highlight": "#2563eb", "strip": "#e9edf3", "refused": "#b42318", "done": "#067647",
}
DARK = {
    "window": "#1d2127", "base": "#252a31", "alt": "#2b3038", "text": "#e6e8eb", "dim": "#9aa3ad",
    "mid": "#3d444d", "highlight": "#3b82f6", "strip": "#15181d", "refused": "#f97066", "done": "#47cd89",
}


def palette(colors: dict[str, str]) -> QPalette:
    pal = QPalette()
    R = QPalette.ColorRole
    pairs = {
        R.Window: "window", R.Base: "base", R.AlternateBase: "alt", R.WindowText: "text", R.Text: "text",
        R.ButtonText: "text", R.Button: "alt", R.Mid: "mid", R.Highlight: "highlight", R.ToolTipBase: "base",
        R.ToolTipText: "text", R.PlaceholderText: "dim",
    }
    for role, key in pairs.items():
        pal.setColor(role, QColor(colors[key]))
    pal.setColor(R.HighlightedText, QColor("#ffffff"))
    return pal


def stylesheet(c: dict[str, str]) -> str:
    return f"""
    QLabel#dim {{ color: {c['dim']}; font-size: 8pt; }}
    QLabel#stripValue {{ font-weight: 600; }}
    QFrame#strip {{ background: {c['strip']}; border-bottom: 1px solid {c['mid']}; }}
    QFrame#actionBar {{ background: {c['alt']}; border: 1px solid {c['highlight']}; border-radius: 4px; }}
    QLabel#actionTitle {{ font-weight: 600; }}
    QLabel#feedback[kind="refused"] {{ color: {c['refused']}; font-weight: 600; }}
    QLabel#feedback[kind="done"] {{ color: {c['done']}; }}
    QLabel#feedback[kind="outdated"] {{ color: {c['dim']}; }}
    QLabel#welcomeTitle {{ font-size: 20pt; font-weight: 600; }}
    QTableView {{ gridline-color: {c['mid']}; }}
    QHeaderView::section {{ padding: 2px 4px; border: none; border-bottom: 1px solid {c['mid']};
        background: {c['alt']}; color: {c['dim']}; }}
    QTabBar::tab {{ padding: 5px 14px; }}
    """


def apply(app: QApplication, dark: bool) -> None:
    colors = DARK if dark else LIGHT
    app.setStyle("Fusion")
    app.setPalette(palette(colors))
    app.setStyleSheet(stylesheet(colors))


def system_prefers_dark(app: QApplication) -> bool:
    from PySide6.QtCore import Qt

    try:
        return app.styleHints().colorScheme() == Qt.ColorScheme.Dark
    except AttributeError:
        return False
