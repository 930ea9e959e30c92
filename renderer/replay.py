"""An animated GIF of a whole match from its public views (``/replay``, ``python -m renderer
replay``).

One frame per turn (a run of steps by the same seat ends in one frame), or one per step for
short matches; the final position is held. Frames are the boards shrunk to about ``FRAME_WIDTH``
(Discord shows pictures about 400 px wide, so the boards' ≥ 10 px text stays legible) and
mapped onto the game's fixed palette, so the same timeline always gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

import renderer

FRAME_WIDTH = 480
#: Discord animates GIFs; these keep a match watchable and the file attachable.
MAX_BYTES = 8 * 1024 * 1024
MAX_SECONDS = 60.0
FRAME_MS = 700
#: ≥ 200 ms a frame keeps a long match watchable and at most 280 frames (size and time).
MIN_FRAME_MS = 200
FINAL_HOLD_MS = 4000
#: Matches of at most this many steps get a frame per step.
STEP_FRAMES_UP_TO = 40

Timeline = Sequence[tuple[int | None, Mapping[str, Any]]]
Progress = Callable[[int, int], None]


def frame_views(timeline: Timeline) -> list[Mapping[str, Any]]:
    """The views that become frames: the start, then the last view of every turn (every
    step for short matches), thinned evenly to what fits into ``MAX_SECONDS``."""
    if not timeline:
        return []
    if len(timeline) <= STEP_FRAMES_UP_TO + 1:
        chosen = [view for _, view in timeline]
    else:
        chosen = [timeline[0][1]]
        for index in range(1, len(timeline)):
            last_of_turn = index + 1 == len(timeline) or timeline[index + 1][0] != timeline[index][0]
            if last_of_turn:
                chosen.append(timeline[index][1])
    room = int((MAX_SECONDS * 1000 - FINAL_HOLD_MS) // MIN_FRAME_MS)
    if len(chosen) > room:
        step = len(chosen) / room
        kept = [chosen[int(i * step)] for i in range(room - 1)]
        chosen = [*kept, chosen[-1]]
    return chosen


def _frame(game_id: str, view: Mapping[str, Any], locale: str) -> Image.Image:
    """The board halved (a fast 2×2 box filter; ~480 px wide for the ~960 px boards)."""
    board = renderer.board_image(game_id, view, locale)
    factor = max(1, round(board.width / FRAME_WIDTH))
    return board.reduce(factor) if factor > 1 else board


def animate(
    game_id: str, timeline: Timeline, locale: str = "en", progress: Progress | None = None
) -> bytes:
    """GIF bytes of the match (at most ``MAX_BYTES`` and ``MAX_SECONDS``); ``progress(done,
    total)`` is called after each frame (from the calling thread)."""
    views = frame_views(timeline)
    if not views:
        raise ValueError("a replay needs at least one view")
    shrunk: list[Image.Image] = []
    for index, view in enumerate(views):
        shrunk.append(_frame(game_id, view, locale))
        if progress is not None:
            progress(index + 1, len(views))
    palette = renderer.palette(game_id)
    # Boards grow (a Cartolan map): every frame gets the largest size, padded with the
    # colour of its own bottom-left corner (the table).
    width = max(frame.width for frame in shrunk)
    height = max(frame.height for frame in shrunk)
    frames = []
    for small in shrunk:
        if small.size != (width, height):
            canvas = Image.new("RGB", (width, height), small.getpixel((0, small.height - 1)))
            canvas.paste(small, (0, 0))
            small = canvas
        if palette is not None:
            frames.append(small.quantize(palette=palette, dither=Image.Dither.NONE))
        else:
            frames.append(small.quantize(256, dither=Image.Dither.NONE))
    while True:
        data = _encode(frames)
        if len(data) <= MAX_BYTES or len(frames) <= 2:
            return data
        frames = [*frames[:-1:2], frames[-1]]  # too large: every second frame, same end


def _encode(frames: Sequence[Image.Image]) -> bytes:
    step = max(MIN_FRAME_MS, min(FRAME_MS, int((MAX_SECONDS * 1000 - FINAL_HOLD_MS) / len(frames))))
    step -= step % 10  # GIF delays are in hundredths of a second
    durations = [step] * (len(frames) - 1) + [FINAL_HOLD_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=list(frames[1:]),
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()


def gif_seconds(data: bytes) -> float:
    """Total play time of a GIF (for tests and the command line's summary)."""
    image = Image.open(io.BytesIO(data))
    total = 0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        total += int(image.info.get("duration", 0))
    return total / 1000
