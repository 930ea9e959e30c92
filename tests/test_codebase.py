"""Cheap checks that keep the code base tidy (the spellbot habit): layers import only
downwards, an import inside a function says why, every translation key is used."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator

import pytest

from tests.deadlines import HANG_GUARD
from tests.source_scan import ROOT, by_function, in_tests, not_allowed, python_files

PACKAGES = ("gamecore", "renderer", "storage", "service", "i18n", "telemetry")
#: Checked for inline imports: every folder of code, the Discord layer and the bot included.
CHECKED = (*PACKAGES, "cogs", "tools", "bench", "tests")

#: What each layer must never import (directly, anywhere in the module).
FORBIDDEN: dict[str, set[str]] = {
    "gamecore": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "PIL",
        "renderer",
        "storage",
        "service",
        "cogs",
        "bot",
    },
    "renderer": {"discord", "aiosqlite", "asyncpg", "storage", "service", "cogs", "bot"},
    "storage": {"discord", "renderer", "service", "cogs", "bot"},
    "service": {"discord", "renderer", "cogs", "bot"},
    # i18n.translator adapts the catalogs to discord.py's command translator
    "i18n": {"aiosqlite", "asyncpg", "PIL", "renderer", "storage", "service", "cogs", "bot"},
    # metrics and log context: low enough that storage, the service and the cogs record into it
    "telemetry": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "PIL",
        "gamecore",
        "renderer",
        "storage",
        "service",
        "cogs",
        "bot",
    },
}


def imported_roots(tree: ast.AST) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_import_only_downwards(layer: str) -> None:
    wrong = {
        str(path.relative_to(ROOT)): sorted(
            imported_roots(ast.parse(path.read_text())) & FORBIDDEN[layer]
        )
        for path in python_files(layer)
    }
    assert {name: roots for name, roots in wrong.items() if roots} == {}


def inline_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    yield node


REASON = re.compile(r"#\s*(?!noqa\b)\S|noqa: [A-Z0-9, ]+[-—:]?\s+\w")


def unexplained_inline_imports(source: str, name: str) -> list[str]:
    """Imports inside functions whose line (or the line above) has no comment saying why
    (a bare ``# noqa`` is not a reason)."""
    lines = source.splitlines()
    found = []
    for node in inline_imports(ast.parse(source)):
        here = lines[node.lineno - 1]
        above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
        comment = here[here.index("#") :] if "#" in here else ""
        if not REASON.search(comment) and not (above.startswith("#") and REASON.search(above)):
            found.append(f"{name}:{node.lineno}: {here.strip()}")
    return found


def test_every_import_inside_a_function_says_why() -> None:
    found: list[str] = []
    for path in [*python_files(*CHECKED), ROOT / "bot.py"]:
        found += unexplained_inline_imports(path.read_text(), str(path.relative_to(ROOT)))
    assert found == []


def test_the_inline_import_check_can_fail() -> None:
    source = (
        "def f():\n    import json\n"
        "def g():\n    import csv  # noqa: PLC0415\n"
        "def h():\n    # matplotlib is slow to import: only when a chart is drawn\n    import math\n"
        "def k():\n    import re  # noqa: PLC0415 - compiled patterns are built lazily\n"
    )
    assert [line.split(": ", 1)[1] for line in unexplained_inline_imports(source, "x")] == [
        "import json",
        "import csv  # noqa: PLC0415",
    ]


def string_uses() -> tuple[set[str], set[str]]:
    """Every string constant in the code, and the constant beginnings of built strings
    (f-strings and ``"prefix" + name``), which stand for families of keys."""
    constants: set[str] = set()
    prefixes: set[str] = set()
    for path in python_files("gamecore", "renderer", "storage", "service", "i18n", "cogs"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    prefixes.add(first.value)
            elif (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Add)
                and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str)
            ):
                prefixes.add(node.left.value)
    for path in python_files("bot.py") if (ROOT / "bot.py").is_dir() else [ROOT / "bot.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
    return constants, {p for p in prefixes if "." in p}


def test_every_translation_key_is_used() -> None:
    """A key is used when the code names it, or builds it from a prefix the code writes
    (``f"event.{game}.{kind}"`` covers every ``event.`` key)."""
    constants, prefixes = string_uses()
    unused = []
    for path in sorted((ROOT / "i18n" / "catalogs").glob("*.en.json")):
        if path.name.startswith("_"):  # a catalog's meta marker (how it was made), not texts
            continue
        for key in json.loads(path.read_text(encoding="utf-8")):
            if key not in constants and not any(key.startswith(p) for p in prefixes):
                unused.append(f"{path.name}: {key}")
    assert unused == []


# -- no clock in a test's verdict -----------------------------------------------------------

#: Module ``time``'s clocks; an event loop's ``time()`` counts too.
CLOCKS = frozenset(
    f"{name}{suffix}"
    for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time")
    for suffix in ("", "_ns")
)

#: The places under tests/ that may read a clock, none of them for a verdict: (file, function)
#: with the reason. A test proves "at once" or "bounded" by counting, and a hang guard is a
#: generous deadline that only stops a test that would otherwise never end.
CLOCK_ALLOWED: dict[tuple[str, str], str] = {
    ("tests/browser/chromium.py", "wait_for"): "a hang guard: a page that never gets there",
    ("tests/distributed/test_processes.py", "read_until"): "a hang guard: a silent driver",
    ("tests/distributed/driver.py", "main"): "the driver's service runs on the wall clock",
    ("tests/distributed/test_rolling_restart.py", "idle_matches"): (
        "the clusters' sped-up wall clock, for the matches it opens: no verdict reads it"
    ),
    (
        "tests/distributed/test_rolling_restart.py",
        "test_a_rolling_restart_under_load_loses_no_move_and_fires_no_clock_twice",
    ): ("that clock's epoch, handed to the clusters: no verdict reads it"),
    ("tests/hardening/crash_harness.py", "crash_campaign"): "a figure the bench prints",
}


def _is_loop(node: ast.expr) -> bool:
    """``loop``, ``self.loop``, ``asyncio.get_running_loop()`` and the like."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name.endswith("loop")


def _names_a_clock(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "time":
            return node.attr in CLOCKS
        return node.attr == "time" and _is_loop(node.value)
    if isinstance(node, ast.ImportFrom) and node.module == "time":
        return any(alias.name in CLOCKS for alias in node.names)
    return False


def clock_lines(node: ast.AST) -> Iterator[int]:
    """The line of ``node`` when it names a clock: ``time.perf_counter`` and its kin (called
    or passed on), ``from time import …`` of one, and an event loop's ``time``."""
    if _names_a_clock(node):
        yield getattr(node, "lineno", 0)


def clock_reads(source: str) -> Iterator[tuple[str, int]]:
    """(enclosing function or ``<module>``, line) of every clock named in ``source``."""
    return by_function(source, clock_lines)


def test_no_clock_decides_a_test() -> None:
    """A CPU-time or wall-time limit turns a busy machine red (CPU time itself grows with the
    neighbours' load); speed and memory targets live in bench/, printed."""
    refused, stale = not_allowed(in_tests(clock_lines), CLOCK_ALLOWED)
    assert refused == {}  # (file, function): line
    assert stale == []  # no stale exception


def test_the_clock_check_can_fail() -> None:
    source = (
        "import time, asyncio\nfrom time import perf_counter\n"
        "def a():\n    started = time.process_time()\n"
        "async def b():\n    t = asyncio.get_running_loop().time()\n"
        "def c(loop):\n    clock = time.monotonic\n    return loop.time()\n"
        "def d():\n    time.sleep(1)\n    return datetime.time()\n"
    )
    assert list(clock_reads(source)) == [("<module>", 2), ("a", 4), ("b", 6), ("c", 8), ("c", 9)]


# -- safety deadlines are the hang guard ----------------------------------------------------

#: The places under tests/ that set a ``…timeout`` to a number below the hang guard, none
#: of them a deadline a loaded machine could miss: (file, function) with the reason.
SHORT_TIMEOUT_ALLOWED: dict[tuple[str, str], str] = {
    ("tests/browser/chromium.py", "chromium"): "a grace before Chromium is killed",
    ("tests/storage/test_overload.py", "hold"): "the busy bound under test, the pool held",
    ("tests/storage/test_round_trips.py", "test_a_full_pool_is_busy_not_down"): (
        "the busy bound under test, the pool held"
    ),
}


def _is_timeout(name: str | None) -> bool:
    """A ``…timeout``, but not simcord's settle window: besides a hang guard it decides which
    virtual waits an interaction is handed back over (tests/conftest.py's SETTLE_TIMEOUT,
    60 s, stays below the 90 s a stalled database call takes in test_acknowledged_first)."""
    return (
        name is not None
        and name.lower().endswith("timeout")
        and not name.lower().startswith("settle")
    )


def _short(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
        and node.value < HANG_GUARD
    )


def short_timeout_lines(node: ast.AST) -> Iterator[int]:
    """The line of ``node`` when it is a ``…timeout`` keyword argument, name or attribute
    given a number literal below the hang guard."""
    if isinstance(node, ast.keyword) and _is_timeout(node.arg) and _short(node.value):
        yield node.value.lineno
    if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names = [getattr(t, "attr", getattr(t, "id", None)) for t in targets]
        if any(_is_timeout(n) for n in names) and _short(node.value):
            yield node.lineno


def short_timeouts(source: str) -> Iterator[tuple[str, int]]:
    """(enclosing function or ``<module>``, line) of every short ``…timeout`` in ``source``."""
    return by_function(source, short_timeout_lines)


def test_safety_deadlines_are_the_hang_guard() -> None:
    """A deadline that only catches a hang is tests/deadlines.py's HANG_GUARD: a shorter one
    (a subprocess's ``timeout=60``, a settle timeout, a connection's bound) runs out on a
    loaded two-core machine and turns the run red."""
    refused, stale = not_allowed(in_tests(short_timeout_lines), SHORT_TIMEOUT_ALLOWED)
    assert refused == {}  # (file, function): line
    assert stale == []  # no stale exception


def test_the_short_timeout_check_can_fail() -> None:
    source = (
        "TIMEOUT = 60.0\n"
        "def a():\n    run(x, timeout=10)\n    run(x, timeout=HANG_GUARD)\n"
        "def b(store):\n    store.busy_timeout = 0.3\n    wait(timeout=600)\n"
    )
    assert list(short_timeouts(source)) == [("<module>", 1), ("a", 3), ("b", 6)]
