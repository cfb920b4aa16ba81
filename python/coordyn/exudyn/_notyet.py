"""Stand-ins for Exudyn names that coordyn does not provide (yet).

A stand-in can be imported (so ``from coordyn.utilities import *`` brings exactly Exudyn's names)
but raises NotImplementedFeatureError, naming what is missing and what to use instead, as soon as
it is called or instantiated: a script never continues with a silent no-op.
"""
from __future__ import annotations

from .._core import ExudynError


class NotImplementedFeatureError(ExudynError, NotImplementedError):
    """A feature of Exudyn that coordyn does not provide (yet); the message says what to use."""


def _message(qualname, needs, instead):
    text = f"{qualname} is not available in coordyn: {needs}"
    if instead:
        text += f"; use {instead} instead"
    return text + " (docs: coming_from_exudyn)"


def missing_function(name, module, needs, instead=None):
    """A function that raises NotImplementedFeatureError when called."""
    qualname = f"{module}.{name}"

    def stand_in(*args, **kwargs):
        raise NotImplementedFeatureError(_message(qualname, needs, instead))

    stand_in.__name__ = stand_in.__qualname__ = name
    stand_in.__module__ = module
    stand_in.__doc__ = "Not available in coordyn: " + _message(qualname, needs, instead)
    stand_in._coordyn_missing = _message(qualname, needs, instead)
    return stand_in


class _MissingType(type):
    """Metaclass of the stand-in classes: a class attribute (exu.special.solver, a static
    method) raises NotImplementedFeatureError too."""

    def __getattr__(cls, key):
        if key.startswith("__"):
            raise AttributeError(key)
        raise NotImplementedFeatureError(f"{cls._coordyn_missing} (attribute '{key}')")


def missing_class(name, module, needs, instead=None):
    """A class whose construction (or any class attribute) raises NotImplementedFeatureError."""
    qualname = f"{module}.{name}"
    msg = _message(qualname, needs, instead)

    def __init__(self, *args, **kwargs):
        raise NotImplementedFeatureError(msg)

    return _MissingType(name, (), {"__init__": __init__, "__module__": module,
                                   "__doc__": "Not available in coordyn: " + msg,
                                   "_coordyn_missing": msg})


def is_missing(obj) -> bool:
    """True for a stand-in made by missing_function or missing_class."""
    return hasattr(obj, "_coordyn_missing")
