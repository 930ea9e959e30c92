"""One module (or package, for Cartolan) per game."""
