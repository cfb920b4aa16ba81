"""Linearized analysis: mbs.ComputeLinearizedSystem and mbs.ComputeODE2Eigenvalues with Exudyn
1.13's arguments and return values (see docs/linearized.rst).

The matrices come from the C core (cd_linearize): M, K = d r2/dq (the tangent of -f plus the
constraints' geometric stiffness d(C_q^T lambda)/dq at the multipliers of the state), D = d r2/dq'
and C = C_q^T (n2 x nae), at the initial configuration (initial coordinates, velocities and
initial multipliers), as Exudyn does. Eigenvalues are omega^2 of M q'' + K q = 0."""
import warnings

import numpy as np

from .items import ConfigurationType

__all__ = ["ComputeLinearizedSystem", "ComputeODE2Eigenvalues", "ComputeBucklingLoads",
           "ComputeStability", "EigenvalueErrorEstimates", "EigenvalueAccuracyWarning"]


def _scipy():
    try:
        import scipy.linalg  # noqa: F401
        import scipy.sparse  # noqa: F401
        import scipy.sparse.linalg  # noqa: F401
    except ImportError as e:  # pragma: no cover - scipy is a dependency of the package
        raise ImportError("linearized analysis needs scipy (pip install scipy)") from e
    import scipy
    return scipy


def _system_ready(mbs, simulationSettings, autoAssemble, name, stacklevel=4):
    """the settings (default ones if None) after checking the argument types; assembles the
    system (with a warning) if it is not and autoAssemble, else a SolverError"""
    from .settings import SimulationSettings
    from .system import MainSystem, SolverError
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"{name}: expected a coordyn.MainSystem, got {type(mbs).__name__}")
    if simulationSettings is None:
        simulationSettings = SimulationSettings()
    if not isinstance(simulationSettings, SimulationSettings):
        raise TypeError(f"{name}: simulationSettings must be a coordyn.SimulationSettings, got "
                        f"{type(simulationSettings).__name__}")
    if not mbs._core.sizes()["assembled"]:
        if not autoAssemble:
            raise SolverError(f"{name}: the system is not assembled: call mbs.Assemble() (or "
                              f"use autoAssemble=True)")
        warnings.warn(f"{name}: the system was not assembled, calling mbs.Assemble(); to avoid "
                      f"this, call mbs.Assemble() first", UserWarning, stacklevel=stacklevel)
        mbs.Assemble()
    return simulationSettings


def _prepare(mbs, simulationSettings, autoAssemble, name):
    simulationSettings = _system_ready(mbs, simulationSettings, autoAssemble, name)
    refuse_algebraic_variables(mbs, name)
    if mbs._core.sizes()["ODE1"]:
        warnings.warn(f"{name}: the ODE1 coordinates (first-order equations) are not part of "
                      f"the linearized ODE2 system: results may be wrong where they couple to "
                      f"it", UserWarning, stacklevel=3)
    return simulationSettings


def refuse_algebraic_variables(mbs, name):
    """ValueError if the system has algebraic variables (NodeGenericAE): the analyses on the
    ODE2 system and its constraints would hold them fixed instead of eliminating them"""
    n = mbs._core.sizes()["AEvariables"]
    if n:
        raise ValueError(f"{name}: the system has {n} algebraic variable(s) (NodeGenericAE); "
                         f"this analysis works on the ODE2 coordinates and their constraints and "
                         f"cannot eliminate algebraic variables (see "
                         f"docs/algebraic_variables.rst); use SolveStatic and SolveDynamic")


def linearized_matrices(mbs, simulationSettings=None, configuration=ConfigurationType.Initial,
                        load_factor=1.0):
    """The sparse matrices [M, K, D, C] (scipy.sparse CSC) of the linearized system at the
    initial (default) or current configuration: M (n2 x n2), K = d r2/dq, D = d r2/dq' and
    C = C_q^T (n2 x nae), assembled in the C core. The system must be assembled."""
    sp = _scipy().sparse
    from .settings import SimulationSettings
    s = simulationSettings if simulationSettings is not None else SimulationSettings()
    nd = s.staticSolver.newton.numericalDifferentiation
    raw = mbs._core.linearized(int(ConfigurationType(configuration)), bool(nd.forODE2),
                               float(nd.relativeEpsilon), float(nd.minimumCoordinateSize),
                               float(load_factor))
    return [sp.csc_matrix((x, ri, cp), shape=shape) for (x, ri, cp, shape) in raw]


def _check_initial_constraints(mbs, simulationSettings, name):
    """ValueError naming the constraints the initial configuration violates (position level,
    beyond timeIntegration.initialConstraintTolerance relative to the coordinates' size): the
    linearization about it would not be about a configuration of the mechanism"""
    from ._state import State as _State
    from .steady import _check_constraints
    core = mbs._core
    state = _State(core)
    try:
        _check_constraints(mbs, core.get_coords(0, 1), core.get_coords(1, 1),
                           simulationSettings.timeIntegration.startTime,
                           simulationSettings.timeIntegration.initialConstraintTolerance, name,
                           "the initial configuration", levels=(0,))
    finally:
        state.restore()


def _nullspace(C, tol):
    """Rows: an orthonormal basis of the null space of C^T (n2 x nae), by a dense SVD as in
    Exudyn (singular values <= tol count as zero)."""
    from scipy.linalg import svd
    U, sv, _ = svd(C)
    r = int((np.abs(sv) > tol).sum())
    return U[:, r:].T


