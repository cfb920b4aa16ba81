"""Finite-element meshes and matrices for ObjectGenericODE2: import of Abaqus meshes (``*Node``,
``*Element``: C3D4, C3D10, C3D8(R), C3D20(R)) and of the mass and stiffness matrices Abaqus
exports (``*MATRIX OUTPUT, FORMAT=COORDINATE``), node searches, surface triangles and surface weights,
eigenmodes, gyroscopic matrix, save/load. Names and arguments are those of Exudyn's exudyn.FEM
(coordyn.FEM re-exports them); matrices are scipy.sparse CSR matrices as in Exudyn 1.13.

Not in coordyn: the floating-frame parts (ObjectFFRFinterface, ObjectFFRFreducedOrderInterface,
Hurty-Craig-Bampton modes, CMSObjectComputeNorm) need ObjectFFRF / ObjectFFRFreducedOrder and
the SuperElement markers, the NGsolve and Ansys import needs those packages' formats: they raise
NotImplementedFeatureError naming what is missing.
"""
from __future__ import annotations

import enum
import os
import pickle

import numpy as np

from .exudyn._notyet import NotImplementedFeatureError, missing_class, missing_function

__all__ = [
    "useOldCSRformat", "scipyInstalled", "WarnNumpy2", "CheckForSciPyAndWarn",
    "CheckForSciPyAndError", "CheckForSciPyMatrix", "CompressedRowSparseToDenseMatrix",
    "MapSparseMatrixIndices", "VectorDiadicUnitMatrix3D", "CyclicCompareReversed",
    "AddEntryToCompressedRowSparseArray", "CSRtoRowsAndColumns", "warnedCSRtoScipySparseCSR",
    "CSRtoScipySparseCSR", "SparseTripletsToScipySparseCSR", "ScipySparseCSRtoCSR",
    "ResortIndicesOfCSRmatrix", "ResortIndicesOfNGvector", "ResortIndicesExudyn2NGvector",
    "FileNameToMode", "ReadNodesFromAbaqusInp", "ConvertHexToTrigs", "ConvertTetToTrigs",
    "warnedConvertDenseToCompressedRowMatrix", "ConvertDenseToCompressedRowMatrix",
    "ReadMatrixFromAnsysMMF", "ReadMatrixDOFmappingVectorFromAnsysTxt",
    "ReadNodalCoordinatesFromAnsysTxt", "ReadElementsFromAnsysTxt", "MaterialBaseClass",
    "KirchhoffMaterial", "FiniteElement", "Tet4", "ObjectFFRFinterface", "CMSObjectComputeNorm",
    "ObjectFFRFreducedOrderInterface", "HCBstaticModeSelection", "PostProcessingModesToStorage",
    "PostProcessingModesFromStorage", "FEMinterface",
]

_M = "exudyn.FEM"
_FFRF = ("the floating frame of reference objects (ObjectFFRF, ObjectFFRFreducedOrder) and the "
         "SuperElement markers are not in coordyn yet")
_ANSYS = "the Ansys matrix and mesh import is not in coordyn"
_NGSOLVE = "the NGsolve/Netgen mesh interface is not in coordyn"

#: Exudyn's switch for its pre-1.5 triplet format of matrices; coordyn uses scipy CSR only
useOldCSRformat = False
try:
    import scipy  # noqa: F401
    scipyInstalled = True
except ImportError:   # pragma: no cover - scipy is a dependency of coordyn
    scipyInstalled = False
warnedCSRtoScipySparseCSR = False
warnedConvertDenseToCompressedRowMatrix = False


def WarnNumpy2():
    """True under NumPy 2 (where Exudyn's deprecated NPY file mode does not work)."""
    return int(np.__version__.split(".")[0]) >= 2


def CheckForSciPyAndWarn():
    """scipy is a dependency of coordyn: nothing to warn about."""
    return None  # noqa: RET501


def CheckForSciPyAndError(stringWhere=""):
    if not scipyInstalled:   # pragma: no cover
        raise ImportError(f"{stringWhere}: scipy is needed")


def _is_sparse(m):
    return hasattr(m, "tocsr") and hasattr(m, "shape")


def CheckForSciPyMatrix(data, stringWhere):
    """A ValueError naming stringWhere unless data is a scipy sparse matrix."""
    if not _is_sparse(data):
        raise ValueError(f"{stringWhere}: expected a scipy sparse matrix, got "
                         f"{type(data).__name__}")


def _triplets(data, where):
    a = np.asarray(data, dtype=float)
    if a.ndim != 2 or a.shape[1] != 3:
        raise ValueError(f"{where}: expected sparse triplets (one [row, column, value] per row), "
                         f"got shape {a.shape}")
    return a


def CompressedRowSparseToDenseMatrix(sparseData):
    """A dense array from a scipy sparse matrix or from 0-based triplets [row, column, value]
    (duplicates add up; the size is the largest index + 1, square)."""
    if _is_sparse(sparseData):
        return sparseData.toarray()
    t = _triplets(sparseData, "CompressedRowSparseToDenseMatrix")
    n = int(max(t[:, 0].max(), t[:, 1].max())) + 1
    m = np.zeros((n, n))
    np.add.at(m, (t[:, 0].astype(int), t[:, 1].astype(int)), t[:, 2])
    return m


def MapSparseMatrixIndices(matrix, sorting):
    """Replace the row and column indices of triplets by sorting[index] (in place)."""
    s = np.asarray(sorting)
    matrix[:, 0] = s[np.asarray(matrix[:, 0], dtype=int)]
    matrix[:, 1] = s[np.asarray(matrix[:, 1], dtype=int)]


def VectorDiadicUnitMatrix3D(v):
    """kron(v, I3)^T: 3 rows, 3 len(v) columns."""
    return np.kron(np.asarray(v, dtype=float), np.eye(3)).T


def CyclicCompareReversed(list1, list2):
    """True if list1 reversed equals a cyclic shift of list2."""
    r = np.flip(np.asarray(list1), 0)
    b = np.asarray(list2)
    return any(np.array_equal(r, np.roll(b, i)) for i in range(len(b)))


