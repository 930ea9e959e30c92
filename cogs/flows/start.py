"""Starting a match (``/game new``): which game, its options, turn clock and holidays, the
server's rules, invitations and where it may be played; then a solo board or a lobby."""

from __future__ import annotations

from typing import Any

from cogs.delivery import permissions, replies
from cogs.delivery.replies import Interaction
from cogs.flows import away, server_rules, tips
from cogs.flows.boards import post_board
from cogs.flows.lobby import open_lobby
from cogs.ui.labels import game_name
from i18n import locale_for, t
from service import DEFAULT_HOLIDAY_DAYS, MAX_HOLIDAY_DAYS, IllegalAction, check_invites
from service.games import find_game

#: ``clock=`` in the options of a multiplayer game sets its turn clock (docs/commands.md):
#: ``30m``, ``12h``, ``2d``, a number of hours, or ``off``; the game never sees it.
CLOCK_OPTION = "clock"
CLOCK_UNITS = {"m": 60, "h": 3600, "d": 86400}
CLOCK_RANGE = (60, 7 * 86400)
CLOCK_SUGGESTIONS = ("24h", "12h", "48h", "off")


def parse_clock(value: Any) -> float:
    """Seconds per turn for ``clock=value`` (0 = no clock); refuses other text."""
    text = str(value).strip().lower()
    if text in ("off", "0"):
        return 0.0
    number, unit = (text[:-1], text[-1]) if text[-1:] in CLOCK_UNITS else (text, "h")
    seconds = int(number) * CLOCK_UNITS[unit] if number.isdecimal() and len(number) < 9 else 0
    if not CLOCK_RANGE[0] <= seconds <= CLOCK_RANGE[1]:
        raise IllegalAction(
            "option_clock", f"clock must be like 30m, 12h, 2d or off, not {text}", text=text
        )
    return float(seconds)


def split_clock(
    game_max_players: int, parsed: dict[str, Any]
) -> tuple[float | None, dict[str, Any]]:
    """The turn clock (None = the default) and the game's own options. Solo games have no
    clock, so there ``clock=`` is left to the game, which refuses it as unknown."""
    if game_max_players < 2 or CLOCK_OPTION not in parsed:
        return None, parsed
    rest = {k: v for k, v in parsed.items() if k != CLOCK_OPTION}
    return parse_clock(parsed[CLOCK_OPTION]), rest


#: ``holidays=`` in the options of a multiplayer game sets each person's holiday days in the
#: match (``/game holiday``), 0 to ``MAX_HOLIDAY_DAYS``; the game never sees it.
HOLIDAY_OPTION = "holidays"
HOLIDAY_SUGGESTIONS = (DEFAULT_HOLIDAY_DAYS, 14, 0)


def split_holidays(game_max_players: int, parsed: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Each person's holiday days (the default when not given) and the other options.
    Solo games have no clock, so there ``holidays=`` is left to the game, which refuses it."""
    if game_max_players < 2 or HOLIDAY_OPTION not in parsed:
        return DEFAULT_HOLIDAY_DAYS, parsed
    value = parsed[HOLIDAY_OPTION]
    if not isinstance(value, int) or not 0 <= value <= MAX_HOLIDAY_DAYS:
        raise IllegalAction(
            "option_holidays",
            f"holidays must be a number of days from 0 to {MAX_HOLIDAY_DAYS}, not {value}",
            text=str(value),
            high=MAX_HOLIDAY_DAYS,
        )
    return value, {k: v for k, v in parsed.items() if k != HOLIDAY_OPTION}


async def new_match(
    interaction: Interaction,
    game_id: str,
    seed: int | None,
    options: dict[str, Any],
    invited: tuple[int, ...] | None = None,
) -> None:
    """A solo game starts at once; a multiplayer game opens a lobby (invite-only when
    ``invited`` names members; None: no invitation asked for). ``options`` are the typed
    ``name=value`` pairs, ``clock=`` and ``holidays=`` among them for a multiplayer game. The
    options and invitations are checked before the public acknowledgement, so a refusal
    stays private. Where the bot is absent (a user install) a solo game's board goes to the
    person's DM, and a multiplayer game is refused."""
    chosen = find_game(game_id)
    if chosen is None:
        locale = locale_for(interaction, public=False)
        await replies.send(interaction, t("game.unavailable", locale), ephemeral=True)
        return
    turn_limit, table_options = split_clock(chosen.max_players, options)
    holiday_days, own_options = split_holidays(chosen.max_players, table_options)
    absent = permissions.bot_absent(interaction)
    rules = await server_rules.start_rules(interaction, game_id)  # a refusal stays private
    if not absent:
        own_options = server_rules.with_defaults(rules, game_id, own_options)
    resolved = chosen.resolve_options(own_options)
    if absent and chosen.max_players > 1:
        locale = locale_for(interaction, public=False)
        await away.refuse_multiplayer(interaction, game_name(game_id, locale))
        return
    if interaction.guild_id is None and chosen.max_players > 1:
        locale = locale_for(interaction, public=False)
        await replies.send(
            interaction,
            t("dm.multiplayer", locale, game=game_name(game_id, locale)),
            ephemeral=True,
        )
        return
    if invited is not None and (chosen.max_players == 1 or not invited):
        locale = locale_for(interaction, public=False)
        key = "game.invite.solo" if chosen.max_players == 1 else "game.invite.none"
        await replies.send(interaction, t(key, locale), ephemeral=True)
        return
    invited = check_invites(chosen, interaction.user.id, invited or ())
    if chosen.max_players > 1:
        await interaction.client.service.check_lobby_limits(
            interaction.user.id, invited, guild_id=interaction.guild_id
        )
    if absent:
        await away.start_solo(interaction, game_id, seed, resolved)
        return
    if not await permissions.preflight(interaction):
        return
    if chosen.max_players > 1:
        await open_lobby(
            interaction,
            game_id,
            seed,
            resolved,
            turn_limit=server_rules.turn_clock(rules, turn_limit),
            holiday_days=holiday_days,
            invited=invited,
            practice=server_rules.practice(rules),
            takebacks=bool(rules.get("takebacks")),
        )
        return
    await replies.defer(interaction)
    match = await interaction.client.service.new_match(
        game_id,
        interaction.guild_id,
        interaction.channel_id or 0,
        interaction.user.id,
        resolved,
        seed,
        user_name=interaction.user.display_name,
        practice=server_rules.practice(rules),
        takebacks=bool(rules.get("takebacks")),
    )
    if await post_board(interaction, match) is not None:
        await tips.offer_tip(interaction, match)  # before the first move
