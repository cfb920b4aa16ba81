"""Point-to-point trajectories for robot joints (Exudyn's ``exudyn.robotics.motion``).

A Trajectory starts at initialCoordinates and chains profiles; every profile is turned into a
basic profile (BasicProfile: piecewise constant acceleration with an acceleration, a constant
velocity and a deceleration phase per coordinate; BasicProfileLinearAcceleration: piecewise
linear acceleration) that evaluates positions, velocities and accelerations at a time.
"""
from __future__ import annotations

import numpy as np

import coordyn

__all__ = [
    'BasicProfile', 'ProfileConstantAcceleration', 'ProfileLinearAccelerationsList', 'ProfilePTP',
    'Trajectory', 'BasicProfileLinearAcceleration',
]


def _coords(value, owner, name, size=None):
    try:
        v = np.array(value, dtype=float).ravel()
    except (TypeError, ValueError):
        raise ValueError(f'{owner}: {name} must be a list of numbers, got {value!r}') from None
    if size is not None and len(v) != size:
        raise ValueError(f'{owner}: {name} must have {size} entries (one per coordinate), got '
                         f'{len(v)}')
    if not np.all(np.isfinite(v)):
        raise ValueError(f'{owner}: {name} contains a non-finite value')
    return v


class BasicProfile:
    """Per coordinate i: accelerate with ±maxAccelerations[i] for accelerationTimes[i], move at
    ±maxVelocities[i], decelerate over the last accelerationTimes[i] before finalTime
    (the sign is that of the distance)."""

    def __init__(self, coordinateSets, initialTime, finalTime, accelerationTimes,
                 maxVelocities, maxAccelerations):
        self.initialTime = initialTime
        self.finalTime = finalTime
        self.accelerationTimes = accelerationTimes
        self.maxVelocities = maxVelocities
        self.maxAccelerations = maxAccelerations
        self.coordinateSets = [np.array(coordinateSets[0], dtype=float),
                               np.array(coordinateSets[1], dtype=float)]
        self.distances = self.coordinateSets[1] - self.coordinateSets[0]

    def __iter__(self):
        for key in ('initialTime', 'finalTime', 'accelerationTimes', 'maxVelocities',
                    'maxAccelerations', 'coordinateSets', 'distances'):
            yield (key, getattr(self, key))

    def __getitem__(self, key):
        return dict(self)[key]

    def __repr__(self):
        return str(dict(self))

    def GetInitialCoordinates(self):
        """Coordinates at the start of the profile."""
        return self.coordinateSets[0]

    def GetFinalCoordinates(self):
        """Coordinates at the end of the profile."""
        return self.coordinateSets[-1]

    def EvaluateCoordinate(self, time, coordinate):
        """[s, v, a] of one coordinate at time."""
        T = self.finalTime - self.initialTime
        t = time - self.initialTime
        s0 = self.coordinateSets[0][coordinate]
        sg = np.sign(self.distances[coordinate])
        ta = self.accelerationTimes[coordinate]
        vm = self.maxVelocities[coordinate]
        am = self.maxAccelerations[coordinate]
        if t < 0:
            return [s0, 0., 0.]
        if t < ta:                                  # accelerating: s = s0 + a t²/2
            return [s0 + sg * 0.5 * am * t * t, sg * am * t, sg * am]
        if t < T - ta:                              # cruising at vm
            return [s0 + sg * (vm * (t - ta) + 0.5 * am * ta * ta), sg * vm, 0.]
        if t <= T:                                  # decelerating to rest at T
            return [s0 + sg * (vm * (T - ta) - 0.5 * am * (T - t) ** 2), sg * am * (T - t),
                    -sg * am]
        return [self.coordinateSets[1][coordinate], 0., 0.]

    def Evaluate(self, time):
        """[s, v, a] (arrays over the coordinates) at time."""
        n = len(self.coordinateSets[0])
        r = np.array([self.EvaluateCoordinate(time, i) for i in range(n)], dtype=float)
        if n == 0:
            return [np.zeros(0), np.zeros(0), np.zeros(0)]
        return [r[:, 0].copy(), r[:, 1].copy(), r[:, 2].copy()]


