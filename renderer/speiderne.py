"""Speiderne: the 3x4 map of regions with its 14 starting places, the players, the insurance
row, deck and discard, the expeditions with their cards and the last region event.

View keys: ``docs/games/speiderne.md`` ("View keys"). Seats are 0-based in the view and
shown as seat + 1, as the bot's messages do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderer.cards import card_back, frame, full_deck_strings, paste, paste_card, paste_frame
from renderer.handpic import hand_picture
from renderer.icons import cards_icon, event_icon, expedition_token, ink_on, seat_disc, star
from renderer.inspect import record, recording_active
from renderer.layout import (
    Box,
    draw_arrow,
    draw_discard,
    draw_pile,
    last_action_words,
)
from renderer.palette_canvas import board_canvas
from renderer.toolkit import (
    HIGHLIGHT,
    INK,
    LABEL,
    LOSS,
    MUTED,
    PANEL,
    PAPER,
    RGB,
    TABLE,
    TABLE_DARK,
    build_palette,
    draw_text,
    encode_png,
    new_canvas,
    paste_text,
    player_colour,
    section,
    text_size,
)

COLUMNS = "ABCD"
ROWS = "123"
MARGIN = 20
SIDE_PLACE_W = 92
PLACE_H = 76
REGION = (172, 164)
STEP = 6
MAP_X = MARGIN + SIDE_PLACE_W + STEP
MAP_Y = MARGIN + PLACE_H + STEP
MAP_RIGHT = MAP_X + 4 * (REGION[0] + STEP) - STEP
MAP_BOTTOM = MAP_Y + 3 * (REGION[1] + STEP) - STEP
WIDTH = MAP_RIGHT + STEP + SIDE_PLACE_W + MARGIN
CARD = (100, 136)
REGION_CARD = (72, 100)
MINI = (50, 66)
TOKEN = (88, 62)
#: The smallest expedition chip (crowded regions): its id still fits at TEXT px.
CHIP_MIN_H = 30
#: Chips taller than this gain nothing (two columns of 40 px beat one of 22 px).
CHIP_GOOD_H = 40
#: How far a discovered region's ground goes from the table towards its discoverer's colour:
#: at 0.85 every pair of seats' grounds keeps CAM02-UCS ΔE ≥ 20 under normal, deutan and
#: protan vision (tests/renderer/test_colours.py; 0.55 fell to 17.8).
TINT = 0.85
#: Every text carrying information: ≥ 7 px as a phone shows the 942 px board (renderer.display).
TEXT = 33
DISC = 44
PLAYERS_Y = MAP_BOTTOM + STEP + PLACE_H + 30
PLAYER_BOX = (142, 92)
TABLE_Y = PLAYERS_Y + PLAYER_BOX[1] + 60
FUNDING_Y = TABLE_Y + CARD[1] + 40
FUNDING_ROW = 92
EXPEDITIONS_Y = FUNDING_Y
EXPEDITION_ROW = 72
COLUMN_W = (WIDTH - 2 * MARGIN) // 2
#: White, thick and with an arrow: "to move" is a shape in a colour no seat uses.
TO_MOVE: RGB = (255, 255, 255)
BANNER_H = 84
EVENT_KINDS = ("storm", "windless", "pirates", "treasure")


def lay_card(
    board: Image.Image,
    text: str | None,
    xy: tuple[float, float],
    size: tuple[int, int],
    background: RGB | None = None,
) -> None:
    """Lay a card with its rank at least TEXT px (the board is shown at 0.29 scale)."""
    paste_card(board, text, xy, size, background, TEXT)


def region_box(name: str) -> Box:
    column, row = COLUMNS.index(name[0]), ROWS.index(name[1])
    return Box(MAP_X + column * (REGION[0] + STEP), MAP_Y + row * (REGION[1] + STEP), *REGION)


def place_box(name: str) -> Box:
    """Starting places (rules "Make ready"): A0–D0 above, A4–D4 below, L1–L3 left, R1–R3 right."""
    head, tail = name[0], name[1]
    if head in COLUMNS and tail in "04":
        column = region_box(head + "1")
        y = MARGIN if tail == "0" else MAP_BOTTOM + STEP
        return Box(column.x, y, REGION[0], PLACE_H)
    row = region_box("A" + tail)
    x = MARGIN if head == "L" else MAP_RIGHT + STEP
    return Box(x, row.y, SIDE_PLACE_W, REGION[1])


def spot_box(name: str) -> Box | None:
    """A region or a starting place by name; ``None`` for anything else."""
    if len(name) != 2:
        return None
    if name[0] in COLUMNS and name[1] in ROWS:
        return region_box(name)
    if (name[0] in COLUMNS and name[1] in "04") or (name[0] in "LR" and name[1] in ROWS):
        return place_box(name)
    return None


PLACES = tuple(
    [c + "0" for c in COLUMNS]
    + [c + "4" for c in COLUMNS]
    + [f"L{r}" for r in ROWS]
    + [f"R{r}" for r in ROWS]
)


def _tint(colour: RGB, amount: float, base: RGB = TABLE_DARK) -> RGB:
    return tuple(int(b + (c - b) * amount) for c, b in zip(colour, base, strict=True))  # type: ignore[return-value]


def region_ground(colour: RGB) -> RGB:
    """A discovered region's ground in its discoverer's ``colour``."""
    return _tint(colour, TINT)


def hand_band(colour: RGB) -> RGB:
    """The band over a seat's hand picture."""
    return _tint(colour, 0.45, PANEL)


