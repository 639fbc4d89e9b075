"""Where everything is kept: the database, its tables (models) and their migrations."""
