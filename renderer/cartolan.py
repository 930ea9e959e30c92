"""Cartolan – Trade Winds: the map of placed tiles with every piece, the moving Adventurer's
reachable squares and paths, and a panel of Vaults, Chests, chest maps, moves and piles.

View keys: ``docs/games/cartolan.md`` ("View keys"). Seats are 0-based and shown as seat + 1.
The map (``renderer.cartolan_map``) is fitted to the picture; when it is too large to stay
readable it is cropped to a window that shows the seat to move and moves as little as
possible, the pieces outside it stand in a ring around it, and a minimap shows the whole map
with every piece. Every drawn element is recorded for the visibility tests
(``renderer.inspect``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer import inspect
from renderer.cards import frame, paste
from renderer.cartolan_art import (
    EFFECT_ICONS,
    GAP,
    LAND,
    MYTHICAL,
    OUTLINE,
    PIECE_TEXT,
    TILE_LAYERS,
    adventurer_token,
    agent_token,
    castle_icon,
    coin,
    count_pill,
    effect_icon,
    tile_back,
    tile_layer,
    vault_icon,
)
from renderer.cartolan_map import (
    LAST_PATH_COLOUR,
    MARGIN,
    MAX_TILE,
    MIN_TILE,
    MINIMAP,
    PATH_COLOUR,
    REACH_COLOURS,
    TILE_STEP,
    WHOLE_MIN_TILE,
    MapFrame,
    draw_crop_hints,
    draw_decision_target,
    draw_minimap,
    draw_offscreen,
    draw_path,
    draw_pieces,
    draw_reachable,
    draw_tiles,
    map_frame,
    overview_frame,
    paste_token,
    piece_name,
    tile_picture,
)
from renderer.icons import seat_disc, star
from renderer.layout import count_badge, draw_result
from renderer.palette_canvas import board_canvas
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

MIN_WIDTH = 700
PLAYER_ROW = 70
#: Each further line of a seat's panel row (Adventurers, chest maps and cards wrap).
PANEL_LINE = 52
SEA: RGB = (18, 40, 64)
#: The seat deciding now: a thick white frame and arrow (white is no seat's colour).
TO_MOVE: RGB = (255, 255, 255)
INFO_ROW = 56
DECK_COLOURS: dict[str, RGB] = {
    "cadre": (120, 80, 170),
    "character": (0, 120, 110),
    "manuscript": (150, 95, 40),
    "discovery": (70, 90, 130),
}


@dataclass(frozen=True, slots=True)
class PanelItem:
    """One thing in a seat's panel row, placed by :func:`panel_rows`."""

    kind: str  # "cadre", "adventurer", "map", "card"
    data: Mapping[str, Any]
    width: int
    x: int = 0
    line: int = 0


PANEL_START = 252
#: Further lines of a seat's row start under its Vault, past the seat's disc.
PANEL_WRAP = 64
MAP_SIDE = 44


def _card_width(card: Mapping[str, Any]) -> int:
    return _chip_width(_chip(card))


#: A card chip with an icon: this wide, the icon this tall.
ICON_CHIP = 44
ICON = 28


@lru_cache(maxsize=64)
def _chip_width(effect: str) -> int:
    if effect in EFFECT_ICONS:
        return ICON_CHIP
    return text_size(effect[:3].upper(), PIECE_TEXT)[0] + 14


