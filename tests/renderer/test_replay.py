"""Animated replays: frames per turn, the limits, the command line, and no hidden card."""

from __future__ import annotations

import io
import random
import time

from PIL import Image

import renderer
from gamecore import get_game
from gamecore.simulate import available_players, player_rng
from gamecore.timeline import public_timeline
from renderer.__main__ import main
from renderer.replay import (
    FINAL_HOLD_MS,
    MAX_BYTES,
    MAX_SECONDS,
    MIN_FRAME_MS,
    animate,
    frame_views,
    gif_seconds,
)


def _played(game_id: str, seed: int, players: int, options: dict | None = None) -> list:
    """(seat, notation, state after) of a game the computer players play to its end."""
    game = get_game(game_id)
    known = available_players(game)
    name = next(n for n in ("heuristic", "greedy", "random") if n in known)
    movers = [game.players().get(name, known[name]) for _ in range(players)]
    rngs = [player_rng(seed, seat) for seat in range(players)]
    state = game.setup(players, seed, options or {})
    steps = []
    while not game.status(state).over:
        seat = game.status(state).to_move[0]
        action = movers[seat](game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        state, _ = game.apply(state, seat, action)
        steps.append((seat, game.format_action(action), state))
    return steps


def test_frames_are_turns_for_long_matches_and_steps_for_short_ones() -> None:
    short = [(None, {"n": 0})] + [(i % 2, {"n": i + 1}) for i in range(10)]
    assert [v["n"] for v in frame_views(short)] == list(range(11))
    seats = [None] + [0, 0, 0, 1, 1, 2] * 20  # turns of 3, 2 and 1 steps
    long = [(seat, {"n": i}) for i, seat in enumerate(seats)]
    frames = [v["n"] for v in frame_views(long)]
    assert frames[:4] == [0, 3, 5, 6] and frames[-1] == len(seats) - 1
    huge = [(None, {"n": 0})] + [(i % 3, {"n": i + 1}) for i in range(5000)]
    kept = frame_views(huge)
    assert (len(kept) - 1) * MIN_FRAME_MS + FINAL_HOLD_MS <= MAX_SECONDS * 1000
    assert kept[-1]["n"] == 5000


def test_the_replay_of_a_real_match_is_a_small_gif_that_ends_on_the_final_position(tmp_path) -> None:
    steps = _played("cartographer", 4, 1)
    moves = tmp_path / "moves.txt"
    moves.write_text("".join(f"{seat}: {notation}\n" for seat, notation, _ in steps) + "# end\n")
    out = tmp_path / "match.gif"
    assert main(["replay", "cartographer", str(moves), "--seed", "4", "--out", str(out)]) == 0
    data = out.read_bytes()
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames == len(steps) + 1  # short: one per step
    assert len(data) <= MAX_BYTES and gif_seconds(data) <= MAX_SECONDS
    image.seek(image.n_frames - 1)
    assert image.info["duration"] >= 3000  # the final position is held
    assert main(["replay", "cartographer", str(moves), "--seed", "5", "--out", str(out)]) == 1


def test_permuting_hidden_cards_leaves_the_replay_byte_identical() -> None:
    """Speiderne hides hands, the deck and undiscovered regions: shuffling those cards among
    themselves at every step changes the states but not one byte of the picture."""
    game = get_game("speiderne")
    steps = _played("speiderne", 3, 3)
    rng = random.Random(7)
    real, permuted = [], []
    changed = 0
    for seat, _, state in steps:
        data = game.state_to_dict(state)
        hidden_regions = [i for i, r in enumerate(data["regions"]) if not r["revealed"]]
        pool = [c for hand in data["hands"] for c in hand] + list(data["deck"])
        pool += [data["regions"][i]["card"] for i in hidden_regions]
        rng.shuffle(pool)
        hands = []
        for hand in data["hands"]:
            hands.append(tuple(pool[: len(hand)]))
            pool = pool[len(hand):]
        other = dict(data, hands=tuple(hands), deck=tuple(pool[: len(data["deck"])]))
        pool = pool[len(data["deck"]):]
        regions = [dict(r) for r in data["regions"]]
        for index, card in zip(hidden_regions, pool, strict=True):
            regions[index]["card"] = card
        other["regions"] = tuple(regions)
        twin = game.state_from_dict(other)
        changed += game.to_json(twin) != game.to_json(state)
        real.append((seat, game.view(state, None)))
        permuted.append((seat, game.view(twin, None)))
    assert changed > len(steps) // 2
    assert animate("speiderne", real) == animate("speiderne", permuted)


def test_a_long_cartolan_match_renders_in_time() -> None:
    """1,000 steps of Cartolan within 10 s of CPU time (one core), progress reported."""
    steps = _played("cartolan", 1, 4, {"preset": "classic", "mode": "regular"})
    timeline = public_timeline(
        get_game("cartolan"), 4, 1, {"preset": "classic", "mode": "regular"},
        [(seat, notation) for seat, notation, _ in steps],
    )
    while len(timeline) < 1001:  # pad to 1,000 steps with the same turns again
        timeline += timeline[1 : 1001 - len(timeline) + 1]
    seen = []
    started = time.process_time()
    data = animate("cartolan", timeline[:1001], progress=lambda done, total: seen.append((done, total)))
    assert time.process_time() - started <= 10
    assert len(data) <= MAX_BYTES and gif_seconds(data) <= MAX_SECONDS
    assert seen[-1][0] == seen[-1][1] and len(seen) > 10


def test_frames_come_from_the_very_pictures_the_board_posts() -> None:
    """``board_image`` (the frames' source, without a PNG round trip) mapped onto the palette
    is the posted PNG, pixel for pixel."""
    for game_id, seed, players in (("cartographer", 2, 1), ("speiderne", 2, 3)):
        view = get_game(game_id).view(get_game(game_id).setup(players, seed, {}), None)
        posted = Image.open(io.BytesIO(renderer.render_board(game_id, view, "en")))
        frame = renderer.board_image(game_id, view).quantize(
            palette=renderer.palette(game_id), dither=Image.Dither.NONE
        )
        assert frame.convert("RGB").tobytes() == posted.convert("RGB").tobytes()
