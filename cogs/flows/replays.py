"""``/replay``: an ended match's action log as a file, and its animation."""

from __future__ import annotations

import io

import discord

from cogs.delivery import replies
from cogs.delivery.progress import Progress
from cogs.delivery.replay_queue import ReplayQueue
from cogs.delivery.replies import Interaction
from cogs.flows.daily import deals_of
from cogs.flows.matches import pick_match
from cogs.ui.labels import game_name, say
from i18n import locale_for, t
from renderer.replay import animate
from service.games import count_text


async def send_replay(interaction: Interaction, match_id: str, replays: ReplayQueue) -> None:
    """The action log as a file ``python -m gamecore replay`` reads, and the animation
    (drawn through ``replays``, a few at a time). Only for ended matches: seed plus moves
    would let a player rebuild the others' hidden cards."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True)
    match = await pick_match(interaction, match_id)  # only a match of this server (or DM)
    if match.live:
        await replies.send(interaction, t("replay.live", locale), ephemeral=True)
        return
    if await deals_of(interaction).is_secret(
        match.id
    ):  # a daily deal's seed waits for its day's end
        await replies.send(interaction, t("daily.replay_later", locale), ephemeral=True)
        return
    actions = await interaction.client.service.actions(match.id)
    moves = "".join(f"{a.seat}: {a.notation}\n" for a in actions)
    flags = f" --players {len(match.seats)}" if len(match.seats) > 1 else ""
    flags += "".join(f" --{name} {value}" for name, value in sorted(match.options.items()))
    options = ", ".join(f"{k}={v}" for k, v in sorted(match.options.items())) or "—"
    embed = discord.Embed(
        title=t("replay.title", locale, match_id=match.id, game=game_name(match.game_id, locale)),
        description=t(
            "replay.description",
            locale,
            seed=match.seed,
            steps=len(actions),
            options=options,
            game_id=match.game_id,
            flags=flags,
        ),
    )
    timeline = await interaction.client.service.public_timeline(match.id)
    files = [discord.File(io.BytesIO(moves.encode()), filename="moves.txt")]
    if timeline:

        def draw(progress: Progress) -> bytes:
            return animate(match.game_id, timeline, locale, progress)

        def text(done: int, total: int) -> str:
            return t("replay.drawing", locale, done=done, total=total, percent=100 * done // total)

        def queued(place: int) -> str:
            return t("replay.queued", locale, place=place, running=replays.running)

        picture = await replays.run(interaction, draw, text, queued)
        alt = t(
            "alt.replay",
            locale,
            game=game_name(match.game_id, locale),
            match_id=match.id,
            steps=say(count_text("steps", len(actions)), locale),
        )
        files.append(
            discord.File(io.BytesIO(picture), filename=f"replay-{match.id}.gif", description=alt)
        )
        embed.set_image(url=f"attachment://replay-{match.id}.gif")
    # The progress message becomes the answer (one message, not two).
    await replies.finish(interaction, content=None, embed=embed, attachments=files)
