/* NodeRigidBodyRxyz: a 3D rigid-body node with coordinates q = [p; a, b, c], Tait-Bryan
 * angles with A = Rx(a) Ry(b) Rz(c) (cd_rot_rxyz); Gbar is singular at cos(b) = 0, which the
 * body reports as a SolverError */
#include "cd_nodes.h"
#include "../../math/cd_rotations.h"

typedef struct {
    cd_common c;
    cd_vec referenceCoordinates, initialCoordinates, initialVelocities;  /* 6 entries each */
} params;

static int nq(const void *p) { (void)p; return 6; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    const params *p = vp;
    cd_pointnode_init(&p->referenceCoordinates, &p->initialCoordinates, &p->initialVelocities,
                      qref, q0, v0);
}

static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    cd_rigidnode_position(3, 6, qref, q, v, pos, vel, J);
}

/* the angles = reference + displacement */
static void angles_of(const double *qref, const double *q, double t[3])
{
    for (int i = 0; i < 3; i++) t[i] = qref[3 + i] + q[3 + i];
}

static void rotation(const void *vp, const double *qref, const double *q, const double *v,
                     double A[9], double *Gb, double Gbd_v[3])
{
    double t[3];
    (void)vp;
    angles_of(qref, q, t);
    cd_rot_rxyz(t, v + 3, A, Gb, Gbd_v);
}

static void rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                       double *dA, double *dGb, double *dq, double *dv)
{
    double t[3];
    (void)vp;
    angles_of(qref, q, t);
    cd_rot_rxyz_d(t, v + 3, dA, dGb, dq, dv);
}

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md);
static const cd_nodeops ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq, .init = init, .position = position,
    .frame = frame, .rotation = rotation, .rotation_d = rotation_d};

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    cd_rigidnode_frame(&ops, vp, qref, q, v, md);
}

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    CD_RIGIDNODE_COORD_FIELDS(params, 6, "0 0 0 0 0 0", "0 0 0 0 0 0",
                              "reference [x, y, z, alpha, beta, gamma] (Tait-Bryan xyz)",
                              "initial displacements", "initial velocities")};

const cd_itemtype cd_type_NodeRigidBodyRxyz = {
    .kind = CD_NODE, .name = "NodeRigidBodyRxyz", .typename_ = "RigidBodyRxyz", .alias = NULL,
    .doc = "A 3D rigid-body node: position and Tait-Bryan angles xyz (A = Rx Ry Rz; singular at "
           "beta = +-pi/2).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = cd_rigidnode_outvars};
