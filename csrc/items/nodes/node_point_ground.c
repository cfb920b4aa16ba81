/* NodePointGround: a fixed point without coordinates, to attach connectors to the ground */
#include "cd_nodes.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec referenceCoordinates;  /* 3: position of the node */
} params;

static int nq(const void *p) { (void)p; return 0; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    (void)vp; (void)qref; (void)q0; (void)v0;
}

static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    const params *p = vp;
    (void)qref; (void)q; (void)v; (void)J;
    for (int i = 0; i < 3; i++) {
        pos[i] = p->referenceCoordinates.x[i];
        vel[i] = 0.0;
    }
}

/* its frame: fixed, not rotated */
static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    position(vp, qref, q, v, md->pos, md->vel, NULL);
    md->Jconst = 1;
    md->rigid = 1;
    memcpy(md->A, I3, sizeof I3);
    memset(md->omega, 0, sizeof md->omega);
}

static const cd_nodeops ops = {.flags = CD_NODEF_POS | CD_NODEF_GROUND, .nq = nq, .init = init,
                               .position = position, .frame = frame};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                    CD_OV_COORDINATESTOTAL, CD_OV_ROTATION, CD_OV_ROTATIONMATRIX,
                                    CD_OV_ANGULARVELOCITY, CD_OV_ANGULARVELOCITYLOCAL,
                                    CD_OV_HOMOGENEOUSTRANSFORMATION, CD_OV_NONE};

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 3, offsetof(params, referenceCoordinates), "0 0 0", 0, 0,
     "m", "position of the ground node", NULL}};

const cd_itemtype cd_type_NodePointGround = {
    .kind = CD_NODE, .name = "NodePointGround", .typename_ = "PointGround",
    .alias = "PointGround",
    .doc = "A fixed point without coordinates, used to attach connectors to ground.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
