"""Exudyn's lieGroupBasics under coordyn's name: the Lie-group maps, tangent operators and
composition rules of coordyn.liegroup (``from coordyn.lieGroupBasics import *`` brings Exudyn
1.13.6's names)."""
from .liegroup import *  # noqa: F403
from .liegroup import __all__  # noqa: F401
