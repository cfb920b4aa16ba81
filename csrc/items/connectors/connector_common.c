/* connector_common: what every connector between two markers needs (see cd_connectors.h).
 * JD = [-J0, J1] (3 x nq) is the Jacobian of p1 - p0 with respect to the connector's local
 * coordinates (marker 0's, then marker 1's). */
#include "cd_connectors.h"
#include "../cd_item_list.h"
#include <math.h>
#include <string.h>

int cd_conn_markers(const void *p, const int **markers)
{
    const cd_p_connector *c = p;
    *markers = c->markerNumbers.x;
    return c->markerNumbers.n;
}

int cd_conn_kin_eval(const cd_objctx *c, cd_conn_kin *k, const char *what)
{
    for (int i = 0; i < 3; i++) {
        k->d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        k->vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    k->L = sqrt(k->d[0] * k->d[0] + k->d[1] * k->d[1] + k->d[2] * k->d[2]);
    if (!(k->L > 1e-300))  /* recoverable: a smaller step may avoid it */
        return cd_error_set(c->err, 1, "%s %d: the markers coincide (distance 0), the direction "
                            "is undefined", what, c->index);
    for (int i = 0; i < 3; i++) k->n[i] = k->d[i] / k->L;
    k->Lt = k->n[0] * k->vd[0] + k->n[1] * k->vd[1] + k->n[2] * k->vd[2];
    return CD_OK;
}

/* r2 = JD^T F = [-J0^T F; J1^T F] */
void cd_conn_apply_force(const cd_objctx *c, const double F[3], double *r2)
{
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    int o1 = c->item->mk_off[1];
    for (int j = 0; j < m0->n; j++)
        r2[j] = -(m0->J[3 * j] * F[0] + m0->J[3 * j + 1] * F[1] + m0->J[3 * j + 2] * F[2]);
    for (int j = 0; j < m1->n; j++)
        r2[o1 + j] = m1->J[3 * j] * F[0] + m1->J[3 * j + 1] * F[1] + m1->J[3 * j + 2] * F[2];
}

void cd_conn_jd(const cd_objctx *c, double *JD)
{
    int nq = c->item->nq, o1 = c->item->mk_off[1];
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < 3; i++)
            JD[i + 3 * j] = j < o1 ? -c->md[0].J[i + 3 * j] : c->md[1].J[i + 3 * (j - o1)];
}

/* column j of JD = [-J0, J1] */
static void jd_col(const cd_objctx *c, int j, double x[3])
{
    int o1 = c->item->mk_off[1];
    for (int i = 0; i < 3; i++)
        x[i] = j < o1 ? -c->md[0].J[i + 3 * j] : c->md[1].J[i + 3 * (j - o1)];
}

/* K += JD^T A JD, A 3x3 row-major; JD (3 x nq) formed once in w */
void cd_conn_add_jtaj(const cd_objctx *c, cd_work w, const double A[9], double *K)
{
    int nq = c->item->nq;
    double *JD = cd_work_take(&w, 3 * nq);
    for (int j = 0; j < nq; j++) jd_col(c, j, JD + 3 * j);
    for (int j = 0; j < nq; j++) {
        const double *x = JD + 3 * j;
        double AJ[3];
        for (int i = 0; i < 3; i++)
            AJ[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
        for (int i = 0; i < nq; i++)
            K[i + nq * j] += JD[3 * i] * AJ[0] + JD[3 * i + 1] * AJ[1] + JD[3 * i + 2] * AJ[2];
    }
}

int cd_conn_check_data_node(const cd_system *s, int index, int nodeNumber, int ndata,
                            const char *tname, cd_error *err)
{
    if (nodeNumber >= s->list[CD_NODE].n)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumber' refers to node "
                            "%d, which does not exist", tname, index, nodeNumber);
    const cd_item *nd = &s->list[CD_NODE].items[nodeNumber];
    int ndd = nd->type->node->ndata ? nd->type->node->ndata(nd->p) : 0;
    if (nd->type != &cd_type_NodeGenericData || ndd != ndata)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumber' refers to node "
                            "%d (%s with %d data coordinates); it needs a NodeGenericData with %d "
                            "data coordinates", tname, index, nodeNumber, nd->type->name, ndd,
                            ndata);
    return CD_OK;
}

