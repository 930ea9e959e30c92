"""Every translation key exists in every locale, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from gamecore.match import MATCH_ERROR_CODES
from gamecore.registry import list_games
from i18n import LOCALES, catalog, has_key, locale_code, locale_for, reload, rules_pages, t
from i18n.loader import CATALOG_DIR, conflicts, read_catalog, split_pages

ROOT = Path(__file__).resolve().parents[2]
#: Refusal codes written literally where they are raised (helpers that add a prefix, like
#: Speiderne's ``_illegal``, are checked by that game's own catalog test).
RAISE = re.compile(r"""(?:IllegalAction|MatchError)\(\s*["']([a-z][a-z0-9_]*)["']""")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def areas() -> list[str]:
    return sorted({p.name.split(".")[0] for p in CATALOG_DIR.glob("*.json")})


@pytest.mark.parametrize("area", areas())
def test_every_area_has_every_locale_with_the_same_keys(area: str) -> None:
    tables = {loc: read_catalog(CATALOG_DIR / f"{area}.{loc}.json") for loc in LOCALES}
    english = set(tables["en"])
    for loc, table in tables.items():
        assert set(table) == english, (
            f"{area}.{loc}: missing {english - set(table)}, extra {set(table) - english}"
        )


def test_placeholders_are_identical_across_locales() -> None:
    english = catalog("en")
    for loc in LOCALES:
        for key, text in catalog(loc).items():
            assert placeholders(text) == placeholders(english[key]), f"{loc}: {key}"


def test_no_key_is_defined_twice_with_different_texts() -> None:
    for loc in LOCALES:
        assert conflicts(loc) == [], loc


def sources() -> dict[str, list[Path]]:
    """Python files that raise refusals, by owner: a registered game's id for its module or
    folder under ``gamecore/games``, else ``core`` (the contract, registry, match logic,
    service, storage, cogs, and the games' shared modules such as ``solo_presentation``)."""
    games = {game.id for game in list_games()}
    owners: dict[str, list[Path]] = {"core": []}
    for folder in ("gamecore", "service", "storage", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            game_id = parts[2].removesuffix(".py").replace("_", "-") if len(parts) > 2 else ""
            if parts[:2] == ("gamecore", "games") and game_id in games:
                owners.setdefault(game_id, []).append(path)
            else:
                owners["core"].append(path)
    return owners


def raised_codes(paths: list[Path]) -> set[str]:
    codes: set[str] = set()
    for path in paths:
        codes.update(RAISE.findall(path.read_text(encoding="utf-8")))
    return codes


@pytest.mark.parametrize("owner", sorted(sources()))
def test_every_refusal_code_raised_anywhere_has_a_translation(owner: str) -> None:
    codes = raised_codes(sources()[owner])
    if owner == "core":
        codes |= set(MATCH_ERROR_CODES)
        assert {"no_match", "stale_version", "no_match_here", "option"} <= codes  # the scan works
    else:
        assert has_key(f"game.{owner}.name"), f"{owner}: no catalog"
    missing = sorted(c for c in codes if not has_key(f"illegal.{c}", "en"))
    assert missing == [], f"{owner}: no illegal.<code> key for {missing}"


def test_t_picks_japanese_for_ja_and_english_otherwise() -> None:
    assert t("turn.played", "ja", move="`x`") == "`x` を指しました。"
    assert t("turn.played", "en-US", move="`x`") == "Played: `x`."
    assert t("turn.played", "fr", move="`x`") == "Played: `x`."
    assert t("no.such.key", "ja") == "no.such.key"
    assert t("turn.possible", "en") == "You can play: {moves}"  # a missing parameter stays visible


def test_japanese_falls_back_to_english_for_a_key_it_lacks(tmp_path, monkeypatch) -> None:
    (tmp_path / "x.en.json").write_text('{"only.en": "Hello {name}"}', encoding="utf-8")
    (tmp_path / "x.ja.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr("i18n.loader.CATALOG_DIR", tmp_path)
    reload()
    try:
        assert t("only.en", "ja", name="Ann") == "Hello Ann"
    finally:
        monkeypatch.undo()
        reload()


class FakeInteraction:
    def __init__(self, locale: str, guild_locale: str | None) -> None:
        self.locale = locale
        self.guild_locale = guild_locale


def test_locale_for_uses_the_user_for_private_and_the_server_for_public_replies() -> None:
    mixed = FakeInteraction("ja", "en-US")
    assert locale_for(mixed, public=False) == "ja"
    assert locale_for(mixed, public=True) == "en"
    assert locale_for(FakeInteraction("en-GB", None), public=True) == "en"
    assert locale_code("ja") == "ja" and locale_code(None) == "en" and locale_code("zh-CN") == "en"


def test_rules_text_is_split_into_pages_at_second_level_headings() -> None:
    pages = split_pages("# Game\nIntro.\n## Setup\nDeal.\n## Play\n" + "word " * 2000)
    assert [p.title for p in pages[:3]] == ["Game", "Setup", "Play"]
    assert pages[1].body == "Deal."
    assert all(len(p.body) <= 3800 for p in pages) and len(pages) >= 4
    # a title with no text before the first section makes no empty first page
    assert [p.title for p in split_pages("# Game\n\n## Setup\nDeal.")] == ["Setup"]


def test_discord_names_in_the_command_catalog_are_valid() -> None:
    for loc in LOCALES:
        for key, text in catalog(loc).items():
            if key.startswith("cmd.") and key.endswith(".name"):
                assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), (
                    loc,
                    key,
                    text,
                )
            if key.startswith("cmd.") and key.endswith(".description"):
                assert 1 <= len(text) <= 100, (loc, key)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_registered_game_has_rules_pages(locale: str) -> None:
    """``/rules`` for any registered game, a game kept outside the package (Drop Four) included:
    its rules come from the ``rules/`` folder of the catalog folder it added."""
    for game in list_games():
        pages = rules_pages(game.id, locale)
        assert pages, f"{game.id} has no {locale} rules"
        assert all(page.title and page.body for page in pages)  # no empty page
