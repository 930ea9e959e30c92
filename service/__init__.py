"""The async match service: the only way cogs reach matches (see service/api.py).

Usage (bot.py)::

    service = await MatchService.open()          # DATABASE_URL or sqlite:///data/tabletop.db
    match = await service.new_match("cartographer", guild_id, channel_id, user_id, {})
    outcome = await service.play(match.id, user_id, "place 3 7H", expected_version=match.version)
    view = service.view_for(outcome.final, user_id)
    png = renderer.render_board(match.game_id, view, locale)

Refusals raise ``MatchError`` (a subclass of ``IllegalAction``): translate
``illegal.<err.code>`` with ``err.params``; the codes are in ``MATCH_ERROR_CODES``.

This package is the Discord layer's one way into the project: ``cogs/`` and ``bot.py``
import nothing from ``gamecore`` (``tests/cogs/test_codebase.py``). What they use of the
match rules and values is re-exported here; of the games (registry, contract,
presentation) in ``service.games``; of the after-game analysis and simulations in
``service.analysis``.
"""

from __future__ import annotations

from gamecore.contract import IllegalAction, SeatRef
from gamecore.match import (
    DEFAULT_HOLIDAY_DAYS,
    DEFAULT_TURN_LIMIT,
    MATCH_ERROR_CODES,
    MAX_HOLIDAY_DAYS,
    Match,
    MatchError,
    MatchStatus,
    Seat,
    check_invites,
)
from gamecore.ratings import Rating
from service.api import (
    ActionRecord,
    Hint,
    LeaderboardRow,
    MatchServiceAPI,
    NotifySettings,
    PlayerRating,
    RatingPoint,
    Seen,
    StepKind,
    TakebackOutcome,
    TimerOutcome,
    TurnOutcome,
    UserStats,
    Viewer,
)
from service.match_service import MatchService, filter_choices, new_match_id
from service.seasons import SeasonTable, seasons_of
from service.settings import GuildSettings
from storage.features.server import Follower

__all__ = [
    "DEFAULT_HOLIDAY_DAYS",
    "DEFAULT_TURN_LIMIT",
    "MAX_HOLIDAY_DAYS",
    "MATCH_ERROR_CODES",
    "ActionRecord",
    "Follower",
    "GuildSettings",
    "Hint",
    "IllegalAction",
    "SeatRef",
    "LeaderboardRow",
    "Match",
    "MatchError",
    "MatchService",
    "MatchServiceAPI",
    "MatchStatus",
    "NotifySettings",
    "PlayerRating",
    "Rating",
    "RatingPoint",
    "Seat",
    "SeasonTable",
    "Seen",
    "StepKind",
    "TakebackOutcome",
    "TimerOutcome",
    "TurnOutcome",
    "UserStats",
    "Viewer",
    "check_invites",
    "filter_choices",
    "seasons_of",
    "new_match_id",
]
