"""Server settings (``/settings``): what a server's admins choose for the matches played
there. Each key is registered once here with its kind, default and check; the service
stores the chosen values (storage/features/server.py, JSON text) and keeps what it read in
memory until a change is heard (in any process: ``SettingsRows.watch_settings``).

A key's words are ``settings.key.<name>`` (its label on the page) and
``settings.help.<name>`` (one line: what it does); values are shown by the cog from the
key's ``kind``. Adding a key: one ``register(SettingKey(...))`` call here (or in the
module that owns the behaviour, imported by ``service``), the two texts in all locales,
and the code that reads it: ``(await service.guild_settings(guild_id)).get("name")``."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gamecore.contract import IllegalAction
from gamecore.match import DEFAULT_TURN_LIMIT
from gamecore.registry import game_ids, get_game
from i18n import LOCALES

log = logging.getLogger("tabletop.settings")

#: How a value is typed in and shown: ``switch`` (bool), ``count`` (int in ``low..high``),
#: ``clock`` (seconds per turn, 0 = none), ``games`` (game ids; empty = every game),
#: ``channels`` (channel ids; empty = any channel), ``role`` (a role id; 0 = anyone),
#: ``language`` (a locale code; "" = Discord's server language), ``options`` (a game's
#: option name → value).
Kind = Literal["switch", "count", "clock", "games", "channels", "role", "language", "options"]
#: A turn clock a server may choose as its default: 1 minute to 7 days (as ``clock=``).
CLOCK_RANGE = (60.0, 7 * 86400.0)
#: The prefix of the per-game option defaults: ``options.<game id>``.
OPTIONS = "options."
#: Channels a server may list for games (a select menu offers at most 25).
MAX_CHANNELS = 25


def invalid(name: str, **params: Any) -> IllegalAction:
    """A value the key refuses: ``illegal.setting_invalid`` says which and what is possible."""
    return IllegalAction("setting_invalid", f"not a valid value for {name}", setting=name, **params)


@dataclass(frozen=True, slots=True)
class SettingKey:
    """One setting: ``check`` turns a typed value (from the command) into the stored one
    or raises ``IllegalAction`` saying what is possible."""

    name: str
    kind: Kind
    default: Any
    low: int = 0
    high: int = 0
    check: Callable[[SettingKey, Any], Any] | None = field(default=None, compare=False)

    def normalize(self, value: Any) -> Any:
        if self.check is not None:
            return self.check(self, value)
        return _CHECKS[self.kind](self, value)


def _switch(key: SettingKey, value: Any) -> bool:
    if not isinstance(value, bool):
        raise invalid(key.name, possible="on, off")
    return value


def _count(key: SettingKey, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not key.low <= value <= key.high:
        raise invalid(key.name, possible=f"{key.low}–{key.high}")
    return value


def _clock(key: SettingKey, value: Any) -> float:
    seconds = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else -1
    if seconds != 0 and not CLOCK_RANGE[0] <= seconds <= CLOCK_RANGE[1]:
        raise invalid(key.name, possible="30m, 12h, 2d, off")
    return seconds


def _games(key: SettingKey, value: Any) -> list[str]:
    known = game_ids()
    chosen = list(dict.fromkeys(str(v) for v in value)) if isinstance(value, list | tuple) else []
    if not isinstance(value, list | tuple) or any(g not in known for g in chosen):
        raise invalid(key.name, possible=", ".join(known))
    return sorted(chosen)


def _ids(key: SettingKey, value: Any) -> list[int]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value
    ):
        raise invalid(key.name, possible="#channel")
    chosen = list(dict.fromkeys(value))
    if len(chosen) > MAX_CHANNELS:
        raise invalid(key.name, possible=f"≤ {MAX_CHANNELS}")
    return chosen


def _role(key: SettingKey, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise invalid(key.name, possible="@role")
    return value


def _language(key: SettingKey, value: Any) -> str:
    if value not in ("", *LOCALES):
        raise invalid(key.name, possible=", ".join(LOCALES))
    return str(value)


def _options(key: SettingKey, value: Any) -> dict[str, Any]:
    """A game's own options, checked by the game (its refusal says what is possible)."""
    if not isinstance(value, Mapping):
        raise invalid(key.name, possible="name=value")
    get_game(key.name.removeprefix(OPTIONS)).resolve_options(dict(value))
    return dict(value)


_CHECKS: dict[Kind, Callable[[SettingKey, Any], Any]] = {
    "switch": _switch,
    "count": _count,
    "clock": _clock,
    "games": _games,
    "channels": _ids,
    "role": _role,
    "language": _language,
    "options": _options,
}

#: Every fixed key, in the order the page shows them.
KEYS: dict[str, SettingKey] = {}


def register(key: SettingKey) -> SettingKey:
    """Add a key (once: the name must be new). Its default must pass its own check."""
    if key.name in KEYS or key.name.startswith(OPTIONS):
        raise ValueError(f"setting {key.name!r} is registered already or reserved")
    key.normalize(key.default)
    KEYS[key.name] = key
    return key


def key_of(name: str) -> SettingKey:
    """The key called ``name`` (``options.<game id>`` for every game); unknown: refused."""
    if name in KEYS:
        return KEYS[name]
    game_id = name.removeprefix(OPTIONS)
    if name.startswith(OPTIONS) and game_id in game_ids():
        return SettingKey(name, "options", {})
    raise IllegalAction("setting_unknown", f"no setting {name}", setting=name)


# -- the project's own keys (others register theirs where their behaviour lives) ----------
register(SettingKey("clock", "clock", float(DEFAULT_TURN_LIMIT)))
register(SettingKey("rated", "switch", True))
register(SettingKey("games", "games", []))
register(SettingKey("takebacks", "switch", True))
register(SettingKey("language", "language", ""))
register(SettingKey("channels", "channels", []))
register(SettingKey("host_role", "role", 0))
#: The fair-play limits (service/match_service.py): open lobbies one member may host, and
#: invitations one member may receive per hour.
register(SettingKey("max_lobbies", "count", 3, low=1, high=10))
register(SettingKey("max_invitations", "count", 3, low=1, high=10))


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """One server's settings: what was stored, the defaults for the rest."""

    guild_id: int | None
    stored: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_rows(cls, guild_id: int, rows: Mapping[str, str]) -> GuildSettings:
        """From the stored JSON texts; a value no key accepts (a key removed, a game gone)
        is left out, so its default holds."""
        kept: dict[str, Any] = {}
        for name, text in rows.items():
            try:
                kept[name] = key_of(name).normalize(json.loads(text))
            except (IllegalAction, ValueError, TypeError, ImportError):
                log.warning("server %s: stored setting %s is not valid now", guild_id, name)
        return cls(guild_id, kept)

    def get(self, name: str) -> Any:
        """The value of ``name``: the stored one, else the key's default."""
        return self.stored[name] if name in self.stored else key_of(name).default

    def is_set(self, name: str) -> bool:
        return name in self.stored

    def game_options(self, game_id: str) -> dict[str, Any]:
        """The server's default options of ``game_id`` (empty: the game's own)."""
        return dict(self.get(OPTIONS + game_id))

    def allows_game(self, game_id: str) -> bool:
        games = self.get("games")
        return not games or game_id in games

    def allows_channel(self, *channel_ids: int | None) -> bool:
        """Whether games may start in a channel (any of ``channel_ids``: a thread and the
        channel it belongs to)."""
        channels = self.get("channels")
        return not channels or any(c in channels for c in channel_ids if c is not None)


def encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)
