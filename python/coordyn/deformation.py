"""Analysis of models built from deformation elements (the seed's SPACAR line; see
docs/deformation_elements.rst): the degree-of-freedom count (mbs.ComputeDeformationDegreesOfFreedom)
and the kinematic analysis of kinematically determined models (mbs.SolveKinematics: positions,
velocities, accelerations from the prescribed input motion, and the multipliers of the inverse
dynamics).

Both work on any model: the deformation elements' modes are read from their parameters, every
other algebraic equation (joints, coordinate constraints, the Euler-parameter norm of nodes)
counts as a constraint, and the kinematic analysis solves all algebraic equations of the system
with the engine's own residuals and Jacobians (coordyn._core.kinematic_eval)."""
import numpy as np

from .items import ConfigurationType

__all__ = ["DEFORMATION_ELEMENTS", "DeformationDegreesOfFreedom",
           "ComputeDeformationDegreesOfFreedom", "KinematicsResult", "SolveKinematics"]

# the deformation element types and their number of deformations
DEFORMATION_ELEMENTS = {"DeformationTruss2D": 1, "DeformationBeam2D": 3, "DeformationHinge2D": 1,
                        "DeformationTruss": 1, "DeformationBeam": 6, "DeformationHinge": 3}
MODES = ("elastic", "rigid", "prescribed")


def element_modes(type_name, modes):
    """the list of modes of a deformation element from its deformationModes parameter"""
    ne = DEFORMATION_ELEMENTS[type_name]
    words = str(modes).replace(",", " ").split()
    return words if words else ["elastic"] * ne


class DeformationDegreesOfFreedom:
    """The seed's degree-of-freedom count of a model (attributes, and a printable summary):

    - coordinates: ODE2 coordinates of the nodes;
    - constraints: algebraic equations other than the deformation elements' (joints,
      coordinate constraints, node-owned equations such as the Euler-parameter norm);
    - rigid, prescribed, elastic: the deformation elements' deformations by mode;
    - degreesOfFreedom = coordinates - constraints - rigid - prescribed: the kinematic degrees
      of freedom, the coordinates the elastic deformations and the free mechanism motion leave
      (the dynamic degrees of freedom of the model);
    - mechanismDegreesOfFreedom = degreesOfFreedom - elastic: what remains with every elastic
      deformation made rigid (0: kinematically determined by the prescribed inputs; > 0: a
      mechanism with free motion; < 0: statically indeterminate, the elastic deformations are
      not independent);
    - redundantEquations: algebraic equations that are linearly dependent at the initial
      configuration (rank deficiency of the constraint Jacobian; None if not computed). The
      counts above do not subtract them: with redundant equations the true number of degrees of
      freedom is degreesOfFreedom + redundantEquations."""

    def __init__(self, coordinates, constraints, rigid, prescribed, elastic, elements,
                 redundantEquations=None):
        self.coordinates = coordinates
        self.constraints = constraints
        self.rigid = rigid
        self.prescribed = prescribed
        self.elastic = elastic
        self.elements = elements
        self.degreesOfFreedom = coordinates - constraints - rigid - prescribed
        self.mechanismDegreesOfFreedom = self.degreesOfFreedom - elastic
        self.redundantEquations = redundantEquations

    def AsDict(self):
        return {k: getattr(self, k) for k in (
            "coordinates", "constraints", "rigid", "prescribed", "elastic", "elements",
            "degreesOfFreedom", "mechanismDegreesOfFreedom", "redundantEquations")}

    def __getitem__(self, key):
        return self.AsDict()[key]

    def __str__(self):
        lines = [
            "degrees of freedom of the model:",
            f"  coordinates                          {self.coordinates:6d}",
            f"  constraints (joints, nodes)          {self.constraints:6d}",
            f"  deformation elements                 {self.elements:6d}",
            f"  rigid deformations                   {self.rigid:6d}",
            f"  prescribed deformations (inputs)     {self.prescribed:6d}",
            f"  elastic deformations                 {self.elastic:6d}",
            f"  degrees of freedom                   {self.degreesOfFreedom:6d}"
            "   (coordinates - constraints - rigid - prescribed)",
            f"  mechanism degrees of freedom         {self.mechanismDegreesOfFreedom:6d}"
            "   (with the elastic deformations rigid)"]
        if self.redundantEquations is not None:
            lines.append(f"  redundant algebraic equations        {self.redundantEquations:6d}"
                         "   (at the initial configuration)")
        return "\n".join(lines)

    def __repr__(self):
        return f"DeformationDegreesOfFreedom({self.AsDict()})"


