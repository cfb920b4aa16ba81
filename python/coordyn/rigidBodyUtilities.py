"""Exudyn's rigidBodyUtilities under coordyn's name: rotation parametrizations, homogeneous
transformations (HT, 4x4) and Plücker transformations (T66, 6x6), inertia classes and the old
AddRigidBody / AddRevoluteJoint helpers (``from coordyn.rigidBodyUtilities import *`` brings
Exudyn 1.13.6's names). The rotations and inertias are coordyn.rigid's.
"""
from __future__ import annotations

import math

import numpy as np

from . import rigid as _rigid
from .rigid import (AngularVelocity2EulerParameters_t, AngularVelocity2RotXYZ_t,  # noqa: F401
                    ComputeOrthonormalBasis, ComputeOrthonormalBasisVectors,
                    EulerParameters2G, EulerParameters2GLocal, EulerParameters2RotationMatrix,
                    GramSchmidt, HomogeneousTransformation, HT2rotationMatrix, HT2translation,
                    Inertia6D2InertiaTensor, InertiaCuboid, InertiaCylinder,
                    InertiaHollowSphere, InertiaMassPoint, InertiaRodX, InertiaSphere,
                    InertiaTensor2Inertia6D, RigidBodyInertia, RotationMatrix2D,
                    RotationMatrix2EulerParameters, RotationMatrix2RotationVector,
                    RotationMatrix2RotXYZ, RotationMatrixX, RotationMatrixY, RotationMatrixZ,
                    RotationVector2RotationMatrix, RotXYZ2EulerParameters, RotXYZ2G,
                    RotXYZ2GLocal, RotXYZ2RotationMatrix, Skew, Skew2Vec)

__all__ = ["eulerParameters0", "ComputeOrthonormalBasisVectors", "ComputeOrthonormalBasis",
           "GramSchmidt", "Skew", "Skew2Vec", "ComputeSkewMatrix", "EulerParameters2G",
           "EulerParameters2GLocal", "EulerParameters2RotationMatrix",
           "RotationMatrix2EulerParameters", "AngularVelocity2EulerParameters_t",
           "RotationVector2RotationMatrix", "RotationMatrix2RotationVector",
           "ComputeRotationAxisFromRotationVector", "RotationVector2G", "RotationVector2GLocal",
           "RotXYZ2RotationMatrix", "RotationMatrix2RotXYZ", "RotXYZ2G", "RotXYZ2G_t",
           "RotXYZ2GLocal", "RotXYZ2GLocal_t", "AngularVelocity2RotXYZ_t",
           "RotXYZ2EulerParameters", "RotationMatrix2RotZYZ", "RotationMatrixX",
           "RotationMatrixY", "RotationMatrixZ", "RotationMatrix2D",
           "HomogeneousTransformation", "HTtranslate", "HTtranslateX", "HTtranslateY",
           "HTtranslateZ", "HT0", "HTrotateX", "HTrotateY", "HTrotateZ", "HT2translation",
           "HT2rotationMatrix", "InverseHT", "RotationX2T66", "RotationY2T66", "RotationZ2T66",
           "Translation2T66", "TranslationX2T66", "TranslationY2T66", "TranslationZ2T66",
           "T66toRotationTranslation", "InverseT66toRotationTranslation",
           "RotationTranslation2T66", "RotationTranslation2T66Inverse", "T66Inverse",
           "T66toHT", "HT2T66Inverse", "InertiaTensor2Inertia6D", "Inertia6D2InertiaTensor",
           "TreeLink", "RigidBodyInertia", "InertiaCuboid", "InertiaRodX", "InertiaMassPoint",
           "InertiaSphere", "InertiaHollowSphere", "InertiaCylinder", "StrNodeType2NodeType",
           "GetRigidBodyNode", "AddRigidBody", "AddRevoluteJoint", "AddPrismaticJoint"]

#: Euler parameters of the unrotated orientation
eulerParameters0 = [1.0, 0.0, 0.0, 0.0]


