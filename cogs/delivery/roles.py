"""Giving and taking achievement roles (the checks and their words: cogs/ui/roles.py).
A refusal never fails anything: the bot gives nothing and ``/season`` says what is missing."""

from __future__ import annotations

import logging

import discord

from cogs.ui.roles import role_problems

log = logging.getLogger("tabletop.roles")


async def member_of(guild: discord.Guild, user_id: int) -> discord.Member | None:
    """The member from the cache, else from Discord; None when they left the server."""
    member = guild.get_member(user_id)
    if member is not None:
        return member
    try:
        return await guild.fetch_member(user_id)
    except (discord.NotFound, discord.Forbidden):
        return None


async def give(guild: discord.Guild, role_id: int, user_id: int, reason: str) -> bool:
    """Give the role when the bot may (True once the member has it); never raises for a
    refusal: a role that cannot be given is reported by ``/season``."""
    role = guild.get_role(role_id)
    if role is None or role_problems(guild, role):
        return False
    member = await member_of(guild, user_id)
    if member is None:
        return False
    if role in member.roles:
        return True
    try:
        await member.add_roles(role, reason=reason)
    except discord.HTTPException as error:
        log.info("could not give role %s in %s: %s", role_id, guild.id, error)
        return False
    return True


async def take(guild: discord.Guild, role_id: int, user_id: int, reason: str) -> None:
    """Take the role back (the next champion has it now); quietly nothing if impossible."""
    role = guild.get_role(role_id)
    if role is None or role_problems(guild, role):
        return
    member = await member_of(guild, user_id)
    if member is None or role not in member.roles:
        return
    try:
        await member.remove_roles(role, reason=reason)
    except discord.HTTPException as error:
        log.info("could not take role %s in %s: %s", role_id, guild.id, error)
