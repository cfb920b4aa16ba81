"""Serial and tree robots built from links and homogeneous transformations (Exudyn's
``exudyn.robotics`` core: Robot, RobotLink, RobotBase, RobotTool, the DH helpers).

Homogeneous transformations (HT) are stored and returned as 4x4 NumPy arrays here; every
argument takes a coordyn.HT (Exudyn 1.13's ``exudyn.HT``) as well, whose ``HT44()`` is the
array (Exudyn 1.13 returns HT objects).
The kinematics is pure NumPy; ``CreateRedundantCoordinateMBS`` turns a robot into rigid bodies
and generic joints of a coordyn system, ``CreateKinematicTree`` into one ObjectKinematicTree.
"""
from __future__ import annotations

from copy import copy, deepcopy

import numpy as np

import coordyn
import coordyn.itemInterface as eii
import coordyn.rigidBodyUtilities as erb
import coordyn.graphics as graphics
from ..exudyn._notyet import NotImplementedFeatureError

__all__ = [
    'dictJointTypeText2Exudyn', 'dictJointType2HT', 'dictJointType2Axis',
    'dictJointType2coordinate6D', 'VRobotLink', 'RobotLink', 'VRobotTool', 'RobotTool',
    'VRobotBase', 'RobotBase', 'buildFromDictionaryWarned', 'Robot', 'StdDH2HT', 'ModDHKK2HT',
    'projectAngleToPMPi', 'InverseKinematicsNumerical',
]

#: joint type names of RobotLink -> coordyn.JointType
dictJointTypeText2Exudyn = {
    'Rx': coordyn.JointType.RevoluteX, 'Ry': coordyn.JointType.RevoluteY,
    'Rz': coordyn.JointType.RevoluteZ, 'Px': coordyn.JointType.PrismaticX,
    'Py': coordyn.JointType.PrismaticY, 'Pz': coordyn.JointType.PrismaticZ,
}

#: joint type -> function of the joint coordinate giving the joint's 4x4 HT
dictJointType2HT = {
    'Rx': erb.HTrotateX, 'Ry': erb.HTrotateY, 'Rz': erb.HTrotateZ,
    'Px': lambda x: erb.HTtranslate([x, 0., 0.]),
    'Py': lambda y: erb.HTtranslate([0., y, 0.]),
    'Pz': lambda z: erb.HTtranslate([0., 0., z]),
}

#: joint type -> joint axis in joint coordinates
dictJointType2Axis = {'Rx': np.array([1, 0, 0]), 'Ry': np.array([0, 1, 0]),
                      'Rz': np.array([0, 0, 1]), 'Px': np.array([1, 0, 0]),
                      'Py': np.array([0, 1, 0]), 'Pz': np.array([0, 0, 1])}

#: joint type -> its free coordinate among the 6 of a generic joint (0..2 translation,
#: 3..5 rotation)
dictJointType2coordinate6D = {'Px': 0, 'Py': 1, 'Pz': 2, 'Rx': 3, 'Ry': 4, 'Rz': 5}

#: kept for Exudyn's name list (its deprecation flag of BuildFromDictionary)
buildFromDictionaryWarned = False


# ---------------------------------------------------------------- input checks
def _ht(value, owner, name):
    """A 4x4 float array from value (None: identity); ValueError naming owner.name otherwise."""
    if value is None:
        return np.eye(4)
    if hasattr(value, 'HT44'):                    # an exudyn.HT-like object
        value = value.HT44()
    try:
        m = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{owner}: {name} must be a 4x4 homogeneous transformation, "
                         f"got {value!r}") from None
    if m.shape != (4, 4):
        raise ValueError(f"{owner}: {name} must be a 4x4 homogeneous transformation, got an "
                         f"array of shape {m.shape}")
    if not np.all(np.isfinite(m)):
        raise ValueError(f"{owner}: {name} contains a non-finite value")
    if np.max(np.abs(m[3] - [0, 0, 0, 1])) > 1e-12:
        raise ValueError(f"{owner}: {name} must have the last row [0,0,0,1], got {m[3]}")
    return m


def _vector(value, size, owner, name):
    try:
        v = np.array(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{owner}: {name} must be a vector of {size} numbers, "
                         f"got {value!r}") from None
    if v.shape != (size,) or not np.all(np.isfinite(v)):
        raise ValueError(f"{owner}: {name} must be a vector of {size} finite numbers, got "
                         f"shape {v.shape}")
    return v


def _joint_type(value, owner):
    if value not in dictJointType2HT:
        raise ValueError(f"{owner}: jointType must be one of {list(dictJointType2HT)}, "
                         f"got {value!r}")
    return value


# ---------------------------------------------------------------- links, base, tool
class VRobotLink:
    """Drawing options of a RobotLink (joint cylinder, link cylinder, COM cube)."""

    def __init__(self, jointRadius=0.06, jointWidth=0.12, linkWidth=0.1, showMBSjoint=True,
                 showCOM=True, linkColor=[0.4, 0.4, 0.4, 1], graphicsData=[]):
        self.jointRadius = jointRadius
        self.jointWidth = jointWidth
        self.showMBSjoint = showMBSjoint
        self.linkWidth = linkWidth
        self.linkColor = linkColor
        self.showCOM = showCOM
        self.graphicsData = graphicsData

    def __str__(self):
        fields = ('jointRadius', 'jointWidth', 'showMBSjoint', 'linkWidth', 'linkColor',
                  'showCOM')
        s = '\n'.join(f'  {f} = {getattr(self, f)}' for f in fields)
        return s + '\n  graphicsData = [' + ('...' if self.graphicsData else '') + ']'

    __repr__ = __str__


