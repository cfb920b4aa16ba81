"""Robot models as link dictionaries (Exudyn's ``exudyn.robotics.models``) and their
conversion to a Robot (LinkDict2Robot).

Each ManipulatorXXX() returns a dict with 'links' (per link: 'stdDH' = [theta, d, a, alpha],
'modDHKK' = [alpha, d, theta, r], 'mass', 'inertia' about the COM, 'COM' in link coordinates,
'jointStiffness', 'jointTorqueMax', 'jointLimits'), 'jointType', 'jointStiffnessMatrix',
'joinTorqueMaxMatrix', 'base' and 'tool' ({'HT': 4x4}), 'gravity', 'referenceConfiguration',
'dhMode', 'Pcontrol', 'Dcontrol'. Parameter sources: Puma560 after P. Corke (Robotics, Vision
and Control, p. 138), UR5 after Kebria et al. 2016, Panda after Gaz, De Luca et al. 2019.
"""
from __future__ import annotations

import warnings

import numpy as np

import coordyn
import coordyn.graphics as graphics
from coordyn.rigidBodyUtilities import RigidBodyInertia, HTrotateX, HTrotateY, HTtranslate

__all__ = [
    'Manipulator4Rsimple', 'Manipulator3RSimple', 'ManipulatorPANDA', 'ManipulatorUR5',
    'ManipulatorPuma560', 'LinkDict2Robot', 'LinkDictModDHKK2Robot',
]

_PI2 = np.pi / 2


def _link(stdDH, modDHKK, mass, inertia, COM, stiffness, torqueMax, limits):
    return {'stdDH': stdDH, 'modDHKK': modDHKK, 'mass': mass, 'inertia': np.array(inertia),
            'jointStiffness': stiffness, 'jointTorqueMax': torqueMax, 'jointLimits': limits,
            'COM': COM}


def _robot(links, tool, dhMode, P, D):
    n = len(links)
    return {'links': links, 'jointType': [1] * n,
            'jointStiffnessMatrix': np.diag([k['jointStiffness'] for k in links]),
            'joinTorqueMaxMatrix': np.diag([k['jointTorqueMax'] for k in links]),
            'base': {'HT': np.eye(4)}, 'tool': {'HT': tool}, 'gravity': [0, 0, -9.81],
            'referenceConfiguration': [0] * n, 'dhMode': dhMode,
            'Pcontrol': np.array(P), 'Dcontrol': np.array(D)}


# inertia tensors (about the COM) of the Panda links after Gaz et al. 2019
_PANDA_INERTIA = [
    [[0.703370, -0.0001390, 0.0067720], [-0.000139, 0.7066100, 0.0192169],
     [0.006772, 0.0192169, 0.0091170]],
    [[0.007962, -0.003925, 0.010254], [-0.003925, 0.028110, 0.000704],
     [0.010254, 0.000704, 0.025995]],
    [[0.037242, -0.004761, -0.011396], [-0.004761, 0.036155, -0.012805],
     [-0.011396, -0.012805, 0.010830]],
    [[0.025853, 0.007796, -0.001332], [0.007796, 0.019552, 0.008641],
     [-0.001332, 0.008641, 0.028323]],
    [[0.035549, -0.002117, -0.004037], [-0.002117, 0.029474, 0.000229],
     [-0.004037, 0.000229, 0.008627]],
    [[0.001964, 0.000109, -0.001158], [0.000109, 0.004354, 0.000341],
     [-0.001158, 0.000341, 0.005433]],
    [[0.012516, -0.000428, -0.001196], [-0.000428, 0.010027, -0.000741],
     [-0.001196, -0.000741, 0.004815]],
]


