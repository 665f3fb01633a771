"""Bit tricks on 64-bit masks, compiled to single LLVM instructions.

numba has no popcount / count-trailing-zeros builtin; these intrinsics map
straight to ``llvm.ctpop`` and ``llvm.cttz`` and are cached like any kernel.
Picking the n-th card of a hand (every random choice, every deal) is one BMI2
``pdep`` where the CPU has it: 1.35× faster random self-play than clearing the
n lowest bits one by one, which stays as the fallback for other CPUs (numba
compiles for the host CPU and keys its cache on it).
"""

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.core.jit import njit


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


def pext_loop(x, m):
    """The bits of x at the set bits of m, packed low, one by one (BMI2's ``pext`` elsewhere)."""
    out = 0
    k = 0
    while m:
        if x & m & -m:
            out |= 1 << k
        k += 1
        m &= m - 1
    return out


def _nth_set_loop(x, n):
    for _ in range(n):
        x &= x - 1
    return x & -x


def _bmi2(op, loop, operands):
    """An intrinsic of two ``int64``: BMI2's ``op`` on ``operands(builder, x, y)`` where the
    CPU has it, else the Python function ``loop`` compiled (numba keys its cache on the CPU)."""

    def defn(typingctx, x, y):
        sig = types.int64(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            if "+bmi2" not in getattr(context.codegen(), "_tm_features", ""):
                return context.compile_internal(builder, loop, signature, args)
            i64 = ir.IntType(64)
            fn = cgutils.get_or_insert_function(
                builder.module, ir.FunctionType(i64, [i64, i64]), f"llvm.x86.bmi.{op}.64"
            )
            return builder.call(fn, operands(builder, *args))

        return sig, codegen

    defn.__name__ = f"_{op}"
    return intrinsic(defn)


# the n-th set bit of x as a one-bit mask: pdep(1 << n, x)
_deposit_nth = _bmi2("pdep", _nth_set_loop, lambda b, x, n: [b.shl(ir.Constant(x.type, 1), n), x])
# the bits of x at the set bits of m, packed low
_pext_intrinsic = _bmi2("pext", pext_loop, lambda b, x, m: [x, m])


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
def nth_set(x, n):
    """The n-th (0-based, from the lowest) set bit of a mask, as a one-bit mask."""
    return _deposit_nth(x, n)


@njit(cache=True, inline="always")
def nth_bit(x, n):
    """Index of the n-th (0-based, from the lowest) set bit of a mask."""
    return _cttz64(_deposit_nth(x, n))


@njit(cache=True, inline="always")
def pext(x, m):
    """The bits of ``x`` at the set bits of ``m``, packed low (``x`` read through ``m``)."""
    return _pext_intrinsic(x, m)


@njit(cache=True, inline="always")
def run_tops(hand, gone, not_top):
    """The highest bit of each run of ``hand``'s bits that only ``gone`` bits interrupt (a
    solver's equivalent cards: one move stands for its run); ``not_top``: the bits with a
    higher one in their own suit's field, so that no run crosses into the next field."""
    cur = (hand >> 1) & not_top
    covered = np.int64(0)
    while cur:
        covered |= cur
        cur = ((cur & gone) >> 1) & not_top
    return hand & ~covered


@njit(cache=True, inline="always")
def select(cond, a, b):
    """``a if cond else b`` without a branch, for conditions a CPU cannot predict."""
    m = -np.int64(cond)
    return (a & m) | (b & ~m)
