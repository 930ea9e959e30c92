"""Speiderne (Samuel Brox): expeditions discover a 3×4 grid of card regions; 2–6 players."""

from __future__ import annotations

from .game import GAME, Speiderne

__all__ = ["GAME", "Speiderne"]
