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
from renderer.icons import cards_icon, event_icon, expedition_token, seat_disc, star
from renderer.layout import (
    Box,
    count_badge,
    draw_arrow,
    draw_discard,
    draw_pile,
    last_action_words,
)
from renderer.toolkit import (
    HIGHLIGHT,
    INK,
    LABEL,
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
REGION_CARD = (88, 120)
MINI = (40, 56)
TOKEN = (72, 60)
#: Every text carrying information: ≥ 10 px once Discord shows the ~940 px board 400 px wide.
TEXT = 24
DISC = 44
PLAYERS_Y = MAP_BOTTOM + STEP + PLACE_H + 18
PLAYER_BOX = (142, 92)
TABLE_Y = PLAYERS_Y + PLAYER_BOX[1] + 60
EXPEDITIONS_Y = TABLE_Y + CARD[1] + 40
EXPEDITION_ROW = 68
#: White, thick and with an arrow: "to move" is a shape in a colour no seat uses.
TO_MOVE: RGB = (255, 255, 255)
BANNER_H = 84
EVENT_KINDS = ("storm", "windless", "pirates", "treasure")


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


@lru_cache(maxsize=16)
def _named_back(name: str) -> Image.Image:
    image = card_back(*REGION_CARD).copy()
    draw = ImageDraw.Draw(image)
    w, h = REGION_CARD
    draw.rounded_rectangle((w / 2 - 34, h / 2 - 19, w / 2 + 34, h / 2 + 19), radius=10, fill=(18, 34, 70))
    draw_text(draw, (w / 2, h / 2 + 1), name, TEXT + 2, (240, 240, 245))
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


@lru_cache(maxsize=2)
def _background(height: int) -> Image.Image:
    image, draw = new_canvas(WIDTH, height, TABLE)
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
    regions = view.get("regions") or {}
    for column in COLUMNS:
        for row in ROWS:
            name = column + row
            box = region_box(name)
            region = regions.get(name) or {}
            card, by = region.get("card"), _seat(region.get("by"))
            fill = _tint(player_colour(by + 1), 0.55) if card and by is not None else TABLE_DARK
            board.paste(_tile(fill), box.xy)
            card_xy = (box.x + 6, box.y + 8)
            if card:
                paste_card(board, card, card_xy, REGION_CARD)
                paste_text(board, (box.x + 134, box.y + 16), name, TEXT, LABEL)
                if by is not None:
                    paste(
                        board,
                        seat_disc(str(by + 1), player_colour(by + 1), DISC),
                        (box.x + 4, box.y + box.h - DISC - 2),
                    )
            else:
                paste(board, _named_back(name), card_xy)
            _draw_tokens(board, by_spot.get(name, []), box.x + 98, box.y + 34, vertical=True)


def _draw_tokens(
    board: Image.Image,
    expeditions: Sequence[Mapping[str, Any]],
    x: int,
    y: int,
    vertical: bool,
) -> None:
    """Up to two tokens per spot; more are summed up by a count badge."""
    shown = expeditions[:2]
    for index, expedition in enumerate(shown):
        offset = index * ((TOKEN[1] if vertical else TOKEN[0]) + 4)
        paste(board, _token(expedition), (x, y + offset) if vertical else (x + offset, y))
    if len(expeditions) > 2:
        count_badge(board, len(expeditions), (x + TOKEN[0], y))


def _token(expedition: Mapping[str, Any]) -> Image.Image:
    owner = _seat(expedition.get("owner")) or 0
    return expedition_token(
        str(expedition.get("id", "?")), _count(expedition), player_colour(owner + 1), owner + 1
    )


def _count(expedition: Mapping[str, Any]) -> int:
    count = expedition.get("count")
    return int(count) if isinstance(count, int) else len(expedition.get("cards") or [])


def _draw_places(board: Image.Image, by_spot: Mapping[str, list[Mapping[str, Any]]]) -> None:
    for place in PLACES:
        expeditions = by_spot.get(place)
        if not expeditions:
            continue
        box = place_box(place)
        board.paste(_occupied_place(box.w, box.h), box.xy)
        paste_text(board, (box.x + 26, box.y + 17), place, TEXT, MUTED)
        side = place[0] in "LR"  # the narrow places left and right of the map stack tokens
        shown = min(len(expeditions), 2)
        if side:
            xy = (int(box.centre[0] - TOKEN[0] / 2), box.y + 32)
        else:
            xy = (int(box.centre[0] - (shown * (TOKEN[0] + 4) - 4) / 2) + 10, box.y + 9)
        _draw_tokens(board, expeditions, *xy, vertical=side)


@lru_cache(maxsize=16)
def _player_box(colour: RGB, is_viewer: bool) -> Image.Image:
    """A seat's box; the viewer's own is lighter."""
    image, draw = new_canvas(PLAYER_BOX[0] + 1, PLAYER_BOX[1] + 1, TABLE)
    fill = (44, 92, 72) if is_viewer else PANEL
    draw.rounded_rectangle((0, 0, *PLAYER_BOX), radius=14, fill=fill, outline=colour, width=3)
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
    for seat in range(players):
        x = MARGIN + seat * (PLAYER_BOX[0] + 10)
        y = PLAYERS_Y
        colour = player_colour(seat + 1)
        board.paste(_player_box(colour, seat == viewer), (x, y))
        if seat == to_move and not winners:
            paste(board, frame(PLAYER_BOX[0] + 1, PLAYER_BOX[1] + 1, TO_MOVE, 6), (x - 6, y - 6))
            centre = x + PLAYER_BOX[0] / 2
            draw.polygon(
                [(centre - 16, y - 22), (centre + 16, y - 22), (centre, y - 6)], fill=TO_MOVE
            )
        paste(board, seat_disc(str(seat + 1), colour, DISC), (x + 8, y + 8))
        paste(board, star(28), (x + 60, y + 12))
        paste_text(board, (x + 112, y + 27), str(scores.get(str(seat), 0)), 26, LABEL)
        paste(board, cards_icon(28), (x + 60, y + 52))
        paste_text(board, (x + 112, y + 67), str(hands.get(str(seat), 0)), 24, LABEL)
        if seat in winners:
            paste(board, star(34), (x + PLAYER_BOX[0] - 24, y - 12))
            draw.rounded_rectangle(
                (x + 6, y + PLAYER_BOX[1] - 8, x + PLAYER_BOX[0] - 6, y + PLAYER_BOX[1] - 2),
                radius=3,
                fill=(255, 204, 0),
            )


def _draw_table(board: Image.Image, view: Mapping[str, Any], highlight_insurance: bool) -> None:
    """Insurance row, main deck and discard pile, then the last region event."""
    insurance = list(view.get("insurance") or [])
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (MARGIN - 6, TABLE_Y - 12, MARGIN + 3 * (CARD[0] + 10) + 2, TABLE_Y + CARD[1] + 12),
        radius=14,
        fill=PANEL,
    )
    _insurance_tab(draw, len(insurance))
    for index in range(3):
        xy = (MARGIN + 4 + index * (CARD[0] + 10), TABLE_Y)
        paste_card(board, insurance[index] if index < len(insurance) else "", xy, CARD, PANEL)
    if highlight_insurance:
        draw.rounded_rectangle(
            (MARGIN - 6, TABLE_Y - 12, MARGIN + 3 * (CARD[0] + 10) + 2, TABLE_Y + CARD[1] + 12),
            radius=14,
            outline=HIGHLIGHT,
            width=4,
        )
    deck_x = MARGIN + 3 * (CARD[0] + 10) + 30
    draw_pile(board, Box(deck_x, TABLE_Y, *CARD), int(view.get("deck") or 0))
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


