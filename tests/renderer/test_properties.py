"""Any well-formed card-game view renders to a small PNG (hypothesis builds the views)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import renderer
from renderer.cards import full_deck_strings
from tests.renderer.helpers import open_png

CARDS = st.sampled_from(full_deck_strings())
CELLS = [c + r for r in "12345" for c in "ABCDE"]
SETTINGS = settings(
    max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def cartographer_views(draw: st.DrawFn) -> dict:
    cell = st.one_of(st.none(), CARDS, st.just(""))
    grid = {name: draw(cell) for name in CELLS}
    source, target = draw(st.sampled_from(CELLS)), draw(st.sampled_from(CELLS))
    action = draw(
        st.sampled_from([None, f"reveal {source} 7H {target}", "exchange 2C", "nonsense words"])
    )
    return {
        "grid": grid,
        "hand": draw(st.lists(CARDS, max_size=8)),
        "pile": draw(st.integers(0, 48)),
        "discard": draw(st.lists(CARDS, max_size=30)),
        "status": draw(st.sampled_from(["playing", "won", "lost"])),
        "last_action": action,
    }


@st.composite
def dungeon_views(draw: st.DrawFn) -> dict:
    entry = st.one_of(st.none(), CARDS, st.just(""))
    level, position = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    action = draw(
        st.sampled_from(
            [None, f"explore {level} 7H", f"subdue 7H {level} {position}", f"claim {level}", "x"]
        )
    )
    return {
        "levels": [[draw(entry) for _ in range(4)] for _ in range(4)],
        "hand": draw(st.lists(CARDS, max_size=40)),
        "deck": draw(st.integers(0, 31)),
        "discard": draw(st.lists(CARDS, max_size=40)),
        "claimed": draw(st.lists(st.integers(1, 4), unique=True, max_size=4)),
        "status": draw(st.sampled_from(["playing", "won", "lost"])),
        "last_action": action,
    }


@SETTINGS
@given(view=cartographer_views())
def test_any_cartographer_view_renders(view: dict) -> None:
    image = open_png(renderer.render_board("cartographer", view))
    assert image.width < 1100


@SETTINGS
@given(view=dungeon_views())
def test_any_dungeon_view_renders(view: dict) -> None:
    image = open_png(renderer.render_board("dungeon-delver", view))
    assert image.height < 1700
