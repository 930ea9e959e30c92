"""The persistent buttons and selects of boards, hands, lobbies and rules pages: one class per
custom id template, holding the template, the item a message builder lays out, a typed
``from_custom_id`` and the callback that calls one flow (the way RoboDanny keeps a
``DynamicItem``).

A custom id carries the match id and the version of the board it belongs to, so a click
works after a restart and a click on an old board is recognised as such by the service
(``stale_version``). The ids of posted boards must keep working: change a template only by
adding an alternative (``tt:cl:`` moves of older boards are still read).

A builder lays out a class's ``item`` (a plain ``discord.ui`` button or select, e.g.
``RematchButton(match.id, label=...).item``); :meth:`~cogs.ui.layout.BoardMessage.layout`
stops the view that holds them, so discord.py keeps no view object per message sent. A click
is answered by the class itself: ``TabletopBot.setup_hook`` registers :data:`DYNAMIC_ITEMS`,
discord.py matches the clicked custom id against each ``template``, builds the instance with
``from_custom_id`` and runs its ``callback``, also after a restart.

A callback is the entry point of a click, as a slash command is of a command: it calls one
flow inside ``replies.guarded`` (which answers any refusal). The flows import the builders that
lay these items out, so a callback imports its flow when it runs (the one place the ui tier
reaches up; ``tests/cogs/test_codebase.py`` allows it in a ``callback`` only). Every flow a
click on a match calls first acknowledges it and then checks that the clicker may see the
match (``cogs.flows.matches.admit``: a custom id can be forged, from any server).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias, TypeVar, cast

import discord
from typing_extensions import override

from i18n import locale_for, t

if TYPE_CHECKING:
    from bot import TabletopBot

    Interaction: TypeAlias = discord.Interaction[TabletopBot]

#: discord.py types a component's interaction over any client (``from_custom_id`` and
#: ``callback`` must accept that); :func:`ours` says it is the bot's.
ClientT = TypeVar("ClientT", bound=discord.Client)
Button: TypeAlias = discord.ui.Button[Any]
Select: TypeAlias = discord.ui.Select[Any]

_MATCH = r"(?P<match>[a-z0-9]{1,24})"
_VERSION = r"(?P<version>\d{1,9})"

#: A board button's actions: My hand, Hint, Resign (asks first), its confirmation, Read the board.
BOARD_ACTIONS = ("hand", "hint", "resign", "confirm-resign", "read")
LOBBY_ACTIONS = ("join", "leave", "addcpu", "rmcpu", "start", "cancel", "decline", "open")
_LOBBY_STYLES = {
    "join": discord.ButtonStyle.primary,
    "start": discord.ButtonStyle.success,
    "cancel": discord.ButtonStyle.danger,  # on a row of its own (the lobby's ``apart``)
}


def ours(interaction: discord.Interaction[ClientT]) -> Interaction:
    """A click's interaction as the bot's: every persistent item is registered by
    ``TabletopBot`` (bot.py), so its clicks come from that client."""
    return cast("Interaction", interaction)


def label_of(item: discord.ui.Item[Any]) -> str:
    """The label of the clicked button, as the message carried it."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or ""


V = TypeVar("V", bound=discord.ui.view.BaseView)


def unheld(view: V) -> V:
    """``view``, stopped before it is sent: discord.py keeps a copy of every live view it
    sends (per message, for good with no timeout) to call its items' callbacks; ours have
    none, the registered class answers the click (:data:`DYNAMIC_ITEMS`)."""
    view.stop()
    return view


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