def _insurance_tab(draw: ImageDraw.ImageDraw, cards: int) -> None:
    """The insurance row's label: a tab with a shield (insurance protects against a storm)
    and the number of cards in the row."""
    left, bottom = MARGIN - 6, TABLE_Y - 12
    draw.rounded_rectangle((left, bottom - 40, left + 110, bottom + 10), radius=12, fill=PANEL)
    x, y = left + 14, bottom - 34
    draw.polygon(
        [(x, y), (x + 26, y), (x + 26, y + 14), (x + 13, y + 30), (x, y + 14)],
        fill=(200, 215, 230),
        outline=(255, 255, 255),
    )
    draw_text(draw, (left + 74, bottom - 18), f"{cards}/3", TEXT, LABEL)


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
    paste(board, event_icon(kind, 76), (box.x + 12, box.y + 14))
    draw_text(draw, (box.x + 50, box.y + box.h - 34), region, 26, LABEL)
    seat = _seat(event.get("seat")) if event and not waiting else None
    if seat is not None:
        paste(
            board,
            seat_disc(str(seat + 1), player_colour(seat + 1), DISC),
            (box.x + 80, box.y + box.h - 58),
        )
    if isinstance(card, str) and card:
        paste_card(board, card, (box.x + box.w - 86, box.y + 22), (74, 100))
        if waiting:
            draw_text(draw, (box.x + box.w - 49, box.y + box.h - 12), "?", TEXT + 2, HIGHLIGHT)


