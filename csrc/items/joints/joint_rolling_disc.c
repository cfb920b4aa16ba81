/* ObjectJointRollingDisc: a rigid disc (marker 1, its centre and frame) rolls without slipping
 * on a plane given by marker 0 (a point of the plane and its frame). With the disc axis
 * w1 = A1 discAxis, the plane normal n0 = A0 planeNormal and the disc radius r:
 *   forward  wF = (w1 x n0) / |w1 x n0|,  w3 = w1 x wF (from the centre to the contact),
 *   lateral  wL = n0 x wF,
 *   contact  pC = p1 + r w3,
 *   slip     s  = (v1 + omega1 x r w3) - (v0 + omega0 x (pC - p0))
 *                 (disc material point minus plane material point at the contact).
 * The three equations are velocity level (nonholonomic, as Exudyn's): g = [wL.s, wF.s, n0.s]
 * on the constrained axes [lateral, forward, normal]; a free axis has the equation lambda = 0.
 * The forces are r2 = C^T lambda with C = dg/dq_t: lambda_j e_j acts on the disc's contact
 * point and -lambda_j e_j on the plane's. The Jacobian is numerical. */
#include "cd_joints.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    cd_vec constrainedAxes;           /* 3 flags: lateral, forward, normal */
    double discRadius;
    cd_vec discAxis, planeNormal;     /* in the frames of marker 1 and marker 0 */
    int activeConnector;
} params;

static int nae(const void *p) { (void)p; return 3; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }
static int velocity_level(const void *p) { (void)p; return 1; }
static int on(const params *p, int i) { return p->constrainedAxes.x[i] != 0.0; }
static int lambda_row(const cd_item *it, int j) { return !on(it->p, j); }

typedef struct { double n0[3], w1[3], wF[3], w3[3], wL[3], pC[3], a1[3], a0[3], s[3]; } geo;

static int geometry(const cd_objctx *c, geo *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    double f[3], v1[3], v0[3], t[3];
    cd_matvec(m0->A, p->planeNormal.x, g->n0);
    cd_matvec(m1->A, p->discAxis.x, g->w1);
    cd_cross(g->w1, g->n0, f);
    double nf = sqrt(cd_dot(f, f));
    if (!(nf > 1e-14))
        return cd_error_set(c->err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: the disc axis is "
                            "parallel to the plane normal (the disc lies flat on the plane)",
                            c->index);
    for (int i = 0; i < 3; i++) g->wF[i] = f[i] / nf;
    cd_cross(g->w1, g->wF, g->w3);
    cd_cross(g->n0, g->wF, g->wL);
    for (int i = 0; i < 3; i++) {
        g->a1[i] = p->discRadius * g->w3[i];
        g->pC[i] = m1->pos[i] + g->a1[i];
        g->a0[i] = g->pC[i] - m0->pos[i];
    }
    cd_cross(m1->omega, g->a1, t);
    for (int i = 0; i < 3; i++) v1[i] = m1->vel[i] + t[i];
    cd_cross(m0->omega, g->a0, t);
    for (int i = 0; i < 3; i++) v0[i] = m0->vel[i] + t[i];
    for (int i = 0; i < 3; i++) g->s[i] = v1[i] - v0[i];
    return CD_OK;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    geo g;
    int rc = geometry(c, &g);
    if (rc) return rc;
    const double *e[3] = {g.wL, g.wF, g.n0};
    double F[3] = {0, 0, 0}, T1[3], T0[3];
    for (int j = 0; j < 3; j++) {
        rae[j] = on(p, j) ? cd_dot(e[j], g.s) : c->lam[j];
        if (on(p, j))
            for (int i = 0; i < 3; i++) F[i] += c->lam[j] * e[j][i];
    }
    cd_conn_apply_force(c, F, r2);        /* -J0^T F, J1^T F */
    cd_cross(g.a1, F, T1);
    cd_cross(g.a0, F, T0);
    cd_conn_add_rot_row(c, 1, T1, 1.0, r2);
    cd_conn_add_rot_row(c, 0, T0, -1.0, r2);
    return CD_OK;
}

/* velocity of the contact point as a point of the trail (the disc's rotation about its axis
 * does not move it): d/dt (p1 + r w3) relative to the plane's material point */
