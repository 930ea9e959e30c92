"""Persistent buttons and selects (``DynamicItem``): their state lives in the custom_id.

A custom_id carries the match id and the version of the board it belongs to, so a click
works after a restart (the templates are registered in ``setup_hook``) and a click on an old
board is recognised as such by the service (``stale_version``).

What a click does is a flow (``cogs/flows``), and the ui tier does not import flows: every
callback asks the bot's :class:`ComponentRoutes` (``TabletopBot.routes``, implemented in
``cogs/flows/routes.py``), inside :func:`~cogs.ui.replies.guarded`, the one place that turns
a component's errors into replies.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord
from typing_extensions import override

from cogs.ui import replies
from i18n import locale_for, t

if TYPE_CHECKING:
    from cogs.ui.replies import Interaction

#: discord.py types a component's interaction with the base ``Client`` (generic over any
#: client); ours always come from ``TabletopBot``, typed from :func:`run` on.
AnyInteraction = discord.Interaction[Any]


class ComponentRoutes(Protocol):
    """What a click on a persistent component asks the flows to do."""

    async def play(
        self, interaction: Interaction, match_id: str, notation: str, version: int
    ) -> None:
        """Play ``notation`` on the board drawn at ``version``."""

    async def board_action(
        self, interaction: Interaction, match_id: str, version: int, action: str
    ) -> None:
        """One of ``BOARD_ACTIONS`` (hand, hint, resign and its confirmation)."""

    async def lobby_action(
        self, interaction: Interaction, match_id: str, action: str, player: str | None = None
    ) -> None:
        """One of ``LOBBY_ACTIONS``; ``player`` names the computer player to add."""

    async def select_piece(
        self, interaction: Interaction, match_id: str, version: int, piece: str
    ) -> None:
        """Redraw the board's controls with ``piece`` selected (the pad acts on it)."""

    async def rematch(self, interaction: Interaction, match_id: str) -> None:
        """Open (or show) the lobby that plays the finished ``match_id`` again."""

    async def review(self, interaction: Interaction, match_id: str) -> None:
        """The review of the finished ``match_id`` for the person who clicked (a player)."""


async def run(
    interaction: AnyInteraction, work: Callable[[ComponentRoutes], Awaitable[None]]
) -> None:
    """Call ``work(routes)`` with the bot's routes, errors answered by ``guarded``."""
    typed: Interaction = interaction
    await replies.guarded(typed, work(typed.client.routes))


