"""What the analyses share (steady motions, linearized equations, consistent initial
conditions, DOF report, diagnosis): saving and setting the core's current state, updating
coordinates with Lie-group rotation vectors by composition, and naming the items that own
coordinates and algebraic equations."""
import numpy as np

from . import _core

_NODE, _OBJECT = _core.KIND_NODE, _core.KIND_OBJECT


def rotvec_matrix(v):
    """rotation matrix of the rotation vector v (Rodrigues)"""
    a = float(np.linalg.norm(v))
    S = np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])
    if a < 1e-8:
        return np.eye(3) + S + 0.5 * S @ S
    return np.eye(3) + np.sin(a) / a * S + (1 - np.cos(a)) / a ** 2 * S @ S


def rotvec_log(R):
    """rotation vector of the rotation matrix R"""
    from .rigid import RotationMatrix2RotationVector
    return np.asarray(RotationMatrix2RotationVector(R), dtype=float)


def lg_indices(mbs):
    """the ODE2 indices of the Lie-group nodes' rotation vectors"""
    core = mbs._core
    return [np.asarray(core.ltg(_NODE, i)[0][3:6]) for i in range(core.count(_NODE))
            if mbs.GetNode(i).get("itemType") == "NodeRigidBodyRotVecLG"]


def update(q, dq, qref, lg):
    """q + dq, with Lie-group rotation vectors (indices lg) updated by composition (the
    engine's Jacobian is along the local tangent there)"""
    out = q + dq
    for idx in lg:
        psi = qref[idx] + q[idx]
        out[idx] = rotvec_log(rotvec_matrix(psi) @ rotvec_matrix(dq[idx])) - qref[idx]
    return out


class State:
    """save the current state of the core (coordinates, velocities, accelerations,
    multipliers, time), set parts of it, and restore it"""

    def __init__(self, core):
        self.core = core
        self.saved = [core.get_coords(k, 0) for k in range(4)] + [core.time()]

    def set(self, q=None, v=None, a=None, lam=None, t=None):
        for k, x in enumerate((q, v, a, lam)):
            if x is not None and len(x):
                self.core.set_coords(np.asarray(x, dtype=float), k, 0)
        if t is not None:
            self.core.time(float(t))

    def restore(self):
        self.set(*self.saved[:4], t=self.saved[4])


def constraint_owners(mbs):
    """for every AE index: (kind label 'object' or 'node', item number, type, name, local row)"""
    core = mbs._core
    owners = [None] * core.sizes()["AE"]
    for kind, get, label in ((_OBJECT, mbs.GetObject, "object"), (_NODE, mbs.GetNode, "node")):
        for i in range(core.count(kind)):
            _, ae0, nae = core.ltg(kind, i)
            if not nae:
                continue
            d = get(i)
            for j in range(nae):
                owners[ae0 + j] = (label, i, str(d.get("itemType", "")), d.get("name", ""), j)
    return owners


def constraint_names(mbs, rows):
    """'object i (type 'name')' or 'node i (...)' owning the AE rows, each item once"""
    owners = constraint_owners(mbs)
    out = []
    for r in sorted(set(int(r) for r in rows)):
        if not 0 <= r < len(owners) or owners[r] is None:
            continue
        label, i, typ, nm, _ = owners[r]
        name = f"{label} {i} ({typ}" + (f" '{nm}')" if nm else ")")
        if name not in out:
            out.append(name)
    return out or [f"AE rows {sorted(rows)}"]


def node_names(mbs, coords):
    """'node i (name)' owning the ODE2 coordinates"""
    core = mbs._core
    coords = set(int(c) for c in coords)
    out = []
    for i in range(core.count(_NODE)):
        if coords & set(core.ltg(_NODE, i)[0]):
            nm = mbs.GetNode(i).get("name", "")
            out.append(f"node {i}" + (f" '{nm}'" if nm else ""))
    return out
