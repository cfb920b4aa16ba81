/* NodePointSlope1: the node of the 3D ANCF cable (ObjectANCFCable): 6 coordinates
 * (x, y, z, slope_x, slope_y, slope_z), a point of the cable's axis and the slope vector
 * r' = dr/dx there. Reference coordinates default to [0, 0, 0, 1, 0, 0], as in Exudyn. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 6 coordinates */

static int nq(const void *p) { (void)p; return 6; }

/* the position is the first three coordinates: J = [I3 0] */
static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    for (int i = 0; i < 3; i++) {
        pos[i] = qref[i] + q[i];
        vel[i] = v[i];
    }
    if (J)
        for (int j = 0; j < 6; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = (i == j);
}

static const cd_nodeops ops = {
    .flags = CD_NODEF_POS, .nq = nq, .init = cd_coordnode_init, .position = position};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                    CD_OV_COORDINATES_TT, CD_OV_NONE};

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 6, offsetof(cd_p_coordnode, referenceCoordinates),
     "0 0 0 1 0 0", 0, 0, "", "reference coordinates [x, y, z, slope_x, slope_y, slope_z]; "
     "position = reference + displacement", NULL},
    {"initialCoordinates", CD_FT_VEC, 6, offsetof(cd_p_coordnode, initialCoordinates),
     "0 0 0 0 0 0", 0, 0, "", "initial displacement coordinates", NULL},
    {"initialVelocities", CD_FT_VEC, 6, offsetof(cd_p_coordnode, initialVelocities),
     "0 0 0 0 0 0", 0, 0, "", "initial velocities of the 6 coordinates", NULL}};

const cd_itemtype cd_type_NodePointSlope1 = {
    .kind = CD_NODE, .name = "NodePointSlope1", .typename_ = "PointSlope1",
    .alias = "PointSlope1",
    .doc = "A 3D point node with a slope vector, 6 coordinates (position and slope r'): the node "
           "of ObjectANCFCable.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
