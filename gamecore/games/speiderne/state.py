"""Speiderne state values (frozen) and their JSON layout.

Cards are internal ids (0..51, plus 52..103 for the second deck) so copies stay apart;
notation never shows the id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Region:
    """One grid cell: its card, whether it is face-up, and who discovered it."""

    card: int
    revealed: bool = False
    by: int | None = None


@dataclass(frozen=True, slots=True)
class Expedition:
    id: str
    owner: int
    at: str
    cards: tuple[int, ...]
    moved: bool = False
    windless: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the moving seat owes: storm defence or funding.

    ``defend``: ``expedition`` fights threat ``threat`` (card ``against``) in ``region``.
    ``fund``: ``expedition`` still owes ``owed`` cards; ``queue`` are the ones after it.
    """

    kind: str
    expedition: str
    region: str = ""
    threat: int = 0
    against: int = -1
    owed: int = 0
    queue: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    players: int
    decks: int
    max_rounds: int
    rng: int
    regions: tuple[Region, ...]
    hands: tuple[tuple[int, ...], ...]
    insurance: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    expeditions: tuple[Expedition, ...]
    next_expedition: int
    turn: int
    round: int
    pending: Pending | None
    lost_this_turn: bool
    insurance_bonus: tuple[bool, ...]
    end: str | None
    last_action: tuple[int, str] | None
    last_events: tuple[Mapping[str, Any], ...]
    last_region_event: Mapping[str, Any] | None


def state_to_dict(state: State) -> dict[str, Any]:
    """The state's JSON layout, field by field (``dataclasses.asdict`` gave the same dict but
    deep-copied every value on the way: a third of a move's CPU). Tuples go in as they are:
    the state is frozen and JSON writes them as lists."""
    pending = state.pending
    return {
        "players": state.players,
        "decks": state.decks,
        "max_rounds": state.max_rounds,
        "rng": state.rng,
        "regions": [{"card": r.card, "revealed": r.revealed, "by": r.by} for r in state.regions],
        "hands": state.hands,
        "insurance": state.insurance,
        "deck": state.deck,
        "discard": state.discard,
        "expeditions": [
            {
                "id": e.id,
                "owner": e.owner,
                "at": e.at,
                "cards": e.cards,
                "moved": e.moved,
                "windless": e.windless,
            }
            for e in state.expeditions
        ],
        "next_expedition": state.next_expedition,
        "turn": state.turn,
        "round": state.round,
        "pending": None
        if pending is None
        else {
            "kind": pending.kind,
            "expedition": pending.expedition,
            "region": pending.region,
            "threat": pending.threat,
            "against": pending.against,
            "owed": pending.owed,
            "queue": pending.queue,
        },
        "lost_this_turn": state.lost_this_turn,
        "insurance_bonus": state.insurance_bonus,
        "end": state.end,
        "last_action": state.last_action,
        "last_events": [dict(e) for e in state.last_events],
        "last_region_event": None
        if state.last_region_event is None
        else dict(state.last_region_event),
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    pending = data["pending"]
    last_action = data["last_action"]
    return State(
        players=int(data["players"]),
        decks=int(data["decks"]),
        max_rounds=int(data["max_rounds"]),
        rng=int(data["rng"]),
        regions=tuple(
            Region(int(r["card"]), bool(r["revealed"]), r["by"]) for r in data["regions"]
        ),
        hands=tuple(tuple(int(c) for c in hand) for hand in data["hands"]),
        insurance=tuple(int(c) for c in data["insurance"]),
        deck=tuple(int(c) for c in data["deck"]),
        discard=tuple(int(c) for c in data["discard"]),
        expeditions=tuple(
            Expedition(
                e["id"],
                int(e["owner"]),
                e["at"],
                tuple(int(c) for c in e["cards"]),
                bool(e["moved"]),
                bool(e["windless"]),
            )
            for e in data["expeditions"]
        ),
        next_expedition=int(data["next_expedition"]),
        turn=int(data["turn"]),
        round=int(data["round"]),
        pending=None
        if pending is None
        else Pending(
            pending["kind"],
            pending["expedition"],
            pending["region"],
            int(pending["threat"]),
            int(pending["against"]),
            int(pending["owed"]),
            tuple(pending["queue"]),
        ),
        lost_this_turn=bool(data["lost_this_turn"]),
        insurance_bonus=tuple(bool(b) for b in data["insurance_bonus"]),
        end=data["end"],
        last_action=None if last_action is None else (int(last_action[0]), last_action[1]),
        last_events=tuple(dict(e) for e in data["last_events"]),
        last_region_event=None
        if data["last_region_event"] is None
        else dict(data["last_region_event"]),
    )
