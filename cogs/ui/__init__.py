"""Discord presentation helpers shared by the commands and flows: error classification,
the ordered board publisher, permission preflight."""