def Manipulator4Rsimple():
    """A simple manipulator dict (three revolute links, the fourth joint of the parallel
    kinematics it stands for is not modelled); inertia data as the first Panda links."""
    lim = [-np.pi, np.pi]
    links = [_link([0, 0, 0, _PI2 * 0], [0, 0, 0, 0], 4, _PANDA_INERTIA[0], [0, 0, 0],
                   70000, 50, lim),
             _link([0, 0, 0.25, 0], [-_PI2, 0, 0, 0], 1, _PANDA_INERTIA[1], [0.25 / 2, 0, 0],
                   70000, 50, lim),
             _link([0, 0, 0.25, 0], [0, 0.25, 0, 0], 1, _PANDA_INERTIA[2], [0.25 / 2, 0, 0],
                   70000, 50, lim)]
    return _robot(links, HTrotateX(_PI2) @ HTrotateY(_PI2), 'stdDH',
                  [1000, 1000, 100, 100], [10, 10, 10, 10])


def Manipulator3RSimple():
    """A 3R manipulator dict (after Wörnle's example, l1 = 0): std DH [theta, d, a, alpha]."""
    l2 = l3 = 0.5
    b1 = b2 = b3 = 0.1
    h1 = 0.5
    lim = [-np.pi, np.pi]
    links = [_link([0, h1, 0.0, _PI2], [0, 0, 0, 0], 3, np.diag([0.1, 0.2, 0.3]),
                   [-0.0, -(h1 - b1), 0], 70000, 50, lim),
             _link([0, 0, l2, 0], [-_PI2, 0, 0, 0], 2, np.diag([0.5, 0.6, 0.7]),
                   [-(l2 - b2), 0, 0], 60000, 90, lim),
             _link([0, 0, l3, 0], [0, l3, 0, 0], 1, np.diag([0.8, 0.9, 0.1]),
                   [-(l3 - b3), 0, 0], 20000, 50, lim)]
    return _robot(links, HTtranslate([0, 0, l3]), 'stdDH', [1000, 1000, 100], [10, 10, 10])


def ManipulatorPANDA():
    """Franka Emika Panda dict (Gaz, De Luca et al. 2019); std DH after P. Corke."""
    data = [  # stdDH, modDHKK, mass, COM, torqueMax, limits
        ([0, 0.333, 0, _PI2], [0, 0, 0, 0.333], 4.970684, [3.875e-03, 2.081e-03, 0], 87,
         [-2.8973, 2.8973]),
        ([0, 0, 0, -_PI2], [-_PI2, 0, 0, 0], 0.646926, [-3.141e-03, -2.872e-02, 3.495e-03], 87,
         [-1.7628, 1.7628]),
        ([0, 0.316, 0.088, _PI2], [_PI2, 0, 0, 0.316], 3.228604,
         [2.7518e-02, 3.9252e-02, -6.6502e-02], 87, [-2.8973, 2.8973]),
        ([0, 0, -0.088, -_PI2], [_PI2, 0.0825, 0, 0], 3.587895,
         [-5.317e-02, 1.04419e-01, 2.7454e-02], 87, [-3.0718, -0.0698]),
        ([0, 0.384, 0, _PI2], [-_PI2, -0.0825, 0, 0.384], 1.225946,
         [-1.1953e-02, 4.1065e-02, -3.8437e-02], 12, [-2.8973, 2.8973]),
        ([0, 0, 0.088, _PI2], [_PI2, 0, 0, 0], 1.666555,
         [6.0149e-02, -1.4117e-02, -1.0517e-02], 12, [-0.0175, 3.7525]),
        ([0, 0.107, 0, 0], [_PI2, 0.088, 0, 0.107], 0.735522,
         [1.0517e-02, -4.252e-03, 6.1597e-02], 12, [-2.8973, 2.8973]),
    ]
    links = [_link(s, m, mass, _PANDA_INERTIA[i], com, 1, tmax, lim)
             for i, (s, m, mass, com, tmax, lim) in enumerate(data)]
    return _robot(links, HTtranslate([0, 0, 0.11]), 'modDHKK',
                  [40000, 40000, 40000, 100, 100, 100, 10], [400, 400, 100, 1, 1, 1, 0.1])


