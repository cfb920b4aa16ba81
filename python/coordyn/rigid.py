"""Rotation parametrizations and rigid-body inertia with Exudyn's names (rigidBodyUtilities).

Conventions (the same as the engine, csrc/math/cd_rotations.c):

* A rotation matrix A maps body-frame components to global ones: x_global = A x_body.
* Tait-Bryan angles xyz: A = Rx(alpha) Ry(beta) Rz(gamma) (singular at beta = +-pi/2).
* Euler parameters e = [e0, e1, e2, e3] (e0 the scalar part, norm(e) = 1).
* Angular velocity: global omega = G theta_t, local (body) omega_b = Gbar theta_t = A^T omega;
  dA/dt = omega~ A = A omega_b~.
* Inertia 6-vectors are [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy], as ObjectRigidBody's 'inertia'.

Example::

    from coordyn.rigid import InertiaCuboid, RotationMatrixZ
    inertia = InertiaCuboid(density=7800, sideLengths=[1, 0.1, 0.1]).Translated([0.5, 0, 0])
    b = mbs.CreateRigidBody(inertia=inertia, referenceRotationMatrix=RotationMatrixZ(0.3))
"""
from __future__ import annotations

import enum

import numpy as np

__all__ = [
    "Skew", "Skew2Vec", "ComputeOrthonormalBasisVectors", "ComputeOrthonormalBasis", "GramSchmidt",
    "RotationMatrixX", "RotationMatrixY", "RotationMatrixZ", "RotationMatrix2D",
    "RotXYZ2RotationMatrix", "RotationMatrix2RotXYZ", "RotXYZ2G", "RotXYZ2GLocal",
    "AngularVelocity2RotXYZ_t", "RotXYZ2EulerParameters",
    "EulerParameters2RotationMatrix", "RotationMatrix2EulerParameters", "EulerParameters2G",
    "EulerParameters2GLocal", "AngularVelocity2EulerParameters_t",
    "AngularVelocityLocal2EulerParameters_t",
    "RotationVector2RotationMatrix", "RotationMatrix2RotationVector",
    "HomogeneousTransformation", "HT2rotationMatrix", "HT2translation",
    "InertiaTensor2Inertia6D", "Inertia6D2InertiaTensor",
    "RigidBodyInertia", "InertiaCuboid", "InertiaRodX", "InertiaMassPoint", "InertiaSphere",
    "InertiaHollowSphere", "InertiaCylinder", "NodeType",
]


class NodeType(enum.Enum):
    """Rotation parametrization of CreateRigidBody's node (Exudyn's exu.NodeType members).
    CreateRigidBody also takes the strings 'EP', 'Rxyz', 'RotVecLG' or these member names."""
    RotationEulerParameters = "EP"      #: NodeRigidBodyEP
    RotationRxyz = "Rxyz"               #: NodeRigidBodyRxyz
    RotationRotationVector = "RotVecLG"  #: NodeRigidBodyRotVecLG (Lie group)


# ---------------------------------------------------------------- argument helpers

def _vector(value, n, what):
    """value as a float array of n entries, or a TypeError naming what."""
    try:
        v = np.array(value, dtype=float)
    except (TypeError, ValueError):
        v = None
    if v is None or v.shape != (n,):
        raise TypeError(f"{what} must be a vector of {n} numbers, got {value!r}")
    return v


def _matrix(value, what):
    try:
        A = np.array(value, dtype=float)
    except (TypeError, ValueError):
        A = None
    if A is None or A.shape != (3, 3):
        raise TypeError(f"{what} must be a 3x3 matrix, got {value!r}")
    return A


# ---------------------------------------------------------------- basic vector algebra

def Skew(vector):
    """The skew-symmetric matrix v~ with v~ x = v x x."""
    v = _vector(vector, 3, "Skew: vector")
    return np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])


