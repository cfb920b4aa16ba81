"""Exudyn's physics under coordyn's name: regularized friction laws (Stribeck, the smooth step
of Qian, Zhang and Jin) and the von Mises stress.
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["StribeckFunction", "RegularizedFrictionStep", "RegularizedFriction",
           "VonMisesStress", "UFvonMisesStress"]


def StribeckFunction(vel, muDynamic, muStaticOffset, muViscous=0, expVel=1e-3, regVel=1e-3):
    """Friction coefficient at velocity vel: linear through 0 for ``abs(vel) <= regVel``, beyond
    it ``sign(vel) (muDynamic + muStaticOffset exp(-v/expVel) + muViscous v)`` with
    ``v = abs(vel) - regVel``."""
    if regVel != 0 and abs(vel) <= regVel:
        return (muDynamic + muStaticOffset) * vel / regVel
    v = abs(vel) - regVel
    return float(np.sign(vel)) * (muDynamic + muStaticOffset * math.exp(-v / expVel)
                                  + muViscous * v)


def RegularizedFrictionStep(x, x0, h0, x1, h1):
    """Cubic step from h0 at x0 to h1 at x1 (zero slope at both ends), constant outside."""
    if x <= x0:
        return h0
    if x >= x1:
        return h1
    d = (x - x0) / (x1 - x0)
    return h0 + (h1 - h0) * d * d * (3 - 2 * d)


def RegularizedFriction(vel, muDynamic, muStaticOffset, velStatic, velDynamic, muViscous=0):
    """Regularized friction coefficient: a smooth step through 0 up to the static coefficient
    muDynamic + muStaticOffset at ``abs(vel) = velStatic``, a smooth step down to muDynamic at
    velDynamic, then muDynamic plus viscous friction."""
    mus = muDynamic + muStaticOffset
    speed = abs(vel)
    if speed > velDynamic:
        return float(np.sign(vel)) * (muDynamic + (speed - velDynamic) * muViscous)
    if speed >= velStatic:
        return float(np.sign(vel)) * RegularizedFrictionStep(speed, velStatic, mus, velDynamic,
                                                             muDynamic)
    return RegularizedFrictionStep(vel, -velStatic, -mus, velStatic, mus)


def VonMisesStress(stress6D):
    """von Mises stress of [sxx, syy, szz, syz, sxz, sxy] (or of each row of an n x 6 array)."""
    s = np.asarray(stress6D, dtype=float)
    a = s.T
    return np.sqrt(0.5 * ((a[0] - a[1]) ** 2 + (a[1] - a[2]) ** 2 + (a[2] - a[0]) ** 2)
                   + 3.0 * (a[3] ** 2 + a[4] ** 2 + a[5] ** 2))


def UFvonMisesStress(mbs, t, sensorNumbers, factors, configuration):
    """Sensor user function: the largest value of the sensors sensorNumbers (e.g. von Mises
    stresses), as [value]."""
    largest = 0
    for sensor in sensorNumbers:
        largest = max(largest, mbs.GetSensorValues(sensor, configuration))
    return [largest]


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from math import exp  # noqa: E402,F401