def button_label(item: discord.ui.Item[Any]) -> str:
    """The label of the clicked button, as the message carried it."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or ""


_MATCH = r"(?P<match>[a-z0-9]{1,24})"
_VERSION = r"(?P<version>\d{1,9})"


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"tt:mv:{_MATCH}:{_VERSION}:(?P<slot>\d)",
):
    """A select of legal moves; the chosen option's value is the move's notation."""

    def __init__(
        self,
        match_id: str,
        version: int,
        slot: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:mv:{match_id}:{version}:{slot}",
                options=options or [],
                placeholder=placeholder,
                row=slot,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(
            match["match"],
            int(match["version"]),
            int(match["slot"]),
            options=item.options if isinstance(item, discord.ui.Select) else None,
        )

    async def callback(self, interaction: AnyInteraction) -> None:
        values = self.item.values
        if values:
            notation = str(values[0])
            await run(
                interaction,
                lambda routes: routes.play(interaction, self.match_id, notation, self.version),
            )


def move_options(
    notations: Sequence[str], labels: Sequence[str] | None = None
) -> list[discord.SelectOption]:
    """Menu options playing ``notations``, each shown as its words in ``labels`` (the notation
    itself when there are none) with the notation as the option's small print."""
    if labels is None:
        return [discord.SelectOption(label=n[:100], value=n[:100]) for n in notations]
    return [
        discord.SelectOption(
            label=label[:100], value=n[:100], description=n[:100] if label != n else None
        )
        for n, label in zip(notations, labels, strict=True)
    ]


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tt:(?:mb|cl):{_MATCH}:{_VERSION}:(?P<move>[A-Za-z0-9 ,.\-]{{1,60}})",
):
    """One move of the seat to move on a public board (a game's declared controls); boards
    drawn before the controls were declared carry ``tt:cl:`` and still work."""

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
                custom_id=f"tt:mb:{match_id}:{version}:{notation}",
                label=(label or notation)[:80],
                style=style,
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(match["match"], int(match["version"]), match["move"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(
            interaction,
            lambda routes: routes.play(interaction, self.match_id, self.notation, self.version),
        )


class PieceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tt:pc:{_MATCH}:{_VERSION}:(?P<piece>[A-Za-z0-9]{{1,8}})",
):
    """Selects the piece the pad acts on (e.g. Adventurer 2): the board's controls are
    redrawn for it; nothing is played."""

    def __init__(
        self,
        match_id: str,
        version: int,
        piece: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        self.match_id = match_id
        self.version = version
        self.piece = piece
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:pc:{match_id}:{version}:{piece}",
                label=(label or piece)[:80],
                style=style,
                row=row,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PieceButton:
        return cls(match["match"], int(match["version"]), match["piece"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(
            interaction,
            lambda routes: routes.select_piece(
                interaction, self.match_id, self.version, self.piece
            ),
        )


BOARD_ACTIONS = ("hand", "hint", "resign", "confirm-resign")


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tt:do:{_MATCH}:{_VERSION}:(?P<action>[a-z-]{{1,20}})",
):
    """Hint, Resign (asks first) and the confirmation of a resignation."""

    def __init__(self, match_id: str, version: int, action: str, *, label: str = "") -> None:
        self.match_id = match_id
        self.version = version
        self.action = action
        # Resign sits apart on the board, grey; only its confirmation (private) is red.
        style = (
            discord.ButtonStyle.danger
            if action == "confirm-resign"
            else discord.ButtonStyle.secondary
        )
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:do:{match_id}:{version}:{action}",
                label=label or action,
                style=style,
                row=4,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(match["match"], int(match["version"]), match["action"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        if self.action not in BOARD_ACTIONS:
            # Only a forged or future custom_id gets here: say so rather than stay silent.
            locale = locale_for(interaction, public=False)
            await replies.send(interaction, t("turn.stale_hint", locale), ephemeral=True)
            return
        await run(
            interaction,
            lambda routes: routes.board_action(
                interaction, self.match_id, self.version, self.action
            ),
        )


LOBBY_ACTIONS = ("join", "leave", "addcpu", "rmcpu", "start", "cancel", "decline", "open")
_LOBBY_STYLES = {
    "join": discord.ButtonStyle.primary,
    "start": discord.ButtonStyle.success,
    "cancel": discord.ButtonStyle.danger,  # on a row of its own (the lobby's ``apart``)
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tt:lb:(?P<match>[a-z0-9]{1,24}):(?P<action>join|leave|addcpu|rmcpu|start|cancel|decline|open)",
):
    """Join / Leave / Add computer / Remove computer / Start / Cancel of a lobby, and of a
    lobby with invitations Decline (an invited person) and Open to everyone (the host)."""

    def __init__(
        self, match_id: str, action: str, *, label: str = "", disabled: bool = False
    ) -> None:
        self.match_id = match_id
        self.action = action
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:lb:{match_id}:{action}",
                label=label or action,
                style=_LOBBY_STYLES.get(action, discord.ButtonStyle.secondary),
                row=0 if action in ("join", "leave", "start") else 1,
                disabled=disabled,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["match"], match["action"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(
            interaction, lambda routes: routes.lobby_action(interaction, self.match_id, self.action)
        )


class ComputerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tt:(?:cpu|clcpu):{_MATCH}"
):
    """The host's "Add a computer player" menu of a lobby (the game's declared players)."""

    def __init__(
        self,
        match_id: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:cpu:{match_id}",
                options=options or [],
                row=2,
                placeholder=placeholder,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComputerSelect:
        return cls(
            match["match"], options=item.options if isinstance(item, discord.ui.Select) else None
        )

    async def callback(self, interaction: AnyInteraction) -> None:
        values = self.item.values
        if values:
            player = str(values[0])
            await run(
                interaction,
                lambda routes: routes.lobby_action(interaction, self.match_id, "addcpu", player),
            )


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tt:rm:{_MATCH}"):
    """Rematch, on the board of a finished multiplayer match."""

    def __init__(self, match_id: str, *, label: str = "") -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:rm:{match_id}",
                label=label or "rematch",
                style=discord.ButtonStyle.primary,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(match["match"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(interaction, lambda routes: routes.rematch(interaction, self.match_id))


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tt:rv:{_MATCH}"):
    """Review, on the board of a finished match of a game the review covers."""

    def __init__(self, match_id: str, *, label: str = "") -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:rv:{match_id}",
                label=label or "review",
                style=discord.ButtonStyle.secondary,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(match["match"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await run(interaction, lambda routes: routes.review(interaction, self.match_id))