static void trail_velocity(const cd_objctx *c, const geo *g, double vt[3])
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    double w1t[3], n0t[3], f[3], ft[3], a[3], b[3], wFt[3], w3t[3];
    cd_cross(m1->omega, g->w1, w1t);
    cd_cross(m0->omega, g->n0, n0t);
    cd_cross(g->w1, g->n0, f);
    cd_cross(w1t, g->n0, a);
    cd_cross(g->w1, n0t, b);
    for (int i = 0; i < 3; i++) ft[i] = a[i] + b[i];
    double nf = sqrt(cd_dot(f, f)), nft = cd_dot(f, ft) / nf;
    for (int i = 0; i < 3; i++) wFt[i] = (ft[i] * nf - f[i] * nft) / (nf * nf);
    cd_cross(w1t, g->wF, a);
    cd_cross(g->w1, wFt, b);
    for (int i = 0; i < 3; i++) w3t[i] = a[i] + b[i];
    cd_cross(m0->omega, g->a0, a);
    for (int i = 0; i < 3; i++)
        vt[i] = m1->vel[i] + p->discRadius * w3t[i] - (m0->vel[i] + a[i]);
}

/* Position: contact point; Velocity: trail velocity of the contact point (global);
 * VelocityLocal: slip velocity [lateral, forward, normal];
 * ForceLocal: the force on the disc in [lateral, forward, normal] (-lambda, as Exudyn);
 * RotationMatrix: the joint frame [wL, wF, n0] as columns, row by row */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    geo g;
    if (geometry(c, &g)) return -1;
    switch (var) {
    case CD_OV_POSITION: memcpy(out, g.pC, sizeof g.pC); return 3;
    case CD_OV_VELOCITY: trail_velocity(c, &g, out); return 3;
    case CD_OV_VELOCITYLOCAL:
        out[0] = cd_dot(g.wL, g.s); out[1] = cd_dot(g.wF, g.s); out[2] = cd_dot(g.n0, g.s);
        return 3;
    case CD_OV_FORCELOCAL:
        for (int i = 0; i < 3; i++) out[i] = -c->lam[i];
        return 3;
    case CD_OV_ROTATIONMATRIX:
        for (int i = 0; i < 3; i++) {
            out[3 * i] = g.wL[i]; out[3 * i + 1] = g.wF[i]; out[3 * i + 2] = g.n0[i];
        }
        return 9;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: {  /* [RotationMatrix, Position; 0, 1] */
        double A[9];
        output(c, CD_OV_ROTATIONMATRIX, A);
        return cd_rot_homogeneous(A, g.pC, out);
    }
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: parameter "
                                "'markerNumbers' entry %d refers to marker %d of type %s, which "
                                "provides no orientation; use MarkerBodyRigid or MarkerNodeRigid",
                                index, k, p->h.markerNumbers.x[k], mk->type->name);
    }
    for (int i = 0; i < 3; i++)
        if (p->constrainedAxes.x[i] != 0.0 && p->constrainedAxes.x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: parameter "
                                "'constrainedAxes' entries must be 0 or 1, got %g", index,
                                p->constrainedAxes.x[i]);
    if (!(p->discRadius > 0.0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: parameter "
                            "'discRadius' must be > 0, got %g", index, p->discRadius);
    if (!(cd_dot(p->discAxis.x, p->discAxis.x) > 0.0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: parameter "
                            "'discAxis' must not be the zero vector", index);
    if (fabs(cd_dot(p->planeNormal.x, p->planeNormal.x) - 1.0) > 1e-12)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointRollingDisc %d: parameter "
                            "'planeNormal' must be a unit vector, got length %g", index,
                            sqrt(cd_dot(p->planeNormal.x, p->planeNormal.x)));
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = cd_conn_scratch, .velocity_level = velocity_level, .output = output,
    .active = active, .lambda_row = lambda_row};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_VELOCITYLOCAL,
                                    CD_OV_FORCELOCAL, CD_OV_ROTATIONMATRIX, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("two rigid markers [m0, m1]: m0 a point and frame of the plane, m1 the "
                          "disc centre and frame"),
    {"constrainedAxes", CD_FT_VEC, 3, OFF(constrainedAxes), "1 1 1", 0, 0, "",
     "1: the slip velocity along [lateral, forward, normal] is constrained, 0: free", NULL},
    {"discRadius", CD_FT_REAL, 0, OFF(discRadius), "0", 0, 0, "m", "radius of the disc", NULL},
    {"discAxis", CD_FT_VEC, 3, OFF(discAxis), "1 0 0", 0, 0, "",
     "disc axis in the frame of marker 1 (need not be normalized)", NULL},
    {"planeNormal", CD_FT_VEC, 3, OFF(planeNormal), "0 0 1", 0, 0, "",
     "unit normal of the plane in the frame of marker 0", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT)};

const cd_itemtype cd_type_ObjectJointRollingDisc = {
    .kind = CD_OBJECT, .name = "ObjectJointRollingDisc", .typename_ = "JointRollingDisc",
    .alias = "RollingDiscJoint",
    .doc = "A rigid disc rolling without slip on a plane (3 velocity-level equations: lateral, "
           "forward and normal slip of the contact point; the multipliers are the contact "
           "forces).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