def Skew2Vec(skew):
    """The vector v of a skew-symmetric matrix v~ (its skew-symmetric part is used)."""
    S = _matrix(skew, "Skew2Vec: skew")
    return 0.5 * np.array([S[2, 1] - S[1, 2], S[0, 2] - S[2, 0], S[1, 0] - S[0, 1]])


def ComputeOrthonormalBasisVectors(vector0):
    """[v, n1, n2]: v = vector0 normalized and two unit normals with v x n1 = n2 (a right-handed
    triad); for vector0 = 0: x, y, z."""
    v = _vector(vector0, 3, "ComputeOrthonormalBasisVectors: vector0")
    L = np.linalg.norm(v)
    if L == 0:
        return [np.array([1.0, 0, 0]), np.array([0, 1.0, 0]), np.array([0, 0, 1.0])]
    v = v / L
    # start from the coordinate axis least parallel to v, project it out (Gram-Schmidt)
    n1 = np.zeros(3)
    n1[int(np.argmin(np.abs(v)))] = 1.0
    n1 -= (n1 @ v) * v
    n1 /= np.linalg.norm(n1)
    return [v, n1, np.cross(v, n1)]


def GramSchmidt(vector0, vector1):
    """[v0, v1, v0 x v1]: vector0 normalized, vector1 with its part along vector0 removed and
    normalized, and their cross product (a right-handed triad). ValueError if a vector is zero
    or vector1 is parallel to vector0."""
    v0 = _vector(vector0, 3, "GramSchmidt: vector0")
    v1 = _vector(vector1, 3, "GramSchmidt: vector1")
    L0 = np.linalg.norm(v0)
    if L0 == 0 or np.linalg.norm(v1) == 0:
        raise ValueError("GramSchmidt: vector0 and vector1 must not be zero")
    v0 = v0 / L0
    v1 = v1 / np.linalg.norm(v1)
    v1 = v1 - (v1 @ v0) * v0
    L1 = np.linalg.norm(v1)
    if L1 <= 1e-14:
        raise ValueError("GramSchmidt: vector1 must not be parallel to vector0")
    v1 = v1 / L1
    return [v0, v1, np.cross(v0, v1)]


def ComputeOrthonormalBasis(vector0):
    """Rotation matrix whose first column is vector0 normalized (columns v, n1, n2)."""
    return np.column_stack(ComputeOrthonormalBasisVectors(vector0))


# ---------------------------------------------------------------- elementary rotations

def RotationMatrixX(angleRad):
    """Rotation about the x axis by angleRad."""
    c, s = np.cos(angleRad), np.sin(angleRad)
    return np.array([[1.0, 0, 0], [0, c, -s], [0, s, c]])


def RotationMatrixY(angleRad):
    """Rotation about the y axis by angleRad."""
    c, s = np.cos(angleRad), np.sin(angleRad)
    return np.array([[c, 0, s], [0, 1.0, 0], [-s, 0, c]])


def RotationMatrixZ(angleRad):
    """Rotation about the z axis by angleRad."""
    c, s = np.cos(angleRad), np.sin(angleRad)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])


def RotationMatrix2D(angleRad):
    """2x2 rotation in the plane by angleRad."""
    c, s = np.cos(angleRad), np.sin(angleRad)
    return np.array([[c, -s], [s, c]])


# ---------------------------------------------------------------- Tait-Bryan angles xyz

def RotXYZ2RotationMatrix(rot):
    """A = Rx(rot[0]) Ry(rot[1]) Rz(rot[2]) (as NodeRigidBodyRxyz)."""
    a, b, c = _vector(rot, 3, "RotXYZ2RotationMatrix: rot")
    return RotationMatrixX(a) @ RotationMatrixY(b) @ RotationMatrixZ(c)


