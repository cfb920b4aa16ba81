/* ObjectConnectorTorsionalSpringDamper: a torsional spring-damper about the z axis of joint
 * frame 0 (F0 = A0 R0, F1 = A1 R1), with Exudyn 1.13's measure of the relative rotation: the
 * third Tait-Bryan angle xyz of R = F0^T F1 = Rx(a) Ry(b) Rz(phi),
 * phi = atan2(-x0 . y1, x0 . x1) in (-pi, pi] (the angle about z when the frames share their
 * z axis), the rate phi_t = z0 . (w1 - w0) (as Exudyn's: the rate of phi only for a common z
 * axis) and the torque T = k (phi - offset) + d (phi_t - velocityOffset) + torque acting as
 * -T z0 on body 1 and +T z0 on body 0 (r2 = Jrot1^T T z0 - Jrot0^T T z0).
 * Continuous rotation (Exudyn's optional nodeNumber): a NodeGenericData with 1 coordinate
 * holds the continuous angle phi_c of the last post-Newton update; phi is then shifted by
 * the multiple of 2 pi nearest to phi_c - phi when |phi - phi_c| > pi, so that it grows
 * beyond +-pi over several turns (phi_c: the previous step's during Newton, the current one
 * for outputs). post_newton stores the shifted phi; it reports no error (no iteration). */
#include "cd_connectors.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

#define NAME "ObjectConnectorTorsionalSpringDamper"
#define TWO_PI 6.283185307179586476925286766559

typedef struct {
    cd_p_frames f;                    /* name, markerNumbers, rotationMarker0/1, activeConnector */
    double stiffness, damping, offset, velocityOffset, torque;
    cd_func userFunction;             /* springTorqueUserFunction */
    int nodeNumber;                   /* NodeGenericData (1 value: phi_c) or -1 */
} params;

/* phi = atan2(-x0 . y1, x0 . x1) in (-pi, pi], shifted by 2 pi k towards the continuous
 * angle in the data node when there is one (see the header) */
static double angle(const cd_objctx *c, const double x0[3], const double x1[3],
                    const double y1[3])
{
    double phi = atan2(-cd_dot(x0, y1), cd_dot(x0, x1));
    if (c->item->nd > 0 && c->data) {
        double prev = c->data[0];
        if (fabs(phi - prev) > 0.5 * TWO_PI) phi += round((prev - phi) / TWO_PI) * TWO_PI;
    }
    return phi;
}

/* relative rotation phi (in (-pi, pi]), its rate and the torque
 * T = k (phi - offset) + d (phi_t - velocityOffset) + torque; z = f0_z */
static int torque_eval(const cd_objctx *c, double *phi, double *phit, double *T, double z[3])
{
    const params *p = c->item->p;
    double F0[9], F1[9], x1[3], x0[3], y1[3], dw[3];
    cd_matmul(c->md[0].A, p->f.rotationMarker0.x, F0);
    cd_matmul(c->md[1].A, p->f.rotationMarker1.x, F1);
    cd_col(F0, 0, x0);
    cd_col(F0, 2, z);
    cd_col(F1, 0, x1);
    cd_col(F1, 1, y1);
    *phi = angle(c, x0, x1, y1);
    for (int i = 0; i < 3; i++) dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    *phit = cd_dot(z, dw);
    if (p->userFunction.fn)
        return cd_conn_user_scalar(c, &p->userFunction, *phi, *phit, p->stiffness, p->damping,
                                   p->offset, T);
    *T = p->stiffness * (*phi - p->offset) + p->damping * (*phit - p->velocityOffset) + p->torque;
    return CD_OK;
}

/* torque -T z on body 1 and +T z on body 0: r2 = [-Jrot0^T; Jrot1^T] T z */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    double phi, phit, T, z[3];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const params *)c->item->p)->f.activeConnector) return CD_OK;
    int rc = torque_eval(c, &phi, &phit, &T, z);
    if (rc) return rc;
    cd_conn_add_rot_row(c, 0, z, -T, r2);
    cd_conn_add_rot_row(c, 1, z, T, r2);
    return CD_OK;
}