def _draw_expeditions(
    board: Image.Image, expeditions: Sequence[Mapping[str, Any]], awaiting_funds: str | None
) -> None:
    """Every expedition's public cards, two columns: token, where it stands, its cards; the
    expedition whose funding is awaited is framed."""
    column_w = (WIDTH - 2 * MARGIN) // 2
    for index, expedition in enumerate(expeditions):
        row, column = divmod(index, 2)
        x, y = MARGIN + column * column_w, EXPEDITIONS_Y + row * EXPEDITION_ROW
        if awaiting_funds is not None and str(expedition.get("id")) == awaiting_funds:
            paste(board, frame(column_w - 12, EXPEDITION_ROW, HIGHLIGHT, 4), (x - 8, y - 6))
        paste(board, _token(expedition), (x, y))
        width = TOKEN[0]
        paste_text(board, (x + width + 30, y + TOKEN[1] / 2), str(expedition.get("at", "")), TEXT, LABEL)
        for card_index, card in enumerate(list(expedition.get("cards") or [])[:8]):
            paste_card(
                board, card, (x + width + 62 + card_index * (MINI[0] + 4), y + 2), MINI, TABLE
            )
        if expedition.get("windless"):
            shown = min(len(expedition.get("cards") or []), 8)
            paste(
                board, event_icon("windless", 40), (x + width + 66 + shown * (MINI[0] + 4), y + 10)
            )


def _draw_round(board: Image.Image, view: Mapping[str, Any]) -> None:
    """``round / max`` under a small hourglass in the empty top-left corner."""
    if view.get("round") is None:
        return
    left, top = MARGIN, MARGIN
    draw = ImageDraw.Draw(board)
    draw.polygon(
        [(left + 34, top + 4), (left + 58, top + 4), (left + 46, top + 18)], fill=MUTED
    )
    draw.polygon(
        [(left + 46, top + 18), (left + 34, top + 32), (left + 58, top + 32)], fill=MUTED
    )
    limit = view.get("max_rounds")
    text = f"{view.get('round')}/{limit}" if limit else str(view.get("round"))
    paste_text(board, (left + SIDE_PLACE_W / 2, top + 54), text, TEXT, LABEL)


def _draw_last_fund(board: Image.Image, view: Mapping[str, Any]) -> None:
    """The last ``fund`` answer in the top-right corner: the expedition and the card paid
    (an empty slot for ``none``), framed in the last-move amber."""
    funded = next(
        (
            e
            for e in view.get("last_events") or []
            if isinstance(e, Mapping) and e.get("kind") == "funded"
        ),
        None,
    )
    if funded is None:
        return
    left, top = MAP_RIGHT + STEP, MARGIN
    paste_frame(board, (left, top), (SIDE_PLACE_W, PLACE_H), HIGHLIGHT, 4)
    card = funded.get("card")
    paste_card(board, card if card and card != "-" else "", (left + 4, top + 10), MINI)
    paste_text(board, (left + 68, top + PLACE_H / 2), str(funded.get("expedition", "")), TEXT, LABEL)


