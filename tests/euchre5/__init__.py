"""Five-handed Euchre's own tests: rule tests, the plain-Python reference, the differential test."""
