"""The Cartolan board's components at every step of real games of every preset and mode:
the game's declared controls, drawn by the generic builder, stay within Discord's limits and
offer every legal move on a button or in a select (or the plain directions, Wait and End)."""

from __future__ import annotations

import random
import re

import discord
import pytest

from cogs.ui.components import MoveButton
from cogs.ui.controls import (
    BUTTON_EXTRA,
    PHONE_PLACEHOLDER,
    PHONE_ROW,
    controls_components,
    phone_width,
)
from cogs.ui.labels import say
from gamecore.match import Match, Seat
from gamecore.registry import get_game, presentation_of
from tests.cogs.helpers import playing_match

PRESENTATION = presentation_of("cartolan")


def board_match(state: object, seat: int) -> Match:
    seats = tuple(Seat(100 + s, None, f"p{s}") for s in range(4))
    return playing_match("cartolan", seats, state, to_move=seat, version=7, seed=5)


def offered(components: discord.ui.View) -> tuple[set[str], set[str]]:
    """(notations on enabled buttons, notations in selects)."""
    buttons, selects = set(), set()
    for item in components.children:
        custom_id = item.custom_id or ""
        assert len(custom_id) <= 100
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= 25
            selects.update(option.value for option in item.options)
        elif not item.disabled and custom_id.startswith("tt:mb:"):
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
        notations = [game.format_action(a) for a in legal]
        public = game.view(state, None)
        drawn = controls_components(
            board_match(state, seat), PRESENTATION.controls(public, notations, None), "en"
        )
        assert len(drawn.children) <= 25
        rows = (
            drawn.to_components()
        )  # what Discord receives: at most 5 rows of 5 buttons or 1 select
        assert len(rows) <= 5
        for row in rows:
            kinds_in_row = [c["type"] for c in row["components"]]
            assert kinds_in_row == [3] or (set(kinds_in_row) == {2} and len(kinds_in_row) <= 5), (
                rows
            )
        buttons, selects = offered(drawn)
        assert buttons | selects <= set(notations)
        reachable = buttons | selects
        controls = PRESENTATION.controls(public, notations, None)
        for piece in controls.pieces.pieces if controls.pieces else ():  # after selecting it
            chosen = controls_components(
                board_match(state, seat), PRESENTATION.controls(public, notations, piece.id), "en"
            )
            reachable |= set().union(*offered(chosen))
        kind = public["decision"]["kind"]
        kinds.add(kind)
        missing = set(notations) - reachable
        if kind != "city":  # a city's Agent sites can outnumber the selects: /play has them
            assert not missing, (kind, missing)
        computer = controls_components(
            board_match(state, seat), PRESENTATION.controls(public, [], None), "en"
        )
        assert offered(computer) == (set(), set())  # nothing to press while a computer decides
        name = ("explorer", "trader", "pirate")[seat]
        state, _ = game.apply(state, seat, players[name](game.view(state, seat), legal, rng))
    assert {"move", "city"} <= kinds


def offer_labels(view: dict, legal: list[str], locale: str = "en") -> dict[str, list[str]]:
    """Each offer's label → the labels of its moves."""
    controls = PRESENTATION.controls(view, legal, None)
    return {say(o.label, locale): [say(m.label, locale) for m in o.moves] for o in controls.offers}


def test_labels_name_the_card_or_the_map_being_chosen() -> None:
    maps = {"decision": {"kind": "maps", "options": [{"edges": "WWLW", "wonder": True}]}}
    assert (
        offer_labels(maps, ["keep 1", "keep 2"])["Keep chest map"][0] == "Keep chest map 1: WWLW ★"
    )
    cards = {"decision": {"kind": "character", "cards": [{"name": "Navigator"}]}}
    assert offer_labels(cards, ["choose 1"]) == {"Card": ["Card 1: Navigator"]}
    # the map has no coordinates: a place is shown from the Capital in the pad's arrows,
    # and said in words in the option's small print
    assert offer_labels({}, ["buy agent 2,-3"]) == {"Buy an Agent": ["Buy an Agent ↓3 →2"]}
    assert offer_labels({}, ["buy agent 2,-3"], "ja") == {"代理人を買う": ["代理人を買う ↓3 →2"]}
    (offer,) = PRESENTATION.controls({}, ["buy agent 2,-3"], None).offers
    detail = offer.moves[0].detail
    assert detail is not None
    assert say(detail, "en") == "3 south and 2 east of the Capital"
    assert say(detail, "ja") == "首都から南へ3マス・東へ2マス"
    grouped = offer_labels({}, ["move 2 N map 1", "move 2 N map 2", "steal card 2"])
    assert list(grouped) == ["Move", "Steal card"]  # words before the first number


def test_boards_drawn_before_the_declared_controls_keep_working() -> None:
    """Old board messages carry ``tt:cl:`` ids; the move button still answers them."""
    template = MoveButton.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    assert template.fullmatch("tt:cl:abc234:7:move 1 N")["move"] == "move 1 N"
    assert template.fullmatch("tt:mb:abc234:7:end")["move"] == "end"


