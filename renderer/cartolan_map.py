"""The Cartolan map: which cells a board shows (the whole map, a still crop window, or a
replay's overview), the tiles, reachable squares, paths and pieces on it, the ring of pieces
beyond a cropped map, and the minimap. Every drawn element is recorded for the visibility
tests (``renderer.inspect``); ``renderer.cartolan`` puts the map on the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

from renderer import inspect
from renderer.cards import frame, paste
from renderer.cartolan_art import (
    LAND,
    MYTHICAL,
    OUTLINE,
    PIECE_TEXT,
    WATER,
    adventurer_token,
    agent_token,
    coin,
    count_pill,
    tile_sprite,
)
from renderer.toolkit import (
    HIGHLIGHT,
    RGB,
    paste_text,
    player_colour,
    section,
    text_size,
)

MARGIN = 20
#: The board's map area: a picture at most 700 px wide keeps its 25 px labels 7 px tall (cap
#: height) where a phone's gallery shows it 275 px wide.
MAP_MAX = (660, 448)
#: A replay's whole-map overview (halved in the GIF, so it may use more room).
OVERVIEW_MAX = (960, 880)
#: The tile of a cropped map: two Adventurers, an Agent and their 25 px labels fit its quarters.
MIN_TILE = 80
#: A whole map is drawn down to this tile size (64 px: the labels still stay clear of each
#: other, tokens being placed diagonally); below it the map is cropped at ``MIN_TILE``.
WHOLE_MIN_TILE = 64
MAX_TILE = 148
TILE_STEP = 8
#: A cropped map: this many cells (a landscape window), a ring ``STRIP`` px wide around it
#: for the pieces beyond it, and a minimap whose longer side is ``MINIMAP`` px.
CROP_COLUMNS = 6
CROP_ROWS = 4
STRIP = 56
MINIMAP = 120
REACH_COLOURS: dict[str, RGB] = {
    "downwind": HIGHLIGHT,
    "upwind": (86, 180, 233),
    "land": (240, 214, 150),
    "gust": (204, 121, 167),
}
PATH_COLOUR: RGB = HIGHLIGHT
LAST_PATH_COLOUR: RGB = (235, 240, 245)
#: Element kinds a piece on the map may lie on (``renderer.inspect``).
ON_MAP = ("tile", "path", "reach")


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Which map cells the picture shows and how large: ``left``/``top`` are the map
    coordinates of the top-left cell (x grows East, y North, so ``top`` is the largest y).
    ``x0``/``y0`` are the picture pixels of that cell's corner; a cropped map keeps a ring
    ``STRIP`` px wide around it for the pieces it does not show."""

    left: int
    top: int
    columns: int
    rows: int
    tile: int
    cropped: bool
    bounds: tuple[int, int, int, int]
    x0: int = MARGIN
    y0: int = MARGIN

    def cell_xy(self, x: int, y: int) -> tuple[int, int]:
        return self.x0 + (x - self.left) * self.tile, self.y0 + (self.top - y) * self.tile

    def shows(self, x: int, y: int) -> bool:
        return self.left <= x < self.left + self.columns and self.top - self.rows < y <= self.top

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.tile, self.rows * self.tile

    @property
    def ring(self) -> int:
        return STRIP if self.cropped else 0

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The map's pixels in the picture."""
        width, height = self.size
        return self.x0, self.y0, self.x0 + width, self.y0 + height

    @property
    def outer(self) -> tuple[int, int]:
        """Width and height of the map with its ring."""
        width, height = self.size
        return width + 2 * self.ring, height + 2 * self.ring


