"""Page contents shared by the PDF reader tests."""

from __future__ import annotations


def sample3_pages() -> list[list[tuple[float, float, str]]]:
    return [
        [(72, 720, "Chapter 1"), (72, 700, "The first chapter starts here.")],
        [(72, 720, "Chapter 2"), (72, 700, "The second chapter continues.")],
        [(72, 720, "Chapter 3"), (72, 700, "The third chapter ends it.")],
    ]
