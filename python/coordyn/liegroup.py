"""Lie-group helpers for rotations and rigid motions: exponential and logarithmic maps on SO(3),
S(3) (unit quaternions), SE(3) and R3xSO(3), their tangent operators, and the composition rules
a Lie-group integrator uses to update rotation parameters by an incremental rotation vector.
Names and arguments are those of Exudyn's exudyn.lieGroupBasics (coordyn.lieGroupBasics
re-exports them).

Conventions (as Exudyn's): a rotation vector Omega = phi n (angle phi about the unit axis n);
Skew(a) b = a x b; the tangent operators are right-trivialized, i.e. for R = ExpSO3(Omega)

    R^T dR = Skew(TExpSO3(Omega) dOmega),

and for H = ExpSE3(x), x = [U, Omega], H^-1 dH = hat(TExpSE3(x) dx) with hat([u, w]) =
[[Skew(w), u], [0, 0]]. Small angles use Taylor series of the coefficients, so every function is
accurate to round-off for any angle below 2 pi.
"""
from __future__ import annotations

import math

import numpy as np

from .rigid import (
    EulerParameters2RotationMatrix,
    HomogeneousTransformation,
    HT2rotationMatrix,
    HT2translation,
    RotationMatrix2EulerParameters,
    RotXYZ2RotationMatrix,
    Skew,
    Skew2Vec,
)

__all__ = [
    "Sinc", "Cot", "R3xSO3Matrix2RotationMatrix", "R3xSO3Matrix2Translation", "R3xSO3Matrix",
    "ExpSO3", "ExpS3", "LogSO3", "TExpSO3", "TExpSO3Inv", "ExpSE3", "LogSE3", "TExpSE3",
    "TExpSE3Inv", "ExpR3xSO3", "TExpR3xSO3", "TExpR3xSO3Inv",
    "CompositionRuleDirectProductR3AndS3", "CompositionRuleSemiDirectProductR3AndS3",
    "CompositionRuleDirectProductR3AndR3RotVec", "CompositionRuleSemiDirectProductR3AndR3RotVec",
    "CompositionRuleDirectProductR3AndR3RotXYZAngles",
    "CompositionRuleSemiDirectProductR3AndR3RotXYZAngles", "CompositionRuleForEulerParameters",
    "CompositionRuleForRotationVectors", "CompositionRuleRotXYZAnglesRotationVector",
]


def _vector(name, v, n):
    """v as a float array of length n, or a ValueError naming the function's argument."""
    a = np.asarray(v, dtype=float)
    if a.shape != (n,):
        raise ValueError(f"{name} must be a vector of {n} numbers, got shape {a.shape}")
    return a


def _matrix(name, m, n):
    a = np.asarray(m, dtype=float)
    if a.shape != (n, n):
        raise ValueError(f"{name} must be a {n} x {n} matrix, got shape {a.shape}")
    return a


# ----------------------------------------------------------------- scalar functions
def Sinc(x):
    """sin(x)/x (x in radians), 1 at x = 0."""
    return 1.0 if x == 0 else math.sin(x) / x


def Cot(x):
    """The cotangent 1/tan(x) (x in radians)."""
    return 1.0 / math.tan(x)


def _one_minus_cos_over_phi2(phi):
    """(1 - cos phi) / phi^2 = sinc(phi/2)^2 / 2, without cancellation."""
    s = Sinc(0.5 * phi)
    return 0.5 * s * s


def _phi_minus_sin_over_phi3(phi):
    """(phi - sin phi) / phi^3; series 1/6 - phi^2/120 + phi^4/5040 - phi^6/362880 below 0.01."""
    if phi < 1e-2:
        p2 = phi * phi
        return 1 / 6 - p2 / 120 + p2 * p2 / 5040 - p2 ** 3 / 362880
    return (phi - math.sin(phi)) / phi ** 3


def _inverse_tangent_gamma(phi):
    """(1 - (phi/2) cot(phi/2)) / phi^2, the coefficient of Skew(Omega)^2 in TExpSO3Inv; series
    1/12 + phi^2/720 + phi^4/30240 + phi^6/1209600 below 0.02."""
    if phi < 2e-2:
        p2 = phi * phi
        return 1 / 12 + p2 / 720 + p2 * p2 / 30240 + p2 ** 3 / 1209600
    h = 0.5 * phi
    return (1.0 - h * Cot(h)) / (phi * phi)