def RotationMatrix2RotXYZ(rotationMatrix):
    """Tait-Bryan angles [alpha, beta, gamma] of A = Rx Ry Rz, beta in [-pi/2, pi/2].
    A[0,2] = sin(beta); at the singularity cos(beta) = 0 alpha is set to 0 (only alpha +- gamma
    is defined there), so RotXYZ2RotationMatrix of the result always reproduces A."""
    A = _matrix(rotationMatrix, "RotationMatrix2RotXYZ: rotationMatrix")
    cb = np.hypot(A[1, 2], A[2, 2])      # |cos(beta)| from the last column
    beta = np.arctan2(A[0, 2], cb)
    if cb > 1e-14:
        return np.array([np.arctan2(-A[1, 2], A[2, 2]), beta, np.arctan2(-A[0, 1], A[0, 0])])
    # alpha = 0: row 1 of Ry Rz is [sb cg, ... ] -> A[1,0] = sin(gamma), A[1,1] = cos(gamma)
    return np.array([0.0, beta, np.arctan2(A[1, 0], A[1, 1])])


def RotXYZ2G(rot):
    """Global G with omega = G rot_t: columns e_x, Rx e_y, Rx Ry e_z."""
    a, b, _ = _vector(rot, 3, "RotXYZ2G: rot")
    ca, sa, cb, sb = np.cos(a), np.sin(a), np.cos(b), np.sin(b)
    return np.array([[1.0, 0, sb], [0, ca, -sa * cb], [0, sa, ca * cb]])


def RotXYZ2GLocal(rot):
    """Local Gbar = A^T G with omega_body = Gbar rot_t."""
    _, b, c = _vector(rot, 3, "RotXYZ2GLocal: rot")
    cb, sb, cc, sc = np.cos(b), np.sin(b), np.cos(c), np.sin(c)
    return np.array([[cb * cc, sc, 0], [-cb * sc, cc, 0], [sb, 0, 1.0]])


def AngularVelocity2RotXYZ_t(angularVelocity, rotation):
    """rot_t = G^-1 omega for a GLOBAL angular velocity (as Exudyn); ValueError at the
    singularity cos(rotation[1]) = 0."""
    w = _vector(angularVelocity, 3, "AngularVelocity2RotXYZ_t: angularVelocity")
    a, b, _ = _vector(rotation, 3, "AngularVelocity2RotXYZ_t: rotation")
    ca, sa, cb, sb = np.cos(a), np.sin(a), np.cos(b), np.sin(b)
    if abs(cb) < 1e-14:
        raise ValueError("AngularVelocity2RotXYZ_t: argument 'rotation' is singular "
                         "(cos(rotation[1]) = 0): Tait-Bryan rates are undefined")
    # inverse of G = [[1, 0, sb], [0, ca, -sa cb], [0, sa, ca cb]] (det = cb)
    Ginv = np.array([[cb, sa * sb, -ca * sb], [0, ca * cb, sa * cb], [0, -sa, ca]]) / cb
    return Ginv @ w


def RotXYZ2EulerParameters(alpha):
    """Euler parameters of A = Rx Ry Rz (product of the three elementary quaternions)."""
    a = _vector(alpha, 3, "RotXYZ2EulerParameters: alpha")
    q = np.array([1.0, 0, 0, 0])
    for k in range(3):
        e = np.zeros(4)
        e[0], e[1 + k] = np.cos(a[k] / 2), np.sin(a[k] / 2)
        q = _quat_mul(q, e)
    return q


def _quat_mul(p, q):
    """Quaternion product p q (rotation of q, then p)."""
    p0, pv, q0, qv = p[0], np.asarray(p[1:]), q[0], np.asarray(q[1:])
    return np.concatenate([[p0 * q0 - pv @ qv], p0 * qv + q0 * pv + np.cross(pv, qv)])


# ---------------------------------------------------------------- Euler parameters

def EulerParameters2RotationMatrix(eulerParameters):
    """A(e) = (e0^2 - ev.ev) I + 2 ev ev^T + 2 e0 ev~ (e of unit norm)."""
    e = _vector(eulerParameters, 4, "EulerParameters2RotationMatrix: eulerParameters")
    e0, ev = e[0], e[1:]
    return (e0 * e0 - ev @ ev) * np.eye(3) + 2 * np.outer(ev, ev) + 2 * e0 * Skew(ev)


