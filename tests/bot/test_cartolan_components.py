"""The Cartolan board's components at every step of real games of every preset and mode:
within Discord's limits, and every legal move reachable from a button or a select (or the
plain directions, Wait and End)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord
import pytest

from cogs.ui.cartolan import cartolan_components
from gamecore import get_game
from gamecore.match import Seat


def fake_match(state: object, seat: int, computer_seats: set[int]) -> SimpleNamespace:
    seats = tuple(
        Seat(
            None if s in computer_seats else 100 + s,
            "explorer" if s in computer_seats else None,
            f"p{s}",
        )
        for s in range(4)
    )
    return SimpleNamespace(
        id="abc234",
        version=7,
        status="playing",
        to_move=(seat,),
        state=state,
        seats=seats,
        game_id="cartolan",
    )


def public_views(game: object) -> SimpleNamespace:
    """The one service method the board builder uses: the public view of the match."""
    return SimpleNamespace(view_for=lambda match, user_id: game.view(match.state, None))


def offered(view: discord.ui.View) -> tuple[set[str], set[str]]:
    """(notations on enabled buttons, notations in selects)."""
    buttons, selects = set(), set()
    for wrapper in view.children:
        item = getattr(wrapper, "item", wrapper)  # a DynamicItem wraps the real component
        custom_id = item.custom_id or ""
        assert len(custom_id) <= 100
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25
            selects.update(option.value for option in item.options)
        elif not item.disabled and custom_id.startswith("tt:cl:"):
            assert len(item.label or "") <= 80
            buttons.add(custom_id.split(":", 4)[4])
    return buttons, selects


@pytest.mark.parametrize(
    ("preset", "mode"),
    [
        ("classic", "regular"),
        ("modern", "regular"),
        ("modern", "advanced"),
        ("classic", "advanced"),
    ],
)
async def test_every_legal_move_is_on_the_board_within_discords_limits(
    preset: str, mode: str
) -> None:
    game = get_game("cartolan")
    players = game.players()
    rng = random.Random(5)
    state = game.setup(3, 11, {"preset": preset, "mode": mode})
    kinds: set[str] = set()
    for _ in range(300):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        legal = game.legal_actions(state, seat)
        notations = {game.format_action(a) for a in legal}
        view = cartolan_components(public_views(game), fake_match(state, seat, set()), "en")
        assert view is not None and len(view.children) <= 25
        rows = (
            view.to_components()
        )  # what Discord receives: at most 5 rows of 5 buttons or 1 select
        assert len(rows) <= 5
        for row in rows:
            kinds_in_row = [c["type"] for c in row["components"]]
            assert kinds_in_row == [3] or (set(kinds_in_row) == {2} and len(kinds_in_row) <= 5), (
                rows
            )
        buttons, selects = offered(view)
        assert buttons | selects <= notations
        kind = game.view(state, None)["decision"]["kind"]
        kinds.add(kind)
        missing = notations - buttons - selects
        if kind != "city":  # a city's Agent sites can outnumber the selects: /play has them
            assert not missing, (kind, missing)
        computer = cartolan_components(public_views(game), fake_match(state, seat, {seat}), "en")
        assert offered(computer) == (set(), set())  # nothing to press while a computer decides
        name = ("explorer", "trader", "pirate")[seat]
        state, _ = game.apply(state, seat, players[name](game.view(state, seat), legal, rng))
    assert {"move", "city"} <= kinds


def test_labels_name_the_card_or_the_map_being_chosen() -> None:
    from cogs.ui.cartolan import group_key, move_label

    maps = {"decision": {"kind": "maps", "options": [{"edges": "WWLW", "wonder": True}]}}
    assert move_label("keep 1", "en", maps) == "Keep chest map 1: WWLW ★"
    cards = {"decision": {"kind": "character", "cards": [{"name": "Navigator"}]}}
    assert move_label("choose 1", "en", cards) == "Card 1: Navigator"
    assert move_label("buy agent 2,-3", "ja") == "エージェントを買う： 2,-3"
    assert group_key("move 2 N map 1") == "move" and group_key("steal card 2") == "steal card"
