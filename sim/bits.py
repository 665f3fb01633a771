"""Bit tricks on 64-bit masks, compiled to single LLVM instructions.

numba has no popcount / count-trailing-zeros builtin; these intrinsics map
straight to ``llvm.ctpop`` and ``llvm.cttz`` and are cached like any kernel.
"""

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def _ctpop64(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.IntType(64), [ir.IntType(64)]), "llvm.ctpop.i64"
        )
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _cttz64(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(
            builder.module,
            ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(1)]),
            "llvm.cttz.i64",
        )
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@intrinsic
def _ctlz64(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = cgutils.get_or_insert_function(
            builder.module,
            ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(1)]),
            "llvm.ctlz.i64",
        )
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a mask."""
    return _ctpop64(x)


@njit(cache=True, inline="always")
def lowest_bit(x):
    """Index of the lowest set bit (64 for an empty mask)."""
    return _cttz64(x)


@njit(cache=True, inline="always")
def highest_bit(x):
    """Index of the highest set bit (-1 for an empty mask)."""
    return 63 - _ctlz64(x)


@njit(cache=True, inline="always")
def nth_bit(x, n):
    """Index of the n-th (0-based, from the lowest) set bit of a mask."""
    for _ in range(n):
        x &= x - 1
    return _cttz64(x)