@lru_cache(maxsize=128)
def _chip_sprite(effect: str, colour: RGB) -> Image.Image:
    """A card: its effect's icon (the first three letters of one without an icon)."""
    width = _chip_width(effect)
    image, draw = new_canvas(width + 1, 37, SEA)
    draw.rounded_rectangle(
        (0, 0, width, 36), radius=6, fill=colour, outline=(235, 235, 240), width=2
    )
    if effect in EFFECT_ICONS:
        paste(image, effect_icon(effect, ICON), ((width + 1 - ICON) // 2, (37 - ICON) // 2))
    else:
        paste_text(image, (width / 2, 19), effect[:3].upper(), PIECE_TEXT, (255, 255, 255))
    return image


def _chip(card: Mapping[str, Any]) -> str:
    """The effect a card chip shows (the engine's name)."""
    return str(card.get("effect", "?"))


def _seat_items(
    seat: int, player: Mapping[str, Any], adventurers: Sequence[Mapping[str, Any]]
) -> list[PanelItem]:
    items = []
    if isinstance(player.get("cadre"), Mapping):
        items.append(PanelItem("cadre", player["cadre"], _card_width(player["cadre"]) + 12))
    for adventurer in adventurers:
        if int(adventurer.get("seat", -1)) != seat:
            continue
        chest = coin(str(adventurer.get("chest", 0)), 36)
        items.append(PanelItem("adventurer", adventurer, 60 + chest.width))
        items += [PanelItem("map", m, MAP_SIDE + 4) for m in adventurer.get("maps") or []]
        items += [
            PanelItem("card", c, _card_width(c) + 4)
            for c in adventurer.get("cards") or []
            if isinstance(c, Mapping)
        ]
        items[-1] = replace(items[-1], width=items[-1].width + 14)
    return items


def panel_rows(view: Mapping[str, Any], width: int) -> list[tuple[int, list[PanelItem], int]]:
    """Per seat in playing order: its items placed in lines within ``width`` (an Adventurer
    with its Chest never splits; its chest maps and cards wrap), and the row's height."""
    players = {int(p.get("seat", 0)): p for p in view.get("players") or []}
    order = [int(s) for s in view.get("turn_order") or sorted(players)]
    adventurers = list(view.get("adventurers") or [])
    rows = []
    limit = width - 12
    for seat in order:
        placed, x, line = [], PANEL_START, 0
        for item in _seat_items(seat, players.get(seat, {}), adventurers):
            if x + item.width > limit and x > (PANEL_START if line == 0 else PANEL_WRAP):
                x, line = PANEL_WRAP, line + 1
            placed.append(replace(item, x=x, line=line))
            x += item.width
        rows.append((seat, placed, PLAYER_ROW + line * PANEL_LINE))
    return rows


def _draw_players(
    board: Image.Image,
    view: Mapping[str, Any],
    top: int,
    width: int,
    rows: list[tuple[int, list[PanelItem], int]] | None = None,
) -> int:
    """A row per seat in playing order: seat, Vault, Agents left, then each Adventurer with
    its Chest, chest maps and cards, wrapped onto more lines when needed. The seat deciding
    now is framed; winners get a star. Returns the bottom of the panel."""
    players = {int(p.get("seat", 0)): p for p in view.get("players") or []}
    decision_seat = (view.get("decision") or {}).get("seat")
    status = section(view, "status")
    winners = {int(s) for s in status.get("winners") or []}
    y = top
    for seat, items, height in rows if rows is not None else panel_rows(view, width):
        board.paste(_player_row(width, height, player_colour(seat + 1)), (MARGIN, y))
        if seat == decision_seat and not winners:
            paste(board, frame(width, height, TO_MOVE, 6), (MARGIN - 6, y - 6))
            middle = y + height / 2
            ImageDraw.Draw(board).polygon(
                [(1, middle - 12), (13, middle), (1, middle + 12)], fill=TO_MOVE
            )
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), 46), (MARGIN + 8, y + 12))
        inspect.record(
            "piece",
            f"seat {seat + 1}",
            (MARGIN + 8, y + 12, MARGIN + 54, y + 58),
            may_cover=("row",),
        )
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
        for item in items:
            _draw_item(board, item, seat, MARGIN + item.x, y + item.line * PANEL_LINE)
        y += height + 8
    return y


