"""coordyn.FEM (Exudyn's exudyn.FEM): Abaqus mesh and matrix import, node searches, surfaces and
surface weights, eigenmodes, gyroscopic matrix, supports, save/load, the FEM object in a system,
materials and Tet4 strains, each against a closed form, and against Exudyn 1.13.6 on the same
files; the floating-frame parts raise NotImplementedFeatureError."""
import coordyn as cd
import coordyn.FEM as fem_module
import numpy as np
import pytest
from coordyn.exudyn._notyet import NotImplementedFeatureError
from coordyn.FEM import (
    FEMinterface,
    KirchhoffMaterial,
    SparseTripletsToScipySparseCSR,
    Tet4,
)

# a 2 x 1 x 1 block of two Hex8 elements: 12 nodes on the grid x in {0, 1, 2}, y, z in {0, 1}
GRID = [(x, y, z) for z in (0, 1) for y in (0, 1) for x in (0, 1, 2)]


def node(x, y, z):
    return GRID.index((x, y, z))


def hex_element(x0):
    """Abaqus C3D8 order: bottom face counter-clockwise (seen from +z), then the top face"""
    return [node(x0, 0, 0), node(x0 + 1, 0, 0), node(x0 + 1, 1, 0), node(x0, 1, 0),
            node(x0, 0, 1), node(x0 + 1, 0, 1), node(x0 + 1, 1, 1), node(x0, 1, 1)]


K_SPRING, M_NODE = 100.0, 2.0


def write_model(folder):
    """block.inp (Abaqus input), block_MASS1.mtx (lumped mass M_NODE per coordinate) and
    block_STIF1.mtx (springs K_SPRING between neighbouring nodes along x in every direction,
    1-based 'row col value' lines as Abaqus writes them)."""
    inp = ["*Heading", "*Part, name=Part-1", "*Node"]
    inp += [f"{i + 1}, {x:.1f}, {y:.1f}, {z:.1f}" for i, (x, y, z) in enumerate(GRID)]
    inp += ["*Element, type=C3D8"]
    for e, x0 in enumerate((0, 1)):
        nodes = [n + 1 for n in hex_element(x0)]
        inp += [f"{e + 1}, " + ", ".join(map(str, nodes[:6])) + ",",
                ", ".join(map(str, nodes[6:]))]     # continued on the next line
    inp += ["*End Part"]
    (folder / "block.inp").write_text("\n".join(inp) + "\n")
    n = 3 * len(GRID)
    (folder / "block_MASS1.mtx").write_text("".join(f"{i + 1} {i + 1} {M_NODE}\n"
                                                    for i in range(n)))
    K = stiffness()
    r, c = np.nonzero(K)
    (folder / "block_STIF1.mtx").write_text("".join(f"{a + 1} {b + 1} {float(K[a, b])!r}\n"
                                                    for a, b in zip(r, c)))
    return str(folder / "block")


def stiffness():
    n = 3 * len(GRID)
    K = np.zeros((n, n))
    for (x, y, z) in GRID:
        if x < 2:
            a, b = node(x, y, z), node(x + 1, y, z)
            for d in range(3):
                i, j = 3 * a + d, 3 * b + d
                K[i, i] += K_SPRING
                K[j, j] += K_SPRING
                K[i, j] -= K_SPRING
                K[j, i] -= K_SPRING
    return K


@pytest.fixture
def fem(tmp_path):
    base = write_model(tmp_path)
    f = FEMinterface()
    nodes = f.ImportFromAbaqusInputFile(base + ".inp", typeName="Part", name="Part-1")
    f.ReadMassMatrixFromAbaqus(base + "_MASS1.mtx")
    f.ReadStiffnessMatrixFromAbaqus(base + "_STIF1.mtx")
    f._base, f._nodes = base, nodes
    return f


