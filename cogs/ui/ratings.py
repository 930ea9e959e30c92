"""How ratings read in Discord: the shown value with its uncertainty and provisional mark,
``/stats``' lines and chart, ``/leaderboard``'s rated table (gamecore/ratings.py)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t
from renderer.rating_chart import render_rating_chart
from service import PlayerRating, Rating, RatingPoint
from service.games import get_game


def is_rated(game_id: str) -> bool:
    """Multiplayer games are rated; solo games keep their win counts."""
    return get_game(game_id).max_players > 1


def value(rating: Rating, locale: str) -> str:
    key = "rating.value.provisional" if rating.provisional else "rating.value"
    return t(key, locale, rating=rating.shown, spread=rating.spread)


def stats_line(rated: PlayerRating, locale: str, *, in_server: bool) -> str:
    """The rating with the rank among the scope's settled players (none while provisional)."""
    shown, matches = value(rated.rating, locale), rated.rating.matches
    if rated.rank is None:
        return t("stats.rating.provisional", locale, value=shown, matches=matches)
    key = "stats.rating.ranked" if in_server else "stats.rating.ranked.global"
    return t(key, locale, value=shown, rank=rated.rank, matches=matches)


def global_line(rated: PlayerRating, locale: str) -> str:
    return t(
        "stats.rating.scope.global",
        locale,
        value=value(rated.rating, locale),
        matches=rated.rating.matches,
    )


def board_lines(
    settled: Sequence[PlayerRating], provisional: Sequence[PlayerRating], locale: str
) -> str:
    """Settled players ranked, the provisional ones listed apart below."""
    lines = [
        t(
            "leaderboard.rating.line",
            locale,
            rank=r.rank,
            user=f"<@{r.user_id}>",
            value=value(r.rating, locale),
            matches=r.rating.matches,
        )
        for r in settled
    ]
    if provisional:
        lines += ["", f"**{t('leaderboard.rating.provisional', locale)}**"]
        lines += [
            t(
                "leaderboard.rating.provisional_line",
                locale,
                user=f"<@{r.user_id}>",
                value=value(r.rating, locale),
                matches=r.rating.matches,
            )
            for r in provisional
        ]
    return "\n".join(lines) or t("leaderboard.rating.empty", locale)


def chart(points: Sequence[RatingPoint], locale: str, *, game: str, name: str) -> tuple[bytes, str]:
    """The rating-history picture and its alt text, in the reader's language."""
    labels = {
        "title": t("chart.rating.title", locale, game="{game}", name="{name}"),
        "axis.matches": t("chart.rating.matches", locale),
        "axis.rating": t("chart.rating.axis", locale),
        "provisional": t("chart.rating.provisional", locale),
    }
    last = points[-1].rating
    alt = t("stats.chart.alt", locale, game=game, value=value(last, locale), matches=len(points))
    return render_rating_chart([p.rating for p in points], labels, game=game, name=name), alt