def _draw_winners(board: Image.Image, view: Mapping[str, Any], top: int) -> None:
    """The finished game's banner: a star, every winner's seat disc and points."""
    status = section(view, "status")
    winners = [int(s) for s in status.get("winners") or []]
    scores = view.get("scores") or {}
    draw = ImageDraw.Draw(board)
    draw.rounded_rectangle(
        (MARGIN - 6, top, WIDTH - MARGIN + 6, top + BANNER_H - 12), radius=16, fill=PAPER,
        outline=(255, 204, 0), width=6,
    )
    paste(board, star(56), (MARGIN + 12, top + 8))
    x = MARGIN + 90
    for seat in winners:
        paste(board, seat_disc(str(seat + 1), player_colour(seat + 1), DISC + 12), (x, top + 8))
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


def _board_image(view: Mapping[str, Any]) -> Image.Image:
    expeditions = [e for e in view.get("expeditions") or [] if isinstance(e, Mapping)]
    by_spot: dict[str, list[Mapping[str, Any]]] = {}
    for expedition in expeditions:
        by_spot.setdefault(str(expedition.get("at", "")).upper(), []).append(expedition)
    rows = -(-len(expeditions) // 2)
    status = section(view, "status")
    banner = bool(status.get("winners")) and int(view.get("players") or 0) > 1
    list_bottom = EXPEDITIONS_Y + max(rows, 1) * EXPEDITION_ROW
    height = list_bottom + MARGIN + (BANNER_H if banner else 0)
    board = _background(height).copy()
    _draw_round(board, view)
    _draw_last_fund(board, view)
    if banner:
        _draw_winners(board, view, list_bottom + 4)
    _draw_places(board, by_spot)
    _draw_regions(board, view, by_spot)
    took_insurance = _highlight_last_action(board, view)
    _draw_players(board, view)
    _draw_table(board, view, took_insurance)
    pending = section(view, "pending")
    if pending.get("kind") == "defend":
        fought = spot_box(str(pending.get("region", "")).upper())
        if fought is not None:
            paste_frame(board, fought.xy, fought.size, HIGHLIGHT, 4)
    funding = str(pending.get("expedition")) if pending.get("kind") == "fund" else None
    _draw_expeditions(board, expeditions, funding)
    return board


def _hand_image(view: Mapping[str, Any]) -> Image.Image:
    """The viewer's hand under a band in the viewer's colour with the seat number."""
    cards = hand_picture(list(view.get("hand") or []))
    viewer = _seat(view.get("viewer"))
    if viewer is None:
        return cards
    band = 56
    image, draw = new_canvas(max(cards.width, 200), cards.height + band, PANEL)
    colour = player_colour(viewer + 1)
    draw.rectangle((0, 0, image.width, band - 8), fill=_tint(colour, 0.6, PANEL))
    paste(image, seat_disc(str(viewer + 1), colour, 40), (20, 4))
    paste(image, cards_icon(30), (74, 9))
    draw_text(draw, (122, 24), str(len(view.get("hand") or [])), 26, LABEL)
    image.paste(cards, (0, band))
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
    samples = [_board_image(view) for view in views]
    samples.append(_hand_image(views[0]))
    return build_palette(samples)


def render_board(view: Mapping[str, Any]) -> bytes:
    return encode_png(_board_image(view), palette())


def render_hand(view: Mapping[str, Any]) -> bytes:
    """The viewer's private hand (``hand`` is absent from the public view: an empty hand)."""
    return encode_png(_hand_image(view), palette())


#: The RGB picture before palette mapping (animated replays shrink it themselves).
board_image = _board_image
