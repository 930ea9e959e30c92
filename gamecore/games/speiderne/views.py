"""What each seat may see of a Speiderne table (rules file, "Views" and "View").

A seat sees its own hand; everybody sees hand sizes, the grid, expeditions, insurance and
pile sizes. Nobody sees the deck's order or face-down region cards.
"""

from __future__ import annotations

from typing import Any

from .board import GRID_ROWS, REGIONS, STARTING_PLACES, sorted_texts, text_of
from .engine import free_places, scores
from .state import State


def pending_view(state: State) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    if pending.kind == "defend":
        return {
            "kind": "defend",
            "against": text_of(pending.against),
            "threat": pending.threat,
            "expedition": pending.expedition,
            "region": pending.region,
        }
    return {"kind": "fund", "expedition": pending.expedition, "cards": pending.owed}


def status_dict(state: State) -> dict[str, Any]:
    points = scores(state)
    finished = state.end is not None
    top = max(points)
    return {
        "result": "finished" if finished else "playing",
        "to_move": [] if finished else [state.turn],
        "winners": [s for s, p in enumerate(points) if p == top] if finished else [],
        "scores": points,
    }


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    points = scores(state)
    view: dict[str, Any] = {
        "game": "speiderne",
        "viewer": viewer,
        "players": state.players,
        "decks": state.decks,
        "grid": [list(row) for row in GRID_ROWS],
        "regions": {
            name: {
                "card": text_of(region.card) if region.revealed else None,
                "by": region.by,
            }
            for name, region in zip(REGIONS, state.regions, strict=True)
        },
        "starting_places": dict(STARTING_PLACES),
        "free_places": free_places(state.expeditions),
        "expeditions": [
            {
                "id": e.id,
                "owner": e.owner,
                "at": e.at,
                "cards": sorted_texts(e.cards),
                "count": len(e.cards),
                "moved": e.moved,
                "windless": e.windless,
            }
            for e in state.expeditions
        ],
        "insurance": [text_of(c) for c in state.insurance],
        "hand_sizes": {str(s): len(h) for s, h in enumerate(state.hands)},
        "scores": {str(s): p for s, p in enumerate(points)},
        "insurance_bonus": {str(s): b for s, b in enumerate(state.insurance_bonus)},
        "deck": len(state.deck),
        "discard": len(state.discard),
        "discard_top": text_of(state.discard[-1]) if state.discard else None,
        "turn": state.turn,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "to_move": None if state.end is not None else state.turn,
        "pending": pending_view(state),
        "last_action": None
        if state.last_action is None
        else {"seat": state.last_action[0], "action": state.last_action[1]},
        "last_events": [dict(e) for e in state.last_events],
        "last_region_event": None
        if state.last_region_event is None
        else dict(state.last_region_event),
        "status": status_dict(state),
        "end": state.end,
    }
    if viewer is not None:
        view["hand"] = sorted_texts(state.hands[viewer])
    return view


def describe(view: dict[str, Any]) -> str:
    """A terminal picture: the grid with starting places around it, then the table."""
    at: dict[str, list[str]] = {}
    for e in view["expeditions"]:
        at.setdefault(e["at"], []).append(f"{e['id']}/{e['owner'] + 1}")

    def cell(name: str) -> str:
        region = view["regions"].get(name)
        text = ""
        if region is not None:
            text = "??" if region["card"] is None else region["card"]
            if region["by"] is not None:
                text += f"·{region['by'] + 1}"
        if name in at:
            text += " " + ",".join(at[name])
        return text[:14].ljust(14)

    lines = []
    columns = "ABCD"
    lines.append("      " + "".join(c.ljust(14) for c in columns))
    lines.append("  0   " + "".join(cell(f"{c}0") for c in columns))
    for row in (1, 2, 3):
        body = "".join(cell(f"{c}{row}") for c in columns)
        lines.append(f"{cell(f'L{row}')[:6].ljust(6)}" + body + cell(f"R{row}") + f"  row {row}")
    lines.append("  4   " + "".join(cell(f"{c}4") for c in columns))
    lines.append(
        f"insurance: {' '.join(view['insurance']) or '-'}   deck {view['deck']}   "
        f"discard {view['discard']}   round {view['round']}/{view['max_rounds']}"
    )
    for e in view["expeditions"]:
        lines.append(
            f"  {e['id']} player {e['owner'] + 1} at {e['at']}: {' '.join(e['cards'])}"
            + (" (windless)" if e["windless"] else "")
        )
    seats = ", ".join(
        f"player {int(s) + 1}: {view['scores'][s]} pts, {n} cards"
        for s, n in view["hand_sizes"].items()
    )
    lines.append(seats)
    if "hand" in view:
        lines.append(f"your hand (player {view['viewer'] + 1}): {' '.join(view['hand']) or '-'}")
    pending = view["pending"]
    if pending and pending["kind"] == "defend":
        lines.append(
            f"storm at {pending['region']}: beat {pending['against']} "
            f"(threat {pending['threat']} of 2) — defend <card> / defend none"
        )
    elif pending:
        lines.append(
            f"fund {pending['expedition']}: {pending['cards']} card(s) owed — "
            f"fund {pending['expedition']} <card> / none"
        )
    if view["end"]:
        winners = ", ".join(str(s + 1) for s in view["status"]["winners"])
        lines.append(f"game over ({view['end']}); winner(s): player {winners}")
    elif view["to_move"] is not None:
        lines.append(f"player {view['to_move'] + 1} to move")
    return "\n".join(lines)
