/* cd_kintree: what ObjectKinematicTree (kinematic_tree.c) gives its marker
 * (MarkerKinematicTreeRigid) and its sensor (SensorKinematicTree): the frame of a link-fixed
 * point and its Jacobians, from the tree's local coordinates. */
#ifndef CD_KINTREE_H
#define CD_KINTREE_H

#include "cd_bodies.h"

/* the frame of a link-fixed point, global: position, velocity, acceleration of the point, the
 * link's rotation matrix A (row-major, global = A local), angular velocity and acceleration */
typedef struct {
    double pos[3], vel[3], acc[3], A[9], omega[3], alpha[3];
} cd_kt_frame;

/* chain data (cd_kt_frame_eval): entry e = 0..m-1 from the root to the link, CD_KT_CHAIN_STRIDE
 * doubles each after a header of 1 (m): [coordinate index k, 1 revolute / 0 prismatic, global
 * joint axis a_k (3), joint origin o_k (3), velocity q_t,k] */
#define CD_KT_CHAIN_STRIDE 9
#define CD_KT_CHAIN_SIZE(n) (1 + CD_KT_CHAIN_STRIDE * (n))

/* number of links of a kinematic tree (parameters p) */
int cd_kt_nlinks(const void *p);
/* the frame f of the point lp (link coordinates) of link `link` from the tree's displacement
 * coordinates q, velocities v and accelerations a (NULL: zero; gravity is not included): the
 * tree's local vectors (global 0) or the system's vectors (global 1, read through its LTG list).
 * J, Jr (3 x n column-major, written fully; NULL: not wanted): d pos/dq and d omega/dq_t;
 * chain (CD_KT_CHAIN_SIZE(n) doubles; NULL: not wanted) the path from the root to the link.
 * Returns the link's depth (number of joints on the path). The frames are computed by
 * recursion along the parents (stack depth: the depth of the tree). */
int cd_kt_frame_eval(const cd_system *s, const cd_item *it, int link, const double lp[3],
                     const double *q, const double *v, const double *a, int global,
                     cd_kt_frame *f, double *J, double *Jr, double *chain);

#endif
