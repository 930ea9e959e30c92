"""``python -m gamecore simulate``: many seeded games, a progress bar, a report, files."""

from __future__ import annotations

import argparse
import gc
import json
from collections.abc import Mapping, Sequence
from typing import IO, Any

from gamecore.cli.options import UsageError
from gamecore.contract import Game
from gamecore.simulate import RunSpec, format_report, run_games, summarize


def run_simulate(
    game: Game[Any, Any],
    args: argparse.Namespace,
    seats: int,
    names: Sequence[str],
    options: Mapping[str, Any],
    stdout: IO[str],
    stderr: IO[str],
) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    spec = RunSpec(
        seed=args.seed,
        seats=seats,
        player_names=tuple(names) or ("random",),
        options=dict(options),
        max_steps=args.max_steps,
        rotate=args.rotate,
    )
    show_bar = not args.quiet and hasattr(stderr, "isatty") and stderr.isatty()
    # One encoder for every line: json.dumps with options builds a new one per call.
    encode = json.JSONEncoder(ensure_ascii=False, default=str).encode
    jsonl = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None  # noqa: SIM115
    records: list[dict[str, Any]] = []
    # Everything loaded so far lives until the command exits: the collector need not walk it
    # again at every full collection (1.4% of a run), nor do forked workers copy it.
    gc.freeze()
    bar = _progress_bar(args.games, stderr) if show_bar else None
    try:
        for record in run_games(game, args.games, spec, workers=args.workers):
            records.append(record)
            if jsonl:
                jsonl.write(encode(record) + "\n")
            if bar is not None:
                bar.update(1)
    except ValueError as exc:  # unknown player name
        raise UsageError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
        if jsonl:
            jsonl.close()
    summary = summarize(records, game.headline_score)
    if args.json:
        stdout.write(json.dumps(summary, ensure_ascii=False, default=str) + "\n")
    else:
        lineup = ",".join(spec.player_names)
        title = (
            f"{game.name or game.id}: {args.games} games, seeds {args.seed}-{args.seed + args.games - 1},"
            f" {seats} seat{'s' if seats != 1 else ''}, players {lineup}"
        )
        stdout.write(format_report(summary, title) + "\n")
    if args.plot:
        from gamecore.plot import save_summary_chart  # noqa: PLC0415 - matplotlib loads only when a chart is drawn

        save_summary_chart(
            summary, records, args.plot, title=f"{game.name or game.id} ({args.games} games)"
        )
        if not args.json:
            stdout.write(f"chart: {args.plot}\n")
    return 0


def _progress_bar(total: int, stream: IO[str]) -> Any:
    """A tqdm bar on ``stream``; imported only when drawn (it costs start-up time)."""
    from tqdm import tqdm  # noqa: PLC0415 - tqdm loads only when a bar is drawn

    return tqdm(total=total, file=stream, unit="game")
