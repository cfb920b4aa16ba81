"""Steady motions and the linearized equations about a nominal motion (see docs/linearized.rst).

ComputeSteadyRotation finds the stationary solution of a mechanism that turns as a whole at a
constant rate about a fixed axis (a rotating hub, a crank turned by a prescribed joint
coordinate): the configuration whose rigid rotation solves the equations of motion, with its
multipliers. ComputeLinearizedEquations gives the seed's set of matrices about a nominal motion
(q, q_t, q_tt, lambda) that need not be an equilibrium,

    M dq'' + (C + D) dq' + (K + N + G) dq + C_q^T dlambda = 0,   C_q dq = 0,

in all coordinates and in the independent coordinates dq = T dp (T an orthonormal basis of the
null space of C_q, moving with the nominal motion), and, about a steady rotation, in the frame
that turns with it, where the linearized equations do not depend on time."""
import numpy as np

from ._state import State as _State
from ._state import constraint_names as _constraint_names
from ._state import lg_indices as _lg_indices
from ._state import node_names as _owner_names
from ._state import rotvec_log as _rotvec_log
from ._state import rotvec_matrix as _rotvec_matrix
from ._state import update as _update
from .items import ConfigurationType

__all__ = ["ComputeSteadyRotation", "ComputeLinearizedEquations", "LinearizedEquations",
           "SteadyRotation"]

from ._state import _NODE, _OBJECT  # noqa: E402


def _skew(w):
    return np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])


def _axis_rotation(w, angle):
    """rotation matrix of angle about the unit vector w"""
    return _rotvec_matrix(np.asarray(w) * angle)


class _Part:
    """one block of a node's coordinates and how a rigid rotation acts on it. kind: 'pos3',
    'vec3', 'pos2', 'vec2', 'angle2', 'ep', 'lg' (rotation vector of a Lie-group node)"""

    def __init__(self, kind, idx):
        self.kind, self.idx = kind, np.asarray(idx, dtype=int)


def _node_parts(typ, idx, name):
    idx = list(idx)
    table = {
        "NodePoint": [("pos3", idx[0:3])],
        "NodePoint2D": [("pos2", idx[0:2])],
        "NodePoint2DSlope1": [("pos2", idx[0:2]), ("vec2", idx[2:4])],
        "NodePointSlope1": [("pos3", idx[0:3]), ("vec3", idx[3:6])],
        "NodeRigidBody2D": [("pos2", idx[0:2]), ("angle2", idx[2:3])],
        "NodeRigidBodyEP": [("pos3", idx[0:3]), ("ep", idx[3:7])],
        "NodeRigidBodyRotVecLG": [("pos3", idx[0:3]), ("lg", idx[3:6])],
    }
    if typ not in table:
        raise ValueError(f"ComputeSteadyRotation: node {name} ({typ}) cannot follow a rigid "
                         f"rotation here (supported: {', '.join(sorted(table))}); leave it out "
                         f"with nodes=[...] if it does not rotate")
    return [_Part(k, i) for k, i in table[typ]]