def AddEntryToCompressedRowSparseArray(sparseData, row, column, value):
    """sparseData with value added at (row, column): a new scipy CSR matrix for a sparse one
    (the size stays); for triplets, added to an existing entry or appended."""
    if _is_sparse(sparseData):
        from scipy.sparse import coo_matrix
        if not (0 <= row < sparseData.shape[0] and 0 <= column < sparseData.shape[1]):
            raise ValueError(f"AddEntryToCompressedRowSparseArray: entry ({row}, {column}) "
                             f"outside the {sparseData.shape[0]} x {sparseData.shape[1]} matrix")
        add = coo_matrix(([float(value)], ([row], [column])), shape=sparseData.shape)
        return (sparseData + add).tocsr()
    t = _triplets(sparseData, "AddEntryToCompressedRowSparseArray")
    hit = np.nonzero((t[:, 0].astype(int) == row) & (t[:, 1].astype(int) == column))[0]
    if len(hit):
        t[hit[0], 2] += value
        return t
    return np.vstack([t, [row, column, value]])


def CSRtoRowsAndColumns(sparseMatrixCSR):
    """(rows, columns) of a scipy sparse matrix; (0, 0) for None; for triplets Exudyn's
    (largest row index, largest column index)."""
    if sparseMatrixCSR is None:
        return (0, 0)
    if _is_sparse(sparseMatrixCSR):
        return sparseMatrixCSR.shape
    t = _triplets(sparseMatrixCSR, "CSRtoRowsAndColumns")
    return (t[:, 0].max(), t[:, 1].max())


def SparseTripletsToScipySparseCSR(sparseTriplets):
    """A scipy CSR matrix from 0-based triplets (a list or an array with one [row, column,
    value] per row; duplicates add up; the size from the largest indices)."""
    if _is_sparse(sparseTriplets) or not isinstance(sparseTriplets, (list, tuple, np.ndarray)):
        raise ValueError("SparseTripletsToScipySparseCSR: requires sparse triplets as input")
    from scipy.sparse import csr_matrix
    t = _triplets(sparseTriplets, "SparseTripletsToScipySparseCSR")
    return csr_matrix((t[:, 2], (t[:, 0].astype(int), t[:, 1].astype(int))))


def CSRtoScipySparseCSR(sparseMatrixCSR):
    """Deprecated in Exudyn: a scipy CSR matrix from triplets (a sparse matrix is returned)."""
    if _is_sparse(sparseMatrixCSR):
        return sparseMatrixCSR
    return SparseTripletsToScipySparseCSR(sparseMatrixCSR)


def ScipySparseCSRtoCSR(scipyCSR):
    """The triplets [row, column, value] (one per row) of a scipy sparse matrix."""
    c = scipyCSR.tocoo()
    return np.array([c.row, c.col, c.data], dtype=float).T


def _xxyyzz_map(n, where):
    if n % 3:
        raise ValueError(f"{where}: the size must be a multiple of 3, got {n}")
    return np.arange(n).reshape(n // 3, 3).T.flatten()


def ResortIndicesOfCSRmatrix(mXXYYZZ, numberOfRows):
    """Triplets in NGsolve's xx..yy..zz.. order to Exudyn's xyzxyz.. order (in place)."""
    r = _xxyyzz_map(int(numberOfRows), "ResortIndicesOfCSRmatrix: numberOfRows")
    mXXYYZZ[:, 0] = r[mXXYYZZ[:, 0].astype(int)]
    mXXYYZZ[:, 1] = r[mXXYYZZ[:, 1].astype(int)]


def ResortIndicesOfNGvector(vXXYYZZ):
    """A vector in NGsolve's xx..yy..zz.. order in Exudyn's xyzxyz.. order."""
    v = np.asarray(vXXYYZZ, dtype=float)
    out = np.zeros(len(v))
    out[_xxyyzz_map(len(v), "ResortIndicesOfNGvector: length")] = v
    return out


def ResortIndicesExudyn2NGvector(vXYZXYZ):
    """The inverse of ResortIndicesOfNGvector."""
    v = np.asarray(vXYZXYZ, dtype=float)
    return v[_xxyyzz_map(len(v), "ResortIndicesExudyn2NGvector: length")]


def FileNameToMode(fileName, mode):
    """[name without extension, extension, mode] for FEMinterface.SaveToFile/LoadFromFile;
    mode None takes it from the extension ('.npz' if there is none)."""
    modes = {"NPZ": ".npz", "NPY": ".npy", "PKL": ".pkl", "HDF5": ".hdf5"}
    if mode is not None and mode not in modes:
        raise ValueError(f"FEM.FileNameToMode: mode must be 'NPZ', 'NPY', 'PKL', 'HDF5' or None, "
                         f"got {mode!r}")
    ext = next((e for e in modes.values() if fileName.lower().endswith(e)), None)
    if ext is None:
        ext = modes[mode or "NPZ"]
        mode = mode or "NPZ"
    elif mode is None:
        mode = ext[1:].upper()
    elif ext != modes[mode]:
        raise ValueError(f"FEM.FileNameToMode: the extension of '{fileName}' does not fit "
                         f"mode {mode!r}")
    if fileName.lower().endswith(ext):
        fileName = fileName[:-len(ext)]
    return [fileName, ext, mode]


# ----------------------------------------------------------------- Abaqus input files
_ABAQUS_ELEMENTS = {"C3D8": ("Hex8", 8), "C3D8R": ("Hex8", 8), "C3D20": ("Hex20", 20),
                    "C3D20R": ("Hex20", 20), "C3D4": ("Tet4", 4), "C3D10": ("Tet10", 10),
                    "C3D10H": ("Tet10", 10), "C3D10MH": ("Tet10", 10),
                    "C3D10HS": ("Tet10", 10)}


def _read_abaqus(fileName, typeName):
    """(nodes n x 3, element type, elements m x k 0-based) of the first *Node and *Element
    sections after the first '*<typeName>' line of an Abaqus input file."""
    with open(fileName) as f:
        lines = [ln.rstrip("\n") for ln in f]
    where = "ImportFromAbaqusInputFile"
    key = "*" + typeName
    start = next((i for i, ln in enumerate(lines) if ln.startswith(key)), None)
    if start is None:
        raise ValueError(f"{where}: did not find keyword '{key}' in '{fileName}'")
    i = start + 1
    if i >= len(lines) or not lines[i].startswith("*Node"):
        raise ValueError(f"{where}: expected *Node in line {i + 1} of '{fileName}'")
    i += 1
    nodes = []
    while i < len(lines) and not lines[i].startswith("*"):
        parts = lines[i].split(",")
        if len(parts) != 4:
            raise ValueError(f"{where}: expected a node number and 3 coordinates in line "
                             f"{i + 1} of '{fileName}'")
        nodes.append([float(p) for p in parts[1:]])
        i += 1
    while i < len(lines) and not lines[i].startswith("*Element"):
        i += 1
    if i == len(lines):
        raise ValueError(f"{where}: did not find keyword *Element in '{fileName}'")
    abaqus_type = lines[i].split(",")[1].split("=")[1].strip()
    if abaqus_type not in _ABAQUS_ELEMENTS:
        raise ValueError(f"{where}: element type '{abaqus_type}' cannot be imported (known: "
                         f"{', '.join(_ABAQUS_ELEMENTS)})")
    etype, k = _ABAQUS_ELEMENTS[abaqus_type]
    i += 1
    elements = []
    while i < len(lines) and not lines[i].startswith("*"):
        text = lines[i].strip()
        while text.endswith(","):      # an element continues on the next line
            i += 1
            if i == len(lines) or lines[i].startswith("*"):
                raise ValueError(f"{where}: element data ends with ',' in line {i} of "
                                 f"'{fileName}'")
            text += lines[i].strip()
        parts = [p for p in text.split(",")]
        if len(parts) != k + 1:
            raise ValueError(f"{where}: expected an element number and {k} node numbers in "
                             f"line {i + 1} of '{fileName}'")
        elements.append([int(p) - 1 for p in parts[1:]])
        i += 1
    return np.array(nodes, dtype=float), etype, np.array(elements, dtype=int)


def ReadNodesFromAbaqusInp(fileName, typeName="Part", name="Part-1", exportElements=False):
    """The nodes (n x 3 array) of an Abaqus input file; with exportElements=True
    [nodes, elements] with elements an m x 8 array of 0-based Hex8 node numbers (C3D8(R))."""
    nodes, etype, elements = _read_abaqus(fileName, typeName)
    if not exportElements:
        return nodes
    if etype != "Hex8":
        raise ValueError(f"ReadNodesFromAbaqusInp: exportElements works for C3D8 (Hex8) "
                         f"elements, '{fileName}' has {etype}")
    return [nodes, elements]


_HEX_QUADS = [[0, 1, 2, 3], [7, 6, 5, 4], [0, 4, 5, 1], [1, 5, 6, 2], [2, 6, 7, 3], [3, 7, 4, 0]]
_TET_TRIGS = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]]
_TET10_MID = {(0, 1): 4, (1, 2): 5, (0, 2): 6, (0, 3): 7, (1, 3): 8, (2, 3): 9}


