"""What a command or a click does: turns, lobby, table talk (hands, computer seats, turn
clocks). Flows raise refusals; ``cogs.ui.replies.answer_error`` answers them."""