class SteadyRotation:
    """The rigid rotation omega (global vector, rad/s) about the point center of the chosen
    nodes, and the result of ComputeSteadyRotation: q, q_t, q_tt (ODE2 coordinates,
    displacements from the reference configuration as the system stores them), lambda (AE
    coordinates), time, iterations. Also the rotating frame's terms the linearized equations use
    (B1, B2, B3: the rotation's velocity and acceleration transfer, per coordinate)."""

    def __init__(self, mbs, omega, center, nodes):
        core = mbs._core
        self.omega = np.asarray(omega, dtype=float).reshape(3)
        self.center = np.asarray(center, dtype=float).reshape(3)
        self.n2 = core.sizes()["ODE2"]
        self.qref = core.get_coords(0, 2)
        nn = mbs.NumberOfNodes() if hasattr(mbs, "NumberOfNodes") else core.count(_NODE)
        if nodes is None:
            nodes = [i for i in range(nn) if core.ltg(_NODE, i)[0]]
        self.parts = []
        planar = False
        for n in nodes:
            n = int(n)
            if n < 0 or n >= nn:
                raise ValueError(f"ComputeSteadyRotation: node {n} does not exist")
            d = mbs.GetNode(n)
            typ = d.get("itemType", "Node" + d.get("nodeType", ""))
            idx = core.ltg(_NODE, n)[0]
            if not idx:
                continue
            for p in _node_parts(typ, idx, f"{n} '{d.get('name', '')}'"):
                planar |= p.kind in ("pos2", "vec2", "angle2")
                self.parts.append(p)
        w = self.omega
        if planar and (abs(w[0]) > 1e-14 * np.linalg.norm(w) or abs(w[1]) > 1e-14 * np.linalg.norm(w)):
            raise ValueError(f"ComputeSteadyRotation: planar nodes turn about the z axis only; "
                             f"angularVelocity must be [0, 0, wz], got {[float(x) for x in w]}")
        self.nodes = list(nodes)

    # -- fields
    def velocity_acceleration(self, q):
        """q_t, q_tt of the rigid rotation at displacement q"""
        x = self.qref + q
        v, a = np.zeros(self.n2), np.zeros(self.n2)
        w, c = self.omega, self.center
        W = _skew(w)
        for p in self.parts:
            xi = x[p.idx]
            if p.kind == "pos3":
                v[p.idx] = W @ (xi - c)
                a[p.idx] = W @ (W @ (xi - c))
            elif p.kind == "vec3":
                v[p.idx] = W @ xi
                a[p.idx] = W @ (W @ xi)
            elif p.kind in ("pos2", "vec2"):
                r = xi - (c[:2] if p.kind == "pos2" else 0.0)
                v[p.idx] = w[2] * np.array([-r[1], r[0]])
                a[p.idx] = -w[2] ** 2 * r
            elif p.kind == "angle2":
                v[p.idx] = w[2]
            elif p.kind == "ep":
                L = self._epL()
                v[p.idx] = 0.5 * L @ xi
                a[p.idx] = -0.25 * (w @ w) * xi
            elif p.kind == "lg":
                v[p.idx] = _rotvec_matrix(xi).T @ w
        return v, a

    def _epL(self):
        w = self.omega
        L = np.zeros((4, 4))
        L[0, 1:] = -w
        L[1:, 0] = w
        L[1:, 1:] = _skew(w)
        return L

    def transfer(self, q):
        """(B1, B2, B3) sparse n2 x n2: with dq = dp in the turning frame at this instant,
        dq_t = dp_t + B1 dp and dq_tt = dp_tt + B2 dp_t + B3 dp (vector coordinates: B1 = J_t,
        B2 = 2 J_t, B3 = J_tt of the rotation's coordinate map J; Lie-group rotation vectors:
        local angular velocity w~ in B1 and B2)"""
        import scipy.sparse as sp
        x = self.qref + q
        w = self.omega
        W = _skew(w)
        rows, cols, b1, b2, b3 = [], [], [], [], []

        def put(idx, m1, m2, m3):
            for i in range(len(idx)):
                for j in range(len(idx)):
                    if m1[i, j] or m2[i, j] or m3[i, j]:
                        rows.append(idx[i]), cols.append(idx[j])
                        b1.append(m1[i, j]), b2.append(m2[i, j]), b3.append(m3[i, j])

        for p in self.parts:
            if p.kind in ("pos3", "vec3"):
                put(p.idx, W, 2 * W, W @ W)
            elif p.kind in ("pos2", "vec2"):
                W2 = w[2] * np.array([[0.0, -1.0], [1.0, 0.0]])
                put(p.idx, W2, 2 * W2, W2 @ W2)
            elif p.kind == "ep":
                L = self._epL()
                put(p.idx, 0.5 * L, L, -0.25 * (w @ w) * np.eye(4))
            elif p.kind == "lg":
                Wl = _skew(_rotvec_matrix(x[p.idx]).T @ w)
                put(p.idx, Wl, Wl, np.zeros((3, 3)))
        n = self.n2
        return tuple(sp.csr_matrix((b, (rows, cols)), shape=(n, n)) for b in (b1, b2, b3))

    def rotate(self, q, angle):
        """displacements q of the configuration turned by angle about the axis"""
        x = self.qref + q
        y = x.copy()
        w = self.omega
        wn = w / np.linalg.norm(w)
        R = _axis_rotation(wn, angle)
        c = self.center
        for p in self.parts:
            xi = x[p.idx]
            if p.kind == "pos3":
                y[p.idx] = c + R @ (xi - c)
            elif p.kind == "vec3":
                y[p.idx] = R @ xi
            elif p.kind in ("pos2", "vec2"):
                ang = angle * np.sign(w[2])
                R2 = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
                c2 = c[:2] if p.kind == "pos2" else 0.0
                y[p.idx] = c2 + R2 @ (xi - c2)
            elif p.kind == "angle2":
                y[p.idx] = xi + angle * np.sign(w[2])
            elif p.kind == "ep":
                from .rigid import _quat_mul
                qr = np.concatenate([[np.cos(angle / 2)], np.sin(angle / 2) * wn])
                y[p.idx] = _quat_mul(qr, xi)
            elif p.kind == "lg":
                y[p.idx] = _rotvec_log(R @ _rotvec_matrix(xi))
        return y - self.qref

    def lg_indices(self):
        return [p.idx for p in self.parts if p.kind == "lg"]


