"""Everything the picture draws is in "Read the board": for every registered game, at many
positions of seeded games, in every present locale, each element ``renderer.inspect``
records while the board (and a seat's hand) is drawn must appear in the read-out's words.

What "appears" means is said per kind of element, from the element's own name (a cell or
region name, a card, a seat, a place on the map, a count); frames and highlights that only
repeat what words already say are listed in ``SAID_ELSEWHERE`` with the reason.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import renderer
from cogs.ui.labels import say
from cogs.ui.readout import readout_lines
from gamecore.games.cartolan.event_words import place_text
from gamecore.match import Seat
from gamecore.presentation import Text, card_text
from gamecore.registry import get_game, list_games
from renderer import inspect
from tests.cogs.helpers import playing_match
from tests.i18n.locales import locales_under_test

#: Element kinds that only frame or highlight what the words say already, per game ("*": all).
SAID_ELSEWHERE: dict[str, dict[str, str]] = {
    "*": {
        "banner": "the winners' banner: the status line and final scores say who won",
        "area": "the map's frame",
        "minimap": "a small copy of the map, whose tiles are each read out",
        "path": "the last move's trail: the last steps say the move",
        "count": "a pill counting pieces stacked on one tile: each piece is read out",
        "arrow": "a marker pointing at a piece that is read out with its place",
        "row": "a panel row's frame: each row's content is read out",
    },
    "speiderne": {
        "funded": "the last move's funding: the last steps' event lines say it",
    },
}


def seat_names(seats: int) -> list[str]:
    return [f"player{seat}" for seat in range(seats)]


def number(value: Any) -> str:
    return str(len(value) if isinstance(value, list | tuple) else int(value or 0))


def card_words(card: str, locale: str) -> str:
    return say(card_text(card), locale)


def words_for(
    game_id: str, kind: str, name: str, view: dict[str, Any], locale: str
) -> list[str] | None:
    """The words that must be in the read-out for one drawn element; None when the element is
    a frame (``SAID_ELSEWHERE``)."""
    if kind in SAID_ELSEWHERE["*"] or kind in SAID_ELSEWHERE.get(game_id, {}):
        return None
    if game_id == "speiderne" and name.startswith(("paid ", "funded ")):
        return None  # the last move's funding (SAID_ELSEWHERE)
    if kind == "card" and name.startswith("hand"):
        card = name.removeprefix("hand").strip()
        return [card_words(card, locale)] if re.fullmatch(r"(10|[2-9AJQK])[SHDC]", card) else []
    if kind in ("pile", "badge"):
        pile = name.split()[0]
        value = view.get(pile)
        return [number(value)] if value is not None else None
    if kind == "mark" and name == "result" or kind == "banner":
        return None
    return GAME_WORDS.get(game_id, lambda *_: [name])(kind, name, view, locale)


def cartographer(kind: str, name: str, _view: dict[str, Any], locale: str) -> list[str]:
    if kind == "card":
        return [f"{name} "]
    if kind == "mark" and name.startswith("ace "):
        return [card_words("A" + name.split()[1], locale)]
    return [name]


def delver(kind: str, name: str, view: dict[str, Any], locale: str) -> list[str]:
    if kind == "card":
        level, position = name.split(".")
        card = view["levels"][int(level) - 1][int(position) - 1]
        return [f"#{position}"] + ([card_words(card, locale)] if card else [])
    if kind == "coin":
        claimed = int(name) in {int(c) for c in view.get("claimed") or []}
        return [say(Text("read.delver.claimed" if claimed else "read.delver.unclaimed"), locale)]
    if kind == "mark":
        return []  # a level's condition badge: board_notes say it above the picture
    return [name]


def speiderne(kind: str, name: str, view: dict[str, Any], locale: str) -> list[str]:
    names = seat_names(int(view.get("players") or 0))
    words = name.split()
    if kind in ("region", "place", "owed"):
        return [name]
    if kind == "card" and words[0] == "region":
        card = (view["regions"].get(words[1]) or {}).get("card")
        return [words[1]] + ([card_words(card, locale)] if card else [])
    if kind == "card" and re.fullmatch(r"E\d+", words[0]):  # a card in an expedition's row
        expedition = next(e for e in view["expeditions"] if e["id"] == words[0])
        card = (expedition.get("cards") or [])[int(words[1])]
        return [words[0]] + ([card_words(card, locale)] if card else [])
    if kind == "card" and words[0] in ("insurance", "event"):
        return [card_words(words[1], locale)]
    if kind == "disc" and words[0] == "region":
        by = (view["regions"].get(words[1]) or {}).get("by")
        return [names[int(by)]] if by is not None else [words[1]]
    if kind == "disc" and words[0] == "seat":
        return [names[int(words[1])]]
    if kind == "disc":
        return []  # the event panel's disc: the event line says it
    if kind in ("seat", "bonus"):
        return [names[int(name)]]
    if kind == "token":
        return [words[0]]
    if kind in ("event", "mark"):
        event = words[0]
        said = [say(Text(f"read.speiderne.event.{event}"), locale)] if event in EVENTS else []
        return said + words[1:]
    if kind == "label":
        return re.findall(r"[A-Z]\d|\d+", name)[:2] or [name]
    return [name]


EVENTS = ("storm", "windless", "pirates", "treasure")


def cartolan(kind: str, name: str, view: dict[str, Any], locale: str) -> list[str]:
    names = seat_names(len(view.get("players", [])))
    at = re.search(r"(-?\d+),(-?\d+)$", name)
    place = [say(place_text(at[1], at[2]), locale)] if at else []
    if kind in ("tile", "reach"):
        return place
    if kind == "piece" and "adventurer" in name:
        seat, _ = re.search(r"(\d+)\.(\d+)", name).groups()
        return [names[int(seat) - 1]]
    if kind == "piece" and name.startswith("agent"):
        seat = int(name.split()[1])
        return [names[seat - 1], *place]
    if kind == "piece" and name.startswith("seat"):
        return [names[int(name.split()[1]) - 1]]
    if kind == "token" and at:
        return [*place, name.split()[1]]
    if kind == "token":
        return []  # an Adventurer's chest: its content is said with the Adventurer
    if kind == "card" and name == "chest map":  # a map in an Adventurer's chest: who, how many
        carrier = next(a for a in view["adventurers"] if a.get("maps"))
        return [names[int(carrier["seat"])], str(len(carrier["maps"]))]
    if kind == "card":
        return [name]
    if kind == "label" and re.fullmatch(r"\d+(\.\d+)?", name):  # a piece's seat (and number)
        seat = int(name.split(".")[0])
        return [names[seat - 1]] if 0 < seat <= len(names) else [str(seat)]
    if kind == "label":
        return re.findall(r"\d+", name)[:1]
    return [name]


def drop_four(_kind: str, name: str, _view: dict[str, Any], _locale: str) -> list[str]:
    """A piece ``a3``: its column's line (the column's pieces, bottom up, by seat number)."""
    return [name[0]]


GAME_WORDS: dict[str, Callable[[str, str, dict[str, Any], str], list[str]]] = {
    "cartographer": cartographer,
    "dungeon-delver": delver,
    "speiderne": speiderne,
    "cartolan": cartolan,
    "drop-four": drop_four,
}


def positions(game_id: str, seed: int, every: int = 7, limit: int = 70) -> Iterator[Any]:
    game = get_game(game_id)
    seats = 1 if game.max_players == 1 else min(3, game.max_players)
    state = game.setup(seats, seed, {})
    rng = random.Random(seed)
    for step in range(limit):
        status = game.status(state)
        if step % every == 0 or status.over:
            yield state, seats
        if status.over:
            return
        seat = status.to_move[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])


def missing_words(game_id: str, locale: str, seed: int) -> list[str]:
    game = get_game(game_id)
    missing: list[str] = []
    for state, seats in positions(game_id, seed):
        people = tuple(Seat(100 + s, None, f"player{s}") for s in range(seats))
        to_move = (game.status(state).to_move or [0])[0]
        match = playing_match(game_id, people, state, to_move=to_move)
        solo = seats == 1
        public = game.view(state, 0 if solo else None)
        own = None if solo else game.view(state, 0)
        text = "\n".join(readout_lines(match, public, own, (), locale))
        drawn = [(public, renderer.render_board)]
        if own is not None:
            drawn.append((own, renderer.render_hand))
        for view, draw in drawn:
            draw(game_id, view, locale)  # first outside the recording: no warm-up drawing counts
            with inspect.recording() as elements:
                draw(game_id, view, locale)
            for element in {(e.kind, e.name) for e in elements}:
                needed = words_for(game_id, *element, view, locale)
                for word in needed or ():
                    if word not in text:
                        missing.append(f"{element}: {word!r}")
    return sorted(set(missing))


@pytest.mark.parametrize("locale", locales_under_test())
@pytest.mark.parametrize("game_id", [game.id for game in list_games()])
def test_every_drawn_element_is_in_the_read_out(game_id: str, locale: str) -> None:
    missing = [m for seed in (2, 5) for m in missing_words(game_id, locale, seed)]
    assert missing == [], f"{game_id} {locale}: {missing[:12]}"
