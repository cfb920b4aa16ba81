"""Consistent initial conditions (the Lagrange-multiplier seed): initial coordinates that
satisfy the position constraints, velocities that satisfy the velocity constraints, and the
accelerations and multipliers of the equations of motion at that state
(mbs.ComputeConsistentInitialConditions, docs/initial_conditions.rst)."""
import numpy as np

from .items import ConfigurationType

__all__ = ["ComputeConsistentInitialConditions", "ConsistentInitialConditions"]


class ConsistentInitialConditions:
    """The result: q, q_t, q_tt (ODE2 coordinates as GetODE2Coordinates, their velocities and
    accelerations), lam (multipliers), iterations (Newton steps of the position correction),
    positionChange and velocityChange (the corrections applied), positionResidual and
    velocityResidual (the largest constraint residuals left)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getitem__(self, key):
        return getattr(self, key)

    def __repr__(self):
        return (f"ConsistentInitialConditions(iterations={self.iterations}, position change "
                f"{np.abs(self.positionChange).max(initial=0):.3g}, velocity change "
                f"{np.abs(self.velocityChange).max(initial=0):.3g})")


def _weights(M):
    """mass weights of the coordinates: the diagonal of M; coordinates without mass get the
    mean of the others (1 if there is none)"""
    w = np.abs(np.asarray(M.diagonal(), dtype=float))
    pos = w[w > 0]
    w[~(w > 0)] = pos.mean() if pos.size else 1.0
    return w


def _weighted_min_norm(C, r, w, free):
    """dx minimizing sum w_i dx_i^2 over the free coordinates with C dx = r (least squares if
    inconsistent); the rank of C restricted to the free columns and the residual left"""
    n = C.shape[1]
    dx = np.zeros(n)
    if not free.size or not C.shape[0]:
        return dx, 0, r.copy()
    s = 1.0 / np.sqrt(w[free])
    A = C[:, free] * s
    y, _, rank, sv = np.linalg.lstsq(A, r, rcond=1e-12)
    dx[free] = s * y
    return dx, int(rank), r - C @ dx


def _names(mbs, rows):
    from ._state import constraint_names
    return constraint_names(mbs, rows)


def ComputeConsistentInitialConditions(mbs, fixedCoordinates=[], fixedVelocities=[],
                                       simulationSettings=None, tolerance=1e-12,
                                       maxIterations=25, updateInitialValues=True,
                                       autoAssemble=True):
    """Consistent initial conditions from the initial values (the Lagrange-multiplier seed).

    Positions: the configuration closest to the initial one in the mass-weighted norm
    (weights: the diagonal of the mass matrix; massless coordinates: the mean weight) that
    satisfies the position-level constraints g(q, t0) = 0 (t0 = timeIntegration.startTime),
    by Newton's method on its optimality conditions, keeping the ODE2 coordinates listed in
    fixedCoordinates (indices) as given; drivers (constraints with offsets) keep the joint
    coordinates they prescribe by themselves.
    Velocities: the velocity-level equations C_q v + g_t = 0 with the smallest mass-weighted
    change of the velocities, keeping those in fixedVelocities.
    Then the accelerations and multipliers of the equations of motion with these constraints,
    [M, C_q^T; C_q, 0] [a; lam] = [f; -(C_q v)_t], as the time integrator computes them.

    updateInitialValues: store q, q_t (and the multipliers) as the system's initial values (so
    a following SolveDynamic starts from them) and set the current state. Returns a
    ConsistentInitialConditions. Raises ValueError naming the equations in conflict when the
    constraints cannot be satisfied with the coordinates (or velocities) left free: conflicting
    drivers, too many fixed coordinates, a configuration that cannot be assembled."""
    from .linearized import _prepare, linearized_matrices
    from .settings import SimulationSettings
    from ._state import State as _State, lg_indices as _lg_indices, update as _update
    name = "ComputeConsistentInitialConditions"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
    s = simulationSettings if simulationSettings is not None else SimulationSettings()
    core = mbs._core
    n2, nae = core.sizes()["ODE2"], core.sizes()["AE"]
    fixq = np.unique(np.asarray(fixedCoordinates, dtype=int).ravel())
    fixv = np.unique(np.asarray(fixedVelocities, dtype=int).ravel())
    for what, idx in (("fixedCoordinates", fixq), ("fixedVelocities", fixv)):
        if idx.size and (idx.min() < 0 or idx.max() >= n2):
            raise ValueError(f"{name}: {what} must be ODE2 coordinate indices in 0..{n2 - 1}, "
                             f"got {list(map(int, idx))}")
    if not (tolerance > 0) or maxIterations < 1:
        raise ValueError(f"{name}: tolerance must be > 0 and maxIterations >= 1")
    t0 = float(s.timeIntegration.startTime)
    qref = core.get_coords(0, 2)
    q0 = core.get_coords(0, 1).copy()
    v0 = core.get_coords(1, 1).copy()
    lg = _lg_indices(mbs)   # Lie-group rotation vectors: updated by composition
    state = _State(core)
    try:
        zero2, zeroa = np.zeros(n2), np.zeros(nae)
        state.set(q0, v0, zero2, zeroa, t0)
        M = linearized_matrices(mbs, s, ConfigurationType.Current)[0]
        w = _weights(M)
        freeq = np.setdiff1d(np.arange(n2), fixq)
        freev = np.setdiff1d(np.arange(n2), fixv)
        q = q0.copy()
        mu = np.zeros(nae)
        its = 0
        scale = max(1.0, float(np.abs(qref + q).max(initial=0.0)))
        W = np.diag(w)
        for its in range(maxIterations + 1):
            # the closest configuration: min (q - q0)^T W (q - q0) / 2 subject to g(q) = 0 over
            # the free coordinates; Newton on its optimality conditions
            #   W (q - q0) + C^T mu = 0,  g = 0,
            # whose matrix [W + H, C^T; C, 0] has H = d(C^T mu)/dq (the constraints' geometric
            # stiffness at the multipliers mu); the first step (mu = 0) is the smallest
            # weighted change that satisfies the linearized constraints
            state.set(q, v0, zero2, mu, t0)
            g = core.residual(False)[1]
            if not nae:
                break
            mats = linearized_matrices(mbs, s, ConfigurationType.Current)
            C = mats[3].toarray().T
            Kmu = mats[1].toarray()
            state.set(q, v0, zero2, zeroa, t0)
            H = Kmu - linearized_matrices(mbs, s, ConfigurationType.Current)[1].toarray()
            f = (W @ (q - q0) + C.T @ mu)[freeq]
            if np.abs(g).max() <= tolerance * scale and \
                    np.abs(f).max(initial=0.0) <= 1e-8 * max(1.0, np.abs(W @ (q - q0)).max()):
                break
            if its == maxIterations:
                bad = np.flatnonzero(np.abs(g) > tolerance * scale)
                raise ValueError(f"{name}: the position constraints could not be satisfied in "
                                 f"{maxIterations} iterations (largest residual "
                                 f"{np.abs(g).max():.3g}): {', '.join(_names(mbs, bad[:5]))}; "
                                 f"a configuration that cannot be assembled, or one far from it")
            # first the constraints alone on the free coordinates: conflicts show here
            _, rank, left = _weighted_min_norm(C, -g, w, freeq)
            if np.abs(left).max() > 1e-9 * max(np.abs(g).max(), 1e-300):
                bad = np.flatnonzero(np.abs(left) > 1e-9 * np.abs(g).max())
                raise ValueError(f"{name}: the position constraints are in conflict with the "
                                 f"coordinates left free ({len(freeq)} of {n2}; rank of the "
                                 f"constraint Jacobian on them {rank}, {nae} equations): "
                                 f"{', '.join(_names(mbs, bad[:5]))} cannot be satisfied "
                                 f"(conflicting drivers, or too many fixed coordinates)")
            nf = len(freeq)
            Cf = C[:, freeq]
            A = np.block([[(W + H)[np.ix_(freeq, freeq)], Cf.T], [Cf, np.zeros((nae, nae))]])
            sol = np.linalg.lstsq(A, -np.concatenate([f, g]), rcond=1e-13)[0]
            dq = np.zeros(n2)
            dq[freeq] = sol[:nf]
            mu = mu + sol[nf:]
            q = _update(q, dq, qref, lg)
        # velocities: C v + g_t = 0 (the velocity-level residual at the state)
        state.set(q, v0, zero2, zeroa, t0)
        gv = core.residual(True)[1]
        v = v0.copy()
        if nae:
            C = linearized_matrices(mbs, s, ConfigurationType.Current)[3].toarray().T
            dv, rank, left = _weighted_min_norm(C, -gv, w, freev)
            vscale = max(1.0, float(np.abs(v0).max(initial=0.0)), float(np.abs(gv).max()))
            if np.abs(left).max(initial=0.0) > 1e-9 * vscale:
                bad = np.flatnonzero(np.abs(left) > 1e-9 * vscale)
                raise ValueError(f"{name}: the velocity constraints are in conflict with the "
                                 f"velocities left free ({len(freev)} of {n2}): "
                                 f"{', '.join(_names(mbs, bad[:5]))} cannot be satisfied")
            v = v0 + dv
        # accelerations and multipliers: [M C^T; C 0] [a; lam] = [-r2(a = 0, lam = 0); -gdot]
        state.set(q, v, zero2, zeroa, t0)
        r2 = core.residual(False)[0]
        Md = M.toarray()
        if nae:
            C = linearized_matrices(mbs, s, ConfigurationType.Current)[3].toarray().T
            h = 1e-6 * max(1.0, abs(t0))
            state.set(_update(q, h * v, qref, lg), v, zero2, zeroa, t0 + h)
            gp = core.residual(True)[1]
            state.set(_update(q, -h * v, qref, lg), v, zero2, zeroa, t0 - h)
            gm = core.residual(True)[1]
            gdot = (gp - gm) / (2 * h)
            A = np.block([[Md, C.T], [C, np.zeros((nae, nae))]])
            sol = np.linalg.lstsq(A, np.concatenate([-r2, -gdot]), rcond=1e-13)[0]
            a, lam = sol[:n2], sol[n2:]
        else:
            a, lam = np.linalg.lstsq(Md, -r2, rcond=1e-13)[0], zeroa
        state.set(q, v, zero2, zeroa, t0)
        res = ConsistentInitialConditions(
            q=q, q_t=v, q_tt=a, lam=lam, iterations=its, positionChange=q - q0,
            velocityChange=v - v0,
            positionResidual=float(np.abs(core.residual(False)[1]).max(initial=0.0)),
            velocityResidual=float(np.abs(core.residual(True)[1]).max(initial=0.0)))
    except BaseException:
        state.restore()
        raise
    if updateInitialValues:
        core.set_coords(q, 0, 1)
        core.set_coords(v, 1, 1)
        if nae:
            core.set_coords(lam, 3, 1)
        state.set(q, v, a, lam, t0)
    else:
        state.restore()
    return res


def install(cls):
    """Attach the function to MainSystem as a method."""
    cls.ComputeConsistentInitialConditions = ComputeConsistentInitialConditions
