"""After a solo game: par when it ends, and ``/review`` of a finished game.

Both are computed off the event loop and only once the match has ended: par compares the
finished result with up to 1,000 plays of the same deal per computer player (computed once
per deal, in a low-priority process: ``service/pars.py``),
the review judges each decision on what the player could see (``docs/analysis.md``).
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord
from discord import app_commands

from cogs.delivery import replies
from cogs.delivery.progress import Progress, run_with_progress
from cogs.delivery.replies import Interaction
from cogs.flows import daily
from cogs.flows.matches import MAX_CHOICES, pick_match, visible_here
from cogs.ui.labels import game_name, is_solo, match_label, say
from cogs.ui.seats import seat_label
from i18n import locale_for, t
from renderer.review_chart import render_review_chart
from service import IllegalAction, Match
from service.analysis import PAR_TOLERANCE, Measure, Par, Review, has_par, review_of, reviewable
from service.games import presentation_of
from service.pars import deal_pars
from telemetry import in_queue

log = logging.getLogger("tabletop.analysis")

#: Reviews computed at once (each takes a few seconds of one core); more are refused.
MAX_REVIEWS = 2
_reviews = asyncio.Semaphore(MAX_REVIEWS)
#: Pars being told (kept so they are not collected while they run).
_telling: set[asyncio.Task[None]] = set()


def par_text(par: Par, locale: str, most: int) -> str:
    """Par as the player reads it; ``most``: the plays per computer player at most."""
    lines = [f"**{t('par.title', locale)}**"]
    for c in par.computers:
        player = t(f"par.player.{c.player}", locale)
        lines.append(
            t(
                "par.line",
                locale,
                player=player,
                rate=f"{100 * c.win_rate:.1f}",
                plays=f"{c.plays:,}",
                error=f"{100 * c.win_error:.1f}",
            )
        )
        if c.beaten is not None and c.equalled is not None:
            lines.append(
                t(
                    "par.mine",
                    locale,
                    beaten=round(100 * c.beaten / c.plays),
                    equalled=round(100 * c.equalled / c.plays),
                )
            )
    lines.append(f"-# {t('par.note', locale)}")
    tolerance = f"{100 * PAR_TOLERANCE:g}"
    lines.append(f"-# {t('par.rule', locale, tolerance=tolerance, plays=f'{most:,}')}")
    return "\n".join(lines)


def tell_par(interaction: Interaction, match: Match) -> bool:
    """When the actor's move ended a solo game: par of its deal (and the daily deal's share
    line), privately, from a background task, so the final board never waits for them.
    True when par is on its way (it answers the interaction; a failure is logged, the
    deferred answer withdrawn, and the game is saved whatever happens)."""
    if match.status == "playing" or not is_solo(match) or not has_par(match.game_id):
        return False
    task = asyncio.get_running_loop().create_task(_tell_par(interaction, match))
    _telling.add(task)
    task.add_done_callback(_telling.discard)
    return True


async def _tell_par(interaction: Interaction, match: Match) -> None:
    locale = locale_for(interaction, public=False)
    bot = interaction.client
    try:
        async with in_queue("par"):
            par = await deal_pars(bot.service).par_of(match, bot.par_plays)
    except Exception:
        log.exception("par of match %s failed", match.id)
        await replies.withdraw(interaction)
    else:
        text = par_text(par, locale, bot.par_plays)
        await replies.tolerate(replies.send(interaction, text, ephemeral=True))
    await daily.tell_daily_end(interaction, match)


def _points(measure: Measure, value: float) -> str:
    return f"{100 * value:.0f}" if measure.kind == "win" else f"{value * measure.top:.2f}"


def review_embed(review: Review, match: Match, locale: str) -> discord.Embed:
    m = review.measure
    game = game_name(match.game_id, locale)
    key = (
        "review.summary.table"
        if review.seat_values
        else ("review.summary.win" if m.kind == "win" else "review.summary.score")
    )
    summary = t(
        key,
        locale,
        decisions=len(review.decisions),
        mistakes=review.count("mistake"),
        blunders=review.count("blunder"),
        samples=review.samples,
    )
    embed = discord.Embed(
        title=t("review.title", locale, match_id=match.id, game=game), description=summary
    )
    worst = review.worst()
    words = presentation_of(match.game_id)
    lines = [
        t(
            "review.worst.line",
            locale,
            step=d.step,
            played=say(words.move_text(d.played), locale),
            best=say(words.move_text(d.best), locale),
            played_value=m.shown(d.played_value.value),
            best_value=m.shown(d.best_value.value),
            loss=_points(m, d.loss),
            error=_points(m, d.loss_error),
            verdict=t(f"review.verdict.{d.verdict}", locale),
        )
        for d in worst
    ]
    embed.add_field(
        name=t("review.worst.title", locale),
        value="\n".join(lines) or t("review.none", locale),
        inline=False,
    )
    embed.set_footer(text=t("review.method", locale))
    return embed


def review_chart(review: Review, locale: str, game: str, seats: list[str]) -> bytes:
    """The review's chart in ``locale``; ``seats``: each seat as the board names it."""
    labels = {
        "title": t("chart.review.title", locale, game="{game}"),
        "axis.move": t("chart.review.move", locale),
        "axis.win": t("chart.review.win", locale),
        "axis.score": t("chart.review.score", locale),
        "mistake": t("review.verdict.mistake", locale),
        "blunder": t("review.verdict.blunder", locale),
    }
    return render_review_chart(review, labels, seats=seats, game=game)