def _mats(mbs, simulationSettings, load_factor=1.0):
    """[M, K, D, C_q^T] at the current state"""
    from .linearized import linearized_matrices
    return linearized_matrices(mbs, simulationSettings, ConfigurationType.Current, load_factor)


def _check_constraints(mbs, q, v, t, tol, name, what, levels=(0, 1)):
    """ValueError naming the constraints that q (position level, 0 in levels) or v (velocity
    level, 1) violate beyond tol relative to the size of the coordinates (velocities), as the
    dynamic solver's initial check; the caller restores the state"""
    core = mbs._core
    if not core.sizes()["AE"]:
        return
    qref = core.get_coords(0, 2)
    state = _State(core)
    state.set(q, v, None, None, t)
    msgs = []
    for level, size in ((0, max(1.0, np.max(np.abs(qref + q), initial=0.0))),
                        (1, max(1.0, np.max(np.abs(v), initial=0.0)))):
        if level not in levels:
            continue
        g = core.residual(bool(level))[1]
        bad = [int(i) for i in np.flatnonzero(~(np.abs(g) <= tol * size))]
        for i in bad[:5]:
            msgs.append(f"{_constraint_names(mbs, [i])[0]}: "
                        f"{'velocity' if level else 'position'} residual {g[i]:.3g}")
    if msgs:
        raise ValueError(f"{name}: {what} violates the constraints beyond {tol:g} (relative to "
                         f"the size of the coordinates and velocities): {'; '.join(msgs)}")