# ----------------------------------------------------------------- R3 x SO(3) matrices
def R3xSO3Matrix2RotationMatrix(G):
    """The rotation matrix (upper left 3 x 3 block) of a 7 x 7 R3xSO(3) matrix."""
    return _matrix("R3xSO3Matrix2RotationMatrix: G", G, 7)[0:3, 0:3]


def R3xSO3Matrix2Translation(G):
    """The translation (rows 3..5 of the last column) of a 7 x 7 R3xSO(3) matrix."""
    return _matrix("R3xSO3Matrix2Translation: G", G, 7)[3:6, 6]


def R3xSO3Matrix(x, R):
    """The 7 x 7 matrix of the pair (x, R) in R3xSO(3): identity with R in the upper left 3 x 3
    block and x in rows 3..5 of the last column."""
    G = np.eye(7)
    G[0:3, 0:3] = _matrix("R3xSO3Matrix: R", R, 3)
    G[3:6, 6] = _vector("R3xSO3Matrix: x", x, 3)
    return G


# ----------------------------------------------------------------- SO(3) and S(3)
def ExpSO3(Omega):
    """The rotation matrix of the rotation vector Omega (Rodrigues' formula):
    I + sinc(phi) Skew(Omega) + (1 - cos phi)/phi^2 Skew(Omega)^2, phi = norm(Omega)."""
    w = _vector("ExpSO3: Omega", Omega, 3)
    phi = float(np.linalg.norm(w))
    W = Skew(w)
    return np.eye(3) + Sinc(phi) * W + _one_minus_cos_over_phi2(phi) * (W @ W)


def ExpS3(Omega):
    """The Euler parameters [cos(phi/2), sin(phi/2) n] of the rotation vector Omega = phi n
    (scalar part first)."""
    w = _vector("ExpS3: Omega", Omega, 3)
    phi = float(np.linalg.norm(w))
    return np.concatenate([[math.cos(0.5 * phi)], 0.5 * Sinc(0.5 * phi) * w])


def LogSO3(R):
    """The skew-symmetric matrix Skew(Omega) of the rotation vector of R (angle in [0, pi]),
    accurate for small angles and at pi: taken from R's Euler parameters."""
    ep = np.asarray(RotationMatrix2EulerParameters(_matrix("LogSO3: R", R, 3)), dtype=float)
    v = ep[1:]
    s = float(np.linalg.norm(v))
    phi = 2.0 * math.atan2(s, ep[0])
    return Skew(v * (phi / s) if s != 0 else v)


def TExpSO3(Omega):
    """The tangent operator of ExpSO3: I - (1 - cos phi)/phi^2 Skew(Omega)
    + (phi - sin phi)/phi^3 Skew(Omega)^2 (R^T dR = Skew(TExpSO3(Omega) dOmega))."""
    w = _vector("TExpSO3: Omega", Omega, 3)
    phi = float(np.linalg.norm(w))
    if phi == 0:
        return np.eye(3)
    W = Skew(w)
    return (np.eye(3) - _one_minus_cos_over_phi2(phi) * W
            + _phi_minus_sin_over_phi3(phi) * (W @ W))


def TExpSO3Inv(Omega):
    """The inverse of TExpSO3: I + Skew(Omega)/2 + (1 - (phi/2) cot(phi/2))/phi^2 Skew(Omega)^2
    (singular at phi = 2 pi)."""
    w = _vector("TExpSO3Inv: Omega", Omega, 3)
    phi = float(np.linalg.norm(w))
    if phi == 0:
        return np.eye(3)
    gamma = _inverse_tangent_gamma(phi)
    # I + gamma W^2 = (1 - gamma phi^2) I + gamma w w^T
    return (1.0 - gamma * phi * phi) * np.eye(3) + Skew(0.5 * w) + gamma * np.outer(w, w)


