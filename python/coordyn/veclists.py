"""Exudyn's list types (``Vector2DList``, ``Vector3DList``, ``Vector6DList``, ``Matrix3DList``,
``Matrix6DList``): ordered lists of fixed-size vectors or matrices, stored as NumPy arrays.

coordyn's item parameters take any sequence of vectors or matrices, so these containers are
only needed by scripts written for Exudyn; they are accepted wherever a list of vectors or
matrices is (they are sequences and convert with ``numpy.asarray``).
"""
from __future__ import annotations

import numpy as np

__all__ = ["Vector2DList", "Vector3DList", "Vector6DList", "Matrix3DList", "Matrix6DList"]


class _FixedSizeList:
    """A list of NumPy arrays of one fixed shape (``_shape``)."""

    _shape: tuple = ()

    def __init__(self, items=None):
        self._items = []
        if items is not None:
            if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
                raise TypeError(f"{type(self).__name__}: expected a list of "
                                f"{self._what()}, got {items!r}")
            for x in items:
                self.Append(x)

    @classmethod
    def _what(cls):
        return ("vectors of %d floats" % cls._shape[0] if len(cls._shape) == 1
                else "%d x %d matrices" % cls._shape)

    def _convert(self, x, where):
        try:
            a = np.array(x, dtype=float)
        except (TypeError, ValueError):
            a = None
        if a is None or a.shape != self._shape:
            raise ValueError(f"{type(self).__name__}.{where}: expected one of "
                             f"{self._what()}, got {x!r}")
        return a

    def Append(self, item):
        """Append one vector (matrix) at the end."""
        self._items.append(self._convert(item, "Append"))

    def GetPythonObject(self):
        """The items as a Python list of NumPy arrays (copies)."""
        return [a.copy() for a in self._items]

    def __len__(self):
        return len(self._items)

    def _index(self, i):
        n = len(self._items)
        if not isinstance(i, (int, np.integer)) or isinstance(i, bool) or not -n <= i < n:
            raise IndexError(f"{type(self).__name__}: index {i!r} out of range "
                             f"(the list has {n} items)")
        return int(i)

    def __getitem__(self, i):
        return self._items[self._index(i)].copy()

    def __setitem__(self, i, item):
        self._items[self._index(i)] = self._convert(item, "__setitem__")

    def __iter__(self):
        return (a.copy() for a in self._items)

    def __array__(self, dtype=None, copy=None):
        a = (np.array(self._items, dtype=float) if self._items
             else np.zeros((0,) + self._shape))
        return a if dtype is None else a.astype(dtype)

    def __repr__(self):
        return repr(self._items)

    __str__ = __repr__


class Vector2DList(_FixedSizeList):
    """A list of 2D vectors (Exudyn's ``Vector2DList``)."""
    _shape = (2,)


class Vector3DList(_FixedSizeList):
    """A list of 3D vectors (Exudyn's ``Vector3DList``)."""
    _shape = (3,)


class Vector6DList(_FixedSizeList):
    """A list of 6D vectors (Exudyn's ``Vector6DList``)."""
    _shape = (6,)


class Matrix3DList(_FixedSizeList):
    """A list of 3 x 3 matrices (Exudyn's ``Matrix3DList``)."""
    _shape = (3, 3)


class Matrix6DList(_FixedSizeList):
    """A list of 6 x 6 matrices (Exudyn's ``Matrix6DList``)."""
    _shape = (6, 6)
