"""MatrixContainer: dense and sparse storage as Exudyn 1.13.6 keeps them (sizes, triplets kept
as given in sparse storage, errors for entries outside a dense matrix)."""
import coordyn as cd
import numpy as np
import pytest
from scipy.sparse import csr_matrix

A = np.array([[1.0, 5.0], [0.0, 7.0]])


def test_constructor_keeps_scipy_matrices_sparse():
    m = cd.MatrixContainer(csr_matrix(A))
    assert not m.UseDenseMatrix()
    np.testing.assert_array_equal(m.Convert2DenseMatrix(), A)
    d = m.GetPythonObject()
    assert (d["numberOfRows"], d["numberOfColumns"]) == (2, 2)
    np.testing.assert_array_equal(d["triplets"], [[0, 0, 1], [0, 1, 5], [1, 1, 7]])
    dense = cd.MatrixContainer([[1, 2], [3, 4]])
    assert dense.UseDenseMatrix()
    np.testing.assert_array_equal(dense.Convert2DenseMatrix(), [[1, 2], [3, 4]])


def test_sparse_triplets_outside_the_size_are_kept():
    """Exudyn keeps sparse triplets as given (a SystemJacobianUserFunction's 3 x 3 container
    carries global indices); only a dense matrix needs them inside."""
    m = cd.MatrixContainer()
    m.SetWithSparseMatrix([[5, 5, 2.0], [5, 5, 1.0]], 3, 3)
    np.testing.assert_array_equal(m.GetTriplets(), [[5, 5, 2], [5, 5, 1]])
    with pytest.raises(ValueError, match=r"Convert2DenseMatrix: the entry \(5, 5\) lies "
                                         r"outside the 3 x 3 matrix"):
        m.Convert2DenseMatrix()
    with pytest.raises(ValueError, match=r"SetWithSparseMatrix: the entry \(5, 5\) lies"):
        m.SetWithSparseMatrix([[5, 5, 2.0]], 3, 3, useDenseMatrix=True)


def test_dense_from_triplets_adds_duplicates():
    m = cd.MatrixContainer()
    m.SetWithSparseMatrix([[0, 0, 13.3], [1, 1, 4.2], [1, 2, 42.0], [1, 2, 1.0]],
                          numberOfRows=2, numberOfColumns=3, useDenseMatrix=True, factor=2)
    np.testing.assert_allclose(m.Convert2DenseMatrix(), [[26.6, 0, 0], [0, 8.4, 86]])


def test_scipy_size_must_cover_the_matrix():
    m = cd.MatrixContainer()
    m.SetWithSparseMatrix(csr_matrix(A), numberOfRows=4, numberOfColumns=2)
    assert m.Convert2DenseMatrix().shape == (4, 2)
    assert m.Convert2DenseMatrix()[1, 1] == 7
    with pytest.raises(ValueError, match="numberOfRows and numberOfColumns .* must be -1 or at "
                                         "least the size 2 x 2 of sparseMatrix"):
        m.SetWithSparseMatrix(csr_matrix(A), numberOfRows=1, numberOfColumns=1)


def test_add_sparse_matrix_dense_and_sparse():
    for dense in (True, False):
        m = cd.MatrixContainer()
        m.Initialize(3, 3, useDenseMatrix=dense)
        m.AddSparseMatrix(csr_matrix(np.eye(3)))
        m.AddSparseMatrix(csr_matrix(np.eye(2)), factor=0.5)
        assert m.UseDenseMatrix() == dense
        np.testing.assert_allclose(m.Convert2DenseMatrix(), np.diag([1.5, 1.5, 1.0]))
    with pytest.raises(ValueError, match=r"AddSparseMatrix: the entry \(3, 3\) lies outside"):
        m = cd.MatrixContainer()
        m.Initialize(3, 3, useDenseMatrix=True)
        m.AddSparseMatrix(csr_matrix(np.eye(4)))


def test_same_as_exudyn():
    exudyn = pytest.importorskip("exudyn")
    out = []
    for M in (cd.MatrixContainer, exudyn.MatrixContainer):
        r = []
        m = M(csr_matrix(A))
        r.append(m.Convert2DenseMatrix())
        m.SetWithSparseMatrix(csr_matrix(A), numberOfRows=4, numberOfColumns=3)
        r.append(m.Convert2DenseMatrix())
        m.Initialize(3, 3, useDenseMatrix=False)
        m.AddSparseMatrix(csr_matrix(np.eye(2)), factor=0.5)
        r.append(m.Convert2DenseMatrix())
        m = M()
        m.SetWithDenseMatrix([[1, 0], [2, 3]], useDenseMatrix=False, factor=3)
        r.append(m.GetPythonObject()["triplets"])
        out.append(r)
    for a, b in zip(*out):
        np.testing.assert_array_equal(a, b)


def test_sensor_values_of_one_value_are_a_float():
    """As in Exudyn: GetSensorValues returns a float for a sensor reading one value."""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 2, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n,
                                    outputVariableType=cd.OutputVariableType.Position))
    u1 = mbs.AddSensor(cd.SensorUserFunction(
        sensorNumbers=[s], factors=[10.0],
        sensorUserFunction=lambda mbs, t, sn, f, c: [f[0] * mbs.GetSensorValues(sn[0])[1]]))
    u2 = mbs.AddSensor(cd.SensorUserFunction(
        sensorNumbers=[s], sensorUserFunction=lambda mbs, t, sn, f, c: [1.0, 2.0]))
    mbs.Assemble()
    v = mbs.GetSensorValues(u1)
    assert type(v) is float and v == 20.0
    np.testing.assert_array_equal(mbs.GetSensorValues(u2), [1.0, 2.0])
    np.testing.assert_array_equal(mbs.GetSensorValues(s), [1.0, 2.0, 0.0])
