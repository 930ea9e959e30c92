"""The Discord layer's shape, checked from its source: tiers import one way only
(commands → flows → delivery → ui; a persistent component's click callback alone reaches up), the service is its only way into the project (no ``gamecore``),
no module names a game, and an import inside a function says why."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gamecore.registry import list_games

ROOT = Path(__file__).resolve().parents[2]
COGS = sorted((ROOT / "cogs").rglob("*.py"))
#: What each tier may not import (``bot`` only for types, under TYPE_CHECKING).
FORBIDDEN = {
    "ui": ("cogs.delivery", "cogs.flows", "cogs.commands"),
    "delivery": ("cogs.flows", "cogs.commands"),
    "flows": ("cogs.commands",),
}


def imported(tree: ast.AST, *, but_callbacks: bool = False) -> list[str]:
    """Every module ``tree`` imports; with ``but_callbacks``, not those imported inside a
    ``callback`` (a persistent component's click, ``cogs/ui/components.py``)."""
    names: list[str] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if but_callbacks and isinstance(node, ast.AsyncFunctionDef) and node.name == "callback":
            continue
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        todo.extend(ast.iter_child_nodes(node))
    return names


@pytest.mark.parametrize("path", COGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_from_commands_to_flows_to_delivery_to_ui(path: Path) -> None:
    """A click's callback is the entry point of the click, so it may call a flow: the flows
    import the builders that lay its item out, so it imports the flow inside the callback."""
    tier = path.relative_to(ROOT / "cogs").parts[0]
    forbidden = FORBIDDEN.get(tier, ())
    names = imported(ast.parse(path.read_text()), but_callbacks=True)
    wrong = [name for name in names if name.startswith(forbidden)]
    assert wrong == [], f"{path.name} ({tier}) imports {wrong}"


@pytest.mark.parametrize("path", [*COGS, ROOT / "bot.py"], ids=lambda p: str(p.relative_to(ROOT)))
def test_the_discord_layer_reaches_the_games_through_the_service_only(path: Path) -> None:
    """What cogs and bot.py use of matches, games and analysis comes from ``service``
    (``service/__init__.py``, ``service/games.py``, ``service/analysis.py``)."""
    wrong = [
        name
        for name in imported(ast.parse(path.read_text()))
        if name == "gamecore" or name.startswith("gamecore.")
    ]
    assert wrong == [], f"{path.name} imports {wrong}: take it from the service"


UI = [path for path in COGS if path.relative_to(ROOT / "cogs").parts[0] == "ui"]


@pytest.mark.parametrize("path", UI, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_ui_tier_formats_what_it_is_given(path: Path) -> None:
    """Message builders never ask the service (no ``.service``, no ``MatchServiceAPI``):
    a flow gets what a message shows (e.g. ``board_seen``) and hands it over."""
    tree = ast.parse(path.read_text())
    asks = [
        node.lineno
        for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and node.attr == "service")
        or (isinstance(node, ast.Name) and node.id in ("MatchServiceAPI", "MatchService"))
        or (
            isinstance(node, ast.ImportFrom)
            and any(a.name in ("MatchServiceAPI", "MatchService") for a in node.names)
        )
    ]
    assert asks == [], f"{path.name} asks the service at lines {asks}"


def test_no_module_of_the_discord_layer_names_a_game() -> None:
    words = {w.lower() for game in list_games() for w in (game.id, game.name) if w}
    words |= {"cartolan", "speiderne", "cartographer", "dungeon"}
    found = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in COGS
        for word in words
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", path.read_text().lower())
    ]
    assert found == []


@pytest.mark.parametrize("path", [*COGS, ROOT / "bot.py"], ids=lambda p: str(p.relative_to(ROOT)))
def test_an_import_inside_a_function_carries_its_reason(path: Path) -> None:
    source = path.read_text()
    lines = source.splitlines()
    silent = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    here, above = lines[inner.lineno - 1], lines[inner.lineno - 2]
                    if "#" not in here and not above.strip().startswith("#"):
                        silent.append(inner.lineno)
    assert silent == [], f"{path.name}: imports without a reason at lines {silent}"
