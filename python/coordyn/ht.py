"""HT: a homogeneous transformation (rotation A, translation p) as an object, Exudyn 1.13's
class ``exudyn.HT``: x_global = A x_local + p. The 4 x 4 matrix [A p; 0 1] is H.HT44() or
np.array(H); every function of coordyn that takes a 4 x 4 HT matrix takes an HT as well.
"""
from __future__ import annotations

import numpy as np

from . import liegroup as _lg
from . import rigid as _rigid

__all__ = ["HT"]

_ROTATION_KEYS = ("rotation", "eulerParameters", "Rxyz", "rotationVector")


def _vec(what, value, n):
    """value as a float vector of n components; ValueError naming what otherwise."""
    try:
        v = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"HT: {what} must be a list of {n} numbers, got {value!r}") from None
    if v.shape != (n,):
        raise ValueError(f"HT: {what} must have {n} components, got shape {v.shape}")
    return v


def _rotation_matrix(value):
    """A 3 x 3 rotation from a 3 x 3 matrix (the rotation of a 4 x 4 HT or of an HT)."""
    if isinstance(value, HT):
        return value.rotation
    try:
        m = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"HT: rotation must be a 3x3 matrix, got {value!r}") from None
    if m.shape == (4, 4):
        return m[0:3, 0:3].copy()
    if m.shape != (3, 3):
        raise ValueError(f"HT: rotation must be a 3x3 matrix, got shape {m.shape}")
    return m


def AsHT44(value, what="HT"):
    """The 4 x 4 float matrix of an HT or of a 4 x 4 array-like; ValueError naming what."""
    if isinstance(value, HT):
        return value.HT44()
    m = np.array(value, dtype=float)
    if m.shape != (4, 4):
        raise ValueError(f"{what} must be a 4x4 homogeneous transformation or an HT, "
                         f"got shape {m.shape}")
    return m


