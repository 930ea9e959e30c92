"""Reads translation catalogs and ``/rules`` texts from disk (cached; ``reload()`` clears)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: Every language the bot can speak, by Discord's locale codes (``discord.Locale`` values;
#: Discord's two English locales share ``en``). A locale may lack some or all catalog files:
#: each missing key falls back to English on its own (:func:`i18n.t`).
LOCALES: tuple[str, ...] = (
    "en",
    "ja",
    "de",
    "fr",
    "es-ES",
    "es-419",
    "pt-BR",
    "ru",
    "pl",
    "tr",
    "ko",
    "zh-CN",
    "zh-TW",
    "it",
)
DEFAULT_LOCALE = "en"
#: Catalog files whose area starts with this are notes about a locale, not texts
#: (``_meta.<locale>.json``: how the translation was made, where to send corrections).
META_PREFIX = "_"
CATALOG_DIR = Path(__file__).resolve().parent / "catalogs"
RULES_DIR = Path(__file__).resolve().parent / "rules"

#: Longest page body shown in one embed description (Discord allows 4096).
PAGE_LIMIT = 3800


#: Catalog folders added with :func:`add_catalog_dir`, after ``CATALOG_DIR``.
_added_dirs: list[Path] = []


def add_catalog_dir(directory: Path) -> None:
    """Merge the catalogs in ``directory`` (files ``<area>.<locale>.json``) into the tables
    too: a game that lives outside this package brings its own texts this way, and its
    ``/rules`` pages in a ``rules/`` folder inside it (``<game id>.<locale>.md``)."""
    if directory not in _added_dirs:
        _added_dirs.append(directory)
        reload()


def catalog_files(locale: str) -> list[Path]:
    """Every catalog file of ``locale``: ``CATALOG_DIR``'s first, then those of each added
    folder, each folder sorted by name so a merge is reproducible."""
    folders = (CATALOG_DIR, *_added_dirs)
    return [
        path
        for folder in folders
        for path in sorted(folder.glob(f"*.{locale}.json"))
        if not path.name.startswith(META_PREFIX)
    ]


def present_locales() -> tuple[str, ...]:
    """The locales of :data:`LOCALES` that have at least one catalog file (the tests that
    keep a translation whole apply to each of these)."""
    return tuple(loc for loc in LOCALES if catalog_files(loc))


def locale_meta(locale: str) -> dict[str, str]:
    """The notes of ``locale``'s translation (``_meta.<locale>.json``), empty when absent."""
    path = CATALOG_DIR / f"{META_PREFIX}meta.{locale}.json"
    return read_catalog(path) if path.exists() else {}


@cache
def catalog(locale: str) -> dict[str, str]:
    """All catalogs of ``locale`` merged into one key → text table.

    Two files defining one key with different texts is a mistake (``conflicts`` lists
    them and a test fails on it); at run time the first file in name order wins, so the bot
    still starts.
    """
    merged: dict[str, str] = {}
    for path in catalog_files(locale):
        for key, text in read_catalog(path).items():
            merged.setdefault(key, text)
    return merged


def read_catalog(path: Path) -> dict[str, str]:
    """One catalog file, checked to be a flat object of strings."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: a catalog is one flat JSON object")
    for key, text in data.items():
        if not isinstance(text, str):
            raise ValueError(f"{path.name}: {key!r} is not a string")
    return data


def conflicts(locale: str) -> list[str]:
    """Keys that two catalog files of ``locale`` define with different texts."""
    seen: dict[str, tuple[str, str]] = {}
    found: list[str] = []
    for path in catalog_files(locale):
        for key, text in read_catalog(path).items():
            if key in seen and seen[key][1] != text:
                found.append(f"{key}: {seen[key][0]} vs {path.name}")
            seen.setdefault(key, (path.name, text))
    return found


@dataclass(frozen=True, slots=True)
class RulesPage:
    """One page of ``/rules``: a heading and its text (Markdown, ≤ ``PAGE_LIMIT`` chars)."""

    title: str
    body: str


@cache
def rules_pages(game_id: str, locale: str) -> tuple[RulesPage, ...]:
    """The rules of ``game_id`` split into pages at ``## `` headings.

    Falls back to English when the locale's file is missing; an empty tuple when the game
    has no rules text at all. A section longer than one embed is cut at paragraph breaks.
    """
    for name in (f"{game_id}.{locale}.md", f"{game_id}.{DEFAULT_LOCALE}.md"):
        for folder in rules_dirs():
            path = folder / name
            if path.exists():
                return tuple(split_pages(path.read_text(encoding="utf-8")))
    return ()


def rules_dirs() -> list[Path]:
    """Where ``/rules`` texts live: ``RULES_DIR``, then the ``rules/`` folder inside each
    catalog folder added with :func:`add_catalog_dir` (a game outside this package brings
    its rules pages the way it brings its texts)."""
    return [RULES_DIR, *(folder / "rules" for folder in _added_dirs)]


def split_pages(markdown: str) -> list[RulesPage]:
    """Pages from a rules text: the part before the first ``## `` is titled by its ``# ``."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in markdown.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith("# ") and not sections[0][0] and len(sections) == 1:
            sections[0] = (line[2:].strip(), sections[0][1])
        else:
            sections[-1][1].append(line)
    pages: list[RulesPage] = []
    for index, (title, lines) in enumerate(sections):
        body = "\n".join(lines).strip()
        if not body and (not title or (index == 0 and len(sections) > 1)):
            continue  # nothing to read (a title alone before the first section: no empty page)
        for chunk in _chunks(body):
            pages.append(RulesPage(title=title, body=chunk))
    return pages


def _chunks(body: str) -> list[str]:
    """``body`` cut at blank lines into pieces of at most ``PAGE_LIMIT`` characters."""
    if len(body) <= PAGE_LIMIT:
        return [body]
    pieces: list[str] = []
    current = ""
    for paragraph in re.split(r"\n\s*\n", body):
        while len(paragraph) > PAGE_LIMIT:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(paragraph[:PAGE_LIMIT])
            paragraph = paragraph[PAGE_LIMIT:]
        candidate = f"{current}\n\n{paragraph}" if current else paragraph
        if len(candidate) > PAGE_LIMIT:
            pieces.append(current)
            current = paragraph
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces


def reload() -> None:
    """Forget cached catalogs and rules (tests and a future hot reload)."""
    catalog.cache_clear()
    rules_pages.cache_clear()
