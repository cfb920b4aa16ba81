"""Exudyn's ``exudyn.robotics.future`` (functions under development there). Not in coordyn:
each raises NotImplementedFeatureError. In Exudyn 1.13.6 the three inverse-kinematics functions
stop with AttributeError themselves (they call robotics.DH2HT and robotics.ComputeJointHT,
which that version no longer has), and MakeCorkeRobot needs Peter Corke's roboticstoolbox."""
from __future__ import annotations

from ..exudyn._notyet import missing_function

__all__ = ['MakeCorkeRobot', 'ComputeIK3R', 'ComputeIKPuma560', 'ComputeIKUR']

_M = 'exudyn.robotics.future'
_IK = ("the analytic inverse kinematics of exudyn.robotics.future is not in coordyn (Exudyn "
       "1.13.6's own version stops with AttributeError: it calls the removed robotics.DH2HT / "
       "ComputeJointHT)")
_FK = 'a Newton iteration on Robot.LinkHT(q)[-1] @ Robot.GetToolHT() with Robot.Jacobian'

MakeCorkeRobot = missing_function(
    'MakeCorkeRobot', _M, "it builds a robot of Peter Corke's roboticstoolbox, which coordyn "
    "does not use", 'roboticstoolbox.DHRobot directly with the DH parameters of the models')
ComputeIK3R = missing_function('ComputeIK3R', _M, _IK, _FK)
ComputeIKPuma560 = missing_function('ComputeIKPuma560', _M, _IK, _FK)
ComputeIKUR = missing_function('ComputeIKUR', _M, _IK, _FK)