def _cells(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    cells = [(int(t["x"]), int(t["y"])) for t in view.get("tiles") or []]
    cells += [(int(r["x"]), int(r["y"])) for r in view.get("reachable") or []]
    cells += [(int(a["x"]), int(a["y"])) for a in view.get("adventurers") or []]
    cells += [(int(a["x"]), int(a["y"])) for a in view.get("agents") or []]
    return cells or [(0, 0)]


def _focus(view: Mapping[str, Any]) -> tuple[int, int]:
    """The moving Adventurer, else the deciding seat's first Adventurer, else the Capital."""
    adventurers = list(view.get("adventurers") or [])
    for adventurer in adventurers:
        if adventurer.get("moving"):
            return int(adventurer["x"]), int(adventurer["y"])
    seat = (view.get("decision") or {}).get("seat")
    for adventurer in adventurers:
        if adventurer.get("seat") == seat:
            return int(adventurer["x"]), int(adventurer["y"])
    return 0, 0


#: Tile sizes of a replay's whole-map overview (one size until the map outgrows it).
OVERVIEW_TILES = (148, 116, 100, 84, 68, 56, 44, 36, 30, 24, 20, 16, 13, 11, 9, 8)
#: Cells of sea an overview keeps free on each side, so a growing map rarely moves it.
OVERVIEW_ROOM = 3


def overview_frame(view: Mapping[str, Any], previous: MapFrame | None = None) -> MapFrame:
    """For replays: the whole map, kept exactly as the ``previous`` frame had it while the
    map stays inside; else the map with ``OVERVIEW_ROOM`` cells around it at the largest
    tile size of ``OVERVIEW_TILES`` that fits (pieces lose their labels below 64 px)."""
    cells = _cells(view)
    west, east = min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 1
    south, north = min(y for _, y in cells) - 1, max(y for _, y in cells) + 1
    bounds = (west, south, east, north)
    if (
        previous is not None
        and not previous.cropped
        and previous.left <= west
        and previous.left + previous.columns - 1 >= east
        and previous.top >= north
        and previous.top - previous.rows + 1 <= south
    ):
        return replace(previous, bounds=bounds)
    west, south, east, north = (
        west - OVERVIEW_ROOM,
        south - OVERVIEW_ROOM,
        east + OVERVIEW_ROOM,
        north + OVERVIEW_ROOM,
    )
    columns, rows = east - west + 1, north - south + 1
    fit = min(OVERVIEW_MAX[0] // columns, OVERVIEW_MAX[1] // rows)
    tile = next((size for size in OVERVIEW_TILES if size <= fit), OVERVIEW_TILES[-1])
    return MapFrame(west, north, columns, rows, tile, False, bounds)


def map_frame(view: Mapping[str, Any], previous: MapFrame | None = None) -> MapFrame:
    """Fit every tile, piece and reachable square (plus a ring of gaps); below the readable
    tile size, crop to a window that shows the focus (the seat to move).

    The window does not follow every step: it is the one of a coarse grid (half a window
    apart) whose centre is nearest the focus, so consecutive boards keep it while the focus
    stays in the middle of it; given the ``previous`` board's window (a replay), that one is
    kept as long as the focus is inside it."""
    cells = _cells(view)
    west, east = min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 1
    south, north = min(y for _, y in cells) - 1, max(y for _, y in cells) + 1
    columns, rows = east - west + 1, north - south + 1
    fit = min(MAX_TILE, MAP_MAX[0] // columns, MAP_MAX[1] // rows)
    # Tile sizes go in steps, so a growing map reuses cached tile pictures.
    lowest = WHOLE_MIN_TILE
    tile = lowest + (fit - lowest) // TILE_STEP * TILE_STEP if fit >= lowest else fit
    bounds = (west, south, east, north)
    if tile >= lowest:
        return MapFrame(west, north, columns, rows, tile, False, bounds)
    shown_columns, shown_rows = min(columns, CROP_COLUMNS), min(rows, CROP_ROWS)
    fx, fy = _focus(view)
    if (
        previous is not None
        and previous.cropped
        and (previous.columns, previous.rows) == (shown_columns, shown_rows)
        and previous.shows(fx, fy)
    ):
        return MapFrame(
            previous.left, previous.top, shown_columns, shown_rows, MIN_TILE, True, bounds
        )
    step_x, step_y = max(1, shown_columns // 2), max(1, shown_rows // 2)
    left = round((fx - (shown_columns - 1) / 2) / step_x) * step_x
    top = round((fy + (shown_rows - 1) / 2) / step_y) * step_y
    left = min(max(left, west), east - shown_columns + 1)
    top = max(min(top, north), south + shown_rows - 1)
    return MapFrame(left, top, shown_columns, shown_rows, MIN_TILE, True, bounds)


def tile_picture(tile: Mapping[str, Any], side: int) -> Image.Image:
    return tile_sprite(
        str(tile.get("edges", "WWWW")),
        str(tile.get("wind", "NE")),
        bool(tile.get("wonder")),
        bool(tile.get("city")),
        bool(tile.get("mythical")),
        bool(tile.get("disaster")),
        side,
    )


def draw_tiles(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    recording = inspect.recording_active()
    for tile in view.get("tiles") or []:
        x, y = int(tile["x"]), int(tile["y"])
        if not mf.shows(x, y):
            continue
        px, py = mf.cell_xy(x, y)
        board.paste(tile_picture(tile, mf.tile), (px, py))
        if recording:
            inspect.record("tile", f"{x},{y}", (px, py, px + mf.tile, py + mf.tile), within="map")


def draw_reachable(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """Where the moving Adventurer may step now, coloured by kind of move; a gap it would
    explore shows a question mark."""
    draw = ImageDraw.Draw(board)
    width = max(3, mf.tile // 16)
    for reach in view.get("reachable") or []:
        x, y = int(reach["x"]), int(reach["y"])
        if not mf.shows(x, y):
            continue
        px, py = mf.cell_xy(x, y)
        colour = REACH_COLOURS.get(str(reach.get("kind")), HIGHLIGHT)
        box = (px + 2, py + 2, px + mf.tile - 3, py + mf.tile - 3)
        draw.rectangle(box, outline=colour, width=width)
        inspect.record("reach", f"{x},{y}", box, within="map", may_cover=("tile", "path"))
        if reach.get("explore"):
            paste_text(
                board,
                (px + mf.tile / 2, py + mf.tile / 2),
                "?",
                max(14, int(mf.tile * 0.5)),
                colour,
            )


def draw_path(
    board: Image.Image,
    cells: Sequence[Sequence[int]],
    mf: MapFrame,
    colour: RGB,
    width: int,
    name: str = "path",
) -> None:
    """A move's path from cell centre to cell centre, clipped to the map (it is drawn on a
    copy of the map's pixels, so a path leaving a cropped map stops at its side)."""
    left, top, right, bottom = mf.box
    points: list[tuple[float, float]] = []
    for cell in cells:
        if len(cell) >= 2:
            px, py = mf.cell_xy(int(cell[0]), int(cell[1]))
            points.append((px - left + mf.tile / 2, py - top + mf.tile / 2))
    if len(points) < 2:
        return
    region = board.crop(mf.box)
    draw = ImageDraw.Draw(region)
    draw.line(points, fill=colour, width=width, joint="curve")
    radius = width * 0.9
    for x, y in points:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)
    board.paste(region, (left, top))
    if inspect.recording_active():
        xs, ys = [x for x, _ in points], [y for _, y in points]
        box = (
            max(left, int(min(xs) - radius) + left),
            max(top, int(min(ys) - radius) + top),
            min(right, int(max(xs) + radius) + left + 1),
            min(bottom, int(max(ys) + radius) + top + 1),
        )
        if box[0] < box[2] and box[1] < box[3]:
            inspect.record("path", name, box, within="map", may_cover=("tile", "path", "reach"))


def adventurer_label(adventurer: Mapping[str, Any], fleets: Mapping[int, int]) -> str:
    """``2`` for seat 1's only Adventurer, ``2.1`` once it has several (as in ``attack 2.1``)."""
    seat = int(adventurer.get("seat", 0))
    if fleets.get(seat, 1) <= 1:
        return str(seat + 1)
    return f"{seat + 1}.{adventurer.get('number', '?')}"


def piece_name(piece: Mapping[str, Any], kind: str) -> str:
    """How the visibility tests name a piece: ``adventurer 2.1``, ``agent 3 at 4,-1``."""
    seat = int(piece.get("seat", 0)) + 1
    if kind == "adventurer":
        return f"adventurer {seat}.{piece.get('number', '?')}"
    return f"agent {seat} at {piece.get('x')},{piece.get('y')}"


def _fleets(view: Mapping[str, Any]) -> dict[int, int]:
    fleets: dict[int, int] = {}
    for adventurer in view.get("adventurers") or []:
        seat = int(adventurer.get("seat", 0))
        fleets[seat] = fleets.get(seat, 0) + 1
    return fleets


def _priority(view: Mapping[str, Any]) -> Any:
    """Sort key: the moving Adventurer first, then the deciding seat's, then seat order."""
    deciding = (view.get("decision") or {}).get("seat")

    def key(piece: Mapping[str, Any]) -> tuple[int, int, int]:
        return (
            0 if piece.get("moving") else 1 if piece.get("seat") == deciding else 2,
            int(piece.get("seat", 0)),
            int(piece.get("number", 0) or 0),
        )

    return key


def paste_token(
    board: Image.Image,
    piece: Mapping[str, Any],
    label: str,
    side: int,
    xy: tuple[int, int],
    name: str,
    *,
    moving: bool,
    may_cover: tuple[str, ...] = ON_MAP,
) -> None:
    """An Adventurer's token at ``xy`` (top-left), recorded with its label's box."""
    seat = int(piece.get("seat", 0))
    token = adventurer_token(
        label, player_colour(seat + 1), side, bool(piece.get("pirate")), moving
    )
    paste(board, token, xy)
    if inspect.recording_active():
        x, y = xy
        inspect.record("piece", name, (x, y, x + side, y + side), may_cover=may_cover)
        width, height = text_size(label, PIECE_TEXT)
        cx, cy = x + side / 2, y + side / 2 + 1
        inspect.record(
            "label",
            label,
            (
                int(cx - width / 2) - 2,
                int(cy - height / 2) - 2,
                int(cx + width / 2) + 2,
                int(cy + height / 2) + 2,
            ),
            may_cover=may_cover,
            on=name,
        )


def draw_pieces(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """Each tile's quarters: the Agent at the lower left (its wealth on it), Adventurers at
    the upper left and lower right (the moving one first), wealth dropped on the tile in a
    free quarter; a tile with more Adventurers than that shows the first and ``+n``."""
    t = mf.tile
    half = t // 2
    side = half - 2
    small = t < WHOLE_MIN_TILE  # a replay's overview: coloured discs, no labels or amounts
    fleets = {} if small else _fleets(view)
    occupants: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for adventurer in sorted(view.get("adventurers") or [], key=_priority(view)):
        occupants.setdefault((int(adventurer["x"]), int(adventurer["y"])), []).append(adventurer)
    agents = {(int(a["x"]), int(a["y"])): a for a in view.get("agents") or []}
    dropped = {
        (int(tile["x"]), int(tile["y"])): int(tile.get("dropped") or 0)
        for tile in view.get("tiles") or []
        if int(tile.get("dropped") or 0)
    }
    for (x, y), agent in agents.items():
        if mf.shows(x, y):
            _draw_agent(board, agent, mf, x, y)
    for (x, y), here in occupants.items():
        if not mf.shows(x, y):
            continue
        px, py = mf.cell_xy(x, y)
        slots = [(px + 1, py + 1), (px + half + 1, py + half + 1)]
        if small:
            for piece, xy in zip(here, slots, strict=False):
                paste_token(
                    board,
                    piece,
                    "",
                    side,
                    xy,
                    piece_name(piece, "adventurer"),
                    moving=bool(piece.get("moving")),
                )
            continue
        if len(here) > len(slots):
            paste_token(
                board,
                here[0],
                adventurer_label(here[0], fleets),
                side,
                slots[0],
                piece_name(here[0], "adventurer"),
                moving=bool(here[0].get("moving")),
            )
            _count_pill(board, here[1:], (px + t - 1, py + t - 1), mf)
            continue
        for piece, xy in zip(here, slots, strict=False):
            paste_token(
                board,
                piece,
                adventurer_label(piece, fleets),
                side,
                xy,
                piece_name(piece, "adventurer"),
                moving=bool(piece.get("moving")),
            )
    for cell in sorted({*dropped, *(c for c, a in agents.items() if int(a.get("wealth") or 0))}):
        if not small and mf.shows(*cell):
            _draw_wealth(board, cell, agents.get(cell), dropped.get(cell, 0), occupants, mf)


def _draw_wealth(
    board: Image.Image,
    cell: tuple[int, int],
    agent: Mapping[str, Any] | None,
    dropped: int,
    occupants: Mapping[tuple[int, int], Sequence[Mapping[str, Any]]],
    mf: MapFrame,
) -> None:
    """A tile's wealth in its free quarters, never on a piece: the Agent's first (beside it,
    in the upper right quarter), then wealth dropped on the tile (the lower left quarter when
    no Agent stands there, else the upper right; the lower right one when at most one
    Adventurer stands on the tile)."""
    t = mf.tile
    px, py = mf.cell_xy(*cell)
    free = ["upper right"] if agent is not None else ["lower left", "upper right"]
    if len(occupants.get(cell, ())) <= 1:
        free.append("lower right")
    side = max(28, int(t * 0.34))
    coins: list[tuple[str, Image.Image]] = []
    wealth = int(agent.get("wealth") or 0) if agent is not None else 0
    if wealth and agent is not None:
        coins.append((f"wealth {wealth} of {piece_name(agent, 'agent')}", coin(str(wealth), side)))
    if dropped:
        coins.append((f"dropped {dropped} at {cell[0]},{cell[1]}", coin(str(dropped), side)))
    for (name, bale), quarter in zip(coins, free, strict=False):
        right = quarter.endswith("right")
        xy = (
            px + t - 1 - bale.width if right else px + 1,
            py + 1 if quarter.startswith("upper") else py + t - 1 - bale.height,
        )
        paste(board, bale, xy)
        inspect.record(
            "token", name, (xy[0], xy[1], xy[0] + bale.width, xy[1] + bale.height), may_cover=ON_MAP
        )


def _draw_agent(board: Image.Image, agent: Mapping[str, Any], mf: MapFrame, x: int, y: int) -> None:
    t = mf.tile
    side = max(16, int(t * 0.4))
    px, py = mf.cell_xy(x, y)
    seat = int(agent.get("seat", 0))
    xy = (px + 1, py + t - side - 1)
    label = str(seat + 1) if t >= WHOLE_MIN_TILE else ""
    paste(
        board, agent_token(label, player_colour(seat + 1), side, bool(agent.get("ransacked"))), xy
    )
    inspect.record(
        "piece",
        piece_name(agent, "agent"),
        (xy[0], xy[1], xy[0] + side, xy[1] + side),
        may_cover=ON_MAP,
    )


def _count_pill(
    board: Image.Image, pieces: Sequence[Mapping[str, Any]], corner: tuple[int, int], mf: MapFrame
) -> None:
    """``+n`` for the ``pieces`` not drawn, its lower right corner at ``corner``."""
    pill = count_pill(f"+{len(pieces)}", mf.tile // 2 - 2)
    xy = (corner[0] - pill.width, corner[1] - pill.height)
    paste(board, pill, xy)
    if inspect.recording_active():
        names = ",".join(piece_name(p, "adventurer") for p in pieces)
        inspect.record(
            "count",
            f"+{len(pieces)}: {names}",
            (xy[0], xy[1], xy[0] + pill.width, xy[1] + pill.height),
            may_cover=ON_MAP,
        )


@dataclass(frozen=True, slots=True)
class EdgeMarker:
    """A piece outside a cropped map, drawn in the ring beside the border ``cell`` nearest
    to it, with an arrow towards it (``direction`` in picture terms: x right, y down).

    Markers are grouped by ``side`` (``N``, ``E``, ``S``, ``W``: where the piece lies
    farthest beyond) and ``slot`` (two border cells); ``index`` is the marker's place in its
    group: the first ``EDGE_TOKENS`` are drawn, the rest are counted in one ``+n``."""

    kind: str  # "adventurer" or "agent"
    piece: Mapping[str, Any]
    cell: tuple[int, int]
    direction: tuple[int, int]
    side: str
    slot: int
    index: int
    group: int  # markers in the group


#: Pieces drawn per slot of two border cells (more: the first ones and ``+n``).
EDGE_TOKENS = 3
EDGE_SIDE = 40


def edge_markers(view: Mapping[str, Any], mf: MapFrame) -> list[EdgeMarker]:
    """Every Adventurer and Agent the cropped map does not show, by side and slot."""
    if not mf.cropped:
        return []
    key = _priority(view)
    pieces = [("adventurer", a) for a in sorted(view.get("adventurers") or [], key=key)]
    pieces += [("agent", a) for a in view.get("agents") or []]
    groups: dict[
        tuple[str, int], list[tuple[str, Mapping[str, Any], tuple[int, int], tuple[int, int]]]
    ] = {}
    bottom = mf.top - mf.rows + 1
    last_row_slot, last_column_slot = max(0, mf.rows // 2 - 1), max(0, mf.columns // 2 - 1)
    for kind, piece in pieces:
        x, y = int(piece["x"]), int(piece["y"])
        if mf.shows(x, y):
            continue
        cx = min(max(x, mf.left), mf.left + mf.columns - 1)
        cy = min(max(y, bottom), mf.top)
        ox, oy = x - cx, y - cy
        # two border cells a slot; an odd last cell joins the slot before it
        if abs(ox) > abs(oy):
            side, slot = ("E" if ox > 0 else "W"), min((mf.top - cy) // 2, last_row_slot)
        else:
            side, slot = ("N" if oy > 0 else "S"), min((cx - mf.left) // 2, last_column_slot)
        direction = ((ox > 0) - (ox < 0), (oy < 0) - (oy > 0))
        groups.setdefault((side, slot), []).append((kind, piece, (cx, cy), direction))
    markers = []
    for (side, slot), group in groups.items():
        for index, (kind, piece, cell, direction) in enumerate(group):
            markers.append(EdgeMarker(kind, piece, cell, direction, side, slot, index, len(group)))
    return markers


def _slot_origin(mf: MapFrame, side: str, slot: int) -> tuple[int, int, int, int]:
    """Where a slot's first marker goes (top-left) and the step to the next, in pixels."""
    left, top, right, bottom = mf.box
    along = slot * 2 * mf.tile + 4
    inset = 8  # between the map and the marker: the amber "more map" bar
    if side == "N":
        return left + along, top - inset - EDGE_SIDE, EDGE_SIDE + 6, 0
    if side == "S":
        return left + along, bottom + inset, EDGE_SIDE + 6, 0
    if side == "W":
        return left - inset - EDGE_SIDE, top + along, 0, EDGE_SIDE + 6
    return right + inset, top + along, 0, EDGE_SIDE + 6


def _slot_start(mf: MapFrame, marker: EdgeMarker) -> tuple[int, int, int, int]:
    """:func:`_slot_origin`, moved back so that a short last slot stays beside the map."""
    x, y, step_x, step_y = _slot_origin(mf, marker.side, marker.slot)
    extent = min(marker.group, EDGE_TOKENS) * (EDGE_SIDE + 6)
    _, _, right, bottom = mf.box
    if step_x:
        x = min(x, right + STRIP - 8 - extent)
    else:
        y = min(y, bottom + STRIP - 8 - extent)
    return x, y, step_x, step_y


def draw_offscreen(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """The edge markers in the ring around a cropped map: each piece (or ``+n`` for the
    rest of a crowded slot) with a white arrow pointing to where it lies."""
    fleets = _fleets(view)
    draw = ImageDraw.Draw(board)
    markers = edge_markers(view, mf)
    counted: dict[tuple[str, int], list[EdgeMarker]] = {}
    for marker in markers:
        shown = marker.index < EDGE_TOKENS - 1 or marker.group <= EDGE_TOKENS
        if not shown:
            counted.setdefault((marker.side, marker.slot), []).append(marker)
            continue
        x, y, step_x, step_y = _slot_start(mf, marker)
        x, y = x + step_x * marker.index, y + step_y * marker.index
        piece = marker.piece
        seat = int(piece.get("seat", 0))
        name = piece_name(piece, marker.kind)
        if marker.kind == "adventurer":
            paste_token(
                board,
                piece,
                adventurer_label(piece, fleets),
                EDGE_SIDE,
                (x, y),
                name,
                moving=False,
                may_cover=(),
            )
        else:
            token = agent_token(
                str(seat + 1), player_colour(seat + 1), EDGE_SIDE, bool(piece.get("ransacked"))
            )
            paste(board, token, (x, y))
            inspect.record("piece", name, (x, y, x + EDGE_SIDE, y + EDGE_SIDE))
        _arrow(draw, marker, x + EDGE_SIDE / 2, y + EDGE_SIDE / 2)
    for rest in counted.values():
        x, y, step_x, step_y = _slot_start(mf, rest[0])
        x, y = x + step_x * (EDGE_TOKENS - 1), y + step_y * (EDGE_TOKENS - 1)
        pill = count_pill(f"+{len(rest)}", EDGE_SIDE)
        if rest[0].side == "W":  # a wide "+12" grows away from the map
            x += EDGE_SIDE - pill.width
        paste(board, pill, (x, y))
        if inspect.recording_active():
            names = ",".join(piece_name(m.piece, m.kind) for m in rest)
            inspect.record(
                "count", f"+{len(rest)}: {names}", (x, y, x + pill.width, y + pill.height)
            )


def _arrow(draw: ImageDraw.ImageDraw, marker: EdgeMarker, cx: float, cy: float) -> None:
    """A small white arrow just outside the marker, towards the piece."""
    dx, dy = marker.direction
    outward = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[marker.side]
    reach = EDGE_SIDE / 2 + 6  # beyond a label wider than the token
    base = (cx + outward[0] * reach, cy + outward[1] * reach)
    tip = (
        base[0] + (dx or outward[0]) * 6 + outward[0] * 2,
        base[1] + (dy or outward[1]) * 6 + outward[1] * 2,
    )
    across = (abs(outward[1]) * 6, abs(outward[0]) * 6)
    draw.polygon(
        [
            tip,
            (base[0] + across[0], base[1] + across[1]),
            (base[0] - across[0], base[1] - across[1]),
        ],
        fill=(255, 255, 255),
        outline=OUTLINE,
    )
    box = (
        int(min(tip[0], base[0] - across[0])),
        int(min(tip[1], base[1] - across[1])),
        int(max(tip[0], base[0] + across[0])) + 1,
        int(max(tip[1], base[1] + across[1])) + 1,
    )
    inspect.record("arrow", piece_name(marker.piece, marker.kind), box)


def draw_crop_hints(board: Image.Image, mf: MapFrame) -> None:
    """Amber bars between a cropped map and its ring on the sides beyond which more map lies."""
    if not mf.cropped:
        return
    draw = ImageDraw.Draw(board)
    west, south, east, north = mf.bounds
    left, top, right, bottom = mf.box
    if mf.left > west:
        draw.rectangle((left - 7, top, left - 3, bottom), fill=HIGHLIGHT)
    if mf.left + mf.columns - 1 < east:
        draw.rectangle((right + 2, top, right + 6, bottom), fill=HIGHLIGHT)
    if mf.top < north:
        draw.rectangle((left, top - 7, right, top - 3), fill=HIGHLIGHT)
    if mf.top - mf.rows + 1 > south:
        draw.rectangle((left, bottom + 2, right, bottom + 6), fill=HIGHLIGHT)


def draw_decision_target(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """The square an Agent would move to (a pending ``relocate``), framed on the map under
    the pieces."""
    decision = section(view, "decision")
    target = decision.get("target")
    if decision.get("kind") == "relocate" and isinstance(target, Sequence) and len(target) == 2:
        tx, ty = int(target[0]), int(target[1])
        if mf.shows(tx, ty):
            px, py = mf.cell_xy(tx, ty)
            paste(board, frame(mf.tile - 10, mf.tile - 10, HIGHLIGHT, 5), (px, py))
            inspect.record(
                "reach",
                "relocate",
                (px, py, px + mf.tile, py + mf.tile),
                within="map",
                may_cover=ON_MAP,
            )


def draw_minimap(
    board: Image.Image, view: Mapping[str, Any], mf: MapFrame, right: int, y: int
) -> int:
    """When the map is cropped: the whole map (its longer side ``MINIMAP`` px), its cities
    (white squares, the Mythical City purple), every piece as a dot in its seat's colour (the
    moving one ringed white), and the shown window.
    Returns the minimap's height (0 when the map is whole)."""
    if not mf.cropped:
        return 0
    west, south, east, north = mf.bounds
    cell = MINIMAP / max(east - west + 1, north - south + 1)
    width, height = round((east - west + 1) * cell), round((north - south + 1) * cell)
    left = right - width
    draw = ImageDraw.Draw(board)
    draw.rectangle((left - 4, y - 4, left + width + 4, y + height + 4), fill=(10, 24, 40))

    def at(x: int, y_map: int) -> tuple[float, float]:
        return left + (x - west) * cell, y + (north - y_map) * cell

    # one byte per cell (0 sea, 1 water, 2 land), scaled up: no drawing call per tile
    columns = east - west + 1
    cells = bytearray(columns * (north - south + 1))
    for tile in view.get("tiles") or []:
        land = str(tile.get("edges", "")).count("L") >= 2
        cells[(north - int(tile["y"])) * columns + int(tile["x"]) - west] = 2 if land else 1
    small = Image.frombytes("P", (columns, north - south + 1), bytes(cells))
    small.putpalette([10, 24, 40, *WATER, *LAND])
    small = small.resize((width, height), Image.Resampling.NEAREST)
    board.paste(small if board.mode == "P" else small.convert("RGB"), (left, y))
    wx, wy = at(mf.left, mf.top)
    draw.rectangle(
        (wx - 1, wy - 1, wx + mf.columns * cell + 1, wy + mf.rows * cell + 1),
        outline=HIGHLIGHT,
        width=2,
    )
    radius = max(3.0, cell * 0.6)
    for tile in view.get("tiles") or []:
        if tile.get("city"):  # cities: white squares (the Mythical City purple)
            cx, cy = at(int(tile["x"]), int(tile["y"]))
            cx, cy = cx + cell / 2, cy + cell / 2
            draw.rectangle(
                (cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1),
                fill=MYTHICAL if tile.get("mythical") else (250, 250, 245),
                outline=OUTLINE,
            )
    for agent in view.get("agents") or []:
        cx, cy = at(int(agent["x"]), int(agent["y"]))
        cx, cy = cx + cell / 2, cy + cell / 2
        draw.rectangle(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            fill=player_colour(int(agent.get("seat", 0)) + 1),
            outline=OUTLINE,
        )
    for adventurer in sorted(view.get("adventurers") or [], key=_priority(view), reverse=True):
        cx, cy = at(int(adventurer["x"]), int(adventurer["y"]))
        cx, cy = cx + cell / 2, cy + cell / 2
        ring = (255, 255, 255) if adventurer.get("moving") else OUTLINE
        draw.ellipse(
            (cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1),
            fill=player_colour(int(adventurer.get("seat", 0)) + 1),
            outline=ring,
            width=2,
        )
    inspect.record("minimap", "minimap", (left - 4, y - 4, left + width + 5, y + height + 5))
    return height + 8
