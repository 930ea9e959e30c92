"""Cartolan on Discord: buttons for the moving Adventurer, the offered decisions, the lobby's
options and computer types (one board update per computer turn: cogs/flows/cartolan.py).

Nothing in Cartolan is hidden (docs/games/cartolan.md, view keys), so the turn buttons sit on
the public board. Every button carries the match id, the board's version and the move's
notation in its custom_id, so it works after a restart and an old board is refused as stale;
the service refuses anyone but the seat to move (``not_your_turn`` / ``not_seated``).

Used by the shared ui through ``board.GAME_COMPONENTS`` (the board's buttons) and
``lobby.GAME_LOBBY`` (options and the computer-type select).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import discord

from cogs.ui.components import (
    AnyInteraction,
    BoardButton,
    MoveSelect,
    button_label,
    move_options,
    run,
)
from gamecore.match import Match
from gamecore.registry import get_game
from i18n import has_key, t
from service import MatchServiceAPI

GAME_ID = "cartolan"
DIRECTIONS = ("N", "E", "S", "W")
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
#: Computer players offered in the lobby, strongest first (rules §13), then the random one.
COMPUTER_TYPES = ("explorer", "trader", "router", "pirate", "random")
#: Rows for decision buttons and selects (row 0: directions; row 4: End, Hint, Resign).
DECISION_ROWS = (1, 2, 3)
BUTTONS_PER_ROW = 5
SELECT_LIMIT = 25
_MATCH = r"(?P<match>[a-z0-9]{1,24})"


# -- the turn buttons ----------------------------------------------------------------------


class CartolanButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tt:cl:{_MATCH}:(?P<version>\d{{1,9}}):(?P<move>[A-Za-z0-9 ,.\-]{{1,60}})",
):
    """One move of the seat to move: a direction, Wait, End or an offered decision."""

    def __init__(
        self,
        match_id: str,
        version: int,
        notation: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.notation = notation
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:cl:{match_id}:{version}:{notation}",
                label=(label or notation)[:80],
                style=style,
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CartolanButton:
        return cls(match["match"], int(match["version"]), match["move"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(interaction, lambda routes: routes.play(interaction, self.match_id, self.notation, self.version))


def group_key(notation: str) -> str:
    """The words before the first number: ``buy agent 2,3`` → ``buy agent``,
    ``attack 2.1`` → ``attack``, ``move 2 N map 1`` → ``move``."""
    words: list[str] = []
    for word in notation.split():
        if any(ch.isdigit() for ch in word):
            break
        words.append(word)
    return " ".join(words) or notation


def move_label(notation: str, locale: str, view: dict | None = None) -> str:
    """A translated label: the verb's text and whatever follows it (``Bank 5``); a card
    choice names the card (its name is printed on the card itself)."""
    key = group_key(notation)
    rest = notation[len(key) :].strip()
    catalog_key = f"cartolan.label.{key.replace(' ', '_')}"
    text = t(catalog_key, locale) if has_key(catalog_key) else key.capitalize()
    decision = (view or {}).get("decision") or {}
    index = int(rest) - 1 if rest.isdigit() else -1
    if key == "choose" and 0 <= index < len(decision.get("cards") or []):
        name = decision["cards"][index].get("name")
        if name:
            return f"{text} {rest}: {name}"
    if key == "keep" and 0 <= index < len(decision.get("options") or []):
        tile = decision["options"][index]  # the edges N, E, S, W as on the picture
        edges = str(tile.get("edges", ""))
        return f"{text} {rest}: {edges}{' ★' if tile.get('wonder') else ''}".strip()
    return f"{text} {rest}".strip()


def moving_number(view: dict) -> int:
    return int((view.get("decision") or {}).get("adventurer") or 1)


def explorable(view: dict) -> set[str]:
    """Directions whose step explores a gap (shown with a ``?``, as on the picture)."""
    found: set[str] = set()
    for square in view.get("reachable") or []:
        side = square.get("side")
        if isinstance(side, int) and 0 <= side < 4:
            side = DIRECTIONS[side]
        if square.get("explore") and side in DIRECTIONS:
            found.add(side)
    return found


def legal_for_mover(match: Match) -> tuple[int | None, list[str]]:
    """The seat to move and its legal moves in canonical notation."""
    if match.status != "playing" or not match.to_move or match.state is None:
        return None, []
    seat = match.to_move[0]
    game = get_game(match.game_id)
    notations = dict.fromkeys(game.format_action(a) for a in game.legal_actions(match.state, seat))
    return seat, list(notations)


def direction_row(
    match: Match, view: dict, legal: set[str], locale: str, disabled: bool
) -> list[discord.ui.Item]:
    number = moving_number(view)
    exploring = explorable(view)
    items: list[discord.ui.Item] = []
    for side in DIRECTIONS:
        notation = f"move {number} {side}"
        allowed = notation in legal and not disabled
        mark = " ?" if side in exploring and allowed else ""
        label = f"{ARROWS[side]} {t(f'cartolan.label.dir.{side}', locale)}{mark}"
        items.append(
            CartolanButton(
                match.id,
                match.version,
                notation,
                label=label,
                row=0,
                disabled=not allowed,
                style=discord.ButtonStyle.primary if allowed else discord.ButtonStyle.secondary,
            )
        )
    wait = f"wait {number}"
    items.append(
        CartolanButton(
            match.id,
            match.version,
            wait,
            label=t("cartolan.label.wait", locale),
            row=0,
            disabled=disabled or wait not in legal,
        )
    )
    return items


def decision_items(
    match: Match, view: dict, notations: Sequence[str], locale: str
) -> list[discord.ui.Item]:
    """The offered decisions (everything but directions, Wait and End) in rows 1–3: a group
    with one move is a button, a larger group a select (25 options each). What does not
    fit stays reachable through ``/play``."""
    groups: dict[str, list[str]] = {}
    for notation in notations:
        groups.setdefault(group_key(notation), []).append(notation)
    singles = [moves[0] for moves in groups.values() if len(moves) == 1]
    multiples = [(key, moves) for key, moves in groups.items() if len(moves) > 1]
    button_rows = min(len(DECISION_ROWS), math.ceil(len(singles) / BUTTONS_PER_ROW))
    items: list[discord.ui.Item] = []
    for index, notation in enumerate(singles[: button_rows * BUTTONS_PER_ROW]):
        items.append(
            CartolanButton(
                match.id,
                match.version,
                notation,
                label=move_label(notation, locale, view),
                row=DECISION_ROWS[index // BUTTONS_PER_ROW],
                style=discord.ButtonStyle.success,
            )
        )
    free_rows = list(DECISION_ROWS[button_rows:])
    slot = 0
    for key, moves in multiples:
        for start in range(0, len(moves), SELECT_LIMIT):
            if not free_rows:
                return items
            chunk = moves[start : start + SELECT_LIMIT]
            options = move_options(chunk)
            for option in options:
                option.label = move_label(option.value, locale, view)[:100]
            placeholder = t("cartolan.select", locale, what=move_label(key, locale))
            if len(moves) > SELECT_LIMIT:
                placeholder = f"{placeholder} ({chunk[0]} … {chunk[-1]})"
            # Placed in the first empty row by the View (a Select's row cannot be set through
            # a DynamicItem in discord.py 2.7), i.e. one of the free rows, before row 4's buttons.
            free_rows.pop(0)
            items.append(
                MoveSelect(
                    match.id, match.version, slot, options=options, placeholder=placeholder[:150]
                )
            )
            slot += 1
    return items


def cartolan_components(service: MatchServiceAPI, match: Match, locale: str) -> discord.ui.View | None:
    """The public board's components: N / E / S / W / Wait (disabled when not legal), the
    offered decisions, then End, Hint and Resign. Disabled while a computer decides."""
    if match.status != "playing":
        return None
    seat, notations = legal_for_mover(match)
    computer = seat is None or match.seats[seat].is_computer
    view = service.view_for(match, None)
    legal = set() if computer else set(notations)
    number = moving_number(view)
    plain = {f"move {number} {side}" for side in DIRECTIONS} | {f"wait {number}", "end"}
    components = discord.ui.View(timeout=None)
    for item in direction_row(match, view, legal, locale, computer):
        components.add_item(item)
    if not computer:
        for item in decision_items(match, view, [n for n in notations if n not in plain], locale):
            components.add_item(item)
    components.add_item(
        CartolanButton(
            match.id,
            match.version,
            "end",
            label=t("cartolan.label.end", locale),
            row=4,
            style=discord.ButtonStyle.danger if "end" in legal else discord.ButtonStyle.secondary,
            disabled="end" not in legal,
        )
    )
    components.add_item(
        BoardButton(match.id, match.version, "hint", label=t("board.button.hint", locale))
    )
    components.add_item(
        BoardButton(match.id, match.version, "resign", label=t("board.button.resign", locale))
    )
    return components


# -- the lobby -----------------------------------------------------------------------------


def option_lines(match: Match, locale: str) -> str:
    """The match's options with what ``default`` means for them (rules' presets)."""
    options = get_game(GAME_ID).resolve_options(match.options)
    preset, mode = options["preset"], options["mode"]
    shown = dict(options)
    if options["exploration"] == "default":
        resolved = "clockwise" if preset == "classic" else "continuous"
        shown["exploration"] = t("cartolan.lobby.default", locale, value=resolved)
    if options["mythical"] == "default":
        if mode == "beginner":
            rule = "off"
        elif preset == "modern":
            rule = "on"
        else:
            rule = t("cartolan.lobby.mythical_classic", locale)
        shown["mythical"] = t("cartolan.lobby.default", locale, value=rule)
    lines = [
        f"**{t(f'cartolan.option.{name}', locale)}**: {value}" for name, value in shown.items()
    ]
    lines.append(t("cartolan.lobby.change", locale))
    return "\n".join(lines)


class ComputerTypeSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tt:clcpu:{_MATCH}"):
    """The host's "Add a computer player" menu: Explorer, Trader, Router, Pirate, Random."""

    def __init__(self, match_id: str, *, locale: str = "en") -> None:
        self.match_id = match_id
        options = [
            discord.SelectOption(
                label=t(f"cartolan.player.{name}", locale),
                value=name,
                description=t(f"cartolan.player.{name}.about", locale)[:100],
            )
            for name in COMPUTER_TYPES
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:clcpu:{match_id}",
                options=options,
                row=2,
                placeholder=t("cartolan.lobby.addcpu", locale),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComputerTypeSelect:
        return cls(match["match"])

    async def callback(self, interaction: AnyInteraction) -> None:
        values = self.item.values
        if values:
            player = str(values[0])
            await run(interaction, lambda routes: routes.lobby_action(interaction, self.match_id, "addcpu", player))


def extend_lobby(
    match: Match, locale: str, embed: discord.Embed, components: discord.ui.View | None
) -> None:
    """Options (defaults spelled out) in the lobby embed; "Add computer" becomes a menu of
    the computer types."""
    embed.add_field(
        name=t("cartolan.lobby.options", locale),
        value=option_lines(match, locale)[:1024],
        inline=False,
    )
    if components is None:
        return
    for item in list(components.children):
        if str(getattr(item, "custom_id", "")).endswith(":addcpu"):
            components.remove_item(item)
    components.add_item(ComputerTypeSelect(match.id, locale=locale))
