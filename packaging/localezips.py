"""The shipped catalogues go into the venue bundle as one zip per language.

The ``.po`` files are text that compresses about four times, and the bundle has a size budget; a source
checkout (and a venue's own languages folder) reads the ``.po`` files themselves. ``app/i18n/catalogues.py``
reads either.
"""

import os
import tempfile
import zipfile


def locale_zips(root: str, out: str = "") -> list:
    """One ``resources/locales/<code>.zip`` data entry per language folder, written to ``out`` (a new temporary
    folder unless given)."""
    source = os.path.join(root, "resources", "locales")
    out = out or tempfile.mkdtemp(prefix="floorman-locales-")
    entries = []
    for code in sorted(os.listdir(source)):
        folder = os.path.join(source, code)
        if not os.path.isdir(folder):
            continue
        target = os.path.join(out, f"{code}.zip")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
            for name in sorted(os.listdir(folder)):
                if name.endswith(".po"):
                    packed.write(os.path.join(folder, name), name)
        entries.append((f"resources/locales/{code}.zip", target, "DATA"))
    return entries


def without_po(datas: list) -> list:
    """The data entries less the catalogues' own files (the zips stand for them)."""
    return [d for d in datas if not d[0].replace("\\", "/").startswith("resources/locales/")]
