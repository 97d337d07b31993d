"""A tiny PDF writer for tests and examples: text pages and an outline (bookmarks),
with no dependency, so PDF readers can be tested on files the test makes itself."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class PdfText:
    """One line of text at ``(x, y)`` (PDF points, origin at the bottom left)."""

    x: float
    y: float
    text: str
    font_size: float = 12


@dataclass(frozen=True)
class PdfBookmark:
    """An outline entry pointing at ``page`` (from 1) with an XYZ destination at ``top``;
    ``top=None`` makes a bookmark without a destination."""

    title: str
    page: int | None
    top: float | None = None
    children: Sequence[PdfBookmark] = field(default_factory=tuple)


def _pdf_string(text: str) -> bytes:
    data = text.encode("cp1252", errors="replace")
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _pdf_number(value: float) -> bytes:
    """``value`` in PDF number syntax, which has no exponent form (``3e+09`` is invalid)."""
    return (f"{value:.4f}".rstrip("0").rstrip(".") or "0").encode("ascii")


def pdf_bytes(
    pages: Sequence[Sequence[PdfText | tuple[float, float, str]]],
    outline: Sequence[PdfBookmark] | None = None,
    width: float = 612,
    height: float = 792,
) -> bytes:
    """A PDF of ``pages`` (each a list of :class:`PdfText` or ``(x, y, text)``), in
    Helvetica, with an optional ``outline``; every page is ``width`` x ``height``
    points (any size, so tests can also write hostile files)."""
    objects: list[bytes] = []

    def reserve() -> int:
        objects.append(b"")
        return len(objects)

    catalog, pages_id, font = reserve(), reserve(), reserve()
    objects[font - 1] = (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    page_ids: list[int] = []
    for lines in pages:
        page_id, content_id = reserve(), reserve()
        page_ids.append(page_id)
        ops = []
        for line in lines:
            item = line if isinstance(line, PdfText) else PdfText(*line)
            ops.append(
                b"BT /F1 %g Tf %g %g Td %s Tj ET"
                % (item.font_size, item.x, item.y, _pdf_string(item.text))
            )
        stream = b"\n".join(ops)
        objects[content_id - 1] = b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream)
        objects[page_id - 1] = (
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] "
            b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
            % (pages_id, _pdf_number(width), _pdf_number(height), font, content_id)
        )
    kids = b" ".join(b"%d 0 R" % p for p in page_ids)
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids))
    outline_entry = b""
    if outline:
        outlines_id = reserve()

        def add_items(items: Sequence[PdfBookmark], parent: int) -> tuple[int, int, int]:
            ids = [reserve() for _ in items]
            count = len(items)
            for index, (item, item_id) in enumerate(zip(items, ids, strict=True)):
                parts = [b"/Title " + _pdf_string(item.title), b"/Parent %d 0 R" % parent]
                if index > 0:
                    parts.append(b"/Prev %d 0 R" % ids[index - 1])
                if index < len(ids) - 1:
                    parts.append(b"/Next %d 0 R" % ids[index + 1])
                if item.page is not None and item.top is not None:
                    parts.append(
                        b"/Dest [%d 0 R /XYZ 0 %g 0]" % (page_ids[item.page - 1], item.top)
                    )
                if item.children:
                    first, last, child_count = add_items(item.children, item_id)
                    parts.append(
                        b"/First %d 0 R /Last %d 0 R /Count %d" % (first, last, child_count)
                    )
                    count += child_count
                objects[item_id - 1] = b"<< " + b" ".join(parts) + b" >>"
            return ids[0], ids[-1], count

        first, last, total = add_items(outline, outlines_id)
        objects[outlines_id - 1] = b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>" % (
            first,
            last,
            total,
        )
        outline_entry = b" /Outlines %d 0 R /PageMode /UseOutlines" % outlines_id
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R%s >>" % (pages_id, outline_entry)

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        xref,
    )
    return bytes(out)


def write_pdf(
    path: str | os.PathLike[str],
    pages: Sequence[Sequence[PdfText | tuple[float, float, str]]],
    outline: Sequence[PdfBookmark] | None = None,
) -> Path:
    """Write :func:`pdf_bytes` to ``path`` and return it."""
    target = Path(path)
    target.write_bytes(pdf_bytes(pages, outline))
    return target
