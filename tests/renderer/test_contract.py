"""The renderer's promises: pure function of the view, thread-safe, layered, every game."""

from __future__ import annotations

import ast
import io
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

import gamecore
import gamecore.registry
import renderer
from gamecore.registry import list_games
from renderer import cartographer, dungeon_delver, speiderne
from renderer.cards import full_deck_strings
from tests.renderer.cartolan_views import synthetic_view
from tests.renderer.helpers import open_png

RENDERER_DIR = Path(renderer.__file__).parent
#: isal: ISA-L's deflate, which encodes the palette PNGs (renderer.toolkit.palette_png).
ALLOWED_ROOTS = {"renderer", "gamecore", "PIL", "isal", "__future__"} | set(sys.stdlib_module_names)
#: Charts (``*_chart.py``: a review's chance over a game, a rating's history) are drawn with
#: matplotlib, as ``gamecore.plot`` draws the /simulate chart; boards and hands are Pillow only.
CHART_ROOTS = ALLOWED_ROOTS | {"matplotlib"}


def _views() -> dict[str, dict]:
    views = {
        "cartographer": cartographer.SAMPLE_VIEWS[0],
        "dungeon-delver": dungeon_delver.SAMPLE_VIEWS[0],
        "speiderne": speiderne.sample_views()[0],
        "cartolan": synthetic_view(30),
    }
    for game in list_games():  # any other game (the test game): its opening, publicly
        if game.id not in views:
            views[game.id] = game.view(game.setup(game.min_players, 7), None)
    return views


@pytest.mark.parametrize("game_id", renderer.drawn_games())
def test_picture_is_a_pure_function_of_the_json_view(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same view (even after a JSON round trip) → byte-identical PNG, without the engine:
    the game registry is made unusable while rendering."""
    view = _views()[game_id]
    expected = renderer.render_board(game_id, view)

    def no_engine(*_: object) -> None:
        raise AssertionError("the renderer asked for the game engine")

    monkeypatch.setattr(gamecore.registry, "get_game", no_engine)
    monkeypatch.setattr(gamecore, "get_game", no_engine)
    assert renderer.render_board(game_id, json.loads(json.dumps(view))) == expected
    open_png(renderer.render_hand(game_id, view))


@pytest.mark.parametrize("game_id", renderer.drawn_games())
def test_concurrent_renders_agree(game_id: str) -> None:
    view = _views()[game_id]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: renderer.render_board(game_id, view), range(8)))
    assert len(set(results)) == 1


@pytest.mark.parametrize("game_id", renderer.drawn_games())
def test_empty_view_still_renders(game_id: str) -> None:
    open_png(renderer.render_board(game_id, {}), max_bytes=1_000_000)
    open_png(renderer.render_hand(game_id, {}))


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no renderer"):
        renderer.render_board("chess", {})


def test_renderer_imports_only_pillow_isal_gamecore_and_the_standard_library() -> None:
    for path in RENDERER_DIR.glob("*.py"):
        allowed = CHART_ROOTS if path.stem.endswith("_chart") else ALLOWED_ROOTS
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{path.name} imports {roots - allowed}"


def test_bundled_font_is_the_only_font() -> None:
    fonts = sorted(p.name for p in (RENDERER_DIR / "fonts").iterdir())
    assert fonts == ["DejaVuSans-Bold-subset.ttf", "LICENSE_DEJAVU"]


def test_the_largest_card_boards_stay_under_150_kb() -> None:
    six_players = speiderne.sample_views()[0]
    open_png(renderer.render_board("speiderne", six_players), max_bytes=150_000)
    big_hand = dict(dungeon_delver.SAMPLE_VIEWS[0], hand=full_deck_strings()[:36])
    image = open_png(renderer.render_board("dungeon-delver", big_hand), max_bytes=150_000)
    assert image.height < 1600


@pytest.mark.parametrize("game_id", ["cartographer", "dungeon-delver", "speiderne"])
def test_palette_pngs_decode_to_the_palette_picture(game_id: str) -> None:
    """Boards are deflated by ISA-L (renderer.toolkit.palette_png): the PNG decodes, CRCs and
    all, to exactly the palette picture Pillow's own encoder would store, and stays small."""
    module = renderer.pictures(game_id)
    view = _views()[game_id]
    drawn = getattr(module, "palette_board", module.board_image)(view)
    mapped = (
        drawn
        if drawn.mode == "P"
        else drawn.quantize(palette=module.palette(), dither=Image.Dither.NONE)
    )
    ours = renderer.render_board(game_id, view)
    pillows = io.BytesIO()
    mapped.save(pillows, format="PNG", compress_level=3)
    decoded = Image.open(io.BytesIO(ours))
    decoded.load()
    assert decoded.mode == "P" and decoded.tobytes() == mapped.tobytes()
    assert decoded.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()
    assert len(ours) < 1.25 * len(pillows.getvalue())
