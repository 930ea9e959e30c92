"""Cartolan – Trade Winds: the map of placed tiles with every piece, the moving Adventurer's
reachable squares and paths, and a panel of Vaults, Chests, chest maps, moves and piles.

View keys: ``docs/games/cartolan.md`` ("View keys"). Seats are 0-based and shown as seat + 1.
The map is fitted to the picture; when it is too large to stay readable it is cropped around
the moving Adventurer and a minimap shows where the crop lies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.cards import frame, paste
from renderer.cartolan_art import (
    GAP,
    LAND,
    OUTLINE,
    PIECE_TEXT,
    WATER,
    adventurer_token,
    agent_token,
    coin,
    tile_back,
    tile_sprite,
    vault_icon,
)
from renderer.icons import seat_disc, star
from renderer.layout import count_badge, draw_result
from renderer.toolkit import (
    HIGHLIGHT,
    LABEL,
    MUTED,
    PANEL,
    RGB,
    build_palette,
    encode_png,
    new_canvas,
    paste_text,
    player_colour,
    section,
    text_size,
)

MARGIN = 20
MAP_MAX = (960, 880)
#: Below this the 25 px labels would not fit their pieces: the map is cropped instead.
MIN_TILE = 84
MAX_TILE = 148
TILE_STEP = 8
MIN_WIDTH = 920
PLAYER_ROW = 70
MINIMAP = 96
SEA: RGB = (18, 40, 64)
REACH_COLOURS: dict[str, RGB] = {
    "downwind": HIGHLIGHT,
    "upwind": (86, 180, 233),
    "land": (240, 214, 150),
    "gust": (204, 121, 167),
}
#: The seat deciding now: a thick white frame and arrow (white is no seat's colour).
TO_MOVE: RGB = (255, 255, 255)
INFO_ROW = 56
DECK_COLOURS: dict[str, RGB] = {
    "cadre": (120, 80, 170),
    "character": (0, 120, 110),
    "manuscript": (150, 95, 40),
    "discovery": (70, 90, 130),
}
PATH_COLOUR: RGB = HIGHLIGHT
LAST_PATH_COLOUR: RGB = (235, 240, 245)


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Which map cells the picture shows and how large: ``left``/``top`` are the map
    coordinates of the top-left cell (x grows East, y North, so ``top`` is the largest y)."""

    left: int
    top: int
    columns: int
    rows: int
    tile: int
    cropped: bool
    bounds: tuple[int, int, int, int]
    #: Picture x of the map's left side (a narrow map is centred).
    x0: int = MARGIN

    def cell_xy(self, x: int, y: int) -> tuple[int, int]:
        return self.x0 + (x - self.left) * self.tile, MARGIN + (self.top - y) * self.tile

    def shows(self, x: int, y: int) -> bool:
        return self.left <= x < self.left + self.columns and self.top - self.rows < y <= self.top

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.tile, self.rows * self.tile


