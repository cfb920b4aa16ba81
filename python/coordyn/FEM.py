"""Exudyn's FEM module under coordyn's name: FEMinterface (Abaqus mesh and matrix import, node
searches, surfaces, eigenmodes, save/load) and the helpers of coordyn.finite_elements
(``from coordyn.FEM import *`` brings Exudyn 1.13.6's names; the floating-frame parts raise
NotImplementedFeatureError)."""
from .finite_elements import *  # noqa: F403
from .finite_elements import __all__  # noqa: F401


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from enum import Enum  # noqa: E402,F401

from ._libmisc import Deprecated, DeprecatedArgument, docmeta  # noqa: E402,F401
from .advancedUtilities import (IsListOrArray, IsValidURealInt, PlotLineCode,  # noqa: E402,F401
                                RoundMatrix)
from .basicUtilities import CreateDirectoryForFile  # noqa: E402,F401
from .exudyn.graphicsDataUtilities import ComputeTriangleArea  # noqa: E402,F401
from .rigidBodyUtilities import (AngularVelocity2EulerParameters_t,  # noqa: E402,F401
                                 ComputeSkewMatrix, EulerParameters2GLocal, GetRigidBodyNode,
                                 RigidBodyInertia, RotationVector2GLocal, RotXYZ2GLocal,
                                 RotXYZ2GLocal_t, Skew, StrNodeType2NodeType, eulerParameters0)
