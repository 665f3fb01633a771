"""Arrow arrays built from buffers (``sim/core/arrow.py``) equal pyarrow's own, and building a
run's columns imports no pandas (0.3 s of CPU at every worker's start)."""

import subprocess
import sys

import numpy as np
import pyarrow as pa
import pytest

from sim.core import arrow


def test_the_arrays_equal_pyarrows():
    values = np.array([3, -1, 7, 0, 120, -128, 5, 6, 9], np.int64)
    valid = values != 0
    assert arrow.numbers(values, pa.int8()).equals(pa.array(values, pa.int8()))
    assert arrow.numbers(values, pa.int16(), valid).equals(
        pa.array(values, pa.int16(), mask=~valid)
    )
    assert arrow.numbers(values[::2], pa.int32()).equals(pa.array(values[::2], pa.int32()))
    shares = np.array([0.25, 1.0, 0.0])
    assert arrow.numbers(shares, pa.float64()).equals(pa.array(shares))
    flags = values > 4
    assert arrow.flags(flags).equals(pa.array(flags))
    assert arrow.flags(flags, valid).equals(pa.array(flags, mask=~valid))
    assert arrow.flags(np.array([1, 0, 2])).equals(pa.array([True, False, True]))
    names = ["♥ hearts", "", "no-trump", "10♦"]
    assert arrow.strings(names).equals(pa.array(names, pa.string()))
    assert arrow.strings([]).equals(pa.array([], pa.string()))
    kinds = pa.array(["a", "b"], pa.string())
    idx = np.array([1, 0, 1])
    expected = pa.DictionaryArray.from_arrays(pa.array(idx, pa.int8(), mask=idx == 0), kinds)
    assert arrow.dictionary(idx, kinds, idx != 0).equals(expected)


def test_a_value_the_type_cannot_hold_is_refused_not_wrapped():
    with pytest.raises(ValueError, match="200 does not fit a column of int8"):
        arrow.numbers(np.array([1, 200]), pa.int8())
    # under a null it is not a value
    assert arrow.numbers(np.array([1, 200]), pa.int8(), np.array([True, False])).null_count == 1


def test_building_every_games_columns_imports_no_pandas():
    code = (
        "import sys, numpy as np, pyarrow as pa; from sim.core.registry import games; "
        "from sim.run.parquet import Columns; from sim.core import arrow; "
        "[s.part('columns') for s in games().values()]; w = Columns(['a', 'b', 'a']); "
        "w.bots(np.array([0, 1, 2]), np.array([True, False, True])); "
        "arrow.flags(np.ones(3, bool), np.ones(3, bool)); w.ints(np.arange(3), pa.int16()); "
        "print('pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
