"""Every game played whole as a person plays it on a phone, in the Preview at 400 px in headless
Chromium: by taps (a button one, a select two), in each person's private panel where the game
hides cards. Asserted over the whole game:

- taps: the median decision costs at most two taps, no decision has to be typed, and a
  Cartolan turn costs the taps of its moves plus End turn (no other tap);
- panels: at most one private panel per person that is not marked out of date;
- labels, measured on the rendered page at every state that could cut one where no
  earlier state did: each new layout of controls (up to ``SAMPLES`` a game), and each state
  showing a label wider than any measured before for its kind of control: no button label,
  select placeholder or option label cut off or wrapped, and no two selects of one message
  reading alike. A label no wider (by ``text_width``'s estimate) than one that fitted in its
  kind of control fits too, so the game's other states are covered.

The figures are printed (``-s``) and stated in docs/commands.md. ``SCREENSHOTS=folder`` keeps
a phone screenshot of each game's most crowded sampled state.
"""

from __future__ import annotations

import asyncio
import random
import unicodedata
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from gamecore.registry import get_game
from tests.browser.chromium import BROWSER, MISSING, Page, chromium
from tests.browser.test_preview_page import act_as, refresh, shots_folder
from tests.cogs.clicking import Taps, current_panels, median, play_by_clicks
from tests.cogs.helpers import components, japanese
from tests.deadlines import HANG_GUARD
from tools.preview import PreviewWorld, preview_world

pytestmark = pytest.mark.skipif(BROWSER is None, reason=MISSING)

PHONE = (400, 844)
#: Layouts measured per game at most (each the first state showing a new set of controls).
SAMPLES = 8

#: The labels of one message (by id) as the page renders them: each button's and select
#: placeholder's text cut off (wider than its box, or the button past the message), each
#: option label cut off or on more than one line (Discord shows an option on one line), and
#: the selects' visible texts. Each select is opened to lay its options out, then closed;
#: null when the message is not (or no longer) on the page.
#: The 25 ms pauses a select's options may take to be laid out (a hang guard: under load
#: they took longer than the 4 s once allowed).
MEASURE_WAITS = int(HANG_GUARD / 0.025)
MEASURE = """(async () => { try {
  const find = () => document.querySelector(
    'article.channel-message[data-message-id="MESSAGE_ID"]');
  const pause = () => new Promise(done => setTimeout(done, 25));
  let article = find();
  if (!article) return null;
  const box = article.getBoundingClientRect();
  const cut = [], selects = [], options_seen = [];
  let measured = 0;
  const over = (element) => element.scrollWidth > element.clientWidth + 1;
  for (const button of article.querySelectorAll('button.component-button')) {
    const label = button.querySelector('.button-label') || button;
    measured += 1;
    if (over(label) || over(button) || button.getBoundingClientRect().right > box.right + 1)
      cut.push('button: ' + label.innerText);
  }
  const keys = [...article.querySelectorAll('.preview-select')].map(s => s.dataset.controlKey);
  for (const key of keys) {
    const select = () => find()?.querySelector(`.preview-select[data-control-key="${key}"]`);
    const shown = select().querySelector('.select-value-label');
    measured += 1;
    if (over(shown)) cut.push('placeholder: ' + shown.innerText);
    selects.push(shown.innerText);
    select().querySelector('.select-trigger').click();
    // the page redraws its messages: look the options up again until they are laid out
    const laidOut = () => {
      const options = [...(select()?.querySelectorAll('.option-label') || [])];
      return options.length && options.every(o => o.getBoundingClientRect().width > 0)
        ? options : null;
    };
    let options = null;
    for (let wait = 0; wait < WAITS && !(options = laidOut()); wait++) {  // a hang guard
      // the page may redraw the message while the menu opens: open it again
      if (wait % 20 === 19) select()?.querySelector('.select-trigger')?.click();
      await pause();
    }
    if (!options) { cut.push('options never shown: ' + shown.innerText); continue; }
    for (const option of options) {
      measured += 1;
      options_seen.push(option.innerText);
      const line = parseFloat(getComputedStyle(option).lineHeight) || 20;
      if (over(option) || option.getBoundingClientRect().height > line * 1.5)
        cut.push('option: ' + option.innerText);
    }
    for (let wait = 0; wait < 80 && laidOut(); wait++) {
      if (wait % 20 === 0) select()?.querySelector('.select-trigger')?.click();
      await pause();
    }
  }
  return {cut, selects, measured, options: options_seen};
  } catch (error) {  // the page redrew the message away while it was measured: again
    if (error instanceof TypeError) return null;
    throw error;
  }
})()"""


