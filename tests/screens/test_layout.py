"""The layout file: loaded with every check (each refusal one sentence with its reason code), saved, and
exported and imported with its images as one zip file whose hostile members are refused."""

from __future__ import annotations

import copy
import json
import stat
import zipfile
from pathlib import Path
from typing import Any

import pytest

from screens import layout as lay
from screens.layout import (
    ASPECTS,
    CODES,
    EVENTS,
    FORMAT,
    MAX_DEPTH,
    VERSION,
    Layout,
    LayoutError,
    colours_for,
    dump_layout,
    export_layout,
    find_layout,
    image_kind,
    import_layout,
    list_layouts,
    load_layout,
    load_or_keep,
    parse_layout,
    read_archive,
    save_layout,
)

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 32


def good() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": "Friday night",
        "aspect": "16:9",
        "theme": {"background": "#101010", "logo": "logo.png", "game_colours": {"Razz": "#aa3333"},
                  "level_backgrounds": {"4": "#202040"}},
        "screens": [
            {"name": "Clock", "columns": 4, "rows": 3, "seconds": 30, "regions": [
                {"col": 0, "row": 0, "width": 4, "height": 2, "piece": "clock", "size": 0.3},
                {"col": 0, "row": 2, "width": 3, "piece": "blinds"},
                {"col": 3, "row": 2, "image": "logo.png"},
            ]},
            {"name": "Level up", "columns": 1, "rows": 1, "event": "level_up", "event_seconds": 15,
             "regions": [{"col": 0, "row": 0, "piece": "blinds", "size": 0.2}]},
        ],
    }


def data(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc).encode()


def refused(doc: dict[str, Any] | bytes, images: tuple[str, ...] = ("logo.png",)) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        parse_layout(doc if isinstance(doc, bytes) else data(doc), images)
    err = caught.value
    assert err.code in CODES
    assert "\n" not in err.message and err.message[0].isupper() and err.message.endswith(".")
    assert str(err) == err.message
    return err


def changed(**where: Any) -> dict[str, Any]:
    """The good layout with one change: ``screen0``, ``region0`` (of screen 0) or ``top`` keys."""
    doc = copy.deepcopy(good())
    doc.update(where.get("top", {}))
    doc["screens"][0].update(where.get("screen0", {}))
    doc["screens"][0]["regions"][0].update(where.get("region0", {}))
    return doc


def test_a_good_layout_loads_and_saves_the_same(tmp_path: Path) -> None:
    layout = parse_layout(data(good()), {"logo.png"})
    assert layout.name == "Friday night" and layout.aspect in ASPECTS
    assert [s.name for s in layout.cycle()] == ["Clock"] and layout.for_event("level_up") is not None
    assert layout.images == {"logo.png"}
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "logo.png").write_bytes(PNG)
    path = save_layout(layout, tmp_path)
    assert load_layout(path) == layout == load_layout(tmp_path)
    assert parse_layout(dump_layout(layout), {"logo.png"}) == layout


def test_wrong_types_are_refused_naming_the_place() -> None:
    err = refused(changed(screen0={"columns": "four"}))
    assert err.code == "WRONG_TYPE" and "screens[0].columns" in err.message
    assert refused(changed(region0={"size": "big"})).code == "WRONG_TYPE"
    assert refused(changed(region0={"align": "justify"})).code == "WRONG_TYPE"
    assert refused(changed(top={"aspect": "4:3"})).code == "WRONG_TYPE"
    assert refused(changed(screen0={"event": "lunch"})).code == "WRONG_TYPE"
    assert refused(changed(region0={"size": 3.0})).code == "WRONG_TYPE"
    assert refused(changed(screen0={"columns": 0})).code == "WRONG_TYPE"
    doc = good()
    del doc["screens"][0]["rows"]
    assert refused(doc).code == "WRONG_TYPE"


