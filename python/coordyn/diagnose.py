"""Why a constrained system matrix is singular: the three cases of the Lagrange-multiplier
seed, named in the model's terms. The equations M a + C_q^T lambda = f, C_q a = gamma have a
unique solution when (1)+(2) C_q has full row rank and (3) M is positive definite on the null
space of C_q. They fail at
  (1) a singular configuration: the rank of C_q drops here but not at nearby configurations
      that satisfy the constraints (a mechanism at a dead-center or flattened position);
  (2) redundant constraints: the rank is lower there too (a door on three hinges, a
      parallelogram, the Bricard linkage);
  (3) a mass matrix that is not positive on the constraint null space: coordinates without
      mass that no constraint fixes.
Used by the solvers to explain a singular matrix (dense analysis; models up to DIAGNOSE_MAX
coordinates)."""
import numpy as np

DIAGNOSE_MAX = 3000

__all__ = ["DiagnoseSingularSystem"]


def _rank(A, tol=1e-10):
    if not A.size:
        return 0, np.zeros(0), np.zeros((A.shape[0], 0))
    U, s, _ = np.linalg.svd(A)
    r = int((s > tol * max(s[0], 1e-300)).sum())
    return r, s, U[:, r:]


def nearby_configuration(mbs, simulationSettings=None, step=1e-3, iterations=40):
    """a configuration near the current one that also satisfies the position constraints:
    a small random step in the null space of C_q (along the mechanism's possible motion),
    projected back onto the constraints by minimum-norm Newton steps; None if C_q has no
    null space. The current state is changed (callers restore it). Returns (q, moved): moved is
    the distance to the start over the step's length, about 1 when the step was along a real
    motion and much smaller when the null-space direction is only infinitesimal (the
    projection returns to the start: a singular configuration such as a straight two-bar
    truss)."""
    from .items import ConfigurationType
    from .linearized import linearized_matrices
    core = mbs._core
    q = core.get_coords(0, 0).copy()
    n2 = q.size
    qs = 1.0 + np.abs(core.get_coords(0, 2) + q).max(initial=0.0)
    C = linearized_matrices(mbs, simulationSettings, ConfigurationType.Current)[3].toarray().T
    if C.shape[0]:
        _, sv, Vt = np.linalg.svd(C)
        T = Vt[int((sv > 1e-10 * max(sv[0], 1e-300)).sum()):].T
    else:
        T = np.eye(n2)
    if not T.shape[1]:
        return None
    y = np.random.default_rng(1).standard_normal(T.shape[1])
    q0 = q
    q = q + step * qs * (T @ y) / np.linalg.norm(y)
    for _ in range(iterations):
        core.set_coords(q, 0, 0)
        g = core.residual(False)[1]
        if not g.size or np.abs(g).max() <= 1e-12 * qs:
            return q, float(np.linalg.norm(q - q0) / (step * qs))
        C = linearized_matrices(mbs, simulationSettings, ConfigurationType.Current)[3].toarray().T
        q = q - np.linalg.lstsq(C, g, rcond=1e-8)[0]
    # not converged: at a singular point Newton converges only linearly back towards it (the
    # step was no real motion); elsewhere undecided
    moved = float(np.linalg.norm(q - q0) / (step * qs))
    core.set_coords(q0, 0, 0)
    return q0, (moved if moved < 0.1 else None)


