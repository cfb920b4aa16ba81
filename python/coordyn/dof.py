"""Degrees of freedom and redundant constraints: mbs.ComputeSystemDegreeOfFreedom with Exudyn
1.13's arguments and dictionary, and mbs.ComputeDegreeOfFreedomReport, a richer report (see
docs/degrees_of_freedom.rst).

The ranks come from the C core (csrc/analysis/cd_dof.c): the multiplier columns of the Newton
matrix, C_all = [C_q^T; 0; C_lambda] (C_lambda: the trivial rows lambda_j = 0 of unconstrained
axes and deactivated connectors). Dense path (small models): LAPACK's column-pivoted QR
(dgeqp3; tolerance of numpy.linalg.matrix_rank) or, with useSVD=True, its singular values
(dgesdd) against the absolute threshold, as Exudyn 1.13 does. Sparse path (large models,
csrc/analysis/cd_sprank.c): a sparse QR by Givens rotations that leaves dependent equations
out. The choice
is automatic by the number of algebraic equations (method="auto"; "dense" or "sparse" force
one):

    redundantConstraints = nAE - rank(C_all),  nPureAE = rank(C_lambda),
    degreeOfFreedom = nODE2 - (nAE - nPureAE) + redundantConstraints."""
import math
import numbers
import warnings

import numpy as np

from . import _core
from .items import ConfigurationType
from .system import SolverError

__all__ = ["ComputeSystemDegreeOfFreedom", "ComputeDegreeOfFreedomReport",
           "DegreeOfFreedomReport"]

from ._state import _NODE, _OBJECT  # noqa: E402

_FRAME6 = ("translation x", "translation y", "translation z",
           "rotation about x", "rotation about y", "rotation about z")
# the meaning of each algebraic row, where the item type has one
_AXES = {
    "JointGeneric": _FRAME6, "JointRevoluteZ": _FRAME6, "JointPrismaticX": _FRAME6,
    "JointSpherical": _FRAME6[:3], "JointRevolute2D": ("translation x", "translation y"),
    "ConnectorDistance": ("distance",), "ConnectorCoordinate": ("coordinate",),
    "RigidBodyEP": ("Euler parameter norm",),
}


# the rank computation: automatic by size, or forced (cd_dofmethod in csrc/analysis/cd_dof.h)
METHODS = {"auto": 0, "dense": 1, "sparse": 2}
# the automatic choice: the dense path up to this many algebraic equations (QR, SVD)
DENSE_MAX_NAE = _core.DOF_DENSE_MAX_NAE
SVD_MAX_NAE = _core.DOF_SVD_MAX_NAE


def _check_args(mbs, simulationSettings, threshold, name, autoAssemble, method):
    from .linearized import _system_ready
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"{name}: threshold must be a real number, got "
                        f"{type(threshold).__name__}")
    if not math.isfinite(threshold) or threshold < 0:
        raise ValueError(f"{name}: threshold must be a finite number >= 0, got {threshold!r}")
    if not isinstance(method, str):
        raise TypeError(f"{name}: method must be one of 'auto', 'dense', 'sparse', got "
                        f"{type(method).__name__}")
    if method not in METHODS:
        raise ValueError(f"{name}: method must be one of 'auto', 'dense', 'sparse', got "
                         f"{method!r}")
    return _system_ready(mbs, simulationSettings, autoAssemble, name, stacklevel=5)


def _raw(mbs, simulationSettings, configuration, useSVD, threshold, method="auto"):
    nd = simulationSettings.staticSolver.newton.numericalDifferentiation
    return mbs._core.dof(int(configuration), bool(nd.forODE2), float(nd.relativeEpsilon),
                         float(nd.minimumCoordinateSize), bool(useSVD), float(threshold),
                         METHODS[method])