int cd_conn_check_markers(const cd_system *s, int index, const void *vp, int flag,
                          const char *tname, cd_error *err)
{
    const cd_p_connector *p = vp;
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumbers.x[k]];
        if (!(mk->type->marker->flags & flag))
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s %d: parameter 'markerNumbers' entry %d refers to marker %d of "
                                "type %s, which provides no %s; use %s", tname, index, k,
                                p->markerNumbers.x[k], mk->type->name,
                                flag == CD_MKF_POSITION ? "position" : "coordinate",
                                flag == CD_MKF_POSITION ? "MarkerNodePosition or MarkerBodyPosition"
                                                        : "MarkerNodeCoordinate");
    }
    return CD_OK;
}

int cd_conn_check_frames(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_frames *p = vp;
    const cd_mat *R[2] = {&p->rotationMarker0, &p->rotationMarker1};
    const char *nm[2] = {"rotationMarker0", "rotationMarker1"};
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT,
                                "joint %d: parameter 'markerNumbers' entry %d refers to marker %d "
                                "of type %s, which provides no orientation; use MarkerBodyRigid "
                                "or MarkerNodeRigid", index, k, p->h.markerNumbers.x[k],
                                mk->type->name);
        if (R[k]->rows != 3 || R[k]->cols != 3)
            return cd_error_set(err, CD_ERR_INPUT, "joint %d: parameter '%s' must be a 3x3 "
                                "matrix, got %dx%d", index, nm[k], R[k]->rows, R[k]->cols);
    }
    return CD_OK;
}

int cd_conn_frames_active(const void *p) { return ((const cd_p_frames *)p)->activeConnector; }

int cd_conn_user_scalar(const cd_objctx *c, const cd_func *f, double x, double xt, double k,
                        double d, double offset, double *out)
{
    double in[5] = {x, xt, k, d, offset};
    return cd_object_userfunc(c, f, in, 5, out, 1);
}

/* r2 += s w^T Jrot_k over marker k's coordinates (a torque w on marker k's body) */
void cd_conn_add_rot_row(const cd_objctx *c, int k, const double w[3], double s, double *r2)
{
    const cd_markerdata *md = &c->md[k];
    int o = c->item->mk_off[k];
    for (int j = 0; j < md->n; j++) {
        const double *R = md->Jrot + 3 * j;
        r2[o + j] += s * (w[0] * R[0] + w[1] * R[1] + w[2] * R[2]);
    }
}

/* Position (of marker pm) and Velocity (v1 - v0) outputs shared by the joints: the number of
 * values, or 0 for other variables */
int cd_conn_point_output(const cd_objctx *c, cd_outvar var, int pm, double *out)
{
    if (var == CD_OV_POSITION) {
        memcpy(out, c->md[pm].pos, 3 * sizeof(double));
        return 3;
    }
    if (var == CD_OV_VELOCITY) {
        for (int i = 0; i < 3; i++) out[i] = c->md[1].vel[i] - c->md[0].vel[i];
        return 3;
    }
    return 0;
}

/* ---------------------------------------------------------------- analytic Jacobians on
 * markers whose J depends on q (rigid bodies): exact derivatives from the markers' derivative
 * products (cd_md_*); markers without them have constant J, d pos/dq = J and d vel/dq = 0 */

/* what the analytic Jacobians of the connector family take from cd_work at the most, in
 * doubles (nq the connector's coordinates; a matrix is 3 x nq, 3 nq doubles):
 *   ConnectorRigidBodySpringDamper  19 + 1 matrices (rbjac and G)             + nq^2 (add_jtv)
 *   JointGeneric, RevoluteZ, PrismaticX  6 + 4 matrices (gjac, rotation rows) + nq^2
 *   JointPrismatic2D  6 + 1 matrices and an nq vector (pkin, row0)            + nq^2
 *   ConnectorTorsionalSpringDamper  8 matrices and 2 nq vectors
 *   ConnectorLinearSpringDamper  5 matrices and 2 nq vectors                   + nq^2
 *   SpringDamper, CartesianSpringDamper (add_force_jacobian; add_jtaj: 1), ConnectorDistance,
 *   point joints (JointSpherical, JointRevolute2D)  3 matrices                 + nq^2
 * where add_jtv's n x n block (n <= nq, the marker's coordinates) is taken last. The largest,
 * 20 matrices + nq^2, serves them all (the core allocates the maximum over objects anyway);
 * ConnectorCoordinate and CoordinateSpringDamper need none. */
