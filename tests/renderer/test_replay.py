"""Animated replays: frames per turn, the limits, the command line, and no hidden card."""

from __future__ import annotations

import io
import random
import weakref
from collections.abc import Iterator
from unittest.mock import patch

from PIL import Image

import renderer
from gamecore import get_game
from gamecore.simulate import available_players, player_rng
from gamecore.timeline import PublicTimeline, public_timeline
from renderer import cartolan, inspect, replay
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
from tests.renderer.cartolan_views import synthetic_view


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


def test_the_replay_of_a_real_match_is_a_small_gif_that_ends_on_the_final_position(
    tmp_path,
) -> None:
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
            pool = pool[len(hand) :]
        other = dict(data, hands=tuple(hands), deck=tuple(pool[: len(data["deck"])]))
        pool = pool[len(data["deck"]) :]
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


class _View(dict):
    """A view that can be counted while it lives (a plain dict takes no weak reference)."""

    __hash__ = object.__hash__  # by identity, for the weak set


class _Counting:
    """A timeline whose views are counted while they live: ``most`` alive at once."""

    def __init__(self, timeline: PublicTimeline) -> None:
        self.timeline, self.seats = timeline, timeline.seats
        self.alive: weakref.WeakSet[_View] = weakref.WeakSet()
        self.most = 0

    def __iter__(self) -> Iterator[tuple[int | None, _View]]:
        for seat, view in self.timeline:
            counted = _View(view)
            del view
            self.alive.add(counted)
            self.most = max(self.most, len(self.alive))
            yield seat, counted


def test_a_long_cartolan_match_streams_into_a_small_gif_with_a_still_map() -> None:
    """A 1,444-step classic 4-player match (seed 24): the views are made and dropped one by
    one (at most two alive at once, counted; holding them took 591 MB before), the GIF stays
    under 2 MiB (7.7 MB before: the window jumped in most frames), progress reported; the
    map's window changes in few frames. Its CPU time and memory: bench/replay_cost.py."""
    options = {"preset": "classic", "mode": "regular"}
    moves = [(seat, notation) for seat, notation, _ in _played("cartolan", 24, 4, options)]
    timeline = public_timeline(get_game("cartolan"), 4, 24, options, moves)
    assert len(timeline) == 1444
    windows: list = []
    painter = cartolan.ReplayPainter.frame

    def frame(self, view):  # note each frame's window
        image = painter(self, view)
        windows.append(self.window)
        return image

    seen = []
    counting = _Counting(timeline)
    with patch.object(cartolan.ReplayPainter, "frame", frame):
        data = animate(
            "cartolan", counting, progress=lambda done, total: seen.append((done, total))
        )
    assert counting.most <= 2, counting.most  # the view being drawn and the one being made
    assert len(data) <= 2 * 2**20 and gif_seconds(data) <= MAX_SECONDS
    assert seen[-1][0] == seen[-1][1] and len(seen) > 200
    moved = sum(
        1
        for a, b in zip(windows, windows[1:], strict=False)
        if (a.left, a.top, a.tile) != (b.left, b.top, b.tile)
    )
    assert moved <= 10, moved


def test_a_frame_holds_only_what_changed_and_decodes_to_the_board() -> None:
    """Each frame after the first is the changed rectangle only, unchanged pixels transparent;
    decoded (disposal: keep the previous), every frame is the board mapped onto the palette."""
    options = {"preset": "modern", "mode": "regular"}
    steps = _played("cartolan", 3, 2, options)[:30]
    timeline = public_timeline(get_game("cartolan"), 2, 3, options, [(s, n) for s, n, _ in steps])
    data = animate("cartolan", timeline)
    gif = Image.open(io.BytesIO(data))
    painter = cartolan.ReplayPainter()
    expected = []
    for _, view in timeline:
        painter.step(view)
        expected.append(painter.frame(view).reduce(2))
    assert gif.n_frames == len(expected)
    smaller = 0
    for index, board in enumerate(expected):
        gif.seek(index)
        smaller += gif.tile[0][1][2:] != gif.size or gif.tile[0][1][:2] != (0, 0)
        shown = gif.convert("RGB").crop((0, 0, *board.size))
        mapped = board.quantize(palette=replay.frame_palette("cartolan"), dither=Image.Dither.NONE)
        assert shown.tobytes() == mapped.convert("RGB").tobytes(), index
    assert smaller >= len(expected) - 2


def test_a_replay_frame_draws_the_ways_since_the_last_frame() -> None:
    """An Adventurer that sailed three cells between two frames leaves a line in its seat's
    colour on the second frame (and none on the frame after, when it stayed)."""
    view = synthetic_view(30)
    mover = next(a for a in view["adventurers"] if a["moving"])
    x = mover["x"]
    painter = cartolan.ReplayPainter()
    painter.step(view)
    painter.frame(view)
    for dx in (1, 2, 3):
        moved = dict(
            view, adventurers=[dict(a, x=x + dx) if a is mover else a for a in view["adventurers"]]
        )
        painter.step(moved)
    with inspect.recording() as drawn:
        painter.frame(moved)
    assert [e.name for e in drawn if e.kind == "path" and e.name.startswith("way")] == [
        "way 1",
        "way 1",
    ]
    with inspect.recording() as drawn:
        painter.frame(moved)
    assert not [e for e in drawn if e.kind == "path" and e.name.startswith("way")]


def test_frames_come_from_the_very_pictures_the_board_posts() -> None:
    """``board_image`` (the frames' source, without a PNG round trip) is the posted PNG, pixel
    for pixel (every board is drawn on a palette canvas, whose colours are the palette's)."""
    for game_id, seed, players in (("cartographer", 2, 1), ("speiderne", 2, 3), ("cartolan", 2, 3)):
        view = get_game(game_id).view(get_game(game_id).setup(players, seed, {}), None)
        posted = Image.open(io.BytesIO(renderer.render_board(game_id, view, "en")))
        frame = renderer.board_image(game_id, view)
        assert frame.convert("RGB").tobytes() == posted.convert("RGB").tobytes()
