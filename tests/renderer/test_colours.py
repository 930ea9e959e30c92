"""Seat colours stay apart for colour-blind players, and pieces stand out from the map."""

from __future__ import annotations

import itertools

import colorspacious as cs
import pytest

from renderer.cartolan_art import LAND, OUTLINE, WATER, adventurer_token, agent_token
from renderer.icons import ink_on
from renderer.speiderne import hand_band, region_ground
from renderer.toolkit import HIGHLIGHT, PLAYER_COLOURS, TABLE_DARK

#: CAM02-UCS ΔE every pair of seat colours keeps, for normal vision and under simulated
#: deuteranopia and protanopia (Machado et al. 2009, severity 100). Okabe–Ito, the earlier
#: colours, had seats 3/4 at 14.8 for deuteranopes.
MIN_DELTA_E = 20
VISIONS = [None, "deuteranomaly", "protanomaly"]


def _seen(colour: tuple[int, int, int], vision: str | None) -> list[float]:
    rgb = [c / 255 for c in colour]
    if vision is None:
        return rgb
    space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return [min(1.0, max(0.0, c)) for c in cs.cspace_convert(rgb, space, "sRGB1")]


def _delta(one: tuple[int, int, int], two: tuple[int, int, int], vision: str | None) -> float:
    return float(cs.deltaE(_seen(one, vision), _seen(two, vision), input_space="sRGB1"))


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_seat_colours_stays_apart(vision: str | None) -> None:
    close = [
        (i + 1, j + 1, round(_delta(a, b, vision), 1))
        for (i, a), (j, b) in itertools.combinations(enumerate(PLAYER_COLOURS), 2)
        if _delta(a, b, vision) < MIN_DELTA_E
    ]
    assert close == []


@pytest.mark.parametrize("vision", VISIONS)
def test_seat_colours_stay_apart_from_the_markers(vision: str | None) -> None:
    for colour in PLAYER_COLOURS:
        assert _delta(colour, (255, 255, 255), vision) >= 15  # "to move"
        assert _delta(colour, HIGHLIGHT, vision) >= 15  # "last move"


def test_the_check_can_fail_on_the_old_colours() -> None:
    okabe_ito = [
        (0, 114, 178),
        (230, 159, 0),
        (0, 158, 115),
        (204, 121, 167),
        (86, 180, 233),
        (213, 94, 0),
    ]
    assert _delta(okabe_ito[2], okabe_ito[3], "deuteranomaly") < MIN_DELTA_E


def _luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: tuple[int, ...], two: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio."""
    high, low = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_cartolan_pieces_contrast_with_water_and_land() -> None:
    """Every piece's rim (what meets the map) is ≥ 3:1 against water and land: measured on
    the drawn pieces, in every seat colour (the old pieces had a white rim, 1.15:1 on land,
    and their colour met water at 1.3:1)."""
    assert contrast((0, 114, 178), WATER) < 3  # the old blue piece against water
    for colour in PLAYER_COLOURS:
        for piece in (
            adventurer_token("2", colour, 42, False, False),
            agent_token("2", colour, 34, False),
        ):
            rim = piece.getpixel((piece.width // 2, piece.height - 2))
            assert rim[3] == 255
            for ground in (WATER, LAND):
                assert contrast(rim, ground) >= 3, (colour, rim, ground)
    assert contrast(OUTLINE, WATER) >= 3 and contrast(OUTLINE, LAND) >= 3


def test_text_on_every_seat_colour_and_tint_has_4_5_to_1() -> None:
    """Digits on seat discs, tokens and chips, labels on discovered regions and on the hand
    band: the ink ``ink_on`` picks reaches WCAG AA (the old rule put white on seat 2's
    ochre at 2.9:1)."""
    ochre = PLAYER_COLOURS[1]
    assert contrast((255, 255, 255), ochre) < 3
    for colour in PLAYER_COLOURS:
        for ground in (colour, region_ground(colour), hand_band(colour), HIGHLIGHT):
            assert contrast(ink_on(ground), ground) >= 4.5, (colour, ground)


@pytest.mark.parametrize("vision", VISIONS)
def test_speiderne_region_grounds_keep_the_seat_colour_distance(vision: str | None) -> None:
    """The tinted grounds of discovered regions stay as far apart as the seat colours must
    (the old 55 % tint brought seats 2 and 6 to ΔE 19.2 and lower)."""
    old = [
        tuple(int(b + (c - b) * 0.55) for c, b in zip(colour, TABLE_DARK, strict=True))
        for colour in PLAYER_COLOURS
    ]
    assert (
        min(_delta(a, b, "deuteranomaly") for a, b in itertools.combinations(old, 2)) < MIN_DELTA_E
    )
    grounds = [region_ground(colour) for colour in PLAYER_COLOURS]
    close = [
        (i + 1, j + 1, round(_delta(a, b, vision), 1))
        for (i, a), (j, b) in itertools.combinations(enumerate(grounds), 2)
        if _delta(a, b, vision) < MIN_DELTA_E
    ]
    assert close == []
