"""Which plural form a count takes in each locale (CLDR's rules for whole numbers).

A counted text has one catalog key per form: ``<base>.one`` and ``<base>.other`` in English;
Russian and Polish add ``<base>.few`` and ``<base>.many``. Only whole counts occur here, so
only CLDR's integer rules are kept (the forms for fractions are never chosen).
"""

from __future__ import annotations

#: Locales with one form for every count (CLDR "other" only).
_ONE_FORM = frozenset({"ja", "ko", "zh-CN", "zh-TW"})
#: Locales whose "one" covers 0 and 1 (French, Brazilian Portuguese).
_ZERO_IS_ONE = frozenset({"fr", "pt-BR"})
#: Locales with one, few and many for whole counts.
_SLAVIC = frozenset({"ru", "pl"})


def plural_form(locale: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``locale``: one, few, many or other."""
    n = abs(count)
    if locale in _ONE_FORM:
        return "other"
    if locale in _ZERO_IS_ONE:
        return "one" if n in (0, 1) else "other"
    if locale in _SLAVIC:
        last, last_two = n % 10, n % 100
        if locale == "ru" and last == 1 and last_two != 11:
            return "one"
        if locale == "pl" and n == 1:
            return "one"
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def plural_forms(locale: str) -> tuple[str, ...]:
    """Every form ``locale`` uses for whole counts: a counted text needs each of them."""
    if locale in _ONE_FORM:
        return ("other",)
    if locale in _SLAVIC:
        return ("one", "few", "many")
    return ("one", "other")