def _warn_no_svd(name, raw, method):
    """useSVD=True on the sparse path: say that no singular values were computed"""
    why = ("method='sparse'" if method == "sparse" else
           f"the system has {raw['nAE']} algebraic equations, more than SVD_MAX_NAE = "
           f"{SVD_MAX_NAE} (the dense SVD's limit)")
    warnings.warn(f"{name}: useSVD=True but {why}: the ranks come from the sparse QR "
                  f"(no singular values; threshold is a lower bound of its tolerance)",
                  UserWarning, stacklevel=3)


# joints whose free axis is a trivial row lambda = 0 here but has no equation in Exudyn
# (ObjectJointRevoluteZ and ObjectJointPrismaticX: 6 rows here, 5 in Exudyn)
_EXTRA_TRIVIAL_ROW = ("ObjectJointRevoluteZ", "ObjectJointPrismaticX")


def _extra_rows(mbs):
    core = mbs._core
    return sum(1 for i in range(core.count(_OBJECT))
               if core.get(_OBJECT, i)["itemType"] in _EXTRA_TRIVIAL_ROW)


def _counts(raw, extra):
    """Exudyn's counts; extra: trivial rows Exudyn does not have (a trivial row is always
    independent, so it adds one to nAE, to rank C_all and to nPureAE: the redundant count and
    the degree of freedom do not depend on it)"""
    nae = raw["nAE"] - extra
    redundant = min(nae, raw["nAE"] - raw["rankAll"])  # the min: thresholds above 1 (SVD)
    pure = max(0, raw["rankAE"] - extra)
    return {"degreeOfFreedom": raw["nODE2"] - (nae - pure) + redundant,
            "redundantConstraints": redundant, "nODE2": raw["nODE2"], "nODE1": raw["nODE1"],
            "nAE": nae, "nPureAE": pure}


def ComputeSystemDegreeOfFreedom(mbs, simulationSettings=None, threshold=1e-12, verbose=False,
                                 useSVD=False, autoAssemble=True, method="auto"):
    """The system's degree of freedom at the initial configuration, counting redundant
    constraints numerically (Exudyn 1.13's mbs.ComputeSystemDegreeOfFreedom).

    Args:
        simulationSettings: numerical differentiation settings (staticSolver.newton)
        threshold: absolute bound of the singular values counted as zero (useSVD=True only;
            the QR path uses numpy.linalg.matrix_rank's relative tolerance, as Exudyn)
        verbose: print the counts (and with useSVD the singular values)
        useSVD: singular values (LAPACK dgesdd) instead of column-pivoted QR (dgeqp3), on the
            dense path (up to SVD_MAX_NAE equations; above, a warning and the sparse QR)
        autoAssemble: assemble (with a warning) if the system is not assembled
        method: 'auto' (dense up to DENSE_MAX_NAE algebraic equations, SVD_MAX_NAE with
            useSVD, sparse above), 'dense' or 'sparse' (coordyn only; not in Exudyn)

    Returns:
        dict with 'degreeOfFreedom', 'redundantConstraints', 'nODE2', 'nODE1', 'nAE', 'nPureAE'
    """
    name = "ComputeSystemDegreeOfFreedom"
    s = _check_args(mbs, simulationSettings, threshold, name, autoAssemble, method)
    if mbs._core.sizes()["ODE1"]:
        warnings.warn(f"{name}: ODE1 coordinates do not count as degrees of freedom",
                      UserWarning, stacklevel=2)
    raw = _raw(mbs, s, ConfigurationType.Initial, useSVD, threshold, method)
    if useSVD and raw["method"] == "sparse":
        _warn_no_svd(name, raw, method)
    res = _counts(raw, _extra_rows(mbs))
    if verbose:
        if useSVD and raw["method"] == "dense":
            print("singular values ODE2+AE=" + str(raw["diagAll"]))
            print("singular values pure AE=" + str(raw["diagAE"]))
        elif useSVD:
            print("sparse QR, reduced norms by equation ODE2+AE=" + str(raw["diagAll"]))
        print("ODE2 coordinates          = " + str(res["nODE2"]))
        print("total constraints         = " + str(res["nAE"]))
        print("redundant constraints     = " + str(res["redundantConstraints"]))
        print("pure algebraic constraints= " + str(res["nPureAE"]))
        print("degree of freedom         = " + str(res["degreeOfFreedom"]))
    return res


