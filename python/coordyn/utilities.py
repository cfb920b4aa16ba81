"""Exudyn's star-import hub under coordyn's name: ``from coordyn.utilities import *`` (or, after
the switch, ``from exudyn.utilities import *``) brings exactly the names Exudyn 1.13.6's
utilities brings: those of basicUtilities, advancedUtilities, rigidBodyUtilities and
itemInterface. Like Exudyn's, it brings neither numpy nor the graphics module: import those
explicitly.
"""
from . import advancedUtilities as _advancedUtilities
from . import basicUtilities as _basicUtilities
from . import itemInterface as _itemInterface
from . import rigidBodyUtilities as _rigidBodyUtilities
from .advancedUtilities import *  # noqa: F401,F403
from .basicUtilities import *  # noqa: F401,F403
from .itemInterface import *  # noqa: F401,F403
from .rigidBodyUtilities import *  # noqa: F401,F403

__all__ = (_basicUtilities.__all__ + _advancedUtilities.__all__ + _rigidBodyUtilities.__all__
           + _itemInterface.__all__)