/* r2 = T c with c = [-Jrot0^T z; Jrot1^T z]: K = c T_q^T + T dc/dq, D = d c cw^T with
 * cw = d phi_t/dq_t (c but on Euler-parameter frames off |e| = 1, cd_conn_domegav);
 * T_q = k phi_q + d phi_t,q from the markers' derivative data */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq;
    double phi, phit, T, z[3];
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, p->userFunction.fn || !cd_conn_diff_ok(c), K, D);
    if (rc || !p->f.activeConnector) return rc;
    rc = torque_eval(c, &phi, &phit, &T, z);
    if (rc) return rc;
    double F0[9], F1[9], x0[3], y1[3], x1[3], dw[3];
    cd_work w = cd_conn_work(c);
    double *cv = cd_work_take(&w, nq), *Tq = cd_work_take(&w, nq);
    double *Gx0 = cd_work_take(&w, 3 * nq), *Gy1 = cd_work_take(&w, 3 * nq),
           *Gx1 = cd_work_take(&w, 3 * nq), *Gz = cd_work_take(&w, 3 * nq),
           *W0 = cd_work_take(&w, 3 * nq), *W1 = cd_work_take(&w, 3 * nq),
           *V0 = cd_work_take(&w, 3 * nq), *V1 = cd_work_take(&w, 3 * nq);
    memset(cv, 0, sizeof(double) * (size_t)nq);
    const double *R0 = p->f.rotationMarker0.x, *R1 = p->f.rotationMarker1.x;
    double r0x[3] = {R0[0], R0[3], R0[6]}, r1y[3] = {R1[1], R1[4], R1[7]},
           r0z[3] = {R0[2], R0[5], R0[8]}, r1x[3] = {R1[0], R1[3], R1[6]};
    cd_matmul(c->md[0].A, p->f.rotationMarker0.x, F0);
    cd_matmul(c->md[1].A, p->f.rotationMarker1.x, F1);
    cd_col(F0, 0, x0);
    cd_col(F1, 0, x1);
    cd_col(F1, 1, y1);
    for (int i = 0; i < 3; i++) dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    cd_conn_dvec(c, 0, r0x, Gx0);
    cd_conn_dvec(c, 1, r1y, Gy1);
    cd_conn_dvec(c, 0, r0z, Gz);
    cd_conn_dvec(c, 1, r1x, Gx1);
    cd_conn_domega(c, 0, W0);
    cd_conn_domega(c, 1, W1);
    cd_conn_domegav(c, 0, V0);
    cd_conn_domegav(c, 1, V1);
    /* phi = atan2(cy, cx), cx = x0 . x1, cy = -x0 . y1 */
    double cx = cd_dot(x0, x1), cy = -cd_dot(x0, y1), den = cx * cx + cy * cy;
    for (int j = 0; j < nq; j++) {
        const double *a = Gx0 + 3 * j, *b = Gy1 + 3 * j, *e = Gx1 + 3 * j;
        double dcx = cd_dot(x1, a) + cd_dot(x0, e), dcy = -cd_dot(y1, a) - cd_dot(x0, b);
        double phiq = (cx * dcy - cy * dcx) / den;
        double phitq = cd_dot(dw, Gz + 3 * j) + cd_dot(z, W1 + 3 * j) - cd_dot(z, W0 + 3 * j);
        Tq[j] = p->stiffness * phiq + p->damping * phitq;
    }
    cd_conn_add_rot_row(c, 0, z, -1.0, cv);
    cd_conn_add_rot_row(c, 1, z, 1.0, cv);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] = cv[i] * Tq[j];
            D[i + nq * j] = p->damping * cv[i] *
                            (cd_dot(z, V1 + 3 * j) - cd_dot(z, V0 + 3 * j));
        }
    cd_conn_add_jrtv(c, 0, z, -T, K);
    cd_conn_add_jrtv(c, 1, z, T, K);
    cd_conn_add_jrtx(c, 0, Gz, -T, K);
    cd_conn_add_jrtx(c, 1, Gz, T, K);
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    double phi, phit, T, z[3];
    if (torque_eval(c, &phi, &phit, &T, z)) return -1;
    switch (var) {
    case CD_OV_ROTATION: out[0] = phi; return 1;
    case CD_OV_ANGULARVELOCITY:
    case CD_OV_ANGULARVELOCITYLOCAL: out[0] = phit; return 1;  /* Exudyn's name: ...Local */
    case CD_OV_TORQUE:
    case CD_OV_TORQUELOCAL: out[0] = T; return 1;
    case CD_OV_POTENTIALENERGY: {  /* as Exudyn's: k (phi - offset)^2 / 2 + torque phi */
        const params *p = c->item->p;
        if (p->userFunction.fn) return -1;
        out[0] = 0.5 * p->stiffness * (phi - p->offset) * (phi - p->offset) + p->torque * phi;
        return 1;
    }
    default: return -1;
    }
}

