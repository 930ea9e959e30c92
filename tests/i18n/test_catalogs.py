"""Every translation key exists in every locale, with the same placeholders."""

from __future__ import annotations

import re
import string
import unicodedata
from pathlib import Path

import pytest

from gamecore.match import MATCH_ERROR_CODES
from gamecore.registry import list_games
from i18n import (
    LOCALES,
    catalog,
    has_key,
    locale_code,
    locale_for,
    locale_meta,
    plural_form,
    plural_forms,
    present_locales,
    reload,
    rules_pages,
    t,
)
from i18n.loader import (
    CATALOG_DIR,
    META_PREFIX,
    PAGE_LIMIT,
    RULES_DIR,
    conflicts,
    read_catalog,
    split_pages,
)
from tests.i18n.locales import locales_under_test

ROOT = Path(__file__).resolve().parents[2]
#: Refusal codes written literally where they are raised (helpers that add a prefix, like
#: Speiderne's ``_illegal``, are checked by that game's own catalog test).
RAISE = re.compile(r"""(?:IllegalAction|MatchError)\(\s*["']([a-z][a-z0-9_]*)["']""")


def valid_command_name(text: str) -> bool:
    """Discord's rule for a command or option name: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    lower case wherever the script has case."""
    allowed = all(
        char in "-_"
        or unicodedata.category(char)[0] in "LN"
        or "\u0900" <= char <= "\u097f"  # Devanagari
        or "\u0e00" <= char <= "\u0e7f"  # Thai
        for char in text
    )
    return 1 <= len(text) <= 32 and allowed and text == text.lower()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def areas() -> list[str]:
    """Every catalog area (the English files name them; ``_meta`` notes are no area)."""
    return sorted(
        p.name.split(".")[0]
        for p in CATALOG_DIR.glob("*.en.json")
        if not p.name.startswith(META_PREFIX)
    )


#: Every locale with catalog files: each check below applies to each translation as it lands.
PRESENT = locales_under_test()


def plural_bases(table: dict[str, str]) -> set[str]:
    """Counted texts: keys ``<base>.one`` with a ``<base>.other`` beside them."""
    return {
        key.removesuffix(".one")
        for key in table
        if key.endswith(".one") and key.removesuffix(".one") + ".other" in table
    }


def allowed_extra(locale: str, english: dict[str, str]) -> set[str]:
    """Keys a locale may add to English's: the plural forms English lacks (Russian's few)."""
    return {f"{base}.{form}" for base in plural_bases(english) for form in plural_forms(locale)}


def test_english_and_japanese_are_present() -> None:
    assert {"en", "ja"} <= set(present_locales()) and set(present_locales()) <= set(LOCALES)


#: Discord's main languages besides English and Japanese, each with its own catalogs.
SPOKEN = ("de", "fr", "es-ES", "es-419", "pt-BR", "ru", "pl", "tr", "ko", "zh-CN", "zh-TW", "it")


def test_every_listed_locale_has_its_catalogs() -> None:
    """Every locale the bot offers is written, not only listed: the per-locale checks above
    run over the locales that have files, so a locale without files would pass them all."""
    assert set(SPOKEN) <= set(LOCALES)
    assert set(present_locales()) == set(LOCALES)


@pytest.mark.parametrize("locale", PRESENT)
@pytest.mark.parametrize("area", areas())
def test_every_locale_has_every_area_with_the_same_keys(area: str, locale: str) -> None:
    path = CATALOG_DIR / f"{area}.{locale}.json"
    assert path.exists(), f"{path.name} is missing (copy {area}.en.json and translate it)"
    english = read_catalog(CATALOG_DIR / f"{area}.en.json")
    table = read_catalog(path)
    missing = set(english) - set(table)
    extra = set(table) - set(english) - allowed_extra(locale, english)
    assert not missing and not extra, f"{area}.{locale}: missing {missing}, extra {extra}"
    assert all(text.strip() for text in table.values()), f"{area}.{locale}: an empty text"


