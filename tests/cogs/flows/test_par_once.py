"""Par is computed once per deal, and follows the final board (it never holds it up)."""

from __future__ import annotations

import pytest

from service.pars import deal_pars
from tests.cogs.helpers import make_world, play_by_hints, start


def par_said(played) -> str:
    (said,) = [
        m.content for m in (played.response, *played.followups) if "Par for this deal" in m.content
    ]
    return said


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # the stores: tests/storage
async def test_a_replayed_deal_reads_its_par_and_the_final_board_comes_first(env) -> None:
    world = make_world(env)
    book = deal_pars(env.bot.service)
    said = []
    for _ in range(2):  # the same deal twice (a replay of the seed)
        match_id, board = await start(env, world, "dungeon-delver", seed=2)
        played = await play_by_hints(env, world, match_id)
        said.append(par_said(played))
        # The final board was edited before par was said.
        requests = env.http_requests
        board_edits = [
            i
            for i, r in enumerate(requests)
            if r.method == "PATCH" and r.path.endswith(f"/messages/{board.id}")
        ]
        par_answers = [
            i
            for i, r in enumerate(requests)
            if isinstance(r.json, dict) and "Par for this deal" in str(r.json.get("content"))
        ]
        assert board_edits[-1] < par_answers[-1]
        assert "at most 40 plays per computer player" in said[-1]
    assert said[0] == said[1]
    assert book.computed == 1  # the second game of the deal read the stored par
