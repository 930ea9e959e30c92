"""Seeded games between computer players, and the statistics of many of them.

Pure and synchronous like the rest of ``gamecore``: the CLI (``python -m gamecore simulate``),
the bot's ``/simulate`` and the benchmark all call :func:`play_game` / :func:`run_games` and
:func:`summarize`. Game ``i`` of a run uses seed ``seed + i``, so ``play --seed`` replays it.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamecore.contract import Game, Player, SimulationAborted
from gamecore.registry import find_game, get_game
from gamecore.rng import Rng, extend_seed, mix_seed

#: Record keys the runner owns; a game's ``score`` cannot overwrite them.
RECORD_KEYS = ("seed", "result", "steps", "winners", "players")
#: Player-list name that draws a random computer player per seat from the game's seed.
MIXED = "mixed"
DEFAULT_MAX_STEPS = 20_000
#: A run with workers is cut into about this many chunks of consecutive seeds per worker,
#: each at least ``CHUNK_MIN`` games.
CHUNKS_PER_WORKER = 16
CHUNK_MIN = 8
#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def uniform_random_player(_view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
    """Fallback ``random`` player for a game that does not define one."""
    return legal[rng.randrange(len(legal))]


def available_players(game: Game[Any, Any]) -> dict[str, Player]:
    """Computer players by name: the game's own, plus ``random`` if the game has none."""
    return {"random": uniform_random_player, **game.players()}


def player_rng(seed: int, seat: int) -> random.Random:
    """The seeded generator handed to the computer player in ``seat`` (contract: Player)."""
    return random.Random(mix_seed(seed, "player", seat))


def player_rngs(seed: int, seats: int) -> list[random.Random]:
    """``player_rng(seed, seat)`` for every seat, the shared part of the seed mixed once."""
    shared = mix_seed(seed, "player")
    return [random.Random(extend_seed(shared, seat)) for seat in range(seats)]


def resolve_player_types(
    game: Game[Any, Any], names: Sequence[str], seats: int, seed: int
) -> list[str]:
    """One computer-player name per seat.

    ``names`` go to seats in order and repeat when shorter than the seat count; ``mixed``
    becomes a player type drawn from ``seed`` (so a game's line-up is reproducible).
    Unknown names raise ``ValueError`` listing the known ones.
    """
    return _lineup(game, sorted(available_players(game)), names, seats, seed)


def _lineup(
    game: Game[Any, Any], known: Sequence[str], names: Sequence[str], seats: int, seed: int
) -> list[str]:
    names = list(names) or ["random"]
    for name in names:
        if name != MIXED and name not in known:
            raise ValueError(
                f"no computer player {name!r} for {game.id} (known: {', '.join(known)}, {MIXED})"
            )
    types = []
    for seat in range(seats):
        name = names[seat % len(names)]
        if name == MIXED:
            name = known[Rng(mix_seed(seed, MIXED, seat)).below(len(known))]
        types.append(name)
    return types


