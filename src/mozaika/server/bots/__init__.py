"""The bots at the tables: their moves searched in worker processes, and which process plays which table."""