# ----------------------------------------------------------------- SE(3)
def ExpSE3(x):
    """The 4 x 4 homogeneous transformation of the motion vector x = [U, Omega]: rotation
    ExpSO3(Omega), translation TExpSO3(Omega)^T U."""
    x = _vector("ExpSE3: x", x, 6)
    U, w = x[0:3], x[3:6]
    return HomogeneousTransformation(ExpSO3(w), TExpSO3(w).T @ U)


def LogSE3(H):
    """The 4 x 4 matrix [[Skew(Omega), U], [0, 0]] of the motion vector [U, Omega] with
    ExpSE3([U, Omega]) = H."""
    H = _matrix("LogSE3: H", H, 4)
    A = LogSO3(HT2rotationMatrix(H))
    out = np.zeros((4, 4))
    out[0:3, 0:3] = A
    out[0:3, 3] = TExpSO3Inv(Skew2Vec(A)).T @ HT2translation(H)
    return out


def _se3_coefficients(phi):
    """f2 .. f5 of the coupling block of TExpSE3 (Hante's table of coefficients):
    f2 = (cos phi - 1)/phi^2, f3 = (phi - sin phi)/phi^3, f4 = (2 - 2 cos phi - phi sin phi)/phi^4,
    f5 = (phi (2 + cos phi) - 3 sin phi)/phi^5; series below 0.1."""
    f2 = -_one_minus_cos_over_phi2(phi)
    f3 = _phi_minus_sin_over_phi3(phi)
    p2 = phi * phi
    if phi < 1e-1:
        f4 = 1 / 12 - p2 / 180 + p2 * p2 / 6720 - p2 ** 3 / 453600
        f5 = 1 / 60 - p2 / 1260 + p2 * p2 / 60480 - p2 ** 3 / 4989600
    else:
        c, s = math.cos(phi), math.sin(phi)
        f4 = (2 - 2 * c - phi * s) / p2 ** 2
        f5 = (phi * (2 + c) - 3 * s) / (p2 ** 2 * phi)
    return f2, f3, f4, f5


def TExpSE3(x):
    """The 6 x 6 tangent operator of ExpSE3 for x = [U, Omega] (H^-1 dH = hat(TExpSE3(x) dx)):
    [[TExpSO3(Omega), C], [0, TExpSO3(Omega)]] with C = f2 Skew(U) + f3 (Skew(U) Skew(Omega) +
    Skew(Omega) Skew(U)) + (Omega.U) (f4 Skew(Omega) - f5 Skew(Omega)^2)."""
    x = _vector("TExpSE3: x", x, 6)
    U, w = x[0:3], x[3:6]
    Us, W = Skew(U), Skew(w)
    f2, f3, f4, f5 = _se3_coefficients(float(np.linalg.norm(w)))
    wu = float(w @ U)
    C = f2 * Us + f3 * (Us @ W + W @ Us) + wu * (f4 * W - f5 * (W @ W))
    T = TExpSO3(w)
    return np.block([[T, C], [np.zeros((3, 3)), T]])


def TExpSE3Inv(x):
    """The inverse of TExpSE3: [[TExpSO3Inv(Omega), C], [0, TExpSO3Inv(Omega)]] with
    C = Skew(U)/2 + f6 (Skew(U) Skew(Omega) + Skew(Omega) Skew(U)) + f8 (Omega.U) Skew(Omega)^2,
    f6 = (1 - (phi/2) cot(phi/2))/phi^2, f8 = (phi sin phi + 4 cos phi + phi^2 - 4) /
    (4 sin(phi/2)^2 phi^4)."""
    x = _vector("TExpSE3Inv: x", x, 6)
    U, w = x[0:3], x[3:6]
    Us, W = Skew(U), Skew(w)
    phi = float(np.linalg.norm(w))
    f6 = _inverse_tangent_gamma(phi)
    p2 = phi * phi
    if phi < 2e-1:
        f8 = (1 / 360 + p2 / 7560 + p2 ** 2 / 201600 + p2 ** 3 / 5987520
              + 691 * p2 ** 4 / 130767436800)
    else:
        f8 = ((phi * math.sin(phi) + 4 * math.cos(phi) + p2 - 4)
              / (4 * math.sin(0.5 * phi) ** 2 * p2 * p2))
    C = 0.5 * Us + f6 * (Us @ W + W @ Us) + f8 * float(w @ U) * (W @ W)
    Ti = TExpSO3Inv(w)
    return np.block([[Ti, C], [np.zeros((3, 3)), Ti]])