class RobotLink:
    """One link of a robot: mass, COM and inertia (about the COM) in link coordinates; the
    joint sits between preHT (from the parent link) and localHT (joint to link frame)."""

    def __init__(self, mass, COM, inertia, localHT=None, jointType='Rz', parent=-2,
                 preHT=None, PDcontrol=(None, None), visualization=VRobotLink()):
        try:
            self.mass = float(mass)
        except (TypeError, ValueError):
            raise ValueError(f"RobotLink: mass must be a number, got {mass!r}") from None
        if not np.isfinite(self.mass) or self.mass < 0:
            raise ValueError(f"RobotLink: mass must be finite and >= 0, got {mass!r}")
        self.mass = mass
        self.COM = _vector(COM, 3, 'RobotLink', 'COM')
        inertia_ = np.array(inertia, dtype=float)
        if inertia_.shape != (3, 3):
            raise ValueError(f"RobotLink: inertia must be a 3x3 matrix, got an array of shape "
                             f"{inertia_.shape}")
        self.inertia = np.array(inertia)
        self.localHT = localHT
        self.preHT = preHT
        self.jointType = _joint_type(jointType, 'RobotLink')
        if int(parent) != parent or parent < -2:
            raise ValueError(f"RobotLink: parent must be -2 (serial), -1 (ground) or a link "
                             f"index, got {parent!r}")
        self.parent = int(parent)
        self.visualization = deepcopy(visualization)
        if PDcontrol[0] is not None:
            self.PDcontrol = PDcontrol

    @property
    def localHT(self):
        """4x4 transformation from the joint to the link frame."""
        return self._localHT

    @localHT.setter
    def localHT(self, value):
        self._localHT = _ht(value, 'RobotLink', 'localHT')

    @property
    def preHT(self):
        """4x4 transformation from the parent link frame to the joint."""
        return self._preHT

    @preHT.setter
    def preHT(self, value):
        self._preHT = _ht(value, 'RobotLink', 'preHT')

    def SetPDcontrol(self, Pvalue, Dvalue):
        """Set the joint's PD control: P on the joint coordinate, D on its velocity."""
        self.PDcontrol = (Pvalue, Dvalue)

    def HasPDcontrol(self):
        """True if PD control values are set."""
        return hasattr(self, 'PDcontrol')

    def GetPDcontrol(self):
        """The (P, D) values; ValueError if none are set."""
        if not self.HasPDcontrol():
            raise ValueError('RobotLink: PDcontrol is not defined for this link; set it with '
                             'SetPDcontrol(P, D) or RobotLink(PDcontrol=(P, D))')
        return self.PDcontrol

    def __str__(self):
        s = '\n'.join(f'  {f} = {getattr(self, f)}' for f in
                      ('mass', 'COM', 'inertia', 'localHT', 'preHT', 'jointType', 'parent'))
        s += '\n  visualization:\n' + str(self.visualization)
        if self.HasPDcontrol():
            s += '\n  PDcontrol = ' + str(self.PDcontrol)
        return s

    __repr__ = __str__


class VRobotTool:
    """Drawing of the tool: a list of graphics data in tool coordinates."""

    def __init__(self, graphicsData=[]):
        self.graphicsData = copy(graphicsData)


class _WithHT:
    """A part of the robot placed by one 4x4 transformation HT (checked when set)."""

    @property
    def HT(self):
        """4x4 transformation: for the tool from the last link, for the base from world."""
        return self._HT

    @HT.setter
    def HT(self, value):
        self._HT = _ht(value, type(self).__name__, 'HT')

    def __str__(self):
        return '  HT = ' + str(self.HT)

    __repr__ = __str__


class RobotTool(_WithHT):
    """The tool: HT from the last link frame to the tool frame, and its drawing."""

    def __init__(self, HT=None, visualization=VRobotTool()):
        self.HT = HT
        self.visualization = visualization


class VRobotBase:
    """Drawing of the base: a list of graphics data in base coordinates."""

    def __init__(self, graphicsData=[]):
        self.graphicsData = copy(graphicsData)


class RobotBase(_WithHT):
    """The base: HT from world to base coordinates, and its drawing."""

    def __init__(self, HT=None, visualization=VRobotBase()):
        self.HT = HT
        self.visualization = visualization