def test_import_nodes_elements_and_surface(fem):
    np.testing.assert_array_equal(fem._nodes, np.array(GRID, dtype=float))
    np.testing.assert_array_equal(fem.elements[0]["Hex8"], [hex_element(0), hex_element(1)])
    assert fem.NumberOfNodes() == 12 and fem.NumberOfCoordinates() == 36
    trigs = np.array(fem.GetSurfaceTriangles())
    # 10 outer quads (the face x = 1 between the elements is inside) -> 20 triangles
    assert trigs.shape == (20, 3)
    inner = {node(1, y, z) for y in (0, 1) for z in (0, 1)}
    assert not any(set(t) <= inner for t in trigs.tolist())
    # consistently oriented: with the C3D8 order above, every normal points into the block (as
    # in Exudyn, whose face lists coordyn's are)
    X = fem.GetNodePositionsAsArray()
    centre = X.mean(axis=0)
    for t in trigs:
        nrm = np.cross(X[t[1]] - X[t[0]], X[t[2]] - X[t[0]])
        assert nrm @ (X[t].mean(axis=0) - centre) < 0
    assert fem.metaData["source"] == "ABAQUS"


def test_matrices_are_read_one_based(fem):
    np.testing.assert_array_equal(fem.GetStiffnessMatrix(sparse=False), stiffness())
    np.testing.assert_array_equal(fem.GetMassMatrix(sparse=False), M_NODE * np.eye(36))
    assert fem.GetMassMatrix().format == "csr"
    fem.ScaleStiffnessMatrix(0.5)
    fem.ScaleMassMatrix(3)
    np.testing.assert_array_equal(fem.GetStiffnessMatrix(sparse=False), 0.5 * stiffness())
    assert fem.GetMassMatrix(sparse=False)[5, 5] == 3 * M_NODE


def test_node_searches(fem):
    assert fem.GetNodeAtPoint([2, 1, 0]) == node(2, 1, 0)
    assert fem.GetNodeAtPoint([2, 1, 0.5], raiseException=False) == -1
    with pytest.raises(ValueError, match=r"GetNodeAtPoint: no node within 1e-05 of \[2, 1, 0.5\]"):
        fem.GetNodeAtPoint([2, 1, 0.5])
    assert fem.GetNodesInPlane([2, 0, 0], [1, 0, 0]) == sorted(node(2, y, z) for y in (0, 1)
                                                                for z in (0, 1))
    assert fem.GetNodesInCube([0.5, -1, -1], [1.5, 0.5, 2]) == sorted([node(1, 0, 0),
                                                                      node(1, 0, 1)])
    assert fem.GetNodesOnLine([0, 0, 0], [2, 0, 0]) == [node(x, 0, 0) for x in (0, 1, 2)]
    # the cylinder of radius sqrt(2) about the line y = z = 0 holds the nodes y = z = 1
    assert fem.GetNodesOnCylinder([0, 0, 0], [2, 0, 0], np.sqrt(2)) == [node(x, 1, 1)
                                                                       for x in (0, 1, 2)]
    assert fem.GetNodesOnCircle([1, 0, 0], [1, 0, 0], 1.0) == sorted([node(1, 1, 0),
                                                                     node(1, 0, 1)])
    np.testing.assert_allclose(fem.GetNodePositionsMean([node(0, 0, 0), node(2, 1, 1)]),
                               [1, 0.5, 0.5])


def test_surface_weights_give_the_area_centroid(fem):
    """Each triangle gives a third of its area to each node: the weighted node positions are
    the area centroid of the face (here the 2 x 1 face y = 0 with its middle nodes)."""
    face = fem.GetNodesInPlane([0, 0, 0], [0, 1, 0])
    w = fem.GetNodeWeightsFromSurfaceAreas(face)
    assert w.sum() == pytest.approx(1, abs=1e-15)
    X = fem.GetNodePositionsAsArray()[face]
    np.testing.assert_allclose(w @ X, [1, 0, 0.5], atol=1e-15)
    areas = fem.GetNodeWeightsFromSurfaceAreas(face, normalizeWeights=False)
    assert areas.sum() == pytest.approx(2.0)          # the face's area
    with pytest.raises(ValueError, match="no surface triangle has all its nodes in nodeList"):
        fem.GetNodeWeightsFromSurfaceAreas([0, 1])


