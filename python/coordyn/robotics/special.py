"""Manipulability measures and the minimal-coordinate mass matrix of serial robots
(Exudyn's ``exudyn.robotics.special``; Yoshikawa 1985, Chiacchio 1998, Woernle 2016).

The joint Jacobians (JointJacobian) are expressed in the link frames of standard DH robots:
every joint axis is the z axis of the previous link frame (the base frame for the first)."""
from __future__ import annotations

import numpy as np

__all__ = [
    'VelocityManipulability', 'ForceManipulability', 'StiffnessManipulability', 'JointJacobian',
    'MassMatrix', 'DynamicManipulability', 'CalculateAllMeasures',
]


def _jacobian(robot, HT, mode, caller):
    if mode not in ('all', 'rot', 'trans'):
        raise ValueError(f"{caller}: mode must be 'all', 'rot' or 'trans', got {mode!r}")
    return robot.Jacobian(HT, [], mode)


def VelocityManipulability(robot, HT, mode):
    """Yoshikawa's velocity manipulability sqrt(det(J Jᵀ)) at the joint HTs HT
    (mode 'all', 'rot' or 'trans'); a negative determinant (round-off) gives 0."""
    J = _jacobian(robot, HT, mode, 'VelocityManipulability')
    return np.real(np.sqrt(max(0., np.linalg.det(J @ J.T))))


def ForceManipulability(robot, HT, mode, singularWeight=100):
    """Force manipulability sqrt(det((J Jᵀ)⁻¹)); singularWeight where J Jᵀ is singular."""
    J = _jacobian(robot, HT, mode, 'ForceManipulability')
    JJ = J @ J.T
    if np.linalg.det(JJ) == 0:
        return np.real(singularWeight)
    return np.real(np.sqrt(max(0., np.linalg.det(np.linalg.inv(JJ)))))


def StiffnessManipulability(robot, JointStiffness, HT, mode, singularWeight=1000):
    """[smallest eigenvalue of K, K] with the Cartesian stiffness K = (J Kq⁻¹ Jᵀ)⁻¹ for the
    joint stiffness matrix Kq; singularWeight·ones where K cannot be formed."""
    J = _jacobian(robot, HT, mode, 'StiffnessManipulability')
    Kq = np.array(JointStiffness, dtype=float)
    if Kq.shape != (J.shape[1], J.shape[1]):
        raise ValueError(f'StiffnessManipulability: JointStiffness must be a '
                         f'{J.shape[1]}x{J.shape[1]} matrix, got shape {Kq.shape}')
    try:
        K = np.linalg.inv(J @ np.linalg.inv(Kq) @ J.T)
    except np.linalg.LinAlgError:
        K = np.full((J.shape[0], J.shape[0]), float(singularWeight))
    if np.isnan(np.sum(K)):
        K = np.full(K.shape, float(singularWeight))
    return [np.real(min(np.linalg.eigvals(K))), K]


def JointJacobian(robot, HTJoint, HTLink):
    """Per link k (of the len(HTJoint) given): the array [J_R; J_T] (2 x 3 x n) of the angular
    velocity and the COM velocity of link k w.r.t. the joint velocities, both in link k's
    frame; joint i turns about the z axis of link i-1's frame (std DH)."""
    n = len(HTJoint)
    if n > len(robot.links) or len(HTLink) < n:
        raise ValueError(f'JointJacobian: need len(HTJoint) <= {len(robot.links)} links and as '
                         f'many HTLink, got {n} and {len(HTLink)}')
    HTCOM = robot.COMHT(HTJoint)
    z = np.array([0., 0., 1.])
    out = []
    for k in range(n):
        Rk = np.asarray(HTLink[k])[0:3, 0:3]
        pc = np.asarray(HTCOM[k])[0:3, 3]
        Jw = np.zeros((3, n))
        Jv = np.zeros((3, n))
        for i in range(k + 1):
            if i == 0:
                axis, origin = z, np.zeros(3)
            else:
                H = np.asarray(HTLink[i - 1])
                axis, origin = H[0:3, 0:3] @ z, H[0:3, 3]
            u = Rk.T @ axis
            if robot.links[i].jointType[0] == 'R':
                Jw[:, i] = u
                Jv[:, i] = np.cross(u, Rk.T @ (pc - origin))
            else:
                Jv[:, i] = u
        out.append(np.array([Jw, Jv]))
    return out


