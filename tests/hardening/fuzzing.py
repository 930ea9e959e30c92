"""Hostile input against the match service: strategies, the routing of component ids through
the bot's own ``DynamicItem`` templates, and the checks every input must pass.

Used by ``test_hostile_input.py`` (a few thousand inputs) and ``bench/fuzz.py`` (≥ 100,000).
Every input must end in one of two ways:

- a typed refusal (``IllegalAction``, ``MatchError`` included) whose translation exists in
  English and Japanese and fits one Discord message, with NOTHING changed: not the match in
  memory, not any row of the database; or
- a legitimate step: the caller is the seat on turn, the version (if given) is current, and
  the move's canonical notation was among the legal moves.

Anything else (another exception, a change after a refusal, an illegitimate success) is a
``Finding``.
"""

from __future__ import annotations

import asyncio
import re
import string
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import cogs
from gamecore.contract import IllegalAction
from gamecore.match import Match
from gamecore.registry import get_game, list_games
from i18n import has_key, t
from service import MatchService
from storage import SqliteMatchStore
from storage.sql import Query

#: Discord's limit on a message's text (2,000 characters).
MESSAGE_LIMIT = 2000
#: Discord's limits on what a person can send: a string option / select value / custom_id.
TYPED_LIMIT = 100

#: Rows the store's connection has written, triggers included (SQLite's total_changes()).
TOTAL_CHANGES = Query("SELECT total_changes()")

HOST, GUEST, THIRD = 111, 222, 333
STRANGER, OTHER_GUILD = 444, 555
USERS: tuple[int, ...] = (HOST, GUEST, THIRD, STRANGER, OTHER_GUILD, 0, -1, 2**63 - 1, 2**70)

#: Words of the games' notations (near-misses are built from these and real moves).
VOCABULARY = (
    "reveal",
    "exchange",
    "explore",
    "subdue",
    "claim",
    "draw",
    "deck",
    "insurance",
    "move",
    "defend",
    "none",
    "fund",
    "launch",
    "pass",
    "end",
    "place",
    "buy",
    "sell",
    "A1",
    "C3",
    "E5",
    "F6",
    "A0",
    "Z9",
    "L1",
    "R3",
    "7H",
    "10S",
    "AS",
    "KD",
    "1H",
    "11C",
    "0S",
    "QX",
    "E1",
    "E99",
    "-1",
    "0",
    "5",
    "99999999999999999999",
    "１",
    "٣",
    "ⅷ",
    "7♥",
)


def component_classes() -> list[type]:
    """Every ``DynamicItem`` the bot registers (templates are the bot's own parsers of
    custom_ids)."""
    return list(cogs.DYNAMIC_ITEMS)


@dataclass(frozen=True, slots=True)
class Route:
    """What a custom_id asks for once a template matched it."""

    template: str
    groups: dict[str, str]


def route_custom_id(custom_id: str, classes: Sequence[type]) -> Route | None:
    """The first template that matches ``custom_id`` in full, as discord.py dispatches."""
    for cls in classes:
        pattern: re.Pattern[str] = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        found = pattern.fullmatch(custom_id)
        if found is not None:
            return Route(pattern.pattern, found.groupdict())
    return None


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str
    detail: str

    @property
    def known_gap(self) -> str | None:
        """The name of a known, reported gap this finding belongs to (None: a new one)."""
        for name, pattern in KNOWN_GAPS.items():
            if re.search(pattern, f"{self.kind}: {self.detail}"):
                return name
        return None


#: Gaps found by this fuzzing and reported to the owners of the code (docs/operations.md,
#: "Known gaps"). A finding that matches none of these fails the tests.
KNOWN_GAPS: dict[str, str] = {
    "speiderne max_rounds is checked only at start": (
        r"new_match\('speiderne'.*the lobby can never start \(speiderne_max_rounds\)"
    ),
    "cartolan accepts notations its legal list spells differently": (
        r"illegitimate_success: play\(.*'(wait|move [NESW]|gust [NESW])' was not a legal move"
    ),
}


