"""The board message of a match: status, picture, last move and events, and components
(laid out as one Components V2 container by ``cogs.ui.layout``).

Everything here is built from the match and a view from the service, never from the
game state directly, so what a message shows is what the view allows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import discord

import renderer
from cogs.ui.alt_text import picture_alt
from cogs.ui.components import (
    BoardButton,
    MoveSelect,
    PlayAgainButton,
    RematchButton,
    ReviewButton,
    TakebackButton,
    move_options,
    unheld,
)
from cogs.ui.controls import PLACEHOLDER_LIMIT, controls_components, part_placeholders
from cogs.ui.labels import game_name, is_solo, say, shown_name
from cogs.ui.layout import GALLERY_ALT_LIMIT, BoardMessage
from cogs.ui.lobby import lobby_message
from cogs.ui.seats import seat_label, seat_legend
from i18n import has_key, t
from service import Match, Seen, TurnOutcome
from service.analysis import reviewable
from service.games import cards_text, count_text, presentation_of, registration
from telemetry import stage

log = logging.getLogger("tabletop.board")

#: Options per select menu and select rows per message (Discord: 25 options, 5 rows; the
#: last row holds the buttons).
SELECT_LIMIT = 25
SELECT_ROWS = 4
#: Event lines kept on the board so it stays short.
LOG_LINES = 12
#: Longest step line in words (a computer's whole turn summed up), in characters.
STEP_LIMIT = 400

#: The accent of a board nobody is to move on (a playing board wears the mover's colour).
COLOURS = {
    "lobby": discord.Colour.gold(),
    "won": discord.Colour.green(),
    "lost": discord.Colour.red(),
    "finished": discord.Colour.green(),
    "abandoned": discord.Colour.light_grey(),
}


def accent(match: Match) -> int:
    """The board's accent colour: the seat to move's colour on the picture while a match is
    played, else the colour of how it ended."""
    if match.status == "playing" and match.to_move:
        return renderer.seat_colour(match.to_move[0])
    result = (match.result or {}).get("result")
    return COLOURS.get(result or match.status, discord.Colour.blurple()).value


def kind_label(verb: str, locale: str) -> str:
    """A select's kind of move ("*": the moves that did not get a select of their own)."""
    return t("board.select.any", locale) if verb == "*" else verb_label(verb, locale)


def verb_label(verb: str, locale: str) -> str:
    key = f"verb.{verb}"
    return t(key, locale) if has_key(key) else verb.capitalize()


def plan_selects(notations: Sequence[str], rows: int = SELECT_ROWS) -> list[tuple[str, list[str]]]:
    """Move notations grouped by their first word into at most ``rows`` selects of at most
    25 options each; a verb with many moves gets several selects (kept in notation order,
    so each covers a range). Moves that do not fit stay reachable through ``/play``."""
    groups: dict[str, list[str]] = {}
    for notation in notations:
        groups.setdefault(notation.split(" ", 1)[0], []).append(notation)
    verbs = list(groups)
    if len(verbs) > rows:
        merged = [n for verb in verbs[rows - 1 :] for n in groups[verb]]
        verbs = verbs[: rows - 1] + ["*"]
        groups["*"] = merged
    needs = [math.ceil(len(groups[v]) / SELECT_LIMIT) for v in verbs]
    given = [1] * len(verbs)
    spare = rows - len(verbs)
    while spare > 0 and any(g < n for g, n in zip(given, needs, strict=True)):
        index = max(range(len(verbs)), key=lambda i: needs[i] - given[i])
        given[index] += 1
        spare -= 1
    plan: list[tuple[str, list[str]]] = []
    for verb, count in zip(verbs, given, strict=True):
        moves = groups[verb]
        size = min(SELECT_LIMIT, math.ceil(len(moves) / count))
        for start in range(0, min(len(moves), size * count), size):
            plan.append((verb, moves[start : start + size]))
    return plan