int cd_conn_scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    return 20 * 3 * it->nq + it->nq * it->nq;
}

void cd_work_take_mats(cd_work *w, int nq, double **const m[], int count)
{
    for (int i = 0; i < count; i++) *m[i] = cd_work_take(w, 3 * nq);
}

cd_work cd_conn_work(const cd_objctx *c)
{
    cd_work w = {c->scratch};
    return w;
}

int cd_conn_diff_ok(const cd_objctx *c)
{
    for (int k = 0; k < 2; k++) {
        const cd_markerdata *md = &c->md[k];
        if (md->n > 0 && !md->deriv && !md->Jconst) return 0;
    }
    return 1;
}

int cd_conn_frames_diff_ok(const cd_objctx *c)
{
    if (!cd_conn_diff_ok(c)) return 0;
    for (int k = 0; k < 2; k++)
        if (c->md[k].n > 0 && !c->md[k].deriv) return 0;
    return 1;
}

int cd_conn_jacobian_begin(const cd_objctx *c, int numerical, double *K, double *D)
{
    int nq = c->item->nq;
    if (numerical) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    return CD_OK;
}

/* marker k's columns of a 3 x nq matrix G times s (the marker's 3 x n block is contiguous) */
static void scale_cols(const cd_objctx *c, int k, double s, double *G)
{
    double *Gk = G + 3 * c->item->mk_off[k];
    for (int j = 0; j < 3 * c->md[k].n; j++) Gk[j] = s * Gk[j];
}

void cd_conn_dd(const cd_objctx *c, double *G, double *GV)
{
    int nq = c->item->nq;
    if (nq == 0) return;  /* both markers on the ground: nothing (and G may be NULL) */
    memset(G, 0, sizeof(double) * 3 * (size_t)nq);
    if (GV) memset(GV, 0, sizeof(double) * 3 * (size_t)nq);
    for (int k = 0; k < 2; k++) {
        const cd_markerdata *md = &c->md[k];
        double s = k ? 1.0 : -1.0;
        int o = 3 * c->item->mk_off[k];
        if (md->n == 0) continue;
        cd_md_dpos(md, G + o);
        scale_cols(c, k, s, G);
        if (GV && md->deriv) {
            cd_md_dvel(md, GV + o);
            scale_cols(c, k, s, GV);
        }
    }
}

/* G (3 x nq) = 0; 1 if marker k has derivative products for its block G + 3 o_k */
static int marker_block(const cd_objctx *c, int k, double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)c->item->nq);
    return c->md[k].n > 0 && c->md[k].deriv;
}

void cd_conn_dvec(const cd_objctx *c, int k, const double xl[3], double *G)
{
    if (marker_block(c, k, G)) cd_md_dvec(&c->md[k], xl, G + 3 * c->item->mk_off[k]);
}

void cd_conn_dAt(const cd_objctx *c, int k, const double y[3], double *G)
{
    if (marker_block(c, k, G)) cd_md_dAt(&c->md[k], y, G + 3 * c->item->mk_off[k]);
}

void cd_conn_domega(const cd_objctx *c, int k, double *G)
{
    if (marker_block(c, k, G)) cd_md_domega(&c->md[k], G + 3 * c->item->mk_off[k]);
}

void cd_conn_domegav(const cd_objctx *c, int k, double *G)
{
    if (marker_block(c, k, G)) cd_md_domegav(&c->md[k], G + 3 * c->item->mk_off[k]);
}

/* K += s d(J_k^T F)/dq_k (rigid markers; zero for constant J); takes n_k^2 from w */
void cd_conn_add_jtv(const cd_objctx *c, cd_work w, int k, const double F[3], double s,
                     double *K)
{
    const cd_markerdata *md = &c->md[k];
    int n = md->n, nq = c->item->nq, o = c->item->mk_off[k];
    if (n == 0 || !md->deriv) return;
    double *Kk = cd_work_take(&w, n * n);
    memset(Kk, 0, sizeof(double) * (size_t)(n * n));
    cd_md_jtv_dq(md, F, Kk);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) K[(o + i) + nq * (o + j)] += s * Kk[i + n * j];
}

