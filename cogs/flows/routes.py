"""What a click on a persistent component does: the flows behind ``ComponentRoutes``
(``cogs.ui.components``), held by the bot so that the ui tier never imports flows."""

from __future__ import annotations

from cogs.flows import lobby, table, turns
from cogs.ui.replies import Interaction


class FlowRoutes:
    """The ``ComponentRoutes`` of the bot."""

    async def play(self, interaction: Interaction, match_id: str, notation: str, version: int) -> None:
        await turns.play_move(interaction, match_id, notation, version)

    async def board_action(self, interaction: Interaction, match_id: str, version: int, action: str) -> None:
        if action == "hand":
            await table.show_hand(interaction, match_id)
        elif action == "hint":
            await turns.hint(interaction, match_id)
        elif action == "resign":
            await turns.ask_resign(interaction, match_id, version)
        elif action == "confirm-resign":
            await turns.resign(interaction, match_id)

    async def lobby_action(
        self, interaction: Interaction, match_id: str, action: str, player: str | None = None
    ) -> None:
        await lobby.lobby_action(interaction, match_id, action, player)

    async def select_piece(self, interaction: Interaction, match_id: str, version: int, piece: str) -> None:
        await turns.select_piece(interaction, match_id, version, piece)

    async def rematch(self, interaction: Interaction, match_id: str) -> None:
        await lobby.rematch(interaction, match_id)
