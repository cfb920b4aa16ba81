"""Argument checks shared by the Create* helpers: each returns the value normalized (a float
array, a float, a bool, a rotation matrix) or raises TypeError (wrong type or shape) or
ValueError (wrong value) with a message naming the function (``where``) and the argument."""
from __future__ import annotations

import numpy as np


def _vec(where, name, value, n, allow_none=False):
    """value as a float array of n finite numbers, else TypeError/ValueError naming it."""
    if value is None and allow_none:
        return None
    if isinstance(value, (str, bytes, dict)):
        v = None
    else:
        try:
            v = np.array(value, dtype=float)
        except (TypeError, ValueError):
            v = None
    if v is None or v.shape != (n,):
        raise TypeError(f"{where}: argument '{name}' must be a vector of {n} numbers, "
                        f"got {value!r}")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{where}: argument '{name}' must be finite, got {value!r}")
    return v


def _real(where, name, value, nonneg=False, positive=False):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{where}: argument '{name}' must be a number, got {value!r}")
    x = float(value)
    if not np.isfinite(x):
        raise ValueError(f"{where}: argument '{name}' must be finite, got {value!r}")
    if positive and not x > 0:
        raise ValueError(f"{where}: argument '{name}' must be > 0, got {value!r}")
    if nonneg and x < 0:
        raise ValueError(f"{where}: argument '{name}' must be >= 0, got {value!r}")
    return x


def _bool(where, name, value):
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, (int, np.integer))
                                                and value in (0, 1)):
        return bool(value)
    raise TypeError(f"{where}: argument '{name}' must be a bool, got {value!r}")


def _name(where, name):
    if not isinstance(name, str):
        raise TypeError(f"{where}: argument 'name' must be a str, got {name!r}")
    return name


def _rotation(where, name, value, allow_none=True):
    """A 3x3 rotation matrix (orthogonal, det +1) or None."""
    if value is None and allow_none:
        return None
    try:
        A = np.array(value, dtype=float)
    except (TypeError, ValueError):
        A = None
    if A is None or A.shape != (3, 3):
        raise TypeError(f"{where}: argument '{name}' must be a 3x3 rotation matrix, "
                        f"got {value!r}")
    if np.abs(A.T @ A - np.eye(3)).max() > 1e-9 or np.linalg.det(A) < 0:
        raise ValueError(f"{where}: argument '{name}' must be a rotation matrix (orthogonal "
                         f"with determinant +1), got {A.tolist()}")
    return A


def _axes(where, name, value, n):
    v = _vec(where, name, value, n)
    if not np.all((v == 0) | (v == 1)):
        raise ValueError(f"{where}: argument '{name}' must hold only 0 (free) and 1 "
                         f"(constrained), got {value!r}")
    return [int(x) for x in v]


def _ht(where, name, value):
    """(translation, rotation) of a 4x4 homogeneous transformation (or its 16 values)."""
    T = np.array(value, dtype=float)
    if T.shape == (16,):
        T = T.reshape(4, 4)
    if T.shape != (4, 4):
        raise TypeError(f"{where}: argument '{name}' must be a 4x4 homogeneous transformation, "
                        f"got {value!r}")
    return T[:3, 3].copy(), _rotation(where, name + " (rotation part)", T[:3, :3])


def _frame_args(where, htName, ht, posName, pos, rotName, rot):
    if ht is None:
        return pos, rot
    if pos is not None or rot is not None:
        raise ValueError(f"{where}: argument '{htName}' is given together with '{posName}' or "
                         f"'{rotName}'; give one of them")
    return _ht(where, htName, ht)
