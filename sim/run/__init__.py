"""Tournaments: plan a run (:mod:`.plan`), play its chunks (:mod:`.chunk`) on a backend
(:mod:`.backends`: :mod:`.local` processes or :mod:`.dask`), write Parquet
(:mod:`.parquet`) and keep its folder and manifest (:mod:`.store`)."""
