"""A person playing a hidden-hand game by clicks, as they would on a phone: they use their
newest private panel while it shows their decision, and tap "My hand & moves" on the board
only when it does not. Every tap is counted (a button one, a select two: open and pick).

Shared by the panel tests (simcord) and the browser tests (the same world, in the Preview).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from i18n import t
from tests.bot.helpers import board_text, components, custom_ids, select_options

#: What a panel that can no longer be kept current says first (``hand.stale``).
STALE_MARK = t("hand.stale", steps=0).split("0")[0]


def is_panel(message: Any, match_id: str) -> bool:
    """A private panel of ``match_id`` (its footer names the match)."""
    text = board_text(message)
    return message.flags.ephemeral and f"Match {match_id}" in text and ("your hand" in text)


def current_panels(history: list[Any], match_id: str) -> list[Any]:
    """The panels of ``match_id`` a person sees that are not marked out of date."""
    return [m for m in history if is_panel(m, match_id) and STALE_MARK not in board_text(m)]


@dataclass
class Taps:
    """Taps per decision (a step the person chose) and per turn (their steps in a row)."""

    per_decision: list[int] = field(default_factory=list)
    per_turn: list[int] = field(default_factory=list)
    opened: int = 0  # "My hand & moves" taps

    def median(self, values: list[int]) -> float:
        ordered = sorted(values)
        middle = len(ordered) // 2
        if len(ordered) % 2:
            return float(ordered[middle])
        return (ordered[middle - 1] + ordered[middle]) / 2


@dataclass
class PanelPlayer:
    """Plays one person's decisions through their panel (``choose`` names the move)."""

    world: Any
    match_id: str
    actor: Any
    taps: Taps
    pending_open: int = 0

    def newest_panel(self) -> Any | None:
        history = self.world.channel.history(viewer=self.actor)
        found = current_panels(history, self.match_id)
        return found[-1] if found else None

    async def decide(self, board: Any, notation: str) -> None:
        """One decision: open the panel if it does not offer ``notation``, then pick it."""
        taps = 0
        panel = self.newest_panel()
        if panel is None or not offers(panel, notation):
            hand = next(c for c in custom_ids(board) if c.endswith(":hand"))
            result = await self.actor.click(board, custom_id=hand)
            taps += 1
            self.taps.opened += 1
            panel = result.response.message
            assert offers(panel, notation), (notation, board_text(panel))
        if notation in button_moves(panel):
            await self.actor.click(panel, custom_id=button_moves(panel)[notation])
            taps += 1
        else:
            custom_id = next(c for c, v in select_options(panel).items() if notation in v)
            await self.actor.select(panel, [notation], custom_id=custom_id)
            taps += 2
        self.taps.per_decision.append(taps)
        self.pending_open += taps


def button_moves(message: Any) -> dict[str, str]:
    """Move buttons of a message: notation → custom id."""
    found = {}
    for component in components(message):
        custom_id = component.get("custom_id", "")
        if component.get("type") == 2 and custom_id.startswith(("tt:mb:", "tt:cl:")):
            found[custom_id.split(":", 4)[4]] = custom_id
    return found


def offers(message: Any, notation: str) -> bool:
    return notation in button_moves(message) or any(
        notation in values for values in select_options(message).values()
    )


async def play_by_clicks(
    env: Any,
    world: Any,
    match_id: str,
    people: dict[int, Any],
    choose: Callable[[Any, int], str],
    after_step: Callable[[], Any] | None = None,
) -> Taps:
    """The whole match, every person's decision made in their panel; taps counted."""
    service = env.bot.service
    taps = Taps()
    players = {uid: PanelPlayer(world, match_id, person, taps) for uid, person in people.items()}
    mover: int | None = None
    for _ in range(2000):
        match = await service.get(match_id)
        if match.status != "playing":
            break
        seat = match.to_move[0]
        uid = match.seats[seat].user_id
        if uid != mover and mover is not None and players[mover].pending_open:
            taps.per_turn.append(players[mover].pending_open)
            players[mover].pending_open = 0
        mover = uid
        board = next(m for m in world.channel.history() if m.id == match.board_message_id)
        await players[uid].decide(board, choose(match.state, seat))
        if after_step is not None:
            await after_step()
    if mover is not None and players[mover].pending_open:
        taps.per_turn.append(players[mover].pending_open)
    return taps