@dataclass(slots=True)
class Tally:
    inputs: int = 0
    refused: int = 0
    applied: int = 0
    ignored: int = 0  # custom_ids no template accepts (discord.py drops them)
    restarts: int = 0  # hypothesis runs the bench had to start again
    codes: dict[str, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)


class ServiceFuzzer:
    """A match service on a temporary SQLite file with a pool of matches of every game in
    every stage (lobby, playing, over); synchronous calls for hypothesis."""

    def __init__(self, folder: str | None = None) -> None:
        self._tmp = None if folder else tempfile.TemporaryDirectory()
        path = Path(folder or self._tmp.name) / "fuzz.db"  # type: ignore[union-attr]
        self.loop = asyncio.new_event_loop()
        self.store = SqliteMatchStore(str(path), synchronous="OFF")
        self.service = MatchService(self.store, seed_source=lambda _bits: 20261122)
        self.run(self.service.start())
        self.tally = Tally()
        self.classes = component_classes()
        self.pool: dict[str, str] = {}
        self._counter = 0
        for game in list_games():  # two of each: ids and moves of a sibling match
            self.pool[f"{game.id}:playing"] = self.run(self._new_playing(game.id)).id
            self.pool[f"{game.id}:playing2"] = self.run(self._new_playing(game.id)).id
        self.pool["lobby"] = self.run(self.service.new_match("speiderne", 1, 2, HOST)).id
        over = self.run(self._new_playing("cartographer"))
        self.run(self.service.resign(over.id, HOST))
        self.pool["over"] = over.id

    def close(self) -> None:
        self.run(self.service.close())
        self.loop.close()
        if self._tmp is not None:
            self._tmp.cleanup()

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    async def _new_playing(self, game_id: str) -> Match:
        game = get_game(game_id)
        self._counter += 1
        match = await self.service.new_match(game_id, 1, 2, HOST, seed=self._counter)
        if match.status == "lobby":
            for user in (GUEST, THIRD)[: max(1, game.min_players - 1)]:
                match = await self.service.lobby_join(match.id, user)
            match = await self.service.lobby_start(match.id, HOST)
        return match

    @property
    def match_ids(self) -> list[str]:
        return list(self.pool.values())

    # -- the state that must not change after a refusal -----------------------------------
    def fingerprint(self) -> tuple[Any, ...]:
        """Rows written on the connection so far (SQLite's ``total_changes`` counts every
        insert, update and delete, triggers included; read between calls, when the
        connection's thread is idle) and the identity of every live match held
        in memory (a step replaces the frozen ``Match``)."""

        memory = tuple(sorted((m.id, id(m)) for m in self.run(self.service.live_matches())))
        (written,) = self.run(self.store.read(TOTAL_CHANGES))
        return written[0], memory

    # -- one hostile input ---------------------------------------------------------------
    def attempt(
        self,
        what: str,
        call: Callable[[], Any],
        legitimate: Callable[[Any], str | None],
        typed: int,
    ) -> None:
        """Run ``call``; ``legitimate(result)`` says why a success was wrong (or None)."""
        self.tally.inputs += 1
        before = self.fingerprint()
        try:
            result = self.run(call())
        except IllegalAction as refusal:
            self.tally.refused += 1
            self.tally.codes[refusal.code] = self.tally.codes.get(refusal.code, 0) + 1
            after = self.fingerprint()
            if after != before:
                self._find("changed_after_refusal", f"{what} -> {refusal.code}")
            self._check_message(what, refusal, typed)
            return
        except Exception as error:  # this is what the fuzzing looks for
            self._find("exception", f"{what} -> {type(error).__name__}: {error}"[:500])
            return
        wrong = legitimate(result)
        if wrong:
            self._find("illegitimate_success", f"{what}: {wrong}")
        else:
            self.tally.applied += 1

    def _find(self, kind: str, detail: str) -> None:
        self.tally.findings.append(Finding(kind, detail))

    def _check_message(self, what: str, refusal: IllegalAction, typed: int) -> None:
        key = f"illegal.{refusal.code}"
        for locale in ("en", "ja"):
            if not has_key(key, locale):
                self._find("untranslated", f"{what}: no {key} in {locale}")
                continue
            try:
                text = t(key, locale, **refusal.params)
            except Exception as error:
                self._find("bad_translation", f"{what}: {key} {locale}: {error!r}")
                continue
            if typed <= TYPED_LIMIT and len(text) > MESSAGE_LIMIT:
                self._find("too_long", f"{what}: {key} {locale} is {len(text)} characters")

    # -- operations --------------------------------------------------------------------
    def live(self, match_id: str) -> Match | None:
        """The match as the service holds it in memory (None once it is over)."""
        live = self.run(self.service.live_matches())
        return next((match for match in live if match.id == match_id), None)

    def legal(self, match_id: str) -> list[str]:
        """The legal moves of whoever is on turn (served from the service's cache)."""
        user = user_on_turn(self.live(match_id))
        return self.run(self.service.legal_moves(match_id, user)) if user else []

    def play(self, match_id: str, user: int, notation: str, version: int | None) -> None:
        before = self.live(match_id)
        legal: list[str] = []
        if before is not None and before.status == "playing":
            seat = before.seat_of(user)
            if seat is not None and seat in before.to_move:
                game = get_game(before.game_id)
                legal = [game.format_action(a) for a in game.legal_actions(before.state, seat)]

        def legitimate(outcome: Any) -> str | None:
            if before is None:
                return "a move in a match that was not live"
            if version is not None and version != before.version:
                return f"version {version} accepted, board was {before.version}"
            if outcome.match.seats[outcome.seat].user_id != user:
                return "moved for another user"
            if outcome.notation not in legal:
                return f"{outcome.notation!r} was not a legal move"
            return None

        what = f"play({match_id!r}, {user}, {notation[:200]!r}, {version})"
        self.attempt(
            what,
            lambda: self.service.play(match_id, user, notation, version),
            legitimate,
            len(notation),
        )
        self._replace_if_over(match_id)

    def autocomplete(self, match_id: str, user: int, typed: str) -> None:
        self.tally.inputs += 1
        before = self.fingerprint()
        try:
            choices = self.run(self.service.legal_moves(match_id, user, typed))
        except Exception as error:  # autocomplete must never raise
            self._find(
                "exception",
                f"legal_moves({match_id!r}, {user}, {typed[:200]!r}) -> "
                f"{type(error).__name__}: {error}"[:500],
            )
            return
        if self.fingerprint() != before:
            self._find("changed_by_autocomplete", f"legal_moves({match_id[:100]!r}, {user})")
        if len(choices) > 25 or any(not 1 <= len(c) <= TYPED_LIMIT for c in choices):
            self._find("bad_choices", f"legal_moves({match_id!r}) -> {choices!r:.300}")
        self.tally.applied += 1

    def hint(self, match_id: str, user: int) -> None:
        def legitimate(_: Any) -> str | None:
            match = self.live(match_id)
            seat = None if match is None else match.seat_of(user)
            if match is None or seat is None or seat not in match.to_move:
                return "a hint for someone who is not to move"
            return None

        self.attempt(
            f"hint({match_id[:100]!r}, {user})",
            lambda: self.service.hint(match_id, user),
            legitimate,
            0,
        )

    def resign(self, match_id: str, user: int) -> None:
        """Only a person seated in a live match may resign from it."""
        before = self.live(match_id)

        def legitimate(_: Any) -> str | None:
            if before is None or before.status != "playing" or before.seat_of(user) is None:
                return f"resign by {user}, who has no seat in a running match"
            return None

        self.attempt(
            f"resign({match_id[:100]!r}, {user})",
            lambda: self.service.resign(match_id, user),
            legitimate,
            0,
        )
        after = self.live(match_id)
        if after is not None and after.awaits_computer:  # what the bot does next
            self.run(self.service.computer_turns(match_id))
        self._replace_if_over(match_id)

    def lobby(self, match_id: str, user: int, action: str) -> None:
        """A lobby button. Only the host may start, cancel or change computer seats; only
        a seated person may leave; anyone may join."""
        before = self.live(match_id)
        calls = {
            "join": lambda: self.service.lobby_join(match_id, user),
            "leave": lambda: self.service.lobby_leave(match_id, user),
            "addcpu": lambda: self.service.lobby_add_computer(match_id, user),
            "rmcpu": lambda: self.service.lobby_remove_computer(match_id, user),
            "start": lambda: self.service.lobby_start(match_id, user),
            "cancel": lambda: self.service.lobby_cancel(match_id, user),
        }

        def legitimate(_: Any) -> str | None:
            if before is None or before.status != "lobby":
                return "a lobby change of a match that is no lobby"
            if action in ("addcpu", "rmcpu", "start", "cancel") and user != before.host_id:
                return f"{action} by {user}, who is not the host"
            if action == "leave" and before.seat_of(user) is None:
                return "leave by someone without a seat"
            return None

        self.attempt(f"lobby {action}({match_id[:100]!r}, {user})", calls[action], legitimate, 0)
        if before is not None:
            self._reset_lobby(match_id)

    def new_match(self, game_id: str, chosen: dict[str, Any]) -> None:
        """``/game new`` with crafted options: refused, or a match that can really start."""

        def legitimate(match: Match) -> str | None:
            game = get_game(game_id)
            unknown = set(chosen) - {spec.name for spec in game.options}
            if unknown:
                return f"unknown options {sorted(unknown)} accepted"
            if match.status != "lobby":
                return None
            try:
                for user in (GUEST, THIRD)[: max(1, game.min_players - 1)]:
                    self.run(self.service.lobby_join(match.id, user))
                self.run(self.service.lobby_start(match.id, HOST))
            except IllegalAction as refusal:
                return f"options accepted, but the lobby can never start ({refusal.code})"
            return None

        self.attempt(
            f"new_match({game_id!r}, options={chosen!r:.200})",
            lambda: self.service.new_match(game_id, 1, 2, HOST, chosen),
            legitimate,
            0,
        )

    def custom_id(self, custom_id: str, user: int, value: str) -> None:
        """A component click: parsed by the bot's templates, then what its callback asks of
        the service (``value`` is a select's chosen option, which a client can forge)."""
        try:
            route = route_custom_id(custom_id, self.classes)
        except Exception as error:
            self._find("exception", f"template on {custom_id[:200]!r}: {error!r}")
            return
        if route is None:
            self.tally.inputs += 1
            self.tally.ignored += 1
            return
        groups = route.groups
        match_id = groups.get("match")
        if match_id is None:
            self.tally.inputs += 1
            self.tally.ignored += 1  # e.g. the rules pager: no match involved
            return
        version = int(groups["version"]) if groups.get("version") else None
        action = groups.get("action")
        if route.template.startswith("tt:lb"):
            self.lobby(match_id, user, action or "join")
        elif action == "hint":
            self.hint(match_id, user)
        elif action == "resign":  # asks first: only reads the match
            self.attempt(
                f"get({match_id!r})",
                lambda: self.service.get(match_id),
                lambda _: None,
                len(custom_id),
            )
        elif action == "confirm-resign":
            self.resign(match_id, user)
        else:
            self.play(match_id, user, value, version)

    # -- keeping the pool playable -------------------------------------------------------
    def _replace_if_over(self, match_id: str) -> None:
        for key, known in self.pool.items():
            if known == match_id and ":playing" in key:
                match = self.live(match_id)
                if match is None or match.status != "playing":
                    self.pool[key] = self.run(self._new_playing(key.split(":")[0])).id

    def _reset_lobby(self, match_id: str) -> None:
        if self.pool.get("lobby") == match_id:
            match = self.live(match_id)
            if match is None or match.status != "lobby" or len(match.seats) != 1:
                self.pool["lobby"] = self.run(self.service.new_match("speiderne", 1, 2, HOST)).id


