/* NodeRigidBody2D: a rigid-body node in the x-y plane, coordinates (x, y, phi); A = Rz(phi),
 * omega = (0, 0, phi_t) */
#include "cd_nodes.h"
#include "../../math/cd_rotations.h"

typedef struct { cd_p_coordnode n; } params;  /* 3 coordinates: x, y, phi */

static int nq(const void *p) { (void)p; return 3; }

/* position of the node and J = [I2 0; 0 0 0] */
static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    cd_rigidnode_position(2, 3, qref, q, v, pos, vel, J);
}

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    position(vp, qref, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
    md->rigid = 1;
    cd_rot_z(qref[2] + q[2], md->A);
    md->omega[0] = md->omega[1] = 0;
    md->omega[2] = v[2];
    cd_planar_jrot(md->Jrot);
    static const double zero[3] = {0, 0, 0};
    if (md->want_d) cd_planar_rotd(md, qref[2] + q[2], v[2], zero);
}

static const cd_nodeops ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq, .init = cd_coordnode_init,
    .position = position, .frame = frame, .marker_dsize = cd_rigid_marker_dsize};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
    CD_OV_COORDINATESTOTAL, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY, CD_OV_ANGULARACCELERATION,
    CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 3, OFF(n.referenceCoordinates), "0 0 0", 0, 0, "m, rad",
     "reference coordinates [x, y, phi]", NULL},
    {"initialCoordinates", CD_FT_VEC, 3, OFF(n.initialCoordinates), "0 0 0", 0, 0, "m, rad",
     "initial displacements [x, y, phi]", NULL},
    {"initialVelocities", CD_FT_VEC, 3, OFF(n.initialVelocities), "0 0 0", 0, 0, "m/s, rad/s",
     "initial velocities [x_t, y_t, phi_t]", NULL}};

const cd_itemtype cd_type_NodeRigidBody2D = {
    .kind = CD_NODE, .name = "NodeRigidBody2D", .typename_ = "RigidBody2D", .alias = NULL,
    .doc = "A rigid-body node in the x-y plane: position (x, y) and rotation phi about z.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