@lru_cache(maxsize=16)
def _named_back(name: str) -> Image.Image:
    image = card_back(*REGION_CARD).copy()
    draw = ImageDraw.Draw(image)
    w, h = REGION_CARD
    draw.rounded_rectangle(
        (w / 2 - 31, h / 2 - 19, w / 2 + 31, h / 2 + 19), radius=10, fill=(18, 34, 70)
    )
    draw_text(draw, (w / 2, h / 2 + 1), name, TEXT, (240, 240, 245))
    return image


@lru_cache(maxsize=4)
def _occupied_place(width: int, height: int) -> Image.Image:
    """A starting place without its big name (a token stands there; a small name is added)."""
    image, draw = new_canvas(width, height, TABLE)
    draw.rounded_rectangle((3, 3, width - 3, height - 3), radius=12, outline=(60, 120, 95), width=2)
    return image


@lru_cache(maxsize=16)
def _tile(fill: RGB) -> Image.Image:
    """A region's ground: dark when undiscovered, the discoverer's colour when discovered."""
    image, draw = new_canvas(REGION[0] + 1, REGION[1] + 1, TABLE)
    draw.rounded_rectangle((0, 0, REGION[0], REGION[1]), radius=14, fill=fill)
    return image


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The never-changing top of every board: felt and the 14 named starting places (the
    part below them is plain felt, so boards of any height start from this one picture)."""
    image, draw = new_canvas(WIDTH, PLAYERS_Y - 30, TABLE)
    for place in PLACES:
        box = place_box(place)
        image.paste(_occupied_place(box.w, box.h), box.xy)
        draw_text(draw, box.centre, place, TEXT, MUTED)
    return image


def _seat(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _draw_regions(
    board: Image.Image, view: Mapping[str, Any], by_spot: Mapping[str, list[Mapping[str, Any]]]
) -> None:
    """Each region's ground: its card (or its named back) and the discoverer's seat; with
    three or more expeditions there the card is small, leaving room for their chips."""
    regions = view.get("regions") or {}
    for column in COLUMNS:
        for row in ROWS:
            name = column + row
            box = region_box(name)
            region = regions.get(name) or {}
            card, by = region.get("card"), _seat(region.get("by"))
            board.paste(_region_picture(name, card, by, len(by_spot.get(name, [])) > 2), box.xy)
            record("region", name, box.corners)
            crowded = len(by_spot.get(name, [])) > 2
            size = MINI if crowded else REGION_CARD
            card_xy = (box.x + 6, box.y + 6 if crowded else box.y + 8)
            record(
                "card",
                f"region {name}",
                (*card_xy, card_xy[0] + size[0], card_xy[1] + size[1]),
                may_cover=("region",),
            )
            if card:
                _record_text(
                    "label", name, (box.x + 134, box.y + (34 if crowded else 16)), ("region",)
                )
            if card and by is not None:
                disc_xy = (
                    (box.x + 60, box.y + 10) if crowded else (box.x + 4, box.y + box.h - DISC - 2)
                )
                record(
                    "disc",
                    f"region {name}",
                    (*disc_xy, disc_xy[0] + DISC, disc_xy[1] + DISC),
                    may_cover=("region", "card"),
                )


def _ground(card: str | None, by: int | None) -> RGB:
    """A region's ground: its discoverer's tint once discovered, else the dark table."""
    return region_ground(player_colour(by + 1)) if card and by is not None else TABLE_DARK


@lru_cache(maxsize=96)
def _region_picture(name: str, card: str | None, by: int | None, crowded: bool) -> Image.Image:
    """A region as one opaque picture: its ground (the discoverer's tint), its card (small
    when three or more expeditions stand there) or named back, its name and the discoverer's
    seat disc; the expeditions are pasted on it later."""
    fill = _ground(card, by)
    image = _tile(fill).copy()
    size = MINI if crowded else REGION_CARD
    card_xy = (6, 6 if crowded else 8)
    if card:
        lay_card(image, card, card_xy, size, fill)
        paste_text(image, (134, 34 if crowded else 16), name, TEXT, ink_on(fill))
        if by is not None:
            disc_xy = (60, 10) if crowded else (4, REGION[1] - DISC - 2)
            paste(image, seat_disc(str(by + 1), player_colour(by + 1), DISC, TEXT), disc_xy)
    elif crowded:
        lay_card(image, None, card_xy, size)
        paste_text(image, (134, 34), name, TEXT, LABEL)
    else:
        paste(image, _named_back(name), card_xy)
    return image


def _draw_region_tokens(
    board: Image.Image, view: Mapping[str, Any], by_spot: Mapping[str, list[Mapping[str, Any]]]
) -> None:
    """The expeditions on the regions, drawn after the last move's arrow so it never hides one."""
    regions = view.get("regions") or {}
    for column in COLUMNS:
        for row in ROWS:
            box = region_box(column + row)
            slots = [(box.x + 80, box.y + 34), (box.x + 80, box.y + 100)]
            crowd = Box(box.x + 6, box.y + 78, box.w - 12, box.h - 80)
            region = regions.get(column + row) or {}
            _draw_group(
                board,
                by_spot.get(column + row, []),
                slots,
                crowd,
                "region",
                _ground(region.get("card"), _seat(region.get("by"))),
            )


