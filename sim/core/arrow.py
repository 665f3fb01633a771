"""Arrow arrays from NumPy arrays and names, built from their buffers.

``pa.array`` asks whether its argument is a pandas object, and to ask it imports pandas:
0.3 s of CPU at the start of every worker process that writes Parquet. These build the
same arrays (the same values, nulls and types, so the same Parquet bytes) from buffers,
and never import pandas.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa


class Validity:
    """One validity bitmap shared by the columns that are null on the same rows (``valid``
    None: every row valid)."""

    def __init__(self, valid: np.ndarray | None):
        self.valid = valid
        self.bitmap, self.nulls = None, 0
        if valid is not None and (nulls := len(valid) - int(np.count_nonzero(valid))):
            self.bitmap, self.nulls = pa.py_buffer(np.packbits(valid, bitorder="little")), nulls

    def column(self, values: np.ndarray, kind: pa.DataType) -> pa.Array:
        """A column of integers or floats as ``kind``, null where ``valid`` is False.

        A value that ``kind`` cannot hold raises ValueError (as ``pa.array`` would) instead
        of wrapping round; values under a null are not checked.
        """
        values = np.asarray(values)
        data = np.ascontiguousarray(values, dtype=kind.to_pandas_dtype())
        if data.dtype != values.dtype:
            same = data == values
            if self.valid is not None:
                same |= ~self.valid
            if not same.all():
                bad = values[~same][0]
                raise ValueError(f"{bad} does not fit a column of {kind}")
        buffers = [self.bitmap, pa.py_buffer(data)]
        return pa.Array.from_buffers(kind, len(data), buffers, null_count=self.nulls)


def numbers(values: np.ndarray, kind: pa.DataType, valid: np.ndarray | None = None) -> pa.Array:
    """:meth:`Validity.column` of one column: integers or floats as ``kind``, null where
    ``valid`` is False."""
    return Validity(valid).column(values, kind)


def flags(values: np.ndarray, valid: np.ndarray | None = None) -> pa.Array:
    """A boolean column (``values`` true where non-zero), null where ``valid`` is False."""
    bits = np.packbits(np.asarray(values).astype(bool, copy=False), bitorder="little")
    v = Validity(valid)
    return pa.Array.from_buffers(pa.bool_(), len(values), [v.bitmap, pa.py_buffer(bits)],
                                 null_count=v.nulls)  # fmt: skip


def strings(texts: Sequence[str]) -> pa.Array:
    """A column of strings (a dictionary's names, a game's name)."""
    encoded = [t.encode() for t in texts]
    offsets = np.zeros(len(encoded) + 1, np.int32)
    np.cumsum([len(b) for b in encoded], out=offsets[1:])
    data = pa.py_buffer(b"".join(encoded))
    return pa.Array.from_buffers(pa.string(), len(encoded), [None, pa.py_buffer(offsets), data])


def dictionary(indices: np.ndarray, names: pa.Array,
               valid: np.ndarray | None = None) -> pa.DictionaryArray:  # fmt: skip
    """Indices into ``names`` as a dictionary column (int8 indices), null where not ``valid``."""
    return pa.DictionaryArray.from_arrays(numbers(indices, pa.int8(), valid), names)