def test_the_pad_acts_on_the_selected_adventurer_and_the_board_offers_the_others() -> None:
    """Two Adventurers that may still move: the pad shows the chosen one's steps, a selector
    row names both (the chosen one highlighted), and the other's steps are not offers."""
    view = {"decision": {"kind": "move", "adventurer": 1}, "reachable": []}
    legal = ["move 1 N", "move 2 E", "move 2 S", "wait 1", "wait 2", "trade", "end"]
    first = PRESENTATION.controls(view, legal, None)
    assert [m.notation for m in first.pad if m.enabled] == ["move 1 N"]
    assert [m.notation for m in first.finish] == ["wait 1", "end"]  # Wait beside End turn
    assert first.pieces is not None and first.pieces.selected == "1"
    assert [p.id for p in first.pieces.pieces] == ["1", "2"]
    assert [o.moves[0].notation for o in first.offers] == ["trade"]
    second = PRESENTATION.controls(view, legal, "2")
    assert [m.notation for m in second.pad if m.enabled] == ["move 2 E", "move 2 S"]
    assert [m.notation for m in second.finish] == ["wait 2", "end"]
    drawn = controls_components(board_match(None, 0), second, "en").to_components()
    pieces = [c for row in drawn for c in row["components"] if c["custom_id"].startswith("tt:pc:")]
    assert [(c["custom_id"], c["label"], c["style"]) for c in pieces] == [
        ("tt:pc:abc234:7:1", "Adventurer 1", discord.ButtonStyle.secondary.value),
        ("tt:pc:abc234:7:2", "Adventurer 2", discord.ButtonStyle.primary.value),
    ]
    alone = PRESENTATION.controls(view, ["move 1 N", "wait 1", "end"], "2")
    assert (
        alone.pieces is None and alone.pad[0].notation == "move 1 N"
    )  # one Adventurer: no selector


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_kind_split_over_several_selects_names_its_range_in_words(locale: str) -> None:
    """More Agent sites than one select holds: each part's placeholder says the range it
    covers as its options read, never in notation ("buy agent 0,-6 … buy agent 7,-6")."""
    legal = [f"buy agent {x},{y}" for x in range(-3, 4) for y in range(-3, 2)]  # 35 sites
    state = get_game("cartolan").setup(3, 11, None)
    drawn = controls_components(
        board_match(state, 0), PRESENTATION.controls({}, legal, None), locale
    )
    selects = [item for item in drawn.children if isinstance(item, discord.ui.Select)]
    assert len(selects) == 2
    shown = [select.placeholder or "" for select in selects]
    assert len(set(shown)) == 2, shown  # the two parts read differently
    for select, placeholder in zip(selects, shown, strict=True):
        assert len(placeholder) <= 30
        assert not re.search(r"-?\d+,-?\d+|buy agent", placeholder), placeholder
        first, last = select.options[0].label, select.options[-1].label
        assert first.split()[-2] in placeholder, (placeholder, first)  # where each end lies
        if placeholder.endswith("…"):  # too long for a phone with both ends: where it starts
            assert phone_width(placeholder) <= PHONE_PLACEHOLDER, placeholder
        else:
            assert last.split()[-2] in placeholder or last.split()[-1] in placeholder
        # the place in words in the option's small print
        assert all(option.description for option in select.options)


def test_a_step_into_a_gap_reads_new_and_the_board_says_what_it_means() -> None:
    """Not "→ E?": a step into a gap reads "→ New" ("→探検"), the board's note says what
    that is, and the pad's four buttons stay one phone row."""
    game = get_game("cartolan")
    players = game.players()
    rng = random.Random(3)
    state = game.setup(4, 3, {"preset": "classic", "mode": "regular"})
    exploring = 0
    for _ in range(600):
        status = game.status(state)
        if status.over:
            break
        seat = status.to_move[0]
        view = game.view(state, seat)
        legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
        controls = PRESENTATION.controls(view, legal, None)
        assert controls is not None
        for locale, word, note in (("en", " New", "“New” on an arrow"), ("ja", "探検", "「探検」")):
            labels = [say(move.label, locale) for move in controls.pad]
            assert not any(label.endswith("?") or label[-1] in "NESW" for label in labels)
            assert sum(phone_width(label) + BUTTON_EXTRA for label in labels) <= PHONE_ROW
            if any(label.endswith(word) for label in labels):
                exploring += 1
                notes = " ".join(say(line, locale) for line in PRESENTATION.board_notes(view))
                assert note in notes, notes
        action = players["random"](view, game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
    assert exploring > 10


def test_another_seats_adventurer_is_said_by_badge_and_number() -> None:
    """``attack 2.1`` reads "Attack ②'s Adventurer 1", and a map whose tokens read ``2.1``
    carries a note saying what the two numbers are."""
    assert say(PRESENTATION.move_text("attack 2.1"), "en") == "Attack ②'s Adventurer 1"
    assert say(PRESENTATION.move_text("rest 3.2"), "ja") == "③の冒険者2のもとで休息"
    fleet = [{"seat": 1, "number": 1, "x": 0, "y": 0}, {"seat": 1, "number": 2, "x": 1, "y": 0}]
    notes = [say(line, "en") for line in PRESENTATION.board_notes({"adventurers": fleet})]
    assert notes == ["2.1 on the map: ②'s Adventurer 1"]
    assert PRESENTATION.board_notes({"adventurers": fleet[:1]}) == ()