# ---------------------------------------------------------------- the robot
class Robot:
    """A robot: base, tool, gravity and a list of RobotLink (serial chain or tree)."""

    def __init__(self, gravity=[0, 0, -9.81], base=None, tool=None, referenceConfiguration=[]):
        self.gravity = _vector(gravity, 3, 'Robot', 'gravity')
        # a new RobotBase()/RobotTool() per robot (Exudyn's defaults are one object shared by
        # all robots, so setting robot.base.HT of one changed every other)
        self.base = RobotBase() if base is None else base
        self.tool = RobotTool() if tool is None else tool
        self.referenceConfiguration = np.array(referenceConfiguration, dtype=float)
        self.links = []
        self.isSerialRobot = True

    def __str__(self):
        return (f'gravity = {self.gravity}\nreferenceConfiguration = '
                f'{self.referenceConfiguration}\nbase: \n{self.base}\ntool: \n{self.tool}'
                f'\nlinks: \n{self.links}')

    __repr__ = __str__

    def AddLink(self, robotLink):
        """Append a (copy of the) link; parent -2 means the previous link. Returns its index."""
        if not isinstance(robotLink, RobotLink):
            raise TypeError(f"Robot.AddLink: robotLink must be a RobotLink, got "
                            f"{type(robotLink).__name__}")
        i = len(self.links)
        if len(self.referenceConfiguration) == i:
            self.referenceConfiguration = np.hstack((self.referenceConfiguration, [0.]))
        link = deepcopy(robotLink)
        if link.parent == -2:
            link.parent = i - 1
        elif link.parent >= i:
            raise ValueError(f'Robot.AddLink: link {i}: parent index must be lower than the '
                             f'link index, got parent={link.parent}')
        self.links.append(link)
        if link.parent != i - 1:
            self.isSerialRobot = False
            if (np.linalg.norm(self.tool.HT - np.eye(4)) >= 1e-15
                    or self.tool.visualization.graphicsData != []):
                coordyn.Print('Warning: class Robot: tool defined in kinematic tree; currently '
                              'tool is only allowed for serial robots')
        return i

    def IsSerialRobot(self):
        """True while every link's parent is the link before it."""
        return self.isSerialRobot

    def GetLink(self, i):
        """The RobotLink with index i."""
        return self.links[i]

    def HasParent(self, i):
        """True if link i hangs on another link (False: on the base)."""
        return self.links[i].parent >= 0

    def GetParentIndex(self, i):
        """Index of link i's parent link (-1: the base)."""
        return self.links[i].parent

    def NumberOfLinks(self):
        """Number of links."""
        return len(self.links)

    def GetBaseHT(self):
        """The base HT (4x4)."""
        return self.base.HT

    def GetToolHT(self):
        """The tool HT (4x4)."""
        return self.tool.HT

    def _check_q(self, q, caller):
        q = np.asarray(q, dtype=float).ravel()
        if len(q) < len(self.links):
            raise ValueError(f'Robot.{caller}: q has {len(q)} joint coordinates, the robot has '
                             f'{len(self.links)} links')
        return q

    def LinkHT(self, q):
        """World HT of every link frame for joint coordinates q:
        T_i = T_parent · preHT_i · joint_i(q_i) · localHT_i (T_parent = base for root links)."""
        q = self._check_q(q, 'LinkHT')
        HT = []
        for i, link in enumerate(self.links):
            T = link.preHT @ dictJointType2HT[link.jointType](q[i]) @ link.localHT
            parent = HT[link.parent] if self.HasParent(i) else self.base.HT
            HT.append(parent @ T)
        return HT

    def JointHT(self, q):
        """World HT of every joint frame (after the joint motion, before localHT)."""
        q = self._check_q(q, 'JointHT')
        HT = []
        for i, link in enumerate(self.links):
            T = link.preHT @ dictJointType2HT[link.jointType](q[i])
            if self.HasParent(i):
                p = link.parent
                HT.append(HT[p] @ self.links[p].localHT @ T)
            else:
                HT.append(self.base.HT @ T)
        return HT

    def COMHT(self, HT):
        """World HT of every link's centre of mass, from the joint HTs of JointHT."""
        return [_ht(HT[i], 'Robot.COMHT', f'HT[{i}]') @ link.localHT
                @ erb.HTtranslate(link.COM) for i, link in enumerate(self.links)]

    def StaticTorques(self, HT):
        """Joint torques of a serial robot from gravity on every link (HT from JointHT):
        tau = sum_i J_com,iᵀ m_i g."""
        tau = np.zeros(len(self.links))
        for i, Tcom in enumerate(self.COMHT(HT)):
            Jcom = self.Jacobian(HT[0:i + 1], toolPosition=Tcom[0:3, 3], mode='trans')
            tau[0:i + 1] += Jcom.T @ (self.links[i].mass * self.gravity)
        return tau

    def Jacobian(self, HT, toolPosition=[], mode='all', linkIndex=None):
        """Jacobian of the point toolPosition (world; default: origin of the link frame of
        linkIndex) w.r.t. the joint coordinates, from the joint HTs of JointHT.
        Revolute joint j: [a_j × (p − o_j); a_j], prismatic: [a_j; 0], a_j the world joint
        axis, o_j the joint origin; only joints on the path from linkIndex to the base count.
        mode: 'all' (6 rows: translation, rotation), 'trans' or 'rot' (3 rows)."""
        if mode not in ('all', 'trans', 'rot'):
            raise ValueError(f"Robot.Jacobian: mode must be 'all', 'trans' or 'rot', got "
                             f"{mode!r}")
        n = len(HT)
        if n > len(self.links) or n == 0:
            raise ValueError(f'Robot.Jacobian: HT must hold 1 to {len(self.links)} joint '
                             f'transformations (one per link), got {n}')
        if linkIndex is None:
            linkIndex = n - 1
        if not 0 <= linkIndex < n:
            raise ValueError(f'Robot.Jacobian: linkIndex must be in 0..{n - 1}, got {linkIndex}')
        Hs = [_ht(H, 'Robot.Jacobian', f'HT[{i}]') for i, H in enumerate(HT)]
        if len(toolPosition) == 0:
            p = (Hs[linkIndex] @ self.links[linkIndex].localHT)[0:3, 3]
        else:
            p = _vector(toolPosition, 3, 'Robot.Jacobian', 'toolPosition')
        Jv = np.zeros((3, n))
        Jw = np.zeros((3, n))
        i = linkIndex
        while True:
            link = self.links[i]
            axis = Hs[i][0:3, 0:3] @ dictJointType2Axis[link.jointType]
            if link.jointType[0] == 'R':
                Jw[:, i] = axis
                Jv[:, i] = np.cross(axis, p - Hs[i][0:3, 3])
            else:
                Jv[:, i] = axis
            if not self.HasParent(i):
                break
            i = link.parent
        if mode == 'rot':
            return Jw
        if mode == 'trans':
            return Jv
        return np.vstack((Jv, Jw))

    # ------------------------------------------------------------ building systems
    def _link_inertia_in_joint_frame(self, link):
        rbi = erb.RigidBodyInertia()
        rbi.SetWithCOMinertia(link.mass, link.inertia, link.COM)
        return rbi.Transformed(link.localHT)

    def CreateKinematicTree(self, mbs, name='', forceUserFunction=0):
        """Add one ObjectKinematicTree (minimal coordinates, on a NodeGenericODE2) for this
        robot to mbs. Returns {'nodeGeneric', 'objectKinematicTree', 'baseObject'}.
        PDcontrol of the links becomes the tree's jointPControlVector/jointDControlVector."""
        if not hasattr(eii, 'ObjectKinematicTree') or getattr(
                coordyn, 'ObjectKinematicTree', None) is None or hasattr(
                    coordyn.ObjectKinematicTree, '_coordyn_missing'):
            raise NotImplementedFeatureError(
                'Robot.CreateKinematicTree is not available in coordyn: it needs the item '
                'ObjectKinematicTree, which this coordyn does not have; use '
                'Robot.CreateRedundantCoordinateMBS instead (docs: coming_from_exudyn)')
        baseObject = None
        baseOffset = self.base.HT[0:3, 3]
        if self.base.visualization.graphicsData != []:
            A = self.base.HT[0:3, 0:3]
            gl = [graphics.Move(g, [0, 0, 0], A) for g in self.base.visualization.graphicsData]
            baseObject = mbs.AddObject(eii.ObjectGround(
                referencePosition=baseOffset,
                visualization=eii.VObjectGround(graphicsData=gl)))
        n = len(self.links)
        jointTypes, parents, jointHTs = [], [], []
        inertias, coms, masses, glist = [], [], [], []
        P, D = [0.] * n, [0.] * n
        hasPD = False
        for i, link in enumerate(self.links):
            parents.append(link.parent)
            jointTypes.append(dictJointTypeText2Exudyn[link.jointType])
            parentLocal = self.links[link.parent].localHT if self.HasParent(i) else np.eye(4)
            jointHTs.append(parentLocal @ link.preHT)
            if link.HasPDcontrol():
                P[i], D[i] = link.GetPDcontrol()
                hasPD = True
            rbi = self._link_inertia_in_joint_frame(link)
            inertias.append(rbi.InertiaCOM())
            coms.append(rbi.COM())
            masses.append(rbi.Mass())
            glist.append(self._tree_link_graphics(i, link, rbi, jointHTs, glist))
        node = mbs.AddNode(eii.NodeGenericODE2(referenceCoordinates=self.referenceConfiguration,
                                               initialCoordinates=[0.] * n,
                                               initialCoordinates_t=[0.] * n,
                                               numberOfODE2Coordinates=n))
        zeros = [0.] * n if hasPD else []
        oKT = mbs.AddObject(eii.ObjectKinematicTree(
            name=name, nodeNumber=node, jointTypes=jointTypes, linkParents=parents,
            jointTransformations=[H[0:3, 0:3] for H in jointHTs],
            jointOffsets=[H[0:3, 3] for H in jointHTs],
            linkInertiasCOM=inertias, linkCOMs=coms, linkMasses=masses,
            baseOffset=baseOffset, gravity=self.gravity, jointForceVector=[],
            forceUserFunction=forceUserFunction,
            jointPositionOffsetVector=zeros, jointVelocityOffsetVector=zeros,
            jointPControlVector=P if hasPD else [], jointDControlVector=D if hasPD else [],
            visualization=eii.VObjectKinematicTree(graphicsDataList=glist)))
        return {'nodeGeneric': node, 'objectKinematicTree': oKT, 'baseObject': baseObject}

    def _tree_link_graphics(self, i, link, rbi, jointHTs, glist):
        """Graphics of link i in joint coordinates (COM cube, joint cylinder, tool); the
        cylinder from the parent's origin to this joint goes into the parent's list."""
        vis = link.visualization
        r, color = vis.jointRadius, list(vis.linkColor)
        out = []
        if vis.showCOM:
            dd = 0.2 * r
            out.append(graphics.Brick(rbi.COM(), [dd, dd, dd],
                                      [0.7 * c for c in color[0:3]] + color[3:]))
        axis = dictJointType2Axis[link.jointType]
        if vis.showMBSjoint:
            out.append(graphics.Cylinder(-0.5 * vis.jointWidth * axis,
                                         0.5 * vis.jointWidth * axis, radius=r,
                                         color=graphics.color.grey))
        if (self.HasParent(i) and len(vis.graphicsData) == 0
                and np.linalg.norm(jointHTs[i][0:3, 3]) > 0):
            glist[link.parent].append(graphics.Cylinder(
                [0., 0., 0.], jointHTs[i][0:3, 3], radius=0.5 * vis.linkWidth, color=color))
        out += list(vis.graphicsData)
        if i == len(self.links) - 1:
            out += [graphics.Move(g, self.tool.HT[0:3, 3], self.tool.HT[0:3, 0:3])
                    for g in self.tool.visualization.graphicsData]
        return out

    def CreateRedundantCoordinateMBS(self, mbs, baseMarker, jointSpringDamperUserFunctionList=[],
                                     jointLoadUserFunctionList=[], createJointTorqueLoads=True,
                                     rotationMarkerBase=None,
                                     rigidBodyNodeType=coordyn.NodeType.RotationEulerParameters):
        """Add the robot to mbs as one rigid body per link (at the reference configuration),
        joined to its parent (or to baseMarker) by an ObjectJointGeneric that leaves the
        joint's axis free. Links with PDcontrol get a torsional (revolute) or linear
        (prismatic) spring-damper on that axis; with createJointTorqueLoads, every revolute
        joint gets a pair of body-fixed LoadTorqueVector (zero, to be set during the solve).
        Returns a dict of lists: nodeList, bodyList, jointList, markerList0, markerList1,
        springDamperList, jointTorque0List, jointTorque1List, unitTorque0List,
        unitTorque1List, and baseObject."""
        out = {k: [] for k in ('nodeList', 'bodyList', 'jointList', 'markerList0',
                               'markerList1', 'springDamperList', 'jointTorque0List',
                               'jointTorque1List', 'unitTorque0List', 'unitTorque1List')}
        baseRotation = np.eye(3)
        if rotationMarkerBase is not None:
            baseRotation = np.array(rotationMarkerBase, dtype=float)
            if baseRotation.shape != (3, 3):
                raise ValueError('Robot.CreateRedundantCoordinateMBS: rotationMarkerBase must '
                                 f'be a 3x3 matrix, got shape {baseRotation.shape}')
        n = len(self.links)
        qRef = self.referenceConfiguration
        if len(qRef) < n:
            raise ValueError('Robot.CreateRedundantCoordinateMBS: referenceConfiguration has '
                             f'{len(qRef)} entries, the robot has {n} links')
        baseObject = -1
        if self.base.visualization.graphicsData != []:
            A = self.base.HT[0:3, 0:3]
            gl = [graphics.Move(g, [0, 0, 0], A) for g in self.base.visualization.graphicsData]
            baseObject = mbs.AddObject(eii.ObjectGround(
                referencePosition=self.base.HT[0:3, 3],
                visualization=eii.VObjectGround(graphicsData=gl)))
        children = [[] for _ in range(n)]
        for i, link in enumerate(self.links):
            if link.parent >= 0:
                children[link.parent].append(i)
        HTlist = []
        for i, link in enumerate(self.links):
            T = link.preHT @ dictJointType2HT[link.jointType](qRef[i]) @ link.localHT
            Tcurrent = (HTlist[link.parent] if self.HasParent(i) else self.base.HT) @ T
            HTlist.append(Tcurrent)
            localInv = erb.InverseHT(link.localHT)
            Aback, pThis = localInv[0:3, 0:3], localInv[0:3, 3]   # link frame -> joint frame
            jointAxis = dictJointType2Axis[link.jointType]
            inertia = erb.RigidBodyInertia(mass=link.mass, inertiaTensor=link.inertia)
            inertia = inertia.Translated(link.COM)   # about the link frame origin
            gl = []
            if len(link.visualization.graphicsData) == 0:
                for c in children[i]:
                    nxt = self.links[c]
                    gl += self.GetLinkGraphicsData(i, pThis, nxt.preHT[0:3, 3],
                                                   Aback @ jointAxis,
                                                   nxt.preHT[0:3, 0:3] @ dictJointType2Axis[
                                                       nxt.jointType], link.visualization)
            else:
                gl += list(link.visualization.graphicsData)
            if i == n - 1:
                gl += [graphics.Move(g, self.tool.HT[0:3, 3], self.tool.HT[0:3, 0:3])
                       for g in self.tool.visualization.graphicsData]
            body = mbs.CreateRigidBody(referencePosition=Tcurrent[0:3, 3],
                                       referenceRotationMatrix=Tcurrent[0:3, 0:3],
                                       inertia=inertia, gravity=self.gravity,
                                       nodeType=rigidBodyNodeType, graphicsDataList=gl,
                                       returnDict=True)
            out['nodeList'].append(body['nodeNumber'])
            out['bodyList'].append(body['bodyNumber'])
            m1 = mbs.AddMarker(eii.MarkerBodyRigid(bodyNumber=body['bodyNumber'],
                                                   localPosition=pThis))
            if self.HasParent(i):
                rot0 = link.preHT[0:3, 0:3]
                m0 = mbs.AddMarker(eii.MarkerBodyRigid(
                    bodyNumber=out['bodyList'][link.parent], localPosition=link.preHT[0:3, 3]))
            else:
                rot0 = link.preHT[0:3, 0:3] @ baseRotation
                m0 = baseMarker
            rot1 = Aback
            out['markerList0'].append(m0)
            out['markerList1'].append(m1)
            axes = [1] * 6
            axes[dictJointType2coordinate6D[link.jointType]] = 0
            vis = link.visualization
            joint = mbs.AddObject(eii.GenericJoint(
                markerNumbers=[m0, m1], constrainedAxes=axes, rotationMarker0=rot0,
                rotationMarker1=rot1,
                visualization=eii.VObjectJointGeneric(show=vis.showMBSjoint,
                                                      axesRadius=0.25 * vis.jointRadius,
                                                      axesLength=1.1 * vis.jointWidth,
                                                      color=graphics.color.grey)))
            out['jointList'].append(joint)
            sd = None
            wantsSD = i < len(jointSpringDamperUserFunctionList) or link.HasPDcontrol()
            if link.jointType[0] == 'R':
                t0, t1 = rot0 @ (-1. * jointAxis), rot1 @ (1. * jointAxis)
                out['unitTorque0List'].append(t0)
                out['unitTorque1List'].append(t1)
                if i < len(jointLoadUserFunctionList):
                    uf = jointLoadUserFunctionList[i]
                    l0 = mbs.AddLoad(eii.LoadTorqueVector(markerNumber=m0, loadVector=t0,
                                                          bodyFixed=True,
                                                          loadVectorUserFunction=uf))
                    l1 = mbs.AddLoad(eii.LoadTorqueVector(markerNumber=m1, loadVector=t1,
                                                          bodyFixed=True,
                                                          loadVectorUserFunction=uf))
                elif createJointTorqueLoads:
                    l0 = mbs.AddLoad(eii.LoadTorqueVector(markerNumber=m0, loadVector=[0, 0, 0],
                                                          bodyFixed=True))
                    l1 = mbs.AddLoad(eii.LoadTorqueVector(markerNumber=m1, loadVector=[0, 0, 0],
                                                          bodyFixed=True))
                else:
                    l0 = l1 = None
                out['jointTorque0List'].append(l0)
                out['jointTorque1List'].append(l1)
                if wantsSD:
                    Pk, Dk = link.GetPDcontrol()
                    sd = mbs.AddObject(eii.TorsionalSpringDamper(
                        markerNumbers=[m0, m1], rotationMarker0=rot0, rotationMarker1=rot1,
                        stiffness=Pk, damping=Dk,
                        visualization=eii.VTorsionalSpringDamper(show=False)))
            else:
                if createJointTorqueLoads:
                    raise ValueError('Robot.CreateRedundantCoordinateMBS: createJointTorqueLoads '
                                     f'is only valid for revolute joints (link {i} has '
                                     f'jointType {link.jointType!r}); pass '
                                     'createJointTorqueLoads=False')
                if wantsSD:
                    Pk, Dk = link.GetPDcontrol()
                    sd = mbs.AddObject(eii.LinearSpringDamper(
                        markerNumbers=[m0, m1], axisMarker0=rot0 @ jointAxis, stiffness=Pk,
                        damping=Dk, visualization=eii.VLinearSpringDamper(show=False)))
            out['springDamperList'].append(sd)
        out['baseObject'] = baseObject
        return out

    def GetKinematicTree66(self):
        """Exudyn's KinematicTree66 (exudyn.kinematicTree) of this robot: not in coordyn."""
        raise NotImplementedFeatureError(
            'Robot.GetKinematicTree66 is not available in coordyn: it returns a '
            'exudyn.kinematicTree.KinematicTree66, and that module is not in coordyn; use '
            'Robot.JointHT/Jacobian and robotics.special.MassMatrix for kinematics and the '
            'mass matrix (docs: coming_from_exudyn)')

    def GetLinkGraphicsData(self, i, p0, p1, axis0, axis1, linkVisualization):
        """Graphics of link i in link coordinates: COM cube, half joint cylinders at p0 (axis0)
        and p1 (axis1), and a cylinder from p1 to p0."""
        v = linkVisualization
        r, color = v.jointRadius, list(v.linkColor)
        out = []
        if v.showCOM:
            dd = 0.2 * r
            out.append(graphics.Brick(self.links[i].COM, [dd, dd, dd],
                                      [0.8 * c for c in color[0:3]] + color[3:]))
        if r != 0:
            h = 0.5 * v.jointWidth
            if i != 0:
                out.append(graphics.Cylinder(pAxis=p0, vAxis=-h * np.array(axis0), radius=r,
                                             color=color))
            out.append(graphics.Cylinder(pAxis=p1, vAxis=h * np.array(axis1), radius=r,
                                         color=color))
            if np.linalg.norm(np.array(p1) - p0) > 1e-15:
                out.append(graphics.Cylinder(pAxis=p1, vAxis=np.array(p0) - p1,
                                             radius=0.5 * v.linkWidth, color=color))
        return out

    def BuildFromDictionary(self, robotDict):
        """Deprecated in Exudyn (use models.LinkDict2Robot): links from a dict with 'stdDH'."""
        global buildFromDictionaryWarned
        if not buildFromDictionaryWarned:
            buildFromDictionaryWarned = True
            coordyn.Print("WARNING: function BuildFromDictionary in class Robot is DEPRECATED; "
                          "DO NOT USE")
        if 'base' in robotDict:
            self.base.HT = robotDict['base']['HT']
        if 'tool' in robotDict:
            self.tool.HT = robotDict['tool']['HT']
        if 'gravity' in robotDict:
            self.gravity = np.array(robotDict['gravity'])
        if 'referenceConfiguration' in robotDict:
            self.referenceConfiguration = np.array(robotDict['referenceConfiguration'])
        for i, link in enumerate(robotDict['links']):
            if 'stdDH' not in link:
                raise ValueError(f'Robot.BuildFromDictionary: link {i} has no stdDH parameters '
                                 '(only stdDH is supported in coordyn)')
            self.AddLink(RobotLink(mass=link['mass'], COM=link['COM'], inertia=link['inertia'],
                                   localHT=StdDH2HT(link['stdDH'])))


