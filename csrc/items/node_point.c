/* Point-like nodes: NodePoint (3 coordinates), NodePoint2D (2), Node1D (1), NodePointGround (0)
 * and NodeGenericODE2 (n). Coordinates are displacements; position = reference + displacement. */
#include "../core/cd_items.h"
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_node, f)

static int nq3(const void *p) { (void)p; return 3; }
static int nq2(const void *p) { (void)p; return 2; }
static int nq1(const void *p) { (void)p; return 1; }
static int nq0(const void *p) { (void)p; return 0; }
static int nqn(const void *p) { return ((const cd_p_node *)p)->numberOfODE2Coordinates; }

/* reference, initial displacement and initial velocity straight from the parameters */
static void init(const void *vp, double *qref, double *q0, double *v0)
{
    const cd_p_node *p = vp;
    int n = p->referenceCoordinates.n;
    memcpy(qref, p->referenceCoordinates.x, sizeof(double) * (size_t)n);
    memcpy(q0, p->initialCoordinates.x, sizeof(double) * (size_t)n);
    memcpy(v0, p->initialVelocities.x, sizeof(double) * (size_t)n);
}

/* pos = [qref + q, 0...], vel = [v, 0...], J = [I; 0] (3 x n) */
static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    const cd_p_node *p = vp;
    int n = p->initialCoordinates.n;
    for (int i = 0; i < 3; i++) {
        pos[i] = i < n ? qref[i] + q[i] : 0.0;
        vel[i] = i < n ? v[i] : 0.0;
    }
    if (J)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = (i == j);
}

static void ground_position(const void *vp, const double *qref, const double *q, const double *v,
                            double pos[3], double vel[3], double *J)
{
    const cd_p_node *p = vp;
    (void)qref; (void)q; (void)v; (void)J;
    for (int i = 0; i < 3; i++) {
        pos[i] = p->referenceCoordinates.x[i];
        vel[i] = 0.0;
    }
}

static void ground_init(const void *vp, double *qref, double *q0, double *v0)
{
    (void)vp; (void)qref; (void)q0; (void)v0;
}

/* a ground node's frame: fixed, not rotated */
static void ground_frame(const void *vp, const double *qref, const double *q, const double *v,
                         cd_markerdata *md)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    ground_position(vp, qref, q, v, md->pos, md->vel, NULL);
    md->Jconst = 1;
    md->rigid = 1;
    memcpy(md->A, I3, sizeof I3);
}

static const cd_nodeops point_ops = {.flags = CD_NODEF_POS, .nq = nq3, .init = init, .position = position};
static const cd_nodeops point2d_ops = {.flags = CD_NODEF_POS, .nq = nq2, .init = init, .position = position};
static const cd_nodeops node1d_ops = {.flags = 0, .nq = nq1, .init = init};
static const cd_nodeops ground_ops = {.flags = CD_NODEF_POS | CD_NODEF_GROUND, .nq = nq0, .init = ground_init, .position = ground_position, .frame = ground_frame};
static const cd_nodeops generic_ops = {.flags = 0, .nq = nqn, .init = init};

static const cd_outvar point_ov[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                     CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                     CD_OV_COORDINATES_TT, CD_OV_NONE};
static const cd_outvar coord_ov[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                                     CD_OV_NONE};
static const cd_outvar ground_ov[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                      CD_OV_ACCELERATION, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "node's unique name", NULL}
#define NODE_FIELDS(N, D)                                                                          \
    NAME_FIELD,                                                                                    \
    {"referenceCoordinates", CD_FT_VEC, N, OFF(referenceCoordinates), D, 0, 0, "m",                \
     "reference coordinates; position = reference + displacement", NULL},                          \
    {"initialCoordinates", CD_FT_VEC, N, OFF(initialCoordinates), D, 0, 0, "m",                    \
     "initial displacement coordinates", NULL},                                                    \
    {"initialVelocities", CD_FT_VEC, N, OFF(initialVelocities), D, 0, 0, "m/s",                    \
     "initial velocities", NULL}

