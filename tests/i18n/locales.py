"""The locales the locale tests check: every locale with a catalog file, or the ones named in
``LOCALES_UNDER_TEST`` (comma-separated) to check one translation quickly."""

from __future__ import annotations

import os

from i18n import present_locales


def locales_under_test() -> tuple[str, ...]:
    """Every present locale, narrowed by ``LOCALES_UNDER_TEST`` when it is set."""
    wanted = os.environ.get("LOCALES_UNDER_TEST", "").replace(" ", "")
    present = present_locales()
    if not wanted:
        return present
    return tuple(loc for loc in present if loc in wanted.split(","))