def status_line(match: Match, locale: str) -> str:
    if is_solo(match):
        names = [shown_name(seat.name) for seat in match.seats]
    else:  # badge and name, as the picture numbers the seats
        names = [seat_label(match, seat, locale) for seat in range(len(match.seats))]
    result = (match.result or {}).get("result")
    if match.status == "abandoned":
        return t("board.status.abandoned", locale)
    if match.status == "finished":
        reason = (match.result or {}).get("reason")
        if reason in ("resigned", "day_over"):
            return t(f"board.status.{reason}", locale, name=names[0])
        if result == "resigned":  # no person left: the seats still playing ahead
            winners = ", ".join(names[i] for i in (match.result or {}).get("winners", []))
            return t("board.status.nobody_left", locale, winners=winners or "—")
        if result == "won":
            return t("board.status.won", locale, name=names[0])
        if result == "lost":
            return t("board.status.lost", locale, name=names[0])
        winners = ", ".join(names[i] for i in (match.result or {}).get("winners", []))
        return t("board.status.finished", locale, winners=winners or "—")
    if match.status == "lobby":
        return t("board.status.lobby", locale)
    movers = ", ".join(names[i] for i in match.to_move)
    return t("board.status.turn", locale, name=movers)


def clock_lines(match: Match, locale: str) -> list[str]:
    """A paused clock, and who asked to pause or resume it and who is still to agree."""
    if match.status != "playing":
        return []
    lines = [t("board.clock.paused", locale)] if match.paused_at is not None else []
    if match.paused_at is not None and match.pause.ends_at is not None:
        lines.append(t("board.clock.pause_ends", locale, when=f"<t:{int(match.pause.ends_at)}:R>"))
    if match.pause.ran_out and match.pause.ended_step == match.steps:
        lines.append(t("board.clock.ran_out", locale))
    if match.clock_votes:
        names = {
            s.user_id: seat_label(match, i, locale)
            for i, s in enumerate(match.seats)
            if s.user_id is not None and not s.is_computer
        }
        asked = ", ".join(names.get(u, str(u)) for u in match.clock_votes)
        waiting = ", ".join(n for u, n in names.items() if u not in match.clock_votes) or "—"
        key = (
            "board.clock.resume_asked" if match.paused_at is not None else "board.clock.pause_asked"
        )
        lines.append(t(key, locale, asked=asked, waiting=waiting))
    return lines


def undone_words(match: Match, undone: Sequence[tuple[int, str]], locale: str) -> str:
    """The steps a takeback undoes, oldest first: who, and the move in the game's words."""
    return " · ".join(
        f"{actor(match, seat, str(seat), locale)}: {move_words(match.game_id, notation, locale)}"
        for seat, notation in undone
    )


def holiday_lines(match: Match, locale: str) -> list[str]:
    """Who is on holiday, and until when (their clock stops meanwhile): holidays that end
    after the match's last change (a board is drawn from the match alone)."""
    if match.status != "playing":
        return []
    now = match.updated_at
    return [
        t(
            "board.holiday",
            locale,
            name=seat_label(match, seat, locale),
            until=f"<t:{int(until)}:f>",
        )
        for seat, s in enumerate(match.seats)
        if not s.is_computer
        for until in (match.away_until(s.user_id, now),)
        if until is not None
    ]


def takeback_lines(match: Match, locale: str) -> list[str]:
    """A takeback waiting for consent: who asks, what it undoes, who is still to answer."""
    ask = match.takeback
    if ask is None or match.status != "playing":
        return []
    waiting = [
        seat_label(match, s, locale)
        for s in range(len(match.seats))
        if match.seats[s].user_id in ask.waiting and match.seats[s].user_id not in ask.agreed
    ]
    return [
        t(
            "board.takeback.asked",
            locale,
            asker=actor(match, ask.seat, str(ask.by), locale),
            steps=undone_words(match, ask.undone, locale),
            waiting=", ".join(waiting) or "—",
        )
    ]


def takeback_apart(match: Match, locale: str) -> tuple[discord.ui.Item[Any], ...]:
    """Accept and Decline of a waiting takeback, beside Read and Resign."""
    if match.takeback is None or match.status != "playing":
        return ()
    at = match.takeback.at_steps
    return (
        TakebackButton(match.id, at, True, label=t("board.button.takeback_yes", locale)).item,
        TakebackButton(match.id, at, False, label=t("board.button.takeback_no", locale)).item,
    )


def actor(match: Match, seat: int, fallback: str, locale: str) -> str:
    """Who made a step: the seat's badge and name (a solo player's name alone)."""
    if is_solo(match) or not 0 <= seat < len(match.seats):
        return shown_name(fallback)
    return seat_label(match, seat, locale)


def event_line(
    game_id: str, kind: str, data: dict[str, Any], names: Sequence[str], locale: str
) -> str | None:
    """The game's line for an event in words (``names``: each seat's badge and name), or
    None when the game gives this kind no line."""
    text = presentation_of(game_id).event_text(kind, data, names)
    return say(text, locale) if has_key(text.key) else None


