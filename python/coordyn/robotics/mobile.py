"""Mecanum-wheel platforms (Exudyn's ``exudyn.robotics.mobile``): wheel/platform velocity
kinematics and the generatrix of a mecanum roll. MobileRobot2MBS (the platform builder) is
not in coordyn yet.

Platform velocities v = [vx, vy, omega] in the platform frame, wheel angular velocities
w = [w0, w1, w2, w3] (front left, front right, rear left, rear right), wheel radius R, half track
lx and half wheel base ly; o-configuration (wheeltype 0) and x-configuration (wheeltype 1)."""
from __future__ import annotations

import warnings

import numpy as np

import coordyn
from ..exudyn._notyet import missing_function

__all__ = [
    'MobileRobot2MBS', 'MobileKinematics', 'Generatrix2Polynomial', 'GeneratrixRoll',
    'FunDiffPoly', 'FunDDiffPoly', 'MecanumXYphi2WheelVelocities', 'MecanumWheelVelocity2XYphi',
]

MobileRobot2MBS = missing_function(
    'MobileRobot2MBS', 'exudyn.robotics.mobile',
    'the builder of the mecanum platform (body, axles and ObjectConnectorRollingDiscPenalty '
    'wheels from a mobileRobot dict) is not in coordyn yet',
    'mbs.CreateRigidBody for platform and wheels, mbs.CreateRollingDiscPenalty for the wheel '
    'contacts, and MobileKinematics for the wheel velocities')


def _cc(wheeltype, caller):
    if wheeltype == 0:
        return 1
    if wheeltype == 1:
        return -1
    raise ValueError(f'{caller}: wheeltype must be 0 (o-configuration) or 1 '
                     f'(x-configuration), got {wheeltype!r}')


class MobileKinematics:
    """Wheel velocities w = J v of a mecanum platform and the least-squares inverse
    v = J⁺ w. With flagAdjusted, the Jacobian accounts for a centre of mass offset
    (lcx, lcy) as in Exudyn (under development there)."""

    def __init__(self, R, lx, ly, flagAdjusted=False, lcx=0, lcy=0, wheeltype=0):
        if not R > 0:
            raise ValueError(f'MobileKinematics: R (wheel radius) must be > 0, got {R!r}')
        cc = _cc(wheeltype, 'MobileKinematics')
        if not flagAdjusted:
            L = lx + cc * ly
            self.Jacobian = (1 / R) * np.array([[1, -cc, -L], [1, cc, L], [1, cc, -L],
                                                [1, -cc, L]])
        else:
            c1 = 1 / (4 * lx * ly)
            c2 = ly * lcx
            F = [((ly + lcy) * lx + c2) * c1, ((ly - lcy) * lx + c2) * c1,
                 ((ly + lcy) * lx - c2) * c1, ((ly - lcy) * lx - c2) * c1]
            self.Jacobian = (1 / R) * np.array([
                [1, -F[0], -lx - ly + lcx + lcy], [1, F[1], lx + ly - lcx + lcy],
                [1, F[2], -lx - ly - lcx + lcy], [1, -F[3], lx + ly + lcx + lcy]])
        self.JacobianPInv = np.linalg.pinv(self.Jacobian)

    @staticmethod
    def _rows(x, width, caller):
        x = np.asarray(x, dtype=float)
        if x.ndim == 1:
            if len(x) != width:
                raise ValueError(f'MobileKinematics.{caller}: expected {width} values, got '
                                 f'{len(x)}')
            return x, False
        if x.ndim != 2:
            raise ValueError(f'MobileKinematics.{caller}: expected a vector or a 2D array, got '
                             f'{x.ndim} dimensions')
        if x.shape[1] > x.shape[0]:
            x = x.T
        if x.shape[1] != width:
            raise ValueError(f'MobileKinematics.{caller}: expected {width} values per row, got '
                             f'{x.shape[1]}')
        return x, True

    def GetWheelVelocities(self, vDes):
        """Wheel velocities for vDes = [vx, vy, omega] (or one row per time step)."""
        v, many = self._rows(vDes, 3, 'GetWheelVelocities')
        return v @ self.Jacobian.T if many else self.Jacobian @ v

    def GetCartesianVelocities(self, w):
        """Platform velocities [vx, vy, omega] for wheel velocities w (or one row per step)."""
        w, many = self._rows(w, 4, 'GetCartesianVelocities')
        return w @ self.JacobianPInv.T if many else self.JacobianPInv @ w


def GeneratrixRoll(u, param):
    """Generatrix (x, y) of a mecanum roll for the parameter u (abs(u) < pi/2), param with 'r'
    (wheel radius), 'delta' (roll axis angle) and 'dRoll' (roll axis distance), after
    Gfrerrer 2008; rotating (x, y) about x gives the roll surface."""
    d, r, dR = param['delta'], param['r'], param['dRoll']
    x = dR * np.cos(d) ** 2 / np.sin(d) * np.tan(u) + r * np.sin(d) * np.sin(u)
    y = np.sqrt(np.cos(d) ** 2 * np.tan(u) ** 2 + 1) * (r * np.cos(u) - dR)
    return x, y


