"""Reading the project's own source for the code-base checks (tests/test_codebase.py,
tests/test_private_access.py): its Python files, the places a check finds in them by
enclosing function, and what an allow-list does not cover."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]

K = TypeVar("K")
V = TypeVar("V")


def python_files(*folders: str) -> Iterator[Path]:
    """The Python files under ``folders`` (compiled Cartolan's generated ones left out)."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "_native" not in path.parts:
                yield path


def by_function(
    source: str, lines: Callable[[ast.AST], Iterable[int]]
) -> Iterator[tuple[str, int]]:
    """(enclosing function or ``<module>``, line) of every line ``lines`` finds in a node of
    ``source``."""

    def walk(node: ast.AST, function: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            for line in lines(child):
                yield function, line
            inner = (
                child.name
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                else function
            )
            yield from walk(child, inner)

    yield from walk(ast.parse(source), "<module>")


def in_tests(lines: Callable[[ast.AST], Iterable[int]]) -> dict[tuple[str, str], int]:
    """(file, function) -> first line, for every place ``lines`` finds under tests/."""
    found: dict[tuple[str, str], int] = {}
    for path in python_files("tests"):
        name = str(path.relative_to(ROOT))
        for function, line in by_function(path.read_text(), lines):
            found.setdefault((name, function), line)
    return found


def not_allowed(found: Mapping[K, V], allowed: Mapping[K, str]) -> tuple[dict[K, V], list[K]]:
    """What was found that ``allowed`` does not name, and the allowances nothing uses any
    more (sorted by key)."""
    refused = {key: value for key, value in found.items() if key not in allowed}
    stale = sorted(set(allowed) - set(found), key=str)
    return refused, stale
