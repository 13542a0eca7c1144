"""The rules lab's reports on the server, read-only: ``GET /lab`` lists them, ``GET
/lab/{study}/`` shows one (the page ``rennbahn lab`` wrote), ``GET /lab/{study}/{file}``
one of its figures.

Which files exist is read from the lab's store (``rennbahn-lab.sqlite3`` in the configured
folder, ``rennbahn serve --lab``), never from the request: a study id is looked up there,
and a file name from the network is only compared with the names the lab recorded for that
study; the file is opened by the recorded folder and name. Reports whose folder lies outside
the configured folder are not shown. Lists and files are bounded.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from rennbahn.lab.store import DEFAULT_STORE, LabStore, Report
from rennbahn.server.rulebook import PageMaker
from rennbahn.server.texts import language_of

#: Most reports the list shows; the largest file served, in bytes.
MAX_LISTED = 200
MAX_FILE = 8 * 1024 * 1024
#: A study id as the lab makes them (``game-1a2b3c4d``).
_STUDY = re.compile(r"[a-z0-9]{1,32}-[0-9a-f]{8}", re.ASCII)
TYPES = {".html": "text/html; charset=utf-8", ".png": "image/png"}
#: The report page's own inline style is allowed; nothing else but its images.
REPORT_POLICY = ("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
                 "base-uri 'none'; frame-ancestors 'none'")
WORDS = {
    "en": {"heading": "Rules lab reports", "none": "No report yet. Run a study with "
           "rennbahn lab in the server's folder and its report appears here.",
           "study": "Study", "written": "Written"},
    "de": {"heading": "Berichte aus dem Regel-Labor", "none": "Noch kein Bericht. Eine "
           "Studie mit rennbahn lab im Ordner des Servers erscheint hier.",
           "study": "Studie", "written": "Geschrieben"},
}

def _shown(folder: Path) -> list[Report]:
    """The reports under ``folder`` (its lab store's, newest first); none without a store."""
    path = folder / DEFAULT_STORE
    if not path.is_file():
        return []
    with LabStore(path, read_only=True) as store:
        reports = store.reports(MAX_LISTED)
    root = folder.resolve()
    return [r for r in reports if r.folder.resolve().is_relative_to(root)]


def _find(folder: Path, study: str) -> Report | None:
    if not _STUDY.fullmatch(study):
        return None
    return next((r for r in _shown(folder) if r.study == study), None)


def routes(folder: Path, page: PageMaker) -> list[Route]:
    """The lab's routes for reports under ``folder``; ``page`` renders a server template."""

    async def listing(request: Request) -> Response:
        words = WORDS[language_of(request)]
        rows: list[dict[str, Any]] = [
            {"study": r.study, "title": _title(r), "written": r.written}
            for r in _shown(folder)]
        return page(request, "lab.html", reports=rows, words=words)

    async def report_page(request: Request) -> Response:
        study = str(request.path_params["study"])[:64]
        if _find(folder, study) is None:
            return Response("no such report", 404, media_type="text/plain")
        return RedirectResponse(f"/lab/{study}/", 308)

    async def report_file(request: Request) -> Response:
        study = str(request.path_params["study"])[:64]
        wanted = str(request.path_params.get("name", "")) or "index.html"
        found = _find(folder, study)
        name = next((f for f in found.files if f == wanted), None) if found else None
        if found is None or name is None:
            return Response("no such report", 404, media_type="text/plain")
        path = found.folder / name
        if not path.is_file() or path.stat().st_size > MAX_FILE:
            return Response("no such report", 404, media_type="text/plain")
        headers = {"content-security-policy": REPORT_POLICY, "referrer-policy": "no-referrer",
                   "x-content-type-options": "nosniff"}
        body = path.read_bytes()
        if name.endswith(".html"):
            return HTMLResponse(body, headers=headers)
        return Response(body, media_type=TYPES.get(path.suffix, "application/octet-stream"),
                        headers=headers)

    return [
        Route("/lab", listing),
        Route("/lab/{study}", report_page),
        Route("/lab/{study}/", report_file),
        Route("/lab/{study}/{name}", report_file),
    ]


def _title(report: Report) -> str:
    """The report's heading, from the page the lab wrote (its ``<title>``)."""
    index = report.folder / "index.html"
    try:
        with index.open(encoding="utf-8") as file:
            head = file.read(4096)
    except OSError:
        return report.study
    found = re.search(r"<title>(.*?)</title>", head, re.S)
    return html.unescape(found.group(1).strip()) if found else report.study
