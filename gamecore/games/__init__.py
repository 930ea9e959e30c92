"""One module (or package, for Cartolan) per game; each registers its ``GAME`` with
``gamecore.registry.register`` as it loads."""

#: The game modules shipped with the project, imported by the registry on first use.
BUILTIN: tuple[str, ...] = (
    "gamecore.games.cartographer",
    "gamecore.games.dungeon_delver",
    "gamecore.games.speiderne",
    "gamecore.games.cartolan",
)
