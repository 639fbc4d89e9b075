"""Players: accounts and guests, their sessions and passwords, and the e-mail they get."""