def ComputeLinearizedSystem(mbs, simulationSettings=None, projectIntoConstraintNullspace=False,
                            singularValuesTolerance=1e-12, returnConstraintJacobian=False,
                            returnConstraintNullspace=False, autoAssemble=True):
    """The linearized ODE2 system M q'' + D q' + K q (+ C lambda) = 0 at the initial
    configuration (initial coordinates, velocities and multipliers), as dense NumPy arrays:
    [M, K, D]. K = d(-f)/dq + d(C_q^T lambda)/dq (a spring's stiffness; with nonzero initial
    multipliers it includes the constraints' geometric stiffness), D = d(-f)/dq'.

    With constraints and any of the flags, as Exudyn: [M, K, D, C, N] with C = C_q^T
    (n2 x nae) if returnConstraintJacobian (else []), N the null-space basis (rows, by SVD
    with singularValuesTolerance) if returnConstraintNullspace (else []; the entry is left out
    if neither N nor the projection is asked for); projectIntoConstraintNullspace returns
    N M N^T, N K N^T, N D N^T instead of M, K, D."""
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble,
                                  "ComputeLinearizedSystem")
    M, K, D, C = linearized_matrices(mbs, simulationSettings)
    M, K, D = M.toarray(), K.toarray(), D.toarray()
    nae = C.shape[1]
    extra = []
    N = None
    if nae and (projectIntoConstraintNullspace or returnConstraintJacobian
                or returnConstraintNullspace):
        Cd = C.toarray()
        extra.append(Cd if returnConstraintJacobian else [])
        if projectIntoConstraintNullspace or returnConstraintNullspace:
            N = _nullspace(Cd, singularValuesTolerance)
            extra.append(N if returnConstraintNullspace else [])
    if nae and projectIntoConstraintNullspace:
        return [N @ M @ N.T, N @ K @ N.T, N @ D @ N.T] + extra
    return [M, K, D] + extra


# ------------------------------------------------------------------ accuracy (see docs/linearized.rst)

_U = 2.0 ** -53  # unit round-off of double precision
#: eigenvalues whose estimated relative error (from the round-off of K's and M's entries) is above
#: this are named in an EigenvalueAccuracyWarning
ACCURACY_WARNING_TOLERANCE = 1e-4
#: an eigenvalue whose magnitude is at most this many times its error bound (the bound of
#: EigenvalueErrorEstimates) is numerically zero (rigid-body modes): not warned about
ZERO_FACTOR = 1.0


class EigenvalueAccuracyWarning(UserWarning):
    """Some eigenvalues are not resolved in double precision (see docs/linearized.rst)."""


class _AccurateProduct:
    """y = A X for a sparse A and a block X (n x k), each entry as accurate as if computed in
    twice the working precision and rounded once (Ogita-Rump-Oishi Dot2 per row, in C:
    csrc/linalg/cd_dot2.c). The row sums of K x of a smooth mode cancel to 1e-16 of their
    terms for a 10^4-element cable: in plain double precision x^T K x then loses every
    digit."""

    def __init__(self, A):
        import scipy.sparse as sp
        A = sp.csr_matrix(A)
        A.sum_duplicates()
        self.shape = A.shape
        self.indptr = np.ascontiguousarray(A.indptr, dtype=np.int32)
        self.indices = np.ascontiguousarray(A.indices, dtype=np.int32)
        self.data = np.ascontiguousarray(A.data, dtype=float)

    def __matmul__(self, X):
        from . import _core
        X = np.asarray(X)
        if np.iscomplexobj(X):
            return self @ X.real + 1j * (self @ X.imag)
        return _core.spmm_dot2(self.indptr, self.indices, self.data,
                               np.ascontiguousarray(X, dtype=float))


def _rayleigh_ritz(Kp, Mp, X):
    """Rayleigh-Ritz of K x = lambda M x on span(X) with K X and M X from the accurate
    products: [values, vectors (M-normalized)]"""
    from scipy.linalg import eigh
    KX, MX = Kp @ X, Mp @ X
    Kr, Mr = X.T @ KX, X.T @ MX
    lam, Y = eigh(0.5 * (Kr + Kr.T), 0.5 * (Mr + Mr.T))
    return lam, X @ Y


def _rayleigh_quotients(Kp, Mp, X, chunk=256):
    """each column's Rayleigh quotient from the accurate products (no coupling), and the
    columns M-normalized"""
    lam = np.empty(X.shape[1])
    X = X.copy()
    for a in range(0, X.shape[1], chunk):
        Xa = X[:, a:a + chunk]
        xm = np.einsum("ij,ij->j", Xa, Mp @ Xa)
        lam[a:a + chunk] = np.einsum("ij,ij->j", Xa, Kp @ Xa) / xm
        X[:, a:a + chunk] = Xa / np.sqrt(np.abs(xm))
    return lam, X


def EigenvalueErrorEstimates(K, M, values, vectors, chunk=256):
    """Estimated absolute errors of the eigenvalues lambda_i (values) of K x = lambda M x that
    come from the round-off of the matrices' entries alone (K, M: the scipy.sparse matrices
    of the linearized system, in the coordinates of the vectors; vectors: columns). With
    t_ij = K_ij x_i x_j - lambda M_ij x_i x_j (x = vector i, M-normalized) and u = 2^-53:
    typical = u sqrt(sum t_ij^2) (independent relative errors u in the entries), bound =
    u sum |t_ij| (all of them adding up). Returns [estimate, typical, bound] (arrays), the
    estimate being sqrt(typical * bound): on the ANCF cantilever of 10^3 and 10^4 elements
    it was 30 and 1.1 times the measured error of the first eigenvalue, 2 to 3 times on the
    next three (and 6000 times on another model: it assumes uncorrelated round-off).
    abs(lambda_i) <= ZERO_FACTOR * bound: the eigenvalue is numerically zero (it cannot be
    told from 0 in double precision; rigid-body modes come out as round-off, measured up to
    1.2 times the estimate and 0.17 times the bound)."""
    import scipy.sparse as sp
    from . import _core

    def csr(A):
        A = sp.csr_matrix(A)
        A.sum_duplicates()
        return (np.ascontiguousarray(A.indptr, dtype=np.int32),
                np.ascontiguousarray(A.indices, dtype=np.int32),
                np.ascontiguousarray(A.data, dtype=float), A)
    Kc, Mc = csr(K), csr(M)
    X = np.asarray(vectors)
    lam = np.asarray(values)
    n = X.shape[1]
    typ, bnd = np.empty(n), np.empty(n)
    for a in range(0, n, chunk):
        Xa = X[:, a:a + chunk].real
        xm = np.einsum("ij,ij->j", Xa, Mc[3] @ Xa)
        Xa = np.ascontiguousarray(Xa / np.sqrt(np.where(np.abs(xm) > 0, np.abs(xm), 1.0)))
        l = np.abs(lam[a:a + chunk].real)
        sqK, abK = _core.quadform_terms(*Kc[:3], Xa)   # sum t^2, sum |t| of K_pq x_p x_q
        sqM, abM = _core.quadform_terms(*Mc[:3], Xa)
        typ[a:a + chunk] = _U * np.sqrt(sqK + l * l * sqM)
        bnd[a:a + chunk] = _U * (abK + l * abM)
    return [np.sqrt(typ * bnd), typ, bnd]


