"""Rendering a sheet without freezing the window.

The engine is read on the GUI thread (``sheets.source.collect`` copies what the sheet prints into
plain data); reportlab then draws the PDF on a worker thread from that copy, so the tournament is
never touched off the GUI thread. One worker at a time: reportlab's font registry is shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot
from PySide6.QtGui import QImage


@dataclass(frozen=True)
class SheetJob:
    """One sheet to print: its name in ``sheets.SHEETS``, the options, and the words on its button."""

    sheet: str
    title: str
    options: dict[str, Any] = field(default_factory=dict)
    why: str = ""  # e.g. "after the seat draw"; shown in the preview's heading


@dataclass
class SheetResult:
    job: SheetJob
    path: Path
    pages: int
    images: list[QImage]
    seconds: float
    unprintable: list[str] = field(default_factory=list)  # names printed without some letters (no font has them)


def job_for(sheet: str, **options: Any) -> SheetJob:
    from app.i18n import _
    from sheets import SHEETS

    return SheetJob(sheet, _(SHEETS[sheet]) if sheet in SHEETS else sheet, dict(options))


class _Relay(QObject):
    """Carries a worker's outcome back to the GUI thread (queued signals)."""

    done = Signal(object)
    failed = Signal(object, str)


class _Render(QRunnable):
    def __init__(self, job: SheetJob, collected: Any, file_name: str, folder: Path | None, preview: bool,
                 relay: _Relay) -> None:
        super().__init__()
        self.job, self.collected, self.file_name = job, collected, file_name
        self.folder, self.preview, self.relay = folder, preview, relay

    def run(self) -> None:
        import time

        from sheets import draw
        from sheets.output import OutputRefused
        from ui.printing import output

        start = time.perf_counter()
        try:
            drawn = draw(self.job.sheet, self.collected, self.job.options)
            pdf = drawn.pdf
            path = output.save_pdf(pdf, self.file_name, self.folder)
            images = output.page_images(path) if self.preview else []
        except OutputRefused as exc:
            self.relay.failed.emit(self.job, str(exc))
            return
        except Exception as exc:  # noqa: BLE001 - logged on the GUI thread, shown as one sentence
            from ui.errors import log_unexpected, short_message

            log_unexpected(exc, f"printing {self.job.sheet}")
            words = short_message(exc).replace("the tournament is unchanged", "nothing was printed")
            self.relay.failed.emit(self.job, words)
            return
        pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
        self.relay.done.emit(SheetResult(self.job, path, pages, images, time.perf_counter() - start,
                                         drawn.unprintable))


class SheetRenderer(QObject):
    """Renders sheets one after another on its own worker thread.

    Signals:
        started(object): a SheetJob began (the window shows it is busy).
        finished(object): a SheetResult: the PDF is saved, with the preview's page images.
        failed(object, str): the SheetJob and the reason in words (unprintable names, or an error).
    """

    started = Signal(object)
    finished = Signal(object)
    failed = Signal(object, str)

    def __init__(self, folder: Path | None = None, preview: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.preview = preview
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.relay = _Relay(self)
        self.relay.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        self.relay.failed.connect(self._failed, Qt.ConnectionType.QueuedConnection)
        self.busy = 0

    def render(self, job: SheetJob, tournament: Any) -> None:
        """Read the tournament now (GUI thread), draw the PDF on the worker."""
        from app.i18n import use_language
        from sheets import source
        from ui.language import chosen
        from ui.printing.output import file_name

        if not job.options.get("language"):  # the language chosen for the sheets
            job = replace(job, options={**job.options, "language": chosen("sheets")})
        try:
            with use_language(job.options["language"]):  # the words the collected sheet holds
                collected = source.collect(tournament, job.options)
        except Exception as exc:  # noqa: BLE001 - a bug in reading: logged, said in one sentence
            from ui.errors import log_unexpected, short_message

            log_unexpected(exc, f"collecting {job.sheet}")
            self.failed.emit(job, short_message(exc))
            return
        self.busy += 1
        self.started.emit(job)
        name = file_name(collected.tournament, job.sheet)
        self.pool.start(_Render(job, collected, name, self.folder, self.preview, self.relay))

    def wait(self, msecs: int = 60_000) -> bool:
        return bool(self.pool.waitForDone(msecs))

    @Slot(object)
    def _done(self, result: SheetResult) -> None:
        self.busy -= 1
        self.finished.emit(result)

    @Slot(object, str)
    def _failed(self, job: SheetJob, message: str) -> None:
        self.busy -= 1
        self.failed.emit(job, message)
