"""Type aliases of the Python API's annotations (the Create* helpers, ...), shared so that every
function names an argument kind the same way. They are for static checkers and editors; at run
time the functions check their arguments themselves (TypeError / ValueError naming the
argument).

``Union`` rather than ``X | Y``: the aliases are evaluated at import, and coordyn supports
Python 3.9.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Sequence, Union

import numpy as np

__all__ = ["ArrayLike", "MatrixLike", "HTLike", "UserFunction", "GraphicsDataList",
           "ItemNumber"]

#: a vector of numbers: a list or tuple of floats (ints are fine) or a numpy array
ArrayLike = Union[Sequence[float], np.ndarray]

#: a matrix of numbers: a list of rows (lists or tuples of floats) or a 2D numpy array
MatrixLike = Union[Sequence[Sequence[float]], np.ndarray]

#: a 4x4 homogeneous transformation: a 4x4 nested list, its 16 numbers, or a numpy array
HTLike = Union[Sequence[Sequence[float]], Sequence[float], np.ndarray]

#: a user function (a Python callable); 0 (Exudyn's default) means none
UserFunction = Union[Callable[..., Any], int]

#: graphics data of a body (coordyn.graphics.Brick(...), ...: dicts with a 'type')
GraphicsDataList = Sequence[Dict[str, Any]]

#: an item number: an ObjectIndex, NodeIndex or MarkerIndex (all ints) or a plain int
ItemNumber = int