def _check_accuracy(K, M, values, vectors, name):
    """warn (EigenvalueAccuracyWarning) about the eigenvalues that are neither numerically zero
    (magnitude at most ZERO_FACTOR times the bound) nor resolved to ACCURACY_WARNING_TOLERANCE
    (estimate relative to the magnitude); a warning also names the numerically zero ones"""
    if not len(values):
        return
    est, typ, bnd = EigenvalueErrorEstimates(K, M, values, vectors)
    lam = np.abs(np.asarray(values))
    zero = lam <= ZERO_FACTOR * bnd
    rel = np.where(zero, 0.0, est / np.where(lam > 0, lam, 1.0))
    bad = np.flatnonzero(rel > ACCURACY_WARNING_TOLERANCE)
    if not bad.size:
        return
    show = bad[:6]
    items = ", ".join(f"{i + 1} (omega^2 = {values[i]:.6g}: ~{rel[i]:.1e}, up to "
                      f"{bnd[i] / lam[i]:.1e})" for i in show)
    more = f" and {bad.size - show.size} more" if bad.size > show.size else ""
    z = np.flatnonzero(zero)[:6]
    zeros = ("; eigenvalues " + ", ".join(f"{i + 1} (omega^2 = {values[i]:.6g}, error bound "
                                         f"{bnd[i]:.2g})" for i in z) +
             " are below their error bound: numerically zero (rigid-body modes, or not "
             "resolved at all)") if z.size else ""
    warnings.warn(
        f"{name}: eigenvalues {items}{more} (numbered from the lowest returned one) are not "
        f"resolved in double precision: the round-off of the stiffness and mass matrices' "
        f"entries alone may change them by about that relative amount (estimate, and bound), "
        f"as x^T K x is a sum of terms up to {bnd[bad[0]] / _U / lam[bad[0]]:.1e} times "
        f"larger than the eigenvalue{zeros}; use fewer (longer) elements or a smaller ratio "
        f"of the stiffnesses (e.g. axial to bending); see docs/linearized.rst, 'Accuracy'",
        EigenvalueAccuracyWarning, stacklevel=3)


def _sort(values, vectors, useAbsoluteValues, count):
    key = np.abs(values) if useAbsoluteValues else values
    idx = np.argsort(key, kind="stable")
    if count > 0:
        idx = idx[:count]
    values = np.abs(values[idx]) if useAbsoluteValues else values[idx]
    return values, vectors[:, idx]


def _complex(M, K, D):
    """Eigenvalues of the first-order form of M q'' + D q' + K q = 0 (Exudyn's layout)."""
    from scipy.linalg import eig
    n = M.shape[0]
    Z = np.zeros((n, n))
    A = np.block([[Z, M], [M, Z]])
    B = np.block([[K, D], [Z, -M]])
    return eig(-np.linalg.solve(A, B))


def _mass_error(M, keep, name, detail):
    """ValueError for a mass matrix that is not positive definite, naming massless coordinates"""
    d = np.abs(M.diagonal())
    zero = [int(keep[i]) for i in np.flatnonzero(d == 0)]
    which = (f"; ODE2 coordinates without mass: {zero[:10]}{' ...' if len(zero) > 10 else ''}"
             if zero else "")
    return ValueError(f"{name}: the mass matrix is not positive definite{which} (for example a "
                      f"beam with crossSectionInertia = 0); give them mass or remove them with "
                      f"constrainedCoordinates ({detail})")


def _eigh(K, M, Msparse, keep, name, symmetric=False):
    from scipy.linalg import LinAlgError, eigh
    if not symmetric:
        K, M = 0.5 * (K + K.T), 0.5 * (M + M.T)
    try:
        return eigh(K, M, overwrite_a=True, overwrite_b=True)
    except LinAlgError as e:
        raise _mass_error(Msparse, keep, name, e) from None


def _eigh_lowest(K, M, Msparse, keep, name, k, useAbsoluteValues, symmetric=False):
    """(values, vectors, scale) of the dense pencil: only the k lowest (LAPACK's subset driver,
    which skips the eigenvectors of the others) when 0 < k < n / 2, else all. The subset is the k
    algebraically lowest; with negative eigenvalues among them it is also the k of smallest
    magnitude only if none of them is larger in magnitude than the k-th: else all are computed.
    scale: the largest magnitude (all computed), 0 when unknown (the subset: every computed
    mode is then refined and checked)"""
    from scipy.linalg import LinAlgError, eigh
    n = K.shape[0]
    if 0 < k < n // 2:
        if not symmetric:
            K, M = 0.5 * (K + K.T), 0.5 * (M + M.T)
        try:
            values, vectors = eigh(K, M, subset_by_index=[0, k - 1])
        except LinAlgError as e:
            raise _mass_error(Msparse, keep, name, e) from None
        if not useAbsoluteValues or values[0] >= 0 or np.abs(values).max() <= values[-1]:
            return values, vectors, 0.0
        symmetric = True
    values, vectors = _eigh(K, M, Msparse, keep, name, symmetric=symmetric)
    return values, vectors, (np.abs(values).max() if values.size else 0.0)