def RotationMatrix2EulerParameters(rotationMatrix):
    """Unit Euler parameters of A with e0 >= 0 (Shepperd's method: the largest of the four
    4 e_i^2, from the trace and the diagonal, is taken as the pivot, so no division by a small
    number occurs for any rotation, including 180 degrees)."""
    A = _matrix(rotationMatrix, "RotationMatrix2EulerParameters: rotationMatrix")
    tr = np.trace(A)
    # 4 e0^2 = 1 + tr, 4 ei^2 = 1 + 2 Aii - tr
    d = np.array([1 + tr, 1 + 2 * A[0, 0] - tr, 1 + 2 * A[1, 1] - tr, 1 + 2 * A[2, 2] - tr])
    k = int(np.argmax(d))
    s = 2 * np.sqrt(max(d[k], 0.0))        # s = 4 |e_k|
    w = [A[2, 1] - A[1, 2], A[0, 2] - A[2, 0], A[1, 0] - A[0, 1]]    # 4 e0 e_i
    if k == 0:
        e = np.array([s / 4, w[0] / s, w[1] / s, w[2] / s])
    else:
        i = k - 1
        j, l = (i + 1) % 3, (i + 2) % 3
        e = np.zeros(4)
        e[0] = w[i] / s
        e[1 + i] = s / 4
        e[1 + j] = (A[j, i] + A[i, j]) / s    # 4 ei ej
        e[1 + l] = (A[l, i] + A[i, l]) / s
    if e[0] < 0:
        e = -e
    return e / np.linalg.norm(e)


def EulerParameters2G(eulerParameters):
    """Global G (3x4) with omega = G e_t: 2 [-ev, e0 I + ev~]."""
    e = _vector(eulerParameters, 4, "EulerParameters2G: eulerParameters")
    return 2 * np.column_stack([-e[1:], e[0] * np.eye(3) + Skew(e[1:])])


def EulerParameters2GLocal(eulerParameters):
    """Local Gbar (3x4) with omega_body = Gbar e_t: 2 [-ev, e0 I - ev~]."""
    e = _vector(eulerParameters, 4, "EulerParameters2GLocal: eulerParameters")
    return 2 * np.column_stack([-e[1:], e[0] * np.eye(3) - Skew(e[1:])])


def AngularVelocity2EulerParameters_t(angularVelocity, eulerParameters):
    """e_t = G^T omega / 4 for a GLOBAL angular velocity omega (as Exudyn).
    Since G = A Gbar for unit e, this equals Gbar^T omega_body / 4 with omega_body = A^T omega;
    for a body-frame angular velocity use AngularVelocityLocal2EulerParameters_t."""
    w = _vector(angularVelocity, 3, "AngularVelocity2EulerParameters_t: angularVelocity")
    return 0.25 * EulerParameters2G(eulerParameters).T @ w


def AngularVelocityLocal2EulerParameters_t(angularVelocityLocal, eulerParameters):
    """e_t = Gbar^T omega_body / 4 for a body-frame (local) angular velocity (coordyn only)."""
    w = _vector(angularVelocityLocal, 3,
                "AngularVelocityLocal2EulerParameters_t: angularVelocityLocal")
    return 0.25 * EulerParameters2GLocal(eulerParameters).T @ w


# ---------------------------------------------------------------- rotation vector

def RotationVector2RotationMatrix(rotationVector):
    """Rodrigues: A = I + sin(phi)/phi v~ + (1 - cos(phi))/phi^2 v~ v~, phi = norm(v)
    (Taylor series of the two factors for phi < 1e-4)."""
    v = _vector(rotationVector, 3, "RotationVector2RotationMatrix: rotationVector")
    phi2 = v @ v
    phi = np.sqrt(phi2)
    if phi < 1e-4:
        a, b = 1 - phi2 / 6, 0.5 - phi2 / 24
    else:
        a, b = np.sin(phi) / phi, 2 * np.sin(phi / 2) ** 2 / phi2   # 1 - cos = 2 sin^2(phi/2)
    S = Skew(v)
    return np.eye(3) + a * S + b * (S @ S)


