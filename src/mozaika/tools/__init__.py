"""What the commands, the arena and the clients share above the bots: writing files safely
(:mod:`.files`) and measuring the engines' speed (:mod:`.benchmarking`)."""