class HT:
    """A homogeneous transformation: rotation A (3 x 3) and translation p (3), the frame
    x_global = A x_local + p; H1*H2 composes, H*v transforms a point.

    HT(rotation=None, translation=None, eulerParameters=None, Rxyz=None, rotationVector=None):
    the rotation from at most one of a 3 x 3 matrix (or the 4 x 4 matrix of an HT, whose
    translation is then taken too unless translation is given), unit Euler parameters,
    Tait-Bryan angles Rxyz (as NodeRigidBodyRxyz) and a rotation vector; the parts not given
    are the identity."""

    __slots__ = ("_A", "_p", "_norot")
    __hash__ = None

    def __init__(self, rotation=None, translation=None, eulerParameters=None, Rxyz=None,
                 rotationVector=None):
        self._A = np.eye(3)
        self._p = np.zeros(3)
        self._norot = True
        if isinstance(rotation, HT):
            self._A, self._p, self._norot = rotation._A.copy(), rotation._p.copy(), rotation._norot
            rotation = None
        elif rotation is not None and np.shape(rotation) == (4, 4):
            self._p = np.array(rotation, dtype=float)[0:3, 3].copy()
        self.Set(rotation=rotation, translation=translation, eulerParameters=eulerParameters,
                 Rxyz=Rxyz, rotationVector=rotationVector)

    # ------------------------------------------------------------- parts
    @property
    def rotation(self):
        """The rotation matrix A (3 x 3, a copy)."""
        return self._A.copy()

    @rotation.setter
    def rotation(self, value):
        self._set_rotation(_rotation_matrix(value))

    @property
    def translation(self):
        """The translation p (3, a copy)."""
        return self._p.copy()

    @translation.setter
    def translation(self, value):
        self._p = _vec("translation", value, 3)

    def _set_rotation(self, A, checked=True):
        """A given from Python: HasNoRotation() is True only for the exact unit matrix."""
        self._A = np.array(A, dtype=float)
        self._norot = bool(checked and np.array_equal(self._A, np.eye(3)))

    def Set(self, rotation=None, translation=None, eulerParameters=None, Rxyz=None,
            rotationVector=None):
        """Set the parts given (None keeps a part): the rotation from at most one of rotation
        (3 x 3), eulerParameters, Rxyz and rotationVector, and the translation; returns self."""
        given = [k for k, v in zip(_ROTATION_KEYS, (rotation, eulerParameters, Rxyz,
                                                      rotationVector)) if v is not None]
        if len(given) > 1:
            raise ValueError("HT: give at most one of rotation, eulerParameters, Rxyz and "
                             f"rotationVector, got {', '.join(given)}")
        if rotation is not None:
            self._set_rotation(_rotation_matrix(rotation))
        elif eulerParameters is not None:
            e = _vec("eulerParameters", eulerParameters, 4)
            if abs(float(e @ e) - 1.0) > 1e-10:
                raise ValueError(f"HT: the Euler parameters must have unit length, got "
                                 f"{list(e)} (norm {np.linalg.norm(e):g})")
            self._set_rotation(_rigid.EulerParameters2RotationMatrix(e))
        elif Rxyz is not None:
            self._set_rotation(_rigid.RotXYZ2RotationMatrix(_vec("Rxyz", Rxyz, 3)))
        elif rotationVector is not None:
            self._set_rotation(_rigid.RotationVector2RotationMatrix(
                _vec("rotationVector", rotationVector, 3)))
        if translation is not None:
            self.translation = translation
        return self

    def Get(self):
        """[rotation, translation] as NumPy arrays."""
        return [self.rotation, self.translation]

    def HT44(self):
        """The 4 x 4 matrix [A p; 0 1]."""
        T = np.eye(4)
        T[0:3, 0:3] = self._A
        T[0:3, 3] = self._p
        return T

    def __array__(self, dtype=None, copy=None):
        T = self.HT44()
        return T if dtype is None else T.astype(dtype)

    def HasNoRotation(self):
        """True if the rotation is the unit matrix as set (identity, SetTranslation, a product
        of such, or the exact unit matrix given from Python); a computed unit matrix (say
        SetRotationX(0)) is not checked."""
        return self._norot

    # ------------------------------------------------------------- setters
    def SetIdentity(self):
        """Unit rotation and zero translation; returns self."""
        self._A, self._p, self._norot = np.eye(3), np.zeros(3), True
        return self

    def SetTranslation(self, translation):
        """The translation and the unit rotation; returns self."""
        self.SetIdentity()
        self.translation = translation
        return self

    def _set_pure_rotation(self, A):
        self._A, self._p, self._norot = np.array(A, dtype=float), np.zeros(3), False
        return self

    def SetRotationX(self, angle):
        """A rotation about x by angle (radians) and zero translation; returns self."""
        return self._set_pure_rotation(_rigid.RotationMatrixX(float(angle)))

    def SetRotationY(self, angle):
        """A rotation about y by angle (radians) and zero translation; returns self."""
        return self._set_pure_rotation(_rigid.RotationMatrixY(float(angle)))

    def SetRotationZ(self, angle):
        """A rotation about z by angle (radians) and zero translation; returns self."""
        return self._set_pure_rotation(_rigid.RotationMatrixZ(float(angle)))

    def SetRotationAxis(self, axis, angle):
        """A rotation by angle (radians) about axis (any length but zero) and zero translation;
        returns self."""
        a = _vec("axis", axis, 3)
        n = float(np.linalg.norm(a))
        if n == 0:
            raise ValueError("HT.SetRotationAxis: the axis must not be zero")
        return self._set_pure_rotation(_lg.ExpSO3(a * (float(angle) / n)))

    def SetCoordinatesEP(self, coordinates):
        """From the 7 coordinates of NodeRigidBodyEP (translation, Euler parameters); returns
        self."""
        c = _vec("coordinates", coordinates, 7)
        return self.Set(translation=c[0:3], eulerParameters=c[3:7])

    def SetCoordinatesRxyz(self, coordinates):
        """From the 6 coordinates of NodeRigidBodyRxyz (translation, Tait-Bryan angles);
        returns self."""
        c = _vec("coordinates", coordinates, 6)
        return self.Set(translation=c[0:3], Rxyz=c[3:6])

    def SetCoordinatesRotationVector(self, coordinates):
        """From the 6 coordinates of NodeRigidBodyRotVecLG (translation, rotation vector);
        returns self."""
        c = _vec("coordinates", coordinates, 6)
        return self.Set(translation=c[0:3], rotationVector=c[3:6])

    def SetExpSE3(self, vector):
        """The exponential map on SE(3) of the motion vector [U, Omega] (screw motion of
        constant twist); returns self."""
        T = _lg.ExpSE3(_vec("vector", vector, 6))
        self._A, self._p, self._norot = T[0:3, 0:3].copy(), T[0:3, 3].copy(), False
        return self

    def SetExpR3xSO3(self, vector):
        """The exponential map on R3xSO(3) of [U, Omega]: translation U, rotation
        ExpSO3(Omega); returns self."""
        x = _vec("vector", vector, 6)
        self._A, self._p, self._norot = _lg.ExpSO3(x[3:6]), x[0:3].copy(), False
        return self

    # ------------------------------------------------------------- rotation parameters
    def GetEP(self):
        """The Euler parameters [e0, e1, e2, e3] (e0 >= 0) of the rotation."""
        return np.asarray(_rigid.RotationMatrix2EulerParameters(self._A), dtype=float)

    def GetRxyz(self):
        """The Tait-Bryan angles [rotX, rotY, rotZ] of the rotation (A = Rx Ry Rz)."""
        return np.asarray(_rigid.RotationMatrix2RotXYZ(self._A), dtype=float)

    def GetRotationVector(self):
        """The rotation vector (axis times angle, angle in [0, pi])."""
        return np.asarray(_rigid.RotationMatrix2RotationVector(self._A), dtype=float)

    def GetCoordinatesEP(self):
        """The 7 coordinates of NodeRigidBodyEP: translation, Euler parameters."""
        return np.concatenate([self._p, self.GetEP()])

    def GetCoordinatesRxyz(self):
        """The 6 coordinates of NodeRigidBodyRxyz: translation, Tait-Bryan angles."""
        return np.concatenate([self._p, self.GetRxyz()])

    def GetCoordinatesRotationVector(self):
        """The 6 coordinates of NodeRigidBodyRotVecLG: translation, rotation vector."""
        return np.concatenate([self._p, self.GetRotationVector()])

    def RotationAngle(self):
        """The rotation angle in [0, pi] (the length of the rotation vector)."""
        return float(np.linalg.norm(self.GetRotationVector()))

    def RotationAxis(self, raiseError=True):
        """The unit rotation axis; without rotation a ValueError, or [0, 0, 0] with
        raiseError=False."""
        v = self.GetRotationVector()
        n = float(np.linalg.norm(v))
        if n == 0:
            if raiseError:
                raise ValueError("HT.RotationAxis(): the transformation has no rotation; use "
                                 "raiseError=False to get [0,0,0]")
            return np.zeros(3)
        return v / n

    # ------------------------------------------------------------- logarithms
    def LogSE3(self):
        """The motion vector [U, Omega] on SE(3) with SetExpSE3([U, Omega]) == self."""
        L = _lg.LogSE3(self.HT44())
        return np.concatenate([L[0:3, 3], _lg.Skew2Vec(L[0:3, 0:3])])

    def LogR3xSO3(self):
        """[translation, rotation vector], the logarithm on R3xSO(3)."""
        return self.GetCoordinatesRotationVector()

    # ------------------------------------------------------------- algebra
    def _from(self, A, p, norot):
        out = HT.__new__(HT)
        out._A, out._p, out._norot = A, p, norot
        return out

    def Inverse(self):
        """The inverse transformation [A^T, -A^T p]."""
        return self._from(self._A.T.copy(), -(self._A.T @ self._p), self._norot)

    def Invert(self):
        """Invert in place."""
        inv = self.Inverse()
        self._A, self._p = inv._A, inv._p

    def Relative(self, other):
        """The frame of other seen from this one: self.Inverse() * other."""
        o = _as_ht(other, "HT.Relative: other")
        return self._from(self._A.T @ o._A, self._A.T @ (o._p - self._p),
                          self._norot and o._norot)

    def RotateVector(self, vector):
        """A v (no translation)."""
        return self._A @ _vec("vector", vector, 3)

    def RotateVectorTransposed(self, vector):
        """A^T v."""
        return self._A.T @ _vec("vector", vector, 3)

    def InterpolateSE3(self, other, factor):
        """Between self (factor 0) and other (factor 1) on SE(3): the screw motion of constant
        twist, self * Exp(factor Log(self^-1 other))."""
        rel = self.Relative(_as_ht(other, "HT.InterpolateSE3: other"))
        step = HT().SetExpSE3(float(factor) * rel.LogSE3())
        return self * step

    def InterpolateSO3(self, other, factor):
        """Between self (factor 0) and other (factor 1): translation linear, rotation about one
        fixed axis with the angle in proportion, A0 Exp(factor Log(A0^T A1))."""
        o = _as_ht(other, "HT.InterpolateSO3: other")
        f = float(factor)
        w = _rigid.RotationMatrix2RotationVector(self._A.T @ o._A)
        return self._from(self._A @ _lg.ExpSO3(f * np.asarray(w)),
                          (1 - f) * self._p + f * o._p, False)

    def __mul__(self, other):
        """H1*H2: the composition (an HT); H*v: the transformed point A v + p."""
        if isinstance(other, HT):
            if other._norot:
                return self._from(self._A.copy(), self._p + self._A @ other._p, self._norot)
            return self._from(self._A @ other._A, self._p + self._A @ other._p, False)
        try:
            v = np.array(other, dtype=float)
        except (TypeError, ValueError):
            return NotImplemented
        if v.shape != (3,):
            raise TypeError(f"HT * x: x must be an HT or a 3D vector, got shape {v.shape}")
        return self._A @ v + self._p

    def __matmul__(self, other):
        """H1@H2: the composition; H@x for other x as NumPy computes it with the 4 x 4 matrix."""
        if isinstance(other, HT):
            return self * other
        return self.HT44() @ np.asarray(other)

    def __rmatmul__(self, other):
        return np.asarray(other) @ self.HT44()

    def __eq__(self, other):
        if not isinstance(other, HT):
            return NotImplemented
        return bool(np.array_equal(self._A, other._A) and np.array_equal(self._p, other._p))

    def __getitem__(self, key):
        item = self.HT44()[key]
        return item.copy() if isinstance(item, np.ndarray) else item

    def __setitem__(self, key, value):
        T = self.HT44()
        T[key] = value
        if not np.array_equal(T[3], [0, 0, 0, 1]):
            raise ValueError("HT[...] = value: the last row of an HT is [0,0,0,1] and cannot "
                             "be written")
        self._set_rotation(T[0:3, 0:3])
        self._p = T[0:3, 3].copy()

    def __copy__(self):
        return self._from(self._A.copy(), self._p.copy(), self._norot)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        return (_rebuild, (self._A.tolist(), self._p.tolist(), self._norot))

    def __repr__(self):
        def f(x):
            return f"{x:g}"
        rows = ",".join("[" + ",".join(f(x) for x in r) + "]" for r in self._A)
        return (f"HT(rotation=[{rows}], translation=[" + ",".join(f(x) for x in self._p)
                + "])")

    __str__ = __repr__


def _rebuild(A, p, norot):
    out = HT.__new__(HT)
    out._A, out._p, out._norot = np.array(A, dtype=float), np.array(p, dtype=float), norot
    return out


def _as_ht(value, what):
    """value as an HT (an HT or a 4 x 4 matrix)."""
    if isinstance(value, HT):
        return value
    T = AsHT44(value, what)
    return HT(rotation=T[0:3, 0:3], translation=T[0:3, 3])