def ComputeSteadyRotation(mbs, angularVelocity, rotationCenter=[0, 0, 0], nodes=None,
                          simulationSettings=None, time=None, relativeTolerance=1e-10,
                          maxIterations=30, updateInitialValues=False, autoAssemble=True):
    """The stationary solution of a mechanism turning as a whole at the constant angular
    velocity angularVelocity (global vector, rad/s) about the axis through rotationCenter: the
    configuration q whose rigid rotation (velocities omega x r, accelerations
    omega x (omega x r), Euler parameters and rotation vectors accordingly) solves the equations
    of motion and the constraints at the given time (default: the current state's time), with
    the multipliers. The rotation is driven (a coordinate constraint or joint that prescribes
    the hub angle at the same rate) or free (then the phase is the one nearest to the start and
    the linearized equations have a zero eigenvalue for it); coordinates that nothing
    determines (a free body's position along the axis) keep their start values (minimum-norm
    Newton steps, for systems up to 3000 unknowns).

    nodes: the nodes that turn (default: every node with coordinates; nodes of a part that does
    not turn are left out and stay at rest). Newton's method from the current configuration
    (with automatic continuation in the speed if it fails). Afterwards the solution is checked:
    turned by a quarter revolution a quarter period later it must still solve the equations
    (multipliers re-solved); if it does not, the equations are not invariant under the rotation
    (gravity not along the axis, a driver whose rate differs from omega, a non-rotating item
    with coordinates) and a SolverError names the nodes with the largest residual.

    Returns a SteadyRotation (q, q_t, q_tt, lambda, time, iterations; the current state of the
    system is set to it, and with updateInitialValues also the initial values) for
    ComputeLinearizedEquations(steadyRotation=...)."""
    from .linearized import _prepare, _scipy
    from .system import SolverError
    name = "ComputeSteadyRotation"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
    sp = _scipy().sparse
    spla = _scipy().sparse.linalg
    core = mbs._core
    w = np.asarray(angularVelocity, dtype=float).ravel()
    if w.size != 3 or not np.all(np.isfinite(w)):
        raise ValueError(f"{name}: angularVelocity must be a finite 3-vector, got "
                         f"{angularVelocity}")
    c = np.asarray(rotationCenter, dtype=float).ravel()
    if c.size != 3 or not np.all(np.isfinite(c)):
        raise ValueError(f"{name}: rotationCenter must be a finite 3-vector, got "
                         f"{rotationCenter}")
    if maxIterations < 1 or not relativeTolerance > 0:
        raise ValueError(f"{name}: maxIterations must be >= 1 and relativeTolerance > 0")
    n2, nae = core.sizes()["ODE2"], core.sizes()["AE"]
    t0 = core.time() if time is None else float(time)
    q = core.get_coords(0, 0).copy()
    lam = core.get_coords(3, 0).copy()
    state = _State(core)
    rot = None

    def newton(wv, q, lam):
        nonlocal rot
        rot = SteadyRotation(mbs, wv, c, nodes)
        lg = rot.lg_indices()
        qscale = 1.0 + np.max(np.abs(rot.qref + q), initial=0.0)
        for it in range(1, maxIterations + 1):
            v, a = rot.velocity_acceleration(q)
            state.set(q, v, a, lam, t0)
            r2, rae = core.residual()
            M, K, D, C = _mats(mbs, simulationSettings)
            B1, _, B3 = rot.transfer(q)
            Kp = (K + D @ B1 + M @ B3).tocsc()
            J = sp.bmat([[Kp, C], [C.T, None]], format="csc") if nae else Kp
            F = np.concatenate([r2, rae])
            if not np.all(np.isfinite(F)):
                return None, None, it
            try:
                dx = -spla.splu(J).solve(F)
            except RuntimeError:
                # exactly singular: coordinates or a phase that nothing determines (a free
                # body, a free rotation): the minimum-norm step keeps them where they start
                if J.shape[0] > 3000:
                    raise SolverError(
                        f"{name}: the Newton matrix of the steady rotation is singular: the "
                        f"rotation is not determined (coordinates without stiffness or a "
                        f"free rotation); drive the hub angle with a constraint (e.g. a "
                        f"CoordinateConstraint with offsetUserFunction omega t), fix the "
                        f"free coordinates, or leave non-rotating nodes out with "
                        f"nodes=[...]") from None
                dx = -np.linalg.lstsq(J.toarray(), F, rcond=1e-13)[0]
            if not np.all(np.isfinite(dx)):
                return None, None, it
            q = _update(q, dx[:n2], rot.qref, lg)
            lam = lam + dx[n2:]
            if np.max(np.abs(dx[:n2]), initial=0.0) <= relativeTolerance * qscale:
                return q, lam, it
        return None, None, maxIterations

    try:
        total = 0
        steps = 1
        qs, lams = q, lam
        while True:
            ok = True
            q, lam = qs, lams
            for k in range(1, steps + 1):
                qn, lamn, its = newton(w * k / steps, q, lam)
                total += its
                if qn is None:
                    ok = False
                    break
                q, lam = qn, lamn
            if ok:
                break
            steps *= 2
            if steps > 64:
                raise SolverError(f"{name}: Newton's method did not converge (also not in 64 "
                                  f"speed steps up to |omega| = {np.linalg.norm(w):g} rad/s): "
                                  f"the stationary solution may not exist at this speed (e.g. "
                                  f"a spring softened to zero by the centrifugal force)")
        v, a = rot.velocity_acceleration(q)
        _check_invariance(mbs, rot, q, lam, t0, simulationSettings, state, name)
        res = rot
        res.q, res.q_t, res.q_tt, res.lam, res.time, res.iterations = q, v, a, lam, t0, total
        res.speedSteps = steps
    except BaseException:
        state.restore()
        raise
    state.set(q, v, a, lam, t0)
    if updateInitialValues:
        core.set_coords(q, 0, 1)
        core.set_coords(v, 1, 1)
        if nae:
            core.set_coords(lam, 3, 1)
    return res