@pytest.mark.parametrize("locale", PRESENT)
def test_placeholders_are_the_same_as_in_english(locale: str) -> None:
    english = catalog("en")
    for key, text in catalog(locale).items():
        other = english.get(key.rsplit(".", 1)[0] + ".other", "")
        source = english.get(key) or other
        if key in english and key.endswith(".one") and other:
            # English's "1 card" names no count, but French "one" also covers 0 and Russian
            # "one" 21 and 31, so a form may name the count that its ".other" names.
            found = placeholders(text)
            assert placeholders(source) <= found <= placeholders(source) | placeholders(other), (
                f"{locale}: {key}"
            )
            continue
        assert placeholders(text) == placeholders(source), f"{locale}: {key}"


@pytest.mark.parametrize("locale", PRESENT)
def test_every_counted_text_has_each_plural_form_of_the_locale(locale: str) -> None:
    table = catalog(locale)
    for base in plural_bases(catalog("en")):
        for form in plural_forms(locale):
            assert f"{base}.{form}" in table, f"{locale}: {base}.{form}"


@pytest.mark.parametrize("locale", PRESENT)
def test_each_locale_says_how_it_was_made_and_invites_corrections(locale: str) -> None:
    meta = locale_meta(locale)
    assert {"language", "made", "corrections"} <= set(meta), f"_meta.{locale}.json"
    assert all(meta[field].strip() for field in ("language", "made", "corrections"))


def test_the_meta_notes_are_no_texts() -> None:
    assert "made" not in catalog("en") and "language" not in catalog("ja")


@pytest.mark.parametrize("locale", PRESENT)
def test_no_key_is_defined_twice_with_different_texts(locale: str) -> None:
    assert conflicts(locale) == [], locale


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
    assert t("turn.played", "sv-SE", move="`x`") == "Played: `x`."  # a locale not spoken
    assert t("no.such.key", "ja") == "no.such.key"
    assert t("turn.possible", "en") == "You can play: {moves}"  # a missing parameter stays visible


def test_a_locale_falls_back_to_english_key_by_key(tmp_path, monkeypatch) -> None:
    (tmp_path / "x.en.json").write_text(
        '{"only.en": "Hello {name}", "both": "Bye"}', encoding="utf-8"
    )
    (tmp_path / "x.ja.json").write_text("{}", encoding="utf-8")
    (tmp_path / "x.de.json").write_text('{"both": "Tschüss"}', encoding="utf-8")
    (tmp_path / "_meta.de.json").write_text('{"made": "by hand"}', encoding="utf-8")
    monkeypatch.setattr("i18n.loader.CATALOG_DIR", tmp_path)
    reload()
    try:
        assert t("only.en", "ja", name="Ann") == "Hello Ann"
        assert t("only.en", "de", name="Ann") == "Hello Ann"  # missing here: English
        assert t("both", "de") == "Tschüss"  # present here: German
        assert "made" not in {**read_catalog(tmp_path / "x.de.json")}
        assert t("made", "de") == "made"  # the notes are not loaded as texts
    finally:
        monkeypatch.undo()
        reload()


def test_counted_texts_take_each_locale_s_plural_form(tmp_path, monkeypatch) -> None:
    english = '{"n.one": "{count} card", "n.other": "{count} cards"}'
    russian = (
        '{"n.one": "{count} карта", "n.few": "{count} карты", "n.many": "{count} карт",'
        ' "n.other": "{count} карты"}'
    )
    (tmp_path / "x.en.json").write_text(english, encoding="utf-8")
    (tmp_path / "x.ru.json").write_text(russian, encoding="utf-8")
    monkeypatch.setattr("i18n.loader.CATALOG_DIR", tmp_path)
    reload()
    try:
        said = {n: t("n.one" if n == 1 else "n.other", "ru", count=n) for n in (1, 3, 5, 21, 22)}
        assert said == {
            1: "1 карта",
            3: "3 карты",
            5: "5 карт",
            21: "21 карта",
            22: "22 карты",
        }
        assert t("n.other", "en", count=3) == "3 cards"
    finally:
        monkeypatch.undo()
        reload()
    assert [plural_form("pl", n) for n in (1, 2, 5, 12, 22, 25)] == [
        "one",
        "few",
        "many",
        "many",
        "few",
        "many",
    ]
    assert plural_form("fr", 0) == "one" and plural_form("en", 0) == "other"
    assert plural_form("ja", 1) == "other"


