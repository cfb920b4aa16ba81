"""Exudyn's FEM module under coordyn's name: FEMinterface (Abaqus mesh and matrix import, node
searches, surfaces, eigenmodes, save/load) and the helpers of coordyn.finite_elements
(``from coordyn.FEM import *`` brings Exudyn 1.13.6's names; the floating-frame parts raise
NotImplementedFeatureError)."""
from .finite_elements import *  # noqa: F403
from .finite_elements import __all__  # noqa: F401
