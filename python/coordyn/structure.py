"""Structural analysis of the equations from their sparsity pattern (Dulmage-Mendelsohn
decomposition with CSparse's cs_dmperm, computed in C: csrc/analysis/cd_structure.c).

``mbs.ComputeStructuralAnalysis(matrix='newton')`` returns a :class:`StructuralAnalysis` whose
rows (equations) and columns (unknowns) are named by the items that own them.
"""
from __future__ import annotations

from . import _core

_NODE, _OBJECT = _core.KIND_NODE, _core.KIND_OBJECT
_FORMS = {"newton": 0, "jacobian": 1, "ode": 2}
_FORM_TEXT = {
    "newton": "Newton matrix [M + K + D, C_q^T; C_q, 0] (+ ODE1 block)",
    "jacobian": "constraint Jacobian C_q (AE rows x ODE2 columns)",
    "ode": "causal view: unknowns q_tt, lambda, x, y_t with q, q_t, y known",
}


class StructuralAnalysis:
    """The Dulmage-Mendelsohn decomposition of one view of the equations, in the user's terms.

    Attributes (Newton-system indices: ODE2 coordinates 0..nODE2-1, then the AE coordinates,
    then the ODE1 coordinates; the same numbering for equations and unknowns):

    - ``matrix``: 'newton', 'jacobian' or 'ode'; ``generic``: structural nonzeros from generic
      values (True) or the assembled pattern (False)
    - ``shape`` (equations, unknowns), ``nnz``, ``structuralRank``, ``isRegular``
    - ``underDetermined`` / ``overDetermined``: dicts with 'equations' and 'unknowns' (lists of
      Newton indices) of the under- and over-determined parts
    - ``blocks``: the blocks of the square part in block-lower-triangular order (block k needs
      only the unknowns of blocks 0 .. k-1), each a dict with
      'equations' and 'unknowns' (Newton indices); ``blockSizes`` their sizes
    - ``Equation(i)``, ``Unknown(i)``: the owner of Newton row / column i as a dict. They are
      the same item except for the algebraic variables of NodeGenericAE nodes (unknown: the
      node's variable) whose rows hold the equations of ObjectGenericAE objects (equation: the
      object's equation)
    """

    def __init__(self, mbs, d, matrix, generic, largestBlocks):
        self._mbs = mbs
        self._cache = {}
        self.matrix = matrix
        self.generic = bool(generic)
        self.largestBlocks = int(largestBlocks)
        self.nODE2, self.nAE, self.nODE1 = d["n2"], d["nae"], d["n1"]
        self._owner = d["owner"]
        # owners of the equations: those of the unknowns except in the pool of algebraic
        # variables (NodeGenericAE), whose rows are equations of ObjectGenericAE objects
        self._rowowner = d.get("rowowner", d["owner"])
        self._pool = {i for i in range(self.nODE2, self.nODE2 + self.nAE)
                      if self._owner[0][i] == _NODE}
        self.shape = (d["m"], d["n"])
        self.nnz = d["nnz"]
        self.structuralRank = d["srank"]
        rid, cid = d["rowid"], d["colid"]
        p, q, rr, cc = d["p"], d["q"], d["rr"], d["cc"]
        rows = [rid[i] for i in p]
        cols = [cid[j] for j in q]
        self.underDetermined = {"equations": rows[rr[0]:rr[1]], "unknowns": cols[cc[0]:cc[2]]}
        self.overDetermined = {"equations": rows[rr[2]:rr[4]], "unknowns": cols[cc[3]:cc[4]]}
        self.square = {"equations": rows[rr[1]:rr[2]], "unknowns": cols[cc[2]:cc[3]]}
        r, s = d["r"], d["s"]
        # cs_dmperm orders the square part block *upper* triangular (block k uses the unknowns
        # of blocks after it); reversed, it is the lower-triangular order of a solution: block
        # k needs only the unknowns of blocks 0 .. k-1
        self.blocks = [{"equations": rows[r[k]:r[k + 1]], "unknowns": cols[s[k]:s[k + 1]]}
                       for k in reversed(range(d["blk0"], d["blk0"] + d["nblk"]))]
        self.blockSizes = [len(b["unknowns"]) for b in self.blocks]
        self.isRegular = (self.shape[0] == self.shape[1] == self.structuralRank)

    # -- names
    def _item(self, kind, i):
        key = (kind, i)
        if key not in self._cache:
            d = self._mbs.GetNode(i) if kind == _NODE else self._mbs.GetObject(i)
            self._cache[key] = (d.get("itemType", ""), d.get("name", ""))
        return self._cache[key]

    def _owner_of(self, i, rows=False):
        own = self._rowowner if rows else self._owner
        kind, item, local = (own[0][i], own[1][i], own[2][i])
        typ, name = self._item(kind, item)
        return {"item": "node" if kind == _NODE else "object", "itemNumber": item,
                "itemType": typ, "name": name, "local": local}

    def _coordinate_kind(self, i):
        if i < self.nODE2:
            return "ODE2"
        return "AE" if i < self.nODE2 + self.nAE else "ODE1"

    def Unknown(self, i):
        """The owner of unknown (column) i: an ODE2 or ODE1 coordinate of a node (local: its
        coordinate index in the node), a multiplier of a constraint (local: its equation), or
        an algebraic variable of a NodeGenericAE node (local: its index in the node)."""
        d = self._owner_of(i)
        k = self._coordinate_kind(i)
        d["what"] = {"ODE2": "ODE2 coordinate", "AE": "multiplier",
                     "ODE1": "ODE1 coordinate"}[k]
        if i in self._pool:
            d["what"] = "algebraic variable"
        d["index"] = i
        return d

    def Equation(self, i):
        """The owner of equation (row) i: the equation of motion of a node's ODE2 coordinate,
        an algebraic equation of a constraint, of a node or of an ObjectGenericAE, or a node's
        ODE1 equation."""
        d = self._owner_of(i, rows=True)
        k = self._coordinate_kind(i)
        d["what"] = {"ODE2": "equation of motion", "AE": "algebraic equation",
                     "ODE1": "first-order equation"}[k]
        d["index"] = i
        return d

    @staticmethod
    def _label(d):
        nm = f" '{d['name']}'" if d["name"] else ""
        loc = "coordinate" if d["item"] == "node" and d["what"] != "algebraic equation" \
            else "row"
        if d["what"] == "multiplier":
            loc = "row"
        if d["what"] == "algebraic variable":
            loc = "variable"
        return f"{d['what']} ({loc} {d['local']}) of {d['item']} {d['itemNumber']} " \
               f"{d['itemType']}{nm}"

    def EquationLabel(self, i):
        return self._label(self.Equation(i))

    def UnknownLabel(self, i):
        return self._label(self.Unknown(i))

    def _items_of(self, eqs, unk):
        """the distinct items owning the equations and unknowns, as 'node 3 (NodePoint)'"""
        seen = {}  # insertion-ordered set of (kind, item)
        for i in unk:
            seen.setdefault((self._owner[0][i], self._owner[1][i]), None)
        for i in eqs:
            seen.setdefault((self._rowowner[0][i], self._rowowner[1][i]), None)
        out = []
        for kind, item in seen:
            typ, name = self._item(kind, item)
            nm = f" '{name}'" if name else ""
            out.append(f"{'node' if kind == _NODE else 'object'} {item} ({typ}{nm})")
        return out

    def LargestBlocks(self, k=None):
        """The k largest blocks of the square part, largest first, each with its size, its
        position in the block-triangular order and the items in it."""
        k = self.largestBlocks if k is None else k
        order = sorted(range(len(self.blocks)), key=lambda b: -self.blockSizes[b])[:k]
        return [{"block": b, "size": self.blockSizes[b],
                 "items": self._items_of(self.blocks[b]["equations"],
                                         self.blocks[b]["unknowns"]),
                 "equations": [self.EquationLabel(i) for i in self.blocks[b]["equations"]],
                 "unknowns": [self.UnknownLabel(i) for i in self.blocks[b]["unknowns"]]}
                for b in order]

    # -- outputs
    def AsDict(self):
        """A dict for programs: sizes, rank, the parts with named equations and unknowns, the
        number of blocks, their sizes, and the largest blocks."""
        def named(part):
            return {"equations": [self.Equation(i) for i in part["equations"]],
                    "unknowns": [self.Unknown(j) for j in part["unknowns"]]}
        return {"matrix": self.matrix, "generic": self.generic,
                "nODE2": self.nODE2, "nAE": self.nAE, "nODE1": self.nODE1,
                "shape": self.shape, "nnz": self.nnz, "structuralRank": self.structuralRank,
                "isRegular": self.isRegular,
                "underDetermined": named(self.underDetermined),
                "overDetermined": named(self.overDetermined),
                "numberOfBlocks": len(self.blocks), "blockSizes": list(self.blockSizes),
                "largestBlocks": self.LargestBlocks()}

    def _part_lines(self, title, part, limit=20):
        eqs, unk = part["equations"], part["unknowns"]
        out = [f"{title}: {len(eqs)} equations, {len(unk)} unknowns"]
        for what, lst, lab in (("equation", eqs, self.EquationLabel),
                               ("unknown", unk, self.UnknownLabel)):
            for i in sorted(lst)[:limit]:
                out.append(f"    {what} {i}: {lab(i)}")
            if len(lst) > limit:
                out.append(f"    ... {len(lst) - limit} more {what}s")
        return out

    def __str__(self):
        m, n = self.shape
        lines = [f"structural analysis of the {_FORM_TEXT[self.matrix]}",
                 f"  {m} equations x {n} unknowns, {self.nnz} structural nonzeros "
                 f"({'generic values' if self.generic else 'assembled pattern'})",
                 f"  structural rank {self.structuralRank}: " +
                 ("structurally regular" if self.isRegular else
                  "structurally singular" if m == n else "rectangular")]
        if self.underDetermined["unknowns"]:
            lines += ["  " + x for x in self._part_lines(
                "under-determined part (unknowns that the equations do not fix)",
                self.underDetermined)]
        if self.overDetermined["equations"]:
            lines += ["  " + x for x in self._part_lines(
                "over-determined part (structurally redundant equations)",
                self.overDetermined)]
        nb = len(self.blocks)
        sizes = sorted(self.blockSizes, reverse=True)
        lines.append(f"  square part: {len(self.square['unknowns'])} unknowns in {nb} blocks "
                     f"(block-triangular order); largest sizes {sizes[:10]}")
        for b in self.LargestBlocks():
            items = ", ".join(b["items"][:8]) + (" ..." if len(b["items"]) > 8 else "")
            lines.append(f"    block {b['block']} (size {b['size']}): {items}")
        return "\n".join(lines)

    __repr__ = __str__