def ComputeSkewMatrix(v):
    """Skew matrices of stacked 3-vectors: a vector of 3n entries gives the 3n x 3 stack of
    Skew(v[3i:3i+3]); a 3n x m array gives 3n x 3m, column j of v in block column j."""
    if isinstance(v, list) or np.ndim(v) == 1:
        v = np.asarray(v, dtype=float).reshape(-1, 1)
        v = v[:3 * (len(v) // 3)]
    v = np.asarray(v, dtype=float)
    n, m = len(v) // 3, v.shape[1]
    out = np.zeros((3 * n, 3 * m))
    for j in range(m):
        for i in range(n):
            out[3 * i:3 * i + 3, 3 * j:3 * j + 3] = Skew(v[3 * i:3 * i + 3, j])
    return out


def ComputeRotationAxisFromRotationVector(rotationVector):
    """Unit rotation axis of a rotation vector (zeros for the zero vector)."""
    v = np.asarray(rotationVector, dtype=float)
    angle = np.linalg.norm(v)
    return np.zeros(3) if angle == 0.0 else v / angle


def RotationVector2G(rotationVector):
    """Exudyn's G of the Lie-group node (NodeRigidBodyRotVecLG, whose velocity coordinates are
    the local angular velocity): the rotation matrix, omega = A omega_local."""
    return RotationVector2RotationMatrix(rotationVector)


def RotationVector2GLocal(eulerParameters):
    """Exudyn's local G of the Lie-group node: the identity (omega_local are its velocity
    coordinates)."""
    return np.eye(3)


def RotXYZ2G_t(rot, rot_t):
    """Time derivative of RotXYZ2G(rot) for Tait-Bryan angles rot and their rates rot_t."""
    c0, s0, c1, s1 = math.cos(rot[0]), math.sin(rot[0]), math.cos(rot[1]), math.sin(rot[1])
    a, b = rot_t[0], rot_t[1]
    return np.array([[0.0, 0.0, b * c1],
                     [0.0, -a * s0, b * s0 * s1 - a * c0 * c1],
                     [0.0, a * c0, -a * c1 * s0 - b * c0 * s1]])


def RotXYZ2GLocal_t(rot, rot_t):
    """Time derivative of RotXYZ2GLocal(rot)."""
    c1, s1, c2, s2 = math.cos(rot[1]), math.sin(rot[1]), math.cos(rot[2]), math.sin(rot[2])
    b, c = rot_t[1], rot_t[2]
    return np.array([[-c * c1 * s2 - b * c2 * s1, c * c2, 0.0],
                     [b * s2 * s1 - c * c2 * c1, -c * s2, 0.0],
                     [b * c1, 0.0, 0.0]])


def RotationMatrix2RotZYZ(rotationMatrix, flip):
    """ZYZ Euler angles [phi, theta, psi] of a rotation matrix (flip: the second solution)."""
    R = np.asarray(rotationMatrix, dtype=float)
    eps = 1e-14
    if abs(R[0, 2]) < eps and abs(R[1, 2]) < eps:
        phi = 0.0
    else:
        phi = math.atan2(-R[1, 2], -R[0, 2]) if flip else math.atan2(R[1, 2], R[0, 2])
    sp, cp = math.sin(phi), math.cos(phi)
    theta = math.atan2(cp * R[0, 2] + sp * R[1, 2], R[2, 2])
    psi = math.atan2(-sp * R[0, 0] + cp * R[1, 0], -sp * R[0, 1] + cp * R[1, 1])
    return np.array([phi, theta, psi])


# ---------------------------------------------------------------- homogeneous transformations
def HTtranslate(r):
    """HT of a pure translation r."""
    return HomogeneousTransformation(np.eye(3), r)


def HTtranslateX(x):
    return HTtranslate([x, 0.0, 0.0])


def HTtranslateY(y):
    return HTtranslate([0.0, y, 0.0])


def HTtranslateZ(z):
    return HTtranslate([0.0, 0.0, z])


def HT0():
    """The identity HT."""
    return np.eye(4)


def HTrotateX(angle):
    return HomogeneousTransformation(RotationMatrixX(angle), [0.0, 0.0, 0.0])


def HTrotateY(angle):
    return HomogeneousTransformation(RotationMatrixY(angle), [0.0, 0.0, 0.0])


def HTrotateZ(angle):
    return HomogeneousTransformation(RotationMatrixZ(angle), [0.0, 0.0, 0.0])


def InverseHT(T):
    """Inverse of an HT: [A^T, -A^T r; 0, 1]."""
    T = np.asarray(T, dtype=float)
    A, r = T[0:3, 0:3], T[0:3, 3]
    return HomogeneousTransformation(A.T, -A.T @ r)


# ---------------------------------------------------------------- Plücker transformations (6x6)
def _t66(A, v):
    """[[A, 0], [Skew(v) A, A]]"""
    A = np.asarray(A, dtype=float)
    return np.block([[A, np.zeros((3, 3))], [Skew(v) @ A, A]])


def RotationX2T66(angle):
    """T66 of a rotation about x (Exudyn's convention: Plücker motion transformation)."""
    return _t66(RotationMatrixX(angle), [0.0, 0.0, 0.0])


def RotationY2T66(angle):
    return _t66(RotationMatrixY(angle), [0.0, 0.0, 0.0])


def RotationZ2T66(angle):
    return _t66(RotationMatrixZ(angle), [0.0, 0.0, 0.0])


def Translation2T66(translation3D):
    """T66 of a translation: [[I, 0], [-Skew(t), I]]."""
    return _t66(np.eye(3), -np.asarray(translation3D, dtype=float))


def TranslationX2T66(translation):
    return Translation2T66([translation, 0.0, 0.0])


def TranslationY2T66(translation):
    return Translation2T66([0.0, translation, 0.0])


def TranslationZ2T66(translation):
    return Translation2T66([0.0, 0.0, translation])


def T66toRotationTranslation(T66):
    """[A, v] with T66 = RotationTranslation2T66(A, v)."""
    T66 = np.asarray(T66, dtype=float)
    A = T66[0:3, 0:3]
    return [A, Skew2Vec(T66[3:6, 0:3] @ A.T)]


def InverseT66toRotationTranslation(T66):
    """[A, v] of the inverse transformation of T66."""
    T66 = np.asarray(T66, dtype=float)
    A = T66[0:3, 0:3].T
    return [A, -Skew2Vec(A @ T66[3:6, 0:3])]


def RotationTranslation2T66(A, v):
    """[[A, 0], [Skew(v) A, A]]"""
    return _t66(A, v)


def RotationTranslation2T66Inverse(A, v):
    """Inverse of RotationTranslation2T66(A, v): [[A^T, 0], [-A^T Skew(v), A^T]]."""
    A = np.asarray(A, dtype=float)
    return np.block([[A.T, np.zeros((3, 3))], [-A.T @ Skew(v), A.T]])


def T66Inverse(T66):
    """Inverse of a Plücker transformation."""
    A, v = T66toRotationTranslation(T66)
    return RotationTranslation2T66Inverse(A, v)


def T66toHT(T66):
    """The HT of the same rigid transformation."""
    A, v = T66toRotationTranslation(T66)
    return HomogeneousTransformation(A, v)


def HT2T66Inverse(T):
    """The T66 of the inverse of HT T."""
    T = np.asarray(T, dtype=float)
    return RotationTranslation2T66Inverse(T[0:3, 0:3], T[0:3, 3])


# ---------------------------------------------------------------- node types and old helpers
def StrNodeType2NodeType(sNodeType):
    """NodeType member from its name (with or without 'NodeType.')."""
    name = str(sNodeType).replace("NodeType.", "")
    members = _rigid.NodeType.__members__
    if name not in members:
        raise ValueError(f"StrNodeType2NodeType: no valid NodeType: '{name}' (coordyn's rigid "
                         f"nodes: {', '.join(members)})")
    return members[name]


def GetRigidBodyNode(nodeType, position=[0, 0, 0], velocity=[0, 0, 0], rotationMatrix=[],
                     rotationParameters=[], angularVelocity=[0, 0, 0]):
    """The rigid-body node item (not added) for nodeType with the given initial state:
    rotationMatrix or rotationParameters (one of them empty), global angular velocity."""
    from . import items
    if len(rotationMatrix) and len(rotationParameters):
        raise ValueError("GetRigidBodyNode: either rotationMatrix or rotationParameters must "
                         "be empty")
    A = np.eye(3) if not len(rotationMatrix) else np.asarray(rotationMatrix, dtype=float)
    kind = StrNodeType2NodeType(nodeType)
    pos, vel, omega = list(position), list(velocity), np.asarray(angularVelocity, dtype=float)
    if kind is _rigid.NodeType.RotationEulerParameters:
        ep = list(rotationParameters) if len(rotationParameters) else \
            list(RotationMatrix2EulerParameters(A))
        ep_t = list(AngularVelocity2EulerParameters_t(omega, ep))
        return items.NodeRigidBodyEP(referenceCoordinates=pos + ep,
                                     initialVelocities=vel + ep_t)
    if kind is _rigid.NodeType.RotationRxyz:
        rot = list(rotationParameters) if len(rotationParameters) else \
            list(RotationMatrix2RotXYZ(A))
        rot_t = list(AngularVelocity2RotXYZ_t(omega, rot))
        return items.NodeRigidBodyRxyz(referenceCoordinates=pos + rot,
                                       initialVelocities=vel + rot_t)
    rv = list(rotationParameters) if len(rotationParameters) else \
        list(RotationMatrix2RotationVector(A))
    local = RotationVector2RotationMatrix(rv).T @ omega
    return items.NodeRigidBodyRotVecLG(referenceCoordinates=pos + rv,
                                       initialVelocities=vel + list(local))


def AddRigidBody(mainSys, inertia, nodeType=_rigid.NodeType.RotationEulerParameters,
                 position=[0, 0, 0], velocity=[0, 0, 0], rotationMatrix=[],
                 rotationParameters=[], angularVelocity=[0, 0, 0], gravity=[0, 0, 0],
                 graphicsDataList=[]):
    """Deprecated in Exudyn (use mbs.CreateRigidBody): node, ObjectRigidBody and, if gravity
    is not zero, a LoadMassProportional; returns [nodeNumber, bodyNumber]."""
    from . import items
    if not isinstance(inertia, RigidBodyInertia):
        raise ValueError(f"AddRigidBody: inertia must be a RigidBodyInertia, got "
                         f"{type(inertia).__name__}")
    node = mainSys.AddNode(GetRigidBodyNode(nodeType, position, velocity, rotationMatrix,
                                            rotationParameters, angularVelocity))
    body = mainSys.AddObject(items.ObjectRigidBody(
        mass=inertia.Mass(), inertia=inertia.GetInertia6D(),
        centerOfMass=inertia.COM(), nodeNumber=node,
        visualization=items.VObjectRigidBody(graphicsData=list(graphicsDataList))))
    if np.linalg.norm(gravity) != 0:
        marker = mainSys.AddMarker(items.MarkerBodyMass(bodyNumber=body))
        mainSys.AddLoad(items.LoadMassProportional(markerNumber=marker,
                                                   loadVector=list(gravity)))
    return [node, body]


def _add_joint(create, mbs, body0, body1, point, axis, useGlobalFrame, showJoint, axisRadius,
               axisLength):
    joint = create(bodyNumbers=[body0, body1], position=point, axis=axis,
                   useGlobalFrame=useGlobalFrame, show=showJoint, axisRadius=axisRadius,
                   axisLength=axisLength)
    if isinstance(joint, (list, tuple)):
        joint = joint[0]
    markers = mbs.GetObject(joint)["markerNumbers"]
    return [joint, markers[0], markers[1]]


def AddRevoluteJoint(mbs, body0, body1, point, axis, useGlobalFrame=True, showJoint=True,
                     axisRadius=0.1, axisLength=0.4):
    """Deprecated in Exudyn (use mbs.CreateRevoluteJoint): a revolute joint about axis at
    point; returns [joint, marker0, marker1]."""
    return _add_joint(mbs.CreateRevoluteJoint, mbs, body0, body1, point, axis, useGlobalFrame,
                      showJoint, axisRadius, axisLength)


def AddPrismaticJoint(mbs, body0, body1, point, axis, useGlobalFrame=True, showJoint=True,
                      axisRadius=0.1, axisLength=0.4):
    """Deprecated in Exudyn (use mbs.CreatePrismaticJoint): a prismatic joint along axis at
    point; returns [joint, marker0, marker1]."""
    return _add_joint(mbs.CreatePrismaticJoint, mbs, body0, body1, point, axis, useGlobalFrame,
                      showJoint, axisRadius, axisLength)


class TreeLink:
    """One link of a kinematic tree (Exudyn's CreateKinematicTree input): its inertia, joint
    type, joint transformation from the parent (HT, 4x4; None: identity), parent index
    (-1: ground), PD control parameters and graphics."""

    def __init__(self, linkInertia, jointType=None, jointHT=None, parent=None,
                 PDcontrol=None, graphicsDataList=None):
        from .exudyn._api import JointType
        self.linkInertia = linkInertia
        self.jointType = JointType.RevoluteZ if jointType is None else jointType
        self.jointHT = np.eye(4) if jointHT is None else np.asarray(jointHT, dtype=float)
        self.parent = parent
        self.PDcontrol = PDcontrol
        self.graphicsDataList = graphicsDataList


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from math import cos, sin  # noqa: E402,F401

from ._libmisc import Deprecated, docmeta  # noqa: E402,F401
from .advancedUtilities import (ExpectedType, IsSquareMatrix, IsValidBool,  # noqa: E402,F401
                                IsValidObjectIndex, IsValidRealInt, IsVector, RaiseTypeError)