def ConvertHexToTrigs(nodeNumbers):
    """The 12 surface triangles (outward normals) of a hexahedron's 8 corner node numbers."""
    n = list(nodeNumbers)
    out = []
    for q in _HEX_QUADS:
        out += [[n[q[0]], n[q[1]], n[q[2]]], [n[q[0]], n[q[2]], n[q[3]]]]
    return out


def ConvertTetToTrigs(nodeNumbers):
    """The 4 surface triangles (outward normals) of a tetrahedron's 4 corner node numbers."""
    n = list(nodeNumbers)
    return [[n[t[0]], n[t[1]], n[t[2]]] for t in _TET_TRIGS]


def ConvertDenseToCompressedRowMatrix(denseMatrix):
    """Triplets [row, column, value] of the nonzero entries of a dense matrix (row-wise)."""
    a = np.asarray(denseMatrix, dtype=float)
    r, c = np.nonzero(a)
    return np.array([r, c, a[r, c]], dtype=float).T


ReadMatrixFromAnsysMMF = missing_function("ReadMatrixFromAnsysMMF", _M, _ANSYS)
ReadMatrixDOFmappingVectorFromAnsysTxt = missing_function(
    "ReadMatrixDOFmappingVectorFromAnsysTxt", _M, _ANSYS)
ReadNodalCoordinatesFromAnsysTxt = missing_function("ReadNodalCoordinatesFromAnsysTxt", _M,
                                                    _ANSYS)
ReadElementsFromAnsysTxt = missing_function("ReadElementsFromAnsysTxt", _M, _ANSYS)


# ----------------------------------------------------------------- materials and elements
class MaterialBaseClass:
    """Young's modulus, Poisson's ratio and density of a material."""

    def __init__(self, youngsModulus, poissonsRatio, density):
        self.youngsModulus = youngsModulus
        self.poissonsRatio = poissonsRatio
        self.density = density


class KirchhoffMaterial(MaterialBaseClass):
    """Linear elastic (St. Venant-Kirchhoff) material: elasticityTensor (6 x 6, Voigt order xx,
    yy, zz, yz, xz, xy with engineering shear strains) and elasticityTensor2D (plane stress, or
    plane strain with planeStress=False). Exudyn's multi-domain NGsolve materials (materials,
    fes) are not in coordyn."""

    def __init__(self, youngsModulus=None, poissonsRatio=None, density=0, materials=None,
                 fes=None, planeStress=True):
        if materials is not None or fes is not None:
            raise NotImplementedFeatureError(
                "KirchhoffMaterial(materials=..., fes=...) is not available in coordyn: "
                + _NGSOLVE + " (docs: coming_from_exudyn)")
        for key, v in (("youngsModulus", youngsModulus), ("poissonsRatio", poissonsRatio),
                       ("density", density)):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v >= 0:
                raise ValueError(f"KirchhoffMaterial: {key} must be a number >= 0, got {v!r}")
        if not poissonsRatio < 0.5:
            raise ValueError(f"KirchhoffMaterial: poissonsRatio must be below 0.5, got "
                             f"{poissonsRatio!r}")
        super().__init__(youngsModulus, poissonsRatio, density)
        self.planeStress = planeStress
        self.useMaterials = False
        mu, lam = self.LameParameters()
        self.elasticityTensor = np.diag([2 * mu] * 3 + [mu] * 3).astype(float)
        self.elasticityTensor[0:3, 0:3] += lam
        E, nu = youngsModulus, poissonsRatio
        if planeStress:
            self.elasticityTensor2D = E / (1 - nu ** 2) * np.array(
                [[1, nu, 0], [nu, 1, 0], [0, 0, (1 - nu) / 2]])
        else:
            self.elasticityTensor2D = np.array([[lam + 2 * mu, lam, 0], [lam, lam + 2 * mu, 0],
                                                [0, 0, mu]])

    def Strain2Stress(self, strain):
        """The stress tensor (3 x 3) of a strain tensor."""
        E = np.asarray(strain, dtype=float)
        s = self.StrainVector2StressVector(
            [E[0, 0], E[1, 1], E[2, 2], 2 * E[1, 2], 2 * E[0, 2], 2 * E[0, 1]])
        return np.array([[s[0], s[5], s[4]], [s[5], s[1], s[3]], [s[4], s[3], s[2]]])

    def StrainVector2StressVector(self, strainVector):
        """The stress vector (Voigt) of a strain vector (Voigt, engineering shear)."""
        return self.elasticityTensor @ np.asarray(strainVector, dtype=float)

    def StrainVector2StressVector2D(self, strainVector2D):
        """The 2D stress vector [xx, yy, xy] of a 2D strain vector."""
        return self.elasticityTensor2D @ np.asarray(strainVector2D, dtype=float)

    def LameParameters(self):
        """[mu, lambda] of Young's modulus and Poisson's ratio."""
        E, nu = self.youngsModulus, self.poissonsRatio
        return [E / (2 * (1 + nu)), E * nu / ((1 + nu) * (1 - 2 * nu))]