def RotationMatrix2RotationVector(rotationMatrix):
    """Rotation vector phi n with phi in [0, pi], from the Euler parameters (robust at 0 and
    pi): phi = 2 atan2(norm(ev), e0)."""
    e = RotationMatrix2EulerParameters(rotationMatrix)
    s = np.linalg.norm(e[1:])
    if s == 0:
        return np.zeros(3)
    return 2 * np.arctan2(s, e[0]) / s * e[1:]


# ---------------------------------------------------------------- homogeneous transformations

def HomogeneousTransformation(A, r):
    """4x4 homogeneous transformation [[A, r], [0, 1]]."""
    T = np.eye(4)
    T[:3, :3] = _matrix(A, "HomogeneousTransformation: A")
    T[:3, 3] = _vector(r, 3, "HomogeneousTransformation: r")
    return T


def HT2rotationMatrix(T):
    """The rotation matrix (upper left 3x3 block) of a homogeneous transformation."""
    return np.array(T, dtype=float)[:3, :3].copy()


def HT2translation(T):
    """The translation (last column, first three rows) of a homogeneous transformation."""
    return np.array(T, dtype=float)[:3, 3].copy()


# ---------------------------------------------------------------- inertia

def InertiaTensor2Inertia6D(inertiaTensor):
    """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] of a 3x3 tensor (ObjectRigidBody's 'inertia' layout)."""
    J = _matrix(inertiaTensor, "InertiaTensor2Inertia6D: inertiaTensor")
    return [J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]]


def Inertia6D2InertiaTensor(inertia6D):
    """3x3 tensor of [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy]."""
    j = _vector(inertia6D, 6, "Inertia6D2InertiaTensor: inertia6D")
    return np.array([[j[0], j[5], j[4]], [j[5], j[1], j[3]], [j[4], j[3], j[2]]])


def _steiner(mass, com):
    """m (c.c I - c c^T) = m c~^T c~: the parallel-axis term from the centre of mass to the
    reference point at distance c."""
    c = np.asarray(com, dtype=float)
    return mass * ((c @ c) * np.eye(3) - np.outer(c, c))


