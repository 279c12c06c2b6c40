"""Scorepad's web layer: database access, views, per-game entry adapters. Never computes a point."""