# ---------------------------------------------------------------- DH parameters
def _dh(DHparameters, caller, names):
    try:
        p = np.array(DHparameters, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f'{caller}: DHparameters must be 4 numbers [{names}], got '
                         f'{DHparameters!r}') from None
    if p.shape != (4,) or not np.all(np.isfinite(p)):
        raise ValueError(f'{caller}: DHparameters must be 4 finite numbers [{names}], got '
                         f'{DHparameters!r}')
    return p


def StdDH2HT(DHparameters):
    """HT of standard DH parameters [theta, d, a, alpha]: Rz(theta)·Tz(d)·Tx(a)·Rx(alpha)."""
    theta, d, a, alpha = _dh(DHparameters, 'StdDH2HT', 'theta, d, a, alpha')
    ct, st, ca, sa = np.cos(theta), np.sin(theta), np.cos(alpha), np.sin(alpha)
    return np.array([[ct, -st * ca, st * sa, a * ct],
                     [st, ct * ca, -ct * sa, a * st],
                     [0., sa, ca, d],
                     [0., 0., 0., 1.]])


def ModDHKK2HT(DHparameters):
    """[HTpre, HTpost] of modified DH parameters [alpha, d, theta, r] (Khalil-Kleinfinger):
    HTpre = Rx(alpha)·Tx(d) (before the joint), HTpost = Rz(theta)·Tz(r)."""
    alpha, d, theta, r = _dh(DHparameters, 'ModDHKK2HT', 'alpha, d, theta, r')
    return [erb.HTrotateX(alpha) @ erb.HTtranslate([d, 0., 0.]),
            erb.HTrotateZ(theta) @ erb.HTtranslate([0., 0., r])]