@pytest.mark.parametrize("sparse", [False, True])
def test_eigenmodes_of_the_spring_chains(fem, sparse):
    """Each of the 12 chains (4 lines of 3 nodes x 3 directions) of springs k and masses m is
    free-free: omega^2 in {0, k/m, 3 k/m}, each 12 times; modes are mass-normalized. The sparse
    solver (shift-invert at 0) needs a regular K: there every coordinate gets a support ks,
    which adds ks/m to every omega^2."""
    ks = 10.0 if sparse else 0.0
    if sparse:
        for i in range(12):
            fem.AddElasticSupportAtNode(i, springStiffness=[ks] * 3)
    fem.ComputeEigenmodes(6, excludeRigidBodyModes=12, useSparseSolver=sparse)
    f = fem.GetEigenFrequenciesHz()
    expected = np.sqrt((K_SPRING + ks) / M_NODE) / (2 * np.pi)
    if sparse:
        np.testing.assert_allclose(f, expected, rtol=1e-9)
    else:
        np.testing.assert_allclose(f[:12], 0, atol=1e-6)
        np.testing.assert_allclose(f[12:24], expected, rtol=1e-12)
        np.testing.assert_allclose(f[24:], np.sqrt(3) * expected, rtol=1e-12)
    Phi = fem.modeBasis["matrix"]
    assert Phi.shape == (36, 6) and fem.modeBasis["type"] == "NormalModes"
    np.testing.assert_allclose(Phi.T @ fem.GetMassMatrix(sparse=False) @ Phi, np.eye(6),
                               atol=1e-9)
    K = fem.GetStiffnessMatrix(sparse=False)
    np.testing.assert_allclose(Phi.T @ K @ Phi, (K_SPRING + ks) / M_NODE * np.eye(6), atol=1e-8)


def test_supports_masses_and_gyroscopic_matrix(fem):
    n = node(0, 0, 0)
    fem.AddElasticSupportAtNode(n, springStiffness=[1e3, 2e3, 3e3])
    fem.AddNodeMass(n, 0.5)
    K, M = fem.GetStiffnessMatrix(sparse=False), fem.GetMassMatrix(sparse=False)
    np.testing.assert_array_equal(np.diag(K - stiffness())[0:3], [1e3, 2e3, 3e3])
    assert np.count_nonzero(K - stiffness()) == 3
    assert M[0, 0] == M_NODE + 0.5 and M[3, 3] == M_NODE
    # G = blockdiag(Skew(e_z)) M; for this diagonal M: G[3i, 3i+1] = -m, G[3i+1, 3i] = m
    G = fem.GetGyroscopicMatrix(rotationAxis=2, sparse=False)
    assert G[3, 4] == -M_NODE and G[4, 3] == M_NODE and G[5, 5] == 0
    np.testing.assert_array_equal(fem.GetGyroscopicMatrix(2, sparse=True).toarray(), G)
    with pytest.raises(ValueError, match="springStiffness must have 3 entries"):
        fem.AddElasticSupportAtNode(n, springStiffness=[1, 2])
    with pytest.raises(ValueError, match="nodeNumber 12 is not a node"):
        fem.AddNodeMass(12, 1.0)
    with pytest.raises(ValueError, match="rotationAxis must be 0, 1 or 2"):
        fem.GetGyroscopicMatrix(rotationAxis=3)


def test_rigid_body_inertia_of_the_lumped_masses(fem):
    rbi = fem.GetRigidBodyInertia()
    X = np.array(GRID, dtype=float)
    assert rbi.mass == pytest.approx(12 * M_NODE)
    np.testing.assert_allclose(rbi.com, X.mean(axis=0), atol=1e-15)
    # inertia about the origin: sum m (|x|^2 I - x x^T)
    J = sum(M_NODE * ((x @ x) * np.eye(3) - np.outer(x, x)) for x in X)
    np.testing.assert_allclose(rbi.InertiaCOM() + rbi.mass * (
        (rbi.com @ rbi.com) * np.eye(3) - np.outer(rbi.com, rbi.com)), J, atol=1e-12)