def _type_label(label, typ):
    prefix = "Object" if label == "object" else "Node"
    return typ if typ.startswith(prefix) else prefix + typ


class DegreeOfFreedomReport:
    """The result of mbs.ComputeDegreeOfFreedomReport: Exudyn's counts (dict()) plus
    which equations are redundant, the Grübler count, undetermined coordinates and whether the
    configuration is singular. str(report) for people, report.AsDict() for programs."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def ExudynDict(self):
        """the dictionary of ComputeSystemDegreeOfFreedom"""
        return {k: getattr(self, k) for k in ("degreeOfFreedom", "redundantConstraints",
                                              "nODE2", "nODE1", "nAE", "nPureAE")}

    def AsDict(self):
        return {k: (list(v) if isinstance(v, (list, tuple)) else v)
                for k, v in self.__dict__.items()}

    def __repr__(self):
        return (f"DegreeOfFreedomReport(degreeOfFreedom={self.degreeOfFreedom}, "
                f"redundantConstraints={self.redundantConstraints}, "
                f"singularConfiguration={self.singularConfiguration})")

    def __str__(self):
        lines = [
            f"degree of freedom         = {self.degreeOfFreedom} (numerical, rank of the "
            f"constraint Jacobian at the {self.configuration.lower()} configuration)",
            f"Gruebler count            = {self.grueblerCount} (coordinates - constraint "
            f"equations = {self.nODE2} - {self.nConstraintEquations})",
            f"ODE2 coordinates          = {self.nODE2}",
            f"ODE1 coordinates          = {self.nODE1}",
            f"algebraic equations       = {self.nAE} ({self.nPureAE - self.nAlgebraicVariables} "
            f"trivial lambda = 0" + (f", {self.nAlgebraicVariables} of algebraic variables"
                                    if self.nAlgebraicVariables else "") + ")",
            f"redundant constraints     = {self.redundantConstraints} (rank of the constraint "
            f"equations {self.rank}; {self.rankMethod})",
        ]
        for e in self.redundantEquations:
            lines.append("    " + e["description"])
        if len(self.redundantEquations) != self.redundantConstraints:
            lines.append(f"    (the in-order test names {len(self.redundantEquations)} "
                         f"equations; the rank gives {self.redundantConstraints})")
        ref = ("undefined" if self.rankReference is None else self.rankReference)
        lines.append(f"singular configuration    = {self.singularConfiguration} (rank "
                     f"{self.rank} here, {ref} in the reference configuration)")
        lines.append(f"undetermined coordinates  = {len(self.undeterminedCoordinates)}")
        for u in self.undeterminedCoordinates:
            lines.append("    " + u["description"])
        return "\n".join(lines)


def _undetermined(mbs, simulationSettings, configuration):
    """ODE2 coordinates with zero rows in M, K and C_q^T"""
    from .linearized import linearized_matrices
    core = mbs._core
    n2 = core.sizes()["ODE2"]
    if n2 == 0:
        return []
    if configuration == ConfigurationType.Reference:  # the rows' pattern: as at the initial one
        configuration = ConfigurationType.Initial
    M, K, _, C = linearized_matrices(mbs, simulationSettings, configuration)
    used = np.zeros(n2, dtype=bool)
    for A in (M, K, C):
        A = A.tocsr()
        A.eliminate_zeros()
        used |= np.diff(A.indptr) > 0
    free = set(int(i) for i in np.flatnonzero(~used))
    out = []
    for i in range(core.count(_NODE)):
        idx = core.ltg(_NODE, i)[0]
        d = mbs.GetNode(i)
        for local, g in enumerate(idx):
            if g in free:
                typ = str(d.get("itemType", ""))
                nm = d.get("name", "")
                out.append({"coordinate": int(g), "node": i, "nodeType": typ, "name": nm,
                            "localCoordinate": local,
                            "description": f"{typ} {i}" + (f" '{nm}'" if nm else "") +
                            f": coordinate {local} (global ODE2 {g}): no mass, no stiffness, "
                            f"no constraint"})
    return out


def describe_equations(mbs, rows):
    """one dict per AE row: its item (kind, number, type, name), the row within the item, the
    axis it constrains where the type says, and a one-line description"""
    from ._state import constraint_owners
    owners = constraint_owners(mbs)
    eqs = []
    for r in rows:
        label, i, typ, nm, j = owners[r] if owners[r] else ("?", -1, "", "", r)
        short = typ.removeprefix("Object").removeprefix("Node")
        axes = _AXES.get(short)
        axis = axes[j] if axes and j < len(axes) else ""
        tl = _type_label(label, typ)
        desc = f"{tl} {i}" + (f" '{nm}'" if nm else "") + f": row {j}" + \
            (f" ({axis})" if axis else "")
        eqs.append({"kind": label, "itemNumber": i, "itemType": tl, "name": nm, "row": j,
                    "axis": axis, "aeIndex": int(r), "description": desc})
    return eqs


def ComputeDegreeOfFreedomReport(mbs, simulationSettings=None, threshold=1e-12, useSVD=False,
                                 configuration=ConfigurationType.Initial, autoAssemble=True,
                                 method="auto"):
    """A DegreeOfFreedomReport: Exudyn's counts at the configuration (Initial by default, as
    ComputeSystemDegreeOfFreedom; Current or Reference possible), the redundant equations named
    by item, type, name and row (axis), the Grübler count nODE2 - (nAE - nPureAE), the ODE2
    coordinates nothing determines (zero rows in M, K and C_q^T), and singularConfiguration:
    the rank of the constraint Jacobian is lower here than at the reference configuration
    (rankReference: None where the constraints cannot be evaluated there, e.g. coinciding
    points; then nothing is flagged). method: as in ComputeSystemDegreeOfFreedom (both
    configurations use the same path); rankMethod says which was used."""
    name = "ComputeDegreeOfFreedomReport"
    s = _check_args(mbs, simulationSettings, threshold, name, autoAssemble, method)
    configuration = ConfigurationType(configuration)
    raw = _raw(mbs, s, configuration, useSVD, threshold, method)
    if useSVD and raw["method"] == "sparse":
        _warn_no_svd(name, raw, method)
    rank = raw["rankAll"] - raw["rankAE"]
    # the rank in the reference configuration (None where the constraints are undefined
    # there, e.g. coinciding points: then no configuration is flagged singular)
    try:
        ref = _raw(mbs, s, ConfigurationType.Reference, useSVD, threshold, raw["method"])
        rank_ref = ref["rankAll"] - ref["rankAE"]
    except SolverError:
        rank_ref = None
    counts = _counts(raw, _extra_rows(mbs))
    eqs = describe_equations(mbs, raw["redundantRows"])
    return DegreeOfFreedomReport(
        **counts,
        grueblerCount=counts["nODE2"] - (counts["nAE"] - counts["nPureAE"]),
        nConstraintEquations=counts["nAE"] - counts["nPureAE"],
        redundantEquations=eqs,
        rank=rank, rankReference=rank_ref,
        singularConfiguration=bool(rank_ref is not None and rank < rank_ref),
        rankMethod=raw["method"] + (" QR" if raw["method"] == "sparse" or not useSVD
                                    else " SVD"),
        undeterminedCoordinates=_undetermined(mbs, s, configuration),
        nAlgebraicVariables=mbs._core.sizes()["AEvariables"],
        configuration=configuration.name)


def install(cls):
    """Attach the functions to MainSystem as methods (as Exudyn's mainSystemExtensions)."""
    cls.ComputeSystemDegreeOfFreedom = ComputeSystemDegreeOfFreedom
    cls.ComputeDegreeOfFreedomReport = ComputeDegreeOfFreedomReport
