"""Match ⇄ database row. Game states go through the game's own versioned ``to_json``."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from gamecore.match import DEFAULT_HOLIDAY_DAYS, Holiday, Match, PauseTerms, Seat
from gamecore.registry import get_game
from gamecore.takeback import TakebackAsk, played_line
from storage.records import ActionRecord

#: Column order used by every INSERT/UPDATE/SELECT of ``matches``.
COLUMNS: tuple[str, ...] = (
    "id",
    "game_id",
    "guild_id",
    "channel_id",
    "board_message_id",
    "host_id",
    "seed",
    "options",
    "seats",
    "state",
    "version",
    "steps",
    "status",
    "result",
    "to_move",
    "turn_limit",
    "turn_deadline",
    "reminded",
    "timer_at",
    "expiries",
    "created_at",
    "updated_at",
    "practice",
    "invited",
    "invite_only",
    "rematch_of",
    "paused_at",
    "clock_votes",
    "ping_message_id",
    "pause_terms",
    "manners",
)


#: One encoder for every column (``json.dumps`` with options builds a new one per call).
_dumps = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


def _list_text(values: Sequence[Any]) -> str:
    """A JSON list; most of a match's lists are empty on most moves."""
    return _dumps(list(values)) if values else "[]"


def manners_to_dict(match: Match) -> dict[str, Any]:
    """The ``manners`` column: a table's takeback switch and waiting takeback, its holiday
    days and each person's holidays, only what differs from the defaults (most: ``{}``)."""
    data: dict[str, Any] = {}
    if not match.takebacks:
        data["takebacks"] = False
    if match.takeback is not None:
        data["takeback"] = match.takeback.to_dict()
    if match.holiday_days != DEFAULT_HOLIDAY_DAYS:
        data["holiday_days"] = match.holiday_days
    if match.holidays:
        data["holidays"] = [h.to_dict() for h in match.holidays]
    return data


def manners_from_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``Match`` fields the ``manners`` column holds."""
    ask = data.get("takeback")
    return {
        "takebacks": bool(data.get("takebacks", True)),
        "takeback": None if ask is None else TakebackAsk.from_dict(ask),
        "holiday_days": int(data.get("holiday_days", DEFAULT_HOLIDAY_DAYS)),
        "holidays": tuple(Holiday.from_dict(h) for h in data.get("holidays", ())),
    }


def match_to_row(match: Match) -> dict[str, Any]:
    state = None if match.state is None else get_game(match.game_id).to_json(match.state)
    return {
        "id": match.id,
        "game_id": match.game_id,
        "guild_id": match.guild_id,
        "channel_id": match.channel_id,
        "board_message_id": match.board_message_id,
        "host_id": match.host_id,
        "seed": str(match.seed),
        "options": _dumps(dict(match.options)),
        "seats": _dumps([s.to_dict() for s in match.seats]),
        "state": state,
        "version": match.version,
        "steps": match.steps,
        "status": match.status,
        "result": None if match.result is None else _dumps(dict(match.result)),
        "to_move": _list_text(match.to_move),
        "turn_limit": match.turn_limit,
        "turn_deadline": match.turn_deadline,
        "reminded": int(match.reminded),
        "timer_at": match.timer_at,
        "expiries": _list_text(match.expiries),
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "practice": int(match.practice),
        "invited": _list_text(match.invited),
        "invite_only": int(match.invite_only),
        "rematch_of": match.rematch_of,
        "paused_at": match.paused_at,
        "clock_votes": _list_text(match.clock_votes),
        "ping_message_id": match.ping_message_id,
        "pause_terms": _dumps(match.pause.to_dict()),
        "manners": _dumps(manners_to_dict(match)),
    }


def row_to_match(row: Mapping[str, Any] | Any) -> Match:
    state_text = row["state"]
    state = None if state_text is None else get_game(row["game_id"]).from_json(state_text)
    result = row["result"]
    return Match(
        id=row["id"],
        game_id=row["game_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        board_message_id=row["board_message_id"],
        host_id=row["host_id"],
        seed=int(row["seed"]),
        options=json.loads(row["options"]),
        seats=tuple(Seat.from_dict(s) for s in json.loads(row["seats"])),
        state=state,
        version=row["version"],
        steps=row["steps"],
        status=row["status"],
        result=None if result is None else json.loads(result),
        to_move=tuple(json.loads(row["to_move"])),
        turn_limit=row["turn_limit"],
        turn_deadline=row["turn_deadline"],
        reminded=bool(row["reminded"]),
        expiries=tuple(json.loads(row["expiries"])),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        practice=bool(row["practice"]),
        invited=tuple(json.loads(row["invited"])),
        invite_only=bool(row["invite_only"]),
        rematch_of=row["rematch_of"],
        paused_at=row["paused_at"],
        clock_votes=tuple(json.loads(row["clock_votes"])),
        ping_message_id=row["ping_message_id"],
        pause=PauseTerms.from_dict(json.loads(row["pause_terms"])),
        **manners_from_dict(json.loads(row["manners"])),
    )


def user_rows(match: Match) -> list[tuple[int, str]]:
    """(user_id, match_id) of every seated person, for ``match_users``."""
    return [(s.user_id, match.id) for s in match.seats if s.user_id is not None]


def rows_to_live_matches(rows: Iterable[Mapping[str, Any] | Any]) -> list[Match]:
    """Live matches from their rows; a game whose module is gone leaves its matches untouched
    in the database and out of memory."""
    matches = []
    for row in rows:
        try:
            matches.append(row_to_match(row))
        except ModuleNotFoundError:
            continue
    return matches


class _ReplaySource(Protocol):
    async def load(self, match_id: str) -> Match | None: ...

    async def actions(self, match_id: str) -> list[ActionRecord]: ...


async def replay_state(store: _ReplaySource, match_id: str) -> Any:
    """The state rebuilt from seed + options + seat count + action log (both stores'
    ``replay``: crash recovery and tests check it equals the stored state)."""
    match = await store.load(match_id)
    if match is None:
        raise KeyError(match_id)
    if match.state is None:
        return None
    game = get_game(match.game_id)
    state = game.setup(len(match.seats), match.seed, match.options)
    log = [(record.seat, record.notation) for record in await store.actions(match_id)]
    for seat, notation in played_line(log):  # a takeback's marker row undoes steps
        state, _ = game.apply_notation(state, seat, notation)
    return state