class FakeInteraction:
    def __init__(self, locale: str, guild_locale: str | None) -> None:
        self.locale = locale
        self.guild_locale = guild_locale


def test_locale_for_uses_the_user_for_private_and_the_server_for_public_replies() -> None:
    mixed = FakeInteraction("ja", "en-US")
    assert locale_for(mixed, public=False) == "ja"
    assert locale_for(mixed, public=True) == "en"
    assert locale_for(FakeInteraction("en-GB", None), public=True) == "en"
    assert locale_code("ja") == "ja" and locale_code(None) == "en"


def test_every_discord_locale_of_a_spoken_language_maps_to_it() -> None:
    import discord  # noqa: PLC0415 - only this test needs Discord's list of locales

    codes = {loc.value: locale_code(loc) for loc in discord.Locale}
    assert codes["en-US"] == codes["en-GB"] == "en"
    assert all(codes[code] == code for code in LOCALES if code != "en")  # each one exactly
    assert codes["sv-SE"] == "en"  # not spoken: English
    assert locale_code("es") == "es-ES" and locale_code("zh_TW") == "zh-TW"


def test_rules_text_is_split_into_pages_at_second_level_headings() -> None:
    pages = split_pages("# Game\nIntro.\n## Setup\nDeal.\n## Play\n" + "word " * 2000)
    assert [p.title for p in pages[:3]] == ["Game", "Setup", "Play"]
    assert pages[1].body == "Deal."
    assert all(len(p.body) <= 3800 for p in pages) and len(pages) >= 4
    # a title with no text before the first section makes no empty first page
    assert [p.title for p in split_pages("# Game\n\n## Setup\nDeal.")] == ["Setup"]


@pytest.mark.parametrize("locale", PRESENT)
def test_discord_names_in_the_command_catalog_are_valid(locale: str) -> None:
    for key, text in catalog(locale).items():
        if key.startswith("cmd.") and key.endswith(".name"):
            assert valid_command_name(text), (locale, key, text)
        if key.startswith("cmd.") and key.endswith(".description"):
            assert 1 <= len(text) <= 100, (locale, key)
        if key.startswith("choice."):
            assert 1 <= len(text) <= 100, (locale, key)


def test_the_command_name_check_follows_discord_s_pattern() -> None:
    assert all(map(valid_command_name, ["game", "ゲーム", "новая", "게임", "新游戏", "समय", "เกม"]))
    assert not any(map(valid_command_name, ["Game", "two words", "", "x" * 33, "jeu!", "Новая"]))


@pytest.mark.parametrize("locale", PRESENT)
def test_a_locale_s_rules_cover_every_game_in_pages_that_fit(locale: str) -> None:
    for path in sorted(RULES_DIR.glob("*.en.md")):
        game_id = path.name.removesuffix(".en.md")
        own = RULES_DIR / f"{game_id}.{locale}.md"
        assert own.exists(), f"{own.name} is missing (translate {path.name})"
        pages = split_pages(own.read_text(encoding="utf-8"))
        assert pages and all(p.title and p.body and len(p.body) <= PAGE_LIMIT for p in pages)


@pytest.mark.parametrize("locale", PRESENT)
def test_every_registered_game_has_rules_pages(locale: str) -> None:
    """``/rules`` for any registered game, a game kept outside the package (Drop Four) included:
    its rules come from the ``rules/`` folder of the catalog folder it added."""
    for game in list_games():
        pages = rules_pages(game.id, locale)
        assert pages, f"{game.id} has no {locale} rules"
        assert all(page.title and page.body for page in pages)  # no empty page
