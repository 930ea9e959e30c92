"""Boards drawn straight onto a palette canvas, so the palette mapping runs per piece.

A board used to be drawn in RGB and mapped onto its game's fixed palette as a whole
(``Image.quantize``, a third of a board's CPU). A :class:`PaletteCanvas` is a ``P`` image
holding that palette: every piece pasted on it (a tile, a card, a token, a text sprite) is
mapped once, the first time it is pasted, and the mapped copy is kept with the piece, so a
cached piece is never mapped again. A piece with soft (anti-aliased) edges is laid on the
ground under it first; where that ground is one plain colour (nearly always: felt, panels,
region grounds) the laid piece is kept per ground colour too. Shapes drawn with
``ImageDraw`` take the palette entry nearest their colour, which is what mapping the RGB
board would have given those pixels.

The result equals the RGB board mapped as a whole except at the soft edges of pieces, whose
ground is the palette's colour rather than the exact RGB one (tests/renderer compare both).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImagePalette

from renderer.toolkit import RGB

#: Attribute under which a piece keeps its mapped copies (per palette and ground).
_MAPPED = "_palette_canvas_mapped"
#: Attribute under which a piece keeps its mapped copies laid on mixed ground, by patch.
_PATCHES = "_palette_canvas_patches"
#: Attribute marking a mapped piece as already on a canvas palette (the palette object).
_ON = "_palette_canvas_on"
#: How many patches of mixed ground a piece keeps (a token stands on a few tiles at a time).
_MAX_PATCHES = 16


class _NearestPalette(ImagePalette.ImagePalette):
    """The canvas's palette for ``ImageDraw``: a colour takes the entry the palette mapping
    gives it (never a new entry, which a full palette could not hold anyway)."""

    def __init__(self, reference: Image.Image) -> None:
        super().__init__("RGB", bytes((reference.getpalette() or [])[: 256 * 3]))
        self.reference = reference
        self.nearest: dict[tuple[int, ...], int] = {}

    def getcolor(self, color: tuple[int, ...], image: Image.Image | None = None) -> int:  # noqa: ARG002 - Pillow's signature
        index = self.nearest.get(color)
        if index is None:
            swatch = Image.new("RGB", (1, 1), color[:3])
            mapped = swatch.quantize(palette=self.reference, dither=Image.Dither.NONE)
            index = mapped.im.getpixel((0, 0))
            self.nearest[color] = index
        return index

    def copy(self) -> _NearestPalette:
        return self  # shared: it never changes once made


class PaletteCanvas(Image.Image):
    """A ``P`` image on the fixed palette ``reference`` whose ``paste`` maps RGB and RGBA
    pieces onto that palette (see the module's docstring)."""

    palette: _NearestPalette

    def _new(self, im: Any) -> Image.Image:
        """Crops and copies stay palette canvases (a path drawn on a crop keeps its colours)."""
        new = super()._new(im)
        if new.mode == "P":
            _become_canvas(new)
            new.palette = self.palette
        return new

    def index(self, colour: RGB) -> int:
        """The palette entry ``colour`` is drawn with."""
        return self.palette.getcolor(colour)

    def paste(  # type: ignore[override]
        self,
        im: Image.Image | RGB | int,
        box: tuple[int, int] | tuple[int, int, int, int] | None = None,
        mask: Image.Image | None = None,
    ) -> None:
        if isinstance(im, tuple):
            super().paste(self.index(im), box, mask)
            return
        if isinstance(im, int):
            super().paste(im, box, mask)
            return
        if im.mode == "P":
            super().paste(self._own(im), box, mask)
            return
        xy = (0, 0) if box is None else (int(box[0]), int(box[1]))
        if mask is not None and mask is not im:
            rgba = im.convert("RGBA")
            rgba.putalpha(mask)
            im = rgba
        if im.mode == "RGBA":
            self._lay(im, xy)
        else:
            super().paste(self._mapped(im, None), xy)  # Pillow clips it to the canvas

    def _own(self, piece: Image.Image) -> Image.Image:
        """A ``P`` piece on this canvas's palette: as it is when it already is (a crop of a
        canvas, a mapped piece), else each of its colours given its nearest entry."""
        if isinstance(piece, PaletteCanvas) or getattr(piece, _ON, None) is self.palette:
            return piece
        colours = piece.getpalette() or []
        lut = [self.index(tuple(colours[i : i + 3])) for i in range(0, len(colours), 3)]  # type: ignore[arg-type]
        return piece.point(lut + [0] * (256 - len(lut)))

    def _mapped(self, piece: Image.Image, ground: int | None) -> Image.Image:
        """``piece`` (RGB, or RGBA laid on palette entry ``ground``) mapped onto the palette,
        made once per piece and ground."""
        kept: dict[tuple[int, int | None], Image.Image] | None = getattr(piece, _MAPPED, None)
        if kept is None:
            kept = {}
            setattr(piece, _MAPPED, kept)
        key = (id(self.palette.reference), ground)
        mapped = kept.get(key)
        if mapped is None:
            if ground is None:
                rgb = piece.convert("RGB")
            else:
                colours = self.palette.palette
                rgb = Image.new("RGB", piece.size, tuple(colours[3 * ground : 3 * ground + 3]))
                rgb.paste(piece, (0, 0), piece)
            mapped = rgb.quantize(palette=self.palette.reference, dither=Image.Dither.NONE)
            setattr(mapped, _ON, self.palette)
            kept[key] = mapped
        return mapped

    def _lay(self, piece: Image.Image, xy: tuple[int, int]) -> None:
        """Lay an RGBA piece with soft edges at ``xy``: mapped once per plain ground (or per
        recurring patch of ground, such as a tile under a token), else blended with the
        ground under it and that patch mapped."""
        x, y = xy
        width, height = piece.size
        inside = x >= 0 and y >= 0 and x + width <= self.width and y + height <= self.height
        if not inside:
            left, top = max(0, x), max(0, y)
            right, bottom = min(self.width, x + width), min(self.height, y + height)
            if left >= right or top >= bottom:
                return
            piece = piece.crop((left - x, top - y, right - x, bottom - y))
            x, y, width, height = left, top, right - left, bottom - top
        box = (x, y, x + width, y + height)
        ground = self.im.crop(box)
        low, high = ground.getextrema()
        if inside and low == high:
            mapped = self._mapped(piece, int(low))
        else:
            mapped = self._on_patch(piece, ground)
        self.im.paste(mapped.im, box, _solid(piece).im)

    def _on_patch(self, piece: Image.Image, ground: Any) -> Image.Image:
        """``piece`` blended onto a patch of mixed ``ground`` (an ImagingCore) and mapped;
        kept on the piece for the last few patches it was laid on."""
        patches: dict[bytes, Image.Image] | None = getattr(piece, _PATCHES, None)
        if patches is None:
            patches = {}
            setattr(piece, _PATCHES, patches)
        patch = self._new(ground)
        key = patch.tobytes()
        mapped = patches.get(key)
        if mapped is None:
            rgb = patch.convert("RGB")
            rgb.paste(piece, (0, 0), piece)
            mapped = rgb.quantize(palette=self.palette.reference, dither=Image.Dither.NONE)
            if len(patches) >= _MAX_PATCHES:
                patches.pop(next(iter(patches)))
            patches[key] = mapped
        return mapped


def _solid(piece: Image.Image) -> Image.Image:
    """Where ``piece`` shows at all (alpha > 0), as a 0/255 mask: a palette canvas can only
    take or keep a pixel, never blend two entries."""
    kept: Image.Image | None = getattr(piece, "_palette_canvas_solid", None)
    if kept is None:
        kept = piece.getchannel("A").point(lambda alpha: 255 if alpha else 0)
        setattr(piece, "_palette_canvas_solid", kept)  # noqa: B010 - kept on the piece itself
    return kept


def _become_canvas(image: Image.Image) -> None:
    """Turn a ``P`` image Pillow made into a :class:`PaletteCanvas` (Pillow makes its images
    itself, so a subclass takes over an existing one)."""
    setattr(image, "__class__", PaletteCanvas)  # noqa: B010 - vulture cannot see a class swap


def palette_canvas(width: int, height: int, colour: RGB, reference: Image.Image) -> PaletteCanvas:
    """A ``width`` x ``height`` canvas on ``reference``'s palette, filled with ``colour``."""
    nearest = _nearest_palette(reference)
    image = Image.new("P", (width, height), nearest.getcolor(colour))
    image.putpalette(nearest.palette)
    image.load()
    _become_canvas(image)
    image.palette = nearest
    assert isinstance(image, PaletteCanvas)
    return image


_PALETTES: dict[int, _NearestPalette] = {}


def _nearest_palette(reference: Image.Image) -> _NearestPalette:
    """One shared palette object per reference palette (its nearest-colour table grows once)."""
    nearest = _PALETTES.get(id(reference))
    if nearest is None or nearest.reference is not reference:
        nearest = _NearestPalette(reference)
        _PALETTES[id(reference)] = nearest
    return nearest


def board_canvas(
    width: int, height: int, colour: RGB, reference: Image.Image | None
) -> Image.Image:
    """A board's canvas: on ``reference``'s palette when given, else RGB (the pictures a
    palette is learnt from, and animated replays, which map frames themselves)."""
    if reference is None:
        return Image.new("RGB", (width, height), colour)
    return palette_canvas(width, height, colour, reference)