@pytest.mark.parametrize("name", ["data", "data.npz", "data.pkl"])
def test_save_and_load_round_trip(fem, tmp_path, name):
    fem.ComputeEigenmodes(3, excludeRigidBodyModes=12, useSparseSolver=False)
    fem.SaveToFile(str(tmp_path / "sub" / name))
    g = FEMinterface()
    g.LoadFromFile(str(tmp_path / "sub" / name))
    for key in ("massMatrix", "stiffnessMatrix"):
        assert (getattr(g, key) != getattr(fem, key)).nnz == 0
    np.testing.assert_array_equal(g.nodes["Position"], fem.nodes["Position"])
    np.testing.assert_array_equal(g.elements[0]["Hex8"], fem.elements[0]["Hex8"])
    assert g.GetSurfaceTriangles() == fem.GetSurfaceTriangles()
    np.testing.assert_array_equal(g.modeBasis["matrix"], fem.modeBasis["matrix"])
    np.testing.assert_array_equal(g.eigenValues, fem.eigenValues)
    assert g.metaData == {"source": "ABAQUS"}
    with pytest.raises(NotImplementedFeatureError, match="HDF5 are not available in coordyn"):
        fem.SaveToFile(str(tmp_path / "x.hdf5"))
    with pytest.raises(ValueError, match="does not fit mode 'PKL'"):
        fem.SaveToFile(str(tmp_path / "x.npz"), mode="PKL")


def test_linear_fem_object_solves_the_static_chain(fem):
    """CreateLinearFEMObjectGenericODE2 in a system: with supports at the nodes x = 0 and a
    force F in x at each node x = 2, each chain stretches by F / k_support + 2 F / k."""
    ks, F = 1e4, 3.0
    for y in (0, 1):
        for z in (0, 1):
            fem.AddElasticSupportAtNode(node(0, y, z), springStiffness=[ks] * 3)
    # the y and z motion of the other nodes is held by soft supports (nothing loads it)
    for (x, y, z) in GRID:
        if x > 0:
            fem.AddElasticSupportAtNode(node(x, y, z), springStiffness=[0, 1, 1])
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    obj, nodes = fem.CreateLinearFEMObjectGenericODE2(mbs)
    assert len(nodes) == 12 and mbs.GetObject(obj)["objectType"] == "GenericODE2"
    for y in (0, 1):
        for z in (0, 1):
            m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[node(2, y, z)]))
            mbs.AddLoad(cd.Force(markerNumber=m, loadVector=[F, 0, 0]))
    mbs.Assemble()
    mbs.SolveStatic()
    u = mbs.GetNodeOutput(nodes[node(2, 1, 0)], cd.OutputVariableType.Displacement)
    np.testing.assert_allclose(u, [F / ks + 2 * F / K_SPRING, 0, 0], rtol=1e-10, atol=1e-14)


def test_materials_and_tet4_strain():
    mat = KirchhoffMaterial(youngsModulus=210e9, poissonsRatio=0.3, density=7800)
    mu, lam = mat.LameParameters()
    eps = np.array([[1e-3, 2e-4, 0], [2e-4, -5e-4, 1e-4], [0, 1e-4, 2e-4]])
    np.testing.assert_allclose(mat.Strain2Stress(eps),
                               lam * np.trace(eps) * np.eye(3) + 2 * mu * eps, rtol=1e-14)
    # uniaxial stress: eps = [s/E, -nu s/E, -nu s/E] gives [s, 0, 0]
    s = mat.StrainVector2StressVector([1e-3, -0.3e-3, -0.3e-3, 0, 0, 0])
    np.testing.assert_allclose(s, [210e6, 0, 0, 0, 0, 0], atol=1e-3)
    np.testing.assert_allclose(mat.StrainVector2StressVector2D([1e-3, -0.3e-3, 0]),
                               [210e6, 0, 0], atol=1e-3)
    # a linear displacement field u = A x: the Tet4 gradient is A exactly
    A = np.array([[1e-3, 2e-4, 0], [0, -5e-4, 3e-4], [1e-4, 0, 2e-4]])
    X = np.array([[0, 0, 0], [1, 0, 0], [0.2, 1, 0], [0.1, 0.3, 0.9]])
    strain, stress, B0, grad = Tet4(mat).ComputeMatrices(X.ravel(), (X @ A.T).ravel())
    np.testing.assert_allclose(grad, A, atol=1e-17)
    np.testing.assert_allclose(B0.sum(axis=0), 0, atol=1e-15)    # shape functions sum to 1
    np.testing.assert_allclose(stress[0], mat.StrainVector2StressVector(strain[0]))
    with pytest.raises(ValueError, match="KirchhoffMaterial: poissonsRatio must be below 0.5"):
        KirchhoffMaterial(youngsModulus=1, poissonsRatio=0.5)
    with pytest.raises(ValueError, match="KirchhoffMaterial: youngsModulus must be a number"):
        KirchhoffMaterial(youngsModulus="x", poissonsRatio=0.3)