def _check_invariance(mbs, rot, q, lam, t0, simulationSettings, state, name):
    """the solution turned by a quarter revolution a quarter period later must solve the
    equations too (multipliers re-solved by least squares)"""
    from .system import SolverError
    core = mbs._core
    wn = float(np.linalg.norm(rot.omega))
    v, a = rot.velocity_acceleration(q)
    state.set(q, v, a, lam, t0)
    M, _, _, C = _mats(mbs, simulationSettings)
    # force scale: inertia forces, constraint forces, gyroscopic forces ~ |M| |v| omega
    scale = (np.linalg.norm(M @ a) + (np.linalg.norm(C @ lam) if len(lam) else 0.0) +
             abs(M).max() * np.max(np.abs(v), initial=0.0) * wn)
    if wn == 0.0:
        return
    angle = 0.5 * np.pi
    qr = rot.rotate(q, angle)
    vr, ar = rot.velocity_acceleration(qr)
    state.set(qr, vr, ar, np.zeros_like(lam), t0 + angle / wn)
    r1, g1 = core.residual()
    if len(lam):
        C = _mats(mbs, simulationSettings)[3].toarray()
        lr = np.linalg.lstsq(C, -r1, rcond=None)[0]
        r1 = r1 + C @ lr
    qs = 1.0 + np.max(np.abs(rot.qref + q), initial=0.0)
    bad_f = np.linalg.norm(r1) > 1e-6 * max(scale, 1e-300)
    bad_g = len(g1) and np.max(np.abs(g1)) > 1e-6 * qs
    if bad_f or bad_g:
        if bad_g and not bad_f:
            worst = set(int(i) for i in np.argsort(-np.abs(g1))[:3] if abs(g1[i]) > 1e-6 * qs)
            who = ", ".join(_constraint_names(mbs, worst))
        else:
            worst = list(np.argsort(-np.abs(r1))[:3])
            who = ", ".join(_owner_names(mbs, worst)) or "coordinates " + str(worst)
        raise SolverError(
            f"{name}: the solution is not stationary: turned by 90 degrees a quarter period "
            f"later it does not solve the equations (force residual "
            f"{np.linalg.norm(r1):.3g} against {scale:.3g}, constraint residual "
            f"{np.max(np.abs(g1), initial=0.0):.3g}; largest at {who}). The equations are not "
            f"invariant under the rotation: gravity or a load not along the axis, a driver "
            f"whose rate differs from |omega| = {wn:g} rad/s, or nodes that do not turn "
            f"(leave them out with nodes=[...])")


