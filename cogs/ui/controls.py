"""The one generic board builder: a game's declared :class:`~gamecore.presentation.Controls`
become buttons and selects within Discord's limits.

Five rows: the pad (row 0, when one of its moves is possible: a pad of grey buttons only
takes room), the grid's rows (a board of buttons, e.g. tic-tac-toe's three rows of three), the
piece selector (next row, when there is one), the offers (single moves as buttons, as many a
row as fit a phone's row; groups as selects of at most 25 options, one a row), and the last
row: the game's finishing buttons, then Hint (Resign sits apart:
``cogs.ui.board.resign_apart``). What does not fit stays playable through ``/play``.

The picture and the main controls fit one phone screen (docs/rendering.md, "A board on a
phone"): buttons that would wrap on a phone go on rows of their own, and when the offers need
more rows than ``PHONE_ROWS`` leave room for, single moves become one select and small selects
are merged ("Other moves…").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.ui import components
from cogs.ui.labels import say
from i18n import t
from service import Match
from service.games import Controls, Move, Offer, Style, Text

ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_LIMIT = 25
#: Longest select placeholder Discord takes.
PLACEHOLDER_LIMIT = 150
LAST_ROW = ROWS - 1
#: Characters a phone's row of buttons holds (a wide one, e.g. an arrow or a kana, counts
#: twice; each button's padding and the gap to the next count ``BUTTON_EXTRA``): 275 px of a
#: 400 px wide screen at about 7.5 px a character, the padding 24 px and the gap 8 px.
PHONE_ROW = 37
BUTTON_EXTRA = 4
#: Characters (``phone_width``) of a select's placeholder a phone shows without cutting it:
#: about 230 px of a 400 px wide screen (measured in the Preview's Chromium).
PHONE_PLACEHOLDER = 22
#: Rows of main controls a phone shows with the picture (the pad, the offers, the last row).
PHONE_ROWS = 4
#: The select of single moves, and of menus merged to save a row.
OTHER_MOVES = Text("board.select.any")

STYLES: dict[Style, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def move_button(match: Match, move: Move, locale: str, row: int) -> discord.ui.Button[Any]:
    return components.MoveButton(
        match.id,
        match.version,
        move.notation,
        label=say(move.label, locale),
        row=row,
        style=STYLES[move.style],
        disabled=not move.enabled,
    ).item


def phone_width(label: str) -> int:
    """A label's width in characters, a wide one (outside Latin and punctuation: an arrow, a
    kana) counted twice."""
    return sum(2 if ord(character) >= 0x2000 else 1 for character in label)


def phone_rows(labels: list[str]) -> list[int]:
    """How many of these buttons go on each row, in order, so that every row fits a phone
    (at most five a row, Discord's limit)."""
    rows: list[int] = []
    used = 0
    for label in labels:
        width = phone_width(label) + BUTTON_EXTRA
        if rows and rows[-1] < BUTTONS_PER_ROW and used + width <= PHONE_ROW:
            rows[-1] += 1
            used += width
        else:
            rows.append(1)
            used = width
    return rows


@dataclass(frozen=True, slots=True)
class _Menu:
    """One select of offered moves: its label, its moves (at most 25) and whether it is one
    part of a bigger offer (its placeholder then names the range it covers)."""

    label: Text
    moves: tuple[Move, ...]
    part: bool = False


def _menus(offers: list[Offer]) -> list[_Menu]:
    """Each offer as selects of at most 25 moves."""
    menus = []
    for offer in offers:
        split = len(offer.moves) > SELECT_LIMIT
        for start in range(0, len(offer.moves), SELECT_LIMIT):
            menus.append(_Menu(offer.label, offer.moves[start : start + SELECT_LIMIT], split))
    return menus


def _merged(menus: list[_Menu], rows: int) -> list[_Menu]:
    """Fewer rows: while there are more than ``rows`` menus, the two smallest become one
    ("Other moves…") as long as they fit one select together."""
    menus = list(menus)
    while len(menus) > rows:
        first, second = sorted(sorted(menus, key=lambda menu: len(menu.moves))[:2], key=menus.index)
        if len(first.moves) + len(second.moves) > SELECT_LIMIT:
            break
        at = menus.index(first)  # the merged menu stands where the first of them stood
        menus.remove(first)
        menus.remove(second)
        menus.insert(at, _Menu(OTHER_MOVES, first.moves + second.moves))
    return menus


def _telling_words(words: list[str]) -> str:
    """The words that tell an option apart, after the words options share: those with a
    digit (a place, a cell, a level: "A0", "↓3 ←3", "2 #3"), up to a colon; the first word
    when none has one."""
    kept = []
    for word in words:
        head = word.replace("：", ":").split(":", 1)
        if not any(character.isdigit() for character in head[0]):
            break
        kept.append(head[0])
        if len(head) > 1:
            break
    return " ".join(kept) or (words[0] if words else "")


def placeholder_forms(what: str, first: str, last: str, locale: str) -> tuple[str, ...]:
    """The placeholders one part of a kind of move split over several selects may take,
    longest first: the words its first and last options begin with (the deciding verb,
    "Ready"), then the words that tell its ends apart ("Ready A0 – B4"; without shared first
    words: the kind's name ``what``); the verb alone ("Buy ↓5 →7 – ↓9"); where the part starts
    ("代理人を買う ↓3 ←3…"), and the verb with it; last, the ends' whole words ("探索 第2層：A♠ –
    第4層：5♦"), for parts whose ends differ only after the telling words."""
    a, b = first.split(), last.split()
    shared = 0
    while shared < min(len(a), len(b)) - 1 and a[shared] == b[shared]:
        shared += 1
    head = " ".join(a[:shared]) or what
    low, high = _telling_words(a[shared:]), _telling_words(b[shared:])
    whole_low, whole_high = " ".join(a[shared:]), " ".join(b[shared:])
    verb = head.split()[0] if head.split() else head
    return tuple(
        text[:PLACEHOLDER_LIMIT]
        for text in (
            t("board.offer.part", locale, what=head, first=low, last=high),
            t("board.offer.part", locale, what=verb, first=low, last=high),
            t("board.offer.from", locale, what=head, first=low),
            t("board.offer.from", locale, what=verb, first=low),
            t("board.offer.part", locale, what=head, first=whole_low, last=whole_high),
            t("board.offer.part", locale, what=verb, first=whole_low, last=whole_high),
        )
    )


def part_placeholders(what: str, ends: Sequence[tuple[str, str]], locale: str) -> list[str]:
    """The placeholders of all parts of one kind (``ends``: each part's first and last
    option), in the same form: the longest that fits a phone (``PHONE_PLACEHOLDER``) for
    every part, so the menus of a kind read alike in form and differ in range (a form that
    would give two parts the same words is passed over)."""
    forms = [placeholder_forms(what, first, last, locale) for first, last in ends]
    choices = [[form[index] for form in forms] for index in range(len(forms[0]))]
    differing = [chosen for chosen in choices if len(set(chosen)) == len(chosen)]
    for chosen in differing:
        if all(phone_width(text) <= PHONE_PLACEHOLDER for text in chosen):
            return chosen
    # None both fits a phone and tells the parts apart: telling them apart comes first.
    return differing[0] if differing else choices[-1]


def offer_items(
    match: Match, offers: tuple[Offer, ...], rows: list[int], locale: str
) -> list[discord.ui.Item[Any]]:
    """Single moves as buttons first, as many a row as fit a phone's row (at most five), then
    one select per row for each group (split by 25, each part's placeholder naming the range
    it covers). When they need more rows than a phone has room for with the picture
    (``PHONE_ROWS`` in all), the single moves become one select ("Other moves…") and the
    smallest selects are merged while they fit one; what does not fit the rows at all stays
    playable through ``/play``."""
    singles = tuple(offer.moves[0] for offer in offers if len(offer.moves) == 1)
    packed = phone_rows([say(move.label, locale) for move in singles])
    menus = _menus([offer for offer in offers if len(offer.moves) > 1])
    room = max(1, len(rows) - (ROWS - PHONE_ROWS))
    if singles and len(packed) + len(menus) > room:
        merged = _merged(_menus([Offer(OTHER_MOVES, singles)]) + menus, room)
        if len(merged) < len(packed) + len(menus):
            menus, singles, packed = merged, (), []
    menus = _merged(menus, max(1, room - len(packed)))
    items: list[discord.ui.Item[Any]] = []
    moves = iter(singles)
    for row, count in zip(rows, packed, strict=False):
        items.extend(move_button(match, next(moves), locale, row) for _ in range(count))
    shown = menus[: len(rows) - min(len(rows), len(packed))]
    ends: dict[str, list[tuple[str, str]]] = {}
    for menu in shown:
        if menu.part:
            first, last = say(menu.moves[0].label, locale), say(menu.moves[-1].label, locale)
            ends.setdefault(say(menu.label, locale), []).append((first, last))
    parts = {what: iter(part_placeholders(what, e, locale)) for what, e in ends.items()}
    for slot, menu in enumerate(shown):
        options = [
            discord.SelectOption(
                label=say(move.label, locale)[:100],
                value=move.notation[:100],
                description=say(move.detail, locale)[:100] if move.detail else None,
            )
            for move in menu.moves
        ]
        what = say(menu.label, locale)
        placeholder = next(parts[what]) if menu.part else t("board.offer", locale, what=what)
        # A View puts a select in the first empty row: one of the free rows, since the
        # last row's buttons are added after the selects.
        items.append(
            components.MoveSelect(
                match.id,
                match.version,
                slot,
                options=options,
                placeholder=placeholder[:PLACEHOLDER_LIMIT],
            ).item
        )
    return items


def controls_components(match: Match, controls: Controls, locale: str) -> discord.ui.View:
    """The board's components for ``controls`` (see the module's docstring for the rows)."""
    laid_out = discord.ui.View(timeout=None)
    offer_rows = list(range(LAST_ROW))
    if any(move.enabled for move in controls.pad):
        row = offer_rows.pop(0)
        for move in controls.pad[:BUTTONS_PER_ROW]:
            laid_out.add_item(move_button(match, move, locale, row))
    for grid_row in controls.grid[: len(offer_rows)]:
        row = offer_rows.pop(0)
        for move in grid_row[:BUTTONS_PER_ROW]:
            laid_out.add_item(move_button(match, move, locale, row))
    if controls.pieces is not None and offer_rows:
        row = offer_rows.pop(0)
        for piece in controls.pieces.pieces[:BUTTONS_PER_ROW]:
            selected = piece.id == controls.pieces.selected
            laid_out.add_item(
                components.PieceButton(
                    match.id,
                    match.version,
                    piece.id,
                    label=say(piece.label, locale),
                    row=row,
                    style=discord.ButtonStyle.primary
                    if selected
                    else discord.ButtonStyle.secondary,
                ).item
            )
    for item in offer_items(match, controls.offers, offer_rows, locale):
        laid_out.add_item(item)
    for move in controls.finish[: BUTTONS_PER_ROW - 1]:
        laid_out.add_item(move_button(match, move, locale, LAST_ROW))
    laid_out.add_item(
        components.BoardButton(
            match.id, match.version, "hint", label=t("board.button.hint", locale)
        ).item
    )
    return laid_out
