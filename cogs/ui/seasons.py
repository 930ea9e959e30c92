"""How a season reads in Discord: its table for ``/leaderboard season:``, a champion line,
and the season titles ``/stats`` shows (service/seasons.py)."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.ui.labels import game_name
from cogs.ui.ratings import value
from i18n import t
from service.seasons import QUALIFYING, Champion, SeasonTable


def table_lines(table: SeasonTable, locale: str, limit: int = 10) -> str:
    """Ranked people first, then those with fewer than the qualifying matches."""
    lines = [
        t(
            "season.line",
            locale,
            rank=line.rank,
            user=f"<@{line.user_id}>",
            value=value(line.rating, locale),
            matches=line.rating.matches,
        )
        for line in table.ranked[:limit]
    ]
    if table.qualifying:
        lines += ["", f"**{t('season.qualifying', locale, needed=QUALIFYING)}**"]
        lines += [
            t(
                "season.qualifying_line",
                locale,
                user=f"<@{line.user_id}>",
                value=value(line.rating, locale),
                matches=line.rating.matches,
            )
            for line in table.qualifying[:limit]
        ]
    return "\n".join(lines) or t("season.empty", locale)


def champion_line(champion: Champion | None, season: str, locale: str) -> str:
    if champion is None or champion.user_id is None:
        return t("season.no_champion", locale, season=season, needed=QUALIFYING)
    return t(
        "season.champion",
        locale,
        season=season,
        user=f"<@{champion.user_id}>",
        rating=champion.rating,
        matches=champion.matches,
    )


def title_lines(titles: Sequence[Champion], locale: str) -> str:
    return "\n".join(
        t(
            "stats.titles.line",
            locale,
            game=game_name(c.game_id, locale),
            season=c.season,
            rating=c.rating,
        )
        for c in titles
    )