class BasicProfileLinearAcceleration:
    """Accelerations interpolated linearly between the points (relativeTime, accelerations)
    of accelerationList, starting at rest at initialCoordinates; positions and velocities are
    the exact integrals."""

    def __init__(self, initialCoordinates, initialTime, accelerationList):
        self.initialTime = initialTime
        self.accelerationList = accelerationList
        self.coordinateSets = [np.array(initialCoordinates, dtype=float)]
        self.coordinateSets_t = [np.zeros(len(self.coordinateSets[0]))]
        self.Initialize()

    def Initialize(self):
        """Positions and velocities at every point of accelerationList; finalTime."""
        owner = 'BasicProfileLinearAcceleration (robotics.motion)'
        acc = self.accelerationList
        if len(acc) < 2:
            raise ValueError(f'{owner}: accelerationList needs at least two (time, '
                             'accelerations) points')
        if acc[0][0] != 0.:
            raise ValueError(f'{owner}: the first time in accelerationList must be zero, got '
                             f'{acc[0][0]}')
        n = len(acc[0][1])
        pos = self.coordinateSets[0].copy()
        vel = self.coordinateSets_t[0].copy()
        self.coordinateSets = self.coordinateSets[:1]
        self.coordinateSets_t = self.coordinateSets_t[:1]
        for (t0, a0), (t1, a1) in zip(acc[:-1], acc[1:]):
            a0 = np.array(a0, dtype=float)
            a1 = np.array(a1, dtype=float)
            if len(a1) != n:
                raise ValueError(f'{owner}: all acceleration vectors must have the same length '
                                 f'({n}), got {len(a1)} at time {t1}')
            h = t1 - t0
            if h == 0.:
                raise ValueError(f'{owner}: two points of accelerationList have the same time '
                                 f'{t1}')
            # exact integrals of a(τ) = a0 + (a1 - a0) τ/h over [0, h]
            pos = pos + vel * h + 0.5 * h * h * a0 + (h * h / 6.) * (a1 - a0)
            vel = vel + h * a0 + 0.5 * h * (a1 - a0)
            self.coordinateSets.append(pos.copy())
            self.coordinateSets_t.append(vel.copy())
        self.finalTime = self.initialTime + (acc[-1][0] - acc[0][0])
        self.distances = self.coordinateSets[-1] - self.coordinateSets[0]

    def __iter__(self):
        for key in ('initialTime', 'accelerationList', 'finalTime', 'coordinateSets',
                    'coordinateSets_t', 'distances'):
            yield (key, getattr(self, key))

    def __getitem__(self, key):
        return dict(self)[key]

    def __repr__(self):
        return str(dict(self))

    def GetInitialCoordinates(self):
        """Coordinates at the start of the profile."""
        return self.coordinateSets[0]

    def GetFinalCoordinates(self):
        """Coordinates at the end of the profile."""
        return self.coordinateSets[-1]

    def Evaluate(self, time):
        """[s, v, a] at time (before/after the profile: the first/last state)."""
        acc = self.accelerationList
        if time < self.initialTime:
            return [self.coordinateSets[0], self.coordinateSets_t[0], acc[0][1]]
        if time > self.finalTime:
            return [self.coordinateSets[-1], self.coordinateSets_t[-1], acc[-1][1]]
        t = time - self.initialTime
        for i in range(len(acc) - 1):
            t0, a0 = acc[i]
            t1, a1 = acc[i + 1]
            if t > t1:
                continue
            a0 = np.array(a0, dtype=float)
            a1 = np.array(a1, dtype=float)
            h, tau = t1 - t0, t - t0
            da = a1 - a0
            s = self.coordinateSets[i] + tau * self.coordinateSets_t[i] + 0.5 * tau * tau * a0 \
                + tau ** 3 / (6. * h) * da
            v = self.coordinateSets_t[i] + tau * a0 + tau * tau / (2. * h) * da
            return [s, v, a0 + tau / h * da]

    def EvaluateCoordinate(self, time, coordinate):
        """[s, v, a] of one coordinate at time."""
        s, v, a = self.Evaluate(time)
        return [s[coordinate], v[coordinate], a[coordinate]]


class ProfileConstantAcceleration:
    """Move to finalCoordinates in duration: constant acceleration for the first half,
    constant deceleration for the second (the fastest profile for given peak acceleration)."""

    def __init__(self, finalCoordinates, duration):
        self.finalCoordinates = _coords(finalCoordinates, 'ProfileConstantAcceleration',
                                        'finalCoordinates')
        if not duration > 0:
            raise ValueError(f'ProfileConstantAcceleration: duration must be > 0, got '
                             f'{duration!r}')
        self.duration = duration

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities,
                        globalMaxAccelerations):
        """The BasicProfile from initialCoordinates at initialTime."""
        if len(globalMaxVelocities) + len(globalMaxAccelerations) != 0:
            coordyn.Print('WARNING: ProfileConstantAcceleration: max acceleration and '
                          'velocities in Trajectory not applicable')
        s0 = _coords(initialCoordinates, 'ProfileConstantAcceleration', 'initialCoordinates',
                     len(self.finalCoordinates))
        dist = self.finalCoordinates - s0
        T = self.duration
        aMax = np.abs(4. * dist / T ** 2)            # distance/2 = aMax (T/2)²/2
        return BasicProfile([s0, self.finalCoordinates], initialTime, initialTime + T,
                            [0.5 * T] * len(aMax), np.abs(aMax * dist) ** 0.5, aMax)