def DiagnoseSingularSystem(mbs, configuration=None, simulationSettings=None):
    """A text that says which of the seed's failure cases applies at the current state (or
    the configuration given: coordyn.ConfigurationType.Initial), naming the constraints and
    the nodes; "" if none applies or the model is too large (more than DIAGNOSE_MAX ODE2
    coordinates). The current state is not changed."""
    from .items import ConfigurationType
    from .linearized import linearized_matrices
    from ._state import State as _State, constraint_names as _constraint_names
    from ._state import node_names as _owner_names
    core = mbs._core
    n2, nae = core.sizes()["ODE2"], core.sizes()["AE"]
    if n2 == 0 or n2 > DIAGNOSE_MAX or core.sizes()["AEvariables"]:
        return ""   # with algebraic variables the linearized ODE2 view does not apply
    cfg = ConfigurationType.Current if configuration is None else ConfigurationType(configuration)
    state = _State(core)
    lines = []
    try:
        if cfg == ConfigurationType.Initial:
            state.set(core.get_coords(0, 1), core.get_coords(1, 1), np.zeros(n2),
                      np.zeros(nae), None)
        M, _, _, C = linearized_matrices(mbs, simulationSettings, ConfigurationType.Current)
        Cq = C.toarray().T
        r, _, left = _rank(Cq) if nae else (0, None, np.zeros((0, 0)))
        if nae and r < nae:
            rows = sorted({int(i) for k in range(left.shape[1])
                           for i in np.flatnonzero(np.abs(left[:, k]) > 0.1 *
                                                   np.abs(left[:, k]).max())})
            # nearby on the constraints: a small move along the mechanism's possible motion
            q = core.get_coords(0, 0).copy()
            near = nearby_configuration(mbs, simulationSettings)
            r2 = r if near is None else _rank(linearized_matrices(
                mbs, simulationSettings, ConfigurationType.Current)[3].toarray().T)[0]
            infinitesimal = near is not None and near[1] is not None and near[1] < 0.1
            undecided = near is not None and near[1] is None
            state.set(q, None, None, None, None)
            who = ", ".join(_constraint_names(mbs, rows[:8])) + (" ..." if len(rows) > 8 else "")
            if undecided:
                lines.append(f"case (1) or (2): the constraint Jacobian has rank {r} of {nae} "
                             f"(redundant constraints, or a singular configuration: no nearby "
                             f"configuration on the constraints was found to tell them apart); "
                             f"equations involved: {who}")
            elif infinitesimal:
                lines.append(f"case (1), a singular configuration: the constraint Jacobian has "
                             f"rank {r} of {nae} here, and the motion it seems to allow is "
                             f"not possible (the constraints hold only at this point along it: "
                             f"a straight or flattened linkage); equations involved: {who}")
            elif r2 > r:
                lines.append(f"case (1), a singular configuration: the constraint Jacobian has "
                             f"rank {r} of {nae} here and {r2} nearby (a dead-center or "
                             f"flattened position); equations involved: {who}")
            else:
                lines.append(f"case (2), redundant constraints: {nae - r} of the {nae} "
                             f"constraint equations depend on the others (rank {r}, also "
                             f"nearby); equations involved: {who}")
        # (3) the mass on the null space of the constraints
        if nae:
            _, s, Vt = np.linalg.svd(Cq)
            T = Vt[int((s > 1e-10 * max(s[0], 1e-300)).sum()):].T
        else:
            T = np.eye(n2)
        if T.shape[1]:
            Mr = T.T @ M.toarray() @ T
            ev, Y = np.linalg.eigh(0.5 * (Mr + Mr.T))
            scale = max(np.abs(M.diagonal()).max(), 1e-300)
            zero = ev < 1e-12 * scale
            if zero.any():
                X = T @ Y[:, zero]
                coords = sorted({int(i) for k in range(X.shape[1])
                                 for i in np.flatnonzero(np.abs(X[:, k]) > 0.1 *
                                                         np.abs(X[:, k]).max())})
                who = ", ".join(_owner_names(mbs, coords)) or f"coordinates {coords[:10]}"
                lines.append(f"case (3), the mass matrix is not positive on the constraint "
                             f"null space: {int(zero.sum())} motion(s) that the constraints "
                             f"allow carry no mass (coordinates {coords[:10]}"
                             f"{' ...' if len(coords) > 10 else ''} of {who}): give them mass "
                             f"or constrain them")
    except Exception:   # the diagnosis must not hide the original error
        return ""
    finally:
        state.restore()
    if not lines:
        return ""
    return ("Diagnosis (the seed's conditions for unique accelerations and multipliers): " +
            "; ".join(lines))
