"""What a command or a click does: moves (``turns``), the lobby, private hands (``hands``),
what follows a step (``next_turn``: computer seats, turn notices), turn clocks
(``clocks``), redrawing the board (``boards``). Flows raise refusals;
``cogs.delivery.replies.answer_error`` answers them."""