void cd_conn_add_jrtv(const cd_objctx *c, int k, const double t[3], double s, double *K)
{
    const cd_markerdata *md = &c->md[k];
    double ts[3] = {s * t[0], s * t[1], s * t[2]};
    if (md->n == 0 || !md->deriv) return;
    cd_md_jrtv_dq(md, ts, K, c->item->nq, c->item->mk_off[k]);
}

/* K += s JD^T X (X: 3 x nq) */
void cd_conn_add_jdtx(const cd_objctx *c, const double *X, double s, double *K)
{
    int nq = c->item->nq;
    for (int i = 0; i < nq; i++) {
        double x[3];
        jd_col(c, i, x);
        for (int j = 0; j < nq; j++)
            K[i + nq * j] += s * (x[0] * X[3 * j] + x[1] * X[3 * j + 1] + x[2] * X[3 * j + 2]);
    }
}

/* K rows of marker k += s Jrot_k^T X (X: 3 x nq) */
void cd_conn_add_jrtx(const cd_objctx *c, int k, const double *X, double s, double *K)
{
    const cd_markerdata *md = &c->md[k];
    int nq = c->item->nq, o = c->item->mk_off[k];
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < md->n; i++) {
            const double *R = md->Jrot + 3 * i;
            K[(o + i) + nq * j] +=
                s * (R[0] * X[3 * j] + R[1] * X[3 * j + 1] + R[2] * X[3 * j + 2]);
        }
}

/* X = A dD/dq + B dVD/dq (3 x nq); K += JD^T X, then the derivatives of J0^T, J1^T at Fv */
void cd_conn_add_force_jacobian(const cd_objctx *c, cd_work w, const double A[9],
                                const double B[9], const double Fv[3], double *K)
{
    int nq = c->item->nq;
    double *G = cd_work_take(&w, 3 * nq), *GV = cd_work_take(&w, 3 * nq),
           *X = cd_work_take(&w, 3 * nq);
    cd_conn_dd(c, G, GV);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < 3; i++)
            X[i + 3 * j] = A[3 * i] * G[3 * j] + A[3 * i + 1] * G[3 * j + 1] +
                           A[3 * i + 2] * G[3 * j + 2] + B[3 * i] * GV[3 * j] +
                           B[3 * i + 1] * GV[3 * j + 1] + B[3 * i + 2] * GV[3 * j + 2];
    cd_conn_add_jdtx(c, X, 1.0, K);
    cd_conn_add_jtv(c, w, 0, Fv, -1.0, K);
    cd_conn_add_jtv(c, w, 1, Fv, 1.0, K);
}

int cd_conn_coord_rows(const cd_objctx *c, double s0, double s1, double *w, double *dx,
                       double *dxt)
{
    int nq = c->item->nq, exact = 1;
    double sk[2] = {s0, s1};
    memset(w, 0, sizeof(double) * (size_t)nq);
    if (dx) memset(dx, 0, sizeof(double) * (size_t)nq);
    if (dxt) memset(dxt, 0, sizeof(double) * (size_t)nq);
    for (int k = 0; k < 2; k++) {
        const cd_markerdata *md = &c->md[k];
        int o = c->item->mk_off[k];
        if (md->n == 0) continue;   /* a ground coordinate */
        exact = exact && cd_md_coord_exact(md);
        cd_md_coord_add(md, sk[k], w + o);
        if (!cd_md_has_gradient(md)) {  /* one coordinate: dx = s e_coord, dxt = 0 */
            if (dx) dx[o + md->coord] += sk[k];
            continue;
        }
        /* the markers' blocks of the local coordinates do not overlap */
        cd_md_coord_dvalue(md, dx ? dx + o : NULL, dxt ? dxt + o : NULL);
        for (int j = 0; j < md->n; j++) {
            if (dx) dx[o + j] *= sk[k];
            if (dxt) dxt[o + j] *= sk[k];
        }
    }
    return exact;
}

void cd_conn_coord_dgrad(const cd_objctx *c, double s0, double s1, double F, double *K)
{
    int nq = c->item->nq;
    cd_md_coord_dgrad(&c->md[0], s0 * F, K, nq, c->item->mk_off[0]);
    cd_md_coord_dgrad(&c->md[1], s1 * F, K, nq, c->item->mk_off[1]);
}