# -- strategies -------------------------------------------------------------------------
# Strategies are built once; what depends on the match (its legal moves, its version, the
# pool's ids) is picked with integers taken modulo, so hypothesis sees the same shape of
# choices whatever state the service is in.
INDEX = st.integers(0, 2**16)
KIND = st.integers(0, 9)
ROLL = st.integers(0, 3)
HUGE = st.builds(
    lambda piece, times: piece * times, st.text(min_size=1, max_size=8), st.integers(1_000, 100_000)
)
RANDOM_TEXT = st.text(max_size=120)
CONTROL = st.text(
    alphabet=st.characters(categories=["Cc", "Cf", "Zs", "Zl", "Zp", "Mn"]), max_size=40
)
WORDS = st.lists(st.sampled_from(VOCABULARY), max_size=6).map(" ".join)
WILD_VERSION = st.one_of(st.none(), st.integers(-3, 3), st.integers(-(2**70), 2**70))
ID_TEXT = st.one_of(
    st.text(alphabet="abcdefghjkmnpqrstuvwxyz23456789", min_size=1, max_size=8),
    st.text(max_size=30),
    st.integers(0, 10**30).map(str),
)
OPTION_NAMES = sorted({spec.name for game in list_games() for spec in game.options} | {"players"})
OPTIONS = st.dictionaries(
    st.one_of(st.sampled_from(OPTION_NAMES), st.sampled_from(OPTION_NAMES), st.text(max_size=20)),
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(),
        st.text(max_size=50),
        st.lists(st.integers(), max_size=3),
    ),
    max_size=3,
)
GAME_IDS = [g.id for g in list_games()] + ["chess", "", "CARTOGRAPHER"]
LOBBY_ACTIONS = ["join", "leave", "addcpu", "rmcpu", "start", "cancel", "x"]
BOARD_ACTIONS = ["hint", "resign", "confirm-resign", "explode", ""]
OPERATIONS = ("play", "play", "play", "custom_id", "custom_id", "autocomplete", "hint", "options")

