"""Cartolan's computer turns: every step of one computer seat's turn played in a row and
shown as one board update (Discord limits message edits), summed up in one line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from service import TurnOutcome

if TYPE_CHECKING:
    from bot import TabletopBot

#: Safety net: steps of one computer turn shown as one board update.
MAX_TURN_STEPS = 400
#: Event kinds worth a line in a computer turn's short log (moves and waits are summed up).
LOGGED_EVENTS = frozenset(
    {
        "explore",
        "explore_failed",
        "discover_wonder",
        "discover_city",
        "map_complete",
        "trade",
        "rest",
        "restore",
        "attack",
        "attack_agent",
        "arrest",
        "loot",
        "steal_map",
        "court",
        "disaster",
        "agent_placed",
        "bank",
        "buy_adventurer",
        "buy_maps",
        "abandon",
        "game_over",
        "card",
        "deposit",
        "harbour_arrest",
        "buy_manuscript",
    }
)
LOG_EVENTS_KEPT = 10
SUMMARY_LIMIT = 180


def short_notation(notation: str) -> str:
    """``move 2 N`` → ``N``; other moves as they are."""
    words = notation.split()
    if words and words[0] == "move" and len(words) >= 3:
        return words[2] + ("+map" if "map" in words else "")
    return notation


def summarize_turn(steps: Sequence[TurnOutcome]) -> TurnOutcome:
    """Several steps of one seat as one outcome: the moves in short (``N E E · trade ·
    bank 3 · done``) and only the events worth a line (explored, traded, attacked…)."""
    taken = [s for step in steps for s in (step, *step.follow_ups)]
    parts: list[str] = []
    for step in taken:
        text = short_notation(step.notation)
        if parts and len(text) <= 2 and len(parts[-1]) < 40 and parts[-1][-1:].isupper():
            parts[-1] = f"{parts[-1]} {text}"
        else:
            parts.append(text)
    summary = " · ".join(parts)
    if len(summary) > SUMMARY_LIMIT:
        summary = summary[: SUMMARY_LIMIT - 1] + "…"
    events = [e for step in taken for e in step.events if e.kind in LOGGED_EVENTS]
    last = steps[-1]
    return TurnOutcome(
        match=last.final,
        seat=steps[0].seat,
        seat_name=steps[0].seat_name,
        notation=summary,
        events=tuple(events[-LOG_EVENTS_KEPT:]),
        kind=steps[0].kind,
    )


async def play_computer_turn(bot: TabletopBot, match_id: str) -> list[TurnOutcome]:
    """Every step of the computer seat to move until another seat decides (or a person, or
    the end), summed up as one outcome, so the board is edited once per computer turn."""
    steps: list[TurnOutcome] = []
    seat: int | None = None
    while len(steps) < MAX_TURN_STEPS:
        batch = await bot.service.computer_turns(match_id, limit=1)
        if not batch:
            break
        step = batch[0]
        seat = step.seat if seat is None else seat
        steps.append(step)
        after = step.final
        if not after.awaits_computer or seat not in after.to_move:
            break
    return [summarize_turn(steps)] if steps else []