def _sparse_shift(K, M):
    """A shift sigma < 0 below the spectrum's scale: K - sigma M is then positive definite for
    a positive semidefinite K (free bodies, rigid-body modes) and shift-invert finds the lowest
    modes. |sigma| = 1e-12 of the typical omega^2 (median diagonal ratio): far from the
    lowest eigenvalues, the operator's eigenvalues 1 / (omega^2 - sigma) cluster and Lanczos
    needs many restarts (1e-6: 0.48 s instead of 0.03 s, 1e-5: 4 s, 1e-3: no convergence for
    the 1000-element cable; the 10^4-element cable: 1e-10 278 solves in Lanczos, 1e-12 99, 1.5
    and 0.7 s for the call), and the typical omega^2 grows as N^4 for a beam of N elements; a
    closer shift (1e-13: 50 solves) leaves the rigid-body eigenvalues of a free-free cable
    above their error bound (they are then warned about). The accuracy of the elastic modes
    does not depend on it."""
    kd = np.abs(K.diagonal())
    md = np.abs(M.diagonal())
    kd = kd[kd > 0]
    md = md[md > 0]
    if not kd.size or not md.size:
        return -1.0
    return -1e-12 * float(np.median(kd) / np.median(md))


def ComputeODE2Eigenvalues(mbs, simulationSettings=None, useSparseSolver=False,
                           numberOfEigenvalues=0, constrainedCoordinates=[],
                           convert2Frequencies=False, useAbsoluteValues=True,
                           computeComplexEigenvalues=False, ignoreAlgebraicEquations=False,
                           singularValuesTolerance=1e-12, autoAssemble=True):
    """Eigenvalues omega^2 (rad^2/s^2) and eigenvectors (columns, in all ODE2 coordinates) of
    M q'' + K q = 0 at the initial configuration: [eigenValues, eigenVectors], sorted by
    (absolute) value; [frequencies in Hz, eigenVectors] with convert2Frequencies.

    Constraints (unless ignoreAlgebraicEquations): the system is projected onto the null space
    of C_q (dense SVD, as Exudyn) on the dense path; the sparse path solves the constrained
    problem by shift-invert with the sparse saddle-point matrix [K - sigma M, C; C^T, 0] (no
    dense matrix). constrainedCoordinates: coordinates fixed to zero (rows and columns removed;
    not together with constraints unless ignoreAlgebraicEquations). useSparseSolver: the lowest
    numberOfEigenvalues modes by shift-invert Lanczos (scipy.sparse.linalg.eigsh).

    The eigenvalues are refined by Rayleigh quotients (dense) or an inverse-iteration step and
    Rayleigh-Ritz (sparse) with the products K x, M x computed in twice the working precision;
    eigenvalues that the round-off of K's and M's entries leaves unresolved (estimated relative
    error above ACCURACY_WARNING_TOLERANCE, and not numerically zero) are named in an
    EigenvalueAccuracyWarning (docs/linearized.rst, "Accuracy").

    computeComplexEigenvalues: eigenvalues lambda of the damped first-order system
    (lambda^2 M + lambda D + K) q = 0 and eigenvectors [q; lambda q] (with constraints,
    Exudyn's layout: q + lambda q); the sparse path computes the numberOfEigenvalues of
    smallest magnitude by shift-invert Arnoldi (scipy.sparse.linalg.eigs) on the first-order
    form without forming it (and on the constrained pencil), sorted as the dense path sorts."""
    name = "ComputeODE2Eigenvalues"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
    if mbs._core.sizes()["AE"] and not ignoreAlgebraicEquations:
        _check_initial_constraints(mbs, simulationSettings, name)
    _scipy()
    n2 = mbs._core.sizes()["ODE2"]
    nae_total = mbs._core.sizes()["AE"]
    k = int(numberOfEigenvalues)
    if k < 0:
        raise ValueError(f"{name}: numberOfEigenvalues must be >= 0, got {numberOfEigenvalues}")
    cc = [int(i) for i in np.atleast_1d(np.asarray(constrainedCoordinates, dtype=int))]
    if any(i < 0 or i >= n2 for i in cc) or len(set(cc)) != len(cc):
        raise ValueError(f"{name}: constrainedCoordinates must be distinct ODE2 coordinate "
                         f"indices in 0..{n2 - 1}, got {constrainedCoordinates}")
    if nae_total and not ignoreAlgebraicEquations and cc:
        raise ValueError(f"{name}: in case of algebraic equations, either "
                         f"ignoreAlgebraicEquations=True or constrainedCoordinates=[]")
    if computeComplexEigenvalues and convert2Frequencies:
        raise ValueError(f"{name}: in case of computeComplexEigenvalues=True, convert2Frequencies "
                         f"must be False")
    if useSparseSolver and k == 0:
        raise ValueError(f"{name}: useSparseSolver=True computes the lowest numberOfEigenvalues "
                         f"modes: set numberOfEigenvalues (> 0)")
    M, K, D, C = linearized_matrices(mbs, simulationSettings)
    constrained = nae_total > 0 and not ignoreAlgebraicEquations
    keep = np.setdiff1d(np.arange(n2), cc)
    if cc:
        M, K, D = (A[keep][:, keep] for A in (M.tocsr(), K.tocsr(), D.tocsr()))
        M, K, D = M.tocsc(), K.tocsc(), D.tocsc()
    nfree = len(keep)

    def check_count(ndof, what):
        if k > ndof or (useSparseSolver and k >= ndof):
            raise ValueError(f"{name}: numberOfEigenvalues = {k} but the system has {ndof} "
                             f"{what}" + (" (the sparse solver computes at most "
                                          f"{ndof - 1})" if useSparseSolver else ""))

    if computeComplexEigenvalues:
        values, vectors = _complex_modes(M, K, D, C if constrained else None, k, useSparseSolver,
                                         singularValuesTolerance, check_count, name, keep)
        values, vectors = _sort(values, vectors, useAbsoluteValues, k)
        if cc:  # back to all coordinates (both halves [q; q'])
            full = np.zeros((2 * n2, vectors.shape[1]), dtype=vectors.dtype)
            for h in range(2):
                full[h * n2 + keep] = vectors[h * nfree:(h + 1) * nfree]
            vectors = full
        return [values, vectors]

    if not constrained:
        check_count(nfree, "unconstrained coordinates")
        if not useSparseSolver:
            values, vectors, scale = _eigh_lowest(
                (0.5 * (K + K.T)).toarray(), (0.5 * (M + M.T)).toarray(), M, keep, name, k,
                useAbsoluteValues, symmetric=True)
            values, vectors = _pick(values, vectors, useAbsoluteValues, k)
            values, vectors = _refine_dense(K, M, values, vectors, scale)
        else:
            values, vectors = _sparse_lowest(M, K, None, k, name, keep)
            scale = 0.0
    elif not useSparseSolver:
        N = _nullspace(C.toarray(), singularValuesTolerance)
        check_count(N.shape[0], "degrees of freedom after the projection onto the constraints")
        Mn = N @ M.toarray() @ N.T
        Kn = N @ K.toarray() @ N.T
        values, red, scale = _eigh_lowest(Kn, Mn, M, keep, name, k, useAbsoluteValues)
        values, red = _pick(values, red, useAbsoluteValues, k)
        values, vectors = _refine_dense(K, M, values, N.T @ red, scale)
    else:
        values, vectors = _sparse_lowest(M, K, C, k, name, keep)
        scale = 0.0
    low = _low_modes(values, scale)
    _check_accuracy(K, M, values[low], vectors[:, low], name)
    values, vectors = _sort(values, vectors, useAbsoluteValues, k)
    if cc:  # back to all coordinates
        full = np.zeros((n2, vectors.shape[1]))
        full[keep] = vectors
        vectors = full
    if convert2Frequencies:
        return [np.sqrt(values) / (2 * np.pi), vectors]
    return [values, vectors]