static const cd_field point_fields[] = {NODE_FIELDS(3, "0 0 0")};
static const cd_field point2d_fields[] = {NODE_FIELDS(2, "0 0")};
static const cd_field node1d_fields[] = {NODE_FIELDS(1, "0")};
static const cd_field ground_fields[] = {
    NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 3, OFF(referenceCoordinates), "0 0 0", 0, 0, "m",
     "position of the ground node", NULL}};
static const cd_field generic_fields[] = {
    NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 0, OFF(referenceCoordinates), NULL, 0, 0, "",
     "reference coordinates (numberOfODE2Coordinates entries)", NULL},
    {"initialCoordinates", CD_FT_VEC, 0, OFF(initialCoordinates), NULL, 0, 0, "",
     "initial displacement coordinates (numberOfODE2Coordinates entries)", NULL},
    {"initialCoordinates_t", CD_FT_VEC, 0, OFF(initialVelocities), NULL, 0, 0, "",
     "initial velocities (numberOfODE2Coordinates entries)", NULL},
    {"numberOfODE2Coordinates", CD_FT_INT, 0, OFF(numberOfODE2Coordinates), "0", CD_CHK_NONNEG, 0,
     "", "number of ODE2 coordinates", NULL}};

/* NodeGenericODE2: every vector must have numberOfODE2Coordinates entries */
static int generic_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_node *p = vp;
    const cd_vec *v[3] = {&p->referenceCoordinates, &p->initialCoordinates, &p->initialVelocities};
    const char *nm[3] = {"referenceCoordinates", "initialCoordinates", "initialCoordinates_t"};
    int n = p->numberOfODE2Coordinates;
    (void)s;
    if (n < 1)
        return cd_error_set(err, CD_ERR_INPUT,
                            "NodeGenericODE2 %d: parameter 'numberOfODE2Coordinates' must be >= 1, "
                            "got %d", index, n);
    for (int i = 0; i < 3; i++)
        if (v[i]->n != n)
            return cd_error_set(err, CD_ERR_INPUT,
                                "NodeGenericODE2 %d: parameter '%s' must have length %d "
                                "(numberOfODE2Coordinates), got length %d", index, nm[i], n,
                                v[i]->n);
    return CD_OK;
}

#define NODE_TYPE(T, NAME, TN, ALIAS, DOC, FIELDS, CHECK, OPS, OV)                                  \
    const cd_itemtype T = {CD_NODE, NAME, TN, ALIAS, DOC, sizeof(cd_p_node), FIELDS,                 \
                           CD_NF(FIELDS), CHECK, &OPS, NULL, NULL, NULL, OV}

NODE_TYPE(cd_type_NodePoint, "NodePoint", "Point", "Point",
          "A 3D point node with 3 displacement coordinates (x, y, z).", point_fields, NULL,
          point_ops, point_ov);
NODE_TYPE(cd_type_NodePoint2D, "NodePoint2D", "Point2D", "Point2D",
          "A 2D point node with 2 displacement coordinates (x, y) in the x-y plane.",
          point2d_fields, NULL, point2d_ops, point_ov);
NODE_TYPE(cd_type_Node1D, "Node1D", "1D", NULL,
          "A node with one scalar ODE2 coordinate, used by Mass1D.", node1d_fields, NULL,
          node1d_ops, coord_ov);
NODE_TYPE(cd_type_NodePointGround, "NodePointGround", "PointGround", "PointGround",
          "A fixed point without coordinates, used to attach connectors to ground.",
          ground_fields, NULL, ground_ops, ground_ov);
NODE_TYPE(cd_type_NodeGenericODE2, "NodeGenericODE2", "GenericODE2", NULL,
          "A node with numberOfODE2Coordinates generic second-order coordinates.",
          generic_fields, generic_check, generic_ops, coord_ov);
