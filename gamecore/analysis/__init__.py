"""After-game analysis of the solo games: par (how the computer players do on the same deal)
and the review of a finished game (information-set Monte Carlo). Pure and synchronous; the
bot runs both in a worker. ``docs/analysis.md`` explains the figures and their limits."""