def ComputeDeformationDegreesOfFreedom(mbs, verbose=False, computeRedundancy=True):
    """The degree-of-freedom count of the model (DeformationDegreesOfFreedom): coordinates,
    constraints, rigid, prescribed and elastic deformations, and the degrees of freedom
    coordinates - constraints - rigid - prescribed. The system must be assembled.
    computeRedundancy: also the rank deficiency of the constraint Jacobian at the initial
    configuration (dense SVD). verbose: print the summary."""
    from .system import MainSystem, SolverError
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"ComputeDeformationDegreesOfFreedom: expected a coordyn.MainSystem, got "
                        f"{type(mbs).__name__}")
    sizes = mbs._core.sizes()
    if not sizes["assembled"]:
        raise SolverError("ComputeDeformationDegreesOfFreedom: the system is not assembled: call "
                          "mbs.Assemble()")
    counts = dict(rigid=0, prescribed=0, elastic=0)
    elements = 0
    for o in range(mbs.NumberOfObjects()):
        d = mbs.GetObject(o)
        if d["objectType"] not in DEFORMATION_ELEMENTS:
            continue
        elements += 1
        for m in element_modes(d["objectType"], d["deformationModes"]):
            counts[m] += 1
    nae = sizes["AE"]
    constraints = nae - counts["rigid"] - counts["prescribed"]
    redundant = None
    if computeRedundancy:
        redundant = 0
        if nae:
            from .linearized import linearized_matrices
            C = linearized_matrices(mbs)[3].toarray()
            sv = np.linalg.svd(C, compute_uv=False)
            tol = 1e-10 * (sv.max() if sv.size and sv.max() > 0 else 1.0)
            redundant = int(nae - (sv > tol).sum())
    r = DeformationDegreesOfFreedom(sizes["ODE2"], constraints, counts["rigid"],
                                    counts["prescribed"], counts["elastic"], elements, redundant)
    if verbose:
        print(r)
    return r


class KinematicsResult:
    """The result of SolveKinematics: arrays with one row per time,
    times (nt), coordinates, coordinates_t, coordinates_tt (nt x n2: ODE2 displacement
    coordinates as GetODE2Coordinates, their velocities and accelerations), multipliers
    (nt x nae: the inverse dynamics' Lagrange multipliers, i.e. the stress resultants of rigid
    and prescribed deformations and the forces of the other constraints; None if not computed)
    and newtonIterations (nt)."""

    def __init__(self, times, q, v, a, lam, iterations):
        self.times = times
        self.coordinates = q
        self.coordinates_t = v
        self.coordinates_tt = a
        self.multipliers = lam
        self.newtonIterations = iterations

    def __getitem__(self, key):
        return getattr(self, key)


def _solve(A, b):
    """least-squares solution of A x = b (exact for a square, regular A)"""
    return np.linalg.lstsq(A, b, rcond=None)[0]


