"""Games written down: positions in one line and the position builder (:mod:`.positions`), and
game records (:mod:`.records`).  Above the games: these read any game through the catalogue."""