def _low_modes(values, scale):
    """the indices of the eigenvalues below 1e-6 of the largest magnitude (scale; 0: all, the
    sparse path). LAPACK's eigh leaves an absolute error of about u max|lambda|, below 1e-10
    relative for the others, and the warning's estimate relative to lambda is about
    u max|lambda| / lambda times a factor of order 1 (|K| against K in the M norm): they need
    neither the refinement nor the check (on the dense path of the 1000-element cable,
    refining and checking the 2400 modes below 1e-3 cost 5 s)"""
    a = np.abs(values)
    return np.flatnonzero(a < 1e-6 * scale) if scale > 0 else np.arange(a.size)


def _refine_dense(K, M, values, vectors, scale):
    """Rayleigh quotients with the accurate products for the low modes (see _low_modes)"""
    low = _low_modes(values, scale)
    if low.size:
        values, vectors = values.copy(), vectors.copy()
        values[low], vectors[:, low] = _rayleigh_quotients(_AccurateProduct(K),
                                                           _AccurateProduct(M), vectors[:, low])
    return values, vectors


def _pick(values, vectors, useAbsoluteValues, k):
    """the k (all if 0) modes that the sort keeps, in their original (signed) values"""
    key = np.abs(values) if useAbsoluteValues else values
    idx = np.argsort(key, kind="stable")
    if k > 0:
        idx = idx[:k]
    return values[idx], vectors[:, idx]


def _factor(A, C, name, what):
    """a sparse LU of A, or of [A, c C; c C^T, 0] with c the median of |diag A| (C's columns
    that are zero, deactivated constraints, dropped): solve(b) -> x (the first rows)"""
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu
    n2 = A.shape[0]
    nae = 0
    if C is not None:
        nzcols = np.flatnonzero(np.asarray(abs(C).sum(axis=0)).ravel() > 0)
        C = C[:, nzcols]
        nae = C.shape[1]
        ad = np.abs(A.diagonal())
        cs = float(np.median(ad[ad > 0])) if np.any(ad > 0) else 1.0
        C = cs * C
        A = sp.bmat([[A, C], [C.T, None]])
    try:
        lu = splu(sp.csc_matrix(A))
    except RuntimeError as e:
        raise ValueError(f"{name}: the matrix {what} is singular (redundant constraints, or "
                         f"coordinates without mass?); use useSparseSolver=False: {e}") from None

    def solve_full(b, bottom=None):
        """[x; mu] of [A, C; C^T, 0] [x; mu] = [b; bottom] (real b, one or more columns)"""
        b = np.asarray(b, dtype=float)
        vec = b.ndim == 1
        b2 = b[:, None] if vec else b
        rhs = np.zeros((n2 + nae, b2.shape[1]))
        rhs[:n2] = b2
        if bottom is not None:
            rhs[n2:] = bottom
        x = lu.solve(rhs)
        return (x[:n2, 0], x[n2:, 0]) if vec else (x[:n2], x[n2:])

    def solve(b):
        return solve_full(b)[0]
    solve.full = solve_full
    return solve, C, nae


