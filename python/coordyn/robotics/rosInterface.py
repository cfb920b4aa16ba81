"""Exudyn's ``exudyn.robotics.rosInterface`` (ROS 1 through rospy): not in coordyn; its
classes raise NotImplementedFeatureError."""
from __future__ import annotations

from ..exudyn._notyet import missing_class

__all__ = ['ROSInterface']

ROSInterface = missing_class(
    'ROSInterface', 'exudyn.robotics.rosInterface',
    'the ROS 1 interface (rospy publishers and subscribers) is not in coordyn',
    'a pre-step user function that talks to ROS from your own code')
