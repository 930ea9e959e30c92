"""Message builders: the board, the lobby, hands, rules pages, readouts and ratings as Discord
messages, their Components V2 layout, and the persistent components with their custom ids.
They only format what a flow hands them; sending is ``cogs.delivery``'s."""
