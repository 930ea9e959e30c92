"""Every event and refusal the engine produces has English and Japanese text."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

from cogs.ui.labels import say
from gamecore.contract import IllegalAction
from gamecore.games.cartolan import GAME
from gamecore.games.cartolan.presentation import PRESENTATION
from i18n import has_key
from tests.cogs.ui.test_event_words import notation_in

NAMES = ("① alice", "② bob", "③ carol")
CATALOGS = Path(__file__).resolve().parents[3] / "i18n" / "catalogs"
PROBES = [
    "move 1 N", "wait 3", "trade", "bank 99", "attack 3.1", "relocate 9,9", "done", "move 2 N",
    "travel 3", "abandon capital", "equip 1", "agent", "rest", "attack agent", "buy agent 9,9",
    "buy adventurer", "take 40", "court", "gust 1 S", "keep 9", "restore",
]  # fmt: skip
UNREADABLE = [
    "buy agent 4,4092",
    "",
    "fly",
    "move 1 sideways",
    "bank lots",
    "attack 0.1",
    "wait a b",
]


def _catalog(locale: str) -> dict[str, str]:
    return json.loads((CATALOGS / f"cartolan.{locale}.json").read_text(encoding="utf-8"))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, ja = _catalog("en"), _catalog("ja")
    assert set(en) == set(ja)
    for key in en:
        assert _fields(en[key]) == _fields(ja[key]), key


def test_events_and_refusals_of_random_games_are_translated() -> None:
    en, ja = _catalog("en"), _catalog("ja")
    seen: set[str] = set()
    for preset in ("modern", "classic"):
        for seed in range(8):
            mode = ("regular", "advanced")[seed % 2]
            state = GAME.setup(3, seed, {"preset": preset, "mode": mode})
            rng = random.Random(seed)
            for _ in range(400):
                if state.over:
                    break
                legal = GAME.legal_actions(state, state.seat)
                for probe in PROBES:
                    try:
                        GAME.apply(state, state.seat, GAME.parse_action(probe))
                    except IllegalAction as refusal:
                        key = f"illegal.{refusal.code}"
                        assert key in en, (probe, refusal.code)
                        assert refusal.code != "cartolan_not_offered", (probe, refusal.reason)
                        en[key].format(**refusal.params)
                        ja[key].format(**refusal.params)
                state, events = GAME.apply(state, state.seat, rng.choice(legal))
                for event in events:
                    seen.add(event.kind)
                    text = PRESENTATION.event_text(event.kind, event.data, NAMES)
                    for locale in ("en", "ja"):
                        assert has_key(text.key, locale), text.key
                        words = say(text, locale)
                        assert not notation_in(words), (text.key, event.data, words)
    assert {"move", "explore", "end_turn", "bank"} <= seen


def test_every_event_kind_in_the_engine_has_a_text() -> None:
    package = Path(__file__).resolve().parents[3] / "gamecore" / "games" / "cartolan"
    kinds = set()
    for module in package.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        kinds |= set(re.findall(r'(?:Event\(|emit\(events,)\s*"([a-z_]+)"', text))
    assert kinds
    en, ja = _catalog("en"), _catalog("ja")
    for kind in kinds:  # a kind may have several lines (``attack_won``, ``attack_failed``)
        for catalog in (en, ja):
            assert any(k.split(".")[-1].startswith(kind) for k in catalog if "event." in k), kind


def test_notation_errors_have_both_languages() -> None:
    """Binding decision 13: a notation error names its reason in English and Japanese."""
    en, ja = _catalog("en"), _catalog("ja")
    for text in UNREADABLE:
        try:
            GAME.parse_action(text)
        except IllegalAction as refusal:
            key = f"illegal.{refusal.code}"
            assert key in en and key in ja, (text, refusal.code)
            en[key].format(**refusal.params)
            ja[key].format(**refusal.params)
        else:
            raise AssertionError(f"{text!r} was read")