def _cells(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    cells = [(int(t["x"]), int(t["y"])) for t in view.get("tiles") or []]
    cells += [(int(r["x"]), int(r["y"])) for r in view.get("reachable") or []]
    cells += [(int(a["x"]), int(a["y"])) for a in view.get("adventurers") or []]
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


def map_frame(view: Mapping[str, Any]) -> MapFrame:
    """Fit every tile, piece and reachable square (plus a ring of gaps); below the readable
    tile size, crop around the focus instead."""
    cells = _cells(view)
    west, east = min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 1
    south, north = min(y for _, y in cells) - 1, max(y for _, y in cells) + 1
    columns, rows = east - west + 1, north - south + 1
    fit = min(MAX_TILE, MAP_MAX[0] // columns, MAP_MAX[1] // rows)
    # Tile sizes go in steps, so a growing map reuses cached tile pictures (a new size
    # costs ~100 ms of drawing once).
    tile = MIN_TILE + (fit - MIN_TILE) // TILE_STEP * TILE_STEP if fit >= MIN_TILE else fit
    bounds = (west, south, east, north)
    if tile >= MIN_TILE:
        return MapFrame(west, north, columns, rows, tile, False, bounds)
    tile = MIN_TILE
    shown_columns, shown_rows = min(columns, MAP_MAX[0] // tile), min(rows, MAP_MAX[1] // tile)

    def window(fx: int, fy: int) -> tuple[int, int]:
        left = min(max(fx - shown_columns // 2, west), east - shown_columns + 1)
        top = max(min(fy + shown_rows // 2, north), south + shown_rows - 1)
        return left, top

    # The focus (the seat to move) stays in the picture; among the windows that show it,
    # the one showing the most other pieces wins (the rest get edge markers).
    focus = window(*_focus(view))
    pieces = _pieces(view)
    best = max(
        [focus, *(window(x, y) for x, y in pieces)],
        key=lambda corner: (
            _inside(corner, shown_columns, shown_rows, *_focus(view)),
            sum(_inside(corner, shown_columns, shown_rows, x, y) for x, y in pieces),
        ),
    )
    return MapFrame(best[0], best[1], shown_columns, shown_rows, tile, True, bounds)


def _pieces(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    return [
        (int(p["x"]), int(p["y"]))
        for key in ("adventurers", "agents")
        for p in view.get(key) or []
    ]


def _inside(corner: tuple[int, int], columns: int, rows: int, x: int, y: int) -> bool:
    left, top = corner
    return left <= x < left + columns and top - rows < y <= top


def _draw_tiles(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    for tile in view.get("tiles") or []:
        x, y = int(tile["x"]), int(tile["y"])
        if not mf.shows(x, y):
            continue
        sprite = tile_sprite(
            str(tile.get("edges", "WWWW")),
            str(tile.get("wind", "NE")),
            bool(tile.get("wonder")),
            bool(tile.get("city")),
            bool(tile.get("mythical")),
            bool(tile.get("disaster")),
            mf.tile,
        )
        board.paste(sprite, mf.cell_xy(x, y))
        dropped = int(tile.get("dropped") or 0)
        if dropped:
            side = max(32, int(mf.tile * 0.34))
            px, py = mf.cell_xy(x, y)
            paste(
                board,
                coin(str(dropped), side),
                (px + (mf.tile - side) // 2, py + mf.tile - side - 2),
            )


def _draw_reachable(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
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
        draw.rectangle(
            (px + 2, py + 2, px + mf.tile - 3, py + mf.tile - 3), outline=colour, width=width
        )
        if reach.get("explore"):
            paste_text(
                board,
                (px + mf.tile / 2, py + mf.tile / 2),
                "?",
                max(14, int(mf.tile * 0.5)),
                colour,
            )


def _draw_path(
    board: Image.Image, cells: Sequence[Sequence[int]], mf: MapFrame, colour: RGB, width: int
) -> None:
    points: list[tuple[float, float]] = []
    for cell in cells:
        if len(cell) >= 2:
            px, py = mf.cell_xy(int(cell[0]), int(cell[1]))
            points.append((px + mf.tile / 2, py + mf.tile / 2))
    if len(points) < 2:
        return
    draw = ImageDraw.Draw(board)
    draw.line(points, fill=colour, width=width, joint="curve")
    radius = width * 0.9
    for x, y in points:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


def adventurer_label(adventurer: Mapping[str, Any], fleets: Mapping[int, int]) -> str:
    """``2`` for seat 1's only Adventurer, ``2.1`` once it has several (as in ``attack 2.1``)."""
    seat = int(adventurer.get("seat", 0))
    if fleets.get(seat, 1) <= 1:
        return str(seat + 1)
    return f"{seat + 1}.{adventurer.get('number', '?')}"


def _draw_pieces(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """Agents at the lower left of their tile, Adventurers in the other corners."""
    t = mf.tile
    agent_side = max(16, int(t * 0.4))
    for agent in view.get("agents") or []:
        x, y = int(agent["x"]), int(agent["y"])
        if not mf.shows(x, y):
            continue
        px, py = mf.cell_xy(x, y)
        seat = int(agent.get("seat", 0))
        paste(
            board,
            agent_token(
                str(seat + 1), player_colour(seat + 1), agent_side, bool(agent.get("ransacked"))
            ),
            (px + 3, py + t - agent_side - 3),
        )
        wealth = int(agent.get("wealth") or 0)
        if wealth:
            paste(
                board,
                coin(str(wealth), 32),
                (px + agent_side - 2, py + t - 36),
            )
    token_side = max(22, int(t * 0.5))
    slots = (
        (t - token_side - 2, 2),
        (2, 2),
        (t - token_side - 2, t - token_side - 2),
        ((t - token_side) // 2, (t - token_side) // 2),
    )
    crowd: dict[tuple[int, int], int] = {}
    fleets: dict[int, int] = {}
    for adventurer in view.get("adventurers") or []:
        fleets[int(adventurer.get("seat", 0))] = fleets.get(int(adventurer.get("seat", 0)), 0) + 1
    for adventurer in view.get("adventurers") or []:
        x, y = int(adventurer["x"]), int(adventurer["y"])
        if not mf.shows(x, y):
            continue
        index = crowd.get((x, y), 0)
        crowd[(x, y)] = index + 1
        px, py = mf.cell_xy(x, y)
        dx, dy = slots[min(index, len(slots) - 1)]
        seat = int(adventurer.get("seat", 0))
        token = adventurer_token(
            adventurer_label(adventurer, fleets),
            player_colour(seat + 1),
            token_side,
            bool(adventurer.get("pirate")),
            bool(adventurer.get("moving")),
        )
        paste(board, token, (px + dx, py + dy))


@dataclass(frozen=True, slots=True)
class EdgeMarker:
    """A piece outside a cropped map, drawn on the border ``cell`` with an arrow towards it
    (``direction`` in picture terms: x right, y down)."""

    kind: str  # "adventurer" or "agent"
    piece: Mapping[str, Any]
    cell: tuple[int, int]
    direction: tuple[int, int]
    index: int  # markers already on that cell


def edge_markers(view: Mapping[str, Any], mf: MapFrame) -> list[EdgeMarker]:
    """Every Adventurer and Agent the cropped map does not show, on the nearest border cell."""
    if not mf.cropped:
        return []
    pieces = [("adventurer", a) for a in view.get("adventurers") or []]
    pieces += [("agent", a) for a in view.get("agents") or []]
    crowd: dict[tuple[int, int], int] = {}
    markers = []
    for kind, piece in pieces:
        x, y = int(piece["x"]), int(piece["y"])
        if mf.shows(x, y):
            continue
        cx = min(max(x, mf.left), mf.left + mf.columns - 1)
        cy = min(max(y, mf.top - mf.rows + 1), mf.top)
        index = crowd.get((cx, cy), 0)
        crowd[(cx, cy)] = index + 1
        markers.append(EdgeMarker(kind, piece, (cx, cy), ((x > cx) - (x < cx), (cy > y) - (cy < y)), index))
    return markers


def _draw_offscreen(board: Image.Image, view: Mapping[str, Any], mf: MapFrame) -> None:
    """The edge markers: each piece at the border, with a white arrow pointing to it."""
    fleets: dict[int, int] = {}
    for adventurer in view.get("adventurers") or []:
        fleets[int(adventurer.get("seat", 0))] = fleets.get(int(adventurer.get("seat", 0)), 0) + 1
    side = int(mf.tile * 0.5)
    draw = ImageDraw.Draw(board)
    for marker in edge_markers(view, mf):
        (dx, dy), piece = marker.direction, marker.piece
        px, py = mf.cell_xy(*marker.cell)
        centre_x = px + mf.tile / 2 + dx * (mf.tile / 2 - side / 2 - 2)
        centre_y = py + mf.tile / 2 + dy * (mf.tile / 2 - side / 2 - 2)
        # several markers on one border cell: side by side along the border
        shift = (0, 1, -1, 2, -2)[marker.index % 5] * (side + 2)
        centre_x += shift if dy and not dx else 0
        centre_y += shift if dx and not dy else 0
        seat = int(piece.get("seat", 0))
        if marker.kind == "adventurer":
            token = adventurer_token(
                adventurer_label(piece, fleets), player_colour(seat + 1), side,
                bool(piece.get("pirate")), False,
            )
        else:
            token = agent_token(str(seat + 1), player_colour(seat + 1), side, bool(piece.get("ransacked")))
        paste(board, token, (centre_x - side / 2, centre_y - side / 2))
        tip = (centre_x + dx * (side / 2 + 14), centre_y + dy * (side / 2 + 14))
        base = (centre_x + dx * (side / 2 + 2), centre_y + dy * (side / 2 + 2))
        across = (-dy * 9, dx * 9) if dx and dy else (abs(dy) * 9, abs(dx) * 9)
        draw.polygon(
            [tip, (base[0] + across[0], base[1] + across[1]), (base[0] - across[0], base[1] - across[1])],
            fill=(255, 255, 255), outline=OUTLINE,
        )


def _draw_crop_hints(board: Image.Image, mf: MapFrame) -> None:
    """Amber bars on the sides of a cropped map beyond which more map lies."""
    if not mf.cropped:
        return
    draw = ImageDraw.Draw(board)
    west, south, east, north = mf.bounds
    width, height = mf.size
    x0, y0 = mf.x0, MARGIN
    if mf.left > west:
        draw.rectangle((x0 - 8, y0, x0 - 3, y0 + height), fill=HIGHLIGHT)
    if mf.left + mf.columns - 1 < east:
        draw.rectangle((x0 + width + 2, y0, x0 + width + 7, y0 + height), fill=HIGHLIGHT)
    if mf.top < north:
        draw.rectangle((x0, y0 - 8, x0 + width, y0 - 3), fill=HIGHLIGHT)
    if mf.top - mf.rows + 1 > south:
        draw.rectangle((x0, y0 + height + 2, x0 + width, y0 + height + 7), fill=HIGHLIGHT)


def _draw_players(
    board: Image.Image, view: Mapping[str, Any], top: int, widths: list[int] | None = None
) -> int:
    """A row per seat in playing order: seat, Vault, Agents left, then each Adventurer with
    its Chest and chest maps. The seat deciding now is framed; winners get a star."""
    players = {int(p.get("seat", 0)): p for p in view.get("players") or []}
    order = [int(s) for s in view.get("turn_order") or sorted(players)]
    decision_seat = (view.get("decision") or {}).get("seat")
    status = section(view, "status")
    winners = {int(s) for s in status.get("winners") or []}
    adventurers = list(view.get("adventurers") or [])
    width = board.width - 2 * MARGIN
    widths = [] if widths is None else widths
    right = 0
    for row, seat in enumerate(order):
        y = top + row * (PLAYER_ROW + 8)
        board.paste(_player_row(width, player_colour(seat + 1)), (MARGIN, y))
        if seat == decision_seat and not winners:
            paste(board, frame(width, PLAYER_ROW, TO_MOVE, 6), (MARGIN - 6, y - 6))
            middle = y + PLAYER_ROW / 2
            ImageDraw.Draw(board).polygon(
                [(1, middle - 12), (13, middle), (1, middle + 12)], fill=TO_MOVE
            )
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), 46), (MARGIN + 8, y + 12))
        if seat in winners:
            paste(board, star(26), (MARGIN + 38, y + 6))
        player = players.get(seat, {})
        paste(board, vault_icon(38), (MARGIN + 64, y + 16))
        paste_text(board, (MARGIN + 126, y + 36), str(player.get("vault", 0)), 28, LABEL)
        agents_left = int(player.get("max_agents", 0)) - int(player.get("agents", 0))
        paste(
            board,
            agent_token(str(seat + 1), player_colour(seat + 1), 38, False),
            (MARGIN + 164, y + 16),
        )
        paste_text(board, (MARGIN + 220, y + 36), f"×{max(agents_left, 0)}", PIECE_TEXT, MUTED)
        x = MARGIN + 252
        if isinstance(player.get("cadre"), Mapping):
            x = _draw_card(board, player["cadre"], x, y + 17) + 12
        for adventurer in (a for a in adventurers if int(a.get("seat", -1)) == seat):
            x = _draw_adventurer_entry(board, adventurer, seat, x, y)
        right = max(right, x)
    widths.append(right + MARGIN)
    return top + len(order) * (PLAYER_ROW + 8)


def _draw_card(board: Image.Image, card: Mapping[str, Any], x: int, y: int) -> int:
    """An Advanced card face up: its deck's colour and its effect as the engine names it
    (the first three letters); greyed while it is not active yet. Returns the right edge."""
    label = str(card.get("effect", "?"))[:3].upper()
    colour = DECK_COLOURS.get(str(card.get("deck")), (90, 90, 90))
    if card.get("active") is False:
        colour = tuple((c + 2 * 110) // 3 for c in colour)  # type: ignore[assignment]
    width = text_size(label, PIECE_TEXT)[0] + 14
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle((x, y, x + width, y + 36), radius=6, fill=colour, outline=(235, 235, 240), width=2)
    paste_text(board, (x + width / 2, y + 19), label, PIECE_TEXT, (255, 255, 255))
    return x + width


def _draw_adventurer_entry(
    board: Image.Image, adventurer: Mapping[str, Any], seat: int, x: int, y: int
) -> int:
    token = adventurer_token(
        f"{seat + 1}.{adventurer.get('number', '?')}",
        player_colour(seat + 1),
        50,
        bool(adventurer.get("pirate")),
        bool(adventurer.get("moving")),
    )
    paste(board, token, (x, y + 10))
    chest = coin(str(adventurer.get("chest", 0)), 36)
    paste(board, chest, (x + 54, y + 17))
    x += 60 + chest.width
    for chest_map in list(adventurer.get("maps") or [])[:2]:
        sprite = tile_sprite(
            str(chest_map.get("edges", "WWWW")),
            str(chest_map.get("wind", "NE")),
            bool(chest_map.get("wonder")),
            bool(chest_map.get("city")),
            bool(chest_map.get("mythical")),
            bool(chest_map.get("disaster")),
            36,
        )
        board.paste(sprite, (x, y + 17))
        x += 40
    for card in list(adventurer.get("cards") or [])[:3]:
        if isinstance(card, Mapping):
            x = _draw_card(board, card, x + 4, y + 17)
    return x + 14


@lru_cache(maxsize=8)
def _player_row(width: int, colour: RGB) -> Image.Image:
    image, draw = new_canvas(width + 1, PLAYER_ROW + 1, SEA)
    draw.rounded_rectangle(
        (0, 0, width, PLAYER_ROW), radius=14, fill=PANEL, outline=colour, width=3
    )
    return image


def _draw_info(board: Image.Image, view: Mapping[str, Any], y: int) -> None:
    """Round, the Vault lead that wins (``> margin``), the Advanced decks' counts, and once
    the game is over a banner with every winner's seat and Vault."""
    x = MARGIN + 4
    draw = ImageDraw.Draw(board)
    if view.get("round") is not None:
        draw.polygon([(x, y + 8), (x + 24, y + 8), (x + 12, y + 24)], fill=MUTED)
        draw.polygon([(x + 12, y + 24), (x, y + 40), (x + 24, y + 40)], fill=MUTED)
        paste_text(board, (x + 32, y + 24), str(view["round"]), PIECE_TEXT, LABEL, "lm")
        x += 100
    if view.get("margin") is not None:
        paste(board, vault_icon(38), (x, y + 5))
        paste_text(board, (x + 46, y + 24), f">{view['margin']}", PIECE_TEXT, LABEL, "lm")
        x += 120
    decks = section(view, "decks")
    for deck, count in decks.items():
        colour = DECK_COLOURS.get(str(deck), (90, 90, 90))
        draw.rounded_rectangle((x, y + 4, x + 28, y + 44), radius=5, fill=colour, outline=(235, 235, 240), width=2)
        paste_text(board, (x + 36, y + 24), str(count), PIECE_TEXT, LABEL, "lm")
        x += 90
    status = section(view, "status")
    winners = [int(s) for s in status.get("winners") or []]
    if status.get("result") != "finished" or not winners:
        return
    vaults = {int(p.get("seat", 0)): p.get("vault", 0) for p in view.get("players") or []}
    width = 96 + 150 * len(winners)
    left = board.width - MARGIN - width
    draw.rounded_rectangle(
        (left, y - 2, left + width, y + INFO_ROW - 6), radius=14, fill=(252, 251, 245),
        outline=(255, 204, 0), width=5,
    )
    paste(board, star(40), (left + 12, y + 3))
    x = left + 66
    for seat in winners:
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), 46), (x, y + 1))
        paste(board, vault_icon(34), (x + 52, y + 7))
        paste_text(board, (x + 92, y + 24), str(vaults.get(seat, 0)), PIECE_TEXT, (30, 30, 34), "lm")
        x += 150


def _draw_moves(board: Image.Image, view: Mapping[str, Any], x: int, y: int) -> None:
    """The move meter: one pip per move this turn (spent ones dark); under it the moves that
    may still go any direction (upwind / over land)."""
    moves = view.get("moves") or {}
    total, used = int(moves.get("total") or 0), int(moves.get("used") or 0)
    if not total:
        return
    draw = ImageDraw.Draw(board)
    for index in range(total):
        colour = (70, 80, 90) if index < used else HIGHLIGHT
        draw.ellipse(
            (x + index * 34, y, x + index * 34 + 26, y + 26),
            fill=colour,
            outline=(235, 235, 240),
            width=2,
        )
    extra = moves.get("any_direction_left", moves.get("upwind_left"))
    if extra is not None:
        for index in range(int(extra)):
            draw.rectangle(
                (x + index * 34 + 3, y + 38, x + index * 34 + 23, y + 58),
                fill=REACH_COLOURS["upwind"],
                outline=(235, 235, 240),
                width=2,
            )
    land_left = moves.get("land_left")
    if land_left is not None:
        for index in range(int(land_left)):
            draw.rectangle(
                (x + 150 + index * 34, y + 38, x + 170 + index * 34, y + 58),
                fill=LAND,
                outline=(235, 235, 240),
                width=2,
            )


def _draw_piles(board: Image.Image, view: Mapping[str, Any], x: int, y: int) -> None:
    piles = view.get("piles") or {}
    for index, back in enumerate(("water", "land")):
        pile = piles.get(back)
        if not isinstance(pile, Mapping):
            continue
        left = x + index * 90
        paste(board, tile_back(back, 64), (left, y))
        count_badge(board, int(pile.get("count") or 0), (left + 32, y + 64))


def _draw_decision(
    board: Image.Image, view: Mapping[str, Any], mf: MapFrame, x: int, y: int
) -> None:
    """What a pending choice is about: the square an Agent would move to (``relocate``), or
    the numbered tiles a chest map may be re-chosen from (``maps``: ``keep 1`` … ``keep 3``)."""
    decision = section(view, "decision")
    target = decision.get("target")
    if decision.get("kind") == "relocate" and isinstance(target, Sequence) and len(target) == 2:
        tx, ty = int(target[0]), int(target[1])
        if mf.shows(tx, ty):
            px, py = mf.cell_xy(tx, ty)
            paste(board, frame(mf.tile, mf.tile, HIGHLIGHT, 5), (px - 5, py - 5))
    if decision.get("kind") != "maps":
        return
    for index, option in enumerate(list(decision.get("options") or [])[:3]):
        if not isinstance(option, Mapping):
            continue
        left = x + index * 84
        sprite = tile_sprite(
            str(option.get("edges", "WWWW")),
            str(option.get("wind", "NE")),
            bool(option.get("wonder")),
            bool(option.get("city")),
            bool(option.get("mythical")),
            bool(option.get("disaster")),
            64,
        )
        board.paste(sprite, (left, y))
        count_badge(board, index + 1, (left + 32, y + 64))


def _draw_minimap(
    board: Image.Image, view: Mapping[str, Any], mf: MapFrame, right: int, y: int
) -> None:
    """When the map is cropped: the whole map, one dot per tile, and the shown window."""
    if not mf.cropped:
        return
    west, south, east, north = mf.bounds
    cell = max(1, min(6, MINIMAP // max(east - west + 1, north - south + 1)))
    width, height = (east - west + 1) * cell, (north - south + 1) * cell
    left = right - width
    draw = ImageDraw.Draw(board)
    draw.rectangle((left - 4, y - 4, left + width + 4, y + height + 4), fill=(10, 24, 40))
    for tile in view.get("tiles") or []:
        tx, ty = int(tile["x"]) - west, north - int(tile["y"])
        colour = LAND if str(tile.get("edges", "")).count("L") >= 2 else WATER
        draw.rectangle(
            (
                left + tx * cell,
                y + ty * cell,
                left + tx * cell + cell - 1,
                y + ty * cell + cell - 1,
            ),
            fill=colour,
        )
    wx, wy = (mf.left - west) * cell, (north - mf.top) * cell
    draw.rectangle(
        (left + wx, y + wy, left + wx + mf.columns * cell, y + wy + mf.rows * cell),
        outline=HIGHLIGHT,
        width=2,
    )


def _board_image(view: Mapping[str, Any]) -> Image.Image:
    mf = map_frame(view)
    map_w, map_h = mf.size
    width = max(MIN_WIDTH, map_w + 2 * MARGIN)
    mf = replace(mf, x0=(width - map_w) // 2)
    players = len(view.get("turn_order") or view.get("players") or [])
    info_top = MARGIN + map_h + 14
    panel_top = info_top + INFO_ROW + 8
    height = panel_top + players * (PLAYER_ROW + 8) + (MINIMAP + 30 if mf.cropped else 110)
    board, draw = new_canvas(width, height, SEA)
    draw.rectangle((mf.x0, MARGIN, mf.x0 + map_w - 1, MARGIN + map_h - 1), fill=GAP)
    _draw_tiles(board, view, mf)
    _draw_path(board, view.get("last_path") or [], mf, LAST_PATH_COLOUR, max(2, mf.tile // 22))
    _draw_reachable(board, view, mf)
    _draw_path(board, view.get("path") or [], mf, PATH_COLOUR, max(3, mf.tile // 14))
    _draw_pieces(board, view, mf)
    _draw_crop_hints(board, mf)
    _draw_offscreen(board, view, mf)
    _draw_info(board, view, info_top)
    bottom = _draw_players(board, view, panel_top)
    _draw_moves(board, view, MARGIN + 10, bottom + 14)
    _draw_piles(board, view, MARGIN + 220, bottom + 6)
    _draw_decision(board, view, mf, MARGIN + 420, bottom + 6)
    _draw_minimap(board, view, mf, width - MARGIN - 100, bottom + 8)
    status = section(view, "status")
    draw_result(
        board,
        "finished" if status.get("result") == "finished" else "playing",
        (width - MARGIN - 44, bottom + 50),
        64,
    )
    return board


def _hand_image(view: Mapping[str, Any]) -> Image.Image:
    """Cartolan hides nothing: the viewer's "hand" is their row of the panel (Vault, Agents,
    Adventurers with Chests and chest maps)."""
    seat = view.get("viewer")
    if seat is None:
        seat = (view.get("decision") or {}).get("seat", 0)
    players = [p for p in view.get("players") or [] if p.get("seat") == seat]
    mine = dict(view) | {"turn_order": [seat], "players": players, "status": {}}
    widths: list[int] = []
    scratch, _ = new_canvas(2 * MIN_WIDTH, PLAYER_ROW + 2 * MARGIN, SEA)
    _draw_players(scratch, mine, MARGIN, widths)
    # as wide as the row's content (no empty strip on a phone)
    image, _ = new_canvas(max(widths + [480]) + MARGIN, PLAYER_ROW + 2 * MARGIN, SEA)
    _draw_players(image, mine, MARGIN)
    return image


def sample_views() -> list[dict[str, Any]]:
    """Fixed views touching every colour the map uses (for the palette)."""
    winds = ("NE", "SE", "SW", "NW")
    tiles = []
    for index in range(16):
        edges = "".join("L" if (index >> bit) & 1 else "W" for bit in range(4))
        tiles.append(
            {
                "x": index % 4,
                "y": index // 4,
                "edges": edges,
                "wind": winds[index % 4],
                "wonder": index % 3 == 0,
                "city": index == 5,
                "mythical": index == 6,
                "disaster": index == 7,
                "dropped": 3 if index == 9 else 0,
            }
        )
    tiles.append({"x": 4, "y": 0, "edges": "LLLL", "wind": "NE", "city": True, "mythical": True})
    adventurers = [
        {
            "seat": s,
            "number": 1,
            "x": s,
            "y": 1,
            "chest": s,
            "pirate": s == 1,
            "moving": s == 0,
            "maps": [
                {"edges": "WLWL", "wind": "NE"},
                {"edges": "LLWW", "wind": "SW", "wonder": True},
            ],
        }
        for s in range(4)
    ]
    agents = [{"seat": s, "x": s, "y": 2, "wealth": s, "ransacked": s == 2} for s in range(4)]
    players = [
        {
            "seat": s,
            "vault": 10 * s,
            "adventurers": 1,
            "agents": 1,
            "max_adventurers": 4,
            "max_agents": 4,
        }
        for s in range(4)
    ]
    reachable = [
        {"x": 5, "y": y, "side": "E", "kind": kind, "explore": y == 0}
        for y, kind in enumerate(REACH_COLOURS)
    ]
    base = {
        "turn_order": [0, 1, 2, 3],
        "tiles": tiles,
        "adventurers": adventurers,
        "agents": agents,
        "players": players,
        "reachable": reachable,
        "path": [[0, 1], [1, 1], [1, 2]],
        "last_path": [[2, 2], [3, 2]],
        "decision": {"kind": "move", "seat": 0},
        "moves": {"total": 4, "used": 1, "any_direction_left": 1, "land_left": 1},
        "piles": {"water": {"count": 30}, "land": {"count": 12}},
        "status": {"result": "finished", "winners": [0]},
    }
    wide = [
        {"x": x, "y": y, "edges": "WWWW" if (x + y) % 3 else "WLWL", "wind": "NE"}
        for x in range(-20, 20)
        for y in range(-3, 3)
    ]
    return [base, base | {"tiles": wide, "status": {}}]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    views = sample_views()
    return build_palette([_board_image(view) for view in views] + [_hand_image(views[0])])


def render_board(view: Mapping[str, Any]) -> bytes:
    return encode_png(_board_image(view), palette())


def render_hand(view: Mapping[str, Any]) -> bytes:
    return encode_png(_hand_image(view), palette())


#: The RGB picture before palette mapping (animated replays shrink it themselves).
board_image = _board_image
