"""The community around the tables: profiles, leaderboards, games to watch, friends, rematches, mutes."""
