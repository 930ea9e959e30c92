"""An animated GIF of a whole match from its public views (``/replay``, ``python -m renderer
replay``).

One frame per turn (a run of steps by the same seat ends in one frame), or one per step for
short matches; the final position is held. Frames are the boards shrunk to about ``FRAME_WIDTH``
(docs/rendering.md gives the box Discord shows a picture in) and
mapped onto the game's fixed palette, so the same timeline always gives the same bytes.

Memory stays small for long matches: the views are walked once, one at a time (a lazy
``gamecore.timeline.PublicTimeline`` makes each when asked), each chosen one is drawn and
kept only as its compressed palette indices; the GIF is then written frame by frame, each
frame holding only the rectangle that changed, with unchanged pixels in it transparent (they
keep the previous frame's: disposal "do not dispose"). A game's picture module may offer a
``ReplayPainter`` (``step(view)`` for every view, ``frame(view)`` for the drawn ones) to keep
its board still between frames and draw what happened in between (Cartolan: the map window
and every Adventurer's way).
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol

from PIL import GifImagePlugin, Image, ImageChops

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
#: The palette index left free for "unchanged" (the game's palette is cut to 255 colours).
CLEAR = 255

Timeline = Iterable[tuple[int | None, Mapping[str, Any]]]
Progress = Callable[[int, int], None]


class Painter(Protocol):
    def step(self, view: Mapping[str, Any]) -> None: ...

    def frame(self, view: Mapping[str, Any]) -> Image.Image: ...


class _Boards:
    """The default painter: each frame is the board, as the bot shows it."""

    def __init__(self, game_id: str, locale: str) -> None:
        self.game_id, self.locale = game_id, locale

    def step(self, view: Mapping[str, Any]) -> None:
        pass

    def frame(self, view: Mapping[str, Any]) -> Image.Image:
        return renderer.board_image(self.game_id, view, self.locale)


def frame_indices(seats: Sequence[int | None]) -> list[int]:
    """Which entries become frames: the start, then the last of every turn (every step for
    short matches), thinned evenly to what fits into ``MAX_SECONDS``."""
    if not seats:
        return []
    if len(seats) <= STEP_FRAMES_UP_TO + 1:
        chosen = list(range(len(seats)))
    else:
        chosen = [0] + [
            index
            for index in range(1, len(seats))
            if index + 1 == len(seats) or seats[index + 1] != seats[index]
        ]
    room = int((MAX_SECONDS * 1000 - FINAL_HOLD_MS) // MIN_FRAME_MS)
    if len(chosen) > room:
        step = len(chosen) / room
        chosen = [*(chosen[int(i * step)] for i in range(room - 1)), chosen[-1]]
    return chosen


def frame_views(
    timeline: Sequence[tuple[int | None, Mapping[str, Any]]],
) -> list[Mapping[str, Any]]:
    """The views :func:`frame_indices` picks (for tests; :func:`animate` walks lazily)."""
    return [timeline[index][1] for index in frame_indices([seat for seat, _ in timeline])]


def _seats(timeline: Timeline) -> list[int | None]:
    seats = getattr(timeline, "seats", None)
    return list(seats) if seats is not None else [seat for seat, _ in timeline]


@lru_cache(maxsize=8)
def frame_palette(game_id: str) -> Image.Image:
    """The palette every frame of ``game_id``'s animated replay is mapped to: the game's fixed
    palette in 255 colours (index ``CLEAR`` stays free), or one learnt from nothing but greys
    for a game without a palette."""
    learnt = renderer.palette(game_id)
    colours = (learnt.getpalette() or [])[: 256 * 3] if learnt is not None else []
    if not colours:
        colours = [v for grey in range(256) for v in (grey, grey, grey)]
    swatch = Image.new("RGB", (len(colours) // 3, 1))
    swatch.putdata([tuple(colours[i : i + 3]) for i in range(0, len(colours), 3)])
    return swatch.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _shrink(board: Image.Image) -> Image.Image:
    """The board halved (a fast 2×2 box filter; ~480 px wide for the ~960 px boards)."""
    factor = max(1, round(board.width / FRAME_WIDTH))
    return board.reduce(factor) if factor > 1 else board


Frame = tuple[tuple[int, int], int, bytes]


def animate(
    game_id: str, timeline: Timeline, locale: str = "en", progress: Progress | None = None
) -> bytes:
    """GIF bytes of the match (at most ``MAX_BYTES`` and ``MAX_SECONDS``); ``progress(done,
    total)`` is called after each frame (from the calling thread)."""
    seats = _seats(timeline)
    indices = frame_indices(seats)
    if not indices:
        raise ValueError("a replay needs at least one view")
    wanted = set(indices)
    make = getattr(renderer.pictures(game_id), "ReplayPainter", None)
    painter: Painter = make() if make is not None else _Boards(game_id, locale)
    palette = frame_palette(game_id)
    frames: list[Frame] = []
    for index, (_, view) in enumerate(timeline):
        painter.step(view)
        if index not in wanted:
            continue
        small = _shrink(painter.frame(view))
        mapped = small.quantize(palette=palette, dither=Image.Dither.NONE)
        # the table's colour (the bottom-left corner) pads a frame smaller than the largest
        table = mapped.getpixel((0, mapped.height - 1))
        frames.append(
            (
                mapped.size,
                int(table) if isinstance(table, int) else 0,
                zlib.compress(mapped.tobytes(), 1),
            )
        )
        if progress is not None:
            progress(len(frames), len(indices))
    while True:
        data = _encode(frames, palette)
        if len(data) <= MAX_BYTES or len(frames) <= 2:
            return data
        frames = [*frames[:-1:2], frames[-1]]  # too large: every second frame, same end


def _unpack(frame: Frame, size: tuple[int, int]) -> Image.Image:
    (width, height), table, packed = frame
    image = Image.frombytes("L", (width, height), zlib.decompress(packed))
    if (width, height) == size:
        return image
    canvas = Image.new("L", size, table)
    canvas.paste(image, (0, 0))
    return canvas


def _encode(frames: Sequence[Frame], palette: Image.Image) -> bytes:
    """The GIF, written frame by frame: the first whole, each next one only the rectangle
    that changed, its unchanged pixels ``CLEAR`` (transparent)."""
    step = max(MIN_FRAME_MS, min(FRAME_MS, int((MAX_SECONDS * 1000 - FINAL_HOLD_MS) / len(frames))))
    step -= step % 10  # GIF delays are in hundredths of a second
    size = (max(f[0][0] for f in frames), max(f[0][1] for f in frames))
    colours = (palette.getpalette() or [])[: 255 * 3]
    colours += [0] * (256 * 3 - len(colours))
    screen = Image.new("P", size, 0)
    screen.putpalette(colours)
    out = io.BytesIO()
    header, _ = GifImagePlugin.getheader(screen, None, {"loop": 0, "duration": step})
    out.write(b"".join(header))
    previous: Image.Image | None = None
    held = 0
    for index, frame in enumerate(frames):
        current = _unpack(frame, size)
        duration = FINAL_HOLD_MS if index == len(frames) - 1 else step
        offset = (0, 0)
        piece = current
        if previous is not None:
            changed = ImageChops.difference(previous, current)
            box = changed.getbbox()
            if box is None:  # nothing changed: the last written frame stays longer
                held += duration
                continue
            offset = box[:2]
            piece = current.crop(box)
            unchanged = changed.crop(box).point([255, *(0,) * 255], "1")
            piece.paste(CLEAR, mask=unchanged)
        if held:
            out.write(_delay_patch(held))
            held = 0
        picture = Image.frombytes("P", piece.size, piece.tobytes())
        picture.putpalette(colours)
        out.write(
            b"".join(
                GifImagePlugin.getdata(
                    picture, offset, duration=duration, disposal=1, transparency=CLEAR
                )
            )
        )
        previous = current
    if held:
        out.write(_delay_patch(held))
    out.write(b";")
    return out.getvalue()


def _delay_patch(milliseconds: int) -> bytes:
    """A one-pixel transparent frame that only waits (a frame with no change lengthens the
    wait before the next)."""
    pixel = Image.frombytes("P", (1, 1), bytes([CLEAR]))
    pixel.putpalette([0, 0, 0] * 256)
    return b"".join(
        GifImagePlugin.getdata(pixel, (0, 0), duration=milliseconds, disposal=1, transparency=CLEAR)
    )


def gif_seconds(data: bytes) -> float:
    """Total play time of a GIF (for tests and the command line's summary)."""
    image = Image.open(io.BytesIO(data))
    total = 0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        total += int(image.info.get("duration", 0))
    return total / 1000
