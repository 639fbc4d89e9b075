"""Moderation: the administrators' powers over players, tables and chat, and the audit log of their use."""
