/* Bodies without rotation: ObjectGround, ObjectMassPoint (3D), ObjectMassPoint2D, ObjectMass1D.
 * Their mass matrices are constant: m I (point masses), m (Mass1D). */
#include "../core/cd_items.h"
#include "cd_item_list.h"
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_mass, f)

static int one_node(const void *vp, const int **nodes)
{
    *nodes = &((const cd_p_mass *)vp)->nodeNumber;
    return 1;
}

/* M = m I */
static int point_mass(const cd_objctx *c, double *M)
{
    const cd_p_mass *p = c->item->p;
    int n = c->item->nq;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) M[i + j * n] = (i == j) ? p->mass : 0.0;
    return CD_OK;
}

/* position of local point lp: node position + lp; J = node Jacobian */
static void point_body(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                       const double *v, double pos[3], double vel[3], double *J)
{
    const cd_p_mass *p = it->p;
    cd_node_point(s, p->nodeNumber, q, v, pos, vel, J);
    for (int i = 0; i < 3; i++) pos[i] += lp[i];
}

/* generalized force of the mass-proportional load b: f = m J^T b */
static void point_massforce(const cd_system *s, const cd_item *it, const double *q,
                            const double b[3], double *f)
{
    const cd_p_mass *p = it->p;
    (void)s; (void)q;
    for (int i = 0; i < it->nq; i++) f[i] = p->mass * b[i];
}

/* MassPoint / MassPoint2D: the node must be a position node with 3 / 2 coordinates */
static int check_point(const cd_system *s, int index, const void *vp, int dim, const char *tname,
                       cd_error *err)
{
    const cd_p_mass *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    int fl = nd->type->node->flags;
    if (!(fl & CD_NODEF_POS) || (fl & (CD_NODEF_GROUND | CD_NODEF_ROT)) ||
        nd->type->node->nq(nd->p) != dim)
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'nodeNumber' refers to node %d of type %s; %s needs "
                            "a %s", tname, index, p->nodeNumber, nd->type->name, tname,
                            dim == 3 ? "NodePoint" : "NodePoint2D");
    return CD_OK;
}
static int check_mp(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_point(s, i, p, 3, "ObjectMassPoint", e);
}
static int check_mp2(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_point(s, i, p, 2, "ObjectMassPoint2D", e);
}

/* Mass1D: position = referencePosition + referenceRotation [x, 0, 0]^T, x = ref + displacement */
static void mass1d_body(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                        const double *v, double pos[3], double vel[3], double *J)
{
    const cd_p_mass *p = it->p;
    const double *R = p->referenceRotation.x;  /* row-major 3x3 */
    double x = s->qref[s->list[CD_NODE].items[p->nodeNumber].ltg[0]] + q[0];
    for (int i = 0; i < 3; i++) {
        double lpr = R[3 * i] * lp[0] + R[3 * i + 1] * lp[1] + R[3 * i + 2] * lp[2];
        pos[i] = p->referencePosition.x[i] + R[3 * i] * x + lpr;
        vel[i] = R[3 * i] * v[0];
        if (J) J[i] = R[3 * i];
    }
}

static void mass1d_massforce(const cd_system *s, const cd_item *it, const double *q,
                             const double b[3], double *f)
{
    const cd_p_mass *p = it->p;
    const double *R = p->referenceRotation.x;
    (void)s; (void)q;
    f[0] = p->mass * (R[0] * b[0] + R[3] * b[1] + R[6] * b[2]);
}

static int check_m1d(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_mass *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (nd->type != &cd_type_Node1D)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectMass1D %d: parameter 'nodeNumber' refers to node %d of type %s; "
                            "ObjectMass1D needs a Node1D", index, p->nodeNumber, nd->type->name);
    if (p->referenceRotation.rows != 3 || p->referenceRotation.cols != 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectMass1D %d: parameter 'referenceRotation' must be a 3x3 matrix, "
                            "got %dx%d", index, p->referenceRotation.rows,
                            p->referenceRotation.cols);
    return CD_OK;
}