Draw = Callable[[st.SearchStrategy], Any]


def notation(draw: Draw, legal: Sequence[str], foreign: Sequence[str] = ()) -> str:
    """Move text a hostile or clumsy person might send. ``foreign`` are real moves of other
    matches: well-formed, usually illegal here, so they reach the game's own refusals."""
    kind = draw(KIND)
    pick = draw(INDEX)
    base = legal[pick % len(legal)] if legal else VOCABULARY[pick % len(VOCABULARY)]
    if kind <= 1:
        return mutate(draw, base)
    if kind == 2:
        return splice(draw, base, [*legal, *foreign] or [base])
    if kind == 3:
        return foreign[pick % len(foreign)] if foreign else base
    if kind == 4:
        return base  # a real move, maybe at the wrong moment or by the wrong person
    if kind == 5:
        return draw(HUGE)
    if kind == 6:
        return draw(CONTROL)
    if kind == 7:
        return draw(WORDS)
    return draw(RANDOM_TEXT)


def mutate(draw: Draw, text: str) -> str:
    """One near-miss of a real notation."""
    kind = draw(KIND)
    spot = draw(INDEX)
    if kind == 0:
        return text.upper()
    if kind == 1:
        i = spot % max(1, len(text))
        return text[:i] + text[i + 1 :]
    if kind == 2:
        i = spot % (len(text) + 1)
        return text[:i] + draw(st.characters()) + text[i:]
    if kind == 3:
        return " ".join(reversed(text.split()))
    if kind == 4:
        return text.replace(" ", draw(st.sampled_from(["\t", "\u3000", "\u200b", "  ", "\n", ""])))
    if kind == 5:
        words = text.split() or [""]
        words[spot % len(words)] = draw(st.sampled_from(VOCABULARY))
        return " ".join(words)
    if kind == 6:
        return text + " " + draw(st.sampled_from(VOCABULARY))
    if kind == 7:
        return text.translate(str.maketrans(string.digits, "０１２３４５６７８９"))
    if kind == 8:
        return "\x00" + text + "\x1b[2J"
    return text * draw(st.integers(2, 50))


