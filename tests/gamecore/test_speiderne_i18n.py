"""Speiderne texts: catalog keys for every refusal code and event kind, in both locales."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cogs.ui.labels import say
from gamecore.contract import IllegalAction
from gamecore.games.speiderne import GAME
from gamecore.registry import presentation_of
from tests.cogs.ui.test_event_words import notation_in
from tests.gamecore.test_speiderne_games import random_action
from tests.i18n.locales import locales_under_test

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "gamecore/games/speiderne" / name for name in ("engine.py", "game.py")]
#: Every locale with a catalog: each translation is checked as it lands.
LOCALES = locales_under_test()
PRESENTATION = presentation_of("speiderne")
NAMES = ("① alice", "② bob", "③ carol", "④ dave", "⑤ erin", "⑥ frank")


def catalog(locale: str) -> dict[str, str]:
    return json.loads((ROOT / f"i18n/catalogs/speiderne.{locale}.json").read_text("utf-8"))


def with_core(locale: str) -> dict[str, str]:
    """Speiderne's texts and the shared ones (``game_over``, ``not_your_turn``)."""
    core = json.loads((ROOT / f"i18n/catalogs/core.{locale}.json").read_text("utf-8"))
    return {**core, **catalog(locale)}


def codes_in_source() -> set[str]:
    engine, game = (path.read_text("utf-8") for path in SOURCES)
    codes = {"speiderne_" + c for c in re.findall(r'_illegal\(\s*"([a-z_]+)"', engine)}
    return codes | set(re.findall(r'"(speiderne_[a-z_]+)"', game))


def kinds_in_source() -> set[str]:
    return set(re.findall(r'emit\(\s*"([a-z_]+)"', SOURCES[0].read_text("utf-8")))


def strict_format(text: str, params: dict) -> str:
    return text.format_map(params)


def test_both_locales_have_the_same_keys_and_cover_every_code_and_event() -> None:
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja)
    assert len(codes_in_source()) >= 18 and len(kinds_in_source()) >= 15
    for code in codes_in_source():
        assert f"illegal.{code}" in en, code
    for kind in kinds_in_source():  # a kind may have several lines (storm_defended, storm_lost)
        assert any(k.startswith(f"event.speiderne.{kind}") for k in en), kind
    assert {"game.speiderne.name", "game.speiderne.summary"} <= set(en)
    for text in [*en.values(), *ja.values()]:
        assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("locale", LOCALES)
def test_every_event_and_refusal_of_real_games_formats(locale: str) -> None:
    texts = with_core(locale)
    seen_kinds, seen_codes = set(), set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(2 + seed % 5, seed, {"max_rounds": 15})
        bots = GAME.players()
        while not GAME.status(state).over:
            seat = GAME.status(state).to_move[0]
            for other in (seat, (seat + 1) % state.players):
                try:
                    GAME.apply(state, other, random_action(rng, state))
                except IllegalAction as error:
                    seen_codes.add(error.code)
                    strict_format(texts[f"illegal.{error.code}"], error.params)
            legal = GAME.legal_actions(state, seat)
            state, events = GAME.apply(
                state, seat, bots["heuristic"](GAME.view(state, seat), legal, rng)
            )
            for event in events:
                seen_kinds.add(event.kind)
                # the bot names seats by badge and name (cogs/ui/seats.py)
                text = PRESENTATION.event_text(event.kind, event.data, NAMES)
                assert text.key in texts, text.key
                words = say(text, locale)
                assert not notation_in(words), (text.key, event.data, words)
    assert {"drew", "moved", "revealed", "discovered", "funded", "turn", "game_over"} <= seen_kinds
    assert "not_your_turn" in seen_codes and len(seen_codes) >= 8


@pytest.mark.parametrize(("locale", "marker"), [("en", "Clarification"), ("ja", "補足")])
def test_rules_texts_page_at_sections_and_show_clarifications(locale: str, marker: str) -> None:
    text = (ROOT / f"i18n/rules/speiderne.{locale}.md").read_text("utf-8")
    sections = re.split(r"^## ", text, flags=re.M)
    assert len(sections) >= 6
    assert all(len(section) < 3800 for section in sections)
    assert text.count(marker) >= 5
    for notation in (
        "draw deck",
        "ready 2C 9C QC at B0",
        "move E1 to B1",
        "defend none",
        "fund E1 none",
    ):
        assert notation in text
