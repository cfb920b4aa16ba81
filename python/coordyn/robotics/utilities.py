"""Exudyn's ``exudyn.robotics.utilities``: a lidar on GeneralContact and URDF import through
the Robotics Toolbox. coordyn has neither GeneralContact nor the URDF importer: every name
raises NotImplementedFeatureError saying so."""
from __future__ import annotations

from ..exudyn._notyet import missing_function

__all__ = ['AddLidar', 'GetRoboticsToolboxInternalModel', 'LoadURDFrobot', 'GetURDFrobotData']

_M = 'exudyn.robotics.utilities'
_URDF = ('URDF import (Robotics Toolbox models, meshes through pymeshlab) is not in coordyn')

AddLidar = missing_function(
    'AddLidar', _M, 'the lidar casts rays on a GeneralContact, which coordyn does not have',
    'SensorBody / SensorMarker outputs for positions and distances')
GetRoboticsToolboxInternalModel = missing_function(
    'GetRoboticsToolboxInternalModel', _M, _URDF,
    'robotics.Robot with RobotLink data (robotics.models has Puma560, UR5 and Panda)')
LoadURDFrobot = missing_function(
    'LoadURDFrobot', _M, _URDF, 'robotics.Robot with RobotLink data')
GetURDFrobotData = missing_function(
    'GetURDFrobotData', _M, _URDF, 'robotics.Robot with RobotLink data')
