"""Linearized analysis: mbs.ComputeLinearizedSystem and mbs.ComputeODE2Eigenvalues with Exudyn
1.13's arguments and return values (see docs/linearized.rst).

The matrices come from the C core (cd_linearize): M, K = d r2/dq (the tangent of -f plus the
constraints' geometric stiffness d(C_q^T lambda)/dq at the multipliers of the state), D = d r2/dq'
and C = C_q^T (n2 x nae), at the initial configuration (initial coordinates, velocities and
initial multipliers), as Exudyn does. Eigenvalues are omega^2 of M q'' + K q = 0."""
import warnings

import numpy as np

from .items import ConfigurationType

__all__ = ["ComputeLinearizedSystem", "ComputeODE2Eigenvalues", "ComputeBucklingLoads"]


def _scipy():
    try:
        import scipy.linalg  # noqa: F401
        import scipy.sparse  # noqa: F401
        import scipy.sparse.linalg  # noqa: F401
    except ImportError as e:  # pragma: no cover - scipy is a dependency of the package
        raise ImportError("linearized analysis needs scipy (pip install scipy)") from e
    import scipy
    return scipy


def _prepare(mbs, simulationSettings, autoAssemble, name):
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
                      f"this, call mbs.Assemble() first", UserWarning, stacklevel=3)
        mbs.Assemble()
    if mbs._core.sizes()["ODE1"]:
        warnings.warn(f"{name}: the ODE1 coordinates (first-order equations) are not part of "
                      f"the linearized ODE2 system: results may be wrong where they couple to "
                      f"it", UserWarning, stacklevel=3)
    return simulationSettings


def linearized_matrices(mbs, simulationSettings=None, configuration=ConfigurationType.Initial):
    """The sparse matrices [M, K, D, C] (scipy.sparse CSC) of the linearized system at the
    initial (default) or current configuration: M (n2 x n2), K = d r2/dq, D = d r2/dq' and
    C = C_q^T (n2 x nae), assembled in the C core. The system must be assembled."""
    sp = _scipy().sparse
    from .settings import SimulationSettings
    s = simulationSettings if simulationSettings is not None else SimulationSettings()
    nd = s.staticSolver.newton.numericalDifferentiation
    raw = mbs._core.linearized(int(ConfigurationType(configuration)), bool(nd.forODE2),
                               float(nd.relativeEpsilon), float(nd.minimumCoordinateSize))
    return [sp.csc_matrix((x, ri, cp), shape=shape) for (x, ri, cp, shape) in raw]


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


def _eigh(K, M, Msparse, keep, name):
    from scipy.linalg import LinAlgError, eigh
    try:
        return eigh(0.5 * (K + K.T), 0.5 * (M + M.T))
    except LinAlgError as e:
        raise _mass_error(Msparse, keep, name, e) from None


