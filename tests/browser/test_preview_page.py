"""`make preview` as a newcomer meets it: the bot, unchanged, in SimCord's Preview page, looked at
in a real browser (headless Chromium) at phone and desktop width.

The page is driven the way a person drives it where it can be (choosing who to act as,
clicking the lobby's buttons); slash commands are sent through SimCord's actors, since the
page's command picker is SimCord's own. Each screenshot is checked for what a person must see:
the picture loaded, whose turn it is, the controls, and a private hand shown to its owner only.
``SCREENSHOTS=folder`` keeps the pictures (docs/screenshots holds a few).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from i18n import t
from tests.browser.chromium import BROWSER, MISSING, Page, chromium
from tools.preview import PreviewWorld, preview_world

pytestmark = pytest.mark.skipif(BROWSER is None, reason=MISSING)

PHONE = (400, 860)
DESKTOP = (1280, 900)

#: Loaded pictures in the visible messages (a board, a hand), as the browser decoded them.
LOADED_PICTURES = """[...document.querySelectorAll('img')]
  .filter(i => i.src.startsWith('blob:') && i.complete && i.naturalWidth > 100).length"""


#: Every picture of the visible messages decoded (none still loading or shown as its alt text).
#: The page redraws its messages as it polls the simulator, so a picture can be between
#: two loads: the count, or 0 while any picture is still loading or broken.
ALL_PICTURES_LOADED = """(() => {
  const pictures = [...document.querySelectorAll('article.channel-message img')];
  const loaded = pictures.every(i => i.complete && i.naturalWidth > 100);
  return loaded && document.fonts.status === 'loaded' ? pictures.length : 0;
})()"""


async def steady_screenshot(page: Page, path: Path, pictures: int) -> None:
    """A screenshot taken while ``pictures`` pictures are shown, before and after it."""
    for _ in range(50):
        if await page.wait_for(ALL_PICTURES_LOADED) >= pictures:
            await page.screenshot(path)
            if await page.evaluate(ALL_PICTURES_LOADED) >= pictures:
                return
        await asyncio.sleep(0.2)
    raise AssertionError(f"the page never held {pictures} loaded pictures still: {path.name}")


def pictures_in_messages_saying(words: str) -> str:
    """JavaScript: how many decoded pictures the messages that show ``words`` hold."""
    return f"""[...document.querySelectorAll('article.channel-message')]
      .filter(a => a.innerText.includes({words!r}))
      .flatMap(a => [...a.querySelectorAll('img')])
      .filter(i => i.complete && i.naturalWidth > 100).length"""


def button_click(label: str) -> str:
    """JavaScript: click the last enabled button with this label (the newest message's)."""
    return f"""(() => {{
      const found = [...document.querySelectorAll('button.component-button')]
        .filter(b => b.innerText.trim() === {label!r} && b.getAttribute('aria-disabled') !== 'true');
      if (!found.length) return false;
      found[found.length - 1].click();
      return true;
    }})()"""


async def act_as(page: Page, world: PreviewWorld, name: str) -> None:
    """Choose who the page acts as, as a person does with the "Viewing as" menu."""
    member = next(m for m in world.members if m.name == name)
    await page.evaluate(f"""(() => {{
      const picker = document.getElementById('viewer-picker');
      picker.value = '{member.id}';
      picker.dispatchEvent(new Event('change', {{bubbles: true}}));
    }})()""")
    await page.wait_for(f"document.getElementById('viewer-picker').value === '{member.id}'")


async def refresh(page: Page) -> None:
    """Show what happened outside the page (a slash command sent by an actor)."""
    await page.evaluate("document.getElementById('refresh').click()")


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[PreviewWorld]:
    async with preview_world(tmp_path / "preview.db", width=PHONE[0], height=PHONE[1]) as world:
        yield world


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def test_a_newcomer_plays_speiderne_in_the_preview_page(
    world: PreviewWorld, tmp_path: Path
) -> None:
    shots = shots_folder(tmp_path)
    alice, bob, _carol = world.members
    opened = await alice.slash(world.channel, "game new", game="speiderne")
    assert opened.acknowledged and not opened.ephemeral

    async with chromium() as page:
        await page.resize(*PHONE, phone=True)
        await page.open(world.url)
        await page.wait_for(button_click(t("lobby.button.join")).replace(".click()", ""))
        await page.screenshot(shots / "lobby-phone.png")

        # bob joins with the lobby's button, in the page
        await act_as(page, world, "bob")
        assert await page.wait_for(button_click(t("lobby.button.join")))
        await page.wait_for("document.body.innerText.includes('bob')")

        # alice starts: the board appears with its picture, whose turn it is and the controls
        await act_as(page, world, "alice")
        assert await page.wait_for(button_click(t("lobby.button.start")))
        assert await page.wait_for(LOADED_PICTURES) >= 1
        text = await page.text()
        assert "alice" in text and "bob" in text
        buttons = await page.evaluate(
            "document.querySelectorAll('button.component-button:not([aria-disabled=true])').length"
        )
        assert buttons >= 2, text
        board = await page.screenshot(shots / "board-phone.png")
        assert len(board) > 20_000  # a real picture, not an empty page

        # a private hand: the owner sees its picture, the other player does not
        hand = await alice.slash(world.channel, "hand")
        assert hand.ephemeral
        await refresh(page)
        title = t("hand.title", game="Speiderne")
        assert await page.wait_for(pictures_in_messages_saying(title)) == 1
        await page.screenshot(shots / "hand-phone.png")
        await act_as(page, world, "bob")
        await page.wait_for(f"!document.body.innerText.includes({title!r})")
        assert await page.evaluate(pictures_in_messages_saying(title)) == 0

        await page.resize(*DESKTOP, phone=False)
        await act_as(page, world, "alice")
        await steady_screenshot(page, shots / "board-desktop.png", pictures=2)