def _record_text(
    kind: str,
    name: str,
    centre: tuple[float, float],
    on: tuple[str, ...],
    text: str | None = None,
    size: int = TEXT,
) -> None:
    """Record a centred label (``text``, else its name) by its ink box (when a test records:
    measuring text costs a FreeType call)."""
    if not recording_active():
        return
    width, height = text_size(name if text is None else text, size)
    x, y = int(centre[0] - width / 2), int(centre[1] - height / 2)
    record(kind, name, (x, y, x + width, y + height), may_cover=on)


def _draw_group(
    board: Image.Image,
    expeditions: Sequence[Mapping[str, Any]],
    slots: Sequence[tuple[int, int]],
    crowd: Box,
    ground: str,
    ground_colour: RGB,
) -> None:
    """Every expedition of one spot: full tokens on ``slots`` while they suffice, else chips
    (owner colour and id) in a grid filling ``crowd``; never more than the spot can show
    legibly (4 on a region), the last chip then saying ``+n``."""
    if len(expeditions) <= len(slots):
        for expedition, xy in zip(expeditions, slots, strict=False):
            board.paste(_token(expedition, ground_colour), xy)
            record(
                "token",
                str(expedition.get("id", "?")),
                (*xy, xy[0] + TOKEN[0], xy[1] + TOKEN[1]),
                may_cover=(ground,),
            )
        return
    columns, rows, width, height = _chip_grid(len(expeditions), crowd)
    capacity = columns * rows
    for index, expedition in enumerate(expeditions[:capacity]):
        row, column = divmod(index, columns)
        x, y = crowd.x + column * (width + 3), crowd.y + row * (height + 3)
        owner = _seat(expedition.get("owner")) or 0
        colour = player_colour(owner + 1)
        more = len(expeditions) - capacity + 1
        text = f"+{more}" if index == capacity - 1 and more > 1 else str(expedition.get("id", "?"))
        paste(board, _chip(text, colour, width, height), (x, y))
        record("token", text, (x, y, x + width, y + height), may_cover=(ground,))


