"""Discord messages and persistent components: the board, the lobby, hands, rules pages,
replies (with the one translation of errors into answers), Discord error classification,
the ordered board publisher and permission preflight."""