def ManipulatorUR5():
    """Universal Robots UR5 dict: std DH, links as cylindrical tubes (Kebria et al. 2016)."""
    lim = [-2 * np.pi, 2 * np.pi]
    data = [  # stdDH, mass, inertia diagonal (1e-4 kg m²), COM, torqueMax
        ([0, 0.089459, 0, _PI2], 3.7, [84, 64, 84], [0, -0.02561, 0.00193], 150),
        ([0, 0, -0.4250, 0], 8.393, [78, 21, 21], [0.2125, 0, 0.11336], 150),
        ([0, 0, -0.39225, 0], 2.33, [16, 462, 462], [0.150, 0, 0.02650], 150),
        ([0, 0.10915, 0, _PI2], 1.2190, [16, 16, 9], [0, -0.00180, 0.016340], 28),
        ([0, 0.09465, 0, -_PI2], 1.2190, [16, 16, 9], [0, -0.00180, 0.016340], 28),
        ([0, 0.0823, 0, 0], 0.1897, [1, 1, 1], [0, 0, -0.0011590], 28),
    ]
    links = [_link(s, [0, 0, 0, 0], mass, np.diag([v * 1e-04 for v in d]), com, 1000, tmax,
                   lim) for s, mass, d, com, tmax in data]
    return _robot(links, np.eye(4), 'stdDH', [40000, 40000, 40000, 100, 100, 10],
                  [400, 400, 100, 1, 1, 0.1])


def ManipulatorPuma560():
    """Puma 560 dict: std DH after P. Corke (p. 138), joint stiffness after Kim 1995, torque
    limits after Corke (Visual Control of Robots)."""
    data = [  # stdDH, modDHKK, mass, inertia diagonal, COM, stiffness, torqueMax, limits
        ([0, 0, 0, _PI2], [0, 0, 0, 0], 20, [0, 0.35, 0], [0, 0, 0], 68000, 56,
         [-np.pi, np.pi]),
        ([0, 0, 0.4318, 0], [_PI2, 0, 0, 0.0], 17.4, [0.13, 0.524, 0.539],
         [-0.3638, 0.006, 0.2275], 66500, 97, [-2.9671, 2.8798]),
        ([0, 0.15005, 0.0203, -_PI2], [0, 0.4318, 0, 0.15005], 4.8, [0.066, 0.086, 0.0125],
         [-0.0203, -0.0141, 0.07], 11650, 52, [-2.79253, 2.61799]),
        ([0, 0.4318, 0, _PI2], [-_PI2, 0.0203, 0, 0.4318], 0.82, [0.0018, 0.0013, 0.0018],
         [0, 0.019, 0], 2150, 10, [-np.pi, np.pi]),
        ([0, 0, 0, -_PI2], [_PI2, 0, 0, 0], 0.34, [0.0003, 0.0004, 0.0003], [0, 0, 0], 1130,
         10, [-0.17453, 1.74533]),
        ([0, 0, 0, 0], [-_PI2, 0, 0, 0], 0.09, [0.00015, 0.00015, 4e-5], [0, 0, 0.032], 1680,
         10, [-np.pi, np.pi]),
    ]
    links = [_link(s, m, mass, np.diag(d), com, k, tmax, lim)
             for s, m, mass, d, com, k, tmax, lim in data]
    return _robot(links, np.eye(4), 'stdDH', [40000, 40000, 40000, 100, 100, 10],
                  [400, 400, 100, 1, 1, 0.1])