def projectAngleToPMPi(q0):
    """Angle(s) q0 mapped to (-pi, pi] (pi stays pi)."""
    if isinstance(q0, list):
        q0 = np.array(q0)
    q1 = q0 % (2 * np.pi)
    return q1 - 2 * np.pi * (q1 > np.pi)


class InverseKinematicsNumerical:
    """Numerical inverse kinematics of a serial robot: the joint coordinates q whose tool frame,
    LinkHT(q)[-1] · toolHT, equals a desired pose T. As Exudyn's (a static solve of the robot
    with joint springs of stiffness k_i relaxed at the start configuration q0, the tool frame
    held at T by a rigid joint), the solution is the equilibrium of those springs:

        minimize ½ Σ k_i (q_i − q0_i)²   subject to   pose(q) = T,

    solved here by sequential quadratic programming on the robot's kinematics (Robot.LinkHT,
    Robot.Jacobian) instead of a system of bodies. For a non-redundant robot the springs only
    select the solution branch nearest to q0; for a redundant one (Panda) they pick one
    solution of the family."""

    def __init__(self, robot, jointStiffness=1e0, useRenderer=False, flagDebug=False,
                 useAlternativeConstraints=False):
        if not isinstance(robot, Robot):
            raise TypeError('InverseKinematicsNumerical: robot must be a Robot, got '
                            f'{type(robot).__name__}')
        if not robot.IsSerialRobot():
            raise ValueError('InverseKinematicsNumerical: only serial robots are supported')
        n = robot.NumberOfLinks()
        k = np.array([jointStiffness] * n if np.isscalar(jointStiffness) else jointStiffness,
                     dtype=float)
        if k.shape != (n,) or np.any(k <= 0):
            raise ValueError(f'InverseKinematicsNumerical: jointStiffness must be a positive '
                             f'number or {n} positive numbers, got {jointStiffness!r}')
        if useRenderer:
            raise NotImplementedFeatureError(
                'InverseKinematicsNumerical(useRenderer=True) is not available in coordyn: '
                "there is no renderer window; draw the result with coordyn's viewer "
                '(docs: coming_from_exudyn)')
        self.robot = robot
        self.nLinks = n
        self.jointStiffness = k
        self.flagDebug = flagDebug
        self.useRenderer = useRenderer
        self.useAlternativeConstraints = useAlternativeConstraints
        self.epsRotationMatrix = 1e-14
        self.epsSolution = 1e-14
        self.maxIterations = 50
        self.q = np.array(robot.referenceConfiguration[0:n], dtype=float)

    def _pose(self, q):
        return self.robot.LinkHT(q)[-1] @ self.robot.tool.HT

    def GetCurrentRobotHT(self):
        """Tool pose (4x4) at the current solution (the reference configuration before the
        first Solve)."""
        return self._pose(self.q)

    def InterpolateHTs(self, T1, T2, rotStep=np.pi / 16, minSteps=1):
        """Poses from T1 to T2 (T2 included, T1 not): positions interpolated linearly,
        rotations along the rotation vector of R1ᵀR2; min(minSteps, 1 + angle/rotStep)
        steps before the final T2 (Exudyn's count)."""
        T1 = _ht(T1, 'InverseKinematicsNumerical.InterpolateHTs', 'T1')
        T2 = _ht(T2, 'InverseKinematicsNumerical.InterpolateHTs', 'T2')
        rot12 = erb.RotationMatrix2RotationVector(T1[0:3, 0:3].T @ T2[0:3, 0:3])
        n = min(minSteps, 1 + int(np.linalg.norm(rot12) / rotStep))
        out = []
        for i in range(1, n + 1):
            Ti = np.eye(4)
            Ti[0:3, 0:3] = T1[0:3, 0:3] @ erb.RotationVector2RotationMatrix(rot12 * i / n)
            Ti[0:3, 3] = T1[0:3, 3] + (T2[0:3, 3] - T1[0:3, 3]) * i / n
            out.append(Ti)
        return out + [T2]

    def _residual(self, q, T):
        """[p(q) − p_T; θ] with θ the rotation vector of R_Tᵀ R(q) expressed in world axes."""
        H = self._pose(q)
        dR = T[0:3, 0:3].T @ H[0:3, 0:3]
        return np.hstack((H[0:3, 3] - T[0:3, 3],
                          T[0:3, 0:3] @ erb.RotationMatrix2RotationVector(dR)))

    def Solve(self, T, q0=None):
        """[q, success]: joint coordinates (angles projected to [-pi, pi]) that reach pose T
        from the start q0 (None: the last solution); success False (q None) if no equilibrium
        with |pose − T| <= epsSolution (entrywise) is found within maxIterations."""
        T = _ht(T, 'InverseKinematicsNumerical.Solve', 'T')
        if abs(np.linalg.det(T[0:3, 0:3]) - 1) > 1e-10:
            raise ValueError('InverseKinematicsNumerical.Solve: T must be a homogeneous '
                             'transformation [[R, t], [0,0,0,1]] with a rotation matrix R')
        q0 = self.q if q0 is None else np.array(q0, dtype=float)
        if q0.shape != (self.nLinks,):
            raise ValueError(f'InverseKinematicsNumerical.Solve: q0 must have {self.nLinks} '
                             f'entries, got {q0.shape}')
        q0 = projectAngleToPMPi(q0)
        K = np.diag(self.jointStiffness)
        q = q0.copy()
        n = self.nLinks
        for _ in range(self.maxIterations):
            g = self._residual(q, T)
            J = self.robot.Jacobian(self.robot.JointHT(q), toolPosition=self._pose(q)[0:3, 3])
            # KKT step of min ½(q−q0)ᵀK(q−q0) s.t. g(q) = 0:  [K Jᵀ; J 0][dq; λ] = [−K(q−q0); −g]
            A = np.block([[K, J.T], [J, np.zeros((6, 6))]])
            rhs = np.hstack((-K @ (q - q0), -g))
            step = np.linalg.lstsq(A, rhs, rcond=None)[0]
            q = q + step[0:n]
            if np.linalg.norm(step[0:n]) < 1e-15 * (1 + np.linalg.norm(q)):
                break
        q = projectAngleToPMPi(q)
        success = bool(np.all(np.abs(self._pose(q) - T) <= self.epsSolution))
        if not success:
            if self.flagDebug:
                coordyn.Print('WARNING: InverseKinematics: solution incorrect: pose error ',
                              np.abs(self._pose(q) - T).max())
            return [None, False]
        self.q = q
        return [q, True]

    def SolveSafe(self, T, q0=None):
        """Solve along poses interpolated from the current tool pose to T (steps of at most
        pi/3 in rotation, then pi/20 with at least 4 steps if that fails): [q, success]."""
        T = _ht(T, 'InverseKinematicsNumerical.SolveSafe', 'T')
        T0 = self.GetCurrentRobotHT()
        for rotStep, minSteps in ((np.pi / 3, 1), (np.pi / 20, 4)):
            q, success = q0, True
            for Ti in self.InterpolateHTs(T0, T, rotStep=rotStep, minSteps=minSteps):
                q, success = self.Solve(Ti, q)
                if not success:
                    break
            if success:
                return [q, True]
        return [None, False]