#: A message (by id) scrolled to the bottom of the screen with its picture decoded (the
#: page loads pictures lazily; a panel marked out of date has none).
SHOWN = """(() => {
  const article = document.querySelector('article.channel-message[data-message-id="MESSAGE_ID"]');
  if (!article) return false;
  article.scrollIntoView({block: 'end'});
  const picture = article.querySelector('img');
  return !picture || (picture.complete && picture.naturalWidth > 100);
})()"""


@dataclass
class Seen:
    """What the page showed over one game."""

    measured: int = 0
    layouts: int = 0
    widest: int = 0  # states measured for a label wider than any measured before
    cut: set[str] = field(default_factory=set)
    alike: list[list[str]] = field(default_factory=list)
    panels: int = 0  # most current panels one person had at once


def text_width(text: str) -> float:
    """A label's width in narrow-character units: wide (East Asian) characters count two,
    emoji and symbols outside the Basic Multilingual Plane two as well."""
    return sum(
        2.0 if unicodedata.east_asian_width(ch) in "WF" or ord(ch) > 0xFFFF else 1.0 for ch in text
    )


def labels(message: Any) -> dict[tuple[str, str], float]:
    """The widest label of each kind of control in a message: (control kind, what the text
    is: a button's label, a select's placeholder, an option's label) -> width."""
    widest: dict[tuple[str, str], float] = {}

    def keep(kind: str, part: str, text: str | None) -> None:
        if text:
            key = (kind, part)
            widest[key] = max(widest.get(key, 0.0), text_width(text))

    for control in components(message):
        kind = f"{control.get('type')}:{control.get('custom_id', '').split(':')[1]}"
        keep(kind, "label", control.get("label"))
        keep(kind, "placeholder", control.get("placeholder"))
        for option in control.get("options", ()):
            keep(kind, "option", option.get("label"))
    return widest


def layout_key(message: Any) -> tuple[Any, ...]:
    """A message's controls by kind and count (a new key is a new layout to measure)."""
    kinds = [(c.get("type"), c.get("custom_id", "").split(":")[1]) for c in components(message)]
    return tuple(sorted(kinds))


async def page_quiet(world: PreviewWorld) -> None:
    """Wait until no action the page sent (a refresh, a viewer change, a select opened) is
    still running in the simulator: the test's own taps may not overlap one (simcord runs
    one operation at a time). SimCord keeps no public flag for it."""
    calm = 0
    for _ in range(400):
        busy = world.env._operation_task is not None
        calm = 0 if busy else calm + 1
        if calm >= 3:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the page kept the simulator busy")


def option_labels(message: Any) -> list[str]:
    """The option labels of a message's selects, as the page should show them."""
    return [
        " ".join(option["label"].split())
        for control in components(message)
        if control.get("type") == 3
        for option in control.get("options", ())
    ]


async def measure(page: Page, message: Any) -> dict[str, Any]:
    """Measure ``message`` as the page shows it once the page shows its current options (a
    board is edited in place: until the page has fetched the edit, it shows the old ones)."""
    expected = option_labels(message)
    found: dict[str, Any] | None = None
    for _ in range(int(HANG_GUARD / 0.2)):  # a hang guard
        found = await page.evaluate(
            MEASURE.replace("MESSAGE_ID", str(message.id)).replace("WAITS", str(MEASURE_WAITS))
        )
        if found is not None and [" ".join(o.split()) for o in found["options"]] == expected:
            return found
        await refresh(page)
        await asyncio.sleep(0.2)
    raise AssertionError(f"message {message.id} never showed its current options in the page")


@dataclass
class Table:
    """A game to play whole: who sits, how moves are chosen, the language."""

    game: str
    people: int
    locale: str
    options: str = ""
    seed: int = 5


TABLES = (
    Table("cartographer", 1, "en", seed=7),
    Table("dungeon-delver", 1, "ja", seed=7),
    Table("speiderne", 3, "en", "max_rounds=3"),
    Table("speiderne", 3, "ja", "max_rounds=3", seed=8),
    Table("cartolan", 2, "ja", "mode=beginner", seed=8),
    Table("cartolan", 2, "en", "mode=regular", seed=3),
)