class RigidBodyInertia:
    """Mass, inertia tensor and centre of mass of a rigid body, in a body frame with a reference
    point (the body's node).

    As in Exudyn, inertiaTensor is about the REFERENCE POINT unless inertiaTensorAtCOM=True, in
    which case it is about the centre of mass; com is the centre of mass relative to the
    reference point. Internally the tensor about the reference point is kept.

    Args:
        mass: mass (>= 0)
        inertiaTensor: 3x3 symmetric inertia tensor (see above)
        com: centre of mass in the body frame, relative to the reference point
        inertiaTensorAtCOM: True: inertiaTensor is about the centre of mass

    Example::

        # two unit cubes side by side == InertiaCuboid(1000, [2, 1, 1])
        two = InertiaCuboid(1000, [1, 1, 1]).Translated([0.5, 0, 0]) + \\
              InertiaCuboid(1000, [1, 1, 1]).Translated([-0.5, 0, 0])
    """

    def __init__(self, mass=0.0, inertiaTensor=None, com=None, inertiaTensorAtCOM=False):
        where = type(self).__name__
        try:
            mass = float(mass)
        except (TypeError, ValueError):
            raise TypeError(f"{where}: argument 'mass' must be a number, got {mass!r}") from None
        if not np.isfinite(mass) or mass < 0:
            raise ValueError(f"{where}: argument 'mass' must be finite and >= 0, got {mass}")
        J = np.zeros((3, 3)) if inertiaTensor is None else _matrix(
            inertiaTensor, f"{where}: argument 'inertiaTensor'")
        c = np.zeros(3) if com is None else _vector(com, 3, f"{where}: argument 'com'")
        scale = np.abs(J).max()
        if np.abs(J - J.T).max() > 1e-12 * scale:
            raise ValueError(f"{where}: argument 'inertiaTensor' must be symmetric, got {J}")
        if not isinstance(inertiaTensorAtCOM, (bool, int, np.bool_)):
            raise TypeError(f"{where}: argument 'inertiaTensorAtCOM' must be a bool, got "
                            f"{inertiaTensorAtCOM!r}")
        self.mass = mass
        self.com = c
        self.inertiaTensor = 0.5 * (J + J.T) + (_steiner(mass, c) if inertiaTensorAtCOM else 0)
        self._graphics_defaults()

    def _graphics_defaults(self):
        # the shape GetGraphics draws (the helpers below set it), and Exudyn's defaults
        self.data = {"type": "RigidBodyInertia"}
        self._nTilesGraphics = 16    # spheres; cylinders get twice as many
        self._roundnessGraphics = 0.0

    @classmethod
    def _make(cls, mass, inertiaTensor, com):
        """A plain RigidBodyInertia without the checks (results of operations)."""
        r = RigidBodyInertia.__new__(RigidBodyInertia)
        r.mass, r.inertiaTensor, r.com = float(mass), np.array(inertiaTensor, float), \
            np.array(com, float)
        r._graphics_defaults()  # a combined or moved body has no shape of its own
        return r

    # -- queries
    def Inertia(self):
        """3x3 inertia tensor about the reference point."""
        return self.inertiaTensor.copy()

    def InertiaCOM(self):
        """3x3 inertia tensor about the centre of mass (parallel-axis theorem)."""
        return self.inertiaTensor - _steiner(self.mass, self.com)

    def COM(self):
        """Centre of mass relative to the reference point."""
        return self.com.copy()

    def Mass(self):
        return self.mass

    def GetInertia6D(self):
        """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the reference point: ObjectRigidBody's
        'inertia' (pass COM() as its 'centerOfMass')."""
        return InertiaTensor2Inertia6D(self.inertiaTensor)

    def GetTypeName(self):
        return type(self).__name__

    def GetGraphics(self, color, nTiles=None, roundness=None):
        """Graphics data of the body's shape at its centre of mass, as Exudyn draws it: a brick
        (InertiaCuboid; InertiaRodX as a bar of cross-section 1 % of its length), a cylinder
        along its axis (InertiaCylinder, 2 nTiles), a sphere (InertiaSphere,
        InertiaHollowSphere; InertiaMassPoint with the radius of a sphere of density 2000);
        None for other inertias (combined or moved ones). color [-1, ...] is the default body
        color; nTiles (16) and roundness (0) default to the inertia's."""
        from . import graphics
        c = graphics.color.defaultBody if color[0] == -1 else color
        nTiles = self._nTilesGraphics if nTiles is None else nTiles
        roundness = self._roundnessGraphics if roundness is None else roundness
        com, d = self.COM(), self.data
        kind = d["type"]
        if kind == "InertiaCylinder":
            axis = np.zeros(3)
            axis[d["axis"]] = 1.0
            L, ri = d["length"], d["innerRadius"]
            return graphics.Cylinder(pAxis=-0.5 * L * axis + com, vAxis=L * axis,
                                     radius=d["outerRadius"], color=c, nTiles=2 * nTiles,
                                     radiusInner=ri if ri > 0 else None)
        if kind == "InertiaCuboid":
            return graphics.Brick(centerPoint=com, size=list(d["sideLengths"]), color=c,
                                  roundness=roundness)
        if kind == "InertiaRodX":
            L = d["length"]
            return graphics.Brick(centerPoint=com, size=[L, 0.01 * L, 0.01 * L], color=c,
                                  roundness=roundness)
        if kind == "InertiaMassPoint":
            r = (d["mass"] / 2000 * 0.75 / np.pi) ** (1 / 3)
            return graphics.Sphere(point=com, radius=r, nTiles=nTiles, color=c)
        if kind in ("InertiaSphere", "InertiaHollowSphere"):
            return graphics.Sphere(point=com, radius=d["radius"], nTiles=nTiles, color=c)
        return None

    # -- transformations (the reference point and frame stay; the body moves)
    def Translated(self, vec):
        """The body moved by vec in the body frame: centre of mass com + vec, tensor about the
        (unchanged) reference point: J_com + m (c'.c' I - c' c'^T)."""
        v = _vector(vec, 3, "RigidBodyInertia.Translated: argument 'vec'")
        c = self.com + v
        return self._make(self.mass, self.InertiaCOM() + _steiner(self.mass, c), c)

    def Rotated(self, rot):
        """The body rotated by rot about the reference point: J' = rot J rot^T, com' = rot com
        (Exudyn allows only com = 0 here; for com = 0 both agree)."""
        R = _matrix(rot, "RigidBodyInertia.Rotated: argument 'rot'")
        if np.abs(R.T @ R - np.eye(3)).max() > 1e-10 or np.linalg.det(R) < 0:
            raise ValueError("RigidBodyInertia.Rotated: argument 'rot' must be a rotation matrix "
                             f"(orthogonal, det +1), got {R}")
        return self._make(self.mass, R @ self.inertiaTensor @ R.T, R @ self.com)

    def Transformed(self, HT):
        """The body rotated by the rotation part and then translated by the translation part of
        the 4x4 homogeneous transformation HT."""
        T = np.array(HT, dtype=float)
        if T.shape != (4, 4):
            raise TypeError(f"RigidBodyInertia.Transformed: argument 'HT' must be a 4x4 matrix, "
                            f"got {HT!r}")
        return self.Rotated(T[:3, :3]).Translated(T[:3, 3])

    def SetWithCOMinertia(self, mass, inertiaTensorCOM, com):
        """Set mass, the tensor about the centre of mass, and the centre of mass."""
        other = RigidBodyInertia(mass, inertiaTensorCOM, com, inertiaTensorAtCOM=True)
        self.mass, self.inertiaTensor, self.com = other.mass, other.inertiaTensor, other.com

    # -- combination of bodies sharing the reference point and frame
    def __add__(self, other):
        if not isinstance(other, RigidBodyInertia):
            return NotImplemented
        m = self.mass + other.mass
        c = (self.mass * self.com + other.mass * other.com) / m if m > 0 else np.zeros(3)
        return self._make(m, self.inertiaTensor + other.inertiaTensor, c)

    def __iadd__(self, other):
        return self + other

    def __repr__(self):
        return (f"{type(self).__name__}(mass={self.mass!r}, com={self.com.tolist()!r}, "
                f"inertiaTensor={self.inertiaTensor.tolist()!r})")