async def pick_ended(interaction: Interaction, match_id: str | None) -> Match:
    """The match named (only one of this server, as ``pick_match``), else the caller's most
    recently ended match here (``IllegalAction('no_match_here')`` when there is none)."""
    if match_id:
        return await pick_match(interaction, match_id)
    for match in await interaction.client.service.history(interaction.user.id, 25):
        if visible_here(match, interaction) and match.channel_id == interaction.channel_id:
            return match
    raise IllegalAction("no_match_here", "You have no match in this channel.")


async def ended_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/review``: the caller's ended matches in this server (or DM)."""
    locale = locale_for(interaction, public=False)
    typed = current.strip().lower()
    found = await interaction.client.service.history(interaction.user.id, 25)
    return [
        app_commands.Choice(name=match_label(m, locale)[:100], value=m.id)
        for m in found
        if visible_here(m, interaction)
        and (typed in m.id or typed in match_label(m, locale).lower())
    ][:MAX_CHOICES]


async def send_review(interaction: Interaction, match_id: str | None) -> None:
    """``/review``: only for a player of the match, only once it has ended."""
    locale = locale_for(interaction, public=False)
    await replies.defer(interaction, ephemeral=True, new_message=True)  # acknowledge first
    match = await pick_ended(interaction, match_id)
    refusal = None
    if match.live:
        refusal = "review.live"
    elif match.seat_of(interaction.user.id) is None:
        refusal = "review.not_seated"
    elif not reviewable(match.game_id):
        refusal = "review.unsupported"
    elif _reviews.locked():
        refusal = "review.busy"
    if refusal is not None:
        await replies.send(interaction, t(refusal, locale), ephemeral=True)
        return
    async with _reviews, in_queue("reviews"):
        actions = await interaction.client.service.actions(match.id)
        game = game_name(match.game_id, locale)
        seat = match.seat_of(interaction.user.id) or 0
        samples = interaction.client.review_samples
        # The chart is a picture: names as written, no markdown escapes.
        seats = [seat_label(match, s, locale, plain=True) for s in range(len(match.seats))]

        def work(progress: Progress) -> tuple[Review, bytes]:
            review = review_of(match, actions, seat, samples, progress)
            return review, review_chart(review, locale, game, seats)

        def text(done: int, total: int) -> str:
            return t("review.progress", locale, done=done, total=total)

        review, chart = await run_with_progress(interaction, work, text)
    embed = review_embed(review, match, locale)
    embed.set_image(url="attachment://review.png")
    alt = t(
        "alt.review",
        locale,
        decisions=len(review.decisions),
        game=game,
        mistakes=review.count("mistake"),
        blunders=review.count("blunder"),
    )
    file = discord.File(io.BytesIO(chart), filename="review.png", description=alt[:1024])
    # The progress message becomes the answer (one message, not two).
    await replies.tolerate(
        interaction.edit_original_response(content=None, embed=embed, attachments=[file])
    )
