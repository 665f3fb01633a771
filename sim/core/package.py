"""A package that is also a function: ``sim.report(...)`` and ``sim.ladder(...)`` are the
commands in Python, yet ``sim.report`` and ``sim.ladder`` name their packages once those are
imported (Python sets the attribute), so the package itself is made callable."""

from __future__ import annotations

import importlib
import sys
import types


def callable_package(name: str, target: str) -> None:
    """Make the imported package ``name`` call ``target`` ("module:function") when called."""
    module_name, function = target.split(":")

    class Package(types.ModuleType):
        def __call__(self, *args, **kwargs):
            return getattr(importlib.import_module(module_name), function)(*args, **kwargs)

    Package.__doc__ = f"The package {name}, callable: {target}."
    sys.modules[name].__class__ = Package
