"""Why a constrained system matrix is singular: the three cases of the Lagrange-multiplier
seed, named in the model's terms. The equations M a + C_q^T lambda = f, C_q a = gamma have a
unique solution when (1)+(2) C_q has full row rank and (3) M is positive definite on the null
space of C_q. They fail at
  (1) a singular configuration: the rank of C_q drops here but not nearby (a mechanism at a
      dead-center or flattened position);
  (2) redundant constraints: the rank is lower everywhere (a door on three hinges);
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


def DiagnoseSingularSystem(mbs, configuration=None, simulationSettings=None):
    """A text that says which of the seed's failure cases applies at the current state (or
    the configuration given: coordyn.ConfigurationType.Initial), naming the constraints and
    the nodes; "" if none applies or the model is too large (more than DIAGNOSE_MAX ODE2
    coordinates). The current state is not changed."""
    from .items import ConfigurationType
    from .linearized import linearized_matrices
    from .steady import _State, _constraint_names, _owner_names
    core = mbs._core
    n2, nae = core.sizes()["ODE2"], core.sizes()["AE"]
    if n2 == 0 or n2 > DIAGNOSE_MAX:
        return ""
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
            # nearby: a small random change of the configuration
            q = core.get_coords(0, 0)
            qs = 1.0 + np.abs(core.get_coords(0, 2) + q).max()
            state.set(q + 1e-4 * qs * np.random.default_rng(1).standard_normal(n2), None,
                      None, None, None)
            r2 = _rank(linearized_matrices(mbs, simulationSettings,
                                           ConfigurationType.Current)[3].toarray().T)[0]
            state.set(q, None, None, None, None)
            who = ", ".join(_constraint_names(mbs, rows[:8])) + (" ..." if len(rows) > 8 else "")
            if r2 > r:
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
