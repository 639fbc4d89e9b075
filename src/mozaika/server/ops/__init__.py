"""Running a server for people: health and readiness, metrics, logs, graceful shutdown, backups and
the database check (docs/deploy.md)."""