def ComputeStructuralAnalysis(mbs, matrix="newton", generic=True, largestBlocks=5):
    """The structural analysis (Dulmage-Mendelsohn decomposition, CSparse cs_dmperm) of

    - matrix='newton': the Newton matrix the solvers factor, [M + K + D, C_q^T; C_q, 0] with the
      ODE1 block (equations x unknowns, all Newton-system indices);
    - matrix='jacobian': the constraint Jacobian C_q (algebraic equations x ODE2 coordinates;
      the equations lambda = 0 of deactivated constraints and free joint axes left out);
    - matrix='ode': the causal (index-1) view, as in Cellier's sorting of the equations:
      q, q_t and y are known, the unknowns are q_tt, the multipliers and y_t. A constraint
      g(q) = 0 holds no unknown there, so every index-3 constraint is a structural singularity
      of this view (it has to be differentiated, or written with its multiplier as the Newton
      matrix does).

    An entry counts when it is nonzero for generic values (generic=True: the matrix evaluated at
    two states perturbed at random around the current one) or when the assembled pattern holds
    it (generic=False: the items' declared pattern, every ODE2 diagonal included).
    The system must be assembled. Returns a StructuralAnalysis (print it, or AsDict())."""
    if matrix not in _FORMS:
        raise ValueError(f"ComputeStructuralAnalysis: matrix must be one of "
                         f"{sorted(_FORMS)}, not {matrix!r}")
    d = mbs._core.structure(_FORMS[matrix], bool(generic))
    return StructuralAnalysis(mbs, d, matrix, generic, largestBlocks)


def install(cls):
    """Attach ComputeStructuralAnalysis to MainSystem as a method."""
    cls.ComputeStructuralAnalysis = ComputeStructuralAnalysis