def _sparse_shift(K, M):
    """A shift sigma < 0 below the spectrum's scale: K - sigma M is then positive definite for
    a positive semidefinite K (free bodies, rigid-body modes) and shift-invert finds the lowest
    modes. |sigma| = 1e-10 of the typical omega^2 (median diagonal ratio): far from the
    lowest eigenvalues, the operator's eigenvalues 1 / (omega^2 - sigma) cluster and Lanczos
    needs many restarts (1e-6: 0.48 s instead of 0.03 s, 1e-5: 4 s, 1e-3: no convergence for
    the 1000-element cable); the accuracy does not depend on it (1e-5 relative on its first
    mode for every shift from 0 to 1e-5, the floating-point limit of that model)."""
    kd = np.abs(K.diagonal())
    md = np.abs(M.diagonal())
    kd = kd[kd > 0]
    md = md[md > 0]
    if not kd.size or not md.size:
        return -1.0
    return -1e-10 * float(np.median(kd) / np.median(md))


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
    computeComplexEigenvalues: eigenvalues of the damped first-order system (dense only)."""
    name = "ComputeODE2Eigenvalues"
    simulationSettings = _prepare(mbs, simulationSettings, autoAssemble, name)
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
    if computeComplexEigenvalues and useSparseSolver:
        raise ValueError(f"{name}: computeComplexEigenvalues must be False with the sparse "
                         f"solver")
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

    if not constrained:
        check_count(nfree, "unconstrained coordinates")
        if not useSparseSolver:
            Md, Kd = M.toarray(), K.toarray()
            if computeComplexEigenvalues:
                values, vectors = _complex(Md, Kd, D.toarray())
            else:
                values, vectors = _eigh(Kd, Md, M, keep, name)
        else:
            values, vectors = _sparse_lowest(M, K, None, k, name, keep)
        values, vectors = _sort(values, vectors, useAbsoluteValues, k)
        if cc:  # back to all coordinates (both halves [q; q'] of complex eigenvectors)
            halves = 2 if computeComplexEigenvalues else 1
            full = np.zeros((halves * n2, vectors.shape[1]), dtype=vectors.dtype)
            for h in range(halves):
                full[h * n2 + keep] = vectors[h * nfree:(h + 1) * nfree]
            vectors = full
    elif not useSparseSolver:
        Cd = C.toarray()
        N = _nullspace(Cd, singularValuesTolerance)
        check_count(N.shape[0], "degrees of freedom after the projection onto the constraints")
        Mn = N @ M.toarray() @ N.T
        Kn = N @ K.toarray() @ N.T
        if computeComplexEigenvalues:
            values, red = _complex(Mn, Kn, N @ D.toarray() @ N.T)
            values, red = _sort(values, red, useAbsoluteValues, k)
            vectors = np.block([N.T, N.T]) @ red
        else:
            values, red = _eigh(Kn, Mn, M, keep, name)
            values, red = _sort(values, red, useAbsoluteValues, k)
            vectors = N.T @ red
    else:
        values, vectors = _sparse_lowest(M, K, C, k, name, keep)
        values, vectors = _sort(values, vectors, useAbsoluteValues, k)
    if convert2Frequencies:
        return [np.sqrt(values) / (2 * np.pi), vectors]
    return [values, vectors]


def _sparse_lowest(M, K, C, k, name, keep):
    """The lowest k modes of M q'' + K q = 0 (on C^T q = 0 if C is given) without a dense
    matrix: shift-invert Lanczos (eigsh) in the M inner product with the operator v -> x of
    the sparse LU solve (SuperLU) of (K - sigma M) x = v, or with constraints of the
    saddle-point system [K - sigma M, C; C^T, 0] [x; mu] = [v; 0]. That operator is symmetric
    in the M inner product and maps into the constrained subspace; the nae directions it
    annihilates have operator eigenvalue 0 and are never among the largest-magnitude ones.
    sigma < 0 (see _sparse_shift): K - sigma M is positive definite for free bodies too."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import LinearOperator, eigsh, splu
    n2 = K.shape[0]
    nae = 0
    if C is not None:
        # nonzero columns only: deactivated constraints (all-zero columns) constrain nothing
        nzcols = np.flatnonzero(np.asarray(abs(C).sum(axis=0)).ravel() > 0)
        C = C[:, nzcols]
        nae = C.shape[1]
        if k > n2 - nae or k >= n2:
            raise ValueError(f"{name}: numberOfEigenvalues = {k} but the system has at most "
                             f"{n2 - nae} degrees of freedom ({n2} coordinates, {nae} "
                             f"constraint equations)")
    Ks = (0.5 * (K + K.T)).tocsc()
    Ms = (0.5 * (M + M.T)).tocsc()
    kd = np.abs(Ks.diagonal())
    # C scaled to the size of K's entries: the same x, better pivots in the saddle-point LU
    cs = float(np.median(kd[kd > 0])) if np.any(kd > 0) else 1.0
    lu = None
    for sigma in (_sparse_shift(Ks, Ms),):
        A = Ks - sigma * Ms
        if nae:
            A = sp.bmat([[A, cs * C], [cs * C.T, None]])
        try:
            lu = splu(A.tocsc())
            break
        except RuntimeError as e:
            err = e
    if lu is None:
        raise ValueError(f"{name}: the matrix " + ("[K - sigma M, C_q^T; C_q, 0]" if nae else
                         "K - sigma M") + f" is singular also for sigma = {sigma:.3g} "
                         f"(redundant constraints, or coordinates without mass?); use "
                         f"useSparseSolver=False: {err}")

    def op(v):
        rhs = np.zeros(n2 + nae)
        rhs[:n2] = np.ravel(v)
        return lu.solve(rhs)[:n2]

    OPinv = LinearOperator((n2, n2), matvec=op, dtype=float)
    from scipy.sparse.linalg import ArpackError
    try:
        return eigsh(Ks, k=k, M=Ms, sigma=sigma, which="LM", OPinv=OPinv)
    except ArpackError as e:
        if np.any(Ms.diagonal() == 0):
            raise _mass_error(Ms, keep, name, e) from None
        raise ValueError(f"{name}: the sparse eigensolver failed ({e}); try "
                         f"useSparseSolver=False") from None


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
