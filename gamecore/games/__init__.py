"""One module (or package, for Cartolan) per game; each registers its ``GAME`` with
``gamecore.registry.register`` as it loads."""

#: The games shipped with the project, by id, and the module that defines each: the registry
#: imports one when its game is first asked for (all of them when the list is), so a command
#: about one game never pays for loading the others.
BUILTIN: dict[str, str] = {
    "cartographer": "gamecore.games.cartographer",
    "dungeon-delver": "gamecore.games.dungeon_delver",
    "speiderne": "gamecore.games.speiderne",
    "cartolan": "gamecore.games.cartolan",
}
