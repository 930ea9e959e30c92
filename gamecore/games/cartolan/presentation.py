"""How Cartolan shows itself on Discord: the direction pad of the selected Adventurer, the
offered decisions, the options' meaning per preset, the lobby's computer players, and one
board update per computer turn with a one-line summary (docs/games/cartolan-discord.md).

Nothing in Cartolan is hidden, so the controls sit on the public board. Pure: labels are
catalog keys (``cartolan.label.*``), translated by the bot.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from gamecore.games.cartolan.event_words import event_words, place_text, side_text
from gamecore.presentation import (
    Controls,
    Move,
    Offer,
    OptionLine,
    Piece,
    PieceChoice,
    Presentation,
    Text,
    count_text,
    seat_badge,
)

DIRECTIONS = ("N", "E", "S", "W")
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
#: A plain step or wait of Adventurer ``n``: the pad's moves (other moves are offers).
PAD_MOVE = re.compile(r"(?:move (?P<number>\d+) [NESW]|wait (?P<waiting>\d+))")
#: Event kinds worth a line in a computer turn's short log (moves and waits are summed up).
LOGGED_EVENTS = frozenset(
    {
        "explore",
        "explore_failed",
        "discover_wonder",
        "discover_city",
        "map_complete",
        "trade",
        "rest",
        "restore",
        "attack",
        "attack_agent",
        "arrest",
        "loot",
        "steal_map",
        "court",
        "disaster",
        "agent_placed",
        "bank",
        "buy_adventurer",
        "buy_maps",
        "abandon",
        "game_over",
        "card",
        "deposit",
        "harbour_arrest",
        "buy_manuscript",
    }
)
#: Longest turn summary (the board's log line stays short).
SUMMARY_LIMIT = 180


def group_key(notation: str) -> str:
    """The words before the first number: ``buy agent 2,3`` → ``buy agent``,
    ``attack 2.1`` → ``attack``, ``move 2 N map 1`` → ``move``."""
    words: list[str] = []
    for word in notation.split():
        if any(ch.isdigit() for ch in word):
            break
        words.append(word)
    return " ".join(words) or notation


def verb_text(key: str) -> Text:
    return Text(f"cartolan.label.{key.replace(' ', '_')}", fallback=key.capitalize())


#: Moves that name a place (``buy agent 2,-1``): said from the Capital, as the map shows no
#: coordinates (``cartolan.label.<key>_place``).
PLACE_MOVES = {"buy agent": "buy_agent", "relocate": "relocate", "deposit": "deposit"}
CELL = re.compile(r"(-?\d+),(-?\d+)")
#: An Adventurer as its token on the map reads: seat number, dot, Adventurer number.
TOKEN = re.compile(r"\d+\.\d+")


def step_label(words: list[str]) -> Text | None:
    """A step, gust or wait of an Adventurer in words (``move 1 N map 2`` → "Adventurer 1
    moves north with chest map 2"); None for other moves."""
    verb, args = words[0], words[1:]
    number = args.pop(0) if args and args[0].isdigit() else ""
    if verb == "wait" and not args:
        return Text("cartolan.label.wait_adventurer", {"number": number or "1"})
    if verb not in ("move", "gust") or not args or args[0] not in DIRECTIONS:
        return None
    params: dict[str, Any] = {"number": number or "1", "side": side_text(args[0])}
    if verb == "move" and args[1:2] == ["map"] and len(args) == 3:
        return Text("cartolan.label.move_map", {**params, "map": args[2]})
    return Text(f"cartolan.label.{verb}_side", params) if len(args) == 1 else None


def move_label(notation: str, view: Mapping[str, Any] | None = None) -> Text:
    """The verb's text and whatever follows it (``Bank 5``); a card choice names the card
    (its name is printed on the card itself), a chest-map choice its edges; a step, a gust
    and a wait say the Adventurer and the direction, a place is said from the Capital."""
    key = group_key(notation)
    rest = notation[len(key) :].strip()
    verb = verb_text(key)
    step = step_label(notation.split()) if notation.strip() else None
    if step is not None:
        return Text(step.key, step.params, fallback=notation)
    if key in ("attack", "rest") and TOKEN.fullmatch(rest):  # the map's token 2.1, in words
        seat, number = rest.split(".")
        return Text(
            f"cartolan.label.{key}_adventurer",
            {"badge": seat_badge(int(seat) - 1), "number": number},
            fallback=notation,
        )
    cell = CELL.fullmatch(rest)
    if key in PLACE_MOVES and cell:
        return Text(
            f"cartolan.label.{PLACE_MOVES[key]}_place",
            {"place": place_text(cell[1], cell[2])},
            fallback=notation,
        )
    decision = (view or {}).get("decision") or {}
    index = int(rest) - 1 if rest.isdigit() else -1
    if key == "choose" and 0 <= index < len(decision.get("cards") or []):
        name = decision["cards"][index].get("name")
        if name:
            return Text(verb.key, suffix=f" {rest}: {name}", fallback=verb.fallback)
    if key == "keep" and 0 <= index < len(decision.get("options") or []):
        tile = decision["options"][index]  # the edges N, E, S, W as on the picture
        edges = str(tile.get("edges", ""))
        mark = " ★" if tile.get("wonder") else ""
        return Text(verb.key, suffix=f" {rest}: {edges}{mark}".rstrip(), fallback=verb.fallback)
    return Text(verb.key, suffix=f" {rest}" if rest else "", fallback=verb.fallback)


def arrows_from_capital(x: str, y: str) -> str:
    """Where a place lies from the Capital in the pad's arrows: ``2,-1`` → "↓1 →2"."""
    east, north = int(x), int(y)
    parts = []
    if north:
        parts.append(f"{ARROWS['N' if north > 0 else 'S']}{abs(north)}")
    if east:
        parts.append(f"{ARROWS['E' if east > 0 else 'W']}{abs(east)}")
    return " ".join(parts) or "◎"


#: Steps offered in menus, whose options say only the side (the menu says the kind).
SHORT_STEPS = ("cartolan.label.gust_side", "cartolan.label.move_map")


def short_label(notation: str, view: Mapping[str, Any] | None = None) -> Text:
    """A menu option's label, the deciding words first and short: a place as arrows from the
    Capital ("Buy an Agent ↓3 ←3"), a gust or a step with a chest map by its side ("Gust to
    the north"); the whole words go to the small print (``option_detail``). Any other move
    as ``move_label`` says it."""
    step = step_label(notation.split()) if notation.strip() else None
    if step is not None and step.key in SHORT_STEPS:
        return Text(f"{step.key}_short", step.params, fallback=notation)
    key = group_key(notation)
    cell = CELL.fullmatch(notation[len(key) :].strip())
    if key in PLACE_MOVES and cell:
        return Text(
            f"cartolan.label.{PLACE_MOVES[key]}_short",
            {"place": arrows_from_capital(cell[1], cell[2])},
            fallback=notation,
        )
    return move_label(notation, view)


def option_detail(notation: str) -> Text | None:
    """What a short menu label leaves out, for the option's small print: a place in words,
    a step's Adventurer and side."""
    step = step_label(notation.split()) if notation.strip() else None
    if step is not None and step.key in SHORT_STEPS:
        return step
    key = group_key(notation)
    cell = CELL.fullmatch(notation[len(key) :].strip())
    return place_text(cell[1], cell[2]) if key in PLACE_MOVES and cell else None


def explorable(view: Mapping[str, Any]) -> set[str]:
    """Directions whose step explores a gap (shown with a ``?``, as on the picture)."""
    found: set[str] = set()
    for square in view.get("reachable") or []:
        side = square.get("side")
        if isinstance(side, int) and 0 <= side < 4:
            side = DIRECTIONS[side]
        if square.get("explore") and side in DIRECTIONS:
            found.add(side)
    return found


def pad_numbers(legal: Sequence[str]) -> list[str]:
    """The Adventurers (by number) that have a step or a wait among ``legal``."""
    numbers: dict[str, None] = {}
    for notation in legal:
        found = PAD_MOVE.fullmatch(notation)
        if found:
            numbers[found["number"] or found["waiting"]] = None
    return sorted(numbers, key=int)


def short_notation(notation: str) -> str:
    """``move 2 N`` → ``N``; other moves as they are."""
    words = notation.split()
    if words and words[0] == "move" and len(words) >= 3:
        return words[2] + ("+map" if "map" in words else "")
    return notation


# A board's log says the same step or computer turn in every reader's language: the words
# (``Text``, never changed once made) are worked out once per notation.
@functools.lru_cache(maxsize=1024)
def _plain_move_label(notation: str) -> Text:
    return move_label(notation)


@functools.lru_cache(maxsize=256)
def _summary_text(summary: str) -> Text:
    parts: list[Text] = []
    for part in summary.split(" · "):
        cut = part.endswith("…")
        words = part.removesuffix("…").split()
        sides = [word.removesuffix("+map") for word in words]
        if sides and all(side in DIRECTIONS for side in sides):
            parts.append(Text("cartolan.label.steps", {"sides": tuple(map(side_text, sides))}))
        elif words:
            parts.append(move_label(" ".join(words)))
        if cut:
            parts.append(Text("cartolan.label.more"))
    if not parts:
        return Text("cartolan.label.more", fallback=summary)
    said = parts[-1]
    for earlier in reversed(parts[:-1]):  # "a · b · c", the order kept
        said = Text("cartolan.label.then", {"first": earlier, "rest": said})
    return said


class CartolanPresentation(Presentation):
    #: Strongest first (rules §13), then the random player.
    computer_players = ("explorer", "trader", "router", "pirate", "random")
    computer_turn = "turn"
    summary_events = LOGGED_EVENTS

    def controls(
        self, view: Mapping[str, Any], legal: Sequence[str], selected: str | None
    ) -> Controls:
        """↑ → ↓ ← for the selected Adventurer (disabled when not legal; a step into a gap
        reads "→ New", a new tile: a short word, so that three such and an arrow fit one
        phone row, explained by :meth:`board_notes`), the
        Adventurer selector when several can move, the offered decisions, then its Wait and
        End (four directions fit one row on a phone; five buttons wrap onto two)."""
        movable = pad_numbers(legal)
        moving = str((view.get("decision") or {}).get("adventurer") or 1)
        if selected not in movable:
            selected = moving if moving in movable or not movable else movable[0]
        allowed = set(legal)
        exploring = explorable(view)
        pad: list[Move] = []
        for side in DIRECTIONS:
            notation = f"move {selected} {side}"
            legal_step = notation in allowed
            explores = side in exploring and legal_step
            label = Text(
                f"cartolan.label.{'pad_explore' if explores else 'pad_step'}",
                {"arrow": ARROWS[side]},
            )
            pad.append(Move(notation, label, "primary" if legal_step else "secondary", legal_step))
        wait = f"wait {selected}"
        pieces = None
        if len(movable) > 1:
            choices = tuple(
                Piece(n, Text("cartolan.label.adventurer", suffix=f" {n}")) for n in movable
            )
            pieces = PieceChoice(choices, selected)
        groups: dict[str, list[str]] = {}
        for notation in legal:
            if notation != "end" and not PAD_MOVE.fullmatch(notation):
                groups.setdefault(group_key(notation), []).append(notation)
        offers = tuple(
            Offer(
                verb_text(key),
                tuple(
                    Move(n, short_label(n, view), "success", detail=option_detail(n)) for n in moves
                ),
            )
            for key, moves in groups.items()
        )
        end = "end" in allowed
        finish = (
            Move(wait, Text("cartolan.label.wait"), enabled=wait in allowed),
            Move("end", Text("cartolan.label.end"), "primary" if end else "secondary", end),
        )
        return Controls(pad=tuple(pad), pieces=pieces, offers=offers, finish=finish)

    def board_notes(self, view: Mapping[str, Any]) -> tuple[Text, ...]:
        """What the pad's "New" and the map's ``2.1`` mean, while either is shown."""
        notes = []
        if explorable(view):
            notes.append(Text("cartolan.note.explore"))
        fleets: dict[Any, int] = {}
        for adventurer in view.get("adventurers") or []:
            fleets[adventurer.get("seat")] = fleets.get(adventurer.get("seat"), 0) + 1
        if any(count > 1 for count in fleets.values()):
            notes.append(Text("cartolan.note.tokens"))
        return tuple(notes)

    def option_label(self, name: str) -> Text:
        return Text(f"cartolan.option.{name}", fallback=name)

    def option_lines(self, options: Mapping[str, Any]) -> tuple[OptionLine, ...]:
        """Every option, with what ``default`` means for the chosen preset and mode."""
        preset, mode = options.get("preset"), options.get("mode")
        meanings: dict[str, Text] = {}
        if options.get("exploration") == "default":
            resolved = "clockwise" if preset == "classic" else "continuous"
            meanings["exploration"] = Text("lobby.option_default", {"value": resolved})
        if options.get("mythical") == "default":
            rule: str | Text = (
                "on" if preset == "modern" else Text("cartolan.lobby.mythical_classic")
            )
            meanings["mythical"] = Text(
                "lobby.option_default", {"value": "off" if mode == "beginner" else rule}
            )
        for name in ("travel_money", "abandon"):  # rules of the designer's later code
            if options.get(name) == "default":
                meanings[name] = Text(
                    "lobby.option_default", {"value": "on" if preset == "modern" else "off"}
                )
        return tuple(
            OptionLine(name, self.option_label(name), str(value), meanings.get(name))
            for name, value in options.items()
        )

    def player_label(self, name: str) -> Text:
        return Text(f"cartolan.player.{name}", fallback=name.capitalize())

    def turn_summary(self, notations: Sequence[str]) -> str:
        """The moves in short: ``N E E · trade · bank 3 · end`` (a run of steps shares one
        part; a gust keeps its own: ``gust 1 S · N N``)."""
        parts: list[str] = []
        for notation in notations:
            text = short_notation(notation)
            steps = parts and all(word in DIRECTIONS for word in parts[-1].split())
            if steps and text in DIRECTIONS and len(parts[-1]) < 40:
                parts[-1] = f"{parts[-1]} {text}"
            else:
                parts.append(text)
        summary = " · ".join(parts)
        if len(summary) > SUMMARY_LIMIT:
            summary = summary[: SUMMARY_LIMIT - 1] + "…"
        return summary

    def event_text(self, kind: str, data: Mapping[str, Any], names: Sequence[str] = ()) -> Text:
        """Places, wealth and seats in words (``event_words``)."""
        return event_words(kind, data, names)

    def move_text(self, notation: str, view: Mapping[str, Any] | None = None) -> Text:
        """A move in words: the label its button or menu option carries."""
        return move_label(notation, view) if view is not None else _plain_move_label(notation)

    def summary_text(self, summary: str) -> Text:
        """``N E E · agent · end`` → "moved north, east, east · Place an Agent · End turn"."""
        return _summary_text(summary)

    def read_out(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        """Every tile from the Capital outwards: land or water, city, wonder, mythical or
        disaster, its wind, wealth dropped there and the Agent on it; where the Adventurer to
        move can go; what the tile piles hold."""
        agents = {(a["x"], a["y"]): a for a in view.get("agents", [])}
        tiles = sorted(
            view.get("tiles", []),
            key=lambda tile: (abs(tile["x"]) + abs(tile["y"]), -tile["y"], tile["x"]),
        )
        lines = [
            Text(
                "read.cartolan.tile",
                {
                    "place": place_text(tile["x"], tile["y"]),
                    "what": _tile_words(tile, agents.get((tile["x"], tile["y"])), names),
                },
            )
            for tile in tiles
        ]
        reach = tuple(
            Text(
                "read.cartolan.reach_one",
                {
                    "place": place_text(spot["x"], spot["y"]),
                    "side": side_text(spot.get("side", "")),
                },
            )
            for spot in view.get("reachable", [])
        )
        if reach:
            lines.append(Text("read.cartolan.reach", {"places": reach}))
        lines += _panel_words(view, names)
        piles: Mapping[str, Any] = view.get("piles") or {}
        lines.append(
            Text(
                "read.cartolan.piles",
                {
                    "water": (piles.get("water") or {}).get("count", 0),
                    "land": (piles.get("land") or {}).get("count", 0),
                },
            )
        )
        return tuple(lines)

    def describe(self, view: Mapping[str, Any], names: Sequence[str]) -> tuple[Text, ...]:
        """The board in words: round and whose decision, each seat's vault and pieces, each
        Adventurer's place (from the Capital, as in the log) and chest, the explored tiles and
        the last move."""

        def name(seat: int) -> str:
            return names[seat] if 0 <= seat < len(names) else str(seat + 1)

        status: Mapping[str, Any] = view.get("status") or {}
        lines: list[Text] = []
        if status.get("result", "playing") != "playing":
            winners = tuple(Text("alt.name", {"name": name(s)}) for s in status.get("winners", ()))
            lines.append(Text("alt.winners", {"names": winners or (Text("alt.none"),)}))
        else:
            lines.append(
                Text(
                    "alt.round_to_move_open",
                    {
                        "round": view.get("round", 1),
                        "names": tuple(
                            Text("alt.name", {"name": name(s)}) for s in status.get("to_move", ())
                        ),
                    },
                )
            )
        lines.append(
            Text(
                "alt.scores",
                {
                    "scores": tuple(
                        Text(
                            "alt.cartolan.seat",
                            {
                                "name": name(p["seat"]),
                                "vault": p.get("vault", 0),
                                "adventurers": count_text("adventurers", p.get("adventurers", 0)),
                                "agents": count_text("agents", p.get("agents", 0)),
                            },
                        )
                        for p in view.get("players", [])
                    )
                },
            )
        )
        lines.append(
            Text(
                "alt.cartolan.adventurers",
                {
                    "items": tuple(
                        Text(
                            "alt.cartolan.adventurer",
                            {
                                "number": a["number"],
                                "name": name(a["seat"]),
                                "place": place_text(a["x"], a["y"]),
                                "chest": a.get("chest", 0),
                                "pirate": Text("alt.cartolan.pirate") if a.get("pirate") else "",
                            },
                        )
                        for a in view.get("adventurers", [])
                    )
                },
            )
        )
        lines.append(
            Text(
                "alt.cartolan.tiles",
                {
                    "tiles": count_text("tiles", len(view.get("tiles", []))),
                    "cities": count_text("cities", len(view.get("cities", []))),
                },
            )
        )
        if view.get("last_action"):
            lines.append(Text("alt.last_move", {"move": move_label(str(view["last_action"]))}))
        return tuple(lines)


def _panel_words(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """Each seat's panel: Agents still to place and cadre card; each Adventurer's chest maps
    and cards."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat + 1)

    lines = []
    for player in view.get("players", []):
        seat = int(player.get("seat", 0))
        left = max(int(player.get("max_agents", 0)) - int(player.get("agents", 0)), 0)
        cadre = player.get("cadre")
        key = "read.cartolan.seat_cadre" if cadre else "read.cartolan.seat"
        lines.append(Text(key, {"name": name(seat), "agents": left, "cadre": str(cadre or "")}))
    for adventurer in view.get("adventurers", []):
        maps = len(adventurer.get("maps") or [])
        cards = tuple(Text("alt.name", {"name": str(c)}) for c in adventurer.get("cards") or [])
        if maps or cards:
            params = {
                "number": adventurer.get("number", 1),
                "name": name(int(adventurer.get("seat", 0))),
                "maps": maps,
                "cards": cards or (Text("alt.none"),),
            }
            lines.append(Text("read.cartolan.carries", params))
    return lines


def _tile_words(
    tile: Mapping[str, Any], agent: Mapping[str, Any] | None, names: Sequence[str]
) -> tuple[Text, ...]:
    """What a tile shows, each feature in words (never its colour alone)."""
    words = [Text("read.cartolan.land" if tile.get("back") == "land" else "read.cartolan.water")]
    for feature in ("city", "wonder", "mythical", "disaster"):
        if tile.get(feature):
            words.append(Text(f"read.cartolan.{feature}"))
    wind = str(tile.get("wind") or "")
    if wind:  # "NE" → "north-east": letters would be read out one by one
        sides = {f"s{index}": side_text(letter) for index, letter in enumerate(wind[:2])}
        words.append(Text(f"read.cartolan.wind.{len(sides)}", sides))
    if tile.get("dropped"):
        words.append(Text("read.cartolan.dropped", {"count": int(tile["dropped"])}))
    if agent is not None:
        seat = int(agent.get("seat", 0))
        owner = names[seat] if 0 <= seat < len(names) else str(seat + 1)
        key = "read.cartolan.agent_ransacked" if agent.get("ransacked") else "read.cartolan.agent"
        words.append(Text(key, {"name": owner, "wealth": agent.get("wealth", 0)}))
    return tuple(words)


PRESENTATION = CartolanPresentation("cartolan")