def FunDiffPoly(x, a):
    """First derivative of the polynomial a[0] x^n + ... + a[n] at x."""
    n = np.size(a) - 1
    return sum((n - i) * x ** (n - i - 1) * a[i] for i in range(n))


def FunDDiffPoly(x, a):
    """Second derivative of the polynomial a[0] x^n + ... + a[n] at x."""
    a = np.asarray(a)
    n = a.size - 1
    return sum((n - i) * (n - i - 1) * x ** (n - i - 2) * a[i] for i in range(n - 1))


def Generatrix2Polynomial(param, GeneratrixFunction, tol=1e-14, nFit=101, nTest=1001):
    """Fit even polynomials (orders 0, 2, ..., 18) to GeneratrixFunction(u, param) over the
    roll length param['lRoll'] until the largest error at nTest points is below tol; writes
    param['aPoly'] (best fit), 'aPoly0' (order 2), 'dyBoundary' and 'xBoundary'."""
    def on_roll(n):
        x, y = GeneratrixFunction(np.linspace(-np.pi / 4, np.pi / 4, n), param)
        inside = (np.array(x) > -param['lRoll'] / 2) & (np.array(x) < param['lRoll'] / 2)
        idx = np.where(inside)[0]
        if len(idx):          # one point beyond each end of the roll, where it exists
            for j in (idx[0] - 1, idx[-1] + 1):
                if 0 <= j < n:
                    inside[j] = True
        return np.asarray(x)[inside], np.asarray(y)[inside]
    x, y = on_roll(nFit)
    xT, yT = on_roll(nTest)
    coeffs, maxErr, best = [], [], None
    for i in range(10):
        coeffs.append(np.polyfit(x, y, 2 * i))
        maxErr.append(np.max(np.abs(yT - np.polyval(coeffs[-1], xT))))
        if maxErr[-1] < tol:
            best = i
            break
    if best is None:
        coordyn.Print(f'Warning: err fitted polynomial = {min(maxErr)} of Polynomial > tol = '
                      f'{tol}')
        best = int(np.argmin(maxErr))
    param['aPoly'] = coeffs[best]
    param['aPoly0'] = coeffs[1] if len(coeffs) > 1 else coeffs[0]
    ddy = np.array([FunDDiffPoly(xi, param['aPoly']) for xi in xT])
    if len(ddy) and min(ddy) >= 0:
        coordyn.Print('Warning: the function seems not to be strictly convex: dd(f)/ddt <= 0 '
                      'occurs! ')
    half = param['lRoll'] / 2
    param['dyBoundary'] = [-FunDiffPoly(-half, param['aPoly']),
                           -FunDiffPoly(half, param['aPoly'])]
    param['xBoundary'] = [-half, half]


def MecanumXYphi2WheelVelocities(xVel, yVel, angVel, R, Lx, Ly, wheeltype):
    """Deprecated in Exudyn (use MobileKinematics): wheel velocities of a mecanum platform
    for [xVel, yVel, angVel]; wheeltype 0: o-, 1: x-configuration, 2: standard wheels
    (a placeholder in Exudyn, kept as there)."""
    warnings.warn('robotics.mobile.MecanumXYphi2WheelVelocities is deprecated (as in Exudyn 1.11); use '
                  'MobileKinematics instead', DeprecationWarning, stacklevel=2)
    if wheeltype == 0:
        L = (Lx + Ly) / 2
        mat = np.array([[1, -1, -L], [1, 1, L], [1, 1, -L], [1, -1, L]])
    elif wheeltype == 1:
        L = (Lx - Ly) / 2
        mat = np.array([[-1, -1, -L], [1, -1, L], [1, -1, -L], [-1, -1, L]])
    elif wheeltype == 2:
        coordyn.Print('Warning! Standardwheel not implemented yet, this Function is only a '
                      'Placeholder!')
        L = (Lx + Ly) / 2
        mat = np.array([[-1, 1, L], [-1, -1, -L], [-1, -1, L], [-1, 1, -L]])
    else:
        raise ValueError(f'MecanumXYphi2WheelVelocities: wheeltype must be 0, 1 or 2, got '
                         f'{wheeltype!r}')
    return ((1 / R) * mat) @ [xVel, yVel, angVel]


def MecanumWheelVelocity2XYphi(w, R, Lx, Ly, wheeltype):
    """Deprecated in Exudyn (use MobileKinematics): [xVel, yVel, angVel] of a mecanum
    platform from the wheel velocities w (wheeltype 0: o-, 1: x-configuration)."""
    warnings.warn('robotics.mobile.MecanumWheelVelocity2XYphi is deprecated (as in Exudyn 1.11); use '
                  'MobileKinematics instead', DeprecationWarning, stacklevel=2)
    if wheeltype == 0:
        L, c = (Lx + Ly) / 2, 1
    elif wheeltype == 1:
        L, c = (Lx - Ly) / 2, -1
    else:
        raise ValueError(f'MecanumWheelVelocity2XYphi: wheeltype must be 0 (o-) or 1 '
                         f'(x-configuration), got {wheeltype!r}')
    mat = R / 4 * np.array([[1, 1, 1, 1], [-c, c, c, -c], [-1 / L, 1 / L, -1 / L, 1 / L]])
    return mat @ w
