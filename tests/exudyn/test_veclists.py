"""Exudyn's list types Vector2DList ... Matrix6DList: behaviour as in Exudyn 1.13.6, clear errors,
and accepted where coordyn takes a list of vectors (a matrix given row by row)."""
import numpy as np
import pytest

import coordyn as cd

KINDS = [("Vector2DList", (2,)), ("Vector3DList", (3,)), ("Vector6DList", (6,)),
         ("Matrix3DList", (3, 3)), ("Matrix6DList", (6, 6))]


def _items(shape, n=3):
    size = int(np.prod(shape))
    return [np.arange(size, dtype=float).reshape(shape) + 10 * k for k in range(n)]


def _exercise(cls, shape):
    lst = cls(_items(shape, 2))
    lst.Append(_items(shape, 3)[2])
    lst[0] = -np.ones(shape)
    return len(lst), [np.asarray(x) for x in lst.GetPythonObject()], np.asarray(lst[2])


@pytest.mark.parametrize("name,shape", KINDS)
def test_list_types(name, shape):
    n, items, last = _exercise(getattr(cd, name), shape)
    assert n == 3
    assert np.array_equal(items[0], -np.ones(shape))
    assert np.array_equal(items[1], _items(shape)[1])
    assert np.array_equal(last, _items(shape)[2])
    assert np.asarray(getattr(cd, name)(_items(shape))).shape == (3,) + shape
    assert len(getattr(cd, name)()) == 0


@pytest.mark.parametrize("name,shape", KINDS)
def test_list_types_as_exudyn(name, shape):
    exu = pytest.importorskip("exudyn")
    n, items, last = _exercise(getattr(cd, name), shape)
    n_e, items_e, last_e = _exercise(getattr(exu, name), shape)
    assert n == n_e
    assert all(np.array_equal(a, b) for a, b in zip(items, items_e))
    assert np.array_equal(last, last_e)


def test_items_are_copies():
    lst = cd.Vector3DList([[1, 2, 3]])
    v = lst[0]
    v[0] = 99
    assert lst[0][0] == 1


def test_bad_items_name_the_list_and_the_expected_shape():
    lst = cd.Vector3DList()
    with pytest.raises(ValueError, match=r"Vector3DList.Append: expected one of vectors of 3"):
        lst.Append([1, 2])
    with pytest.raises(ValueError, match=r"Matrix3DList.Append: expected one of 3 x 3"):
        cd.Matrix3DList([np.eye(2)])
    with pytest.raises(TypeError, match="Vector2DList: expected a list"):
        cd.Vector2DList(5)
    with pytest.raises(IndexError, match="Vector3DList: index 1 out of range"):
        lst.Append([1, 2, 3])
        lst[1]


def test_a_list_is_accepted_as_a_matrix_given_row_by_row():
    """ObjectConnectorRigidBodySpringDamper.stiffness (6 x 6) from a Vector6DList of its rows
    gives the same item as from the NumPy matrix."""
    K = np.diag([1.0, 2, 3, 4, 5, 6]) + 0.1
    def stiffness(value):
        SC = cd.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(cd.NodeRigidBodyRxyz())
        b = mbs.AddObject(cd.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                             nodeNumber=n))
        g = mbs.AddObject(cd.ObjectGround())
        m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
        m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
        o = mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(markerNumbers=[m0, m1],
                                                                  stiffness=value))
        return np.asarray(mbs.GetObjectParameter(o, "stiffness"))
    assert np.array_equal(stiffness(cd.Vector6DList(list(K))), K)
    assert np.array_equal(stiffness(cd.Vector6DList(list(K))), stiffness(K))
