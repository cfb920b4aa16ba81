/* cd_nodes: helpers shared by the node types (csrc/items/nodes/): point-like nodes
 * (point_common.c) and rigid-body nodes (rigid_common.c) */
#ifndef CD_NODES_H
#define CD_NODES_H

#include "../../core/cd_items.h"

/* the nodes with coordinates begin their parameters with cd_p_coordnode */
typedef struct {
    cd_common c;
    cd_vec referenceCoordinates, initialCoordinates, initialVelocities;  /* nq entries each */
} cd_p_coordnode;

/* the init op of a node with cd_p_coordnode: qref, q0, v0 from the three vectors */
void cd_coordnode_init(const void *p, double *qref, double *q0, double *v0);
/* qref, q0, v0 (n = ref->n entries each) from the parameter vectors */
void cd_pointnode_init(const cd_vec *ref, const cd_vec *q0, const cd_vec *v0, double *qref,
                       double *q0out, double *v0out);
/* a node whose n <= 3 coordinates are the first n position components:
 * pos = [qref + q, 0...], vel = [v, 0...], J = [I; 0] (3 x n, column-major; J may be NULL) */
void cd_pointnode_position(int n, const double *qref, const double *q, const double *v,
                           double pos[3], double vel[3], double *J);

/* output variables of the point-like nodes with coordinates (NodePoint, NodePoint2D, the
 * slope nodes): the point outputs and the coordinates */
extern const cd_outvar cd_pointnode_outvars[];
extern const cd_outvar cd_pointnode_rot_outvars[];

/* the nodes of the ANCF cables (NodePoint2DSlope1, NodePointSlope1): 2 dim coordinates
 * [r, r'] (dim = 2 or 3, from the length of referenceCoordinates); the position is r, the slope
 * r' does not move the point: J = [I 0] (3 x 2 dim) */
extern const cd_nodeops cd_slopenode_ops;

/* rigid-body nodes: the first npos of the nq coordinates are the position of the node's
 * reference point, the others a rotation: pos = [qref + q, 0...], vel = [v, 0...],
 * J = [I 0] (3 x nq, column-major; J may be NULL) */
/* theta (n entries) = qref[3..] + q[3..]: the rotation coordinates of a 3D rigid-body node */
void cd_rigidnode_theta(const double *qref, const double *q, int n, double *theta);
void cd_rigidnode_position(int npos, int nq, const double *qref, const double *q, const double *v,
                           double pos[3], double vel[3], double *J);
/* the nq and position ops of the 3D rigid-body nodes with 6 coordinates [p; theta] */
int cd_rigidnode6_nq(const void *p);
void cd_rigidnode6_position(const void *p, const double *qref, const double *q, const double *v,
                            double pos[3], double vel[3], double *J);
/* MarkerData of the body-fixed point lp of a 3D rigid-body node whose rotation and
 * rotation_d are those of ops (md->n, J, Jrot set by the caller; derivative data if
 * md->want_d). With w = Gbar theta_t (local):
 *   pos = p + A lp,  vel = p_t + A (w x lp),  J = [I, A (Gbar_j x lp)],  Jrot = [0, A Gbar],
 *   Jdot_v = A (Gbd_v x lp + w x (w x lp)),  omega = A w;
 * with ops->rotation_global: Jrot = [0, G] (omega stays A w) */
void cd_rigidnode_point_frame(const cd_nodeops *ops, const void *np, const double *qref,
                              const double *q, const double *v, const double *lp,
                              cd_markerdata *md);
/* the frame of the node itself (lp = 0, so J = [I 0] is constant) */
void cd_rigidnode_frame(const cd_nodeops *ops, const void *np, const double *qref,
                        const double *q, const double *v, cd_markerdata *md);
/* output variables of the 3D rigid-body nodes */
extern const cd_outvar cd_rigidnode_outvars[];

/* the derivative data of rigid frames, in md->dwork (rigid_deriv.c gives the products,
 * cd_rigid_markerderiv): the position is pos = P q[0..npos-1] + A(theta) lp with
 * theta = q[npos..npos+nrot-1], the local angular velocity Gb theta_t; J (theta columns)
 * = A (Gb_j x lp), Jrot = A Gb. dA: exact dA/dtheta_k (row-major 3x3 blocks; Lie-group nodes:
 * along the local tangent), Gb (3 x nrot, row-major), dGb: dGb/dtheta_k (blocks of Gb's
 * layout), tht: theta_t */
typedef struct cd_rigid_md {
    int npos, nrot;
    double lp[3], tht[4], Gb[12], dA[36], dGb[48];
    int hasG;                /* 1: Jrot = [0, G] with the node's rotation_global, else A Gb */
    double G[12], dG[48];
} cd_rigid_md;
#define CD_RIGID_MD_DSIZE ((int)((sizeof(cd_rigid_md) + sizeof(double) - 1) / sizeof(double)))
extern const cd_markerderiv cd_rigid_markerderiv;
/* the marker_dsize op of rigid nodes and bodies: CD_RIGID_MD_DSIZE */
int cd_rigid_marker_dsize(const void *p);
/* md->deriv = the rigid products; returns md->dwork as the data to fill */
cd_rigid_md *cd_rigid_md_begin(cd_markerdata *md);
/* the data of the turned frame A R (R: constant rotation, 3 x 3 row-major), for markers with a
 * local rotation (localHT) */
void cd_rigid_md_turn(cd_rigid_md *d, const double R[9]);

/* planar rigid frames (rotation phi about z): Jrot = [0 0 e_z] (3 x 3), and the derivative
 * data of A = Rz(phi), Gbar = e_z at the body-fixed point lp (phit = phi_t) */
void cd_planar_jrot(double *Jrot);
void cd_planar_rotd(cd_markerdata *md, double phi, double phit, const double lp[3]);

/* the name field every node has */
#define CD_NODE_NAME_FIELD                                                                       \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "node's unique name", NULL}

/* the three coordinate vectors of cd_p_coordnode, N coordinates (default text D) */
#define CD_NODE_COORD_FIELDS(N, D)                                                               \
    {"referenceCoordinates", CD_FT_VEC, N, offsetof(cd_p_coordnode, referenceCoordinates), D, 0, \
     0, "m", "reference coordinates; position = reference + displacement", NULL},                \
    {"initialCoordinates", CD_FT_VEC, N, offsetof(cd_p_coordnode, initialCoordinates), D, 0, 0,  \
     "m", "initial displacement coordinates", NULL},                                             \
    {"initialVelocities", CD_FT_VEC, N, offsetof(cd_p_coordnode, initialVelocities), D, 0, 0,    \
     "m/s", "initial velocities", NULL}

/* the three coordinate vectors of cd_p_coordnode for a 3D rigid-body node with N coordinates:
 * default texts DR (reference) and D0 (initial values, velocities), docs of each */
#define CD_RIGIDNODE_COORD_FIELDS(N, DR, D0, DOCR, DOC0, DOCV)                                   \
    {"referenceCoordinates", CD_FT_VEC, N, offsetof(cd_p_coordnode, referenceCoordinates), DR,   \
     0, 0, "", DOCR, NULL},                                                                      \
    {"initialCoordinates", CD_FT_VEC, N, offsetof(cd_p_coordnode, initialCoordinates), D0, 0, 0, \
     "", DOC0, NULL},                                                                            \
    {"initialVelocities", CD_FT_VEC, N, offsetof(cd_p_coordnode, initialVelocities), D0, 0, 0,   \
     "", DOCV, NULL}

#endif