class MoveSelect(
    discord.ui.DynamicItem[Select], template=rf"tt:mv:{_MATCH}:{_VERSION}:(?P<slot>\d)"
):
    """A select of legal moves; the chosen option's value is the move's notation, played on
    the board's version. A select takes a whole row: the view puts it in the first empty one,
    in the order added."""

    def __init__(
        self,
        match_id: str,
        version: int,
        slot: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id, self.version = match_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:mv:{match_id}:{version}:{slot}",
                options=options or [],
                placeholder=placeholder,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"], int(match["version"]), int(match["slot"]))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.turns import play_move  # noqa: PLC0415 - a flow lays this out

        if self.item.values:
            notation = str(self.item.values[0])
            click = ours(interaction)
            await guarded(click, play_move(click, self.match_id, notation, self.version))


class MoveButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:(?:mb|cl):{_MATCH}:{_VERSION}:(?P<move>[A-Za-z0-9 ,.\-]{{1,60}})",
):
    """One move of the seat to move on a public board (a game's declared controls): plays
    its notation on the board's version. Labelled with the notation when it has no label."""

    def __init__(
        self,
        match_id: str,
        version: int,
        notation: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.match_id, self.version, self.notation = match_id, version, notation
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:mb:{match_id}:{version}:{notation}",
                label=(label or notation)[:80],
                style=style,
                disabled=disabled,
                row=row,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"], int(match["version"]), match["move"], label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.turns import play_move  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, play_move(click, self.match_id, self.notation, self.version))


class PieceButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:pc:{_MATCH}:{_VERSION}:(?P<piece>[A-Za-z0-9]{{1,8}})",
):
    """Selects the piece the pad acts on (e.g. Adventurer 2): the board's controls are
    redrawn with it selected; nothing is played."""

    def __init__(
        self,
        match_id: str,
        version: int,
        piece: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        self.match_id, self.version, self.piece = match_id, version, piece
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:pc:{match_id}:{version}:{piece}",
                label=(label or piece)[:80],
                style=style,
                row=row,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"], int(match["version"]), match["piece"], label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.turns import select_piece  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, select_piece(click, self.match_id, self.version, self.piece))


class BoardButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:do:{_MATCH}:{_VERSION}:(?P<action>[a-z-]{{1,20}})",
):
    """One of ``BOARD_ACTIONS``: My hand, Hint, Read the board, Resign (asks first) and the
    confirmation of a resignation. Resign sits apart on the board, grey; only its
    confirmation (private) is red."""

    def __init__(self, match_id: str, version: int, action: str, *, label: str = "") -> None:
        self.match_id, self.version, self.action = match_id, version, action
        danger = action == "confirm-resign"
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:do:{match_id}:{version}:{action}",
                label=label or action,
                style=discord.ButtonStyle.danger if danger else discord.ButtonStyle.secondary,
                row=4,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"], int(match["version"]), match["action"], label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery import replies  # noqa: PLC0415 - a flow lays this out
        from cogs.flows import hands, readout, turns  # noqa: PLC0415 - a flow lays this out

        click, match_id = ours(interaction), self.match_id
        if self.action == "hand":
            work = hands.show_hand(click, match_id)
        elif self.action == "hint":
            work = turns.hint(click, match_id)
        elif self.action == "resign":
            work = turns.ask_resign(click, match_id, self.version)
        elif self.action == "confirm-resign":
            work = turns.resign(click, match_id)
        elif self.action == "read":
            work = readout.read_board(click, match_id)
        else:  # only a forged or future custom id: say so rather than stay silent
            locale = locale_for(click, public=False)
            await replies.send(click, t("turn.stale_hint", locale), ephemeral=True)
            return
        await replies.guarded(click, work)


class LobbyButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:lb:{_MATCH}:(?P<action>{'|'.join(LOBBY_ACTIONS)})",
):
    """Join / Leave / Add computer / Remove computer / Start / Cancel of a lobby, and of a
    lobby with invitations Decline (an invited person) and Open to everyone (the host): one
    service call each."""

    def __init__(
        self, match_id: str, action: str, *, label: str = "", disabled: bool = False
    ) -> None:
        self.match_id, self.action = match_id, action
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:lb:{match_id}:{action}",
                label=label or action,
                style=_LOBBY_STYLES.get(action, discord.ButtonStyle.secondary),
                row=0 if action in ("join", "leave", "start") else 1,
                disabled=disabled,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"], match["action"], label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.lobby import lobby_action  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, lobby_action(click, self.match_id, self.action))


class ComputerSelect(discord.ui.DynamicItem[Select], template=rf"tt:(?:cpu|clcpu):{_MATCH}"):
    """The host's "Add a computer player" menu of a lobby (the game's declared players):
    seats the chosen computer player."""

    def __init__(
        self,
        match_id: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Select(
                custom_id=f"tt:cpu:{match_id}", options=options or [], placeholder=placeholder
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"])

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.lobby import lobby_action  # noqa: PLC0415 - a flow lays this out

        if self.item.values:
            player, click = str(self.item.values[0]), ours(interaction)
            await guarded(click, lobby_action(click, self.match_id, "addcpu", player))


class _MatchButton(discord.ui.DynamicItem[Button], template=r"(?!)"):
    """A button of a finished match's board that carries only the match id
    (``tt:<prefix>:<match>``): each subclass names its prefix, label and style, gives its
    own template (discord.py compiles one per class; this base's matches nothing and is
    never registered) and its ``callback``."""

    prefix: ClassVar[str]
    default_label: ClassVar[str]
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init__(self, match_id: str, *, label: str = "") -> None:
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:{self.prefix}:{match_id}",
                label=label or self.default_label,
                style=self.style,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["match"])


class RematchButton(_MatchButton, template=rf"tt:rm:{_MATCH}"):
    """Rematch, on the board of a finished multiplayer match: opens (or points to) the new
    lobby."""

    prefix, default_label = "rm", "rematch"

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.lobby import rematch  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, rematch(click, self.match_id))


