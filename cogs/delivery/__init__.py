"""Getting messages to Discord: acknowledging and answering interactions (with the one
translation of errors into answers), Discord error classification, the ordered board
publisher, permission preflight, notices when something could not be shown, private panels,
the replay queue and progress of slow work."""
