"""A move whose PostgreSQL reply is lost (issue 21 item 8): the service re-reads the match;
a move the database holds goes on like any other (board, pings), one it does not hold is
told to the player as "may have been saved" and the match is read again before its next use."""

from __future__ import annotations

import pytest

from gamecore.match import Match
from service import MatchService
from storage import CommitUnknown, PostgresMatchStore
from tests.storage.wire import Wire

HOST, GUEST = 101, 202


async def started(postgres_url, clock):
    service = MatchService(PostgresMatchStore(postgres_url, max_size=1), clock=clock)
    await service.start()
    lobby = await service.new_match("toy-race", 1, 2, HOST)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    return service, match, match.seats[match.to_move[0]].user_id


def cut_after_send(wire: Wire, send: bool) -> None:
    sent = wire.transport.write

    def write(data: bytes) -> None:
        if send:
            sent(data)  # the move reaches the server; its reply never comes back
        wire.transport.abort()

    wire.transport.write = write


async def test_a_saved_move_whose_reply_was_lost_goes_on(postgres_url, clock):
    service, match, user = await started(postgres_url, clock)
    cut_after_send(Wire(service.store), send=True)
    outcome = await service.play(match.id, user, "add 2", match.version)
    assert outcome.match.version == match.version + 1  # the caller draws and pings as usual
    stored = await service.store.load(match.id)
    assert (stored.version, stored.steps) == (outcome.match.version, outcome.match.steps)
    nxt = outcome.match.seats[outcome.match.to_move[0]].user_id
    await service.play(match.id, nxt, "add 1", outcome.match.version)
    await service.close()


async def test_a_move_lost_on_the_way_may_have_been_saved(postgres_url, clock):
    service, match, user = await started(postgres_url, clock)
    cut_after_send(Wire(service.store), send=False)
    with pytest.raises(CommitUnknown) as err:
        await service.play(match.id, user, "add 2", match.version)
    assert err.value.code == "commit_unknown"
    load, reads = service.store.load, []

    async def counted(match_id: str) -> Match | None:
        reads.append(match_id)
        return await load(match_id)

    service.store.load = counted  # type: ignore[method-assign]
    again = await service.play(match.id, user, "add 2", match.version)  # was not saved
    assert reads == [match.id]  # read again before its next use
    assert again.match.steps == match.steps + 1
    await service.close()