class PlayAgainButton(_MatchButton, template=rf"tt:pa:{_MATCH}"):
    """Play again, on the board of a finished solo match: a new deal of the same game for
    its player."""

    prefix, default_label = "pa", "play again"

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.lobby import play_again  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, play_again(click, self.match_id))


class ReviewButton(_MatchButton, template=rf"tt:rv:{_MATCH}"):
    """Review, on the board of a finished match of a game the review covers: the clicker's
    review of the match, privately."""

    prefix, default_label = "rv", "review"
    style = discord.ButtonStyle.secondary

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.after_game import send_review  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, send_review(click, self.match_id))


class RulesPager(
    discord.ui.DynamicItem[Button], template=r"tt:rules:(?P<game>[a-z-]{1,24}):(?P<page>\d{1,3})"
):
    """Previous / next page of ``/rules`` (the target page is in the custom id): the same
    message shows the page (no match)."""

    def __init__(self, game_id: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        self.game_id, self.page = game_id, page
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:rules:{game_id}:{page}",
                label=label or str(page + 1),
                disabled=disabled,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["game"], int(match["page"]), label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.rules import show_page  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, show_page(click, self.game_id, self.page))


TOURNAMENT_ACTIONS = ("join", "leave", "start")


class TournamentButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:tn:(?P<tournament>t[a-z0-9]{{1,12}}):(?P<action>{'|'.join(TOURNAMENT_ACTIONS)})",
):
    """Join / Leave / Start (the host's) on a tournament's board while it is open for
    entries: the same as ``/tournament join | leave | start`` (the service checks the
    server and the host, so a forged custom id changes nothing)."""

    def __init__(self, tournament_id: str, action: str, *, label: str = "") -> None:
        self.tournament_id, self.action = tournament_id, action
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:tn:{tournament_id}:{action}",
                label=label or action,
                style=discord.ButtonStyle.success
                if action == "start"
                else discord.ButtonStyle.primary
                if action == "join"
                else discord.ButtonStyle.secondary,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["tournament"], match["action"], label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.tournaments import clicked  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        await guarded(click, clicked(click, self.tournament_id, self.action))


class TakebackButton(
    discord.ui.DynamicItem[Button],
    template=rf"tt:tb:{_MATCH}:(?P<steps>\d{{1,9}}):(?P<answer>yes|no)",
):
    """Accept (green) or Decline a takeback asked when the match had ``at_steps`` steps, on
    the board's row apart; the service checks that the clicker is one it asks (a custom id
    can be forged) and that the match has not moved on."""

    def __init__(self, match_id: str, at_steps: int, yes: bool, *, label: str = "") -> None:
        self.match_id, self.at_steps, self.yes = match_id, at_steps, yes
        super().__init__(
            discord.ui.Button(
                custom_id=f"tt:tb:{match_id}:{at_steps}:{'yes' if yes else 'no'}",
                label=label or ("yes" if yes else "no"),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                row=4,
            )
        )

    @classmethod
    @override
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[ClientT],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        yes = match["answer"] == "yes"
        return cls(match["match"], int(match["steps"]), yes, label=label_of(item))

    @override
    async def callback(self, interaction: discord.Interaction[ClientT]) -> None:
        from cogs.delivery.replies import guarded  # noqa: PLC0415 - a flow lays this out
        from cogs.flows.takebacks import answer_takeback  # noqa: PLC0415 - a flow lays this out

        click = ours(interaction)
        work = answer_takeback(click, self.match_id, self.at_steps, yes=self.yes)
        await guarded(click, work)


#: Every persistent component class the bot registers (``TabletopBot.setup_hook``).
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveSelect,
    MoveButton,
    PieceButton,
    BoardButton,
    LobbyButton,
    ComputerSelect,
    RematchButton,
    PlayAgainButton,
    ReviewButton,
    RulesPager,
    TournamentButton,
    TakebackButton,
)