def test_bad_files_and_missing_parts(tmp_path):
    f = FEMinterface()
    (tmp_path / "bad.inp").write_text("*Part, name=P\n*Node\n1, 0, 0\n")
    with pytest.raises(ValueError, match="expected a node number and 3 coordinates in line 3"):
        f.ImportFromAbaqusInputFile(str(tmp_path / "bad.inp"))
    (tmp_path / "q.inp").write_text("*Part, name=P\n*Node\n1, 0, 0, 0\n*Element, type=S4R\n")
    with pytest.raises(ValueError, match="element type 'S4R' cannot be imported"):
        f.ImportFromAbaqusInputFile(str(tmp_path / "q.inp"))
    with pytest.raises(ValueError, match="did not find keyword '\\*Instance'"):
        f.ImportFromAbaqusInputFile(str(tmp_path / "q.inp"), typeName="Instance")
    with pytest.raises(ValueError, match="GetMassMatrix: no massMatrix"):
        f.GetMassMatrix()
    with pytest.raises(NotImplementedFeatureError, match="ObjectFFRFreducedOrder"):
        fem_module.ObjectFFRFreducedOrderInterface(f)
    with pytest.raises(NotImplementedFeatureError, match="ObjectFFRF"):
        fem_module.ObjectFFRFinterface(f)
    with pytest.raises(NotImplementedFeatureError, match="FEMinterface.ComputeHurtyCraigBamptonModes"):
        f.ComputeHurtyCraigBamptonModes()
    with pytest.raises(NotImplementedFeatureError, match="NGsolve"):
        f.ImportMeshFromNGsolve(None)
    with pytest.raises(ValueError, match="requires sparse triplets"):
        SparseTripletsToScipySparseCSR(fem_module.SparseTripletsToScipySparseCSR([[0, 0, 1.0]]))


def test_names_and_results_as_exudyn(tmp_path):
    E = pytest.importorskip("exudyn.FEM")
    assert fem_module.__all__ == E.__all__
    base = write_model(tmp_path)
    out = []
    for M in (fem_module, E):
        f = M.FEMinterface()
        r = [f.ImportFromAbaqusInputFile(base + ".inp")]
        f.ReadMassMatrixFromAbaqus(base + "_MASS1.mtx")
        f.ReadStiffnessMatrixFromAbaqus(base + "_STIF1.mtx")
        f.AddElasticSupportAtNode(3, springStiffness=[1e3, 2e3, 3e3])
        r += [np.array(f.GetSurfaceTriangles()), f.GetStiffnessMatrix(sparse=False),
              f.GetNodeWeightsFromSurfaceAreas(f.GetNodesInPlane([0, 0, 0], [0, 1, 0])),
              f.GetGyroscopicMatrix(0, sparse=False)]
        f.ComputeEigenmodes(4, excludeRigidBodyModes=9, useSparseSolver=False)
        r += [f.GetEigenFrequenciesHz()]
        out.append(r)
    for a, b in zip(*out):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-13)