def _robot_from_dict(robotLinkDict, robotClass, caller):
    from . import roboticsCore as rob
    if not isinstance(robotLinkDict, dict) or 'links' not in robotLinkDict:
        raise ValueError(f"{caller}: robotLinkDict must be a dict with 'links' (as returned by "
                         "ManipulatorPuma560(), ...)")
    if robotClass is None:
        robotClass = rob.Robot(gravity=robotLinkDict.get('gravity', [0, 0, 0]))
        if 'base' in robotLinkDict:
            base = robotLinkDict['base']
            robotClass.base = rob.RobotBase(HT=base['HT'] if isinstance(base, dict) else base)
        if 'tool' in robotLinkDict:
            tool = robotLinkDict['tool']
            robotClass.tool = rob.RobotTool(HT=tool['HT'] if isinstance(tool, dict) else tool)
        if 'referenceConfiguration' in robotLinkDict:
            robotClass.referenceConfiguration = robotLinkDict['referenceConfiguration']
    return robotClass


def LinkDict2Robot(robotLinkDict, robotClass=None):
    """A Robot from a link dict (dhMode 'stdDH'): one RobotLink per link with
    localHT = StdDH2HT(stdDH) and PD control from 'Pcontrol'/'Dcontrol'. With robotClass,
    links are added to it (its gravity, base and tool are kept)."""
    from . import roboticsCore as rob
    if not isinstance(robotLinkDict, dict) or 'dhMode' not in robotLinkDict:
        raise ValueError("LinkDict2Robot: dhMode not set in robotLinkDict")
    dhMode = robotLinkDict['dhMode']
    robotClass = _robot_from_dict(robotLinkDict, robotClass, 'LinkDict2Robot')
    if dhMode == 'modDHKK':
        raise ValueError("LinkDict2Robot: dhMode 'modDHKK' is not supported (untested in "
                         "Exudyn as well); use dhMode 'stdDH'")
    if dhMode != 'stdDH':
        raise ValueError(f"LinkDict2Robot: dhMode must be 'stdDH', got {dhMode!r}")
    for i, link in enumerate(robotLinkDict['links']):
        PD = (None, None)
        if 'Pcontrol' in robotLinkDict and 'Dcontrol' in robotLinkDict:
            PD = (robotLinkDict['Pcontrol'][i], robotLinkDict['Dcontrol'][i])
        robotClass.AddLink(rob.RobotLink(
            mass=link['mass'], COM=link['COM'], inertia=link['inertia'],
            localHT=rob.StdDH2HT(link['stdDH']), PDcontrol=PD,
            visualization=rob.VRobotLink(linkColor=graphics.colorList[i])))
    return robotClass


def LinkDictModDHKK2Robot(robotLinkDict, robotClass=None):
    """Deprecated in Exudyn (use LinkDict2Robot): a Robot built with the 'modDHKK' parameters
    of the links, their inertia data (given for stdDH frames) transformed into those frames."""
    from . import roboticsCore as rob
    warnings.warn('robotics.models.LinkDictModDHKK2Robot is deprecated (as in Exudyn 1.11); use '
                  'LinkDict2Robot instead', DeprecationWarning, stacklevel=2)
    coordyn.Print('WARNING: LinkDictModDHKK2Robot: untested')
    robotClass = _robot_from_dict(robotLinkDict, robotClass, 'LinkDictModDHKK2Robot')
    if robotLinkDict.get('dhMode') != 'stdDH':
        raise ValueError('LinkDictModDHKK2Robot: dhMode not set in robotLinkDict')
    for i, link in enumerate(robotLinkDict['links']):
        if 'modDHKK' not in link:
            raise ValueError(f'LinkDictModDHKK2Robot: link {i} has no modDHKK parameters')
        preHT, localHT = rob.ModDHKK2HT(link['modDHKK'])
        # stdDH link frame -> modDHKK link frame
        HT = np.linalg.inv(rob.StdDH2HT(link['stdDH'])) @ localHT
        rbi = RigidBodyInertia()
        rbi.SetWithCOMinertia(link['mass'], link['inertia'], link['COM'])
        rbi = rbi.Transformed(np.linalg.inv(HT))
        robotClass.AddLink(rob.RobotLink(mass=rbi.Mass(), COM=rbi.COM(),
                                         inertia=rbi.InertiaCOM(), preHT=preHT,
                                         localHT=localHT))
    return robotClass