class FiniteElement:
    """Base class of the finite elements: holds the material."""

    def __init__(self, material):
        self.material = material


class Tet4(FiniteElement):
    """Linear tetrahedron: strain and stress (constant in the element) from nodal
    displacements."""

    def ComputeMatrices(self, nodalReferenceCoordinates, nodalDisplacements):
        """[strain (4 x 6, one row per node), stress (4 x 6), B0 (4 x 3: the gradients of the
        shape functions), displacement gradient (3 x 3)] for the 12 reference coordinates and the
        12 displacements of the 4 nodes."""
        X = np.asarray(nodalReferenceCoordinates, dtype=float).reshape(4, 3)
        U = np.asarray(nodalDisplacements, dtype=float).reshape(4, 3)
        A = np.column_stack([np.ones(4), X])            # N_i(x) = [1, x] @ inv(A)[:, i]
        if abs(np.linalg.det(A)) == 0:
            raise ValueError("Tet4.ComputeMatrices: the tetrahedron has no volume")
        B0 = np.linalg.inv(A)[1:4, :].T
        grad = U.T @ B0
        E = 0.5 * (grad + grad.T)
        strain = np.array([E[0, 0], E[1, 1], E[2, 2], 2 * E[1, 2], 2 * E[0, 2], 2 * E[0, 1]])
        stress = self.material.StrainVector2StressVector(strain)
        return [np.tile(strain, (4, 1)), np.tile(stress, (4, 1)), B0, grad]


ObjectFFRFinterface = missing_class("ObjectFFRFinterface", _M, _FFRF,
                                    "ObjectGenericODE2 with FEMinterface's mass and stiffness "
                                    "matrices (fem.CreateLinearFEMObjectGenericODE2)")
ObjectFFRFreducedOrderInterface = missing_class("ObjectFFRFreducedOrderInterface", _M, _FFRF)
CMSObjectComputeNorm = missing_function("CMSObjectComputeNorm", _M, _FFRF)


class HCBstaticModeSelection(enum.Enum):
    """The static modes of Exudyn's Hurty-Craig-Bampton reduction (which coordyn does not
    have): allBoundaryNodes, RBE2, RBE3, noStaticModes."""
    allBoundaryNodes = 1
    RBE2 = 2
    RBE3 = 3
    noStaticModes = 4


def PostProcessingModesToStorage(postProcessingModes):
    """A copy with the outputVariableType stored by name (for a file)."""
    if not isinstance(postProcessingModes, dict) or "outputVariableType" not in postProcessingModes:
        return postProcessingModes
    out = dict(postProcessingModes)
    out["outputVariableType"] = str(out["outputVariableType"])
    return out


def PostProcessingModesFromStorage(postProcessingModes):
    """The outputVariableType name turned back into coordyn's OutputVariableType (in place)."""
    if not isinstance(postProcessingModes, dict) or "outputVariableType" not in postProcessingModes:
        return postProcessingModes
    v = postProcessingModes["outputVariableType"]
    if isinstance(v, str):
        from .items import OutputVariableType
        name = v.replace("OutputVariableType.", "")
        if not hasattr(OutputVariableType, name):
            raise ValueError(f"FEMinterface: unknown outputVariableType '{v}' in "
                             f"postProcessingModes")
        postProcessingModes["outputVariableType"] = getattr(OutputVariableType, name)
    return postProcessingModes


# ----------------------------------------------------------------- FEMinterface
def _surface_of(elements):
    """(surface triangles, 6-node triangles or None) of volume elements: the faces no other
    element shares, in element order; quadrilateral faces split into two triangles after all
    triangular faces, as Exudyn orders them."""
    faces = {}      # sorted node tuple -> [count, face nodes, 6-node face or None]
    for block in elements:
        for etype in ("Hex8", "Hex20", "Tet4", "Tet10"):
            if etype not in block:
                continue
            pattern = _HEX_QUADS if etype.startswith("Hex") else _TET_TRIGS
            for el in np.asarray(block[etype], dtype=int):
                for f in pattern:
                    nodes = [int(el[i]) for i in f]
                    key = tuple(sorted(nodes))
                    if key in faces:
                        faces[key][0] += 1
                        continue
                    six = None
                    if etype == "Tet10":
                        six = nodes + [int(el[_TET10_MID[tuple(sorted((f[a], f[b])))]])
                                       for a, b in ((0, 1), (1, 2), (2, 0))]
                    faces[key] = [1, nodes, six]
    outer = [(nodes, six) for count, nodes, six in faces.values() if count == 1]
    trigs = [n for n, _ in outer if len(n) == 3]
    quads = [n for n, _ in outer if len(n) == 4]
    for q in quads:
        trigs += [[q[0], q[1], q[2]], [q[0], q[2], q[3]]]
    six = [s for n, s in outer if len(n) == 3]
    all_six = not quads and six and all(s is not None for s in six)
    return trigs, (six if all_six else None)


def _missing_method(name, needs):
    def method(self, *args, **kwargs):
        raise NotImplementedFeatureError(f"FEMinterface.{name} is not available in coordyn: "
                                         f"{needs} (docs: coming_from_exudyn)")
    method.__name__ = name
    method.__doc__ = f"Not available in coordyn: {needs}."
    method._coordyn_missing = f"FEMinterface.{name}: {needs}"
    return method