def _sparse_lowest(M, K, C, k, name, keep):
    """The lowest k modes of M q'' + K q = 0 (on C^T q = 0 if C is given) without a dense
    matrix: shift-invert Lanczos (eigsh) in the M inner product with the operator v -> x of
    the sparse LU solve (SuperLU) of (K - sigma M) x = v, or with constraints of the
    saddle-point system [K - sigma M, C; C^T, 0] [x; mu] = [v; 0]. That operator is symmetric
    in the M inner product and maps into the constrained subspace; the nae directions it
    annihilates have operator eigenvalue 0 and are never among the largest-magnitude ones.
    sigma < 0 (see _sparse_shift): K - sigma M is positive definite for free bodies too.

    Then one step of block inverse iteration whose solves are refined with residuals from the
    accurate products (K - sigma M) x and, with constraints, C mu and C^T x, and Rayleigh-Ritz
    with accurate K X, M X: Lanczos's own Rayleigh quotients are plain double-precision sums
    that cancel (the 10^4-element cable: 30 % off; after this step the eigenvalues of the
    matrices as stored, to 1e-9)."""
    from scipy.sparse.linalg import ArpackError, LinearOperator, eigsh
    n2 = K.shape[0]
    if C is not None:
        nae = int((np.asarray(abs(C).sum(axis=0)).ravel() > 0).sum())
        if k > n2 - nae or k >= n2:
            raise ValueError(f"{name}: numberOfEigenvalues = {k} but the system has at most "
                             f"{n2 - nae} degrees of freedom ({n2} coordinates, {nae} "
                             f"constraint equations)")
    Ks = (0.5 * (K + K.T)).tocsc()
    Ms = (0.5 * (M + M.T)).tocsc()
    what = "[K - sigma M, C_q^T; C_q, 0]" if C is not None else "K - sigma M"
    sigma = _sparse_shift(Ks, Ms)
    solve, Cs, nae = _factor(Ks - sigma * Ms, C, name, what)
    # that shift can be far below the lowest modes (the 10^4-element cable: -4e8 against
    # omega_1^2 = 12; eigsh took 10 to 70 s): estimate the k-th eigenvalue by three steps of
    # block inverse iteration and move the shift to half of it (never closer to 0 than 1e-6
    # of the first shift, for free bodies whose lowest eigenvalues are 0)
    Xr = np.random.default_rng(0).standard_normal((n2, k))
    for _ in range(3):
        Xr, _r = np.linalg.qr(solve(Ms @ Xr))
    from scipy.linalg import eigh as _deigh
    try:
        rho = _deigh(Xr.T @ (Ks @ Xr), Xr.T @ (Ms @ Xr), eigvals_only=True)
        target = max(0.5 * abs(rho[-1]), 1e-6 * abs(sigma))
    except (np.linalg.LinAlgError, ValueError):
        target = abs(sigma)
    if np.isfinite(target) and target < 0.1 * abs(sigma):
        try:
            solve2, Cs2, nae2 = _factor(Ks + target * Ms, C, name, what)
            solve, Cs, nae, sigma = solve2, Cs2, nae2, -target
        except ValueError:
            pass
    OPinv = LinearOperator((n2, n2), matvec=solve, dtype=float)
    try:
        values, X = eigsh(Ks, k=k, M=Ms, sigma=sigma, which="LM", OPinv=OPinv)
    except ArpackError as e:
        if np.any(Ms.diagonal() == 0):
            raise _mass_error(Ms, keep, name, e) from None
        raise ValueError(f"{name}: the sparse eigensolver failed ({e}); try "
                         f"useSparseSolver=False") from None
    Kp, Mp = _AccurateProduct(K), _AccurateProduct(M)
    B = Mp @ X
    if not nae:
        Z = solve(B)
        for _ in range(2):  # iterative refinement of (K - sigma M) Z = B
            Z = Z + solve(B - (Kp @ Z - sigma * (Mp @ Z)))
    else:  # of [K - sigma M, C; C^T, 0] [Z; mu] = [B; 0]
        Cp, CTp = _AccurateProduct(Cs), _AccurateProduct(Cs.T)
        Z, mu = solve.full(B)
        for _ in range(2):
            dZ, dmu = solve.full(B - (Kp @ Z - sigma * (Mp @ Z)) - Cp @ mu, -(CTp @ Z))
            Z, mu = Z + dZ, mu + dmu
    return _rayleigh_ritz(Kp, Mp, Z)


def _complex_modes(M, K, D, C, k, sparse, svtol, check_count, name, keep):
    """eigenvalues lambda and eigenvectors of (lambda^2 M + lambda D + K) q = 0 (with C^T q = 0
    if C is given): dense, all (Exudyn's first-order form, null-space projection with C), or
    sparse, the k of smallest magnitude (see _sparse_complex)"""
    if not sparse:
        if C is None:
            check_count(K.shape[0], "unconstrained coordinates")
            values, vectors = _complex(M.toarray(), K.toarray(), D.toarray())
            n = K.shape[0]
            values = _refine_complex(M, K, D, values, vectors[:n], np.abs(values).max())
            return values, vectors
        N = _nullspace(C.toarray(), svtol)
        check_count(N.shape[0], "degrees of freedom after the projection onto the constraints")
        values, red = _complex(N @ M.toarray() @ N.T, N @ K.toarray() @ N.T,
                               N @ D.toarray() @ N.T)
        values = _refine_complex(M, K, D, values, N.T @ red[:N.shape[0]],
                                 np.abs(values).max())
        return values, np.block([N.T, N.T]) @ red  # Exudyn's layout (q + lambda q)
    return _sparse_complex(M, K, D, C, k, name, keep)


