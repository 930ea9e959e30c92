"""The database out of reach for a while: the service refuses moves with
``store_unavailable`` (a translated message), writes nothing half, keeps serving from
memory what it can, and recovers by itself once the database is back."""

from __future__ import annotations

import pytest

from cogs.delivery.replies import refusal_text
from service import MatchError, MatchService
from storage import PostgresMatchStore, StoreUnavailable

HOST, GUEST = 101, 202


async def test_moves_are_refused_while_the_database_is_down_and_resume_after(
    stoppable_postgres, clock
):
    service = MatchService(PostgresMatchStore(stoppable_postgres.url()), clock=clock)
    await service.start()
    lobby = await service.new_match("toy-race", 1, 2, HOST, turn_limit=3600)
    await service.lobby_join(lobby.id, GUEST)
    match = await service.lobby_start(lobby.id, HOST)
    user = match.seats[match.to_move[0]].user_id
    first = (await service.play(match.id, user, "add 1")).final
    other = first.seats[first.to_move[0]].user_id
    stoppable_postgres.stop()
    try:
        with pytest.raises(MatchError) as err:
            await service.play(match.id, other, "add 2", first.version)
        # a pooled connection the server dropped may meet the move: then it cannot know
        assert err.value.code in ("store_unavailable", "commit_unknown")
        with pytest.raises(MatchError) as err:
            await service.new_match("toy-solo", 1, 2, HOST)
        assert err.value.code == "store_unavailable"
        # memory still answers what needs no database, and the clock waits quietly
        assert await service.legal_moves(match.id, other) == ["add 1", "add 2", "add 3"]
        clock.advance(7200)
        assert await service.due_timers() == []
    finally:
        stoppable_postgres.start()
    # back: the match is read again (the refused move is not there) and play goes on
    assert [a.notation for a in await service.actions(match.id)] == ["add 1"]
    assert await service.due_timers() == [match.id]  # the clock that fell due meanwhile
    outcome = await service.fire_timer(match.id)
    assert outcome.kind == "expired" and outcome.match.steps == 2
    await service.close()


def test_the_refusal_is_translated() -> None:
    english = refusal_text(StoreUnavailable("connection refused"), "en")
    japanese = refusal_text(StoreUnavailable(), "ja")
    assert "database" in english and "nothing was changed" in english
    assert "データベース" in japanese
