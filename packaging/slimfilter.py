"""Drop the Qt parts Floorman never loads, so the venue bundle stays small.

Called from build.spec after Analysis. Paths are compared with '/' separators so the same filter
works on every OS. A symlink whose target is dropped is dropped too, or it would dangle.
"""

import re

DROP = re.compile(
    r"(PySide6/Qt/translations/(?!qtbase_(de|fr|es|pt_BR)\.qm$)"
    r"|PySide6/Qt/plugins/(wayland|egldeviceintegrations|tls|networkinformation|generic|platforminputcontexts"
    r"|platformthemes/libqgtk3|qmltooling|sceneparsers|renderers|geometryloaders)"
    r"|PySide6/Qt/plugins/platforms/lib(qeglfs|qlinuxfb|qminimalegl|qvnc|qvkkhrdisplay|qwayland|qminimal)"
    r"|PySide6/Qt/qml/"
    r"|PySide6/Qt/plugins/imageformats/libq(tiff|webp|icns|tga|wbmp|pdf|ico)"
    r"|PySide6/Qt/plugins/xcbglintegrations/|^libxcb-glx\."
    r"|pillow\.libs/lib(avif|webp|sharpyuv|lcms2|dav1d|aom|SvtAv1|freetype|harfbuzz|brotli)"
    r"|PIL/_imagingft\."
    r"|^lib(ssl|crypto)\.so"
    r"|libQt6(Wayland|Wl|EglFS|Network|OpenGL|Qml|Quick|Pdf|VirtualKeyboard|Designer|Sql|Test|Help)"
    r"|^lib(gtk-3|gdk-3|gdk_pixbuf|atk|atk-bridge|atspi|cairo|cairo-gobject|pango|pangocairo|pangoft2"
    r"|harfbuzz|fribidi|thai|datrie|graphite2|pixman|epoxy|jpeg)[-.]"
    # D-Bus and systemd's client library (with the crypto it links) are part of every desktop Linux, like
    # glibc and OpenGL, which PyInstaller already leaves to the system: Qt's copy of them came from the
    # build machine and cost about 3 MB of the budget.
    r"|^lib(dbus-1|systemd|gcrypt|gpg-error|lz4|cap)\.so)",
    re.IGNORECASE,
)


# Babel's locale data is about 30 MB; money is written in English locales for English readers
# (app/format.py) and in the shipped languages' own for the others, so only the root, English,
# English-regional and the shipped languages' files ship (global.dat, the currencies, stays). Qt's own
# words (its standard buttons) ship for the same languages.
# The English regions kept are those app/format.py writes a currency in (LOCALES) and their parents.
BABEL_DROP = re.compile(
    r"babel/locale-data/(?!(root|en|en_(001|150|US|CA|AU|NZ|GB|IE|CH|IN|ZA|SG|HK)|de|fr|es|pt|pt_BR)\.dat$"
    r"|LICENSE)[^/]+$"
)


def keep(entry: tuple) -> bool:
    dest, src = entry[0].replace("\\", "/"), str(entry[1]).replace("\\", "/")
    if BABEL_DROP.search(dest):
        return False
    return not (DROP.search(dest) or (entry[2] == "SYMLINK" and DROP.search(src)))


def slim(analysis) -> None:  # noqa: ANN001 - PyInstaller's Analysis object
    analysis.binaries = [b for b in analysis.binaries if keep(b)]
    analysis.datas = [d for d in analysis.datas if keep(d)]