def step_words(game_id: str, step: TurnOutcome, locale: str) -> str:
    """What a step did, in the game's words: ``move_text``, or ``summary_text`` for a
    computer's whole turn summed up (``computer_turn == "turn"``); a move the game has no
    words for, as its notation."""
    presentation = presentation_of(game_id)
    summary = step.kind == "computer" and presentation.computer_turn == "turn"
    text = (presentation.summary_text if summary else presentation.move_text)(step.notation)
    words = say(text, locale)
    if len(words) > STEP_LIMIT:  # a long computer turn: words take more room than notation
        words = words[: STEP_LIMIT - 1] + "…"
    return words if words != step.notation else f"`{step.notation}`"


def move_words(game_id: str, notation: str, locale: str) -> str:
    """A move for a private reply about a move played (from elsewhere, or that the board
    could not show): its words with the notation after them in code style, as it was typed;
    the notation alone when the game has no words."""
    words = say(presentation_of(game_id).move_text(notation), locale)
    return f"`{notation}`" if words == notation else f"{words} (`{notation}`)"


def hint_text(game_id: str, notation: str, locale: str) -> str:
    """``/hint``'s answer: the move in words, then in small print the notation ``/play``
    takes (people who type moves need it; the words come first for everyone else)."""
    words = say(presentation_of(game_id).move_text(notation), locale)
    move = f"`{notation}`" if words == notation else words
    said = t("turn.hint", locale, move=move)
    return (
        said
        if move == f"`{notation}`"
        else f"{said}\n{t('turn.hint.typed', locale, notation=notation)}"
    )


def step_line(match: Match, step: TurnOutcome, locale: str) -> str:
    """One step as the board's log says it: who, and what in words."""
    return t(
        f"board.log.{step.kind}",
        locale,
        name=actor(match, step.seat, step.seat_name, locale),
        move=step_words(match.game_id, step, locale),
    )


def outcome_lines(match: Match, steps: Sequence[TurnOutcome], locale: str) -> list[str]:
    """What happened since the seat to move last moved (``steps``, oldest first: every seat's
    turn, so a person coming back sees each computer's, not only the last): the older steps
    one line each (their events left out, so the log stays short), the newest step and its
    automatic follow-ups with their events under each."""
    if not steps:
        return []
    *older, newest = steps
    lines: list[str] = []
    names = [
        actor(match, seat, seat_place.name, locale) for seat, seat_place in enumerate(match.seats)
    ]
    for step in (newest, *newest.follow_ups):
        lines.append(step_line(match, step, locale))
        for event in step.events:
            text = event_line(match.game_id, event.kind, dict(event.data), names, locale)
            if text:
                lines.append(f"• {text}")
    return [step_line(match, step, locale) for step in older] + lines[-LOG_LINES:]


def solo_summary(view: dict[str, Any], locale: str) -> list[str]:
    """The solo player's hand and pile in words, for people who cannot see the picture."""
    lines = []
    if isinstance(view.get("hand"), list):
        lines.append(t("board.hand", locale, cards=say(cards_text(view["hand"]), locale)))
    pile = view.get("pile", view.get("deck"))
    if isinstance(pile, int):
        lines.append(t("board.pile", locale, count=say(count_text("cards", pile), locale)))
    return [" · ".join(lines)] if lines else []


def board_head(match: Match, view: dict[str, Any], locale: str) -> list[str]:
    """What stands above the picture: whose turn or how it ended, the clock, the seats."""
    lines = [
        status_line(match, locale),
        *clock_lines(match, locale),
        *holiday_lines(match, locale),
        *takeback_lines(match, locale),
    ]
    if not is_solo(match) and match.state is not None:
        lines.append(seat_legend(match, locale))  # which badge on the picture is whose
    if view.get("no_starting_point") and match.status == "playing":
        lines.append(t("board.no_starting_point", locale))
    lines.extend(solo_summary(view, locale) if is_solo(match) else [])
    notes = presentation_of(match.game_id).board_notes(view)
    if notes and match.status == "playing":  # what the picture's symbols mean, in one line
        lines.append(" · ".join(say(note, locale) for note in notes))
    lines.extend(final_lines(match, locale))
    return lines