class LinearizedEquations:
    """The linearized equations about a nominal motion (see ComputeLinearizedEquations).

    All coordinates (n2 x n2 dense arrays): M mass, C velocity-dependent inertia (gyroscopic
    and Coriolis terms), D damping, K structural (material) stiffness, N dynamic stiffening
    (the stiffness terms due to the nominal velocities and accelerations), G geometric
    stiffness (stresses, constraint forces and loads); Cq (nae x n2) the constraint Jacobian.
    Independent coordinates dq = T dp (T: n2 x f, orthonormal, null space of Cq; Tdot, Tddot
    its rates along the nominal motion): Mi, Ci, Di, Ki, Ni, Gi (f x f)."""

    names = ("M", "C", "D", "K", "N", "G")

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getitem__(self, key):
        return getattr(self, key)

    def __repr__(self):
        return (f"LinearizedEquations(n2={self.M.shape[0]}, constraints={self.Cq.shape[0]}, "
                f"independent={self.T.shape[1]})")

    def Projected(self, name):
        """the matrix name ('M', 'C', ...) of the independent coordinates projected back to all
        coordinates: T X_i T^T"""
        return self.T @ getattr(self, name + "i") @ self.T.T

    def Eigenvalues(self, numberOfEigenvalues=0):
        """[eigenvalues, modes]: the complex eigenvalues s of the independent first-order system
        Mi p'' + (Ci + Di) p' + (Ki + Ni + Gi) p = 0 (s = -delta +- i omega_d), those with
        Im s >= 0, sorted by abs(s); modes (columns) in all coordinates, T p."""
        from scipy.linalg import eig
        f = self.T.shape[1]
        if f == 0:
            return [np.zeros(0, complex), np.zeros((self.M.shape[0], 0), complex)]
        Mi = self.Mi
        Bi = self.Ci + self.Di
        Ki = self.Ki + self.Ni + self.Gi
        Z, I = np.zeros((f, f)), np.eye(f)
        A = np.block([[Z, I], [-np.linalg.solve(Mi, Ki), -np.linalg.solve(Mi, Bi)]])
        s, X = eig(A)
        keep = s.imag >= -1e-12 * np.maximum(1.0, np.abs(s))
        # real eigenvalues come in pairs only by chance: keep every real one
        s, X = s[keep], X[:f, keep]
        order = np.lexsort((s.real, np.abs(s)))
        s, X = s[order], X[:, order]
        if numberOfEigenvalues > 0:
            s, X = s[:numberOfEigenvalues], X[:, :numberOfEigenvalues]
        return [s, self.T @ X]

    def Stability(self, tolerance=1e-8):
        """The stability judgement of the linearized motion: a dict with maxRealPart (the
        largest real part of the eigenvalues), eigenvalue and mode (in all coordinates) that
        have it, and judgement: 'unstable' if maxRealPart > tolerance times the spectrum's
        scale (the largest abs(s)), 'asymptotically stable' if every real part is below
        -tolerance times it, else 'marginal' (undamped vibrations, rigid-body modes)."""
        s, X = self.Eigenvalues()
        if s.size == 0:
            return {"maxRealPart": 0.0, "eigenvalue": None, "mode": None,
                    "judgement": "marginal"}
        k = int(np.argmax(s.real))
        scale = max(float(np.max(np.abs(s))), 1e-300)
        if s[k].real > tolerance * scale:
            judgement = "unstable"
        elif s[k].real < -tolerance * scale:
            judgement = "asymptotically stable"
        else:
            judgement = "marginal"
        return {"maxRealPart": float(s[k].real), "eigenvalue": s[k], "mode": X[:, k],
                "judgement": judgement}

    def Frequencies(self, numberOfFrequencies=0, convert2Frequencies=False):
        """natural (damped) angular frequencies omega = Im s of the eigenvalues with Im s > 0,
        ascending (rad/s; Hz with convert2Frequencies). Modes with real eigenvalues (rigid-body,
        overdamped or divergent ones) are not frequencies and are left out."""
        s = self.Eigenvalues()[0]
        scale = np.max(np.abs(s), initial=1.0)
        om = np.sort(s.imag[s.imag > 1e-9 * scale])
        if numberOfFrequencies > 0:
            om = om[:numberOfFrequencies]
        return om / (2 * np.pi) if convert2Frequencies else om


