"""The core every game is built on: the game protocol and the parts the engines share.

The protocol (:mod:`.protocol`), its exceptions (:mod:`.errors`), tile colours
(:mod:`.theme`), drawing from the bag (:mod:`.drawing`), factory fills
(:mod:`.fills`), the factory offer (:mod:`.offer`), reading positions back
(:mod:`.reading`), the pieces of the one-line notation (:mod:`.lineformat`) and
the clock arithmetic of timed games (:mod:`.clocks`).  Pure Python, no I/O, and no
knowledge of any particular game: the game packages import from here, never the
other way round.
"""