def _nonneg(where, name, value):
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{where}: argument '{name}' must be a number, got {value!r}") from None
    if not np.isfinite(x) or x < 0:
        raise ValueError(f"{where}: argument '{name}' must be finite and >= 0, got {value!r}")
    return x


class InertiaCuboid(RigidBodyInertia):
    """Homogeneous cuboid with sideLengths [Lx, Ly, Lz] along the body axes, centred at the
    reference point: m = rho Lx Ly Lz, Jxx = m (Ly^2 + Lz^2)/12 etc."""

    def __init__(self, density, sideLengths):
        rho = _nonneg("InertiaCuboid", "density", density)
        L = _vector(sideLengths, 3, "InertiaCuboid: argument 'sideLengths'")
        if np.any(L < 0):
            raise ValueError(f"InertiaCuboid: argument 'sideLengths' must be >= 0, got {L}")
        m = rho * L.prod()
        L2 = L * L
        super().__init__(m, m / 12 * np.diag([L2[1] + L2[2], L2[0] + L2[2], L2[0] + L2[1]]))
        self.data = {"type": "InertiaCuboid", "density": rho, "sideLengths": L.tolist()}


class InertiaRodX(RigidBodyInertia):
    """Thin rod of mass and length along the body x axis, centred: Jyy = Jzz = m L^2 / 12."""

    def __init__(self, mass, length):
        m = _nonneg("InertiaRodX", "mass", mass)
        L = _nonneg("InertiaRodX", "length", length)
        super().__init__(m, m * L * L / 12 * np.diag([0.0, 1.0, 1.0]))
        self.data = {"type": "InertiaRodX", "mass": m, "length": L}


