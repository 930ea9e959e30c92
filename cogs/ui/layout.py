"""A board, a lobby or a hand as one Components V2 layout: one container whose accent is the
colour of the seat to move, holding the title, whose turn it is and what just happened, then
the picture (a one-item media gallery with its alt text) directly above the controls, and a
small footer. No text stands between the picture and the controls, so on a phone the board
and its main controls fit one screen (docs/rendering.md, "A board on a phone").

A V2 message has no content and no embeds (Discord refuses both next to the flag), so an old
embed board is edited with ``content=None, embeds=[]`` when it becomes a layout. Discord's
limits, checked in tests: 40 components, 4,000 characters of text, 10 gallery items (a board
uses one), 256 characters of a gallery item's description.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import Any

import discord

from cogs.ui.components import unheld

PNG_NAME = "board.png"
#: Discord: at most 4,000 characters of text over a whole V2 message.
TEXT_LIMIT = 4000
#: Discord: at most 40 components in a message, nested ones included.
COMPONENT_LIMIT = 40
#: Discord: a media gallery item's description holds at most 256 characters.
GALLERY_ALT_LIMIT = 256
#: A board pings nobody (mentions in its text are names to read; turn notices ping).
QUIET = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """What to send or edit. ``head``: the title and whose turn; ``body``: what happened
    (both above the picture); ``fields``: named blocks (a lobby's options);
    ``controls``: a ``discord.ui.View`` whose rows become the layout's action rows;
    ``apart``: what cannot be undone (Resign, Cancel), on a row of its own below them."""

    title: str
    head: tuple[str, ...]
    png: bytes | None
    controls: discord.ui.View | None
    footer: str = ""
    body: tuple[str, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    accent: int | None = None
    filename: str = PNG_NAME
    #: The picture's alt text (``cogs.ui.alt_text``): what a screen reader says for it.
    alt_text: str = ""
    apart: tuple[discord.ui.Item[Any], ...] = ()
    #: A turn notice above the title (the match's ping rides on its board: one message
    #: to remove at the next turn instead of two, ``cogs.delivery.publisher``).
    notice: str = ""

    def with_notice(self, notice: str) -> BoardMessage:
        return replace(self, notice=notice)

    def file(self) -> discord.File | None:
        if self.png is None:
            return None
        return discord.File(
            io.BytesIO(self.png), filename=self.filename, description=self.alt_text[:1024] or None
        )

    def texts(self) -> list[str]:
        """The layout's text blocks in order, within Discord's 4,000 characters: the body
        (the oldest log lines first) gives way when everything does not fit."""
        head = "\n".join((f"## {self.title}", *self.head))
        fields = [f"**{name}**\n{value}" for name, value in self.fields]
        footer = f"-# {self.footer}" if self.footer else ""
        notice = self.notice[: TEXT_LIMIT // 4]
        fixed = len(notice) + len(head) + sum(map(len, fields)) + len(footer)
        body = list(self.body)
        while body and fixed + len("\n".join(body)) > TEXT_LIMIT:
            body.pop(0)
        blocks = [
            notice,
            head[: TEXT_LIMIT - len(footer) - len(notice)],
            *fields,
            "\n".join(body),
            footer,
        ]
        return [block for block in blocks if block.strip()]

    def layout(self) -> discord.ui.LayoutView:
        blocks = self.texts()
        footer = blocks.pop() if blocks[-1].startswith("-# ") else None
        container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=self.accent)
        for block in blocks:  # every text above the picture: on a phone it meets the controls
            container.add_item(discord.ui.TextDisplay(block))
        if self.png is not None:
            item = discord.MediaGalleryItem(
                media=f"attachment://{self.filename}",
                description=self.alt_text[:GALLERY_ALT_LIMIT] or None,
            )
            container.add_item(discord.ui.MediaGallery(item))
        rows = action_rows(self.controls)
        if rows:
            container.add_item(discord.ui.Separator())
            for row in rows:
                container.add_item(row)
        if self.apart:
            container.add_item(discord.ui.Separator(visible=False))  # a gap, no line
            container.add_item(discord.ui.ActionRow(*self.apart))
        if footer is not None:
            container.add_item(discord.ui.TextDisplay(footer))
        layout = discord.ui.LayoutView(timeout=None)
        layout.add_item(container)
        return unheld(layout)

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"view": self.layout(), "allowed_mentions": QUIET}
        file = self.file()
        if file is not None:
            kwargs["file"] = file
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Also turns an old embed board into a layout (its content and embed cleared)."""
        file = self.file()
        return {
            "content": None,
            "embeds": [],
            "attachments": [file] if file else [],
            "view": self.layout(),
            "allowed_mentions": QUIET,
        }


def action_rows(controls: discord.ui.View | None) -> list[discord.ui.ActionRow[Any]]:
    """The rows ``controls`` laid its items out in, as action rows in the same order."""
    if controls is None:
        return []
    by_row: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in controls.children:
        by_row.setdefault(item._rendered_row or 0, []).append(item)  # the row the View chose for it
    rows = []
    for index in sorted(by_row):
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in by_row[index]:
            row.add_item(item)
        rows.append(row)
    return rows