def play_game(
    game: Game[Any, Any],
    seed: int,
    player_types: Sequence[str],
    options: Mapping[str, Any] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> dict[str, Any]:
    """Play one game between computer players and return its record.

    The record is ``{"seed", "result", "steps", "winners", "players": [{"seat", "type",
    ...}]}`` merged with ``game.score(final_state)``: a ``seats`` list is merged seat by seat
    into ``players``, every other key goes to the top level. A game that raises or passes
    ``max_steps`` is recorded with ``result: "error"``, ``error`` (the text) and the steps
    played before it, instead of stopping the run. The moves go through
    :meth:`Game.play_out`, which a game may speed up.
    """
    players = available_players(game)
    record: dict[str, Any] = {
        "seed": seed,
        "result": "error",
        "steps": 0,
        "winners": [],
        "players": [{"seat": seat, "type": name} for seat, name in enumerate(player_types)],
    }
    try:
        movers = [players[name] for name in player_types]
        rngs = player_rngs(seed, len(player_types))
        state, steps = game.play_out(
            game.setup(len(player_types), seed, options), movers, rngs, max_steps
        )
        status = game.status(state)
        record["steps"] = steps
        record["result"] = status.result
        winners = list(status.winners)
        if not winners and status.result == "won":
            winners = list(range(len(player_types)))
        record["winners"] = winners
        _merge_score(record, game.score(state))
    except Exception as exc:  # a broken game is a statistic, not a crash
        if isinstance(exc, SimulationAborted):
            record["steps"] = exc.steps
            exc = exc.error
        record["result"] = "error"
        record["error"] = f"{type(exc).__name__}: {exc}"
    return record


def _merge_score(record: dict[str, Any], score: Mapping[str, Any]) -> None:
    for key, value in score.items():
        if key == "seats":
            for entry, seat_score in zip(record["players"], value, strict=False):
                entry.update({k: v for k, v in seat_score.items() if k not in ("seat", "type")})
        elif key not in RECORD_KEYS:
            record[key] = value


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run except the game: picklable for worker processes."""

    seed: int = 1
    seats: int = 1
    player_names: tuple[str, ...] = ("random",)
    options: Mapping[str, Any] = field(default_factory=dict)
    max_steps: int = DEFAULT_MAX_STEPS
    #: Shift the line-up one seat per game, so every type plays every seat equally often.
    rotate: bool = False


def _play_seeds(
    game: Game[Any, Any], spec: RunSpec, start: int, stop: int
) -> Iterator[dict[str, Any]]:
    """The records of seeds ``start`` … ``stop - 1`` of a run, one by one."""
    known = sorted(available_players(game))
    for seed in range(start, stop):
        types = _lineup(game, known, spec.player_names, spec.seats, seed)
        if spec.rotate and spec.seats > 1:
            shift = (seed - spec.seed) % spec.seats
            types = types[-shift:] + types[:-shift] if shift else types
        yield play_game(game, seed, types, spec.options, spec.max_steps)


def _play_chunk(
    game_ref: Game[Any, Any] | str, spec: RunSpec, start: int, stop: int
) -> list[dict[str, Any]]:
    """A worker's chunk of a run: one call and one answer for many games."""
    if isinstance(game_ref, str):
        game_ref = get_game(game_ref)
    return list(_play_seeds(game_ref, spec, start, stop))


def _game_ref(game: Game[Any, Any]) -> Game[Any, Any] | str:
    """A registered game travels to workers by id (cheap, always importable)."""
    return game.id if find_game(game.id) is game else game


def seed_chunks(start: int, games: int, workers: int) -> list[tuple[int, int]]:
    """Seed ranges for the workers: about sixteen per worker (the long games even out, the
    last chunks leave a core idle only briefly, the progress moves), none so short that the
    call costs more than its games."""
    size = max(CHUNK_MIN, -(-games // (workers * CHUNKS_PER_WORKER)))
    return [
        (first, min(first + size, start + games)) for first in range(start, start + games, size)
    ]


def run_games(
    game: Game[Any, Any],
    games: int,
    spec: RunSpec,
    workers: int = 1,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Records of games ``spec.seed`` … ``spec.seed + games - 1``, in seed order.

    With ``workers > 1`` games run in a process pool, in chunks of consecutive seeds (a
    worker answers once per chunk); the records and their order are exactly those of a
    single process.
    """
    # Validate names once, here, rather than once per game in the workers.
    resolve_player_types(game, spec.player_names, spec.seats, spec.seed)
    chunks = seed_chunks(spec.seed, games, workers) if workers > 1 else []
    if len(chunks) <= 1:
        for record in _play_seeds(game, spec, spec.seed, spec.seed + games):
            if on_record:
                on_record(record)
            yield record
        return
    # Only a run with workers needs the process machinery (it costs start-up time).
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - process pools only for runs with workers

    ref = _game_ref(game)
    starts = [first for first, _ in chunks]
    stops = [stop for _, stop in chunks]
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        for batch in pool.map(
            _play_chunk, [ref] * len(chunks), [spec] * len(chunks), starts, stops
        ):
            for record in batch:
                if on_record:
                    on_record(record)
                yield record


# -- statistics -------------------------------------------------------------------------


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound for small counts and rates near 0/1)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def describe_numbers(values: Sequence[float]) -> dict[str, float] | None:
    """Mean, median and the 10th/90th percentiles (None for no values)."""
    if not values:
        return None
    if len(values) == 1:
        p10 = p90 = float(values[0])
    else:
        deciles = statistics.quantiles(values, n=10, method="inclusive")
        p10, p90 = deciles[0], deciles[-1]
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "p10": float(p10),
        "p90": float(p90),
        "min": float(min(values)),
        "max": float(max(values)),
    }


def _rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {
        "wins": wins,
        "games": games,
        "rate": wins / games if games else 0.0,
        "low": low,
        "high": high,
    }


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def summarize(
    records: Sequence[Mapping[str, Any]], headline_score: str | None = None
) -> dict[str, Any]:
    """Statistics of a run (what the CLI prints and ``plot`` draws).

    Keys: ``games``, ``errors`` (count), ``error_examples``, ``solo``, ``results`` (counts),
    ``steps`` and ``rounds`` (see :func:`describe_numbers`, from finished games), ``ends``
    (counts of the score's ``end`` key), ``by_type`` and ``by_seat`` (wins/games/rate and
    95% Wilson ``low``/``high``; a shared win counts for every winner), and for solo games
    ``win`` (the overall rate) and ``headline`` (the distribution of ``score[headline_score]``).
    """
    finished = [r for r in records if r.get("result") != "error"]
    errors = [r for r in records if r.get("result") == "error"]
    solo = bool(records) and all(len(r.get("players", ())) == 1 for r in records)
    summary: dict[str, Any] = {
        "games": len(records),
        "errors": len(errors),
        "error_examples": [{"seed": r["seed"], "error": r.get("error", "")} for r in errors[:5]],
        "solo": solo,
        "results": dict(Counter(r["result"] for r in records)),
        "steps": describe_numbers([r["steps"] for r in finished]),
        "rounds": describe_numbers([r["rounds"] for r in finished if _is_number(r.get("rounds"))]),
        "ends": dict(Counter(str(r["end"]) for r in finished if "end" in r)),
    }
    type_wins: Counter[str] = Counter()
    type_games: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    seat_games: Counter[int] = Counter()
    for record in records:
        winners = set(record.get("winners", ()))
        for entry in record.get("players", ()):
            type_games[entry["type"]] += 1
            seat_games[entry["seat"]] += 1
            if entry["seat"] in winners:
                type_wins[entry["type"]] += 1
                seat_wins[entry["seat"]] += 1
    summary["by_type"] = {t: _rate(type_wins[t], type_games[t]) for t in sorted(type_games)}
    summary["by_seat"] = {s: _rate(seat_wins[s], seat_games[s]) for s in sorted(seat_games)}
    if solo:
        summary["win"] = _rate(sum(1 for r in records if r["result"] == "won"), len(records))
        summary["headline"] = _headline(finished, headline_score)
    return summary


def _headline(records: Sequence[Mapping[str, Any]], key: str | None) -> dict[str, Any] | None:
    if not key:
        return None
    values = [
        r["score"][key]
        for r in records
        if isinstance(r.get("score"), Mapping) and key in r["score"]
    ]
    numbers = [v for v in values if _is_number(v)]
    counts = Counter(values)
    return {
        "key": key,
        "stats": describe_numbers(numbers),
        "counts": {str(v): counts[v] for v in sorted(counts, key=_sort_key)}
        if len(counts) <= 25
        else None,
    }


def _sort_key(value: Any) -> tuple[int, Any]:
    return (0, value) if _is_number(value) else (1, str(value))


def _percent(rate: Mapping[str, Any]) -> str:
    return (
        f"{rate['rate']:6.1%}  [{rate['low']:.1%}, {rate['high']:.1%}]"
        f"  ({rate['wins']}/{rate['games']})"
    )


def _numbers_line(label: str, numbers: Mapping[str, float] | None) -> str:
    if not numbers:
        return f"{label}: -"
    return (
        f"{label}: mean {numbers['mean']:.1f}, median {numbers['median']:g},"
        f" p10-p90 {numbers['p10']:g}-{numbers['p90']:g}, range {numbers['min']:g}-{numbers['max']:g}"
    )


def format_report(summary: Mapping[str, Any], title: str = "") -> str:
    """The summary as plain English text for a terminal."""
    lines = [title] if title else []
    lines.append(f"games: {summary['games']}  errors: {summary['errors']}")
    if summary["solo"]:
        lines.append(f"win rate: {_percent(summary['win'])}  (95% Wilson interval)")
        lines.append(_numbers_line("steps", summary["steps"]))
        headline = summary.get("headline")
        if headline:
            lines.append(_numbers_line(f"score {headline['key']}", headline["stats"]))
            if headline["counts"]:
                total = sum(headline["counts"].values()) or 1
                for value, count in headline["counts"].items():
                    lines.append(f"  {value:>6}: {count:6d}  {count / total:6.1%}")
    else:
        if summary["rounds"]:
            lines.append(_numbers_line("rounds", summary["rounds"]))
        lines.append(_numbers_line("steps", summary["steps"]))
        if summary["ends"]:
            lines.append("how games ended:")
            for end, count in sorted(summary["ends"].items(), key=lambda item: -item[1]):
                lines.append(f"  {end}: {count}")
    if len(summary["by_type"]) > 1 or not summary["solo"]:
        lines.append("win rate by player type (wins / appearances, shared wins count):")
        for name, rate in summary["by_type"].items():
            lines.append(f"  {name:<12} {_percent(rate)}")
    if not summary["solo"]:
        lines.append("win rate by seat:")
        for seat, rate in summary["by_seat"].items():
            lines.append(f"  seat {seat:<7} {_percent(rate)}")
    for example in summary["error_examples"]:
        lines.append(f"error (seed {example['seed']}): {example['error']}")
    return "\n".join(lines)
