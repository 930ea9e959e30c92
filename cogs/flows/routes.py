"""What a click on a persistent component does: the flows behind ``ComponentRoutes``
(``cogs.ui.components``), held by the bot so that the ui tier never imports flows.

Every click is acknowledged first, then its match is checked to be one the clicker may see
(``matches.visible_match``: a custom id can be forged, from any server), then the flow runs.
"""

from __future__ import annotations

from cogs.flows import after_game, lobby, table, turns
from cogs.flows.matches import visible_match
from cogs.ui import replies
from cogs.ui.replies import Interaction

#: Board buttons whose answer is a new private message (the others edit their message).
NEW_MESSAGE_ACTIONS = frozenset({"hand", "hint", "resign"})


async def admit(interaction: Interaction, match_id: str, *, new_message: bool = False) -> None:
    """Acknowledge the click, then refuse it (changing nothing) unless the clicker may see
    the match."""
    await replies.defer(interaction, ephemeral=True, new_message=new_message)
    await visible_match(interaction, match_id)


class FlowRoutes:
    """The ``ComponentRoutes`` of the bot."""

    async def play(
        self, interaction: Interaction, match_id: str, notation: str, version: int
    ) -> None:
        await admit(interaction, match_id)
        await turns.play_move(interaction, match_id, notation, version)

    async def board_action(
        self, interaction: Interaction, match_id: str, version: int, action: str
    ) -> None:
        await admit(interaction, match_id, new_message=action in NEW_MESSAGE_ACTIONS)
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
        await admit(interaction, match_id)
        await lobby.lobby_action(interaction, match_id, action, player)

    async def select_piece(
        self, interaction: Interaction, match_id: str, version: int, piece: str
    ) -> None:
        await admit(interaction, match_id)
        await turns.select_piece(interaction, match_id, version, piece)

    async def rematch(self, interaction: Interaction, match_id: str) -> None:
        await admit(interaction, match_id)
        await lobby.rematch(interaction, match_id)

    async def review(self, interaction: Interaction, match_id: str) -> None:
        await admit(interaction, match_id, new_message=True)
        await after_game.send_review(interaction, match_id)