def SolveKinematics(mbs, times, tolerance=1e-10, maxIterations=25, inverseDynamics=True,
                    timeStep=1e-4):
    """The kinematic analysis of a kinematically determined model (no degree of freedom once
    the prescribed deformations and other drivers are given): at each of the times, the
    positions from the algebraic equations g(q, t) = 0 (Newton, starting at the initial
    coordinates, then from the previous time's extrapolation), the velocities from
    C_q v = -g_t (the velocity-level equations, linear in v), the accelerations from
    C_q a = -(C_q v)_q v - 2 (C_q)_t v - g_tt (the derivative of the velocity-level equations
    along the motion: their Jacobian times v, and their explicit time derivative by central
    differences over timeStep), and with inverseDynamics the
    multipliers from the equations of motion with those accelerations,
    C_q^T lambda = f - M a (least squares; exact for a kinematically determined model).

    tolerance: on max(abs(g)) relative to max(1, the largest coordinate). Returns a
    KinematicsResult; the system's current state is left at the last time. Raises ValueError
    if the model is not kinematically determined (the constraint Jacobian at the initial
    configuration is not square and regular: name the degrees of freedom with
    ComputeDeformationDegreesOfFreedom), SolverError if Newton does not converge."""
    from .system import MainSystem, SolverError
    name = "SolveKinematics"
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"{name}: expected a coordyn.MainSystem, got {type(mbs).__name__}")
    sizes = mbs._core.sizes()
    if not sizes["assembled"]:
        raise SolverError(f"{name}: the system is not assembled: call mbs.Assemble()")
    from .linearized import refuse_algebraic_variables
    refuse_algebraic_variables(mbs, name)
    times = np.atleast_1d(np.asarray(times, dtype=float))
    n2, nae = sizes["ODE2"], sizes["AE"]
    core, sd = mbs._core, mbs.systemData
    qref = sd.GetODE2Coordinates(ConfigurationType.Reference)
    q = np.array(sd.GetODE2Coordinates(ConfigurationType.Initial), dtype=float)
    zeros2, zerosa = np.zeros(n2), np.zeros(nae)

    def evaluate(q, v, a, t, index2, lam=None):
        sd.SetODE2Coordinates(q)
        sd.SetODE2Coordinates_t(v)
        sd.SetODE2Coordinates_tt(a)
        if nae:
            sd.SetAECoordinates(zerosa if lam is None else lam)
        return core.kinematic_eval(bool(index2), float(t))

    ev = evaluate(q, zeros2, zeros2, times[0] if times.size else 0.0, False)
    if nae != n2 or np.linalg.matrix_rank(ev["Gq"]) < n2:
        dof = ComputeDeformationDegreesOfFreedom(mbs, computeRedundancy=False)
        raise ValueError(f"{name}: the model is not kinematically determined: {n2} coordinates "
                         f"and {nae} algebraic equations, constraint Jacobian of rank "
                         f"{np.linalg.matrix_rank(ev['Gq'])} (degrees of freedom "
                         f"{dof.degreesOfFreedom}, of which {dof.elastic} elastic "
                         f"deformations): prescribe the inputs or make deformations rigid")
    nt = times.size
    Q, V, A = np.zeros((nt, n2)), np.zeros((nt, n2)), np.zeros((nt, n2))
    L = np.zeros((nt, nae)) if inverseDynamics else None
    its = np.zeros(nt, dtype=int)
    v = np.zeros(n2)
    a = np.zeros(n2)
    for k, t in enumerate(times):
        if k > 0:  # predictor
            dt = t - times[k - 1]
            q = q + dt * v + 0.5 * dt * dt * a
        scale = max(1.0, float(np.abs(qref + q).max()) if n2 else 1.0)
        for it in range(maxIterations + 1):
            ev = evaluate(q, zeros2, zeros2, t, False)
            g = ev["r"][n2:]
            if np.abs(g).max() <= tolerance * scale:
                break
            if it == maxIterations:
                raise SolverError(f"{name}: Newton did not converge at t = {t:.10g} in "
                                  f"{maxIterations} iterations (largest |g| = "
                                  f"{np.abs(g).max():.3g}); a singular position of the "
                                  f"mechanism, or time points too far apart")
            q = q - _solve(ev["Gq"], g)
        its[k] = it
        # velocities: g2(q, v, t) = Gv v + g2(q, 0, t) = 0
        ev = evaluate(q, zeros2, zeros2, t, True)
        v = _solve(ev["Gv"], -ev["r"][n2:])
        # accelerations: Gv a = -d/ds g2(q + s v, v, t + s) at s = 0 = -(dg2/dq v + dg2/dt),
        # dg2/dq (the Jacobian of the velocity-level equations) at (q, v), dg2/dt by central
        # differences in time (exactly 0 for equations that do not depend on time)
        ev = evaluate(q, v, zeros2, t, True)
        h = timeStep * max(1.0, abs(t))
        gp = evaluate(q, v, zeros2, t + h, True)["r"][n2:]
        gm = evaluate(q, v, zeros2, t - h, True)["r"][n2:]
        a = _solve(ev["Gv"], -(ev["Gq"] @ v + (gp - gm) / (2 * h)))
        Q[k], V[k], A[k] = q, v, a
        if inverseDynamics:
            # M a + r2(lambda = 0) - f = -C_q^T lambda
            ev = evaluate(q, v, a, t, False)
            L[k] = _solve(ev["Cq"].T, -ev["r"][:n2]) if nae else zerosa
    # leave the state at the last time, with its multipliers
    if nt:
        sd.SetODE2Coordinates(Q[-1])
        sd.SetODE2Coordinates_t(V[-1])
        sd.SetODE2Coordinates_tt(A[-1])
        if nae:
            sd.SetAECoordinates(L[-1] if inverseDynamics else zerosa)
    return KinematicsResult(times, Q, V, A, L, its)


def install(cls):
    """Attach the functions to MainSystem as methods."""
    cls.ComputeDeformationDegreesOfFreedom = ComputeDeformationDegreesOfFreedom
    cls.SolveKinematics = SolveKinematics
