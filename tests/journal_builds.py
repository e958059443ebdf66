"""The example games' journal maps and front pages, built once per test run and shared by the journal
test files (test_journal_render, test_journal_map, test_journal_map_features): the same map drawn for
two files is drawn once. The saves are read once too (tests/printed.py's `played`).

What is returned is frozen Scene data: a test reads it and never changes it.
"""
from __future__ import annotations

import functools

import printed as P

MAP_BOX = (40.0, 40.0, 520.0, 420.0)  # x, y, w, h: the map box the map tests draw the examples in


def example_map(name: str, ink: str = "color"):
    """(Group, MapContext) of filled_map for the example save `name` (its file stem) in MAP_BOX."""
    return _example_map(name, ink)  # one cache key however the ink is passed


@functools.cache
def _example_map(name: str, ink: str):
    from lostprint.books.journal_map import filled_map
    from lostprint.geometry.paper import Box
    from lostprint.palette import palette

    return filled_map(P.played(name), Box(*MAP_BOX), palette(ink))


def front_pages(name: str, paper: str, ink: str) -> tuple:
    """The journal's front pages (Scenes) for the example save `name`."""
    return _front_pages(name, paper, ink)


@functools.cache
def _front_pages(name: str, paper: str, ink: str) -> tuple:
    from lostprint.books.journal import front_pages as build

    return tuple(build(P.played(name), paper, ink))


def journal_pages(name: str, paper: str, ink: str) -> tuple:
    """The example save `name`'s whole journal as Scenes, one a page, laid out as in its PDF."""
    return _journal_pages(name, paper, ink)


@functools.cache
def _journal_pages(name: str, paper: str, ink: str) -> tuple:
    from lostprint.books.journal import journal_pages as build

    return tuple(build(P.played(name), paper, ink))