def chooser(game_id: str) -> Callable[[Any, int], str]:
    """Each seat's move as the game's strongest computer player would choose it."""
    game = get_game(game_id)
    found = game.players()
    name = next(n for n in ("explorer", "heuristic", "greedy") if n in found)
    player, rng = found[name], random.Random(0)

    def choose(state: Any, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return game.format_action(legal[0])
        return game.format_action(player(game.view(state, seat), legal, rng))

    return choose


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[PreviewWorld]:
    async with preview_world(tmp_path / "preview.db", width=PHONE[0], height=PHONE[1]) as world:
        # A finished solo game's par plays its deal 40 times, not 1,000, as in the bot tests
        # (tests/conftest.py): what is measured here is the page, not par.
        world.env.bot.par_plays = 40
        yield world


async def open_table(world: PreviewWorld, table: Table) -> tuple[str, dict[int, Any]]:
    host, *others = world.members[: table.people]
    options = {"options": table.options} if table.options else {}
    await host.slash(world.channel, "game new", game=table.game, seed=table.seed, **options)
    (match,) = await world.env.bot.service.find_matches(host.id, world.channel.id)
    if table.people > 1:
        lobby = next(m for m in world.channel.history() if m.components)
        for person in others:
            await person.click(lobby, custom_id=f"tt:lb:{match.id}:join")
        await host.click(lobby, custom_id=f"tt:lb:{match.id}:start")
    return match.id, {p.id: p for p in world.members[: table.people]}


@pytest.mark.parametrize("table", TABLES, ids=lambda t: f"{t.game}-{t.locale}")
async def test_a_whole_game_on_a_phone_by_taps(
    world: PreviewWorld, table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    people_ids = {m.id for m in world.members}
    guild = {world.channel.guild.id} if table.locale == "ja" else set()
    with japanese(monkeypatch, people_ids if table.locale == "ja" else set(), guild):
        seen, taps = await play_and_look(world, table, tmp_path)
    print(
        f"\n{table.game} ({table.locale}): {len(taps.per_decision)} decisions, taps per decision "
        f"median {median(taps.per_decision)} max {max(taps.per_decision)}; per turn median "
        f"{median(taps.per_turn)} max {max(taps.per_turn)}; panel opened {taps.opened} "
        f"(at most {taps.most_opens_a_turn} a turn), "
        f"piece chosen {taps.pieces}, typed {taps.typed}; {seen.layouts} layouts, "
        f"{seen.widest} states with a wider label, "
        f"{seen.measured} labels measured"
    )
    assert taps.typed == 0  # every decision was offered by a control
    assert median(taps.per_decision) <= 2
    assert taps.most_opens_a_turn <= 1  # follow-up decisions came in the same panel
    if table.game == "cartolan":
        assert taps.pieces == 0  # a turn: its moves and End turn, nothing else
    assert seen.panels <= 1
    assert seen.cut == set(), sorted(seen.cut)
    assert seen.alike == []
    assert seen.measured > 0


async def play_and_look(world: PreviewWorld, table: Table, tmp_path: Path) -> tuple[Seen, Taps]:
    match_id, people = await open_table(world, table)
    service = world.env.bot.service
    seen = Seen()
    layouts: set[tuple[Any, ...]] = set()
    measured_widths: dict[tuple[str, str], float] = {}
    crowded = 0
    async with chromium() as page:
        await page.resize(*PHONE, phone=True)
        await page.open(world.url)
        await page.wait_for("document.getElementById('viewer-picker')?.options.length >= 3")
        acting: int | None = None

        async def look() -> None:
            nonlocal acting, crowded
            match = await service.get(match_id)
            for person in people.values():
                panels = current_panels(world.channel.history(viewer=person), match_id)
                seen.panels = max(seen.panels, len(panels))
            if match.status != "playing":
                return
            uid = match.seats[match.to_move[0]].user_id
            person = people[uid]
            board = next(m for m in world.channel.history() if m.id == match.board_message_id)
            panels = current_panels(world.channel.history(viewer=person), match_id)
            shown = [board, *panels[-1:]]
            keys = [layout_key(m) for m in shown]
            new_layout = seen.layouts < SAMPLES and not all(key in layouts for key in keys)
            wider = [
                key
                for message in shown
                for key, width in labels(message).items()
                if width > measured_widths.get(key, 0.0)
            ]
            if not new_layout and not wider:
                return
            if new_layout:
                layouts.update(keys)
                seen.layouts += 1
            else:
                seen.widest += 1
            for message in shown:
                for key, width in labels(message).items():
                    measured_widths[key] = max(measured_widths.get(key, 0.0), width)
            if acting != uid:
                await act_as(page, world, person.name)
                acting = uid
            await refresh(page)
            for message in shown:
                found = await measure(page, message)
                seen.measured += found["measured"]
                seen.cut.update(found["cut"])
                if len(set(found["selects"])) < len(found["selects"]):
                    seen.alike.append(found["selects"])
            if len(components(shown[-1])) > crowded:
                crowded = len(components(shown[-1]))
                await page.wait_for(SHOWN.replace("MESSAGE_ID", str(shown[-1].id)))
                name = f"{table.game}-{table.locale}-phone.png"
                await page.screenshot(shots_folder(tmp_path) / name)
            await page_quiet(world)

        taps = await play_by_clicks(
            world.env, world, match_id, people, chooser(table.game), look=look
        )
    assert (await service.get(match_id)).status != "playing"
    return seen, taps
