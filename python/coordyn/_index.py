"""The index types of the items (NodeIndex, ObjectIndex, MarkerIndex, LoadIndex, SensorIndex):
ints that remember what they index. In their own module so that coordyn.create, whose helpers
are MainSystem methods, can use them without importing coordyn.system."""
from __future__ import annotations

import sys

__all__ = ["NodeIndex", "ObjectIndex", "MarkerIndex", "LoadIndex", "SensorIndex"]


class _Index(int):
    _kind = ""

    def __repr__(self):
        return f"{type(self).__name__}({int(self)})"


class NodeIndex(_Index):
    """Index of a node (an int)."""


class ObjectIndex(_Index):
    """Index of an object (an int)."""


class MarkerIndex(_Index):
    """Index of a marker (an int)."""


class LoadIndex(_Index):
    """Index of a load (an int)."""


class SensorIndex(_Index):
    """Index of a sensor (an int).

    Exudyn's exudyn.plot.PlotSensor accepts only ``type(s) == int`` or its own
    ``exudyn.SensorIndex`` (an isinstance check). Once exudyn is imported, a SensorIndex
    therefore reports Exudyn's class as its ``__class__``, which isinstance consults after the
    real type: isinstance(s, exudyn.SensorIndex), isinstance(s, int) and
    isinstance(s, coordyn.SensorIndex) are all True and type(s) stays coordyn's."""

    @property  # type: ignore[misc]  # (int's __class__ is writable; this one is not)
    def __class__(self):
        exu_index = getattr(sys.modules.get("exudyn"), "SensorIndex", None)
        return exu_index if isinstance(exu_index, type) else type(self)

    def __reduce__(self):  # pickle checks obj.__class__ against the class it reconstructs
        return (SensorIndex, (int(self),))