def _chip_grid(count: int, crowd: Box) -> tuple[int, int, int, int]:
    """(columns, rows, chip width, chip height): chips at least CHIP_MIN_H tall and wide
    enough for an id, as tall as possible up to CHIP_GOOD_H, in as few columns as that allows;
    when even the smallest do not fit, as many rows of the smallest as the space holds."""
    need = text_size("E88", TEXT)[0] + 8
    layouts = []
    for columns in range(1, 4):
        width = (crowd.w - 3 * (columns - 1)) // columns
        if width < need:
            break
        rows = -(-count // columns)
        height = min(TOKEN[1], (crowd.h - 3 * (rows - 1)) // rows)
        if height >= CHIP_MIN_H:
            layouts.append((min(height, CHIP_GOOD_H), -columns, columns, rows, width, height))
    if layouts:
        _, _, columns, rows, width, height = max(layouts)
        return columns, rows, width, height
    columns = max(1, min(3, (crowd.w + 3) // (need + 3)))
    return (
        columns,
        (crowd.h + 3) // (CHIP_MIN_H + 3),
        (crowd.w - 3 * (columns - 1)) // columns,
        CHIP_MIN_H,
    )


@lru_cache(maxsize=64)
def _chip(text: str, colour: RGB, width: int, height: int) -> Image.Image:
    """A small expedition chip: the id on the owner's colour (its full token, with the seat
    number and card count, is in the list under the table)."""
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=6, fill=colour, outline=(255, 255, 255), width=2
    )
    draw_text(draw, (width / 2, height / 2 + 1), text, TEXT, ink_on(colour))
    return image


def _token(expedition: Mapping[str, Any], ground: RGB) -> Image.Image:
    """The expedition's token already laid on ``ground`` (pasting it is a plain copy)."""
    owner = _seat(expedition.get("owner")) or 0
    return _token_on(str(expedition.get("id", "?")), _count(expedition), owner, ground)


@lru_cache(maxsize=256)
def _token_on(name: str, count: int, owner: int, ground: RGB) -> Image.Image:
    piece = expedition_token(name, count, player_colour(owner + 1), owner + 1)
    image = Image.new("RGB", piece.size, ground)
    image.paste(piece, (0, 0), piece)
    return image


def _count(expedition: Mapping[str, Any]) -> int:
    count = expedition.get("count")
    return int(count) if isinstance(count, int) else len(expedition.get("cards") or [])


def _draw_places(
    board: Image.Image, by_spot: Mapping[str, list[Mapping[str, Any]]], tokens: bool
) -> None:
    """Occupied starting places: first (``tokens`` false) their ground and small name, then
    (after the last move's arrow) their expeditions."""
    for place in PLACES:
        expeditions = by_spot.get(place)
        if not expeditions:
            continue
        box = place_box(place)
        if not tokens:
            board.paste(_occupied_place(box.w, box.h), box.xy)
            record("place", place, box.corners)
            paste_text(board, (box.x + 26, box.y + 17), place, TEXT, MUTED)
            _record_text("label", place, (box.x + 26, box.y + 17), ("place",))
            continue
        if place[0] in "LR":  # the narrow places left and right of the map stack tokens
            x = int(box.centre[0] - TOKEN[0] / 2)
            slots = [(x, box.y + 32), (x, box.y + 32 + TOKEN[1] + 4)]
            crowd = Box(box.x + 4, box.y + 30, box.w - 8, box.h - 34)
        else:
            slots = [(int(box.centre[0] - TOKEN[0] / 2) + 10, box.y + 7)]
            crowd = Box(box.x + 52, box.y + 4, box.w - 56, box.h - 8)
        _draw_group(board, expeditions, slots, crowd, "place", TABLE)


@lru_cache(maxsize=16)
def _player_box(seat: int, is_viewer: bool) -> Image.Image:
    """A seat's box with what never changes in it: the seat's disc, the points star and the
    hand icon (one opaque paste per board); the viewer's own is lighter."""
    colour = player_colour(seat + 1)
    image, draw = new_canvas(PLAYER_BOX[0] + 1, PLAYER_BOX[1] + 1, TABLE)
    fill = (44, 92, 72) if is_viewer else PANEL
    draw.rounded_rectangle((0, 0, *PLAYER_BOX), radius=14, fill=fill, outline=colour, width=3)
    paste(image, seat_disc(str(seat + 1), colour, DISC, TEXT), (8, 8))
    paste(image, star(28), (60, 12))
    paste(image, cards_icon(28), (60, 52))
    return image


def _draw_players(board: Image.Image, view: Mapping[str, Any]) -> None:
    """One box per seat: colour and number, points, hand size; the seat to move is ringed,
    the viewer's own box is marked, winners get a star band."""
    draw = ImageDraw.Draw(board)
    players = int(view.get("players") or len(view.get("scores") or {}) or 0)
    scores = view.get("scores") or {}
    hands = view.get("hand_sizes") or {}
    status = section(view, "status")
    winners = {int(s) for s in status.get("winners") or []}
    to_move = _seat(view.get("to_move"))
    viewer = _seat(view.get("viewer"))
    bonus = section(view, "insurance_bonus")
    for seat in range(players):
        x = MARGIN + seat * (PLAYER_BOX[0] + 10)
        y = PLAYERS_Y
        board.paste(_player_box(seat, seat == viewer), (x, y))
        if seat == to_move and not winners:
            paste(board, frame(PLAYER_BOX[0] + 1, PLAYER_BOX[1] + 1, TO_MOVE, 6), (x - 6, y - 6))
            centre = x + PLAYER_BOX[0] / 2
            draw.polygon(
                [(centre - 16, y - 22), (centre + 16, y - 22), (centre, y - 6)], fill=TO_MOVE
            )
        record("seat", str(seat), (x, y, x + PLAYER_BOX[0] + 1, y + PLAYER_BOX[1] + 1))
        record(
            "disc", f"seat {seat}", (x + 8, y + 8, x + 8 + DISC, y + 8 + DISC), may_cover=("seat",)
        )
        paste_text(board, (x + 112, y + 27), str(scores.get(str(seat), 0)), TEXT, LABEL)
        _record_text(
            "label",
            f"score {seat}",
            (x + 112, y + 27),
            ("seat",),
            str(scores.get(str(seat), 0)),
            26,
        )
        paste_text(board, (x + 112, y + 67), str(hands.get(str(seat), 0)), TEXT, LABEL)
        _record_text(
            "label", f"hand {seat}", (x + 112, y + 67), ("seat",), str(hands.get(str(seat), 0))
        )
        if bonus.get(str(seat)) and not winners:
            _insurance_bonus(board, x - 4, y - 28, str(seat))
        if seat in winners:
            paste(board, star(34), (x + PLAYER_BOX[0] - 24, y - 12))
            draw.rounded_rectangle(
                (x + 6, y + PLAYER_BOX[1] - 8, x + PLAYER_BOX[0] - 6, y + PLAYER_BOX[1] - 2),
                radius=3,
                fill=(255, 204, 0),
            )


def _shield(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The insurance shield (insurance protects against a storm), 26 x 30 px."""
    draw.polygon(
        [(x, y), (x + 26, y), (x + 26, y + 14), (x + 13, y + 30), (x, y + 14)],
        fill=(200, 215, 230),
        outline=(255, 255, 255),
    )


def _insurance_bonus(board: Image.Image, x: int, y: int, seat: str) -> None:
    """``insurance_bonus``: an amber tab on the seat box's corner, a shield and ``2`` (the
    seat may take two insurance cards on its turn, having lost an expedition); left of the
    "to move" arrow."""
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (x, y, x + 56, y + 34), radius=10, fill=HIGHLIGHT, outline=(255, 255, 255), width=2
    )
    _shield(draw, x + 5, y + 2)
    paste_text(board, (x + 43, y + 18), "2", TEXT, ink_on(HIGHLIGHT))
    record("bonus", seat, (x, y, x + 57, y + 35), may_cover=("seat",))


def _draw_table(board: Image.Image, view: Mapping[str, Any], highlight_insurance: bool) -> None:
    """Insurance row, main deck and discard pile, then the last region event."""
    insurance = list(view.get("insurance") or [])
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (MARGIN - 6, TABLE_Y - 12, MARGIN + 3 * (CARD[0] + 10) + 2, TABLE_Y + CARD[1] + 12),
        radius=14,
        fill=PANEL,
    )
    _insurance_tab(board, draw, len(insurance))
    for index in range(3):
        xy = (MARGIN + 4 + index * (CARD[0] + 10), TABLE_Y)
        lay_card(board, insurance[index] if index < len(insurance) else "", xy, CARD, PANEL)
        if index < len(insurance):
            record("card", f"insurance {insurance[index]}", (*xy, xy[0] + CARD[0], xy[1] + CARD[1]))
    if highlight_insurance:
        draw.rounded_rectangle(
            (MARGIN - 6, TABLE_Y - 12, MARGIN + 3 * (CARD[0] + 10) + 2, TABLE_Y + CARD[1] + 12),
            radius=14,
            outline=HIGHLIGHT,
            width=4,
        )
    deck_x = MARGIN + 3 * (CARD[0] + 10) + 30
    draw_pile(board, Box(deck_x, TABLE_Y, *CARD), int(view.get("deck") or 0), "deck")
    discard_size = int(view.get("discard") or 0)
    top = view.get("discard_top")
    discard: Sequence[str] | int = (
        ([""] * (discard_size - 1) + [top]) if top and discard_size else discard_size
    )
    draw_discard(board, Box(deck_x + CARD[0] + 24, TABLE_Y, *CARD), discard)
    _draw_event(
        board,
        view,
        Box(
            deck_x + 2 * CARD[0] + 48,
            TABLE_Y - 12,
            WIDTH - MARGIN - (deck_x + 2 * CARD[0] + 48),
            CARD[1] + 24,
        ),
    )


def _insurance_tab(board: Image.Image, draw: ImageDraw.ImageDraw, cards: int) -> None:
    """The insurance row's label: a tab with a shield (insurance protects against a storm)
    and the number of cards in the row."""
    left, bottom = MARGIN - 6, TABLE_Y - 12
    draw.rounded_rectangle((left, bottom - 40, left + 110, bottom + 10), radius=12, fill=PANEL)
    _shield(draw, left + 14, bottom - 34)
    paste_text(board, (left + 74, bottom - 18), f"{cards}/3", TEXT, LABEL)
    _record_text("label", f"{cards}/3", (left + 74, bottom - 18), ())


def _draw_event(board: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    """The storm waiting for a defence, else the most recent storm / windless / pirates /
    treasure: its icon, its region and the card that caused it."""
    pending = view.get("pending") if isinstance(view.get("pending"), Mapping) else None
    event = (
        view.get("last_region_event")
        if isinstance(view.get("last_region_event"), Mapping)
        else None
    )
    if pending and pending.get("kind") == "defend":
        kind, region, card, waiting = (
            "storm",
            str(pending.get("region") or ""),
            pending.get("against"),
            True,
        )
    elif event and event.get("kind") in EVENT_KINDS:
        kind, region, waiting = str(event["kind"]), str(event.get("region") or ""), False
        card = (
            event.get("against")
            or event.get("card")
            or ((view.get("regions") or {}).get(region) or {}).get("card")
        )
    else:
        return
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (box.x, box.y, box.x + box.w, box.y + box.h),
        radius=14,
        fill=PANEL,
        outline=HIGHLIGHT if waiting else PANEL,
        width=4,
    )
    record("event", kind, box.corners)
    paste(board, event_icon(kind, 76), (box.x + 12, box.y + 14))
    record("mark", kind, (box.x + 12, box.y + 14, box.x + 88, box.y + 90), may_cover=("event",))
    paste_text(board, (box.x + 50, box.y + box.h - 34), region, TEXT, LABEL)
    if region:
        _record_text(
            "label", f"event {region}", (box.x + 50, box.y + box.h - 34), ("event",), region, 26
        )
    seat = _seat(event.get("seat")) if event and not waiting else None
    if seat is not None:
        disc_xy = (box.x + 96, box.y + box.h - 58)
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), DISC, TEXT), disc_xy)
        record(
            "disc", "event", (*disc_xy, disc_xy[0] + DISC, disc_xy[1] + DISC), may_cover=("event",)
        )
    if isinstance(card, str) and card:
        lay_card(board, card, (box.x + box.w - 86, box.y + 22), (74, 100))
        record(
            "card",
            f"event {card}",
            (box.x + box.w - 86, box.y + 22, box.x + box.w - 12, box.y + 122),
            may_cover=("event",),
        )
        if waiting:
            paste_text(board, (box.x + box.w - 49, box.y + box.h - 12), "?", TEXT, HIGHLIGHT)


def _funded(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [
        e
        for e in view.get("last_events") or []
        if isinstance(e, Mapping) and e.get("kind") == "funded"
    ]


def _funding_slot(name: str) -> int:
    """The width before a funding mark's paid card: its name at TEXT px ("E11" is 68 px)."""
    return max(64, text_size(name, TEXT)[0] + 12)


def _draw_funding(board: Image.Image, funded: Sequence[Mapping[str, Any]], top: int) -> None:
    """Every ``funded`` event of the last move, framed in the last-move amber: the expedition,
    the hand card paid (an empty slot for ``none``) and the expedition card lost, crossed."""
    x = MARGIN
    for event in funded:
        name = str(event.get("expedition", ""))
        lost = event.get("lost")
        slot = _funding_slot(name)
        width = slot + MINI[0] + 8 + (MINI[0] + 8 if lost and lost != "-" else 0)
        if x + width > WIDTH - MARGIN:
            x, top = MARGIN, top + FUNDING_ROW
        paste_frame(board, (x + 4, top + 4), (width - 8, FUNDING_ROW - 16), HIGHLIGHT, 4)
        record("funded", name, (x, top, x + width, top + FUNDING_ROW - 8))
        paste_text(board, (x + 4 + slot // 2, top + 42), name, TEXT, LABEL)
        _record_text("label", f"funded {name}", (x + 4 + slot // 2, top + 42), ("funded",), name)
        card = event.get("card")
        cx = x + slot
        lay_card(board, card if card and card != "-" else "", (cx, top + 8), MINI)
        record(
            "card",
            f"paid {card}",
            (cx, top + 8, cx + MINI[0], top + 8 + MINI[1]),
            may_cover=("funded",),
        )
        if lost and lost != "-":
            lx = cx + MINI[0] + 8
            lay_card(board, str(lost), (lx, top + 8), MINI)
            ImageDraw.Draw(board).line(
                (lx + 4, top + 12, lx + MINI[0] - 4, top + 4 + MINI[1]), fill=LOSS, width=4
            )
            record(
                "card",
                f"lost {lost}",
                (lx, top + 8, lx + MINI[0], top + 8 + MINI[1]),
                may_cover=("funded",),
            )
        x += width + 10


def _funding_rows(funded: Sequence[Mapping[str, Any]]) -> int:
    rows, x = (1, MARGIN) if funded else (0, MARGIN)
    for event in funded:
        lost = event.get("lost")
        slot = _funding_slot(str(event.get("expedition", "")))
        width = slot + MINI[0] + 8 + (MINI[0] + 8 if lost and lost != "-" else 0)
        if x + width > WIDTH - MARGIN:
            rows, x = rows + 1, MARGIN
        x += width + 10
    return rows


def _draw_expeditions(
    board: Image.Image,
    expeditions: Sequence[Mapping[str, Any]],
    pending: Mapping[str, Any],
    top: int,
) -> None:
    """Every expedition's public cards, two columns: token, where it stands, its cards (as
    many as fit, then ``+n``), windless and, while its funding is awaited, a frame and the
    number of cards still owed."""
    awaiting = str(pending.get("expedition")) if pending.get("kind") == "fund" else None
    for index, expedition in enumerate(expeditions):
        row, column = divmod(index, 2)
        x, y = MARGIN + column * COLUMN_W, top + row * EXPEDITION_ROW
        name = str(expedition.get("id", "?"))
        right = x + COLUMN_W - 12
        record("row", name, (x, y, right, y + TOKEN[1]))
        if name == awaiting:
            paste(board, frame(COLUMN_W - 12, EXPEDITION_ROW, HIGHLIGHT, 4), (x - 8, y - 6))
        board.paste(_token(expedition, TABLE), (x, y))
        record("token", f"{name} list", (x, y, x + TOKEN[0], y + TOKEN[1]), may_cover=("row",))
        at = str(expedition.get("at", ""))
        paste_text(board, (x + TOKEN[0] + 30, y + TOKEN[1] / 2), at, TEXT, LABEL)
        _record_text(
            "label", f"{name} at {at}", (x + TOKEN[0] + 30, y + TOKEN[1] / 2), ("row",), at
        )
        if name == awaiting:
            right -= 76
            _owed(board, right + 6, y + 12, int(pending.get("cards") or 0), name)
        if expedition.get("windless"):
            right -= 44
            paste(board, event_icon("windless", 40), (right + 2, y + 10))
            record(
                "mark",
                f"windless {name}",
                (right + 2, y + 10, right + 42, y + 50),
                may_cover=("row",),
            )
        _row_cards(board, name, list(expedition.get("cards") or []), x + TOKEN[0] + 62, right, y)


def _row_cards(
    board: Image.Image, name: str, cards: list[str], left: int, right: int, y: int
) -> None:
    fits = max(1, (right - left + 4) // (MINI[0] + 4))
    shown = cards if len(cards) <= fits else cards[: fits - 1]
    for index, card in enumerate(shown):
        cx = left + index * (MINI[0] + 4)
        lay_card(board, card, (cx, y), MINI, TABLE)
        record("card", f"{name} {index}", (cx, y, cx + MINI[0], y + MINI[1]), may_cover=("row",))
    if len(shown) < len(cards):
        cx = left + len(shown) * (MINI[0] + 4)
        rest = f"+{len(cards) - len(shown)}"
        paste_text(board, (cx + MINI[0] / 2 + 2, y + MINI[1] / 2), rest, TEXT, LABEL)
        _record_text(
            "badge", f"{name} {rest}", (cx + MINI[0] / 2 + 2, y + MINI[1] / 2), ("row",), rest
        )


def _owed(board: Image.Image, x: int, y: int, cards: int, name: str) -> None:
    """``pending.cards``: the cards the awaited funding still costs, as an amber tab."""
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle((x, y, x + 66, y + 36), radius=10, fill=HIGHLIGHT)
    paste(board, cards_icon(26), (x + 6, y + 5))
    paste_text(board, (x + 48, y + 19), str(cards), TEXT, ink_on(HIGHLIGHT))
    record("owed", name, (x, y, x + 67, y + 37), may_cover=("row",))


def _draw_round(board: Image.Image, view: Mapping[str, Any]) -> None:
    """``round / max`` under a small hourglass in the empty top-left corner."""
    if view.get("round") is None:
        return
    left, top = MARGIN, MARGIN
    draw = ImageDraw.Draw(board)
    draw.polygon([(left + 34, top + 4), (left + 58, top + 4), (left + 46, top + 18)], fill=MUTED)
    draw.polygon([(left + 46, top + 18), (left + 34, top + 32), (left + 58, top + 32)], fill=MUTED)
    limit = view.get("max_rounds")
    text = f"{view.get('round')}/{limit}" if limit else str(view.get("round"))
    paste_text(board, (left + SIDE_PLACE_W / 2, top + 54), text, TEXT, LABEL)
    _record_text("label", text, (left + SIDE_PLACE_W / 2, top + 54), ())


def _draw_winners(board: Image.Image, view: Mapping[str, Any], top: int) -> None:
    """The finished game's banner: a star, every winner's seat disc and points."""
    status = section(view, "status")
    winners = [int(s) for s in status.get("winners") or []]
    scores = view.get("scores") or {}
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (MARGIN - 6, top, WIDTH - MARGIN + 6, top + BANNER_H - 12),
        radius=16,
        fill=PAPER,
        outline=(255, 204, 0),
        width=6,
    )
    paste(board, star(56), (MARGIN + 12, top + 8))
    x = MARGIN + 90
    record("banner", "winners", (MARGIN - 6, top, WIDTH - MARGIN + 6, top + BANNER_H - 12))
    for seat in winners:
        paste(
            board,
            seat_disc(str(seat + 1), player_colour(seat + 1), DISC + 12, TEXT + 8),
            (x, top + 8),
        )
        paste(board, star(30), (x + DISC + 22, top + 21))
        paste_text(board, (x + DISC + 78, top + 36), str(scores.get(str(seat), 0)), TEXT + 8, INK)
        x += DISC + 140


def _highlight_last_action(board: Image.Image, view: Mapping[str, Any]) -> bool:
    """Frame the spot the last move went to (an arrow for a move); returns whether it took
    from the insurance row."""
    words = last_action_words(view)
    if len(words) >= 4 and words[0] == "MOVE" and words[2] == "TO":
        target = spot_box(words[3])
        if target is not None:
            paste_frame(board, target.xy, target.size, HIGHLIGHT, 4)
            source = _moved_from(view, words[1])
            if source is not None:
                _arrow(board, source, target)
    elif len(words) >= 3 and words[0] == "READY" and words[-2] == "AT":
        target = spot_box(words[-1])
        if target is not None:
            paste_frame(board, target.xy, target.size, HIGHLIGHT, 4)
    return len(words) >= 3 and words[:2] == ["DRAW", "INSURANCE"]


def _moved_from(view: Mapping[str, Any], expedition: str) -> Box | None:
    for event in view.get("last_events") or []:
        if (
            isinstance(event, Mapping)
            and event.get("kind") == "moved"
            and str(event.get("expedition", "")).upper() == expedition
        ):
            return spot_box(str(event.get("from", "")).upper())
    return None


def _arrow(board: Image.Image, source: Box, target: Box) -> None:
    (sx, sy), (tx, ty) = source.centre, target.centre
    dx, dy = (tx > sx) - (tx < sx), (ty > sy) - (ty < sy)
    start = (sx + dx * (source.w / 2 - 16), sy + dy * (source.h / 2 - 16))
    end = (tx - dx * (target.w / 2 - 16), ty - dy * (target.h / 2 - 16))
    draw_arrow(board, start, end, HIGHLIGHT, 7)


def draw_board(view: Mapping[str, Any], reference: Image.Image | None = None) -> Image.Image:
    """The board in full colour, or on ``reference``'s palette when given (see
    ``renderer.palette_canvas``): the palette is learnt from the first, boards are posted from
    the second."""
    expeditions = [e for e in view.get("expeditions") or [] if isinstance(e, Mapping)]
    by_spot: dict[str, list[Mapping[str, Any]]] = {}
    for expedition in expeditions:
        by_spot.setdefault(str(expedition.get("at", "")).upper(), []).append(expedition)
    rows = -(-len(expeditions) // 2)
    status = section(view, "status")
    banner = bool(status.get("winners")) and int(view.get("players") or 0) > 1
    funded = _funded(view)
    list_top = EXPEDITIONS_Y + _funding_rows(funded) * FUNDING_ROW
    list_bottom = list_top + max(rows, 1) * EXPEDITION_ROW
    height = list_bottom + MARGIN + (BANNER_H if banner else 0)
    board = board_canvas(WIDTH, height, TABLE, reference)
    board.paste(_background(), (0, 0))
    _draw_round(board, view)
    if banner:
        _draw_winners(board, view, list_bottom + 4)
    _draw_places(board, by_spot, tokens=False)
    _draw_regions(board, view, by_spot)
    took_insurance = _highlight_last_action(board, view)
    _draw_places(board, by_spot, tokens=True)
    _draw_region_tokens(board, view, by_spot)
    _draw_players(board, view)
    _draw_table(board, view, took_insurance)
    pending = section(view, "pending")
    if pending.get("kind") == "defend":
        fought = spot_box(str(pending.get("region", "")).upper())
        if fought is not None:
            paste_frame(board, fought.xy, fought.size, HIGHLIGHT, 4)
    _draw_funding(board, funded, EXPEDITIONS_Y)
    _draw_expeditions(board, expeditions, pending, list_top)
    return board


def _hand_image(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand under a band in the viewer's colour with the seat number."""
    cards = hand_picture(list(view.get("hand") or []))
    viewer = _seat(view.get("viewer"))
    if viewer is None:
        return cards
    image, _ = new_canvas(max(cards.width, 200), cards.height + HAND_BAND, PANEL)
    image.paste(_hand_band(viewer, image.width), (0, 0))
    ground = hand_band(player_colour(viewer + 1))
    paste_text(image, (122, 24), str(len(view.get("hand") or [])), TEXT, ink_on(ground))
    image.paste(cards, (0, HAND_BAND))
    return image


HAND_BAND = 56


@lru_cache(maxsize=32)
def _hand_band(viewer: int, width: int) -> Image.Image:
    """The band over a hand: the viewer's tint, seat disc and the hand icon (drawn once)."""
    colour = player_colour(viewer + 1)
    image, draw = new_canvas(width, HAND_BAND, PANEL)
    draw.rectangle((0, 0, width, HAND_BAND - 8), fill=hand_band(colour))
    paste(image, seat_disc(str(viewer + 1), colour, 40), (20, 4))
    paste(image, cards_icon(30), (74, 9))
    return image


def sample_views() -> list[dict[str, Any]]:
    deck = full_deck_strings()
    regions = {
        c + r: {"card": deck[i], "by": i % 6}
        for i, (c, r) in enumerate((c, r) for r in ROWS for c in COLUMNS)
    }
    places = list(PLACES)
    expeditions = [
        {
            "id": f"E{i + 1}",
            "owner": i % 6,
            "at": places[i],
            "cards": deck[12 + 3 * i : 15 + 3 * i],
            "count": 3,
            "windless": i == 0,
        }
        for i in range(12)
    ]
    return [
        {
            "viewer": 0,
            "players": 6,
            "regions": regions,
            "expeditions": expeditions,
            "insurance": deck[48:51],
            "hand": deck[40:48],
            "hand_sizes": {str(s): 5 for s in range(6)},
            "scores": {str(s): s for s in range(6)},
            "deck": 40,
            "discard": 3,
            "discard_top": "KD",
            "to_move": 2,
            "pending": {"kind": "defend", "against": "9C", "region": "B2"},
            "status": {"result": "finished", "winners": [5]},
            "last_action": {"seat": 1, "action": "move E1 to A1"},
            "last_events": [{"kind": "moved", "expedition": "E1", "from": "A0", "to": "A1"}],
        },
        {
            "viewer": None,
            "players": 2,
            "regions": {},
            "expeditions": [],
            "insurance": [],
            "deck": 0,
            "discard": 0,
            "last_region_event": {"kind": "pirates", "seat": 0, "region": "C2", "card": "QH"},
        },
        {
            "players": 3,
            "last_region_event": {"kind": "treasure", "seat": 2, "region": "D3", "card": "8D"},
            "last_action": {"action": "draw insurance 7H"},
        },
        {"players": 3, "last_region_event": {"kind": "windless", "seat": 1, "region": "A1"}},
    ]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    views = sample_views()
    samples = [draw_board(view) for view in views]
    samples.append(_hand_image(views[0]))
    return build_palette(samples)


def palette_board(view: Mapping[str, Any]) -> Image.Image:
    """The board drawn on the game's palette (a ``P`` picture): what a PNG board holds."""
    return draw_board(view, palette())


def render_board(view: Mapping[str, Any]) -> bytes:
    return encode_png(palette_board(view), palette())


def render_hand(view: Mapping[str, Any]) -> bytes:
    """The viewer's private hand (``hand`` is absent from the public view: an empty hand)."""
    return encode_png(_hand_image(view), palette())


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The posted board in RGB (animated replays shrink and map it themselves)."""
    return palette_board(view).convert("RGB")