def test_an_unknown_field_is_refused() -> None:
    err = refused(changed(region0={"script": "rm -rf /"}))
    assert err.code == "UNKNOWN_FIELD" and "'script'" in err.message


def test_an_unknown_piece_is_refused() -> None:
    err = refused(changed(region0={"piece": "weather"}))
    assert err.code == "UNKNOWN_PIECE" and "'weather'" in err.message


def test_a_missing_image_is_refused() -> None:
    assert refused(good(), images=()).code == "MISSING_IMAGE"
    assert refused(changed(top={"theme": {"banners": [{"image": "acme.png"}]}})).code == "MISSING_IMAGE"
    assert refused(changed(region0={"piece": "", "image": "../etc/passwd.png"})).code == "BAD_NAME"


def test_a_hundred_megabyte_file_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    path = tmp_path / "layout.json"
    with path.open("wb") as f:
        f.truncate(100 * 1024 * 1024)

    def no_reading(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("read")

    monkeypatch.setattr(Path, "open", no_reading)
    with pytest.raises(LayoutError) as caught:
        load_layout(path)
    assert caught.value.code == "TOO_BIG"
    assert refused(b" " * (lay.MAX_BYTES + 1)).code == "TOO_BIG"


def test_deep_nesting_is_refused_before_it_is_parsed() -> None:
    deep = b'{"format": "floorman-layout", "version": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    assert refused(deep).code == "TOO_DEEP"
    just = b'{"format": "floorman-layout", "x": ' + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1) + b"}"
    assert refused(just).code == "TOO_DEEP"
    assert refused(b'"' + b'\\"' * 300_000).code == "NOT_JSON"  # escaped quotes, read in one pass
    in_a_string = changed(top={"description": "[\\\"" * 100})  # brackets in words are no nesting
    assert parse_layout(data(in_a_string), {"logo.png"}).description == "[\\\"" * 100


def test_a_region_off_the_grid_or_over_another_is_refused() -> None:
    err = refused(changed(region0={"col": 2}))
    assert err.code == "OFF_GRID" and "4 x 3" in err.message
    assert refused(changed(region0={"row": -1})).code == "OFF_GRID"
    assert refused(changed(region0={"height": 0})).code == "OFF_GRID"
    err = refused(changed(region0={"height": 3}))
    assert err.code == "OVERLAP" and err.message.startswith("Region 2 ") and "region 1" in err.message


def test_an_unknown_version_or_not_a_layout_is_refused() -> None:
    err = refused(changed(top={"version": VERSION + 1}))
    assert err.code == "UNKNOWN_VERSION" and "newer" in err.message
    assert refused(changed(top={"version": "1"})).code == "UNKNOWN_VERSION"
    assert refused(changed(top={"version": 0})).code == "UNKNOWN_VERSION"
    assert refused(changed(top={"format": "something-else"})).code == "NOT_A_LAYOUT"
    assert refused(b"[1, 2]").code == "NOT_A_LAYOUT"
    assert refused(b"{not json").code == "NOT_JSON"


