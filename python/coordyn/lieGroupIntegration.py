"""Exudyn's lieGroupIntegration under coordyn's name: the Python Lie-group RK integrators of
coordyn.liegroup_integration (``from coordyn.lieGroupIntegration import *`` brings Exudyn
1.13.6's names)."""
from .liegroup_integration import *  # noqa: F403
from .liegroup_integration import __all__  # noqa: F401