def _draw_item(board: Image.Image, item: PanelItem, seat: int, x: int, y: int) -> None:
    if item.kind == "adventurer":
        adventurer = item.data
        paste_token(
            board,
            adventurer,
            f"{seat + 1}.{adventurer.get('number', '?')}",
            50,
            (x, y + 10),
            "panel " + piece_name(adventurer, "adventurer"),
            moving=bool(adventurer.get("moving")),
            may_cover=("row",),
        )
        chest = coin(str(adventurer.get("chest", 0)), 36)
        paste(board, chest, (x + 54, y + 17))
        inspect.record(
            "token", "chest", (x + 54, y + 17, x + 54 + chest.width, y + 53), may_cover=("row",)
        )
    elif item.kind == "map":
        board.paste(tile_picture(item.data, MAP_SIDE), (x, y + 13))
        inspect.record(
            "card", "chest map", (x, y + 13, x + MAP_SIDE, y + 13 + MAP_SIDE), may_cover=("row",)
        )
    else:
        _draw_card(board, item.data, x + (0 if item.kind == "cadre" else 4), y + 17)


def _draw_card(board: Image.Image, card: Mapping[str, Any], x: int, y: int) -> int:
    """An Advanced card face up: its deck's colour and its effect's icon; greyed while it is
    not active yet. Returns the right edge."""
    label = _chip(card)
    colour = DECK_COLOURS.get(str(card.get("deck")), (90, 90, 90))
    if card.get("active") is False:
        colour = tuple((c + 2 * 110) // 3 for c in colour)  # type: ignore[assignment]
    width = _card_width(card)
    chip = _chip_sprite(label, colour)
    # the chip's corners are the panel's colour, not the sea's: paste only its rounded body
    board.paste(chip, (x, y), _chip_mask(chip.width, chip.height))
    inspect.record("card", label, (x, y, x + width + 1, y + 37), may_cover=("row",))
    return x + width


@lru_cache(maxsize=64)
def _chip_mask(width: int, height: int) -> Image.Image:
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=6, fill=255)
    return mask


@lru_cache(maxsize=32)
def _player_row(width: int, height: int, colour: RGB) -> Image.Image:
    image, draw = new_canvas(width + 1, height + 1, SEA)
    draw.rounded_rectangle((0, 0, width, height), radius=14, fill=PANEL, outline=colour, width=3)
    return image


def _draw_info(board: Image.Image, view: Mapping[str, Any], y: int) -> None:
    """Round, the Vault lead that wins (``> margin``) and the Advanced decks' counts; once
    the game is over, on the line under them, a banner with every winner's seat and Vault."""
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
        draw.rounded_rectangle(
            (x, y + 4, x + 28, y + 44), radius=5, fill=colour, outline=(235, 235, 240), width=2
        )
        paste_text(board, (x + 36, y + 24), str(count), PIECE_TEXT, LABEL, "lm")
        x += 90
    winners = _winners(view)
    if winners:  # on the next line, where the move meter and the piles stood
        _draw_banner(board, view, winners, y + INFO_ROW + 8)


def _winners(view: Mapping[str, Any]) -> list[int]:
    """The winning seats once the game is over (empty while it is played)."""
    status = section(view, "status")
    if status.get("result") != "finished":
        return []
    return [int(s) for s in status.get("winners") or []]


def _draw_banner(
    board: Image.Image, view: Mapping[str, Any], winners: Sequence[int], y: int
) -> None:
    """Once over: every winner's seat and Vault on a cream banner with a gold rim."""
    draw = ImageDraw.Draw(board)
    vaults = {int(p.get("seat", 0)): p.get("vault", 0) for p in view.get("players") or []}
    width = 96 + 150 * len(winners)
    left = MARGIN  # left of the minimap
    draw.rounded_rectangle(
        (left, y - 2, left + width, y + INFO_ROW - 6),
        radius=14,
        fill=(252, 251, 245),
        outline=(255, 204, 0),
        width=5,
    )
    paste(board, star(40), (left + 12, y + 3))
    x = left + 66
    for seat in winners:
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), 46), (x, y + 1))
        paste(board, vault_icon(34), (x + 52, y + 7))
        paste_text(
            board, (x + 92, y + 24), str(vaults.get(seat, 0)), PIECE_TEXT, (30, 30, 34), "lm"
        )
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
        pill = count_pill(str(int(pile.get("count") or 0)), 36)
        paste(board, pill, (left + 32 - pill.width / 2, y + 64 - 18))


