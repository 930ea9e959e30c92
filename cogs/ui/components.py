"""The persistent buttons and selects of boards, hands, lobbies and rules pages, as the
message builders lay them out: their custom ids and the plain ``discord.ui`` items that
carry them.

A custom id carries the match id and the version of the board it belongs to, so a click
works after a restart and a click on an old board is recognised as such by the service
(``stale_version``). The ids of posted boards must keep working: change a template only by
adding an alternative (``tt:cl:`` moves of older boards are still read).

What a click does is not here: ``cogs/commands/clicks.py`` holds one ``DynamicItem`` per
template below, whose callback calls one flow. The ui tier builds messages and the flows
import it, so it cannot import the flows; the ``DynamicItem`` classes sit above both and
are the ones the bot registers. The items built here are plain; :meth:`~cogs.ui.layout.
BoardMessage.layout` stops the view that holds them, so discord.py keeps no view object per
message sent (a click is always answered by the registered ``DynamicItem``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import discord

_MATCH = r"(?P<match>[a-z0-9]{1,24})"
_VERSION = r"(?P<version>\d{1,9})"

#: The templates (regular expressions over the whole custom id) the clicks are matched by.
MOVE_SELECT = rf"tt:mv:{_MATCH}:{_VERSION}:(?P<slot>\d)"
MOVE_BUTTON = rf"tt:(?:mb|cl):{_MATCH}:{_VERSION}:(?P<move>[A-Za-z0-9 ,.\-]{{1,60}})"
PIECE_BUTTON = rf"tt:pc:{_MATCH}:{_VERSION}:(?P<piece>[A-Za-z0-9]{{1,8}})"
BOARD_BUTTON = rf"tt:do:{_MATCH}:{_VERSION}:(?P<action>[a-z-]{{1,20}})"
LOBBY_BUTTON = (
    r"tt:lb:(?P<match>[a-z0-9]{1,24}):(?P<action>join|leave|addcpu|rmcpu|start|cancel|decline|open)"
)
COMPUTER_SELECT = rf"tt:(?:cpu|clcpu):{_MATCH}"
REMATCH_BUTTON = rf"tt:rm:{_MATCH}"
REVIEW_BUTTON = rf"tt:rv:{_MATCH}"
PLAY_AGAIN_BUTTON = rf"tt:pa:{_MATCH}"
RULES_BUTTON = r"tt:rules:(?P<game>[a-z-]{1,24}):(?P<page>\d{1,3})"

#: A board button's actions: My hand, Hint, Resign (asks first), its confirmation, Read the board.
BOARD_ACTIONS = ("hand", "hint", "resign", "confirm-resign", "read")
LOBBY_ACTIONS = ("join", "leave", "addcpu", "rmcpu", "start", "cancel", "decline", "open")
_LOBBY_STYLES = {
    "join": discord.ButtonStyle.primary,
    "start": discord.ButtonStyle.success,
    "cancel": discord.ButtonStyle.danger,  # on a row of its own (the lobby's ``apart``)
}


V = TypeVar("V", bound=discord.ui.view.BaseView)


def unheld(view: V) -> V:
    """``view``, stopped before it is sent: discord.py keeps a copy of every live view it
    sends (per message, for good with no timeout) to call its items' callbacks; ours have
    none, the registered ``DynamicItem`` answers the click (``cogs/commands/clicks.py``)."""
    view.stop()
    return view


def button_label(item: discord.ui.Item[Any]) -> str:
    """The label of the clicked button, as the message carried it."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or ""


def move_select(
    match_id: str,
    version: int,
    slot: int,
    *,
    options: list[discord.SelectOption],
    placeholder: str | None = None,
) -> discord.ui.Select[Any]:
    """A select of legal moves; the chosen option's value is the move's notation. A select
    takes a whole row: the view puts it in the first empty one, in the order added."""
    return discord.ui.Select(
        custom_id=f"tt:mv:{match_id}:{version}:{slot}", options=options, placeholder=placeholder
    )