class FEMinterface:
    """A finite-element mesh with its matrices, as Exudyn's FEMinterface stores them:

    - nodes: {'Position': n x 3 array};
    - elements: [{'Name': ..., 'Hex8' / 'Hex20' / 'Tet4' / 'Tet10': m x k array of 0-based
      node numbers}];
    - massMatrix, stiffnessMatrix: scipy CSR matrices (3 coordinates per node, xyz per node);
    - surface: [{'Name': 'meshSurface', 'Trigs': array of node triples (, 'Trigs6')}];
    - nodeSets, elementSets, modeBasis ({'matrix', 'type'}), eigenValues, postProcessingModes,
      metaData.
    """

    def __init__(self):
        self.metaData = {"source": "unknown"}
        self.nodes = {}
        self.elements = []
        self.massMatrix = None
        self.stiffnessMatrix = None
        self.surface = []
        self.nodeSets = []
        self.elementSets = []
        self.modeBasis = {}
        self.eigenValues = []
        self.postProcessingModes = {}
        self.coordinatesPerNodeType = {"Position": 3, "Position2D": 2, "RigidBodyRxyz": 6,
                                       "RigidBodyEP": 7}

    # -- internal conversions (Exudyn's names)
    def ConvertElementsLists2Numpy(self):
        """Element lists as NumPy arrays."""
        for block in self.elements:
            for key, value in block.items():
                if key != "Name":
                    block[key] = np.asarray(value, dtype=int)

    def ConvertSurfaceLists2Numpy(self):
        """Surface lists as NumPy arrays."""
        for block in self.surface:
            for key, value in block.items():
                if key != "Name":
                    block[key] = np.asarray(value, dtype=int)

    def NumpyArray2ListOfLists(self, matrix):
        """matrix as a list of lists (a list is returned as it is)."""
        return matrix.tolist() if isinstance(matrix, np.ndarray) else matrix

    # -- storage
    def GetDictionary(self):
        """The data as a dict (metaData, nodes, elements, massMatrix, stiffnessMatrix, surface,
        nodeSets, elementSets, modeBasis, eigenValues, postProcessingModes)."""
        return {k: getattr(self, k) for k in _FIELDS}

    def SetWithDictionary(self, dictData, warn=True, fromNPZ=False):
        """Set the data from a dict as GetDictionary gives it (or as an NPZ file holds it)."""
        for key in _FIELDS:
            if key not in dictData:
                if warn and key != "metaData":
                    import warnings
                    warnings.warn(f"FEMinterface.SetWithDictionary: key '{key}' not found",
                                  UserWarning, stacklevel=2)
                continue
            value = dictData[key]
            if fromNPZ:
                value = value.tolist() if key in ("elements", "surface", "nodeSets",
                                                  "elementSets") else (
                    value.item() if key not in ("eigenValues",) else value)
            if key == "eigenValues":
                value = np.asarray(value, dtype=float)
            setattr(self, key, value)
        self.postProcessingModes = PostProcessingModesFromStorage(self.postProcessingModes)
        self.ConvertElementsLists2Numpy()
        self.ConvertSurfaceLists2Numpy()

    def SaveToFile(self, fileName, fileVersion=4, mode=None):
        """Save all data: NumPy's NPZ (default, '.npz') or pickle ('.pkl', mode='PKL')."""
        fileName, ext, mode = FileNameToMode(fileName, mode)
        _check_file_mode(mode)
        data = self.GetDictionary()
        data["fileVersion"] = int(fileVersion)
        data["type"] = "FEMinterface"
        data["postProcessingModes"] = PostProcessingModesToStorage(self.postProcessingModes)
        folder = os.path.dirname(fileName + ext)
        if folder:
            os.makedirs(folder, exist_ok=True)
        if mode == "NPZ":
            np.savez(fileName + ext, **{k: _npz_value(v) for k, v in data.items()})
        else:
            with open(fileName + ext, "wb") as f:
                pickle.dump(data, f)

    def LoadFromFile(self, fileName, forceVersion=None, mode=None):
        """Load data saved by SaveToFile (NPZ or PKL); returns the file version."""
        fileName, ext, mode = FileNameToMode(fileName, mode)
        _check_file_mode(mode)
        if mode == "NPZ":
            with np.load(fileName + ext, allow_pickle=True) as d:
                self.SetWithDictionary(d, fromNPZ=True)
                version = int(d["fileVersion"]) if "fileVersion" in d else None
        else:
            with open(fileName + ext, "rb") as f:
                d = pickle.load(f)
            self.SetWithDictionary(d)
            version = d.get("fileVersion")
        return forceVersion if forceVersion is not None else version

    # -- import
    def ImportFromAbaqusInputFile(self, fileName, typeName="Part", name="Part-1", verbose=False,
                                  createSurfaceTrigs=True, surfaceTrigsAll=False):
        """Import the nodes and elements (C3D4, C3D10, C3D8(R), C3D20(R): one part or instance,
        the first ``*<typeName>`` of the file) of an Abaqus input file, with 0-based node numbers;
        creates the surface triangles (of all element faces with surfaceTrigsAll). Returns the
        nodes as an n x 3 array."""
        nodes, etype, elements = _read_abaqus(fileName, typeName)
        self.elements.append({"Name": "elements", etype: elements})
        self.nodes["Position"] = nodes
        if createSurfaceTrigs:
            if surfaceTrigsAll:
                convert = ConvertHexToTrigs if etype.startswith("Hex") else ConvertTetToTrigs
                trigs = [t for el in elements for t in convert(el[:8 if etype[0] == "H" else 4])]
                self.surface.append({"Name": "meshSurface", "Trigs": trigs})
            else:
                self.VolumeToSurfaceElements(verbose)
        self.ConvertElementsLists2Numpy()
        self.ConvertSurfaceLists2Numpy()
        self.metaData["source"] = "ABAQUS"
        return nodes.copy()

    def _read_abaqus_matrix(self, fileName, which):
        t = np.loadtxt(fileName, ndmin=2)
        if t.ndim != 2 or t.shape[1] != 3:
            raise ValueError(f"FEMinterface.Read{which}MatrixFromAbaqus: '{fileName}' must hold "
                             f"one 'row column value' triplet per line, got shape {t.shape}")
        t[:, 0:2] -= 1     # Abaqus counts from 1
        return SparseTripletsToScipySparseCSR(t)

    def ReadMassMatrixFromAbaqus(self, fileName, type="SparseRowColumnValue"):
        """Read the mass matrix Abaqus writes with ``*MATRIX OUTPUT, MASS, FORMAT=COORDINATE``
        (1-based 'row column value' lines)."""
        self.massMatrix = self._read_abaqus_matrix(fileName, "Mass")

    def ReadStiffnessMatrixFromAbaqus(self, fileName, type="SparseRowColumnValue"):
        """Read the stiffness matrix (as ReadMassMatrixFromAbaqus)."""
        self.stiffnessMatrix = self._read_abaqus_matrix(fileName, "Stiffness")

    # -- matrices
    def _need(self, key, where):
        m = getattr(self, key)
        if m is None:
            raise ValueError(f"FEMinterface.{where}: no {key}: read or set it first "
                             f"(ReadMassMatrixFromAbaqus, ReadStiffnessMatrixFromAbaqus, ...)")
        return m

    def GetMassMatrix(self, sparse=True):
        """The mass matrix: scipy CSR (sparse=True) or dense array."""
        m = self._need("massMatrix", "GetMassMatrix")
        return m if sparse else CompressedRowSparseToDenseMatrix(m)

    def GetStiffnessMatrix(self, sparse=True):
        """The stiffness matrix: scipy CSR (sparse=True) or dense array."""
        m = self._need("stiffnessMatrix", "GetStiffnessMatrix")
        return m if sparse else CompressedRowSparseToDenseMatrix(m)

    def ScaleMassMatrix(self, factor):
        """Multiply the mass matrix by factor."""
        self.massMatrix = self._need("massMatrix", "ScaleMassMatrix") * factor

    def ScaleStiffnessMatrix(self, factor):
        """Multiply the stiffness matrix by factor."""
        self.stiffnessMatrix = self._need("stiffnessMatrix", "ScaleStiffnessMatrix") * factor

    def _node_coordinates(self, nodeNumber, values, where, name):
        if len(self.nodes) != 1:
            raise ValueError(f"FEMinterface.{where}: needs exactly one node type, got "
                             f"{list(self.nodes)}")
        size = self.coordinatesPerNodeType[next(iter(self.nodes))]
        if not 0 <= int(nodeNumber) < self.NumberOfNodes():
            raise ValueError(f"FEMinterface.{where}: nodeNumber {nodeNumber} is not a node "
                             f"(0 .. {self.NumberOfNodes() - 1})")
        v = np.broadcast_to(np.asarray(values, dtype=float), (size,)) if np.ndim(values) == 0 \
            else np.asarray(values, dtype=float)
        if v.shape != (size,):
            raise ValueError(f"FEMinterface.{where}: {name} must have {size} entries (one per "
                             f"node coordinate), got {np.shape(values)}")
        return int(nodeNumber) * size, v

    def AddElasticSupportAtNode(self, nodeNumber, springStiffness=[1e8, 1e8, 1e8]):  # noqa: B006
        """Add springStiffness to the diagonal of the stiffness matrix at the node's
        coordinates (a support to ground)."""
        i0, k = self._node_coordinates(nodeNumber, springStiffness, "AddElasticSupportAtNode",
                                       "springStiffness")
        K = self._need("stiffnessMatrix", "AddElasticSupportAtNode")
        for i, v in enumerate(k):
            K = AddEntryToCompressedRowSparseArray(K, i0 + i, i0 + i, v)
        self.stiffnessMatrix = K

    def AddNodeMass(self, nodeNumber, addedMass):
        """Add a point mass at the node (to the mass matrix's diagonal)."""
        i0, m = self._node_coordinates(nodeNumber, addedMass, "AddNodeMass", "addedMass")
        M = self._need("massMatrix", "AddNodeMass")
        for i, v in enumerate(m):
            M = AddEntryToCompressedRowSparseArray(M, i0 + i, i0 + i, v)
        self.massMatrix = M

    def GetGyroscopicMatrix(self, rotationAxis=2, sparse=True):
        """G = blockdiag(Skew(e_axis)) M: the gyroscopic matrix of the mesh rotating about the
        x (0), y (1) or z (2) axis (the rotor term Omega G q_t)."""
        if rotationAxis not in (0, 1, 2):
            raise ValueError(f"FEMinterface.GetGyroscopicMatrix: rotationAxis must be 0, 1 or "
                             f"2, got {rotationAxis!r}")
        e = np.zeros(3)
        e[rotationAxis] = 1.0
        X = np.array([[0, -e[2], e[1]], [e[2], 0, -e[0]], [-e[1], e[0], 0]])
        n = self.NumberOfNodes()
        M = self._need("massMatrix", "GetGyroscopicMatrix")
        if sparse:
            from scipy import sparse as sp
            return (sp.kron(sp.eye(n), X) @ M).tocsr()
        return np.kron(np.eye(n), X) @ CompressedRowSparseToDenseMatrix(M)

    def GetRigidBodyInertia(self):
        """The mass, centre of mass and inertia tensor (about the origin of the mesh) of the
        mass matrix as a coordyn RigidBodyInertia."""
        from .rigidBodyUtilities import RigidBodyInertia
        x = self.GetNodePositionsAsArray().reshape(-1)
        n = self.NumberOfNodes()
        M = self.GetMassMatrix()
        S = np.kron(np.ones(n), np.eye(3)).T          # 3n x 3: rigid translation
        Xs = np.zeros((3 * n, 3))
        for i in range(n):                               # 3n x 3: -Skew(x_i) per node
            p = x[3 * i:3 * i + 3]
            Xs[3 * i:3 * i + 3] = -np.array([[0, -p[2], p[1]], [p[2], 0, -p[0]],
                                             [-p[1], p[0], 0]])
        mass = float((S.T @ (M @ S))[0, 0])
        com = (S.T @ (M @ x)) / mass
        inertia = Xs.T @ (M @ Xs)
        return RigidBodyInertia(mass=mass, inertiaTensor=inertia, com=com,
                                inertiaTensorAtCOM=False)

    def ComputeEigenmodes(self, nModes, excludeRigidBodyModes=0, useSparseSolver=True):
        """The nModes lowest modes of K phi = omega^2 M phi after excludeRigidBodyModes rigid
        body modes: modeBasis {'matrix': 3n x nModes, 'type': 'NormalModes'} (mass-normalized)
        and eigenValues omega^2 (dense solver: all of them; sparse solver (scipy's eigsh,
        shift-invert at 0): the nModes kept)."""
        nModes, skip = int(nModes), int(excludeRigidBodyModes)
        if nModes < 1 or skip < 0:
            raise ValueError(f"FEMinterface.ComputeEigenmodes: nModes must be >= 1 and "
                             f"excludeRigidBodyModes >= 0, got {nModes}, {skip}")
        if not useSparseSolver:
            from scipy.linalg import eigh
            w, V = eigh(self.GetStiffnessMatrix(sparse=False), self.GetMassMatrix(sparse=False))
            self.modeBasis = {"matrix": V[:, skip:skip + nModes], "type": "NormalModes"}
            self.eigenValues = np.abs(w)
        else:
            from scipy.sparse.linalg import eigsh
            w, V = eigsh(A=self.GetStiffnessMatrix(sparse=True), k=nModes + skip,
                         M=self.GetMassMatrix(sparse=True), which="LM", sigma=0, mode="normal")
            order = np.argsort(np.abs(w))
            w, V = w[order], V[:, order]
            self.modeBasis = {"matrix": V[:, skip:skip + nModes], "type": "NormalModes"}
            self.eigenValues = np.abs(w[skip:skip + nModes])

    def GetEigenFrequenciesHz(self):
        """sqrt(eigenValues) / (2 pi) of the last ComputeEigenmodes."""
        return np.sqrt(np.asarray(self.eigenValues, dtype=float)) / (2.0 * np.pi)

    # -- nodes
    def NumberOfNodes(self):
        """Number of nodes (all node types)."""
        return int(sum(len(v) for v in self.nodes.values()))

    def NumberOfCoordinates(self):
        """Number of coordinates of all nodes (3 per Position node)."""
        return int(sum(len(v) * self.coordinatesPerNodeType[k] for k, v in self.nodes.items()))

    def GetNodePositionsAsArray(self):
        """The n x 3 array of node positions (one node type only)."""
        if len(self.nodes) != 1:
            raise ValueError(f"FEMinterface.GetNodePositionsAsArray: needs exactly one node "
                             f"type, got {list(self.nodes)}")
        return self.nodes[next(iter(self.nodes))]

    def GetNodePositionsMean(self, nodeNumberList):
        """The mean position of the nodes in nodeNumberList."""
        return np.mean(self.GetNodePositionsAsArray()[list(nodeNumberList)], axis=0)

    def _positions(self, where):
        if len(self.nodes) != 1 or "Position" not in self.nodes:
            raise ValueError(f"FEMinterface.{where}: only Position nodes allowed, got "
                             f"{list(self.nodes)}")
        return np.asarray(self.nodes["Position"], dtype=float)

    def GetNodeAtPoint(self, point, tolerance=1e-5, raiseException=True):
        """The first node whose coordinates all lie within tolerance of point; -1 (or a
        ValueError with raiseException) if none."""
        X = self._positions("GetNodeAtPoint")
        hit = np.nonzero(np.abs(X - np.asarray(point, dtype=float)).max(axis=1) <= tolerance)[0]
        if len(hit):
            return int(hit[0])
        if raiseException:
            raise ValueError(f"FEMinterface.GetNodeAtPoint: no node within {tolerance} of "
                             f"{list(point)}")
        return -1

    def GetNodesInPlane(self, point, normal, tolerance=1e-5):
        """The nodes with ``abs((x - point) @ normal) <= tolerance`` (normal as given, not
        normalized, as in Exudyn)."""
        X = self._positions("GetNodesInPlane")
        d = (X - np.asarray(point, dtype=float)) @ np.asarray(normal, dtype=float)
        return [int(i) for i in np.nonzero(np.abs(d) <= tolerance)[0]]

    def GetNodesInCube(self, pMin, pMax):
        """The nodes with pMin <= x <= pMax (componentwise)."""
        X = self._positions("GetNodesInCube")
        inside = np.all((X >= np.asarray(pMin)) & (X <= np.asarray(pMax)), axis=1)
        return [int(i) for i in np.nonzero(inside)[0]]

    def GetNodesOnLine(self, p1, p2, tolerance=1e-5):
        """The nodes on the segment p1-p2 (within tolerance)."""
        return self.GetNodesOnCylinder(p1, p2, radius=0, tolerance=tolerance)

    def GetNodesOnCylinder(self, p1, p2, radius, tolerance=1e-5):
        """The nodes at distance radius (within tolerance) from the axis p1-p2, between the
        planes through p1 and p2 normal to it."""
        X = self._positions("GetNodesOnCylinder")
        p1 = np.asarray(p1, dtype=float)
        axis = np.asarray(p2, dtype=float) - p1
        length = float(np.linalg.norm(axis))
        if length != 0:
            axis = axis / length
        s = (X - p1) @ axis
        r = np.linalg.norm(X - p1 - np.outer(s, axis), axis=1)
        ok = (s <= length + tolerance) & (s >= -tolerance) & (np.abs(r - radius) <= tolerance)
        return [int(i) for i in np.nonzero(ok)[0]]

    def GetNodesOnCircle(self, point, normal, r, tolerance=1e-5):
        """The nodes in the plane (point, normal) at distance r from point (within tolerance:
        ``abs(norm(x - point)**2 - r**2) <= tolerance**2``, as Exudyn)."""
        X = self._positions("GetNodesOnCircle")
        d = X - np.asarray(point, dtype=float)
        ok = (np.abs(d @ np.asarray(normal, dtype=float)) <= tolerance) & \
             (np.abs(np.einsum("ij,ij->i", d, d) - r * r) <= tolerance ** 2)
        return [int(i) for i in np.nonzero(ok)[0]]

    def GetNodeWeightsFromSurfaceAreas(self, nodeList, normalizeWeights=True):
        """Weights of the nodes in nodeList from the surface triangles whose three nodes all
        belong to it: each such triangle gives a third of its area to each of its nodes; the
        weights sum to 1 with normalizeWeights (for MarkerSuperElement... weightingFactors)."""
        if len(self.surface) != 1 or "Trigs" not in self.surface[0]:
            raise ValueError("FEMinterface.GetNodeWeightsFromSurfaceAreas: needs one surface "
                             "with triangles (ImportFromAbaqusInputFile or "
                             "VolumeToSurfaceElements makes it)")
        X = self.GetNodePositionsAsArray()
        local = -np.ones(self.NumberOfNodes(), dtype=int)
        local[np.asarray(nodeList, dtype=int)] = np.arange(len(nodeList))
        w = np.zeros(len(nodeList))
        for t in np.asarray(self.surface[0]["Trigs"], dtype=int):
            if np.all(local[t] >= 0):
                area = 0.5 * np.linalg.norm(np.cross(X[t[1]] - X[t[0]], X[t[2]] - X[t[0]]))
                w[local[t]] += area / 3.0
        if w.sum() == 0:
            raise ValueError("FEMinterface.GetNodeWeightsFromSurfaceAreas: no surface triangle "
                             "has all its nodes in nodeList")
        return w / w.sum() if normalizeWeights else w

    def GetSurfaceTriangles(self):
        """All surface triangles as a list of node-number triples."""
        out = []
        for s in self.surface:
            if "Trigs" in s:
                out += self.NumpyArray2ListOfLists(s["Trigs"])
        return out

    def GetSurfaceTriangles6(self):
        """The 6-node surface triangles (of Tet10 meshes); [] if a surface has none."""
        out = []
        for s in self.surface:
            if "Trigs" in s:
                if "Trigs6" not in s:
                    return []
                out += self.NumpyArray2ListOfLists(s["Trigs6"])
        return out

    def VolumeToSurfaceElements(self, verbose=False):
        """Make the surface triangles ('meshSurface') of the Hex8, Hex20, Tet4 and Tet10
        elements: the faces that belong to one element only (quadrilaterals split in two)."""
        trigs, six = _surface_of(self.elements)
        entry = next((s for s in self.surface if s.get("Name") == "meshSurface"), None)
        if entry is None:
            entry = {"Name": "meshSurface"}
            self.surface.append(entry)
        entry["Trigs"] = trigs
        entry.pop("Trigs6", None)
        if six:
            entry["Trigs6"] = six
        self.ConvertSurfaceLists2Numpy()

    def GetBoundaryNodeSetsAsLists(self):
        """The node numbers of every node set of type 'boundary'."""
        return [list(s["NodeNumbers"]) for s in self.nodeSets if s.get("type") == "boundary"]

    def CheckConsistency(self):
        """A ValueError when the matrices' sizes differ from 3 x number of nodes."""
        n = 3 * self.NumberOfNodes()
        for key in ("massMatrix", "stiffnessMatrix"):
            rows, cols = CSRtoRowsAndColumns(getattr(self, key))
            if (rows, cols) != (n, n):
                raise ValueError(f"FEMinterface.CheckConsistency: {key} is {rows} x {cols}, "
                                 f"the {self.NumberOfNodes()} nodes need {n} x {n}")

    def CreateLinearFEMObjectGenericODE2(self, mbs, color=[0.9, 0.4, 0.4, 1.0]):  # noqa: B006
        """Add a NodePoint per mesh node and an ObjectGenericODE2 with the mass and stiffness
        matrices to mbs; returns [object number, node numbers]."""
        from .items import NodePoint, ObjectGenericODE2, VObjectGenericODE2
        from .matrixcontainer import MatrixContainer
        nodes = [mbs.AddNode(NodePoint(referenceCoordinates=p))
                 for p in self.GetNodePositionsAsArray()]
        n = self.NumberOfCoordinates()
        M, K = MatrixContainer(), MatrixContainer()
        M.SetWithSparseMatrix(self.GetMassMatrix(sparse=True), n, n, useDenseMatrix=False)
        K.SetWithSparseMatrix(self.GetStiffnessMatrix(sparse=True), n, n, useDenseMatrix=False)
        obj = mbs.AddObject(ObjectGenericODE2(
            nodeNumbers=nodes, massMatrix=M, stiffnessMatrix=K,
            visualization=VObjectGenericODE2(triangleMesh=self.GetSurfaceTriangles(),
                                             color=color)))
        return [obj, nodes]

    GetNodesOfNGsolveBoundary = _missing_method("GetNodesOfNGsolveBoundary", _NGSOLVE)
    CreateNGsolveBoundaryNodeSets = _missing_method("CreateNGsolveBoundaryNodeSets", _NGSOLVE)
    ImportMeshFromNGsolve = _missing_method("ImportMeshFromNGsolve", _NGSOLVE)
    ComputeEigenmodesNGsolve = _missing_method("ComputeEigenmodesNGsolve", _NGSOLVE)
    ComputeHurtyCraigBamptonModesNGsolve = _missing_method(
        "ComputeHurtyCraigBamptonModesNGsolve", _NGSOLVE)
    ComputePostProcessingModesNGsolve = _missing_method("ComputePostProcessingModesNGsolve",
                                                        _NGSOLVE)
    CreateNonlinearFEMObjectGenericODE2NGsolve = _missing_method(
        "CreateNonlinearFEMObjectGenericODE2NGsolve", _NGSOLVE)
    ComputeEigenModesWithBoundaryNodes = _missing_method(
        "ComputeEigenModesWithBoundaryNodes", "the boundary-node modes belong to the "
        "Hurty-Craig-Bampton reduction for ObjectFFRFreducedOrder, which coordyn does not have")
    ComputeHurtyCraigBamptonModes = _missing_method("ComputeHurtyCraigBamptonModes", _FFRF)
    InternalComputePostprocessingMode = _missing_method("InternalComputePostprocessingMode",
                                                        _FFRF)
    ComputePostProcessingModes = _missing_method("ComputePostProcessingModes", _FFRF)
    ComputeCampbellDiagram = _missing_method("ComputeCampbellDiagram",
                                             "the Campbell diagram needs the gyroscopic modes "
                                             "of ObjectFFRFreducedOrder, not in coordyn")
    ReadMassMatrixFromAnsys = _missing_method("ReadMassMatrixFromAnsys", _ANSYS)
    ReadStiffnessMatrixFromAnsys = _missing_method("ReadStiffnessMatrixFromAnsys", _ANSYS)
    ReadNodalCoordinatesFromAnsys = _missing_method("ReadNodalCoordinatesFromAnsys", _ANSYS)
    ReadElementsFromAnsys = _missing_method("ReadElementsFromAnsys", _ANSYS)


_FIELDS = ("metaData", "nodes", "elements", "massMatrix", "stiffnessMatrix", "surface",
           "nodeSets", "elementSets", "modeBasis", "eigenValues", "postProcessingModes")


def _check_file_mode(mode):
    if mode == "HDF5":
        raise NotImplementedFeatureError("FEMinterface files in HDF5 are not available in "
                                         "coordyn; use mode 'NPZ' or 'PKL' (docs: "
                                         "coming_from_exudyn)")
    if mode == "NPY":
        raise NotImplementedFeatureError("FEMinterface files in NPY (deprecated in Exudyn, "
                                         "broken under NumPy 2) are not available in coordyn; "
                                         "use mode 'NPZ' or 'PKL' (docs: coming_from_exudyn)")


def _npz_value(v):
    """v as np.savez stores it: dicts, lists and sparse matrices as 0-d object arrays."""
    if isinstance(v, np.ndarray):
        return v
    a = np.empty((), dtype=object)
    a[()] = v
    if isinstance(v, list):
        b = np.empty(len(v), dtype=object)
        for i, x in enumerate(v):
            b[i] = x
        return b
    return a