def test_colours_regions_screens_and_events_are_checked() -> None:
    assert refused(changed(region0={"colour": "red"})).code == "BAD_COLOUR"
    assert refused(changed(top={"theme": {"game_colours": {"Razz": "#12"}}})).code == "BAD_COLOUR"
    assert refused(changed(region0={"piece": ""})).code == "EMPTY_REGION"
    assert refused(changed(region0={"image": "logo.png"})).code == "EMPTY_REGION"
    doc = good()
    doc["screens"][1]["name"] = "Clock"
    assert refused(doc).code == "DUPLICATE_SCREEN"
    doc = good()
    doc["screens"][1]["event_seconds"] = 0  # a level up that never ends
    assert refused(doc).code == "EVENT_SECONDS"
    doc = good()
    doc["screens"][0]["seconds"] = 0
    assert refused(doc).code == "NO_SCREENS"
    doc = good()
    doc["screens"].append({**doc["screens"][1], "name": "Level up again"})
    assert refused(doc).code == "DUPLICATE_SCREEN"
    doc = good()
    doc["screens"][0]["regions"] = [{"col": i % 40, "row": i // 40, "piece": "clock"} for i in range(81)]
    doc["screens"][0].update(columns=40, rows=3)
    assert refused(doc).code == "TOO_MANY"


def test_a_refused_file_keeps_the_last_good_layout(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "logo.png").write_bytes(PNG)
    path = tmp_path / "layout.json"
    path.write_bytes(data(good()))
    first, error = load_or_keep(path, None)
    assert first is not None and error is None
    path.write_bytes(data(changed(region0={"piece": "weather"})))
    kept, error = load_or_keep(path, first)
    assert kept is first and error is not None and error.code == "UNKNOWN_PIECE"
    (tmp_path / "images" / "logo.png").write_bytes(b"<svg onload='x'>")  # named .png, is not one
    kept, error = load_or_keep(path.with_name("nothing.json"), first)
    assert kept is first and error is not None and error.code == "UNREADABLE"
    path.write_bytes(data(good()))
    with pytest.raises(LayoutError) as caught:
        load_layout(path)
    assert caught.value.code == "BAD_IMAGE"


def test_image_kinds_come_from_the_bytes() -> None:
    assert image_kind(PNG) == "png" and image_kind(JPEG) == "jpeg"
    assert image_kind(b"GIF89a....") == "gif" and image_kind(b"RIFF\x00\x00\x00\x00WEBPVP8 ") == "webp"
    assert image_kind(b"<svg/>") is None and image_kind(b"MZ\x90\x00") is None


def test_level_and_game_colours() -> None:
    layout = parse_layout(data(good()), {"logo.png"})
    assert colours_for(layout.theme, 4) == ("#202040", layout.theme.accent)
    assert colours_for(layout.theme, 5, "Razz") == ("#101010", "#aa3333")
    assert set(EVENTS) >= {"level_up", "break", "final_table", "hand_for_hand", "bubble", "announcement"}


# -- one file -------------------------------------------------------------------------------------


def exported(tmp_path: Path) -> tuple[Layout, Path]:
    images = tmp_path / "images"
    images.mkdir()
    (images / "logo.png").write_bytes(PNG)
    (images / "unused.png").write_bytes(PNG)
    layout = parse_layout(data(good()), {"logo.png"})
    return layout, export_layout(layout, images, tmp_path / "friday.zip")


def test_a_layout_and_its_images_export_and_import_as_one_file(tmp_path: Path) -> None:
    layout, archive = exported(tmp_path)
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == ["images/logo.png", "layout.json"]  # only what it uses
    venue = tmp_path / "venue"
    back, folder = import_layout(archive, venue)
    assert back == layout and folder == venue / "friday-night"
    assert (folder / "images" / "logo.png").read_bytes() == PNG
    assert load_layout(folder) == layout
    assert [(e.id, e.name, e.source) for e in list_layouts(venue) if e.source == "venue"] == [
        ("friday-night", "Friday night", "venue")]
    assert find_layout("friday-night", venue) == layout
    with pytest.raises(LayoutError) as caught:
        import_layout(archive, venue)
    assert caught.value.code == "EXISTS"
    assert import_layout(archive, venue, replace=True)[1] == folder


def hostile(tmp_path: Path, members: list[tuple[str | zipfile.ZipInfo, bytes]]) -> Path:
    path = tmp_path / "hostile.zip"
    with zipfile.ZipFile(path, "w") as z:
        for name, body in members:
            z.writestr(name, body)
    return path


def refused_archive(tmp_path: Path, archive: Path) -> LayoutError:
    venue = tmp_path / "venue"
    with pytest.raises(LayoutError) as caught:
        import_layout(archive, venue)
    assert not venue.exists() or list(venue.iterdir()) == []  # nothing written
    assert "\n" not in caught.value.message
    return caught.value


@pytest.mark.parametrize("name", ["../evil.png", "images/../../evil.png", "/etc/cron.d/evil", "C:/evil.png",
                                  "images\\..\\evil.png", "images/sub/deep.png", "run.sh", "images/x.exe"])
def test_members_named_outside_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    archive = hostile(tmp_path, [("layout.json", data(good())), ("images/logo.png", PNG), (name, PNG)])
    assert refused_archive(tmp_path, archive).code == "UNSAFE_MEMBER"


def test_a_symlink_member_is_refused(tmp_path: Path) -> None:
    link = zipfile.ZipInfo("images/logo.png")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    archive = hostile(tmp_path, [("layout.json", data(good())), (link, b"/etc/passwd")])
    assert refused_archive(tmp_path, archive).code == "UNSAFE_MEMBER"


def test_too_many_or_too_big_members_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    many = [("layout.json", data(good())), ("images/logo.png", PNG)]
    many += [(f"images/i{n}.png", PNG) for n in range(lay.MAX_ARCHIVE_MEMBERS)]
    assert refused_archive(tmp_path, hostile(tmp_path, many)).code == "TOO_MANY"
    monkeypatch.setattr(lay, "MAX_IMAGE_BYTES", 1000)
    big = hostile(tmp_path, [("layout.json", data(good())), ("images/logo.png", PNG + b"\x00" * 2000)])
    assert refused_archive(tmp_path, big).code == "TOO_BIG"
    monkeypatch.setattr(lay, "MAX_ARCHIVE_BYTES", 1500)
    total = hostile(tmp_path, [("layout.json", data(good())), ("images/logo.png", PNG + b"\x00" * 900)])
    assert refused_archive(tmp_path, total).code == "TOO_BIG"


def test_a_member_that_is_not_really_an_image_is_refused(tmp_path: Path) -> None:
    archive = hostile(tmp_path, [("layout.json", data(good())), ("images/logo.png", b"#!/bin/sh\nrm -rf ~\n")])
    err = refused_archive(tmp_path, archive)
    assert err.code == "BAD_IMAGE" and "logo.png" in err.message


def test_an_archive_that_is_no_zip_or_has_no_layout_or_a_bad_one_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"PK\x03\x04 not really")
    assert refused_archive(tmp_path, junk).code == "BAD_ARCHIVE"
    assert refused_archive(tmp_path, hostile(tmp_path, [("images/logo.png", PNG)])).code == "BAD_ARCHIVE"
    bad = hostile(tmp_path, [("layout.json", data(changed(region0={"piece": "weather"}))), ("images/logo.png", PNG)])
    assert refused_archive(tmp_path, bad).code == "UNKNOWN_PIECE"
    missing = hostile(tmp_path, [("layout.json", data(good()))])
    assert refused_archive(tmp_path, missing).code == "MISSING_IMAGE"


def test_reading_an_archive_writes_nothing(tmp_path: Path) -> None:
    layout, archive = exported(tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    back, images = read_archive(archive)
    assert back == layout and images == {"logo.png": PNG}
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_bad_venue_layout_is_listed_with_its_refusal(tmp_path: Path) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "layout.json").write_bytes(data(changed(top={"version": 99})))
    entry = next(e for e in list_layouts(tmp_path) if e.source == "venue")
    assert entry.name == "broken" and entry.code == "UNKNOWN_VERSION" and entry.layout is None
    assert entry.to_dict()["error"] == entry.error and entry.aspect == ""
    with pytest.raises(LayoutError) as caught:
        find_layout("broken", tmp_path)
    assert caught.value.code == "UNKNOWN_VERSION"
    with pytest.raises(LayoutError) as caught:
        find_layout("nowhere", tmp_path)
    assert caught.value.code == "UNKNOWN_LAYOUT" and "classic-16x9" in caught.value.message
