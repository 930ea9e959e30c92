"""What a click on a persistent button or select does: one ``DynamicItem`` per custom id
template of ``cogs.ui.components``, whose callback calls one flow.

These are the bot's entry points for clicks, as slash commands are for commands, so they
live in the top tier: they import the flows at module level, and neither the flows nor the
message builders (``cogs/ui``) import them. The builders put plain items with the same
custom ids on the messages; discord.py answers a click with the class registered for its
template (``TabletopBot.setup_hook`` registers :data:`DYNAMIC_ITEMS`), also after a restart.

Every flow a click on a match calls first acknowledges it and then checks that the
clicker may see the match (``cogs.flows.matches.admit``: a custom id can be forged, from
any server); its errors are answered by :func:`~cogs.delivery.replies.guarded`.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from typing_extensions import override

from cogs.delivery import replies
from cogs.flows import after_game, hands, lobby, readout, turns
from cogs.flows.rules import show_page
from cogs.ui import components
from cogs.ui.components import button_label
from i18n import locale_for, t

#: discord.py types a component's interaction with the base ``Client`` (generic over any
#: client); ours always come from ``TabletopBot``.
AnyInteraction = discord.Interaction[Any]


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=components.MOVE_SELECT):
    """A select of legal moves: plays the chosen notation on the board's version."""

    def __init__(self, match_id: str, version: int, slot: int) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(components.move_select(match_id, version, slot, options=[]))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(match["match"], int(match["version"]), int(match["slot"]))

    async def callback(self, interaction: AnyInteraction) -> None:
        if self.item.values:
            notation = str(self.item.values[0])
            await replies.guarded(
                interaction, turns.play_move(interaction, self.match_id, notation, self.version)
            )


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.MOVE_BUTTON):
    """One move on a public board: plays its notation on the board's version."""

    def __init__(self, match_id: str, version: int, notation: str, *, label: str = "") -> None:
        self.match_id, self.version, self.notation = match_id, version, notation
        super().__init__(components.move_button(match_id, version, notation, label=label))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(match["match"], int(match["version"]), match["move"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(
            interaction, turns.play_move(interaction, self.match_id, self.notation, self.version)
        )


class PieceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.PIECE_BUTTON):
    """Redraws the board's controls with another piece selected; nothing is played."""

    def __init__(self, match_id: str, version: int, piece: str, *, label: str = "") -> None:
        self.match_id, self.version, self.piece = match_id, version, piece
        super().__init__(components.piece_button(match_id, version, piece, label=label))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PieceButton:
        return cls(match["match"], int(match["version"]), match["piece"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(
            interaction, turns.select_piece(interaction, self.match_id, self.version, self.piece)
        )


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.BOARD_BUTTON):
    """My hand, Hint, Read the board, Resign (asks first) and the confirmation of a
    resignation."""

    def __init__(self, match_id: str, version: int, action: str, *, label: str = "") -> None:
        self.match_id, self.version, self.action = match_id, version, action
        super().__init__(components.board_button(match_id, version, action, label=label))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(match["match"], int(match["version"]), match["action"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        match_id = self.match_id
        if self.action == "hand":
            work = hands.show_hand(interaction, match_id)
        elif self.action == "hint":
            work = turns.hint(interaction, match_id)
        elif self.action == "resign":
            work = turns.ask_resign(interaction, match_id, self.version)
        elif self.action == "confirm-resign":
            work = turns.resign(interaction, match_id)
        elif self.action == "read":
            work = readout.read_board(interaction, match_id)
        else:  # only a forged or future custom id: say so rather than stay silent
            locale = locale_for(interaction, public=False)
            await replies.send(interaction, t("turn.stale_hint", locale), ephemeral=True)
            return
        await replies.guarded(interaction, work)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.LOBBY_BUTTON):
    """A lobby's buttons (``components.LOBBY_ACTIONS``): one service call each."""

    def __init__(self, match_id: str, action: str, *, label: str = "") -> None:
        self.match_id, self.action = match_id, action
        super().__init__(components.lobby_button(match_id, action, label=label))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["match"], match["action"], label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(
            interaction, lobby.lobby_action(interaction, self.match_id, self.action)
        )


class ComputerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=components.COMPUTER_SELECT
):
    """A lobby's "Add a computer player" menu: seats the chosen computer player."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        super().__init__(components.computer_select(match_id, options=[]))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComputerSelect:
        return cls(match["match"])

    async def callback(self, interaction: AnyInteraction) -> None:
        if self.item.values:
            player = str(self.item.values[0])
            await replies.guarded(
                interaction, lobby.lobby_action(interaction, self.match_id, "addcpu", player)
            )


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.REMATCH_BUTTON
):
    """Rematch, on a finished multiplayer board: opens (or points to) the new lobby."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        super().__init__(components.rematch_button(match_id))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(match["match"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(interaction, lobby.rematch(interaction, self.match_id))


class PlayAgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.PLAY_AGAIN_BUTTON
):
    """Play again, on a finished solo board: a new deal of the same game for its player."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        super().__init__(components.play_again_button(match_id))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayAgainButton:
        return cls(match["match"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(interaction, lobby.play_again(interaction, self.match_id))


class ReviewButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.REVIEW_BUTTON
):
    """Review, on a finished board: the clicker's review of the match, privately."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        super().__init__(components.review_button(match_id))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        return cls(match["match"])

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(interaction, after_game.send_review(interaction, self.match_id))


class RulesPager(discord.ui.DynamicItem[discord.ui.Button[Any]], template=components.RULES_BUTTON):
    """Previous / next page of ``/rules``: the same message shows the page (no match)."""

    def __init__(self, game_id: str, page: int, *, label: str = "") -> None:
        self.game_id, self.page = game_id, page
        super().__init__(components.rules_button(game_id, page, label=label))

    @classmethod
    @override
    async def from_custom_id(
        cls, interaction: AnyInteraction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesPager:
        return cls(match["game"], int(match["page"]), label=button_label(item))

    async def callback(self, interaction: AnyInteraction) -> None:
        await replies.guarded(interaction, show_page(interaction, self.game_id, self.page))


#: Every persistent component class the bot registers.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveSelect,
    MoveButton,
    PieceButton,
    BoardButton,
    LobbyButton,
    ComputerSelect,
    RematchButton,
    PlayAgainButton,
    ReviewButton,
    RulesPager,
)
