"""Reliability harness: a real Scorepad server in its own process (with the stub game), phones
as HTTP clients, hard kills."""
