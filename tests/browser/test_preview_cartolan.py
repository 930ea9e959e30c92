"""A whole Cartolan game in the preview (issue 26 items 3 and 6): one board in view and at most
one ping after every step, and the crowded board's picture and main controls on one phone screen.

Two people play a seeded Beginner game through SimCord's actors (the same backend the page
drives); after every step the channel, as a member without a seat sees it, holds one board of
the match as its last message and at most one "your turn" ping. The page in headless Chromium
at phone size (400 × 844) is checked at the game's most crowded board (five rows of controls:
the direction pad, two offers, two menus of offers, End turn and Hint, then Resign apart) and at
the end. ``SCREENSHOTS=folder`` keeps the crowded board's picture (docs/screenshots holds it).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from gamecore.registry import get_game
from tests.browser.chromium import BROWSER, MISSING, Page, chromium
from tests.browser.test_preview_page import act_as, shots_folder
from tests.browser.test_preview_whole_games import measure
from tests.cogs.helpers import layout, no_played_line, notice
from tests.cogs.ui.test_phone_fit import BEGINNER, BEGINNER_CROWDED, BEGINNER_STEPS
from tools.preview import PreviewWorld, preview_world

pytestmark = pytest.mark.skipif(BROWSER is None, reason=MISSING)

GAME = get_game("cartolan")
PHONE = (400, 844)
#: The most that may stand between the picture and the first row of controls: a separator.
SEPARATOR = 32

#: The page's pings and boards: ping = a message that mentions someone (a turn's ping rides
#: on its board, as the line above the title).
CHANNEL = """(() => {
  const messages = [...document.querySelectorAll('article.channel-message')];
  const boards = messages.filter(m => m.querySelector('.component-row'));
  const pings = messages.filter(m => m.querySelector('.mention'));
  return {boards: boards.length, pings: pings.length,
          boardLast: boards.length > 0 && messages[messages.length - 1] === boards[0]};
})()"""

#: The board's picture scrolled to the top of the message list, then where the picture and
#: the main controls (every row above Resign, which sits apart) are, and the list's bounds.
ONE_SCREEN = """(() => {
  const messages = [...document.querySelectorAll('article.channel-message')];
  const board = messages.filter(m => m.querySelector('.component-row')).pop();
  const picture = board.querySelector('img');
  picture.scrollIntoView({block: 'start'});
  const rows = [...board.querySelectorAll('.component-row')];
  const main = rows[rows.length - 2].getBoundingClientRect();
  const screen = document.getElementById('channel-timeline').getBoundingClientRect();
  const shown = picture.getBoundingClientRect();
  return {pictureTop: shown.top, controlsBottom: main.bottom,
          gap: rows[0].getBoundingClientRect().top - shown.bottom,
          screenTop: screen.top, screenBottom: screen.bottom, rows: rows.length,
          loaded: picture.complete && picture.naturalWidth > 100};
})()"""


#: The board (by message id) in the page with its picture decoded (scrolled into view first:
#: the page loads pictures lazily).
BOARD_SHOWN = """(() => {
  const board = document.querySelector('article.channel-message[data-message-id="BOARD_ID"]');
  const picture = board && board.querySelector('img');
  if (picture) picture.scrollIntoView({block: 'end'});
  return Boolean(picture && picture.complete && picture.naturalWidth > 100);
})()"""


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[PreviewWorld]:
    async with preview_world(tmp_path / "preview.db", width=PHONE[0], height=PHONE[1]) as world:
        yield world


async def start_game(world: PreviewWorld) -> str:
    alice, bob, _carol = world.members
    await alice.slash(
        world.channel, "game new", game="cartolan", seed=BEGINNER.seed, options="mode=beginner"
    )
    (match,) = await world.env.bot.service.find_matches(alice.id, world.channel.id)
    lobby = next(m for m in world.channel.history() if m.components)
    await bob.click(lobby, custom_id=f"tt:lb:{match.id}:join")
    await alice.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    return str(match.id)


async def check_the_page(page: Page, world: PreviewWorld, board_id: int) -> dict[str, Any]:
    """The page as it opens now: one board of the match, the last message, at most one ping."""
    await page.open("about:blank")  # a fresh load (the same address again only moves in it)
    await page.open(world.url)
    await page.wait_for("document.getElementById('viewer-picker')?.options.length >= 3")
    await act_as(page, world, "carol")  # no seat: what everybody in the channel sees
    await page.wait_for(BOARD_SHOWN.replace("BOARD_ID", str(board_id)))
    shown: dict[str, Any] = await page.evaluate(CHANNEL)
    assert shown["boards"] == 1 and shown["boardLast"] and shown["pings"] <= 1, shown
    return shown


async def test_a_whole_cartolan_game_keeps_one_board_and_one_ping_in_view(
    world: PreviewWorld, tmp_path: Path
) -> None:
    alice, bob, carol = world.members
    service = world.env.bot.service
    match_id = await start_game(world)
    people = {alice.id: alice, bob.id: bob}
    found = GAME.players()
    chosen, rng = [found["explorer"], found["trader"]], random.Random(BEGINNER.rng_seed)
    # the first turn's ping, on the board the start posted (a redraw drops the notice)
    pings_posted = {m.id for m in world.channel.history(viewer=carol) if "<@" in notice(m)}
    steps = 0
    async with chromium() as page:
        await page.resize(*PHONE, phone=True)
        while (match := await service.get(match_id)).status == "playing":
            seat = match.to_move[0]
            played = await people[match.seats[seat].user_id].slash(
                world.channel, "play", move=BEGINNER.move(match.state, seat, chosen, rng)
            )
            steps += 1
            if steps < BEGINNER_STEPS:  # the board shows the move: no "Played" line stays
                assert played.ephemeral and no_played_line(played)
            seen = world.channel.history(viewer=carol)
            boards = [m for m in seen if m.components]
            pings = [m for m in seen if "<@" in notice(m)]
            pings_posted.update(m.id for m in pings)
            assert len(boards) == 1 and seen[-1].id == boards[0].id, steps
            assert len(pings) <= 1, steps
            if steps == BEGINNER_CROWDED:
                rows = [row for row in layout(boards[0]) if row["type"] == 1]
                assert len(rows) == 5  # four rows of main controls, then Resign
                await check_the_page(page, world, boards[0].id)
                fit = await page.evaluate(ONE_SCREEN)
                assert fit["loaded"] and fit["rows"] == 5, fit
                assert fit["screenTop"] <= fit["pictureTop"], fit
                assert fit["controlsBottom"] <= fit["screenBottom"], fit
                assert fit["gap"] <= SEPARATOR, fit  # no text between the picture and controls
                await page.screenshot(shots_folder(tmp_path) / "cartolan-crowded-phone.png")
                labels = await measure(page, boards[0])  # no label cut, no menus alike
                assert labels["cut"] == [], labels
                assert len(set(labels["selects"])) == len(labels["selects"]), labels
        assert match.status == "finished" and steps == BEGINNER_STEPS
        await check_the_page(page, world, boards[0].id)
    assert len(pings_posted) == 27  # 27 turns changed hands; each ping replaced the last