# ----------------------------------------------------------------- R3 x SO(3)
def ExpR3xSO3(x):
    """The 7 x 7 R3xSO(3) matrix of x = [U, Omega]: R3xSO3Matrix(U, ExpSO3(Omega))."""
    x = _vector("ExpR3xSO3: x", x, 6)
    return R3xSO3Matrix(x[0:3], ExpSO3(x[3:6]))


def TExpR3xSO3(x):
    """The 6 x 6 tangent operator of ExpR3xSO3: identity for U, TExpSO3(Omega) for Omega."""
    x = _vector("TExpR3xSO3: x", x, 6)
    T = np.eye(6)
    T[3:6, 3:6] = TExpSO3(x[3:6])
    return T


def TExpR3xSO3Inv(x):
    """The inverse of TExpR3xSO3."""
    x = _vector("TExpR3xSO3Inv: x", x, 6)
    T = np.eye(6)
    T[3:6, 3:6] = TExpSO3Inv(x[3:6])
    return T


# ----------------------------------------------------------------- composition rules
def CompositionRuleForEulerParameters(q, p):
    """The quaternion product q p of Euler parameters (scalar part first): the rotation
    R(q) R(p)."""
    q = _vector("CompositionRuleForEulerParameters: q", q, 4)
    p = _vector("CompositionRuleForEulerParameters: p", p, 4)
    return np.concatenate([[q[0] * p[0] - q[1:] @ p[1:]],
                           q[0] * p[1:] + p[0] * q[1:] + np.cross(q[1:], p[1:])])


def CompositionRuleForRotationVectors(v0, Omega):
    """The rotation vector v with ExpSO3(v) = ExpSO3(v0) ExpSO3(Omega), from the quaternion
    product of the two rotations. As Exudyn's, norm(v) lies in [0, 2 pi] (not mapped to the
    principal range [0, pi])."""
    v0 = _vector("CompositionRuleForRotationVectors: v0", v0, 3)
    w = _vector("CompositionRuleForRotationVectors: Omega", Omega, 3)
    a, b = 0.5 * float(np.linalg.norm(v0)), 0.5 * float(np.linalg.norm(w))
    ca, cb, sa, sb = math.cos(a), math.cos(b), Sinc(a), Sinc(b)
    # the product quaternion: scalar c = cos(|v|/2), vector part rho = sin(|v|/2) n (times 2)
    c = ca * cb - 0.25 * sa * sb * float(v0 @ w)
    rho = sa * cb * v0 + ca * sb * w + 0.5 * sa * sb * np.cross(v0, w)
    angle = np.pi - 2.0 * math.atan2(c, math.sqrt(abs(1.0 - c * c)))
    r = float(np.linalg.norm(rho))
    return angle * rho / r if r != 0 else np.zeros(3)


def _wrap(a):
    """a mapped into (-pi, pi]."""
    return -((-a + np.pi) % (2 * np.pi) - np.pi)


def CompositionRuleRotXYZAnglesRotationVector(alpha0, Omega):
    """The RotXYZ (Tait-Bryan x-y-z) angles of the rotation RotXYZ(alpha0) ExpSO3(Omega): each
    angle changes by the increment in (-pi, pi] from alpha0 (a continuous update over steps)."""
    alpha0 = _vector("CompositionRuleRotXYZAnglesRotationVector: alpha0", alpha0, 3)
    R = RotXYZ2RotationMatrix(alpha0) @ ExpSO3(
        _vector("CompositionRuleRotXYZAnglesRotationVector: Omega", Omega, 3))
    # R = Rx(a) Ry(b) Rz(c): R[0,2] = sin b, R[0,0] = cos b cos c, R[0,1] = -cos b sin c,
    # R[1,2] = -sin a cos b, R[2,2] = cos a cos b
    cb = math.sqrt(max(0.0, 1.0 - R[0, 2] ** 2))
    mu = 1.0 / cb if cb != 0 else 0.0
    a = math.atan2(-R[1, 2] * mu, R[2, 2] * mu)
    b = math.atan2(R[0, 2], cb)
    c = math.atan2(-R[0, 1] * mu, R[0, 0] * mu)
    delta = _wrap(np.array([a, b, c]) - alpha0)
    if mu == 0:   # gimbal lock (cos b = 0): a and c are not defined separately, keep them
        delta[0] = delta[2] = 0.0
    return alpha0 + delta


