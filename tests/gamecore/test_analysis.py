"""Par and the review of solo games (issue 25): the figures are reproducible, the fast par
path plays exactly the plain games, worlds use only what the player saw, and the estimator
agrees with positions enumerated exhaustively."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest

from gamecore.analysis.outcome import MEASURES, rank
from gamecore.analysis.par import compute_par, par_rngs, play_deal
from gamecore.analysis.review import BLUNDER, MISTAKE, estimate_moves, review_game, verdict
from gamecore.analysis.table_review import review_table
from gamecore.analysis.table_worlds import table_world
from gamecore.analysis.worlds import Knowledge, all_worlds, sample_world, world_count
from gamecore.cli import main
from gamecore.registry import get_game
from gamecore.rng import mix_seed
from gamecore.simulate import available_players

SOLO = ("cartographer", "dungeon-delver")


def played(
    game_id: str, seed: int, player: str, moves_rng: int = 5
) -> tuple[object, list[str], list[object]]:
    """A game played by a computer player: final state, moves, and the states before each."""
    game = get_game(game_id)
    chooser = available_players(game)[player]
    state, moves, states, rng = game.setup(1, seed), [], [], random.Random(moves_rng)
    while not game.status(state).over:
        action = chooser(game.view(state, 0), game.legal_actions(state, 0), rng)
        states.append(state)
        moves.append(game.format_action(action))
        state = game.apply(state, 0, action)[0]
    return state, moves, states


@pytest.mark.parametrize("game_id", SOLO)
@pytest.mark.parametrize("player", ["heuristic", "random"])
def test_par_remembers_choices_without_changing_a_single_play(game_id: str, player: str) -> None:
    game = get_game(game_id)
    start = game.setup(1, 3)
    chooser = available_players(game)[player]
    fast = play_deal(game, start, chooser, par_rngs(3, player, 25))
    plain = [game.play_out(start, [chooser], [rng], 10_000)[0] for rng in par_rngs(3, player, 25)]
    assert [game.to_json(s) for s in fast] == [game.to_json(s) for s in plain]


def test_par_is_reproducible_and_compares_the_players_result() -> None:
    final, _moves, _ = played("cartographer", 3, "random")
    mine = rank(get_game("cartographer"), final)
    first = compute_par("cartographer", 3, mine=mine, plays=60)
    again = compute_par("cartographer", 3, mine=mine, plays=60)
    assert first.computers == again.computers
    heuristic, rand = first.computers
    assert (heuristic.player, rand.player) == ("heuristic", "random")
    # This deal: the heuristic wins most plays; a random player's loss beats none of them.
    assert heuristic.wins > 50 and heuristic.beaten == 0
    assert rand.beaten is not None and rand.equalled is not None
    assert rand.beaten + rand.equalled <= 60
    with pytest.raises(ValueError, match="solo games"):
        compute_par("speiderne", 1)


@pytest.mark.parametrize("game_id", SOLO)
def test_worlds_do_not_depend_on_where_the_unseen_cards_really_are(game_id: str) -> None:
    """Two deals that differ only in unseen cards give the same worlds: a review cannot use
    what the player did not see."""
    _final, _moves, states = played(game_id, 4, "heuristic")
    state = states[len(states) // 2]
    first_hand = states[0].hand
    if game_id == "cartographer":
        hidden = [
            i
            for i in range(25)
            if state.cells[i] is not None
            and not (state.face_up >> i) & 1
            and i not in (0, 4, 20, 24)
        ]
        cells = list(state.cells)
        cells[hidden[0]], cells[hidden[1]] = cells[hidden[1]], cells[hidden[0]]
        other = replace(state, cells=tuple(cells), pile=tuple(reversed(state.pile)))
    else:
        hidden = [
            i for i in range(16) if state.slots[i] is not None and not (state.face_up >> i) & 1
        ]
        slots = list(state.slots)
        slots[hidden[0]], slots[hidden[-1]] = slots[hidden[-1]], slots[hidden[0]]
        other = replace(state, slots=tuple(slots), deck=tuple(reversed(state.deck)))
    assert other != state
    game = get_game(game_id)
    assert game.view(other, 0) == game.view(state, 0)
    for n in range(3):
        a = sample_world(game_id, Knowledge(state, first_hand), random.Random(n))
        b = sample_world(game_id, Knowledge(other, first_hand), random.Random(n))
        assert game.to_json(a[0]) == game.to_json(b[0]) and a[1] == b[1]
        assert game.view(a[0], 0) == game.view(state, 0)


def _end_position(game_id: str, seed: int, most: int) -> tuple[object, tuple, int]:
    """The first position of a heuristic game with at most ``most`` arrangements unseen."""
    _final, _moves, states = played(game_id, seed, "heuristic")
    for state in states:
        know = Knowledge(state, states[0].hand)
        if 2 <= world_count(game_id, know) <= most:
            return state, states[0].hand, world_count(game_id, know)
    raise AssertionError("no small end position in this game")


@pytest.mark.parametrize(("game_id", "seed"), [("dungeon-delver", 1), ("cartographer", 5)])
def test_estimator_agrees_with_the_end_position_enumerated_exhaustively(
    game_id: str, seed: int
) -> None:
    game = get_game(game_id)
    measure = MEASURES[game_id]
    state, first_hand, count = _end_position(game_id, seed, 120)
    know = Knowledge(state, first_hand)
    legal = game.legal_actions(state, 0)
    heuristic = available_players(game)["heuristic"]
    # The exact value of each move, enumerated here by hand (every arrangement, its weight).
    worlds = list(all_worlds(game_id, know))
    assert len(worlds) == count
    for action in legal[:3]:
        total = weights = 0.0
        for index, (world, weight) in enumerate(w for w in worlds if w[1] > 0):
            rng = random.Random(mix_seed(mix_seed(7, "review"), "rollout", index))
            final = game.play_out(game.apply(world, 0, action)[0], [heuristic], [rng], 10_000)[0]
            total += weight * measure.value(game, final)
            weights += weight
        exact_value = total / weights
        (exact,), _, _, is_exact = estimate_moves(
            game, know, [action], 1, mix_seed(7, "review"), measure, count
        )
        assert is_exact and exact.error == 0.0
        assert exact.value == pytest.approx(exact_value)
        (sampled,), _, _, is_exact = estimate_moves(game, know, [action], 120, 11, measure, 0)
        assert not is_exact and sampled.samples == 120
        # Sampled worlds, rollouts seeded per sample: within four standard errors (or equal).
        assert abs(sampled.value - exact.value) <= 4 * sampled.error + 0.05


def test_cartographer_worlds_weigh_the_centre_draw() -> None:
    """A world is weighed 1/k, k = suitable cards left for the centre draw at setup."""
    state, first_hand, _ = _end_position("cartographer", 5, 720)
    weights = {w for _, w in all_worlds("cartographer", Knowledge(state, first_hand))}
    assert all(0 < w <= 1 for w in weights)


def test_verdict_thresholds() -> None:
    assert verdict(0.0, 0.0, False) == "best"
    assert verdict(MISTAKE, 0.01, False) == "mistake"
    assert verdict(BLUNDER, 0.01, False) == "blunder"
    assert verdict(BLUNDER, BLUNDER, False) == "good"  # within two standard errors: not judged
    assert verdict(MISTAKE / 2, 0.0, True) == "good"


def test_review_marks_a_blunder_and_is_reproducible() -> None:
    _final, moves, _ = played("dungeon-delver", 7, "random")
    review = review_game("dungeon-delver", 7, moves, samples=8)
    again = review_game("dungeon-delver", 7, moves[:7], samples=8)  # the same figures up to there
    assert review.decisions[:7] == again.decisions
    assert [d.step for d in review.decisions] == list(range(1, len(moves) + 1))
    worst = review.worst()
    assert worst and worst[0].verdict == "blunder" and worst[0].step == 7
    assert worst[0].played == "explore 4 3S" and worst[0].best != worst[0].played
    for d in review.decisions:
        assert d.played_value.samples == 8 or d.played_value.exact


def test_review_refuses_a_move_that_cannot_be_played() -> None:
    with pytest.raises(ValueError, match="move 1"):
        review_game("cartographer", 3, ["exchange 9H"])


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_command_line_par_and_review_print_the_same_figures(tmp_path) -> None:
    final, moves, _ = played("dungeon-delver", 7, "random")
    path = tmp_path / "moves.txt"
    path.write_text("# a game\n" + "\n".join(f"0: {m}" for m in moves) + "\n")
    status, out, err = run(
        ["par", "dungeon-delver", "--seed", "7", "--plays", "40", "--moves", str(path)]
    )
    assert status == 0, err
    par = compute_par("dungeon-delver", 7, mine=rank(get_game("dungeon-delver"), final), plays=40)
    heuristic = par.computers[0]
    assert f"wins this deal in {100 * heuristic.win_rate:.1f}% of 40 plays" in out
    assert f"your result beats {100 * heuristic.beaten / 40:.0f}%" in out
    status, out, err = run(["review", "dungeon-delver", str(path), "--seed", "7", "--samples", "8"])
    assert status == 0, err
    assert "  7. explore 4 3S" in out and "[blunder]" in out
    assert "move 7: explore 4 3S (better: " in out  # among the largest mistakes, in notation
    assert run(["review", "speiderne", str(path)])[0] == 2  # a Dungeon Delver move list
    assert run(["par", "speiderne"])[0] == 2  # par is for the solo games
    assert run(["par", "cartographer", "--seed", "3", "--moves", str(path)])[0] == 2
    status, _, err = run(
        ["review", "dungeon-delver", "--seed", "7", "--seat", "1"], "\n".join(moves)
    )
    assert status == 2 and "seat" in err


def _table_position(
    game_id: str, seats: int, seed: int, steps: int
) -> tuple[object, list[tuple[int, str]]]:
    """A multiplayer game played ``steps`` steps by the advisor: the state and the moves."""
    game = get_game(game_id)
    name = game.advisor or "heuristic"
    players = [available_players(game)[name] for _ in range(seats)]
    rngs = [random.Random(seat) for seat in range(seats)]
    state, moves = game.setup(seats, seed), []
    for _ in range(steps):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        action = players[seat](game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        moves.append((seat, game.format_action(action)))
        state = game.apply(state, seat, action)[0]
    return state, moves


@pytest.mark.parametrize("game_id", ["speiderne", "cartolan"])
def test_table_worlds_agree_with_the_seat_and_ignore_where_unseen_things_are(game_id: str) -> None:
    game = get_game(game_id)
    state, _ = _table_position(game_id, 3, 5, 40)
    seat = game.status(state).to_move[0]
    if game_id == "speiderne":
        other = next(s for s in range(3) if s != seat)
        hands = list(state.hands)
        hands[other] = (state.deck[0], *state.hands[other][1:])
        changed = replace(state, hands=tuple(hands), deck=(state.hands[other][0], *state.deck[1:]))
    else:
        changed = state.clone()
        changed.piles = [pile[::-1] for pile in changed.piles]
    assert game.to_json(changed) != game.to_json(state)
    assert game.view(changed, seat) == game.view(state, seat)
    for n in range(2):
        world = table_world(game_id, state, seat, random.Random(n))
        assert game.view(world, seat) == game.view(state, seat)
        assert game.to_json(world) == game.to_json(
            table_world(game_id, changed, seat, random.Random(n))
        )


def test_table_review_gives_every_seats_chance_and_is_reproducible(tmp_path) -> None:
    final, moves = _table_position("speiderne", 2, 3, 500)
    assert get_game("speiderne").status(final).over
    review = review_table("speiderne", 3, moves, 2, seat=1, samples=2)
    assert review.decisions and review.samples == 2
    assert all(len(values) == 2 for values in review.seat_values)
    assert review == replace(
        review_table("speiderne", 3, moves, 2, seat=1, samples=2), seconds=review.seconds
    )
    path = tmp_path / "moves.txt"
    path.write_text("".join(f"{seat}: {move}\n" for seat, move in moves))
    status, out, err = run(
        [
            "review",
            "speiderne",
            str(path),
            "--seed",
            "3",
            "--players",
            "2",
            "--seat",
            "1",
            "--samples",
            "2",
        ]
    )
    assert status == 0, err
    assert f"{review.decisions[0].step:>3}. {review.decisions[0].played}" in out
    assert "each seat's chance after seat 1's last decision" in out


def test_review_screens_other_moves_than_the_computer_players() -> None:
    """The best alternative may be a move neither played nor advised: other moves are screened."""
    _final, moves, states = played("dungeon-delver", 7, "random")
    game = get_game("dungeon-delver")
    heuristic = available_players(game)["heuristic"]
    review = review_game("dungeon-delver", 7, moves, samples=16)
    advised = {
        d.step: game.format_action(
            heuristic(
                game.view(states[d.step - 1], 0),
                game.legal_actions(states[d.step - 1], 0),
                random.Random(mix_seed(7, "advice", d.step)),
            )
        )
        for d in review.decisions
    }
    assert [d.step for d in review.decisions if d.best not in (d.played, advised[d.step])]