/* ground: position = referencePosition + local position */
static void ground_body(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                        const double *v, double pos[3], double vel[3], double *J)
{
    const cd_p_ground *p = it->p;
    (void)s; (void)q; (void)v; (void)J;
    for (int i = 0; i < 3; i++) {
        pos[i] = p->referencePosition.x[i] + lp[i];
        vel[i] = 0;
    }
}

/* ground frame: fixed, not rotated */
static void ground_frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                         const double *v, cd_markerdata *md)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    ground_body(s, it, lp, q, v, md->pos, md->vel, NULL);
    md->Jconst = 1;
    md->rigid = 1;
    memcpy(md->A, I3, sizeof I3);
    memset(md->omega, 0, sizeof md->omega);
    memset(md->Jdot_v, 0, sizeof md->Jdot_v);
}

static const cd_objectops mp_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP,
    .nodes = one_node,
    .mass_const = 1,
    .mass = point_mass,
    .body_position = point_body,
    .mass_force = point_massforce};
static const cd_objectops m1d_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP,
    .nodes = one_node,
    .mass_const = 1,
    .mass = point_mass,
    .body_position = mass1d_body,
    .mass_force = mass1d_massforce};
static const cd_objectops ground_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_GROUND,
    .mass_const = 1,
    .body_position = ground_body,
    .body_frame = ground_frame};

/* their object outputs are those of the body point at the reference (cd_output.c) */
static const cd_outvar body_ov[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "object's unique name", NULL}
#define MASS_FIELDS                                                                                \
    NAME_FIELD,                                                                                    \
    {"mass", CD_FT_REAL, 0, OFF(mass), "0", CD_CHK_NONNEG, 0, "kg", "mass of the body", NULL},     \
    {"nodeNumber", CD_FT_INDEX, 0, OFF(nodeNumber), NULL, 0, CD_NODE, "", "node number", NULL},    \
    {"physicsMass", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "kg", "deprecated alias of mass",     \
     "mass"}

static const cd_field mp_fields[] = {MASS_FIELDS};
static const cd_field m1d_fields[] = {
    MASS_FIELDS,
    {"referencePosition", CD_FT_VEC, 3, OFF(referencePosition), "0 0 0", 0, 0, "m",
     "position of the coordinate's origin", NULL},
    {"referenceRotation", CD_FT_MAT, 3, OFF(referenceRotation), "1 0 0 0 1 0 0 0 1", 0, 0, "",
     "3x3 rotation; its first column is the direction of motion (default identity)", NULL}};
static const cd_field ground_fields[] = {
    NAME_FIELD,
    {"referencePosition", CD_FT_VEC, 3, offsetof(cd_p_ground, referencePosition), "0 0 0", 0, 0,
     "m", "position of the ground's origin", NULL}};

const cd_itemtype cd_type_ObjectMassPoint = {
    CD_OBJECT, "ObjectMassPoint", "MassPoint", "MassPoint",
    "A point mass on a 3D NodePoint; mass matrix m I.", sizeof(cd_p_mass), mp_fields,
    CD_NF(mp_fields), check_mp, NULL, &mp_ops, NULL, NULL, body_ov, NULL};
const cd_itemtype cd_type_ObjectMassPoint2D = {
    CD_OBJECT, "ObjectMassPoint2D", "MassPoint2D", "MassPoint2D",
    "A point mass on a NodePoint2D moving in the x-y plane; mass matrix m I (2x2).",
    sizeof(cd_p_mass), mp_fields, CD_NF(mp_fields), check_mp2, NULL, &mp_ops, NULL, NULL, body_ov, NULL};
const cd_itemtype cd_type_ObjectMass1D = {
    CD_OBJECT, "ObjectMass1D", "Mass1D", "Mass1D",
    "A mass on a Node1D moving along the first column of referenceRotation from "
    "referencePosition.", sizeof(cd_p_mass), m1d_fields, CD_NF(m1d_fields), check_m1d, NULL,
    &m1d_ops, NULL, NULL, body_ov, NULL};
const cd_itemtype cd_type_ObjectGround = {
    CD_OBJECT, "ObjectGround", "Ground", "Ground",
    "The fixed ground body; markers on it give fixed positions.", sizeof(cd_p_ground),
    ground_fields, CD_NF(ground_fields), NULL, NULL, &ground_ops, NULL, NULL, body_ov, NULL};
