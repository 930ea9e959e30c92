"""A person playing a match by taps, as on a phone: in their newest private panel while it
offers their decision, else on the board (choosing the pad's piece first when needed), else
opening "My hand & moves". Every tap is counted: a button one, a select two (open and pick).

Shared by the panel tests (simcord) and the browser tests (the same world, in the Preview).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from i18n import t
from tests.cogs.helpers import board_text, components, custom_ids, select_options

LOCALES = ("en", "ja")
#: What a panel that can no longer be kept current says first (``hand.stale``).
STALE_MARKS = tuple(t("hand.stale", locale, steps=0).split("0")[0] for locale in LOCALES)
PANEL_TITLES = tuple(t("hand.title", locale, game="") for locale in LOCALES)


def is_panel(message: Any, match_id: str) -> bool:
    """A private panel of ``match_id`` (its title says so, its footer names the match)."""
    text = board_text(message)
    return (
        message.flags.ephemeral
        and match_id in text
        and any(title in text for title in PANEL_TITLES)
    )


def is_stale(message: Any) -> bool:
    return any(mark in board_text(message) for mark in STALE_MARKS)


def current_panels(history: list[Any], match_id: str) -> list[Any]:
    """The panels of ``match_id`` a person sees that are not marked out of date."""
    return [m for m in history if is_panel(m, match_id) and not is_stale(m)]


@dataclass
class Taps:
    """Taps per decision (a step the person chose: its pick, and choosing the pad's piece) and
    per turn (their decisions in a row, with opening their panel)."""

    per_decision: list[int] = field(default_factory=list)
    per_turn: list[int] = field(default_factory=list)
    opened: int = 0  # "My hand & moves" taps (a turn's cost, not a decision's)
    most_opens_a_turn: int = 0
    pieces: int = 0  # taps choosing which piece the board's pad moves
    typed: int = 0  # decisions no control offered (typed with /play instead)


def median(values: list[int]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if not ordered:
        return 0.0
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2


def button_moves(message: Any) -> dict[str, str]:
    """Enabled move buttons of a message: notation → custom id."""
    found = {}
    for component in components(message):
        custom_id = component.get("custom_id", "")
        if (
            component.get("type") == 2
            and custom_id.startswith(("tt:mb:", "tt:cl:"))
            and not component.get("disabled")
        ):
            found[custom_id.split(":", 4)[4]] = custom_id
    return found


def piece_buttons(message: Any) -> dict[str, str]:
    """The pad's piece buttons of a board: piece → custom id."""
    return {
        c["custom_id"].split(":", 4)[4]: c["custom_id"]
        for c in components(message)
        if c.get("custom_id", "").startswith("tt:pc:")
    }


async def pick(actor: Any, message: Any, notation: str) -> Any:
    """Play ``notation`` from ``message`` as a person does: its button, else its menu."""
    if notation in button_moves(message):
        return await actor.click(message, custom_id=button_moves(message)[notation])
    custom_id = next(c for c, v in select_options(message).items() if notation in v)
    return await actor.select(message, [notation], custom_id=custom_id)


def offers(message: Any, notation: str) -> bool:
    return notation in button_moves(message) or any(
        notation in values for values in select_options(message).values()
    )


@dataclass
class Person:
    """One person choosing moves by taps, as on a phone: in their panel while it offers the
    move, else on the board (choosing the pad's piece first when it must), else opening
    their panel; a move no control offers is typed (``/play``) and counted as such."""

    world: Any
    match_id: str
    actor: Any
    taps: Taps
    this_turn: int = 0
    opens: int = 0  # panels opened this turn

    def newest_panel(self) -> Any | None:
        history = self.world.channel.history(viewer=self.actor)
        found = current_panels(history, self.match_id)
        return found[-1] if found else None

    def message(self, message_id: int) -> Any:
        return next(m for m in self.world.channel.history(viewer=self.actor) if m.id == message_id)

    async def tap(self, message: Any, notation: str) -> int:
        if notation in button_moves(message):
            await self.actor.click(message, custom_id=button_moves(message)[notation])
            return 1
        custom_id = next(c for c, v in select_options(message).items() if notation in v)
        await self.actor.select(message, [notation], custom_id=custom_id)
        return 2

    async def decide(self, board: Any, notation: str) -> None:
        """One decision; its taps are counted."""
        taps = 0
        panel = self.newest_panel()
        if panel is not None and offers(panel, notation):
            taps += await self.tap(panel, notation)
        elif offers(board, notation):
            taps += await self.tap(board, notation)
        else:
            words = notation.split()
            pieces = piece_buttons(board)
            hand = [c for c in custom_ids(board) if c.endswith(":hand")]
            if len(words) >= 2 and words[1] in pieces:
                await self.actor.click(board, custom_id=pieces[words[1]])
                taps += 1
                self.taps.pieces += 1
                board = self.message(board.id)
            elif hand:
                result = await self.actor.click(board, custom_id=hand[0])
                self.this_turn += 1
                self.opens += 1
                self.taps.opened += 1
                self.taps.most_opens_a_turn = max(self.taps.most_opens_a_turn, self.opens)
                board = result.response.message
            if offers(board, notation):
                taps += await self.tap(board, notation)
            else:
                await self.actor.slash(self.world.channel, "play", move=notation)
                self.taps.typed += 1
        self.taps.per_decision.append(taps)
        self.this_turn += taps


async def play_by_clicks(
    env: Any,
    world: Any,
    match_id: str,
    people: dict[int, Any],
    choose: Callable[[Any, int], str],
    look: Callable[[], Any] | None = None,
) -> Taps:
    """The whole match, every person's decision made by taps; taps counted. A turn is a
    person's decisions until somebody else decides (in a solo game: one decision).
    ``look`` is awaited before every decision and once at the end."""
    service = env.bot.service
    taps = Taps()
    players = {uid: Person(world, match_id, person, taps) for uid, person in people.items()}
    mover: int | None = None
    solo = len(people) == 1
    for _ in range(3000):
        match = await service.get(match_id)
        if match.status != "playing":
            break
        seat = match.to_move[0]
        uid = match.seats[seat].user_id
        if mover is not None and (uid != mover or solo) and players[mover].this_turn:
            taps.per_turn.append(players[mover].this_turn)
            players[mover].this_turn = players[mover].opens = 0
        mover = uid
        if look is not None:
            await look()
        board = next(m for m in world.channel.history() if m.id == match.board_message_id)
        notation = choose(match.state, seat)
        await players[uid].decide(board, notation)
        # a tap on a control that was out of date plays nothing: say so rather than loop
        assert (await service.get(match_id)).version != match.version, f"{notation} not played"
    if look is not None:
        await look()
    if mover is not None and players[mover].this_turn:
        taps.per_turn.append(players[mover].this_turn)
    return taps


async def play_notation(env: Any, world: Any, match_id: str, actor: Any, notation: str) -> Taps:
    """``actor`` plays ``notation`` in ``match_id`` by whichever control carries it (their
    panel, the board, opening "My hand & moves", else ``/play``), as :class:`Person` does;
    the taps it took are returned. For a game's own tests through the bot."""
    match = await env.bot.service.get(match_id)
    board = next(m for m in world.channel.history() if m.id == match.board_message_id)
    taps = Taps()
    await Person(world, match_id, actor, taps).decide(board, notation)
    return taps
