"""Every persistent button and select is one class (cogs/ui/components.py): the item its
constructor builds carries a custom id its own template reads back into the same item, so a
click on any board (also one posted before a restart) reaches the class that built it."""

from __future__ import annotations

import discord
import pytest

import cogs
from cogs.ui.components import (
    BoardButton,
    ComputerSelect,
    LobbyButton,
    MoveButton,
    MoveSelect,
    PieceButton,
    PlayAgainButton,
    RematchButton,
    ReviewButton,
    RulesPager,
    TakebackButton,
    TournamentButton,
)

#: One instance of each class as a builder lays it out. A new persistent class adds its own.
SAMPLES: dict[type[discord.ui.DynamicItem[discord.ui.Item[discord.ui.View]]], object] = {
    MoveSelect: MoveSelect("m1a", 12, 3, options=[discord.SelectOption(label="a", value="a")]),
    MoveButton: MoveButton("m1a", 12, "move 2 N", label="North"),
    PieceButton: PieceButton("m1a", 12, "a2", label="Adventurer 2"),
    BoardButton: BoardButton("m1a", 12, "confirm-resign", label="Resign"),
    LobbyButton: LobbyButton("m1a", "addcpu", label="Add"),
    ComputerSelect: ComputerSelect("m1a", options=[discord.SelectOption(label="b", value="b")]),
    RematchButton: RematchButton("m1a", label="Rematch"),
    PlayAgainButton: PlayAgainButton("m1a", label="Play again"),
    ReviewButton: ReviewButton("m1a", label="Review"),
    RulesPager: RulesPager("drop-four", 2, label="Next"),
    TournamentButton: TournamentButton("tab2cd", "start", label="Start (host)"),
    TakebackButton: TakebackButton("m1a", 12, yes=True, label="Accept"),
}


def test_every_registered_class_has_a_sample() -> None:
    assert set(SAMPLES) == set(cogs.DYNAMIC_ITEMS)


@pytest.mark.parametrize("cls", cogs.DYNAMIC_ITEMS, ids=lambda cls: cls.__name__)
async def test_a_built_item_is_read_back_by_its_own_class(cls: type) -> None:
    built = SAMPLES[cls]
    assert isinstance(built, cls)
    custom_id = built.item.custom_id
    assert custom_id is not None and len(custom_id) <= 100
    found = built.template.fullmatch(custom_id)
    assert found is not None, f"{cls.__name__}: {custom_id!r} does not fit {built.template}"
    others = [
        c.__name__
        for c in cogs.DYNAMIC_ITEMS
        if c is not cls and c.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert others == []  # discord.py answers a click with the first class whose template fits
    again = await cls.from_custom_id(None, built.item, found)
    assert type(again) is cls
    assert again.item.custom_id == custom_id
    assert vars(again).keys() >= {"item"}
    assert {k: v for k, v in vars(again).items() if k != "item"} == {
        k: v for k, v in vars(built).items() if k != "item"
    }


@pytest.mark.parametrize(
    ("cls", "custom_id", "style", "label"),
    [
        (RematchButton, "tt:rm:m1a", discord.ButtonStyle.primary, "rematch"),
        (PlayAgainButton, "tt:pa:m1a", discord.ButtonStyle.primary, "play again"),
        (ReviewButton, "tt:rv:m1a", discord.ButtonStyle.secondary, "review"),
    ],
)
def test_a_finished_board_s_buttons_keep_the_ids_posted_boards_carry(
    cls: type, custom_id: str, style: discord.ButtonStyle, label: str
) -> None:
    """The buttons that carry only a match id share one base: each keeps its own id (boards
    already posted carry it), style and fallback label."""
    item = cls("m1a").item
    assert (item.custom_id, item.style, item.label) == (custom_id, style, label)