def _refine_complex(M, K, D, lam, Q, scale=0.0):
    """lambda refined as the root nearest to it of x^H (lambda^2 M + lambda D + K) x = 0 (the
    Rayleigh functional; x = the columns of Q, the coordinate part of the eigenvectors), with
    x^H K x etc. from the accurate products: the eigenvalue of the matrices to the accuracy of
    the vector (quadratically for undamped and gyroscopic systems, where the functional is
    stationary). Only where |lambda| < 1e-3 scale (scale 0: all; eig's absolute error is
    about u max|lambda|)."""
    lam = np.array(lam, dtype=complex)
    a = np.abs(lam)
    idx = np.flatnonzero(a < 1e-3 * scale) if scale > 0 else np.arange(a.size)
    if not idx.size:
        return lam
    X = np.asarray(Q)[:, idx]
    Xr, Xi = np.ascontiguousarray(X.real), np.ascontiguousarray(X.imag)

    def form(A):
        P = _AccurateProduct(A)
        AXr, AXi = P @ Xr, P @ Xi
        return (np.einsum("ij,ij->j", Xr, AXr) + np.einsum("ij,ij->j", Xi, AXi)
                + 1j * (np.einsum("ij,ij->j", Xr, AXi) - np.einsum("ij,ij->j", Xi, AXr)))
    m, d, kk = form(M), form(D), form(K)
    for j, i in enumerate(idx):
        if not abs(m[j]) > 0:
            continue
        r = np.sqrt(d[j] * d[j] - 4 * m[j] * kk[j] + 0j)
        roots = np.array([(-d[j] + r) / (2 * m[j]), (-d[j] - r) / (2 * m[j])])
        best = roots[np.argmin(np.abs(roots - lam[i]))]
        if abs(best - lam[i]) < 1e-2 * max(abs(lam[i]), 1e-300):  # a refinement, not a jump
            lam[i] = best
    return lam


def _sparse_complex(M, K, D, C, k, name, keep):
    """The k eigenvalues of smallest magnitude of (lambda^2 M + lambda D + K) q = 0 (C^T q = 0)
    by shift-invert Arnoldi (eigs) on the first-order pencil A z = lambda E z, z = [x; y],
    A = [0, I; -K, -D] (with the constraint rows), E = diag(I, M), without forming it: with a
    real shift s, (A - s E) z = E w is y = w1 + s x and
    (K + s D + s^2 M) x (+ C mu) = -(M w2 + (D + s M) w1) (C^T x = 0): one sparse LU of
    P(s) = K + s D + s^2 M (or of its saddle-point matrix). The operator's eigenvalues are
    nu = 1 / (lambda - s); the pencil's infinite eigenvalues (the constraints) have nu = 0 and
    the start vector is the operator applied three times to a random vector, which removes
    their (nilpotent) part. s < 0, of the size sqrt(|sigma|) of the symmetric path's shift:
    P(s) is regular for free bodies too. Eigenvectors: [q; lambda q] (2 n), or Exudyn's
    q + lambda q with constraints."""
    from scipy.sparse.linalg import ArpackError, ArpackNoConvergence, LinearOperator, eigs
    n = K.shape[0]
    K, M, D = K.tocsc(), M.tocsc(), D.tocsc()
    nae = 0
    if C is not None:
        nae = int((np.asarray(abs(C).sum(axis=0)).ravel() > 0).sum())
    ndof = n - nae
    if k > 2 * ndof - 2 or k >= 2 * n - 1:
        raise ValueError(f"{name}: numberOfEigenvalues = {k} but the first-order system has "
                         f"{2 * ndof} eigenvalues ({n} coordinates, {nae} constraint "
                         f"equations; the sparse solver computes at most {2 * ndof - 2})")
    s = -np.sqrt(abs(_sparse_shift(0.5 * (K + K.T), 0.5 * (M + M.T))))
    solve, _, _ = _factor((K + s * D + s * s * M).tocsc(), C, name,
                          "K + s D + s^2 M" + (" with C_q" if C is not None else ""))

    def op(w):
        w = np.asarray(w).ravel()
        w1, w2 = w[:n], w[n:]
        x = -solve(M @ w2 + D @ w1 + s * (M @ w1))
        return np.concatenate([x, w1 + s * x])

    OP = LinearOperator((2 * n, 2 * n), matvec=op, dtype=float)
    rng = np.random.default_rng(1)
    v0 = rng.standard_normal(2 * n)
    for _ in range(3):
        v0 = op(v0)
        v0 /= np.linalg.norm(v0)
    kk = min(k, 2 * n - 2)
    try:
        nu, Z = eigs(OP, k=kk, which="LM", v0=v0, ncv=min(2 * n, max(2 * kk + 1, 20)))
    except (ArpackError, ArpackNoConvergence) as e:
        raise ValueError(f"{name}: the sparse eigensolver failed ({e}); try "
                         f"useSparseSolver=False") from None
    lam = s + 1.0 / nu
    # purify (one more application: nu z) and normalize
    Z = np.column_stack([op(Z[:, j].real) + 1j * op(Z[:, j].imag) for j in range(Z.shape[1])])
    Z /= np.linalg.norm(Z, axis=0)
    lam = _refine_complex(M, K, D, lam, Z[:n])
    if C is not None:
        Z = Z[:n] + Z[n:]  # Exudyn's layout for constrained complex modes
    return lam, Z