class ProfileLinearAccelerationsList:
    """A profile given by accelerations at times (relative to the profile start, the first
    being 0), interpolated linearly: [(0, acc0), (t1, acc1), ...]."""

    def __init__(self, accelerationList):
        self.accelerationList = accelerationList
        if len(accelerationList) < 2:
            raise ValueError('ProfileLinearAccelerationsList (robotics.motion): accelerationList '
                             'needs at least two (time, accelerations) points')
        if accelerationList[0][0] != 0.:
            raise ValueError('ProfileLinearAccelerationsList (robotics.motion): the first time '
                             f'in accelerationList must be zero, got {accelerationList[0][0]}')

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities,
                        globalMaxAccelerations):
        """The BasicProfileLinearAcceleration from initialCoordinates at initialTime."""
        if len(self.accelerationList[0][1]) != len(initialCoordinates):
            raise ValueError('ProfileLinearAccelerationsList (robotics.motion): the acceleration '
                             f'vectors have {len(self.accelerationList[0][1])} entries, the '
                             f'trajectory has {len(initialCoordinates)} coordinates')
        if len(globalMaxVelocities) + len(globalMaxAccelerations) != 0:
            coordyn.Print('WARNING: ProfileLinearAccelerationsList: max acceleration and '
                          'velocities in Trajectory not applicable')
        return BasicProfileLinearAcceleration(initialCoordinates, initialTime,
                                              self.accelerationList)


class ProfilePTP:
    """Synchronous point-to-point motion to finalCoordinates with limited accelerations and
    velocities: all coordinates start and stop together; the duration is that of the slowest
    coordinate. syncAccTimes=True is not implemented (as in Exudyn)."""

    def __init__(self, finalCoordinates, syncAccTimes=True, maxVelocities=[],
                 maxAccelerations=[]):
        self.finalCoordinates = _coords(finalCoordinates, 'ProfilePTP', 'finalCoordinates')
        self.maxVelocities = _coords(maxVelocities, 'ProfilePTP', 'maxVelocities')
        self.maxAccelerations = _coords(maxAccelerations, 'ProfilePTP', 'maxAccelerations')
        self.syncAccTimes = syncAccTimes
        if min(list(self.maxVelocities) + [1]) <= 0:
            raise ValueError('ProfilePTP: maxVelocities must be > 0')
        if min(list(self.maxAccelerations) + [1]) <= 0:
            raise ValueError('ProfilePTP: maxAccelerations must be > 0')
        if syncAccTimes:
            raise ValueError('ProfilePTP: syncAccTimes must be False (synchronized acceleration '
                             'times are not implemented, as in Exudyn)')

    def GetBasicProfile(self, initialTime, initialCoordinates, globalMaxVelocities,
                        globalMaxAccelerations):
        """The synchronous BasicProfile from initialCoordinates at initialTime."""
        if len(globalMaxAccelerations) + len(self.maxAccelerations) == 0:
            raise ValueError('ProfilePTP: maxAccelerations must be given in Trajectory or in '
                             'ProfilePTP')
        s0 = np.array(initialCoordinates, dtype=float)
        dist = self.finalCoordinates - s0
        if len(globalMaxAccelerations) and len(self.maxAccelerations):
            aMax = np.minimum(globalMaxAccelerations, self.maxAccelerations)
        elif len(globalMaxAccelerations):
            aMax = np.array(globalMaxAccelerations, dtype=float)
        else:
            aMax = self.maxAccelerations
        if min(aMax) == 0.:
            raise ValueError('ProfilePTP: maxAccelerations must not be zero for any coordinate')
        vMax = np.sqrt(aMax * np.abs(dist))            # peak velocity of a triangular profile
        if len(globalMaxVelocities):
            vMax = np.minimum(vMax, globalMaxVelocities)
        if len(self.maxVelocities):
            vMax = np.minimum(vMax, self.maxVelocities)
        durations = vMax / aMax
        for i in range(len(durations)):
            if vMax[i] != 0:
                durations[i] += abs(dist[i]) / vMax[i]
            elif dist[i] != 0:
                raise ValueError('ProfilePTP: a maximum velocity may only be zero where the '
                                 'distance is zero')
        T = max(durations)
        # velocity v that covers |dist| in T with acceleration aMax: v² − aMax T v + aMax|dist| = 0
        vSync = vMax.copy()
        tAcc = np.zeros(len(vMax))
        for i in range(len(aMax)):
            b = -aMax[i] * T
            det = b * b - 4 * aMax[i] * abs(dist[i])
            if det < 0:
                if det > -1e-10:
                    det = 0.
                else:
                    raise ValueError('ProfilePTP: invalid parameters: no synchronous profile '
                                     f'exists for coordinate {i}')
            vSync[i] = min(0.5 * (-b - np.sqrt(det)), vMax[i])
            tAcc[i] = vSync[i] / aMax[i]
        return BasicProfile([s0, self.finalCoordinates], initialTime, initialTime + T, tAcc,
                            vSync, aMax)


