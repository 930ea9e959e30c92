"""One identity per seat: badge, name and computer names agree in every text."""

from __future__ import annotations

from cogs.ui.seats import badge, seat_label, seat_legend, seat_name
from gamecore.match import Match, Seat
from tests.cogs.helpers import playing_match


def table(*seats: Seat, game_id: str = "cartolan") -> Match:
    return playing_match(game_id, seats, version=3)


def test_badges_number_seats_in_the_order_of_play_as_the_pictures_do() -> None:
    assert [badge(s) for s in range(4)] == ["①", "②", "③", "④"]
    match = table(Seat(1, None, "alice"), Seat(None, "pirate", "pirate 1"), Seat(2, None, "bob"))
    assert seat_legend(match, "en") == "Seats: ① alice · ② Pirate (computer) · ③ bob"
    assert seat_label(match, 1, "ja").startswith("② ") and "コンピューター" in seat_label(
        match, 1, "ja"
    )


def test_a_seat_a_computer_took_over_keeps_the_persons_name() -> None:
    match = table(
        Seat(None, "heuristic", "carol (heuristic)"), Seat(1, None, "dan"), game_id="speiderne"
    )
    assert seat_name(match, 0, "en") == "carol, played by Heuristic (computer)"


def test_hostile_names_are_inert() -> None:
    match = table(
        Seat(1, None, "[Free Nitro](https://evil.example/g)"),
        Seat(2, None, "<@&123456789012345678> `x` **b**"),
    )
    text = seat_legend(match, "en")
    assert "\\[Free Nitro]" in text  # no masked link
    assert "<@&123456789012345678>" not in text  # no role mention
    assert "\\*\\*b\\*\\*" in text and "\\`x\\`" in text


async def test_the_board_pairs_every_badge_with_its_name(env) -> None:
    """After the seat order is drawn, the board's text gives each picture badge its name, the
    turn line and the log use the same badge, and the lobby numbered nobody before the draw."""
    from tests.cogs.helpers import (  # noqa: PLC0415 - the e2e helpers load simcord
        board_message,
        board_text,
        components,
        make_world,
        notice,
    )

    world = make_world(env)
    opened = await world.alice.slash(world.channel, "game new", game="speiderne")
    lobby = opened.response.message
    assert "1." not in board_text(lobby)  # no number before the order is drawn

    def button(message, action):
        return next(
            c["custom_id"] for c in components(message) if c["custom_id"].endswith(f":{action}")
        )

    await world.bob.click(lobby, custom_id=button(lobby, "join"))
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    await world.alice.click(lobby, custom_id=button(lobby, "start"))
    (match,) = await env.bot.service.find_matches(world.alice.id, world.channel.id)
    board = await board_message(env, world, match.id)
    text = board_text(board).removeprefix(notice(board)).strip()  # the turn notice above
    legend = " · ".join(f"{badge(s)} {seat.name}" for s, seat in enumerate(match.seats))
    assert legend in text
    mover = match.to_move[0]
    assert f"{badge(mover)} {match.seats[mover].name}" in text.splitlines()[1]  # under the title


def test_a_finished_board_shows_the_final_scores_and_why_it_ended() -> None:
    from dataclasses import replace  # noqa: PLC0415 - only this test builds a finished match

    from cogs.ui.board import final_lines  # noqa: PLC0415 - the board module loads the renderer

    match = table(Seat(1, None, "alice"), Seat(None, "pirate", "pirate 1"))
    finished = replace(
        match,
        status="finished",
        to_move=(),
        result={"result": "finished", "winners": [1], "scores": [12.0, 31.0], "end": "margin"},
    )
    assert final_lines(finished, "en") == [
        "Final scores: ① alice 12 · ② Pirate (computer) 31",
        "The game ended because a player's lead in wealth reached the winning margin.",
    ]
    assert final_lines(match, "en") == []  # still playing: no final line


def test_the_match_keeps_why_a_game_ended() -> None:
    from gamecore.contract import Status  # noqa: PLC0415 - only this test builds a status
    from gamecore.match import record_step  # noqa: PLC0415 - the transition under test

    match = table(Seat(1, None, "alice"), Seat(2, None, "bob"), game_id="speiderne")
    over = Status("finished", winners=(0,), scores=(5.0, 3.0), detail={"end": "max_rounds"})

    class EndsNow:  # a game whose next state is over, for the reason ``over`` gives
        def status(self, _state: object) -> Status:
            return over

    assert record_step(match, EndsNow(), 0, match.state, 0.0).result["end"] == "max_rounds"
