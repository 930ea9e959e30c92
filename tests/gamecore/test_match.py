"""Pure match logic: lobby rules, who may act, seat order, resign, turn clock, statistics."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore import get_game
from gamecore import match as rules
from gamecore.contract import IllegalAction
from gamecore.match import MatchError, computer_name
from tests.toys.race import GAME as RACE
from tests.toys.solo import GAME as SOLO

NOW = 1_000.0
DAY = 24 * 60 * 60
HOST, GUEST, OTHER = 1, 2, 3


def lobby(seed: int = 7, turn_limit: float | None = rules.DEFAULT_TURN_LIMIT) -> rules.Match:
    return rules.open_match(
        RACE,
        match_id="m",
        guild_id=5,
        channel_id=6,
        host_id=HOST,
        host_name="Host",
        options=None,
        seed=seed,
        now=NOW,
        turn_limit=turn_limit,
    )


def two_player(seed: int = 7) -> rules.Match:
    return rules.start(rules.join(lobby(seed), RACE, GUEST, "Guest", NOW), RACE, HOST, NOW)


def solo_match() -> rules.Match:
    return rules.open_match(
        SOLO,
        match_id="s",
        guild_id=None,
        channel_id=1,
        host_id=HOST,
        host_name="Host",
        options=None,
        seed=3,
        now=NOW,
    )


def code_of(call) -> str:
    with pytest.raises(MatchError) as err:
        call()
    return err.value.code


def test_match_error_is_an_illegal_action_with_translatable_code():
    err = code_of(lambda: rules.join(lobby(), RACE, HOST, "Host", NOW))
    assert err == "already_seated"
    assert issubclass(MatchError, IllegalAction)
    assert set(rules.MATCH_ERROR_CODES) >= {
        "not_your_turn",
        "not_seated",
        "not_host",
        "lobby_full",
        "stale_version",
        "match_over",
    }


def test_solo_games_start_at_once_without_clock():
    match = solo_match()
    assert match.status == "playing"
    assert match.to_move == (0,)
    assert match.turn_limit is None and match.timer_at is None
    assert match.state == SOLO.setup(1, 3)


def test_lobby_seats_and_limits():
    match = lobby()
    assert match.status == "lobby" and match.seats[0].user_id == HOST
    match = rules.join(match, RACE, GUEST, "Guest", NOW)
    assert match.version == 1
    match = rules.add_computer(match, RACE, HOST, NOW)
    assert match.seats[-1].computer == "heuristic"
    match = rules.add_computer(match, RACE, HOST, NOW, "random")
    assert code_of(lambda: rules.join(match, RACE, OTHER, "Other", NOW)) == "lobby_full"
    assert code_of(lambda: rules.add_computer(match, RACE, HOST, NOW)) == "lobby_full"
    match = rules.remove_computer(match, HOST, NOW)
    assert [s.computer for s in match.seats] == [None, None, "heuristic"]
    assert code_of(lambda: rules.remove_computer(match, HOST, NOW, seat=1)) == "not_computer"
    assert code_of(lambda: rules.remove_computer(match, HOST, NOW, seat=9)) == "no_seat"
    match = rules.leave(match, GUEST, NOW)
    assert [s.user_id for s in match.seats] == [HOST, None]
    assert code_of(lambda: rules.leave(match, GUEST, NOW)) == "not_seated"
    assert code_of(lambda: rules.leave(match, HOST, NOW)) == "host_cannot_leave"
    assert code_of(lambda: rules.add_computer(match, RACE, HOST, NOW, "nobody")) == "unknown_player"


def test_host_only_rights():
    match = rules.join(lobby(), RACE, GUEST, "Guest", NOW)
    for call in (
        lambda: rules.add_computer(match, RACE, GUEST, NOW),
        lambda: rules.remove_computer(match, GUEST, NOW),
        lambda: rules.start(match, RACE, GUEST, NOW),
        lambda: rules.cancel(match, GUEST, NOW),
        lambda: rules.abandon(match, RACE, GUEST, NOW),
    ):
        assert code_of(call) == "not_host"
    assert rules.cancel(match, HOST, NOW).status == "abandoned"


def test_start_needs_enough_players_and_only_once():
    assert code_of(lambda: rules.start(lobby(), RACE, HOST, NOW)) == "not_enough_players"
    match = two_player()
    assert match.status == "playing" and match.state is not None
    assert code_of(lambda: rules.join(match, RACE, OTHER, "Other", NOW)) == "not_in_lobby"
    assert code_of(lambda: rules.start(match, RACE, HOST, NOW)) == "not_in_lobby"


def test_seat_order_is_drawn_from_the_seed():
    orders = set()
    for seed in range(40):
        match = rules.add_computer(rules.join(lobby(seed), RACE, GUEST, "G", NOW), RACE, HOST, NOW)
        first = rules.start(match, RACE, HOST, NOW)
        again = rules.start(match, RACE, HOST, NOW)
        assert first.seats == again.seats == rules.seat_order(seed, match.seats)
        assert sorted(s.name for s in first.seats) == sorted(s.name for s in match.seats)
        orders.add(tuple(s.name for s in first.seats))
    assert len(orders) == 6  # every order of three seats happens


@pytest.mark.parametrize(
    ("who", "expected"),
    [("on_turn", None), ("waiting", "not_your_turn"), ("outsider", "not_seated")],
)
def test_who_may_act(who, expected):
    match = two_player()
    on_turn = match.seats[match.to_move[0]].user_id
    waiting = GUEST if on_turn == HOST else HOST
    user = {"on_turn": on_turn, "waiting": waiting, "outsider": OTHER}[who]
    if expected is None:
        assert rules.acting_seat(match, user) == match.to_move[0]
    else:
        assert code_of(lambda: rules.acting_seat(match, user)) == expected


def test_nobody_acts_in_a_lobby_or_after_the_end():
    assert code_of(lambda: rules.acting_seat(lobby(), HOST)) == "not_started"
    ended = rules.abandon(replace(two_player(), practice=True), RACE, HOST, NOW)
    assert ended.status == "abandoned"
    assert code_of(lambda: rules.acting_seat(ended, HOST)) == "match_over"
    assert code_of(lambda: rules.abandon(ended, RACE, HOST, NOW)) == "match_over"
    assert code_of(lambda: rules.resign(ended, RACE, HOST, NOW)) == "match_over"


def test_stale_version_check():
    match = two_player()
    rules.check_version(match, None)
    rules.check_version(match, match.version)
    assert code_of(lambda: rules.check_version(match, match.version - 1)) == "stale_version"


def test_steps_advance_turn_version_and_finish():
    match = two_player()
    version = match.version
    while match.status == "playing":
        seat = match.to_move[0]
        state, _ = RACE.apply(match.state, seat, 3)
        match = rules.record_step(match, RACE, seat, state, NOW)
    assert match.version == version + match.steps
    assert match.status == "finished" and match.to_move == ()
    assert match.result["winners"] == [RACE.status(match.state).winners[0]]
    assert match.turn_deadline is None and match.timer_at is None


def test_resign_solo_loses_and_multiplayer_hands_over():
    solo = solo_match()
    lost = rules.resign(solo, SOLO, HOST, NOW)
    assert lost.status == "finished" and lost.result["result"] == "lost"
    match = two_player()
    guest_seat = match.seat_of(GUEST)
    handed = rules.resign(match, RACE, GUEST, NOW)
    assert handed.status == "playing"
    assert handed.seats[guest_seat].computer == "heuristic"
    assert handed.seat_of(GUEST) is None
    assert rules.stat_lines(match, handed) == ()  # counted when the match ends
    empty = rules.resign(handed, RACE, HOST, NOW)
    # The last person resigned: the match ends with a result, the first to resign last.
    assert empty.status == "finished" and empty.result["result"] == "resigned"
    assert empty.result["resigned"] == [guest_seat, 1 - guest_seat]
    assert {line.user_id for line in rules.stat_lines(handed, empty)} == {GUEST, HOST}
    assert not any(line.won for line in rules.stat_lines(handed, empty))
    assert code_of(lambda: rules.resign(match, RACE, OTHER, NOW)) == "not_seated"


def test_turn_clock_reminder_expiry_and_handover():
    match = two_player()
    assert match.turn_limit == DAY
    assert match.turn_deadline == NOW + DAY
    assert rules.clock_due(match, NOW + DAY / 2 - 1) is None
    assert rules.clock_due(match, NOW + DAY / 2) == "reminder"
    reminded = rules.mark_reminded(match)
    assert reminded.version == match.version
    assert rules.clock_due(reminded, NOW + DAY - 1) is None
    assert rules.clock_due(reminded, NOW + DAY) == "expiry"
    assert rules.clock_due(match, NOW + DAY) == "expiry"  # a late check skips the reminder

    seat = match.to_move[0]
    once = rules.register_expiry(reminded, (seat,))
    assert rules.seats_to_hand_over(once) == ()
    state, _ = RACE.apply(once.state, seat, 1)
    forced = rules.record_step(once, RACE, seat, state, NOW + DAY, timed_out=True)
    assert forced.expiries[seat] == 1
    assert forced.turn_deadline == NOW + 2 * DAY and not forced.reminded
    twice = rules.register_expiry(forced, (seat,))
    assert rules.seats_to_hand_over(twice) == (seat,)
    # a move by the person resets the count
    moved = rules.record_step(once, RACE, seat, state, NOW + 10)
    assert moved.expiries[seat] == 0


def test_clock_can_be_off_and_skips_computer_turns():
    match = rules.start(rules.join(lobby(turn_limit=0), RACE, GUEST, "G", NOW), RACE, HOST, NOW)
    assert match.turn_limit is None and match.timer_at is None
    with_computer = rules.add_computer(lobby(seed=1), RACE, HOST, NOW)
    started = rules.start(with_computer, RACE, HOST, NOW)
    if started.awaits_computer:
        assert started.turn_deadline is None
    else:
        assert started.turn_deadline == NOW + DAY


def test_stat_lines_at_the_finish():
    match = two_player()
    before = match
    while match.status == "playing":
        seat = match.to_move[0]
        state, _ = RACE.apply(match.state, seat, 3)
        match, before = rules.record_step(match, RACE, seat, state, NOW), match
    winner = match.result["winners"][0]
    lines = rules.stat_lines(before, match)
    assert {(line.user_id, line.won) for line in lines} == {
        (match.seats[winner].user_id, True),
        (match.seats[1 - winner].user_id, False),
    }
    assert rules.stat_lines(match, match) == ()


LOBBY_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["join", "leave", "add", "remove", "start", "cancel"]),
        st.sampled_from([HOST, GUEST, OTHER, 4, 5]),
    ),
    max_size=14,
)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(LOBBY_STEPS)
def test_lobby_invariants_hold_for_any_sequence(steps):
    """Whatever people click, a lobby keeps its host, never overflows, bumps its version
    on every change and is left untouched by a refusal."""
    match = lobby()
    for kind, user in steps:
        before = match
        try:
            if kind == "join":
                match = rules.join(match, RACE, user, f"u{user}", NOW)
            elif kind == "leave":
                match = rules.leave(match, user, NOW)
            elif kind == "add":
                match = rules.add_computer(match, RACE, user, NOW)
            elif kind == "remove":
                match = rules.remove_computer(match, user, NOW)
            elif kind == "start":
                match = rules.start(match, RACE, user, NOW)
            else:
                match = rules.cancel(match, user, NOW)
        except MatchError as err:
            assert err.code in rules.MATCH_ERROR_CODES
            assert match is before
            continue
        assert match.version == before.version + 1
        assert len(match.seats) <= RACE.max_players
        assert match.seat_of(HOST) is not None
        users = [s.user_id for s in match.seats if s.user_id is not None]
        assert len(users) == len(set(users))
        if match.status == "playing":
            assert len(match.seats) >= RACE.min_players
            assert match.to_move and match.state is not None


def test_the_advisor_plays_hints_and_late_seats_where_a_game_names_one():
    assert get_game("cartolan").advisor == "trader"
    assert computer_name(get_game("cartolan")) == "trader"
    assert computer_name(get_game("speiderne")) == "heuristic"  # no advisor: the preference list
    assert computer_name(get_game("cartolan"), "pirate") == "pirate"  # an explicit choice wins


def test_nobody_left_ends_the_match_with_a_result_whatever_the_way():
    """The last person resigning, or losing the seat to the clock, finishes the match (an
    abandoned one would count nothing: leaving would erase a loss)."""
    match = rules.resign(two_player(), RACE, GUEST, NOW)
    host_seat = match.seat_of(HOST)
    ended = rules.hand_to_computer(match, RACE, host_seat, NOW)  # the clock, twice in a row
    assert ended.status == "finished" and ended.result["resigned"] == [1 - host_seat]
    assert ended.result["winners"] == [host_seat]  # the seat still playing is ahead
    lines = rules.stat_lines(match, ended)
    assert {(line.user_id, line.won) for line in lines} == {(GUEST, False), (HOST, False)}


def test_a_pause_runs_out_and_its_asker_waits_to_pause_again():
    match = two_player()
    match = rules.ask_clock(match, HOST, NOW, pause=True)
    paused = rules.ask_clock(match, GUEST, NOW, pause=True)
    assert paused.timer_at == NOW + rules.PAUSE_LIMIT
    asked = rules.ask_clock(paused, GUEST, NOW + 10, pause=False)
    assert asked.timer_at == NOW + 10 + rules.RESUME_WAIT
    assert rules.clock_due(asked, NOW + 10 + rules.RESUME_WAIT) == "pause_over"
    over = rules.resume_clock(asked, NOW + 10 + rules.RESUME_WAIT, ran_out=True)
    assert over.paused_at is None and over.pause.ran_out
    soon = NOW + 20 + rules.RESUME_WAIT
    assert code_of(lambda: rules.ask_clock(over, HOST, soon, pause=True)) == "pause_renewal"
    assert code_of(lambda: rules.ask_clock(over, GUEST, soon, pause=True)) == "pause_renewal"
    later = soon + rules.PAUSE_RENEWAL_WAIT
    assert rules.ask_clock(over, HOST, later, pause=True).clock_votes == (HOST,)