def splice(draw: Draw, base: str, donors: Sequence[str]) -> str:
    """A well-formed move made of real parts: one word of ``base`` replaced by the word in
    the same place of another real move (a card not in hand, a cell not adjacent…)."""
    words = base.split()
    donor = donors[draw(INDEX) % len(donors)].split()
    spot = draw(INDEX) % max(1, len(words))
    if words and spot < len(donor):
        words[spot] = donor[spot]
    return " ".join(words)


def often(draw: Draw, value: Any, otherwise: Callable[[], Any]) -> Any:
    """``value`` three times in four, so most inputs get past the cheap checks."""
    return value if draw(ROLL) else otherwise()


def version(draw: Draw, current: int) -> int | None:
    wild = draw(WILD_VERSION)
    return current + wild if wild is not None and -3 <= wild <= 3 else wild


def match_id(draw: Draw, known: Sequence[str]) -> str:
    kind = draw(st.integers(0, 4))
    real = known[draw(INDEX) % len(known)]
    if kind == 0:
        return real
    if kind == 1:
        return real.upper()
    if kind == 2:
        return real * 5
    return draw(ID_TEXT)


def custom_id(draw: Draw, known: Sequence[str], current: int) -> str:
    """Ids shaped like the bot's, for this and other matches, versions and slots, and
    malformed or over-long ones."""
    target = match_id(draw, known)
    shown = often(draw, current, lambda: draw(st.integers(-1, 10**12)))
    kind = draw(st.integers(0, 7))
    if kind == 0:
        return f"tt:mv:{target}:{shown}:{draw(st.integers(0, 12))}"
    if kind == 1:
        return f"tt:do:{target}:{shown}:{draw(st.sampled_from(BOARD_ACTIONS))}"
    if kind == 2:
        return f"tt:lb:{target}:{draw(st.sampled_from(LOBBY_ACTIONS))}"
    if kind == 3:
        return f"tt:rules:{draw(st.text(max_size=30))}:{draw(st.integers(-5, 10**4))}"
    if kind == 4:
        return draw(st.text(max_size=200))
    if kind == 5:
        return "tt:mv:" + "a" * draw(st.integers(20, 400)) + f":{shown}:0"
    if kind == 6:
        return f"tt:mv:{target}:{'9' * draw(st.integers(8, 40))}:0"
    return mutate(draw, f"tt:mv:{target}:{shown}:0")


