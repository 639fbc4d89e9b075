"""The keys both terminal clients read as commands when typed alone at the prompt (unless a move begins with one)."""

QUIT, SAVE, UNDO, HINT, HELP, BACK, BOARDS = "q", "s", "u", "?", "h", "t", "b"
"""Quit, save, undo, a hint, help, take a seat back after a timeout, every board in full (full-screen only)."""
COMMANDS = (QUIT, SAVE, UNDO, HINT, HELP, BACK, BOARDS)
