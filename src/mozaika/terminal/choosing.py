"""Choosing a move step by step, from keys, clicks or typed notation, without a list of a hundred moves.

What the player has typed so far is a prefix of a move's notation; the legal
moves it still leads to give the next steps to offer (the lines a take may go
to, the spaces of a star), which the boards highlight. Typing the whole
notation (``2B3``) is the fastest way; arrow keys and clicks pick the next step.
"""

from __future__ import annotations

from mozaika.core.protocol import Move
from mozaika.richview import BoardFamily, Choosing
from mozaika.richview.family import Path


def _normal(typed: str) -> str:
    return "".join(typed.split()).upper()


class MoveChooser:
    """The legal moves of one seat, and how far a player has got in choosing one of them."""

    def __init__(self, family: BoardFamily, moves: list[Move], seat: int) -> None:
        self.family = family
        self.seat = seat
        self.moves = {str(move): move for move in moves}
        self.paths: dict[str, Path] = {notation: family.tokens(move) for notation, move in self.moves.items()}
        self.fields = {notation: move.fields() for notation, move in self.moves.items()}
        self.typed = ""
        self.cursor = 0
        """Which of the next step's choices the arrow keys are on."""
        self.cursor_moved = False
        self.hinted: set[str] = set()
        """The moves a hint named: typed in full, each is played at once, even where a longer move begins
        with it (Summer Pavilion's ``O2O``, which ``O2O+1`` extends)."""

    def matching(self) -> list[str]:
        """The notations of the legal moves that begin with what was typed."""
        typed = _normal(self.typed)
        return [notation for notation in self.moves if notation.upper().startswith(typed)]

    def choosing(self) -> Choosing:
        """The steps fully typed that every matching move shares, and those moves' steps."""
        typed = _normal(self.typed)
        matching = self.matching()
        # A step typed in full is taken as that step (``P``: the purple star, not the start of ``pass``).
        whole = [notation for notation in matching if self._ends_a_step(notation, typed)]
        matching = whole or matching
        shared: Path | None = None
        for notation in matching:
            path = self.paths[notation]
            done: list[str] = []
            length = 0
            for token in path:
                if length + len(token) > len(typed):
                    break
                length += len(token)
                done.append(token)
            prefix = tuple(done)
            if shared is None:
                shared = prefix
            else:
                common = 0
                while common < min(len(shared), len(prefix)) and shared[common] == prefix[common]:
                    common += 1
                shared = shared[:common]
        return Choosing(
            self.seat,
            shared or (),
            tuple(self.paths[notation] for notation in matching),
            tuple(self.fields[notation] for notation in matching),
        )

    def _ends_a_step(self, notation: str, typed: str) -> bool:
        length = 0
        for token in self.paths[notation]:
            if length == len(typed):
                return True
            length += len(token)
        return length == len(typed)

    def options(self) -> list[str]:
        """The next steps that fit what was typed after the chosen ones."""
        choosing = self.choosing()
        rest = _normal(self.typed)[len("".join(choosing.chosen)) :]
        return [token for token in choosing.next_tokens if token.upper().startswith(rest)]

    def by_shortcut(self) -> Move | None:
        """What was typed read as a step's short key where no move begins with it (a grey wall's column number).

        Takes that step and returns the move when it was the last one; None when nothing was taken.
        """
        if self.matching():
            return None
        typed = self.typed
        self.typed = "".join(self.choosing_typed_prefix())
        rest = _normal(typed)[len(_normal(self.typed)) :]
        choosing = self.choosing()
        found = [token for token in choosing.next_tokens if self.family.shortcut(choosing, token) == rest]
        if len(found) != 1:
            self.typed = typed
            return None
        return self.choose(found[0])

    def choosing_typed_prefix(self) -> Path:
        """The steps chosen by the longest part of what was typed that still begins a move."""
        typed = self.typed
        try:
            for end in range(len(typed), -1, -1):
                self.typed = typed[:end]
                if self.matching():
                    return self.choosing().chosen
            return ()
        finally:
            self.typed = typed

    def type(self, typed: str) -> Move | None:
        """What is typed now (the cursor back on the first choice); the move, once it is decided."""
        self.typed = typed
        self.cursor, self.cursor_moved = 0, False
        return self.decided() or self.by_shortcut()

    def confirm(self) -> Move | None:
        """Enter: the move typed in full (unless the arrows moved on), else the choice under the cursor.

        None when nothing was decided: the step moved on, or (no choice left) what was typed is no move.
        """
        options = self.options()
        complete = self.complete()
        if complete is not None and not (self.cursor_moved and options):
            return complete
        if options:
            return self.pick(self.cursor)
        return None

    def pick(self, index: int) -> Move | None:
        """The ``index``-th choice of the next step taken; the move, when that was its last step."""
        options = self.options()
        if not options:
            return None
        move = self.choose(options[index % len(options)]) or self.decided()
        self.cursor, self.cursor_moved = 0, False
        return move

    def move_cursor(self, step: int) -> None:
        options = self.options()
        if options:
            self.cursor = (self.cursor + step) % len(options)
            self.cursor_moved = True

    def complete(self) -> Move | None:
        """The legal move that was typed in full, if any."""
        typed = _normal(self.typed)
        return next((move for notation, move in self.moves.items() if notation.upper() == typed), None)

    def decided(self) -> Move | None:
        """The move typed, once nothing else begins with it (``2B3``; not ``B6B``, which ``B6B+1`` extends,
        unless a hint named it)."""
        matching = self.matching()
        complete = self.complete()
        if complete is not None and (len(matching) == 1 or str(complete) in self.hinted):
            return complete
        return None

    def choose(self, token: str) -> Move | None:
        """Take ``token`` as the next step; the move, when that step was its last."""
        chosen = self.choosing().chosen
        self.typed = "".join(chosen) + token
        path = (*chosen, token)
        return next((self.moves[notation] for notation, steps in self.paths.items() if steps == path), None)

    def back(self) -> None:
        """Undo the last step chosen (or clear a step half typed)."""
        chosen = self.choosing().chosen
        typed = "".join(chosen)
        self.typed = typed if _normal(self.typed) != typed.upper() else "".join(chosen[:-1])
        self.cursor, self.cursor_moved = 0, False