def user_on_turn(match: Match | None) -> int | None:
    if match is None or match.status != "playing":
        return None
    for seat in match.to_move:
        if not match.seats[seat].is_computer:
            return match.seats[seat].user_id
    return None


# -- one generated input ------------------------------------------------------------------
def fuzz_one(fuzzer: ServiceFuzzer, data: Any) -> None:
    """Draw one hostile input (with ``st.data()``) and check it against the service."""
    draw: Draw = data.draw
    known = fuzzer.match_ids
    target = known[draw(INDEX) % len(known)]
    match = fuzzer.live(target)
    current = 0 if match is None else match.version
    on_turn = user_on_turn(match)
    legal = fuzzer.legal(target)
    foreign = [m for other in known if other != target for m in fuzzer.legal(other)]
    operation = draw(st.sampled_from(OPERATIONS))
    user = often(draw, on_turn or HOST, lambda: draw(st.sampled_from(USERS)))
    if operation == "play":
        chosen = often(draw, target, lambda: match_id(draw, known))
        typed = notation(draw, legal, foreign)
        fuzzer.play(chosen, user, typed, often(draw, current, lambda: version(draw, current)))
    elif operation == "custom_id":
        fuzzer.custom_id(custom_id(draw, known, current), user, notation(draw, legal, foreign))
    elif operation == "autocomplete":
        chosen = often(draw, target, lambda: match_id(draw, known))
        fuzzer.autocomplete(chosen, user, notation(draw, legal))
    elif operation == "hint":
        fuzzer.hint(match_id(draw, known), user)
    else:
        fuzzer.new_match(draw(st.sampled_from(GAME_IDS)), draw(OPTIONS))
