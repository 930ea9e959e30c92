"""The pure tournament module (gamecore/tournament): its rules on worked examples."""

from __future__ import annotations

import pytest

from gamecore.tournament import (
    Config,
    Player,
    State,
    TournamentError,
    add_player,
    drop_player,
    is_finished,
    new_tournament,
    pair_round,
    place_points,
    readmit_player,
    record_result,
    remove_player,
    seat_waiting,
    standings,
    start_round,
    total_rounds,
    waiting,
)
from gamecore.tournament.pairing import snake, table_sizes


def swiss(players: int, size: int = 4, rounds: int = 3, seed: int = 7) -> State:
    config = Config("swiss", "speiderne", table_size=size, seed=seed, rounds=rounds)
    return new_tournament(config, [Player(i, 1500 + 10 * i) for i in range(players)])


def play_round(state: State) -> State:
    """Seat the next round and finish every table with the seats in seat order."""
    rnd = pair_round(state)
    state = start_round(state, rnd)
    for table in rnd.tables:
        state = record_result(state, table.number, range(1, len(table.seats) + 1))
    return state


def test_points_by_place_and_shared_places():
    assert place_points([1, 2, 3, 4]) == (3, 2, 1, 0)
    assert place_points([1, 1, 3, 4]) == (2.5, 2.5, 1, 0)
    assert place_points([2, 1, 2]) == (0.5, 2, 0.5)


def test_tables_spread_people_evenly_fuller_first():
    assert table_sizes(9, 4) == [3, 3, 3]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(12, 3) == [3, 3, 3, 3]
    assert table_sizes(1, 4) == [1]


def test_round_one_deals_ratings_in_a_snake():
    assert snake([8, 7, 6, 5, 4, 3, 2, 1, 0], 4) == [[8, 3, 2], [7, 4, 1], [6, 5, 0]]


def test_nine_people_at_four_seats_each_table_gets_one_computer():
    rnd = pair_round(swiss(9))
    assert [len(t.seats) for t in rnd.tables] == [4, 4, 4]
    assert [sum(s.is_computer for s in t.seats) for t in rnd.tables] == [1, 1, 1]


def test_next_round_waits_for_every_table():
    state = start_round(swiss(9), pair_round(swiss(9)))
    with pytest.raises(TournamentError) as refused:
        pair_round(state)
    assert refused.value.code == "round_open"


def test_a_whole_swiss_ends_and_the_state_survives_json():
    state = swiss(9)
    for _ in range(3):
        state = play_round(state)
    assert is_finished(state)
    assert State.from_json(state.to_json()) == state
    with pytest.raises(TournamentError):
        pair_round(state)


def test_dropped_player_is_skipped_then_plays_again_when_readmitted():
    state = play_round(swiss(9))
    state = drop_player(state, 4)
    assert 4 not in {p for t in pair_round(state).tables for p in t.players}
    state = readmit_player(state, 4)
    assert 4 in {p for t in pair_round(state).tables for p in t.players}
    assert any(s.player == 4 for s in standings(drop_player(state, 4)))


def test_remove_only_before_seated_and_no_double_entry():
    state = swiss(3)
    with pytest.raises(TournamentError):
        add_player(state, 1)
    assert len(remove_player(state, 1).players) == 2
    with pytest.raises(TournamentError):
        remove_player(play_round(state), 1)


def test_bad_results_are_refused():
    state = start_round(swiss(4), pair_round(swiss(4)))
    for places in ([1, 2, 3], [1, 3, 3, 4], [2, 2, 3, 4]):
        with pytest.raises(TournamentError):
            record_result(state, 1, places)
    done = record_result(state, 1, [1, 2, 3, 4])
    with pytest.raises(TournamentError):
        record_result(done, 1, [1, 2, 3, 4])


def test_default_rounds():
    assert total_rounds(swiss(9, size=3, rounds=0)) == 3
    robin = new_tournament(Config("robin", "speiderne", 3, 1), [Player(i) for i in range(7)])
    assert total_rounds(robin) == 3


def test_arena_seats_when_a_table_fills_and_fills_with_computers_after_the_wait():
    config = Config("arena", "cartolan", table_size=3, seed=1, start=0, end=1000, fill_after=60)
    state = new_tournament(config, [Player(i) for i in range(4)])
    state, tables = seat_waiting(state, 0)
    assert len(tables) == 1 and [p.id for p in waiting(state)] != []
    state, tables = seat_waiting(state, 59)
    assert tables == ()
    state, tables = seat_waiting(state, 60)
    assert len(tables) == 1 and sum(s.is_computer for s in tables[0].seats) == 2
    state, tables = seat_waiting(state, 1000)
    assert tables == ()


def test_arena_points_double_after_two_wins_in_a_row():
    config = Config("arena", "cartolan", table_size=2, seed=1, start=0, end=1000, fill_after=0)
    state = new_tournament(config, [Player(1)])
    gained = []
    for clock in range(4):
        state, (table,) = seat_waiting(state, clock * 10)
        me = next(i for i, s in enumerate(table.seats) if s.player == 1)
        places = [2, 2]
        places[me] = 1
        state = record_result(state, table.number, places, now=clock * 10 + 5)
        gained.append(standings(state)[0].points)
    assert gained == [1, 2, 4, 6]
    assert standings(state)[0].streak == 4
    assert is_finished(state, 1000)
