"""``python -m mozaika`` as the tests' server processes run it: the same command line, with passwords
hashed at argon2's lowest cost, as in the servers the tests run in their own process (serverkit.py).

The browser tests sign up a person or two each: at the served cost (a core for a fifth of a second a
hash, which ``test_passwords_are_hashed_at_argon2id_s_recommended_cost`` checks) that alone took
the run tens of seconds of CPU.  The tests check what is hashed and verified, not how slowly.
"""

from __future__ import annotations

from argon2 import PasswordHasher

from mozaika.server.players import credentials

credentials._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)

if __name__ == "__main__":
    from mozaika.cli.app import run

    run()