def _pair(name, q0, n, inc):
    return _vector(f"{name}: q0", q0, n), _vector(f"{name}: incrementalMotionVector", inc, 6)


def CompositionRuleDirectProductR3AndS3(q0, incrementalMotionVector):
    """[x0 + dx, theta0 * ExpS3(Omega)] for q0 = [x0, Euler parameters theta0] and the increment
    [dx, Omega] (translation in the global frame)."""
    q0, inc = _pair("CompositionRuleDirectProductR3AndS3", q0, 7, incrementalMotionVector)
    return np.concatenate([q0[0:3] + inc[0:3],
                           CompositionRuleForEulerParameters(q0[3:7], ExpS3(inc[3:6]))])


def CompositionRuleSemiDirectProductR3AndS3(q0, incrementalMotionVector):
    """As CompositionRuleDirectProductR3AndS3, the translation increment in the body frame:
    x0 + R(theta0) TExpSO3(Omega)^T dx (the SE(3) composition)."""
    q0, inc = _pair("CompositionRuleSemiDirectProductR3AndS3", q0, 7, incrementalMotionVector)
    R0 = EulerParameters2RotationMatrix(q0[3:7])
    return np.concatenate([q0[0:3] + R0 @ (TExpSO3(inc[3:6]).T @ inc[0:3]),
                           CompositionRuleForEulerParameters(q0[3:7], ExpS3(inc[3:6]))])


def CompositionRuleDirectProductR3AndR3RotVec(q0, incrementalMotionVector):
    """[x0 + dx, rotation vector of ExpSO3(psi0) ExpSO3(Omega)] for q0 = [x0, psi0]."""
    q0, inc = _pair("CompositionRuleDirectProductR3AndR3RotVec", q0, 6, incrementalMotionVector)
    return np.concatenate([q0[0:3] + inc[0:3],
                           CompositionRuleForRotationVectors(q0[3:6], inc[3:6])])


def CompositionRuleSemiDirectProductR3AndR3RotVec(q0, incrementalMotionVector):
    """As CompositionRuleDirectProductR3AndR3RotVec, the translation increment in the body
    frame: x0 + ExpSO3(psi0) TExpSO3(Omega)^T dx."""
    q0, inc = _pair("CompositionRuleSemiDirectProductR3AndR3RotVec", q0, 6,
                    incrementalMotionVector)
    return np.concatenate([q0[0:3] + ExpSO3(q0[3:6]) @ (TExpSO3(inc[3:6]).T @ inc[0:3]),
                           CompositionRuleForRotationVectors(q0[3:6], inc[3:6])])


def CompositionRuleDirectProductR3AndR3RotXYZAngles(q0, incrementalMotionVector):
    """[x0 + dx, RotXYZ angles of RotXYZ(alpha0) ExpSO3(Omega)] for q0 = [x0, alpha0]."""
    q0, inc = _pair("CompositionRuleDirectProductR3AndR3RotXYZAngles", q0, 6,
                    incrementalMotionVector)
    return np.concatenate([q0[0:3] + inc[0:3],
                           CompositionRuleRotXYZAnglesRotationVector(q0[3:6], inc[3:6])])


def CompositionRuleSemiDirectProductR3AndR3RotXYZAngles(q0, incrementalMotionVector):
    """As CompositionRuleDirectProductR3AndR3RotXYZAngles, the translation increment in the
    body frame: x0 + RotXYZ(alpha0) TExpSO3(Omega)^T dx."""
    q0, inc = _pair("CompositionRuleSemiDirectProductR3AndR3RotXYZAngles", q0, 6,
                    incrementalMotionVector)
    R0 = RotXYZ2RotationMatrix(q0[3:6])
    return np.concatenate([q0[0:3] + R0 @ (TExpSO3(inc[3:6]).T @ inc[0:3]),
                           CompositionRuleRotXYZAnglesRotationVector(q0[3:6], inc[3:6])])
