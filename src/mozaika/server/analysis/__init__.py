"""The expert's help: hints at the tables, the analysis board, and the reviews of finished games."""
