/* cd_joints: what the constraints and joints (csrc/items/joints/) share. They are connectors
 * (cd_connectors.h) with their own multipliers: r2 = C_q^T lambda, rae = g (index 3) or g_t
 * (index 2); a deactivated one (activeConnector False) has the equations lambda = 0. */
#ifndef CD_JOINTS_H
#define CD_JOINTS_H

#include "../connectors/cd_connectors.h"

/* point coincidence on the first na global axes (Revolute2D: x, y; Spherical: x, y, z):
 * g_i = (p1 - p0)_i; on[i] = 0 makes row i the equation lambda_i = 0 */
int cd_joint_point_residual(const cd_objctx *c, int na, const int on[3], double *r2,
                            double *rae);
int cd_joint_point_jacobian(const cd_objctx *c, int na, const int on[3], double *K, double *D,
                            double *Cq, double *Gq, double *Gv);

/* the generic joint (JointGeneric, JointRevoluteZ, JointPrismaticX; parameters beginning with
 * cd_p_frames): joint frames F0 = A0 R0, F1 = A1 R1 and the constrained axes ax[6]
 * (1 constrained, 0 free: lambda = 0) of [x, y, z, rx, ry, rz] in frame 0; see joint_common.c */
int cd_joint_generic_residual(const cd_objctx *c, const double ax[6], double *r2, double *rae);
/* the same with Exudyn's offsets off (6: translations in frame 0, then Tait-Bryan angles xyz of
 * a rotation of frame 0: F0 = A0 R0 Rxyz(off[3..5])): g_i = f0_i . d - off_i, or, as Exudyn,
 * f0_i . (d - off[0..2]) (global offsets) when all three translations are constrained; at
 * velocity level
 * (index 2) the rows are their time derivatives with the rates off_t (NULL: 0) */
int cd_joint_generic_residual_offset(const cd_objctx *c, const double ax[6], const double *off,
                                     const double *off_t, double *r2, double *rae);
int cd_joint_generic_jacobian(const cd_objctx *c, const double ax[6], double *K, double *D,
                              double *Cq, double *Gq, double *Gv);
int cd_joint_generic_nae(const void *p);   /* 6 */
/* Position (marker 0), Velocity, Force (lambda 0..2) and Torque (lambda 3..5) */
int cd_joint_generic_output(const cd_objctx *c, cd_outvar var, double *out);
/* the output variables of the generic joints */
extern const cd_outvar cd_joint_generic_outvars[];

/* the sliding joints (ObjectJointSliding2D, ObjectJointSliding; joint_sliding_common.c): a
 * position marker m0 slides along a chain of ANCF cable elements, each seen through one sliding
 * marker; the Data coordinates of a NodeGenericData hold [k, d1], k the index of the current
 * element in slidingMarkerNumbers and d1 the global sliding coordinate at the last post-Newton
 * update; one algebraic unknown ds is the change since then, so that the local coordinate on
 * element k is x = d1 + ds - slidingMarkerOffsets[k]. Their parameters begin with this head */
typedef struct {
    cd_p_connector h;              /* name, markerNumbers [m0, marker of the start element] */
    cd_ivec slidingMarkerNumbers;  /* the elements' markers, in sliding order */
    cd_vec slidingMarkerOffsets;   /* global sliding coordinate where each element starts */
    int nodeNumber;                /* NodeGenericData: [element index, sliding coordinate] */
} cd_p_sliding;

/* the element under the joint at x (cd_sliding_eval): dim 2 (ObjectANCFCable2D, 8
 * coordinates) or 3 (ObjectANCFCable, 12) */
typedef struct {
    int k;            /* index in slidingMarkerNumbers */
    int nc;           /* its number of coordinates, 4 dim */
    int idx[12];      /* local indices of its coordinates in the object's list */
    double q[12], v[12];   /* its total coordinates and velocities */
    double L;         /* its length */
    double EA;        /* its axial stiffness */
    double x;         /* local sliding coordinate */
    double S[4], Sx[4], Sxx[4];
    double r[3], rx[3], rxx[3], rt[3], rxt[3];   /* r, r', r'', r_t, r'_t at x (dim used) */
} cd_sliding_elem;

int cd_sliding_more_markers(const void *p, const int **markers);  /* slidingMarkerNumbers */
int cd_sliding_nodes(const void *p, const int **nodes);           /* [nodeNumber] */
/* e from the object's context; ds = the sliding change (its algebraic unknown) */
void cd_sliding_eval(const cd_objctx *c, int dim, double ds, cd_sliding_elem *e);
/* after Newton: x < 0 moves to element k - 1, x > L to k + 1 (error: the overshoot), d1 += ds
 * clamped to [0, total length]; out = [k, d1] (2); inactive: the data unchanged */
int cd_sliding_post_newton(const cd_objctx *c, int dim, double ds, int active, double *out,
                           double *error);
/* the checks both share: the sliding markers (all of type mtype, offsets increasing, one offset
 * each), markerNumbers[1] of type mtype and in the list, the data node (2 coordinates, initial
 * index in range); messages name tname */
int cd_sliding_check(const cd_system *s, int index, const cd_p_sliding *p,
                     const cd_itemtype *mtype, const char *tname, cd_error *err);

#endif