def _object_geometric(mbs, n2):
    """sum of the elements' geometric stiffness (the element interface's geometric op)"""
    core = mbs._core
    G = np.zeros((n2, n2))
    for o in range(core.count(_OBJECT)):
        idx = core.ltg(_OBJECT, o)[0]
        if not idx:
            continue
        parts = core.object_parts(o)
        if parts.get("have", 0) & 4:
            ix = np.asarray(idx)
            G[np.ix_(ix, ix)] += parts["Kg"]
    return G


def _advance(q, v, a, h, qref, lg):
    """q(t + h) of the nominal motion to second order (Lie-group rotation vectors by
    composition)"""
    return _update(q, h * v + 0.5 * h * h * a, qref, lg)


def ComputeLinearizedEquations(mbs, configuration=ConfigurationType.Current, steadyRotation=None,
                               simulationSettings=None, singularValuesTolerance=1e-12,
                               autoAssemble=True):
    """The seed's linearized equations about a nominal motion (q, q_t, q_tt, lambda, t): the
    current state (default; e.g. after a time step, or set by ComputeSteadyRotation) or the
    initial one (configuration=ConfigurationType.Initial: initial coordinates, velocities and
    multipliers, zero accelerations). Returns a LinearizedEquations with, in all
    coordinates: M the mass matrix; C the velocity-dependent inertia, d r/d q_t minus D
    (gyroscopic terms; about a steady rotation plus the Coriolis term of the turning frame);
    D the damping, d r/d q_t at the same q with q_t = q_tt = 0; K the structural (material)
    stiffness, d r/d q at rest without loads, multipliers and the elements' geometric
    stiffness; N the dynamic stiffening, the part of d r/d q due to the nominal velocities and
    accelerations (about a steady rotation with the centrifugal term of the turning frame); G
    the geometric stiffness: the elements' stress stiffness, the constraints'
    d(C_q^T lambda)/dq and the loads' stiffness;
    so that K + N + G = d r/d q and C + D = d r/d q_t at the nominal motion (r = M q_tt - f +
    C_q^T lambda). In the independent coordinates dq = T dp (T orthonormal, the null space of
    C_q, carried along the nominal motion with T^T T_t = 0): Mi = T^T M T,
    Ci = T^T (C T + 2 M T_t), Di = T^T D T, Ki = T^T K T, Gi = T^T G T,
    Ni = T^T (N T + (C + D) T_t + M T_tt). About a steady rotation (steadyRotation: the result
    of ComputeSteadyRotation) the coordinates are those of the frame turning with it, where the
    equations do not depend on time, and T_t = T_tt = 0."""
    from .linearized import _prepare, _scipy
    name = "ComputeLinearizedEquations"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
    _scipy()
    core = mbs._core
    n2, nae = core.sizes()["ODE2"], core.sizes()["AE"]
    cfg = ConfigurationType(configuration)
    if cfg not in (ConfigurationType.Current, ConfigurationType.Initial):
        raise ValueError(f"{name}: configuration must be Current or Initial, got {cfg!r}")
    if steadyRotation is not None and not isinstance(steadyRotation, SteadyRotation):
        raise TypeError(f"{name}: steadyRotation must be the result of ComputeSteadyRotation, "
                        f"got {type(steadyRotation).__name__}")
    state = _State(core)
    try:
        if cfg == ConfigurationType.Initial:
            q, v = core.get_coords(0, 1), core.get_coords(1, 1)
            a, lam = np.zeros(n2), core.get_coords(3, 1)
        else:
            q, v, a, lam = (core.get_coords(k, 0) for k in range(4))
        t = core.time()
        _check_constraints(mbs, q, v, t,
                           simulationSettings.timeIntegration.initialConstraintTolerance, name,
                           "the nominal state (" + ("initial" if cfg == ConfigurationType.Initial
                                                    else "current") + " configuration)")
        if steadyRotation is not None:
            rot = steadyRotation
            vr, ar = rot.velocity_acceleration(q)
            sc = 1.0 + np.max(np.abs(vr), initial=0) + np.max(np.abs(ar), initial=0)
            if np.max(np.abs(v - vr), initial=0) > 1e-8 * sc or \
                    np.max(np.abs(a - ar), initial=0) > 1e-8 * sc:
                raise ValueError(f"{name}: the state is not the steady rotation given: call "
                                 f"ComputeSteadyRotation first (it sets the current state) and "
                                 f"use configuration=Current")
        zero = np.zeros(n2)
        state.set(q, v, a, lam, t)
        M, K1, D1, C = _mats(mbs, simulationSettings)
        state.set(q, zero, zero, lam, t)
        _, K2, D2, _ = _mats(mbs, simulationSettings)
        state.set(q, zero, zero, np.zeros(nae), t)
        K3 = _mats(mbs, simulationSettings)[1]
        K4 = _mats(mbs, simulationSettings, load_factor=0.0)[1]
        Kg = _object_geometric(mbs, n2)
        M, K1, D1, K2, D2, K3, K4 = (x.toarray() for x in (M, K1, D1, K2, D2, K3, K4))
        Cq = C.toarray().T
        Dm, Cg = D2, D1 - D2
        Km, G = K4 - Kg, (K2 - K3) + (K3 - K4) + Kg
        Nm = K1 - K2
        if steadyRotation is not None:
            B1, B2, B3 = (x.toarray() for x in steadyRotation.transfer(q))
            Cg = Cg + M @ B2
            Nm = Nm + D1 @ B1 + M @ B3
        # independent coordinates
        if nae:
            U, sv, Vt = np.linalg.svd(Cq)
            r = int((sv > singularValuesTolerance * max(sv[0] if sv.size else 0, 1e-300)).sum())
            T = Vt[r:].T
            pinv = Vt[:r].T @ np.diag(1.0 / sv[:r]) @ U[:, :r].T
        else:
            T, pinv, r = np.eye(n2), np.zeros((n2, 0)), 0
        Td = np.zeros_like(T)
        Tdd = np.zeros_like(T)
        moving = np.any(v) or np.any(a)
        if nae and steadyRotation is None and moving:
            lg = _lg_indices(mbs)
            qref = core.get_coords(0, 2)
            vmax = np.max(np.abs(v), initial=0.0)
            amax = np.max(np.abs(a), initial=0.0)
            qs = 1.0 + np.max(np.abs(qref + q), initial=0.0)
            h = 1e-4 * min(qs / vmax if vmax else np.inf, np.sqrt(qs / amax) if amax else np.inf)
            Cs = []
            for hh in (-h, h):
                state.set(_advance(q, v, a, hh, qref, lg), v + hh * a, a, lam, t + hh)
                Cs.append(_mats(mbs, simulationSettings)[3].toarray().T)
            Cd = (Cs[1] - Cs[0]) / (2 * h)
            Cdd = (Cs[1] - 2 * Cq + Cs[0]) / (h * h)
            Td = -pinv @ (Cd @ T)
            Tdd = -pinv @ (Cdd @ T + 2 * Cd @ Td) - T @ (Td.T @ Td)
        Ti = T.T
        lin = LinearizedEquations(
            M=M, C=Cg, D=Dm, K=Km, N=Nm, G=G, Cq=Cq, T=T, Tdot=Td, Tddot=Tdd,
            Mi=Ti @ M @ T, Ci=Ti @ (Cg @ T + 2 * M @ Td), Di=Ti @ Dm @ T, Ki=Ti @ Km @ T,
            Gi=Ti @ G @ T, Ni=Ti @ (Nm @ T + (Cg + Dm) @ Td + M @ Tdd),
            q=q, q_t=v, q_tt=a, lam=lam, time=t, steadyRotation=steadyRotation,
            redundantConstraints=nae - r)
    finally:
        state.restore()
    return lin


def install(cls):
    """Attach the functions to MainSystem as methods."""
    cls.ComputeSteadyRotation = ComputeSteadyRotation
    cls.ComputeLinearizedEquations = ComputeLinearizedEquations