class Trajectory:
    """A sequence of profiles for a set of coordinates, from initialCoordinates at initialTime:

    .. code-block:: python

        traj = Trajectory(initialCoordinates=[1, 1], initialTime=1)
        traj.Add(ProfileConstantAcceleration([2., 3.], 2.))
        [s, v, a] = traj.Evaluate(t=1.5)
    """

    def __init__(self, initialCoordinates, initialTime=0, maxVelocities=[],
                 maxAccelerations=[]):
        self.initialTime = initialTime
        self.initialCoordinates = initialCoordinates
        self.globalMaxVelocities = maxVelocities
        self.globalMaxAccelerations = maxAccelerations
        self.profiles = []
        self.initialized = False
        self.timesList = []
        if min(list(maxVelocities) + [1]) <= 0:
            raise ValueError('Trajectory: maxVelocities must be > 0')
        if min(list(maxAccelerations) + [1]) <= 0:
            raise ValueError('Trajectory: maxAccelerations must be > 0')

    def GetFinalCoordinates(self):
        """Coordinates at the end of the last profile."""
        if not self.profiles:
            return self.initialCoordinates
        return self.profiles[-1].GetFinalCoordinates()

    def Add(self, profile):
        """Append a profile (ProfileConstantAcceleration, ProfilePTP, ...)."""
        if not hasattr(profile, 'GetBasicProfile'):
            raise TypeError('Trajectory.Add: profile must be a ProfileConstantAcceleration, '
                            f'ProfilePTP or ProfileLinearAccelerationsList, got '
                            f'{type(profile).__name__}')
        self.initialized = False
        self.profiles.append(profile.GetBasicProfile(
            self.GetTimes()[-1], self.GetFinalCoordinates(), self.globalMaxVelocities,
            self.globalMaxAccelerations))

    def GetTimes(self):
        """Start time and the end time of every profile."""
        return [self.initialTime] + [p.finalTime for p in self.profiles]

    def Initialize(self):
        """Cache the profile times for Evaluate."""
        self.timesList = self.GetTimes()
        self.initialized = True

    def _profile_at(self, t):
        if not self.initialized:
            self.Initialize()
        if not self.profiles:
            raise ValueError('Trajectory: no profile added; use Trajectory.Add(profile) first')
        k = 0
        while k < len(self.timesList) and t > self.timesList[k]:
            k += 1
        return k

    def Evaluate(self, t):
        """[s, v, a] (arrays) at time t; before the start / after the end: at rest."""
        k = self._profile_at(t)
        if 0 < k < len(self.timesList):
            return self.profiles[k - 1].Evaluate(t)
        s = self.profiles[0].GetInitialCoordinates() if k == 0 else \
            self.profiles[-1].GetFinalCoordinates()
        return [s, np.zeros(len(s)), np.zeros(len(s))]

    def EvaluateCoordinate(self, t, coordinate):
        """[s, v, a] of one coordinate at time t."""
        k = self._profile_at(t)
        if 0 < k < len(self.timesList):
            return self.profiles[k - 1].EvaluateCoordinate(t, coordinate)
        s = self.profiles[0].GetInitialCoordinates() if k == 0 else \
            self.profiles[-1].GetFinalCoordinates()
        return [s[coordinate], 0., 0.]

    def __iter__(self):
        return iter(self.profiles)

    def __getitem__(self, key):
        return self.profiles[key]

    def __len__(self):
        return len(self.profiles)

    def __repr__(self):
        return str(self.profiles)
