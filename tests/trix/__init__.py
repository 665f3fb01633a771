"""Trix's own tests: one per rule, the plain-Python reference and the differential test, bots."""