/* the continuous angle of the converged state into the data node (Exudyn's PostNewtonStep;
 * an inactive connector keeps its value, as Exudyn calls only active ones) */
static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    double F0[9], F1[9], x0[3], x1[3], y1[3];
    *error = 0.0;
    out[0] = c->data[0];
    if (!p->f.activeConnector) return CD_OK;
    cd_matmul(c->md[0].A, p->f.rotationMarker0.x, F0);
    cd_matmul(c->md[1].A, p->f.rotationMarker1.x, F1);
    cd_col(F0, 0, x0);
    cd_col(F1, 0, x1);
    cd_col(F1, 1, y1);
    out[0] = angle(c, x0, x1, y1);
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = &p->nodeNumber;
    return p->nodeNumber >= 0 ? 1 : 0;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_frames(s, index, vp, err);
    if (rc || p->nodeNumber == -1) return rc;
    if (p->nodeNumber < 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' has the "
                            "invalid node number %d", index, p->nodeNumber);
    return cd_conn_check_data_node(s, index, p->nodeNumber, 1, NAME, err);
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_PNDATA, .nmarkers = 2, .markers = cd_conn_markers,
    .nodes = nodes, .mass_const = 1, .residual = residual, .scratch = cd_conn_scratch,
    .jacobian = jacobian, .post_newton = post_newton, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_ROTATION, CD_OV_ANGULARVELOCITY, CD_OV_TORQUE,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_TORQUELOCAL,
                                    CD_OV_POTENTIALENERGY, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_FRAMES),
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N m/rad", "torsional stiffness k",
     NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N m s/rad", "torsional damping d",
     NULL},
    CD_CONN_ROTATION_FIELDS,
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "rad",
     "relative rotation at which the spring is relaxed", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "rad/s",
     "relative angular velocity subtracted in the damping term", NULL},
    {"torque", CD_FT_REAL, 0, OFF(torque), "0", 0, 0, "N m", "constant torque added", NULL},
    CD_CONN_FRAMES_ACTIVE_FIELD,
    {"springTorqueUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset) -> "
     "torque replacing the linear law", NULL},
    {"nodeNumber", CD_FT_INT, 0, OFF(nodeNumber), "-1", 0, 0, "",
     "optional NodeGenericData with 1 data coordinate: the continuous angle, so that the "
     "rotation counts beyond +-pi over several turns (-1: none, the rotation in (-pi, pi])",
     NULL}};

const cd_itemtype cd_type_ObjectConnectorTorsionalSpringDamper = {
    .kind = CD_OBJECT, .name = NAME,
    .typename_ = "ConnectorTorsionalSpringDamper", .alias = "TorsionalSpringDamper",
    .doc = "A torsional spring-damper about the z axis of joint frame 0: T = k (phi - offset) + "
           "d (phi_t - velocityOffset) + torque, with phi the relative rotation in (-pi, pi] "
           "(the third Tait-Bryan angle xyz, as Exudyn's), or continuous over several turns with "
           "a data node (nodeNumber) (analytic Jacobian).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields),
    .check = check,
    .object = &ops, .outvars = outvars};
