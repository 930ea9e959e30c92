"""Achievement roles: whether the bot may give a role, said in words (cogs/delivery/roles.py
gives them).

Discord lets a bot add a role only with **Manage Roles** and only below its own highest
role; roles of an integration (a bot's own role, a booster role) and @everyone are never
given. The bot checks these first and names what is missing instead of failing.
"""

from __future__ import annotations

import discord

from i18n import t


def role_problems(guild: discord.Guild, role: discord.Role) -> list[str]:
    """What stops the bot from giving ``role`` in ``guild`` (catalog keys; empty: nothing)."""
    me = guild.me
    problems = []
    if not me.guild_permissions.manage_roles:
        problems.append("roles.problem.manage_roles")
    if role.managed or role.is_default():
        problems.append("roles.problem.managed")
    elif role >= me.top_role and guild.owner_id != me.id:
        problems.append("roles.problem.too_high")
    return problems


def problems_text(role: discord.Role, problems: list[str], locale: str) -> str:
    """The sentence that says what is missing (or that the bot can give the role)."""
    if not problems:
        return t("roles.ok", locale, role=role.mention)
    missing = "; ".join(t(key, locale, role=role.mention) for key in problems)
    return t("roles.problems", locale, role=role.mention, problems=missing)


def role_warning(guild: discord.Guild, role_id: int, locale: str) -> str | None:
    """After a role to give is chosen (``/settings``): what stops the bot from giving it,
    or None when nothing does."""
    role = guild.get_role(role_id)
    if role is None:
        return None
    problems = role_problems(guild, role)
    return problems_text(role, problems, locale) if problems else None