def move_options(
    notations: Sequence[str],
    labels: Sequence[str] | None = None,
    details: Sequence[str] | None = None,
) -> list[discord.SelectOption]:
    """Menu options playing ``notations``, each shown as its words in ``labels`` (the notation
    itself when there are none) with its ``details`` and the notation as the option's small
    print ("against the 8 of hearts · defend 9S")."""
    if labels is None:
        return [discord.SelectOption(label=n[:100], value=n[:100]) for n in notations]
    options = []
    for index, (notation, label) in enumerate(zip(notations, labels, strict=True)):
        detail = details[index] if details else ""
        small = [part for part in (detail, notation if label != notation else "") if part]
        options.append(
            discord.SelectOption(
                label=label[:100],
                value=notation[:100],
                description=" · ".join(small)[:100] or None,
            )
        )
    return options


def move_button(
    match_id: str,
    version: int,
    notation: str,
    *,
    label: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """One move of the seat to move on a public board (a game's declared controls)."""
    return _versioned_button(
        "mb", match_id, version, notation, label=label, style=style, disabled=disabled, row=row
    )


def piece_button(
    match_id: str,
    version: int,
    piece: str,
    *,
    label: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """Selects the piece the pad acts on (e.g. Adventurer 2); nothing is played."""
    return _versioned_button("pc", match_id, version, piece, label=label, style=style, row=row)


def _versioned_button(
    kind: str,
    match_id: str,
    version: int,
    value: str,
    *,
    label: str,
    style: discord.ButtonStyle,
    disabled: bool = False,
    row: int | None,
) -> discord.ui.Button[Any]:
    """A board's button carrying its match and the board's version,
    ``tt:<kind>:<match>:<version>:<value>`` (``MOVE_BUTTON``, ``PIECE_BUTTON``), labelled
    ``value`` when it has no label of its own."""
    return discord.ui.Button(
        custom_id=f"tt:{kind}:{match_id}:{version}:{value}",
        label=(label or value)[:80],
        style=style,
        disabled=disabled,
        row=row,
    )


def board_button(
    match_id: str, version: int, action: str, *, label: str = ""
) -> discord.ui.Button[Any]:
    """One of ``BOARD_ACTIONS``. Resign sits apart on the board, grey; only its
    confirmation (private) is red."""
    style = (
        discord.ButtonStyle.danger if action == "confirm-resign" else discord.ButtonStyle.secondary
    )
    return discord.ui.Button(
        custom_id=f"tt:do:{match_id}:{version}:{action}",
        label=label or action,
        style=style,
        row=4,
    )


def lobby_button(
    match_id: str, action: str, *, label: str = "", disabled: bool = False
) -> discord.ui.Button[Any]:
    """Join / Leave / Add computer / Remove computer / Start / Cancel of a lobby, and of a
    lobby with invitations Decline (an invited person) and Open to everyone (the host)."""
    return discord.ui.Button(
        custom_id=f"tt:lb:{match_id}:{action}",
        label=label or action,
        style=_LOBBY_STYLES.get(action, discord.ButtonStyle.secondary),
        row=0 if action in ("join", "leave", "start") else 1,
        disabled=disabled,
    )


def computer_select(
    match_id: str, *, options: list[discord.SelectOption], placeholder: str | None = None
) -> discord.ui.Select[Any]:
    """The host's "Add a computer player" menu of a lobby (the game's declared players)."""
    return discord.ui.Select(
        custom_id=f"tt:cpu:{match_id}", options=options, placeholder=placeholder
    )


def rematch_button(match_id: str, *, label: str = "") -> discord.ui.Button[Any]:
    """Rematch, on the board of a finished multiplayer match."""
    return discord.ui.Button(
        custom_id=f"tt:rm:{match_id}", label=label or "rematch", style=discord.ButtonStyle.primary
    )


def play_again_button(match_id: str, *, label: str = "") -> discord.ui.Button[Any]:
    """Play again, on the board of a finished solo match: the same game, a new deal."""
    return discord.ui.Button(
        custom_id=f"tt:pa:{match_id}",
        label=label or "play again",
        style=discord.ButtonStyle.primary,
    )


def review_button(match_id: str, *, label: str = "") -> discord.ui.Button[Any]:
    """Review, on the board of a finished match of a game the review covers."""
    return discord.ui.Button(
        custom_id=f"tt:rv:{match_id}", label=label or "review", style=discord.ButtonStyle.secondary
    )


def rules_button(
    game_id: str, page: int, *, label: str = "", disabled: bool = False
) -> discord.ui.Button[Any]:
    """Previous / next page of ``/rules`` (the target page is in the custom id)."""
    return discord.ui.Button(
        custom_id=f"tt:rules:{game_id}:{page}", label=label or str(page + 1), disabled=disabled
    )