def final_lines(match: Match, locale: str) -> list[str]:
    """A finished multiplayer board's final scores (badge and name each) and, in words, why
    the game ended."""
    result = match.result or {}
    scores = list(result.get("scores") or [])
    if match.status != "finished" or is_solo(match) or len(scores) != len(match.seats):
        return []
    shown = " · ".join(
        f"{seat_label(match, seat, locale)} {float(score):g}" for seat, score in enumerate(scores)
    )
    lines = [t("board.final_scores", locale, scores=shown)]
    end = result.get("end")
    if isinstance(end, str) and end:
        key = f"end.{match.game_id}.{end}"
        lines.append(t("board.ended", locale, why=t(key, locale) if has_key(key) else end))
    return lines


def board_footer(match: Match, locale: str, followers: int = 0) -> str:
    footer = t("board.footer", locale, match_id=match.id, steps=match.steps)
    if followers and match.live:
        footer = f"{footer} · {t('board.followers', locale, count=followers)}"
    if match.status == "playing":
        footer = f"{footer} · {t('board.footer.play', locale)}"
    return footer


def move_selects(
    match: Match, notations: Sequence[str], locale: str, view: dict[str, Any] | None = None
) -> list[discord.ui.Item[Any]]:
    """One select per planned group, its placeholder naming the kind of move (and the
    range it covers when a kind needs several selects); each option says the move in a few
    words, the deciding ones first (the game's ``option_text``, read against ``view``), its
    details and notation below it."""
    plan = plan_selects(notations)
    presentation = presentation_of(match.game_id)
    counts: dict[str, int] = {}
    for verb, _ in plan:
        counts[verb] = counts.get(verb, 0) + 1
    texts = [[presentation.option_text(m, view) for m in moves] for _, moves in plan]
    said = [[say(short, locale) for short, _ in part] for part in texts]
    ends: dict[str, list[tuple[str, str]]] = {}
    for (verb, _), words in zip(plan, said, strict=True):
        if counts[verb] > 1:
            ends.setdefault(verb, []).append((words[0], words[-1]))
    parts = {
        verb: iter(part_placeholders(kind_label(verb, locale), e, locale))
        for verb, e in ends.items()
    }
    selects: list[discord.ui.Item[Any]] = []
    for slot, ((verb, moves), words) in enumerate(zip(plan, said, strict=True)):
        label = kind_label(verb, locale)
        details = [say(detail, locale) if detail else "" for _, detail in texts[slot]]
        if counts[verb] > 1:  # one part of a kind: the range it covers, in words
            label = next(parts[verb])
        selects.append(
            MoveSelect(
                match.id,
                match.version,
                slot,
                placeholder=label[:PLACEHOLDER_LIMIT],
                options=move_options(moves, words, details),
            ).item
        )
    return selects


def board_components(
    match: Match,
    notations: Sequence[str],
    locale: str,
    *,
    solo: bool = True,
    view: dict[str, Any] | None = None,
) -> discord.ui.View | None:
    """A game without declared controls. Solo: selects of the player's legal moves, Hint
    (Resign sits apart: ``resign_apart``). Multiplayer: no moves in public (they could reveal
    a hand); a "My hand" button opens them privately. No moves once the match is over (dead buttons would only
    confuse; ``board_message`` adds Rematch and Review to a finished board)."""
    if match.status != "playing":
        return None
    components = discord.ui.View(timeout=None)
    if solo:
        for select in move_selects(match, notations, locale, view):
            components.add_item(select)
    else:
        components.add_item(
            BoardButton(match.id, match.version, "hand", label=t("board.button.hand", locale)).item
        )
    components.add_item(
        BoardButton(match.id, match.version, "hint", label=t("board.button.hint", locale)).item
    )
    return components


def resign_apart(match: Match, locale: str) -> tuple[discord.ui.Item[Any], ...]:
    """Resign, on a row of its own below the controls while the match is played (it asks
    for a confirmation first)."""
    if match.status != "playing":
        return ()
    return (
        BoardButton(match.id, match.version, "resign", label=t("board.button.resign", locale)).item,
    )


def read_apart(match: Match, locale: str) -> tuple[discord.ui.Item[Any], ...]:
    """Read the board: the whole position in words, privately (``cogs.ui.readout``), on
    every board of a started match, beside Resign."""
    if match.state is None:
        return ()
    label = t("board.button.read", locale)
    return (BoardButton(match.id, match.version, "read", label=label).item,)


