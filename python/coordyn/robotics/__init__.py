"""Robotics (Exudyn's ``exudyn.robotics``): Robot, RobotLink, RobotBase, RobotTool, the DH
helpers; submodules motion, models, special, utilities, mobile, future (import them as
``coordyn.robotics.motion`` etc.). See docs/robotics.rst."""
from .roboticsCore import *                 # noqa: F401,F403
from .roboticsCore import __all__           # noqa: F401