def MassMatrix(robot, HT, jointJacobian):
    """Mass matrix in joint coordinates M = Σ_k (J_R,kᵀ I_k J_R,k + m_k J_T,kᵀ J_T,k) from the
    link Jacobians of JointJacobian (Woernle 2016, eq. 6.90); I_k about the COM."""
    n = len(robot.links)
    if len(jointJacobian) != n:
        raise ValueError(f'MassMatrix: jointJacobian must hold {n} link Jacobians (one per '
                         f'link), got {len(jointJacobian)}')
    M = np.zeros((n, n))
    for k, link in enumerate(robot.links):
        JR, JT = jointJacobian[k][0], jointJacobian[k][1]
        if JR.shape[1] != n:
            raise ValueError(f'MassMatrix: the Jacobian of link {k} has {JR.shape[1]} columns, '
                             f'expected {n}')
        M += JR.T @ np.asarray(link.inertia, dtype=float) @ JR + link.mass * (JT.T @ JT)
    return M


def DynamicManipulability(robot, HT, MassMatrix, Tmax, mode, singularWeight=1000):
    """[smallest eigenvalue of N, N], Chiacchio's dynamic manipulability matrix
    N = J_Q⁺ᵀ Q J_Q⁺ with Q = (Tmax⁻¹ M)ᵀ(Tmax⁻¹ M) and the Q-weighted pseudo-inverse
    J_Q⁺ = Q⁻¹ Jᵀ (J Q⁻¹ Jᵀ)⁻¹."""
    J = _jacobian(robot, HT, mode, 'DynamicManipulability')
    TM = np.linalg.inv(Tmax) @ MassMatrix
    Q = TM.T @ TM
    Qi = np.linalg.inv(Q)
    Jp = Qi @ J.T @ np.linalg.inv(J @ Qi @ J.T)
    N = Jp.T @ Q @ Jp
    if np.isnan(np.sum(N)):
        N = np.full(N.shape, float(singularWeight))
    return [np.real(min(np.linalg.eigvals(N))), N]


def CalculateAllMeasures(robot, robotDic, q, mode, flag=[0, 0, 0, 0]):
    """[mv, mf, mst, mstM, ma, maM]: the measures switched on by flag
    [velocity, force, stiffness, dynamic] at joint coordinates q; robotDic supplies
    'jointStiffnessMatrix' and 'joinTorqueMaxMatrix' (as the models' dicts do)."""
    if len(flag) != 4:
        raise ValueError('CalculateAllMeasures: flag must be a list of 4 ints (0 or 1)')
    HTj = robot.JointHT(q)
    HTl = robot.LinkHT(q)
    M = MassMatrix(robot, HTj, JointJacobian(robot, HTj, HTl))
    mv = mf = mst = mstM = ma = maM = []
    if flag[0]:
        mv = VelocityManipulability(robot, HTj, mode)
    if flag[1]:
        mf = ForceManipulability(robot, HTj, mode, singularWeight=100)
    if flag[2]:
        mst, mstM = StiffnessManipulability(robot, robotDic['jointStiffnessMatrix'], HTj, mode,
                                            singularWeight=1000)
    if flag[3]:
        ma, maM = DynamicManipulability(robot, HTj, M, robotDic['joinTorqueMaxMatrix'], mode,
                                        singularWeight=1000)
    return [mv, mf, mst, mstM, ma, maM]