def _draw_decision(board: Image.Image, view: Mapping[str, Any], x: int, y: int) -> None:
    """A pending chest-map choice: the numbered tiles it may be re-chosen from (``keep 1``
    … ``keep 3``)."""
    decision = section(view, "decision")
    if decision.get("kind") != "maps":
        return
    for index, option in enumerate(list(decision.get("options") or [])[:3]):
        if not isinstance(option, Mapping):
            continue
        left = x + index * 84
        board.paste(tile_picture(option, 64), (left, y))
        count_badge(board, index + 1, (left + 32, y + 64))


def draw_board(view: Mapping[str, Any], reference: Image.Image | None = None) -> Image.Image:
    """The board in full colour, or on ``reference``'s palette when given (see
    ``renderer.palette_canvas``): the palette is learnt from the first, boards are posted from
    the second."""
    return board_and_frame(view, reference=reference)[0]


Trail = tuple[int, Sequence[tuple[int, int]]]


def board_and_frame(
    view: Mapping[str, Any],
    previous: MapFrame | None = None,
    trails: Sequence[Trail] = (),
    overview: bool = False,
    reference: Image.Image | None = None,
) -> tuple[Image.Image, MapFrame]:
    """The board and the map window it shows. A replay passes the window on to the next
    frame, the ``trails`` its Adventurers followed since the last frame ((seat, cells)), and
    asks for the whole map (``overview``); drawn on ``reference``'s palette when given."""
    mf = overview_frame(view, previous) if overview else map_frame(view, previous)
    outer_w, outer_h = mf.outer
    width = max(MIN_WIDTH, outer_w + 2 * MARGIN)
    mf = replace(mf, x0=(width - outer_w) // 2 + mf.ring, y0=MARGIN + mf.ring)
    panel_top = MARGIN + outer_h + 14
    rows = panel_rows(view, width - 2 * MARGIN)
    bottom = panel_top + sum(height + 8 for _, _, height in rows)
    # under the panel, left of the minimap: the info line, then the move meter and the
    # piles, then a pending chest-map choice
    info_top = bottom + 4
    meter_top = info_top + INFO_ROW
    choosing = section(view, "decision").get("kind") == "maps"
    west, south, east, north = mf.bounds
    minimap = round(MINIMAP * (north - south + 1) / max(east - west + 1, north - south + 1))
    height = max(
        meter_top + 90 + (84 if choosing else 0), bottom + minimap + 24 if mf.cropped else 0
    )
    board = board_canvas(width, height, SEA, reference)
    draw = ImageDraw.Draw(board)
    draw.rectangle((mf.box[0], mf.box[1], mf.box[2] - 1, mf.box[3] - 1), fill=GAP)
    inspect.record("area", "map", mf.box, may_cover=("area",))
    draw_tiles(board, view, mf)
    draw_path(board, view.get("last_path") or [], mf, LAST_PATH_COLOUR, max(2, mf.tile // 22))
    for seat, cells in trails:
        draw_path(board, cells, mf, OUTLINE, max(6, mf.tile // 9), f"way {seat + 1}")
        draw_path(
            board, cells, mf, player_colour(seat + 1), max(3, mf.tile // 16), f"way {seat + 1}"
        )
    draw_reachable(board, view, mf)
    draw_path(board, view.get("path") or [], mf, PATH_COLOUR, max(3, mf.tile // 14))
    draw_decision_target(board, view, mf)
    draw_pieces(board, view, mf)
    draw_crop_hints(board, mf)
    draw_offscreen(board, view, mf)
    _draw_players(board, view, panel_top, width - 2 * MARGIN, rows)
    _draw_info(board, view, info_top)
    if not _winners(view):
        _draw_moves(board, view, MARGIN + 10, meter_top + 8)
        _draw_piles(board, view, MARGIN + 220, meter_top)
    _draw_decision(board, view, MARGIN + 10, meter_top + 90)
    right = width - MARGIN - 4
    draw_minimap(board, view, mf, right, bottom + 8)
    status = section(view, "status")
    draw_result(
        board,
        "finished" if status.get("result") == "finished" else "playing",
        (right - (MINIMAP + 50 if mf.cropped else 40), meter_top + 44),
        64,
    )
    return board, mf


class ReplayPainter:
    """Frames of an animated replay (``renderer.replay``): the whole map, kept at one place
    and scale until it outgrows it (:func:`overview_frame`), and the way every Adventurer went
    since the previous frame, in its seat's colour (a jump, e.g. back to a city after a
    wreck, starts a new line)."""

    def __init__(self) -> None:
        self.window: MapFrame | None = None
        self.ways: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}

    def step(self, view: Mapping[str, Any]) -> None:
        for adventurer in view.get("adventurers") or []:
            key = (int(adventurer.get("seat", 0)), int(adventurer.get("number", 0) or 0))
            cell = (int(adventurer["x"]), int(adventurer["y"]))
            lines = self.ways.setdefault(key, [[cell]])
            last = lines[-1][-1]
            if cell == last:
                continue
            if abs(cell[0] - last[0]) + abs(cell[1] - last[1]) == 1:
                lines[-1].append(cell)
            else:
                lines.append([cell])

    def frame(self, view: Mapping[str, Any]) -> Image.Image:
        trails = [
            (seat, line)
            for (seat, _), lines in sorted(self.ways.items())
            for line in lines
            if len(line) >= 2
        ]
        image, self.window = board_and_frame(view, self.window, trails, overview=True)
        self.ways = {key: [[lines[-1][-1]]] for key, lines in self.ways.items()}
        return image


def _hand_image(view: Mapping[str, Any]) -> Image.Image:
    """Cartolan hides nothing: the viewer's "hand" is their row of the panel (Vault, Agents,
    Adventurers with Chests, chest maps and cards)."""
    seat = view.get("viewer")
    if seat is None:
        seat = (view.get("decision") or {}).get("seat", 0)
    players = [p for p in view.get("players") or [] if p.get("seat") == seat]
    mine = dict(view) | {"turn_order": [seat], "players": players, "status": {}}
    rows = panel_rows(mine, MIN_WIDTH - 2 * MARGIN)  # no wider than a board
    # as wide as the row's content (no empty strip on a phone)
    content = max([item.x + item.width for _, items, _ in rows for item in items] + [480])
    image, _ = new_canvas(content + 2 * MARGIN, rows[0][2] + 2 * MARGIN, SEA)
    _draw_players(image, mine, MARGIN, content, rows)
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


def warm_up() -> None:
    """Build now what the first boards would otherwise build on the way: the palette, every
    tile layer and castle at the tile sizes a board uses (the whole map's steps, the cropped
    map's, chest maps and choices), and each seat's pieces at the cropped map's size. For
    the bot to call once at start, in a thread (``renderer.warm_up``)."""
    palette()
    for side in (*range(WHOLE_MIN_TILE, MAX_TILE + 1, TILE_STEP), MAP_SIDE):
        for layer in TILE_LAYERS:
            tile_layer(layer, side)
        for walls in (MYTHICAL, (250, 250, 245)):
            castle_icon(int(side * 0.62), walls)
        star(int(side * 0.44))
    side = MIN_TILE // 2 - 2
    for seat in range(1, 5):
        colour = player_colour(seat)
        for label in (str(seat), *(f"{seat}.{n}" for n in range(1, 4))):
            for pirate, moving in ((False, False), (False, True), (True, False)):
                adventurer_token(label, colour, side, pirate, moving)
        agent_token(str(seat), colour, int(MIN_TILE * 0.4), False)
    for effect in EFFECT_ICONS:
        effect_icon(effect, ICON)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    views = sample_views()
    return build_palette([draw_board(view) for view in views] + [_hand_image(views[0])])


def palette_board(view: Mapping[str, Any]) -> Image.Image:
    """The board drawn on the game's palette (a ``P`` picture): what a PNG board holds."""
    return draw_board(view, palette())


def render_board(view: Mapping[str, Any]) -> bytes:
    return encode_png(palette_board(view), palette())


def render_hand(view: Mapping[str, Any]) -> bytes:
    return encode_png(_hand_image(view), palette())


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The posted board in RGB (animated replays shrink and map it themselves)."""
    return palette_board(view).convert("RGB")