class InertiaMassPoint(RigidBodyInertia):
    """A point mass at the reference point (zero inertia tensor); use Translated to place it."""

    def __init__(self, mass):
        super().__init__(_nonneg("InertiaMassPoint", "mass", mass))
        self.data = {"type": "InertiaMassPoint", "mass": self.mass}


class InertiaSphere(RigidBodyInertia):
    """Solid sphere, centred: J = 2/5 m r^2; give mass or density (not both)."""

    def __init__(self, mass=None, radius=None, density=None):
        if radius is None:
            raise TypeError("InertiaSphere: argument 'radius' is required")
        r = _nonneg("InertiaSphere", "radius", radius)
        volume = 4 / 3 * np.pi * r ** 3
        if (mass is None) == (density is None):
            raise ValueError("InertiaSphere: give exactly one of the arguments 'mass' and "
                             "'density'")
        m = (_nonneg("InertiaSphere", "mass", mass) if mass is not None
             else _nonneg("InertiaSphere", "density", density) * volume)
        super().__init__(m, 0.4 * m * r * r * np.eye(3))
        self.data = {"type": "InertiaSphere", "mass": m, "radius": r,
                     "density": m / volume if volume > 0 else density, "volume": volume}


class InertiaHollowSphere(RigidBodyInertia):
    """Thin spherical shell, centred: J = 2/3 m r^2."""

    def __init__(self, mass, radius):
        m = _nonneg("InertiaHollowSphere", "mass", mass)
        r = _nonneg("InertiaHollowSphere", "radius", radius)
        super().__init__(m, 2 / 3 * m * r * r * np.eye(3))
        self.data = {"type": "InertiaHollowSphere", "mass": m, "radius": r}


class InertiaCylinder(RigidBodyInertia):
    """Homogeneous (hollow) cylinder along body axis 'axis' (0, 1, 2 = x, y, z), centred:
    m = rho L pi (ro^2 - ri^2), J_axis = m (ro^2 + ri^2)/2,
    J_transverse = m (3 (ro^2 + ri^2) + L^2)/12. Argument order as Exudyn's (axis before
    innerRadius)."""

    def __init__(self, density, length, outerRadius, axis=0, innerRadius=0.0):
        where = "InertiaCylinder"
        rho = _nonneg(where, "density", density)
        L = _nonneg(where, "length", length)
        ro = _nonneg(where, "outerRadius", outerRadius)
        ri = _nonneg(where, "innerRadius", innerRadius)
        if ri > ro:
            raise ValueError(f"{where}: argument 'innerRadius' ({ri}) must not exceed "
                             f"'outerRadius' ({ro})")
        if isinstance(axis, bool) or axis not in (0, 1, 2):
            raise ValueError(f"{where}: argument 'axis' must be 0, 1 or 2, got {axis!r}")
        m = rho * L * np.pi * (ro * ro - ri * ri)
        r2 = ro * ro + ri * ri
        d = np.full(3, m * (3 * r2 + L * L) / 12)
        d[int(axis)] = 0.5 * m * r2
        super().__init__(m, np.diag(d))
        self.data = {"type": "InertiaCylinder", "density": rho, "length": L,
                     "outerRadius": ro, "axis": int(axis), "innerRadius": ri}
