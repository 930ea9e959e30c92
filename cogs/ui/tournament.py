"""The tournament's board in its channel: what it is, where it stands (open for entries,
the round, paused, over), the tables being played with their threads, who is still
playing, who was dropped and why, and the standings as a text table plus a picture with
alt text. Built from what the tournament service returns; names no game rule."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from cogs.ui.components import TOURNAMENT_ACTIONS, TournamentButton
from cogs.ui.labels import game_name
from i18n import t
from renderer.standings_chart import Bar, render_standings
from service.tournaments import StandingLine, Tournament

#: Lines of the text standings (the picture draws the first 16; the board fits 4096).
TEXT_LINES = 24
COLOUR = 0x08519C


def _safe(name: str) -> str:
    """A name inside a code block (no backtick can end it)."""
    return name.replace("`", "'")[:20]


def standings_text(lines: Sequence[StandingLine], locale: str) -> str:
    head = t("tournament.table.head", locale)
    rows = [head]
    for line in lines[:TEXT_LINES]:
        s = line.standing
        mark = " †" if line.dropped else (" 🔥" if s.streak >= 2 else "")
        rows.append(
            f"{s.rank:>3} {_safe(line.name):<20} {s.points:>6g} {s.opponents_points:>7.2f} {s.played:>3}{mark}"
        )
    if len(lines) > TEXT_LINES:
        rows.append(t("tournament.table.more", locale, count=len(lines) - TEXT_LINES))
    return "```\n" + "\n".join(rows) + "\n```"


def status_line(tm: Tournament, rounds: int, locale: str) -> str:
    if tm.status == "open":
        line = t("tournament.status.open", locale, tournament_id=tm.id)
        if tm.starts_at is not None:
            line += " " + t("tournament.status.starts", locale, when=f"<t:{int(tm.starts_at)}:R>")
        return line
    if tm.status == "ended":
        return t("tournament.status.ended", locale)
    if tm.format == "arena":
        line = t("tournament.status.arena", locale, when=f"<t:{int(tm.state.config.end)}:R>")
    else:
        line = t("tournament.status.round", locale, round=tm.state.round, rounds=rounds)
    if tm.status == "paused":
        line += " " + t("tournament.status.paused", locale)
    return line


def board_lines(
    tm: Tournament,
    lines: Sequence[StandingLine],
    computers: dict[str, int],
    rounds: int,
    locale: str,
) -> str:
    parts = [
        t(
            f"tournament.format.{tm.format}",
            locale,
            game=game_name(tm.game_id, locale),
            seats=tm.state.config.table_size,
        ),
        status_line(tm, rounds, locale),
    ]
    if tm.status == "open":
        names = ", ".join(e.name for e in tm.entrants) or "—"
        parts.append(t("tournament.entrants", locale, count=len(tm.entrants), names=names))
    playing = tm.playing()
    if playing and tm.live:
        parts.append(f"**{t('tournament.tables', locale)}**")
        for table in playing:
            room = tm.room(table.number)
            where = f"<#{room.thread_id}>" if room.thread_id else "…"
            seats = ", ".join(
                tm.name_of(s.player)
                if s.player is not None
                else t(
                    "tournament.computer",
                    locale,
                    name=s.computer,
                    rating=computers.get(s.computer or "", 0),
                )
                for s in table.seats
            )
            parts.append(
                t("tournament.table_line", locale, number=table.number, where=where, seats=seats)
            )
        still = sorted({tm.name_of(p) for table in playing for p in table.players})
        parts.append(t("tournament.still_playing", locale, names=", ".join(still)))
    for entrant in tm.entrants:
        if entrant.dropped:
            parts.append(t(f"tournament.dropped.{entrant.dropped}", locale, name=entrant.name))
    parts.append(
        t(
            "tournament.computers",
            locale,
            players=", ".join(f"{name} ({rating})" for name, rating in computers.items()),
        )
    )
    if tm.status != "open":
        parts.append(standings_text(lines, locale))
    return "\n".join(parts)


def standings_picture(tm: Tournament, lines: Sequence[StandingLine], locale: str) -> discord.File:
    bars = [Bar(x.standing.rank, x.name, x.standing.points, not x.dropped) for x in lines]
    labels = {
        "title": t("tournament.chart.title", locale, name="{name}"),
        "axis.points": t("tournament.chart.points", locale),
    }
    png = render_standings(bars, labels, name=tm.name)
    leaders = ", ".join(f"{x.standing.rank}. {x.name} {x.standing.points:g}" for x in lines[:3])
    alt = t("tournament.chart.alt", locale, name=tm.name, count=len(lines), leaders=leaders or "—")
    return discord.File(io.BytesIO(png), filename="standings.png", description=alt[:1024])


@dataclass(frozen=True, slots=True)
class TournamentBoard:
    """The board message: its embed, its standings picture (once there are standings) and
    its buttons (Join, Leave, Start while entries are open; none after)."""

    embed: discord.Embed
    picture: discord.File | None
    view: discord.ui.View
    #: A line above the embed (the publisher's turn notice; a tournament board has none).
    notice: str = ""

    def with_notice(self, notice: str) -> TournamentBoard:
        return replace(self, notice=notice)

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"embed": self.embed, "view": self.view}
        if self.notice:
            kwargs["content"] = self.notice
        if self.picture is not None:
            kwargs["file"] = self.picture
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        attachments = [self.picture] if self.picture is not None else []
        return {"embed": self.embed, "view": self.view, "attachments": attachments}


def board_view(tm: Tournament, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if tm.status == "open":
        for action in TOURNAMENT_ACTIONS:
            label = t(f"tournament.button.{action}", locale)
            view.add_item(TournamentButton(tm.id, action, label=label).item)
    return view


def board_message(
    tm: Tournament,
    lines: Sequence[StandingLine],
    computers: dict[str, int],
    rounds: int,
    locale: str,
) -> TournamentBoard:
    """The board's embed, picture and buttons."""
    embed = discord.Embed(
        title=t("tournament.title", locale, name=tm.name, tournament_id=tm.id),
        description=board_lines(tm, lines, computers, rounds, locale)[:4096],
        colour=COLOUR,
    )
    picture = None
    if tm.status != "open" and lines:
        embed.set_image(url="attachment://standings.png")
        picture = standings_picture(tm, lines, locale)
    return TournamentBoard(embed, picture, board_view(tm, locale))
