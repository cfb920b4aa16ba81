"""Exudyn's lieGroupBasics under coordyn's name: the Lie-group maps, tangent operators and
composition rules of coordyn.liegroup (``from coordyn.lieGroupBasics import *`` brings Exudyn
1.13.6's names)."""
from .liegroup import *  # noqa: F403
from .liegroup import __all__  # noqa: F401


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from math import atan2, cos, sin, sqrt, tan  # noqa: E402,F401

from numpy.linalg import norm  # noqa: E402,F401

from ._libmisc import docmeta  # noqa: E402,F401
from .rigidBodyUtilities import (ComputeRotationAxisFromRotationVector,  # noqa: E402,F401
                                 EulerParameters2RotationMatrix, HT2rotationMatrix,
                                 HT2translation, HomogeneousTransformation,
                                 RotationMatrix2EulerParameters, RotXYZ2RotationMatrix, Skew,
                                 Skew2Vec)