def ComputeStability(mbs, simulationSettings=None, useSparseSolver=False, numberOfEigenvalues=0,
                     constrainedCoordinates=[], ignoreAlgebraicEquations=False,
                     singularValuesTolerance=1e-12, relativeTolerance=1e-8, autoAssemble=True):
    """Linear stability of the initial configuration (an equilibrium or a steady motion) from
    the complex eigenvalues lambda of (lambda^2 M + lambda D + K) q = 0 (with the constraints),
    coordyn's own (Exudyn has none). Returns a dict:

    - 'stability': 'unstable' if max Re(lambda) > tol, 'stable' if max Re(lambda) < -tol,
      else 'marginal' (undamped oscillations, rigid-body modes: lambda = 0 counts as marginal
      although a free body drifts), with tol = relativeTolerance * max abs(lambda) of the
      computed eigenvalues;
    - 'maxRealPart': max Re(lambda); 'eigenvalue': that lambda; 'mode': its eigenvector (the
      layout of ComputeODE2Eigenvalues(computeComplexEigenvalues=True));
    - 'tolerance': tol; 'eigenValues': the computed eigenvalues, sorted by magnitude.

    Dense (default): all eigenvalues. useSparseSolver=True: the numberOfEigenvalues of smallest
    magnitude only (shift-invert Arnoldi): the judgement covers those modes only (an
    instability among the fast modes is not seen), and tol is relative to them."""
    name = "ComputeStability"
    if not relativeTolerance >= 0:
        raise ValueError(f"{name}: relativeTolerance must be >= 0, got {relativeTolerance}")
    values, vectors = ComputeODE2Eigenvalues(
        mbs, simulationSettings, useSparseSolver=useSparseSolver,
        numberOfEigenvalues=numberOfEigenvalues, constrainedCoordinates=constrainedCoordinates,
        useAbsoluteValues=False, computeComplexEigenvalues=True,
        ignoreAlgebraicEquations=ignoreAlgebraicEquations,
        singularValuesTolerance=singularValuesTolerance, autoAssemble=autoAssemble)
    values = np.asarray(values, dtype=complex)
    if not values.size:
        raise ValueError(f"{name}: the system has no degrees of freedom")
    order = np.argsort(np.abs(values), kind="stable")
    values, vectors = values[order], vectors[:, order]
    i = int(np.argmax(values.real))
    tol = float(relativeTolerance * np.abs(values).max())
    re = float(values[i].real)
    stability = "unstable" if re > tol else ("stable" if re < -tol else "marginal")
    return {"stability": stability, "maxRealPart": re, "eigenvalue": complex(values[i]),
            "mode": vectors[:, i], "tolerance": tol, "eigenValues": values}


def ComputeBucklingLoads(mbs, simulationSettings=None, numberOfBucklingLoads=4,
                         singularValuesTolerance=1e-12, geometricStiffnessTolerance=1e-10,
                         autoAssemble=True):
    """Linear buckling about the static equilibrium under the model's loads (the reference
    load pattern, load factor 1): the critical load factors lambda_i with
    det(K_0 + lambda_i G) = 0 and their mode shapes. coordyn's own function (Exudyn has none).

    K_0 is the tangent stiffness at the initial configuration (the unloaded reference: initial
    coordinates, zero multipliers); the static solve (mbs.SolveStatic with simulationSettings,
    its load steps and tolerances) gives the equilibrium under the reference loads, where the
    tangent is K_1; G = K_1 - K_0 is the geometric stiffness of the reference load (the stresses
    and constraint forces it causes; the change of the material stiffness with the small
    pre-buckling displacements is of second order). With constraints both are projected onto the
    null space of the constraint Jacobian at the reference (dense SVD, singularValuesTolerance).
    The problem -G phi = nu K_0 phi (K_0 positive definite on that null space) gives
    lambda = 1 / nu; the numberOfBucklingLoads smallest positive factors are returned, ascending,
    as [loadFactors, modes] with the modes (columns) in all ODE2 coordinates, normalized to a
    largest entry of 1. The system is left in the loaded equilibrium (its current state).

    Errors: a reference load that produces no geometric stiffness (max abs G below
    geometricStiffnessTolerance times max abs K_0), a stiffness K_0 that is not positive definite on
    the constraints' null space (a mechanism: nothing resists some motion), no positive
    critical factor (the load stiffens the structure), more loads asked than degrees of
    freedom."""
    name = "ComputeBucklingLoads"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
    from scipy.linalg import eigh
    _, K0, _, C0 = linearized_matrices(mbs, simulationSettings, ConfigurationType.Initial)
    mbs.SolveStatic(simulationSettings)
    _, K1, _, _ = linearized_matrices(mbs, simulationSettings, ConfigurationType.Current)
    K0, G = K0.toarray(), K1.toarray() - K0.toarray()
    n2 = K0.shape[0]
    N = _nullspace(C0.toarray(), singularValuesTolerance) if C0.shape[1] else np.eye(n2)
    ndof = N.shape[0]
    if not (0 < numberOfBucklingLoads <= ndof) or numberOfBucklingLoads != int(
            numberOfBucklingLoads):
        raise ValueError(f"{name}: numberOfBucklingLoads must be an integer in 1 .. {ndof} (the "
                         f"degrees of freedom), got {numberOfBucklingLoads!r}")
    K0r = N @ (0.5 * (K0 + K0.T)) @ N.T
    Gr = N @ (0.5 * (G + G.T)) @ N.T
    scale = np.abs(K0r).max() if K0r.size else 0.0
    if not np.abs(Gr).max() > geometricStiffnessTolerance * scale:
        raise ValueError(f"{name}: the reference load produces no geometric stiffness (|G| = "
                         f"{np.abs(Gr).max():.3g}, |K_0| = {scale:.3g}): it does not compress "
                         f"or stress the structure, so it has no buckling load")
    try:
        nu, phi = eigh(-Gr, K0r)
    except np.linalg.LinAlgError:
        raise ValueError(f"{name}: the stiffness at the reference is not positive definite on "
                         f"the constraints' null space (a mechanism, or too few constraints): "
                         f"linear buckling needs a stable unloaded structure") from None
    pos = nu > 1e-12 * np.abs(nu).max()
    if not pos.any():
        raise ValueError(f"{name}: no positive critical load factor: the reference load "
                         f"stiffens the structure (tension); reverse it to find buckling loads")
    order = np.argsort(-nu[pos])[:int(numberOfBucklingLoads)]
    factors = 1.0 / nu[pos][order]
    modes = N.T @ phi[:, pos][:, order]
    modes = modes / np.abs(modes).max(axis=0)
    return [factors, modes]


def install(cls):
    """Attach the functions to MainSystem as methods (as Exudyn's mainSystemExtensions)."""
    cls.ComputeLinearizedSystem = ComputeLinearizedSystem
    cls.ComputeODE2Eigenvalues = ComputeODE2Eigenvalues
    cls.ComputeBucklingLoads = ComputeBucklingLoads
    cls.ComputeStability = ComputeStability
