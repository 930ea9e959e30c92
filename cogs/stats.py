"""``/stats [user]``, ``/leaderboard game`` and ``/history``: records kept by the service."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies, turns
from cogs.board import game_name
from cogs.game import GAME_CHOICES, _cmd
from gamecore.contract import IllegalAction
from i18n import locale_for, t


def _score(value: float | None) -> str:
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class StatsCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=_cmd("cmd.stats.name"), description=_cmd("cmd.stats.description"))
    @app_commands.rename(user=_cmd("cmd.opt.user.name"))
    @app_commands.describe(user=_cmd("cmd.opt.user.description"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        locale = locale_for(interaction, public=False)
        who = user or interaction.user
        rows = await self.bot.service.stats(who.id)
        embed = discord.Embed(title=t("stats.title", locale, name=who.display_name))
        if not rows:
            embed.description = t("stats.empty", locale)
        for row in rows[:25]:
            embed.add_field(
                name=game_name(row.game_id, locale),
                value=t(
                    "stats.line", locale, played=row.played, won=row.won, lost=row.lost,
                    rate=round(row.win_rate * 100), best=_score(row.best_score),
                ),
                inline=False,
            )
        await replies.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name=_cmd("cmd.leaderboard.name"), description=_cmd("cmd.leaderboard.description"))
    @app_commands.rename(game=_cmd("cmd.opt.game.name"))
    @app_commands.describe(game=_cmd("cmd.opt.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        locale = locale_for(interaction, public=True)
        rows = await self.bot.service.leaderboard(game.value, 10)
        lines = [
            t(
                "leaderboard.line", locale, rank=row.rank, user=f"<@{row.user_id}>", won=row.won,
                played=row.played, rate=round(row.win_rate * 100), best=_score(row.best_score),
            )
            for row in rows
        ]
        embed = discord.Embed(
            title=t("leaderboard.title", locale, game=game_name(game.value, locale)),
            description="\n".join(lines) or t("leaderboard.empty", locale),
        )
        await replies.send(
            interaction, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=_cmd("cmd.history.name"), description=_cmd("cmd.history.description"))
    async def history(self, interaction: discord.Interaction) -> None:
        locale = locale_for(interaction, public=False)
        matches = await self.bot.service.history(interaction.user.id, 10)
        lines = []
        for match in matches:
            outcome = (match.result or {}).get("result") or match.status
            lines.append(
                t(
                    "history.line", locale, match_id=match.id, game=game_name(match.game_id, locale),
                    result=t(f"history.result.{outcome}", locale), steps=match.steps,
                    when=f"<t:{int(match.updated_at)}:R>",
                )
            )
        embed = discord.Embed(
            title=t("history.title", locale), description="\n".join(lines) or t("history.empty", locale)
        )
        await replies.send(interaction, embed=embed, ephemeral=True)

    @app_commands.command(name=_cmd("cmd.replay.name"), description=_cmd("cmd.replay.description"))
    @app_commands.rename(match_id=_cmd("cmd.opt.match_id.name"))
    @app_commands.describe(match_id=_cmd("cmd.opt.match_id.description"))
    async def replay(self, interaction: discord.Interaction, match_id: app_commands.Range[str, 1, 24]) -> None:
        """The action log as a file ``python -m gamecore replay`` reads. Only for ended
        matches: seed plus moves would let a player rebuild the others' hidden cards."""
        locale = locale_for(interaction, public=False)
        try:
            match = await self.bot.service.get(match_id.strip().lower())
        except IllegalAction as error:
            await turns.explain_refusal(interaction, error, None)
            return
        if match.live:
            await replies.send(interaction, t("replay.live", locale), ephemeral=True)
            return
        actions = await self.bot.service.actions(match.id)
        moves = "".join(f"{a.seat}: {a.notation}\n" for a in actions)
        flags = f" --players {len(match.seats)}" if len(match.seats) > 1 else ""
        flags += "".join(f" --{name} {value}" for name, value in sorted(match.options.items()))
        options = ", ".join(f"{k}={v}" for k, v in sorted(match.options.items())) or "—"
        embed = discord.Embed(
            title=t("replay.title", locale, match_id=match.id, game=game_name(match.game_id, locale)),
            description=t(
                "replay.description", locale, seed=match.seed, steps=len(actions), options=options,
                game_id=match.game_id, flags=flags,
            ),
        )
        file = discord.File(io.BytesIO(moves.encode()), filename="moves.txt")
        await replies.send(interaction, embed=embed, file=file, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCog(bot))
