"""Create* helpers of MainSystem, with Exudyn's names and keyword names (Exudyn 1.13.6,
exudyn/misc/mainSystemExtensions.py): each one adds the nodes, markers, objects and loads of one
physical item and returns the index Exudyn returns.

The helpers live by area: bodies (ground, mass points, rigid bodies), joints, connectors
(spring-dampers, distance constraints) and loads; _checks holds the argument checks and _items
the resolution of the items given as arguments (and their reference poses), which all of them
use. Every function in __all__ is a MainSystem method: the MainSystem class body in
coordyn.system assigns it (``CreateRigidBody = _create.CreateRigidBody``), so the function here,
with its annotations (coordyn._typing: ArrayLike, MatrixLike, ...), defaults and docstring, is
the one definition that editors complete and mypy checks. Conventions shared by all of them:

* Items to connect are given as ``itemNumbers=[i0, i1]`` (Exudyn 1.13.6); ``bodyNumbers`` (the
  older Exudyn name) and ``bodyOrNodeList`` (older still) are accepted as aliases. An entry is a
  body (an ObjectIndex or a plain int, including a ground object), a NodeIndex or a MarkerIndex.
* Joint positions and axes refer to the REFERENCE configuration of the items (reference
  coordinates, without initial displacements), as in Exudyn.
* graphicsDataList and show of bodies and ground are kept with the object (GetObject(i) has
  'VgraphicsData' and 'Vshow', as in Exudyn) for a viewer; the other visualization arguments
  (color, drawSize, ...) are accepted and ignored.
* Bad arguments raise TypeError (wrong type or shape) or ValueError (wrong value), with a message
  naming the function and the argument.
"""
from __future__ import annotations

from .bodies import CreateGround, CreateMassPoint, CreateRigidBody
from .connectors import (CreateCartesianSpringDamper, CreateDistanceConstraint,
                         CreateLinearSpringDamper, CreateRigidBodySpringDamper,
                         CreateSpringDamper, CreateTorsionalSpringDamper)
from .joints import (CreateCoordinateConstraint, CreateGenericJoint, CreatePrismaticJoint,
                     CreateRevoluteJoint, CreateRollingDisc, CreateRollingDiscPenalty,
                     CreateSphericalJoint)
from .kinematic_tree import CreateKinematicTree
from .loads import CreateForce, CreateTorque

__all__ = ["CreateGround", "CreateMassPoint", "CreateRigidBody", "CreateDistanceConstraint",
           "CreateSpringDamper", "CreateGenericJoint", "CreatePrismaticJoint",
           "CreateRevoluteJoint", "CreateSphericalJoint", "CreateForce", "CreateTorque",
           "CreateCartesianSpringDamper", "CreateRigidBodySpringDamper",
           "CreateTorsionalSpringDamper", "CreateLinearSpringDamper",
           "CreateCoordinateConstraint", "CreateRollingDisc", "CreateRollingDiscPenalty",
           "CreateKinematicTree"]
