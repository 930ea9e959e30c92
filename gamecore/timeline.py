"""A whole match as the public sees it: the spectator's view at the start and after each move.

A match is fully determined by (game, seat count, seed, options, moves), so the service
rebuilds an ended match's timeline from its stored log and the renderer's command line from
a moves file; the animated replay is drawn from these public views only, so it cannot show a
hidden card.

The timeline is lazy: building it plays the moves once (checking them and noting each seat),
and every pass over it plays them again, so a long match's views are made and dropped one by
one (a 1,400-step Cartolan match would hold 0.3-0.5 GB of views at once).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from gamecore.contract import Game

Step = tuple[int | None, dict[str, Any]]


class PublicTimeline(Sequence[Step]):
    """``(seat, public view)`` at the start (seat None) and after every move, made on demand."""

    def __init__(
        self,
        game: Game[Any, Any],
        players: int,
        seed: int,
        options: Mapping[str, Any],
        moves: Iterable[tuple[int | None, str]],
    ) -> None:
        self._setup = (game, players, seed, dict(options))
        self._moves: list[tuple[int, str]] = []
        state = game.setup(players, seed, dict(options))
        for seat, notation in moves:
            if seat is None:
                status = game.status(state)
                if status.over or not status.to_move:
                    break
                seat = status.to_move[0]
            state, _ = game.apply_notation(state, seat, notation)
            self._moves.append((seat, notation))

    @property
    def seats(self) -> list[int | None]:
        """Who moved at each entry (None for the start), without making any view."""
        return [None, *(seat for seat, _ in self._moves)]

    def __len__(self) -> int:
        return len(self._moves) + 1

    def __iter__(self) -> Iterator[Step]:
        game, players, seed, options = self._setup
        state = game.setup(players, seed, dict(options))
        yield None, game.view(state, None)
        for seat, notation in self._moves:
            state, _ = game.apply_notation(state, seat, notation)
            yield seat, game.view(state, None)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> list[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        if isinstance(index, slice):
            return list(self)[index]  # every view at once: for tests and short matches
        at = range(len(self))[index]  # IndexError when out of range
        for position, step in enumerate(self):
            if position == at:
                return step
        raise IndexError(index)


def public_timeline(
    game: Game[Any, Any],
    players: int,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[tuple[int | None, str]],
) -> PublicTimeline:
    """The match's :class:`PublicTimeline`. A move's seat None means the first seat to move;
    an illegal move raises the game's ``IllegalAction`` here, before any view is drawn."""
    return PublicTimeline(game, players, seed, options, moves)
