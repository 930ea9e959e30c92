"""Command-line flags built from a game's ``options`` (``--preset modern``, ``--size 5``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from gamecore.contract import Game, OptionSpec

#: Seed of ``play --json`` and ``simulate`` when ``--seed`` is not given.
DEFAULT_SEED = 1


def add_game_command(
    commands: Any, name: str, help_text: str, with_help: bool, game_help: str = "game id (see list)"
) -> argparse.ArgumentParser:
    """A sub-command whose first argument is a game id.

    Without ``with_help`` the game may be missing, so the game's own option flags can be
    added once the id is known (the parser is then built a second time, with help).
    """
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=help_text, add_help=with_help, allow_abbrev=False
    )
    parser.add_argument("game", nargs=None if with_help else "?", help=game_help)
    return parser


class UsageError(Exception):
    """Bad command line: message for stderr, exit status 2."""


_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}
#: Flags of ``play``/``simulate`` themselves; an option with such a name gets ``--option-``.
RESERVED_FLAGS = frozenset(
    {
        "-h",
        "--help",
        "--seed",
        "--players",
        "--player",
        "--json",
        "--games",
        "--jsonl",
        "--plot",
        "--workers",
        "--max-steps",
        "--quiet",
        "--rotate",
        "--plays",
        "--moves",
        "--seat",
        "--samples",
    }
)


def option_flag(spec: OptionSpec, reserved: Iterable[str] = RESERVED_FLAGS) -> str:
    """``--name`` with dashes; ``--option-name`` when the name collides with a CLI flag."""
    flag = "--" + spec.name.replace("_", "-")
    return "--option-" + spec.name.replace("_", "-") if flag in set(reserved) else flag


def convert_value(spec: OptionSpec, text: str) -> Any:
    """Text typed on the command line, converted to the type of the option's default."""
    default = spec.default
    if isinstance(default, bool):
        lowered = text.strip().lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise argparse.ArgumentTypeError(f"{spec.name} takes true or false, not {text!r}")
    if isinstance(default, int | float) and not isinstance(default, bool):
        try:
            return type(default)(text)
        except ValueError:
            kind = type(default).__name__
            raise argparse.ArgumentTypeError(f"{spec.name} takes an {kind}, not {text!r}") from None
    if default is None and spec.choices:
        # No default type to follow: take the choice whose text matches.
        for choice in spec.choices:
            if str(choice) == text:
                return choice
    return text


def add_option_flags(parser: argparse.ArgumentParser, game: Game[Any, Any]) -> dict[str, str]:
    """Add one flag per game option; returns flag dest → option name."""
    reserved = RESERVED_FLAGS | set(parser._option_string_actions)
    group = parser.add_argument_group(f"{game.id} options")
    dests: dict[str, str] = {}
    for spec in game.options:
        flag = option_flag(spec, reserved)
        dest = "option__" + spec.name
        choices = ", ".join(str(c) for c in spec.choices)
        help_text = spec.help or spec.name
        help_text += f" (default: {spec.default}" + (f"; one of {choices})" if choices else ")")
        group.add_argument(
            flag,
            dest=dest,
            metavar=type(spec.default).__name__.upper() if spec.default is not None else "VALUE",
            type=partial(convert_value, spec),
            default=None,
            help=help_text.replace("%", "%%"),
        )
        dests[dest] = spec.name
    return dests


def chosen_options(args: argparse.Namespace, dests: Mapping[str, str]) -> dict[str, Any]:
    """Only the options given on the command line (the game fills in the rest)."""
    return {
        name: getattr(args, dest) for dest, name in dests.items() if getattr(args, dest) is not None
    }