def resign_question(match_id: str, version: int, locale: str) -> dict[str, Any]:
    """The private "are you sure?" of Resign (it cannot be undone), with its red
    confirmation button, as ``send`` keywords."""
    components = discord.ui.View(timeout=None)
    label = t("board.button.confirm_resign", locale)
    components.add_item(BoardButton(match_id, version, "confirm-resign", label=label).item)
    return {"content": t("turn.confirm_resign", locale), "view": unheld(components)}


#: Recent pictures by (game, kind, locale, view): the same view always gives the same PNG,
#: so re-posting a board (``/game show``) or reopening a hand costs nothing.
_PICTURES: OrderedDict[tuple[str, str, str, str], bytes] = OrderedDict()
PICTURE_CACHE_SIZE = 64


async def render_png(
    game_id: str, view: dict[str, Any], locale: str, kind: str = "board"
) -> bytes | None:
    """The board picture, drawn in a worker thread so the event loop keeps answering.

    ``None`` when the game has no renderer yet: the text still tells the whole story, and
    a missing picture must never block a move that is already saved."""
    key = (game_id, kind, locale, json.dumps(view, sort_keys=True, default=str))
    cached = _PICTURES.get(key)
    if cached is not None:
        _PICTURES.move_to_end(key)
        return cached
    try:
        draw = renderer.render_hand if kind == "hand" else renderer.render_board
        with stage("render"):
            png = await asyncio.to_thread(draw, game_id, view, locale)
    except (ImportError, ValueError, AttributeError):
        log.warning("no %s picture for %s", kind, game_id, exc_info=True)
        return None
    _PICTURES[key] = png
    while len(_PICTURES) > PICTURE_CACHE_SIZE:
        _PICTURES.popitem(last=False)
    return png


def public_controls(seen: Seen, locale: str, selected: str | None = None) -> discord.ui.View | None:
    """The declared controls of a game played on the public board: the seat to move's legal
    moves (none while a computer decides, so everything is disabled); ``selected``: the
    piece the pad acts on. None when the game declares no controls or the match is over."""
    match = seen.match
    if match.status != "playing" or not match.to_move:
        return None
    controls = presentation_of(match.game_id).controls(seen.view, list(seen.moves), selected)
    return controls_components(match, controls, locale) if controls is not None else None


def board_controls(seen: Seen, locale: str, selected: str | None = None) -> discord.ui.View | None:
    """The board's components (``selected``: see ``public_controls``)."""
    match = seen.match
    if registration(match.game_id).public_controls:
        return public_controls(seen, locale, selected)
    return board_components(match, seen.moves, locale, solo=is_solo(match), view=seen.view)


async def board_message(
    seen: Seen,
    locale: str,
    steps: Sequence[TurnOutcome] = (),
    selected: str | None = None,
) -> BoardMessage:
    """The complete board message of ``seen.match`` in ``locale`` (the lobby before a
    start), formatted from what the service gave (``MatchService.board_seen``) and no more;
    ``steps``: what happened, oldest first (``flows.boards.recall``); ``selected``: the piece
    the pad acts on (``public_controls``)."""
    match, view = seen.match, seen.view
    if match.state is None:
        return lobby_message(match, locale)
    png = await render_png(match.game_id, view, locale)
    components = board_controls(seen, locale, selected)
    if components is None and match.status == "finished" and not is_solo(match):
        components = discord.ui.View(timeout=None)
        components.add_item(RematchButton(match.id, label=t("board.button.rematch", locale)).item)
    if components is None and match.status == "finished" and is_solo(match):
        components = discord.ui.View(timeout=None)
        label = t("board.button.play_again", locale)
        components.add_item(PlayAgainButton(match.id, label=label).item)
    if match.status == "finished" and reviewable(match.game_id):
        components = components or discord.ui.View(timeout=None)
        components.add_item(ReviewButton(match.id, label=t("board.button.review", locale)).item)
    return BoardMessage(
        title=game_name(match.game_id, locale),
        head=tuple(board_head(match, view, locale)),
        png=png,
        controls=components,
        footer=board_footer(match, locale, seen.followers),
        body=tuple(outcome_lines(match, steps, locale)),
        accent=accent(match),
        apart=(
            *takeback_apart(match, locale),
            *read_apart(match, locale),
            *(resign_apart(match, locale) if components is not None else ()),
        ),
        alt_text=picture_alt(match, view, locale, limit=GALLERY_ALT_LIMIT),
    )
