"""Tests observe the product through public names: a private name (``_x``, not a dunder)
that product code defines may be reached from tests/ only where ``ALLOWED`` says why. A test
that needs to see inside gets a small, documented public seam instead (for example
``store.connection()``, ``store.groups``, ``GAME.apply_in_place``).

What counts as a reach: ``something._name`` (not ``self._name`` or ``cls._name``, a test
class's own state), ``from product_module import _name``, and ``getattr`` / ``setattr`` /
``hasattr`` / ``delattr`` / ``monkeypatch.setattr`` with the name as a string, where
``_name`` is defined somewhere in product code (a def, a class, an assignment, an attribute
set, an import alias). A name that only a library defines (discord.py's, asyncpg's) is not
the product's and is not counted; one the product defines too is, whatever the object."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from tests.source_scan import ROOT, not_allowed, python_files

PRODUCT = (
    "gamecore",
    "renderer",
    "storage",
    "service",
    "cogs",
    "i18n",
    "telemetry",
    "bench",
    "tools",
)
ATTRIBUTE_CALLS = {"getattr", "setattr", "hasattr", "delattr"}

#: (test file, private name) -> why the test may reach it. Keep it short and true: an entry
#: no longer used fails the test too.
ALLOWED: dict[tuple[str, str], str] = {
    ("tests/gamecore/cartolan/test_ai_reference.py", "_EXPLORE_SIDES"): (
        "a mutation test: it corrupts the heuristic's private fast tables (_SIDES too) to "
        "show the lockstep comparison with the reference AI notices"
    ),
    ("tests/hardening/test_bot_public_replies.py", "_remember"): (
        "puts a match whose hidden cards are shuffled differently into the service's memory:"
        " a state no sequence of plays reaches, to show the public board does not change"
    ),
    ("tests/renderer/test_cartolan_phone.py", "_draw_info"): (
        "draws the info strip alone: on the whole board a game's end also changes the move "
        "meter and piles, so the winner banner's texts cannot be told apart there"
    ),
    ("tests/storage/test_notify_memo.py", "_listener"): (
        "loses the listening connection at a known moment; a server-side kill is noticed only "
        "when asyncpg next reads the socket, which would make the test race"
    ),
    ("tests/storage/test_store.py", "_add_stats"): (
        "fault injection: the second statement of a multi-statement save fails, to see the "
        "first undone alone (no public input makes a stats insert fail)"
    ),
    ("tests/storage/test_store.py", "_checkpoint_in_thread"): (
        "fault injection: the background WAL checkpoint fails (as when another process holds "
        "the lock), to see it logged and writes going on"
    ),
}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def product_files() -> Iterator[Path]:
    yield ROOT / "bot.py"
    yield from python_files(*PRODUCT)


def defined_names(tree: ast.AST) -> set[str]:
    """Every private name a module defines: defs, classes, assignments, attributes it sets,
    import aliases."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[0])
    return {name for name in names if private(name)}


def product_private_names() -> set[str]:
    names: set[str] = set()
    for path in product_files():
        names |= defined_names(ast.parse(path.read_text()))
    return names


def private_reaches(tree: ast.AST, ours: set[str]) -> Iterator[tuple[int, str]]:
    """(line, name) for each reach of a private product name in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ours:
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                yield node.lineno, node.attr
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in (*PRODUCT, "bot"):
                for alias in node.names:
                    if private(alias.name):
                        yield node.lineno, alias.name
        elif isinstance(node, ast.Call) and len(node.args) >= 2:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            named = node.args[1]
            if (
                called in ATTRIBUTE_CALLS
                and isinstance(named, ast.Constant)
                and isinstance(named.value, str)
                and named.value in ours
            ):
                yield node.lineno, named.value


def reaches_in_tests() -> Counter[tuple[str, str]]:
    ours = product_private_names()
    found: Counter[tuple[str, str]] = Counter()
    for path in python_files("tests"):
        where = str(path.relative_to(ROOT))
        for _, name in private_reaches(ast.parse(path.read_text()), ours):
            found[where, name] += 1
    return found


def test_tests_reach_no_private_name_of_the_product() -> None:
    refused, stale = not_allowed(reaches_in_tests(), ALLOWED)
    assert refused == {}  # (file, name): reaches
    assert stale == []  # an allowance nothing uses any more


def test_the_private_access_check_can_fail() -> None:
    source = (
        "from storage.sqlite import _commit_group\n"
        "store._fetch('x')\n"
        "self._fetch\n"
        "monkeypatch.setattr(store, '_flush', None)\n"
        "getattr(store, '_db', None)\n"
        "store.__class__\n"
        "env._library_only\n"
    )
    found = sorted(private_reaches(ast.parse(source), {"_fetch", "_flush", "_db"}))
    assert found == [(1, "_commit_group"), (2, "_fetch"), (4, "_flush"), (5, "_db")]
