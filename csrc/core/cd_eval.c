/* cd_eval: residual, Newton matrix and outputs assembled object by object through LTG lists
 * (see cd_eval.h for the scaled form). */
#include "cd_eval.h"
#include "cd_items.h"
#include "../math/cd_lie.h"
#include "../math/cd_vec3.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double *dalloc(size_t n) { return calloc(n > 0 ? n : 1, sizeof(double)); }

int cd_evalws_init(cd_evalws *ws, const cd_system *s, cd_error *err)
{
    size_t nq = (size_t)s->maxnq, na = (size_t)s->maxnae;
    size_t nm = (size_t)(s->maxmk > s->maxnq ? s->maxmk : s->maxnq); /* bodies in outputs too */
    memset(ws, 0, sizeof(*ws));
    ws->bad_kind = -1;
    ws->ql = dalloc(nq); ws->vl = dalloc(nq); ws->al = dalloc(nq); ws->laml = dalloc(na);
    ws->r2 = dalloc(nq); ws->rae = dalloc(na); ws->r2p = dalloc(nq); ws->raep = dalloc(na);
    ws->K = dalloc(nq * nq); ws->D = dalloc(nq * nq); ws->M = dalloc(nq * nq);
    ws->Cq = dalloc(nq * na); ws->Gq = dalloc(nq * na); ws->Gv = dalloc(nq * na);
    ws->Ga = dalloc(na * na);
    size_t nslot = (size_t)(s->maxnmk > 2 ? s->maxnmk : 2);  /* a slot per connector marker */
    ws->mkJ = dalloc(3 * nslot * nm);
    ws->mkJrot = dalloc(3 * nslot * nm);
    ws->mkstride = (int)nm;
    ws->mkdwork = dalloc(nslot * (size_t)s->maxmkd);
    ws->md = calloc(nslot, sizeof(cd_markerdata));
    ws->loadwork = dalloc(3 * (size_t)s->maxmk);
    size_t n1 = (size_t)s->maxn1;
    ws->yl = dalloc(n1); ws->ydl = dalloc(n1); ws->dl = dalloc((size_t)s->maxnd);
    ws->dnew = dalloc((size_t)s->maxnd);
    ws->r1 = dalloc(n1); ws->r1p = dalloc(n1); ws->K1 = dalloc(n1 * n1);
    ws->scratch = dalloc((size_t)s->maxscratch);
    size_t nr = 1;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (it->type->object->mixed && (size_t)(it->nq + it->neq + it->n1) > nr)
            nr = (size_t)(it->nq + it->neq + it->n1);
    }
    ws->xl = dalloc((size_t)s->maxnx);
    ws->mixr = dalloc(nr);
    ws->mixr0 = dalloc(nr);
    ws->mixJ = dalloc((size_t)s->maxmixed);
    ws->Mconst = calloc((size_t)s->list[CD_OBJECT].n + 1, sizeof(double *));
    ws->eps_rel = 1e-7;
    ws->eps_min = 1e-2;
    int ok = ws->ql && ws->vl && ws->al && ws->laml && ws->r2 && ws->rae && ws->r2p && ws->raep &&
             ws->K && ws->D && ws->M && ws->Cq && ws->Gq && ws->Gv && ws->Ga && ws->mkJ &&
             ws->mkJrot && ws->md &&
             ws->mkdwork && ws->loadwork && ws->yl && ws->ydl && ws->dl && ws->r1 && ws->r1p &&
             ws->K1 && ws->dnew && ws->scratch && ws->Mconst && ws->xl && ws->mixr &&
             ws->mixr0 && ws->mixJ;
    for (int o = 0; ok && o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!it->type->object->mass || !cd_mass_const(it) || it->nq == 0) continue;
        ws->Mconst[o] = dalloc((size_t)it->nq * it->nq);
        if (!ws->Mconst[o]) { ok = 0; break; }
        cd_objctx c = cd_eval_objctx(s, ws, o, 0.0, 0, err);
        it->type->object->mass(&c, ws->Mconst[o]);
        for (int i = 0; i < it->nq; i++)
            ws->mscale = fmax(ws->mscale, fabs(ws->Mconst[o][i + i * it->nq]));
    }
    if (!(ws->mscale > 0)) ws->mscale = 1.0;
    if (!ok) {
        cd_evalws_free(ws, s);
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the evaluation workspace");
    }
    return CD_OK;
}

void cd_evalws_free(cd_evalws *ws, const cd_system *s)
{
    free(ws->ql); free(ws->vl); free(ws->al); free(ws->laml);
    free(ws->r2); free(ws->rae); free(ws->r2p); free(ws->raep);
    free(ws->K); free(ws->D); free(ws->M); free(ws->Cq); free(ws->Gq); free(ws->Gv); free(ws->Ga);
    free(ws->mkJ);
    free(ws->mkJrot);
    free(ws->mkdwork);
    free(ws->md);
    free(ws->loadwork);
    free(ws->dnew);
    free(ws->yl); free(ws->ydl); free(ws->dl); free(ws->r1); free(ws->r1p); free(ws->K1);
    free(ws->scratch);
    free(ws->xl); free(ws->mixr); free(ws->mixr0); free(ws->mixJ);
    if (ws->Mconst)
        for (int o = 0; o < s->list[CD_OBJECT].n; o++) free(ws->Mconst[o]);
    free(ws->Mconst);
    memset(ws, 0, sizeof(*ws));
}

/* local copies of an item's coordinates */
void cd_eval_gather(const cd_item *it, const cd_state *st, cd_evalws *ws)
{
    for (int i = 0; i < it->nq; i++) {
        int g = it->ltg[i];
        ws->ql[i] = st->q[g];
        ws->vl[i] = st->v[g];
        ws->al[i] = st->a[g];
    }
    for (int j = 0; j < it->nae; j++) ws->laml[j] = st->lam[it->ae0 + j];
    for (int i = 0; i < it->n1; i++) {
        ws->yl[i] = st->y[it->ltg1[i]];
        ws->ydl[i] = st->yd[it->ltg1[i]];
    }
    for (int i = 0; i < it->nd; i++) ws->dl[i] = st->data[it->ltgd[i]];
    for (int i = 0; i < it->nx; i++) ws->xl[i] = st->lam[it->ltgx[i]];
}

cd_objctx cd_eval_objctx(const cd_system *s, cd_evalws *ws, int o, double t, int index2,
                         cd_error *err)
{
    cd_objctx c = {.sys = s, .item = &s->list[CD_OBJECT].items[o], .index = o, .t = t,
                   .q = ws->ql, .v = ws->vl, .a = ws->al, .lam = ws->laml, .index2 = index2,
                   .md = ws->md, .err = err, .scratch = ws->scratch,
                   .y = ws->yl, .yd = ws->ydl, .data = ws->dl, .x = ws->xl};
    return c;
}

void cd_eval_marker(const cd_system *s, cd_evalws *ws, int slot, const cd_item *mk,
                    const double *q, const double *v, cd_markerdata *md)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    md->n = mk->nq;
    md->J = ws->mkJ + 3 * (size_t)ws->mkstride * slot;
    md->Jrot = ws->mkJrot + 3 * (size_t)ws->mkstride * slot;
    md->rigid = 0;
    md->want_d = ws->mk_deriv;
    md->deriv = NULL;
    md->dwork = ws->mkdwork + (size_t)s->maxmkd * slot;
    memcpy(md->A, I3, sizeof I3);
    memset(md->omega, 0, sizeof md->omega);
    memset(md->r, 0, sizeof md->r);
    memset(md->Jdot_v, 0, sizeof md->Jdot_v);
    mk->type->marker->eval(s, mk, q, v, md);
}

/* marker data of a connector's markers (workspace slot k for marker k) from the local
 * coordinates */
static void connector_markers(const cd_system *s, cd_evalws *ws, const cd_item *it)
{
    const int *mks;
    it->type->object->markers(it->p, &mks);
    for (int k = 0; k < it->nmk; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[mks[k]];
        cd_eval_marker(s, ws, k, mk, ws->ql + it->mk_off[k], ws->vl + it->mk_off[k], &ws->md[k]);
    }
}

static int is_inactive_constraint(const cd_item *it)
{
    const cd_objectops *ops = it->type->object;
    return (ops->flags & CD_OBJF_CONSTRAINT) && ops->active && !ops->active(it->p);
}

static int is_velocity_row(const cd_item *it, int index2)
{
    const cd_objectops *ops = it->type->object;
    return index2 || (ops->velocity_level && ops->velocity_level(it->p));
}

/* the first non-finite entry of x (n) as the residual's first non-finite term, from item
 * (kind, index), unless an earlier term was already non-finite */
static void note_nonfinite(cd_evalws *ws, cd_kind kind, int index, const double *x, int n)
{
    if (!ws->find_bad || ws->bad_kind >= 0) return;  /* only in the second pass (below) */
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) {
            ws->bad_kind = (int)kind;
            ws->bad_index = index;
            ws->bad_value = x[i];
            return;
        }
}

const char *cd_eval_nonfinite_item(const cd_system *s, const cd_evalws *ws, char *buf,
                                   size_t n)
{
    char lb[160];
    if (n) buf[0] = 0;
    if (ws->bad_kind < 0 || ws->bad_kind >= CD_NKIND) return NULL;
    snprintf(buf, n, "%s (value %g)", cd_item_label(s, (cd_kind)ws->bad_kind, ws->bad_index, lb,
                                                   sizeof lb), ws->bad_value);
    return buf;
}

/* local residuals r2, rae of object o from ws->ql, vl, laml */
static int object_residual(const cd_system *s, cd_evalws *ws, int o, double t, int index2,
                           double *r2, double *rae, cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    if (ops->flags & CD_OBJF_CONNECTOR) connector_markers(s, ws, it);
    if (is_inactive_constraint(it)) {
        memset(r2, 0, sizeof(double) * (size_t)it->nq);
        memcpy(rae, ws->laml, sizeof(double) * (size_t)it->nae);
        return CD_OK;
    }
    cd_objctx c = cd_eval_objctx(s, ws, o, t, index2, err);
    return ops->residual(&c, r2, rae);
}

/* the generalized forces of load l, added as r -= scale * f */
static int add_load(const cd_system *s, cd_evalws *ws, int l, const cd_state *st, double scale,
                    double *r, cd_error *err)
{
    const cd_item *ld = &s->list[CD_LOAD].items[l];
    const cd_loadops *ops = ld->type->load;
    double val[3];
    int rc = cd_eval_load_value(s, l, st->t, val, err);
    if (rc < 0) return rc;
    if (ops->timed && ops->timed(ld->p)) scale = 1.0;  /* user functions see the quasi-time */
    for (int i = 0; i < rc; i++) ws->fload2 += scale * scale * val[i] * val[i];
    if (ld->nq == 0) return CD_OK;
    cd_eval_gather(ld, st, ws);
    ops->force(s, ws, ld, ws->ql, ws->vl, val, ws->r2p);
    note_nonfinite(ws, CD_LOAD, l, ws->r2p, ld->nq);
    for (int i = 0; i < ld->nq; i++) r[ld->ltg[i]] -= scale * ws->r2p[i];
    return CD_OK;
}

/* ws->K = -df/dq by forward differences (rotations of Lie-group nodes by composition) */
static void load_jacobian_numerical(const cd_system *s, cd_evalws *ws, int l, const double *val)
{
    const cd_item *ld = &s->list[CD_LOAD].items[l];
    const cd_loadops *ops = ld->type->load;
    int n = ld->nq;
    double *f0 = ws->r2, *f1 = ws->r2p;
    ops->force(s, ws, ld, ws->ql, ws->vl, val, f0);
    for (int j = 0; j < n; j++) {
        int g = ld->ltg[j], off = s->lgoff[g];
        double qt = fabs(s->qref[g] + ws->ql[j]);
        double eps = off >= 0 ? ws->eps_rel : ws->eps_rel * (qt > ws->eps_min ? qt : ws->eps_min);
        int j0 = off >= 0 ? j - off : j, nb = off >= 0 ? 3 : 1;
        double save[3];
        memcpy(save, ws->ql + j0, sizeof(double) * (size_t)nb);
        if (off >= 0) {
            double psi[3], d[3] = {0, 0, 0}, out[3];
            for (int i = 0; i < 3; i++) psi[i] = s->qref[g - off + i] + ws->ql[j0 + i];
            d[off] = eps;
            cd_rot_compose(psi, d, out);
            for (int i = 0; i < 3; i++) ws->ql[j0 + i] = out[i] - s->qref[g - off + i];
        } else {
            ws->ql[j] += eps;
        }
        ops->force(s, ws, ld, ws->ql, ws->vl, val, f1);
        memcpy(ws->ql + j0, save, sizeof(double) * (size_t)nb);
        for (int i = 0; i < n; i++) ws->K[i + n * j] = -(f1[i] - f0[i]) / eps;
    }
}

int cd_eval_load_jacobian(const cd_system *s, cd_evalws *ws, int l, const cd_state *st,
                          int numerical, int *analytic, cd_error *err)
{
    const cd_item *ld = &s->list[CD_LOAD].items[l];
    const cd_loadops *ops = ld->type->load;
    double val[3];
    int rc = cd_eval_load_value(s, l, st->t, val, err);
    if (rc < 0) return rc;
    cd_eval_gather(ld, st, ws);
    *analytic = 0;
    if (!numerical && ops->jacobian &&
        ops->jacobian(s, ws, ld, ws->ql, ws->vl, val, ws->K) == CD_OK) {
        *analytic = 1;
        return CD_OK;
    }
    load_jacobian_numerical(s, ws, l, val);
    return CD_OK;
}

int cd_eval_load_value(const cd_system *s, int l, double t, double *out, cd_error *err)
{
    const cd_item *ld = &s->list[CD_LOAD].items[l];
    return ld->type->load->value(s, l, t, out, err);
}

/* local ODE1 residual r1 = -f1 of object o at the gathered local coordinates */
static int object_residual1(const cd_system *s, cd_evalws *ws, int o, double t, double *r1,
                            cd_error *err)
{
    cd_objctx c = cd_eval_objctx(s, ws, o, t, 0, err);
    return s->list[CD_OBJECT].items[o].type->object->residual1(&c, r1);
}

/* ODE1 rows r1 (n1) = ode1_scale (y' + sum of the objects' r1); ws->ode1norm = |y' + r1| */
static int ode1_residual(const cd_system *s, cd_evalws *ws, const cd_state *st,
                         const cd_evalcoef *c, double *r1, cd_error *err)
{
    double ss = 0;
    ws->ode1norm = 0;
    if (s->n1 == 0) return CD_OK;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!it->type->object->residual1 || it->n1 == 0) continue;
        cd_eval_gather(it, st, ws);
        int rc = object_residual1(s, ws, o, st->t, ws->r1, err);
        if (rc) return rc;
        note_nonfinite(ws, CD_OBJECT, o, ws->r1, it->n1);
        for (int i = 0; i < it->n1; i++) r1[it->ltg1[i]] += ws->r1[i];
    }
    for (int i = 0; i < s->n1; i++) {
        r1[i] += st->yd[i];
        ss += r1[i] * r1[i];
        r1[i] *= c->ode1_scale;
    }
    ws->ode1norm = sqrt(ss);
    return CD_OK;
}

/* the objects' r2 (into r) and g (into r's AE rows, scaled as velocity-level rows need);
 * *ssf += |r2|^2 of constraints and state-dependent masses (forces that may cancel), *ssae +=
 * |g|^2 unscaled */
static int object_rows(const cd_system *s, cd_evalws *ws, const cd_state *st,
                       const cd_evalcoef *c, double *r, double *ssf, double *ssae, cd_error *err)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        const cd_objectops *ops = it->type->object;
        if (!ops->residual || (it->nq == 0 && it->nae == 0)) continue;
        cd_eval_gather(it, st, ws);
        int rc = object_residual(s, ws, o, st->t, c->index2, ws->r2, ws->rae, err);
        if (rc) return rc;
        note_nonfinite(ws, CD_OBJECT, o, ws->r2, it->nq);
        note_nonfinite(ws, CD_OBJECT, o, ws->rae, it->nae);
        for (int i = 0; i < it->nq; i++) r[it->ltg[i]] += ws->r2[i];
        if ((ops->flags & CD_OBJF_CONSTRAINT) || (ops->mass && !cd_mass_const(it)))
            for (int i = 0; i < it->nq; i++) *ssf += ws->r2[i] * ws->r2[i];
        double rs = is_velocity_row(it, c->index2) ? c->velocity_row_scale : 1.0;
        for (int j = 0; j < it->nae; j++) {
            r[s->n2 + it->ae0 + j] = rs * ws->rae[j];
            *ssae += ws->rae[j] * ws->rae[j];
        }
    }
    return CD_OK;
}

/* the nodes' own equations (the Euler-parameter norm): C_q^T lam into r, g into the AE rows */
static void node_rows(const cd_system *s, cd_evalws *ws, const cd_state *st,
                      const cd_evalcoef *c, double *r, double *ssae)
{
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[i];
        if (!nd->nae) continue;
        cd_eval_gather(nd, st, ws);
        nd->type->node->ae_residual(nd->p, s->qref + nd->ltg[0], ws->ql, ws->vl, ws->laml,
                                    c->index2, ws->r2, ws->rae);
        note_nonfinite(ws, CD_NODE, i, ws->r2, nd->nq);
        note_nonfinite(ws, CD_NODE, i, ws->rae, nd->nae);
        for (int k = 0; k < nd->nq; k++) r[nd->ltg[k]] += ws->r2[k];
        for (int j = 0; j < nd->nae; j++) {
            r[s->n2 + nd->ae0 + j] = (c->index2 ? c->velocity_row_scale : 1.0) * ws->rae[j];
            *ssae += ws->rae[j] * ws->rae[j];
        }
    }
}

/* ------------------------------------------------------------------ mixed objects */

/* r (nr = nq + neq + n1) = [r2; rg; r1] of mixed object o at the gathered coordinates; the
 * rows of kinds the object does not write are zero */
static int mixed_eval(const cd_system *s, cd_evalws *ws, int o, double t, double *r,
                      cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    memset(r, 0, sizeof(double) * (size_t)(it->nq + it->neq + it->n1));
    cd_objctx c = cd_eval_objctx(s, ws, o, t, 0, err);
    return it->type->object->mixed(&c, r, r + it->nq, r + it->nq + it->neq);
}

/* the mixed objects' rows: r2 into the ODE2 rows, their equations g into the pool rows, r1
 * into the ODE1 rows (before ode1_residual adds y' and scales them); *ssf += |r2|^2, *ssae +=
 * |g|^2 */
static int mixed_rows(const cd_system *s, cd_evalws *ws, const cd_state *st, double *r,
                      double *ssf, double *ssae, cd_error *err)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!it->type->object->mixed) continue;
        cd_eval_gather(it, st, ws);
        int rc = mixed_eval(s, ws, o, st->t, ws->mixr, err);
        if (rc) return rc;
        const double *r2 = ws->mixr, *rg = r2 + it->nq, *r1 = rg + it->neq;
        note_nonfinite(ws, CD_OBJECT, o, ws->mixr, it->nq + it->neq + it->n1);
        for (int i = 0; i < it->nq; i++) {
            r[it->ltg[i]] += r2[i];
            *ssf += r2[i] * r2[i];
        }
        for (int j = 0; j < it->neq; j++) {
            r[s->n2 + it->eq0 + j] = rg[j];
            *ssae += rg[j] * rg[j];
        }
        for (int i = 0; i < it->n1; i++) r[s->off1 + it->ltg1[i]] += r1[i];
    }
    return CD_OK;
}

/* ws->mixJ by forward differences around the gathered coordinates (restored on return):
 * columns q, q', x, y, each perturbed by eps_rel max(eps_min, |total value|) */
static int mixed_jacobian_numerical(const cd_system *s, cd_evalws *ws, int o, double t,
                                    cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    int nq = it->nq, nr = nq + it->neq + it->n1, nc = 2 * nq + it->nx + it->n1;
    int rc = mixed_eval(s, ws, o, t, ws->mixr0, err);
    for (int j = 0; j < nc && !rc; j++) {
        double *x, ref = 0.0;
        if (j < nq) { x = ws->ql + j; ref = s->qref[it->ltg[j]]; }
        else if (j < 2 * nq) x = ws->vl + (j - nq);
        else if (j < 2 * nq + it->nx) x = ws->xl + (j - 2 * nq);
        else { x = ws->yl + (j - 2 * nq - it->nx); ref = s->yref[it->ltg1[j - 2 * nq - it->nx]]; }
        double save = *x, size = fabs(ref + save);
        double eps = ws->eps_rel * (size > ws->eps_min ? size : ws->eps_min);
        *x += eps;
        rc = mixed_eval(s, ws, o, t, ws->mixr, err);
        *x = save;
        for (int i = 0; i < nr && !rc; i++)
            ws->mixJ[i + (size_t)nr * j] = (ws->mixr[i] - ws->mixr0[i]) / eps;
    }
    return rc;
}

int cd_eval_mixed_jacobian(const cd_system *s, cd_evalws *ws, int o, const cd_state *st,
                           int numerical, int *analytic, cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    cd_eval_gather(it, st, ws);
    *analytic = 0;
    if (!numerical && ops->mixed_jacobian) {
        cd_objctx c = cd_eval_objctx(s, ws, o, st->t, 0, err);
        int rc = ops->mixed_jacobian(&c, ws->mixJ);
        if (rc != CD_JAC_NUMERICAL) {
            *analytic = rc == CD_OK;
            return rc;
        }
    }
    return mixed_jacobian_numerical(s, ws, o, st->t, err);
}

/* add a mixed object's Jacobian ws->mixJ into the values. Per unit Newton unknown q changes by
 * kq = stiffness_coef / force_scale, q' by kv = damping_coef / force_scale (the ODE2 block's
 * coefficients are force_scale times these), x by lambda_per_unknown and y by
 * ode1_stiffness_coef; rows are scaled as the solver scales their kind (ODE2 rows by
 * force_scale, equations by 1, ODE1 rows by ode1_scale) */
static void mixed_scatter(const cd_item *it, const double *J, const cd_evalcoef *c,
                          double *values)
{
    int nq = it->nq, nr = nq + it->neq + it->n1, nc = nq + it->nx + it->n1;
    double fs = c->force_scale;
    double kq = fs != 0 ? c->stiffness_coef / fs : 0, kv = fs != 0 ? c->damping_coef / fs : 0;
    for (int j = 0; j < nc; j++)
        for (int i = 0; i < nr; i++) {
            int m = it->map[i + nr * j];
            if (m < 0) continue;
            double rs = i < nq ? fs : i < nq + it->neq ? 1.0 : c->ode1_scale, v;
            if (j < nq) v = kq * J[i + (size_t)nr * j] + kv * J[i + (size_t)nr * (nq + j)];
            else if (j < nq + it->nx) v = c->lambda_per_unknown * J[i + (size_t)nr * (nq + j)];
            else v = c->ode1_stiffness_coef * J[i + (size_t)nr * (nq + j)];
            values[m] += rs * v;
        }
}

static int mixed_jacobians(const cd_system *s, cd_evalws *ws, const cd_state *st,
                           const cd_evalcoef *c, double *values, cd_error *err)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        int analytic;
        if (!it->type->object->mixed) continue;
        int rc = cd_eval_mixed_jacobian(s, ws, o, st, ws->numerical, &analytic, err);
        if (rc) return rc;
        mixed_scatter(it, ws->mixJ, c, values);
    }
    return CD_OK;
}

/* r += M a with the constant mass matrices (state-dependent ones are in the objects' r2) */
static void add_inertia(const cd_system *s, const cd_evalws *ws, const cd_state *st, double *r)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const double *M = ws->Mconst[o];
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!M) continue;
        for (int j = 0; j < it->nq; j++) {
            double aj = st->a[it->ltg[j]];
            if (aj == 0.0) continue;
            for (int i = 0; i < it->nq; i++) r[it->ltg[i]] += M[i + j * it->nq] * aj;
        }
    }
}

/* a non-finite sum of the inertia terms: the first object whose M a is not finite (only run
 * then, so the normal path pays nothing) */
static void note_inertia(const cd_system *s, cd_evalws *ws, const cd_state *st)
{
    for (int o = 0; o < s->list[CD_OBJECT].n && ws->bad_kind < 0; o++) {
        const double *M = ws->Mconst[o];
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!M) continue;
        for (int i = 0; i < it->nq; i++) {
            double f = 0;
            for (int j = 0; j < it->nq; j++) f += M[i + j * it->nq] * st->a[it->ltg[j]];
            ws->r2p[i] = f;
        }
        note_nonfinite(ws, CD_OBJECT, o, ws->r2p, it->nq);
    }
}

/* the scaled L2 norm max|x| sqrt(sum (x_i / max|x|)^2) when the sum of squares ss overflowed:
 * finite while the norm is below DBL_MAX and every entry is finite (else ss) */
static double norm2_scaled(const double *x, int n, double ss)
{
    double m = 0, sc = 0;
    for (int i = 0; i < n; i++) {
        if (!isfinite(x[i])) return ss;
        m = fmax(m, fabs(x[i]));
    }
    for (int i = 0; i < n; i++) sc += (x[i] / m) * (x[i] / m);
    return m * sqrt(sc);
}

/* L2 norm; when the sum of squares overflows with finite entries (some |x_i| > 1e154), the
 * scaled form (norm2_scaled, off the normal path) */
static inline double norm2(const double *x, int n, double *sumsq)
{
    double ss = 0;
    for (int i = 0; i < n; i++) ss += x[i] * x[i];
    if (sumsq) *sumsq = ss;
    return ss <= DBL_MAX ? sqrt(ss) : norm2_scaled(x, n, ss);
}

static int residual(const cd_system *s, cd_evalws *ws, const cd_state *st,
                    const cd_evalcoef *c, double *r, cd_error *err)
{
    int n2 = s->n2, rc;
    double ssae = 0;  /* squared norm of the unscaled algebraic residuals */
    double ssf = 0;   /* force level without cancellation: constraint and inertia forces */
    memset(r, 0, sizeof(double) * (size_t)(n2 + s->nae + s->n1));
    ws->nres++;
    ws->fload2 = 0;
    ws->bad_kind = -1;
    /* forces: sum of r2 (elastic, damping, constraint forces) minus loads */
    if ((rc = object_rows(s, ws, st, c, r, &ssf, &ssae, err))) return rc;
    node_rows(s, ws, st, c, r, &ssae);
    if ((rc = mixed_rows(s, ws, st, r, &ssf, &ssae, err))) return rc;
    for (int l = 0; l < s->list[CD_LOAD].n; l++)
        if ((rc = add_load(s, ws, l, st, c->load_factor, r, err))) return rc;
    /* force scale for the Newton test: |f - C^T lam| (= |M a| at the solution), or the level
     * of the loads, constraint forces and rigid-body inertia forces, which can cancel in the
     * sum (a heavy top: gravity against the joint) */
    ws->fnorm = fmax(norm2(r, n2, NULL), sqrt(ssf + ws->fload2));
    add_inertia(s, ws, st, r);
    double ss;
    ws->rnorm2 = norm2(r, n2, &ss);
    if (ws->find_bad && !isfinite(ws->rnorm2) && ws->bad_kind < 0) note_inertia(s, ws, st);
    for (int i = 0; i < n2; i++) r[i] *= c->force_scale;
    /* sqrt(|r2|^2 + ssae), as hypot where the sum of squares overflows */
    ws->rnorm = isinf(ss) ? hypot(ws->rnorm2, sqrt(ssae)) : sqrt(ss + ssae);
    ws->aenorm = norm2(r + n2, s->nae, NULL);
    return ode1_residual(s, ws, st, c, r + s->off1, err);
}

/* the residual; when a norm is not finite, a second evaluation notes the item of the first
 * non-finite term (cd_eval_nonfinite_item), so that the normal path checks nothing */
int cd_eval_residual(const cd_system *s, cd_evalws *ws, const cd_state *st,
                     const cd_evalcoef *c, double *r, cd_error *err)
{
    int rc = residual(s, ws, st, c, r, err);
    if (rc || (isfinite(ws->rnorm) && isfinite(ws->fnorm) && isfinite(ws->ode1norm))) return rc;
    ws->find_bad = 1;
    rc = residual(s, ws, st, c, r, err);
    ws->find_bad = 0;
    return rc;
}

/* forward-difference Jacobians of object o around ws->ql, vl, laml (restored on return) */
static int numerical_jacobian(const cd_system *s, cd_evalws *ws, int o, double t, int index2,
                              cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    int nq = it->nq, na = it->nae, rc;
    double *r0 = ws->r2, *a0 = ws->rae, *r1 = ws->r2p, *a1 = ws->raep;
    if ((rc = object_residual(s, ws, o, t, index2, r0, a0, err))) return rc;
    /* position-level constraints at index 3 do not depend on velocities: D = Gv = 0 */
    int npert = (it->type->object->flags & CD_OBJF_POSITIONAL) && !is_velocity_row(it, index2)
                    ? 1 : 2;
    if (npert == 1) {
        memset(ws->D, 0, sizeof(double) * (size_t)(nq * nq));
        memset(ws->Gv, 0, sizeof(double) * (size_t)(nq * na));
    }
    for (int j = 0; j < nq; j++) {
        double *x[2] = {ws->ql, ws->vl}, *Jq[2] = {ws->K, ws->D}, *Ja[2] = {ws->Gq, ws->Gv};
        int g = it->ltg[j], off = s->lgoff[g];
        double qt = fabs(s->qref[g] + ws->ql[j]);
        double eps = ws->eps_rel * (qt > ws->eps_min ? qt : ws->eps_min);
        if (off >= 0) eps = ws->eps_rel;  /* rotation increment in radians */
        for (int k = 0; k < npert; k++) {
            double save[3];
            int j0 = off >= 0 && k == 0 ? j - off : j, nb = off >= 0 && k == 0 ? 3 : 1;
            memcpy(save, x[k] + j0, sizeof(double) * (size_t)nb);
            if (nb == 3) {  /* Lie-group rotation: perturb by composition, psi o exp(eps e) */
                double psi[3], d[3] = {0, 0, 0}, out[3];
                for (int i = 0; i < 3; i++) psi[i] = s->qref[g - off + i] + x[0][j0 + i];
                d[off] = eps;
                cd_rot_compose(psi, d, out);
                for (int i = 0; i < 3; i++) x[0][j0 + i] = out[i] - s->qref[g - off + i];
            } else {
                x[k][j] += eps;
            }
            rc = object_residual(s, ws, o, t, index2, r1, a1, err);
            memcpy(x[k] + j0, save, sizeof(double) * (size_t)nb);
            if (rc) return rc;
            for (int i = 0; i < nq; i++) Jq[k][i + nq * j] = (r1[i] - r0[i]) / eps;
            for (int i = 0; i < na; i++) Ja[k][i + na * j] = (a1[i] - a0[i]) / eps;
        }
    }
    /* r2 is linear in lambda: Cq(j, :) = r2(lam + e_j) - r2(lam) exactly; CD_OBJF_AESELF
     * objects: forward differences of r2 and rae (Ga = d rae/d lam) */
    int aeself = cd_aa_full(it);
    for (int j = 0; j < na; j++) {
        double save = ws->laml[j];
        double eps = aeself ? ws->eps_rel * fmax(fabs(save), ws->eps_min) : 1.0;
        ws->laml[j] += eps;
        rc = object_residual(s, ws, o, t, index2, r1, a1, err);
        ws->laml[j] = save;
        if (rc) return rc;
        for (int i = 0; i < nq; i++) ws->Cq[j + na * i] = (r1[i] - r0[i]) / eps;
        if (aeself)
            for (int i = 0; i < na; i++) ws->Ga[i + na * j] = (a1[i] - a0[i]) / eps;
    }
    return CD_OK;
}

/* analytic Jacobian when the object has one: 0 done, CD_JAC_NUMERICAL if not available,
 * another nonzero status on failure */
static int analytic_jacobian(const cd_system *s, cd_evalws *ws, int o, double t, int index2,
                             cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    int aeself = (ops->flags & CD_OBJF_AESELF) != 0;
    if ((aeself ? !ops->jacobian_aeself : !ops->jacobian) ||
        (ops->uses_userfunc && ops->uses_userfunc(it->p)))
        return CD_JAC_NUMERICAL;
    if (ops->flags & CD_OBJF_CONNECTOR) {
        ws->mk_deriv = 1;
        connector_markers(s, ws, it);
        ws->mk_deriv = 0;
    }
    if (is_inactive_constraint(it)) {
        size_t nq = (size_t)it->nq, na = (size_t)it->nae;
        memset(ws->K, 0, sizeof(double) * nq * nq);
        memset(ws->D, 0, sizeof(double) * nq * nq);
        memset(ws->Cq, 0, sizeof(double) * nq * na);
        memset(ws->Gq, 0, sizeof(double) * nq * na);
        memset(ws->Gv, 0, sizeof(double) * nq * na);
        memset(ws->Ga, 0, sizeof(double) * na * na);
        for (size_t j = 0; aeself && j < na; j++) ws->Ga[j + na * j] = 1.0;  /* rae = lam */
        return CD_OK;
    }
    cd_objctx c = cd_eval_objctx(s, ws, o, t, index2, err);
    if (aeself) return ops->jacobian_aeself(&c, ws->K, ws->D, ws->Cq, ws->Gq, ws->Gv, ws->Ga);
    return ops->jacobian(&c, ws->K, ws->D, ws->Cq, ws->Gq, ws->Gv);
}

int cd_eval_object_jacobian(const cd_system *s, cd_evalws *ws, int o, const cd_state *st,
                            int index2, int numerical, int *analytic, cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    cd_eval_gather(it, st, ws);
    *analytic = 1;
    if (!it->type->object->residual) {
        size_t nq = (size_t)it->nq;
        memset(ws->K, 0, sizeof(double) * nq * nq);
        memset(ws->D, 0, sizeof(double) * nq * nq);
        return CD_OK;
    }
    if (!numerical) {
        int rc = analytic_jacobian(s, ws, o, st->t, index2, err);
        if (rc != CD_JAC_NUMERICAL) return rc;
    }
    *analytic = 0;
    return numerical_jacobian(s, ws, o, st->t, index2, err);
}

/* add object o's scaled local matrices into the values */
static void scatter_item(const cd_item *it, const cd_evalws *ws, const cd_evalcoef *c,
                         double *val, int has_jac, const double *M, int inactive, int vel)
{
    int nq = it->nq, na = it->nae;
    const int *qq = it->map, *qa = qq + nq * nq, *aq = qa + nq * na, *aa = aq + nq * na;
    for (int k = 0; k < nq * nq; k++) {
        double v = M ? c->mass_coef * M[k] : 0.0;
        if (has_jac) v += c->stiffness_coef * ws->K[k] + c->damping_coef * ws->D[k];
        val[qq[k]] += v;
    }
    if (!has_jac || na == 0) return;
    double rs = vel ? c->velocity_row_scale : 1.0;
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) {
            val[qa[i + j * nq]] += c->multiplier_coef * ws->Cq[j + i * na];
            val[aq[j + i * na]] +=
                rs * (c->gdq_coef * ws->Gq[j + i * na] + c->gdv_coef * ws->Gv[j + i * na]);
        }
    if (cd_aa_full(it)) {  /* rs (d rae/d lam) lambda_per_unknown (inactive: Ga = I) */
        for (int k = 0; k < na * na; k++) val[aa[k]] += rs * c->lambda_per_unknown * ws->Ga[k];
        return;
    }
    for (int j = 0; j < na; j++) {
        int trivial = inactive || (it->type->kind == CD_OBJECT && it->type->object->lambda_row &&
                                   it->type->object->lambda_row(it, j));
        val[aa[j]] += trivial ? rs * c->lambda_per_unknown : 0.0;  /* row rs * lambda_j */
    }
}

/* columns of Lie-group rotation blocks of the local K (nq x nq) and Gq (nae x nq) times T */
static void lie_right(const cd_system *s, const cd_evalws *ws, const cd_item *it, int with_gq)
{
    int nq = it->nq, na = with_gq ? it->nae : 0;
    for (int j = 0; j + 2 < nq; j++) {
        int g = it->ltg[j];
        if (s->lgoff[g] != 0 || it->ltg[j + 1] != g + 1 || it->ltg[j + 2] != g + 2) continue;
        const double *T = ws->lieT + 9 * (size_t)g;
        for (int pass = 0; pass < 2; pass++) {
            double *X = pass ? ws->Gq : ws->K;
            int rows = pass ? na : nq;
            for (int r = 0; r < rows; r++) {
                double x0 = X[r + rows * j], x1 = X[r + rows * (j + 1)], x2 = X[r + rows * (j + 2)];
                for (int k = 0; k < 3; k++)
                    X[r + rows * (j + k)] = x0 * T[k] + x1 * T[3 + k] + x2 * T[6 + k];
            }
        }
        j += 2;
    }
}

/* loads whose generalized force depends on q (rigid markers, body-fixed directions, gravity
 * on offset centres of mass): K -= scale df/dq, times stiffness_coef */
static int load_jacobians(const cd_system *s, cd_evalws *ws, const cd_state *st,
                          const cd_evalcoef *c, double *values, cd_error *err)
{
    for (int l = 0; l < s->list[CD_LOAD].n; l++) {
        const cd_item *ld = &s->list[CD_LOAD].items[l];
        const cd_loadops *ops = ld->type->load;
        int analytic;
        /* constant generalized forces (node points, gravity on point masses) add nothing */
        if (ld->nq == 0 || (ops->constant && ops->constant(s, ld))) continue;
        int rc = cd_eval_load_jacobian(s, ws, l, st, ws->numerical, &analytic, err);
        if (rc) return rc;
        if (ws->lieT_on) lie_right(s, ws, ld, 0);
        double sc = (ops->timed && ops->timed(ld->p) ? 1.0 : c->load_factor) * c->stiffness_coef;
        for (int k = 0; k < ld->nq * ld->nq; k++)
            if (ld->map[k] >= 0) values[ld->map[k]] += sc * ws->K[k];
    }
    return CD_OK;
}

/* ws->K1 = d r1/dy of object o by forward differences around the gathered coordinates */
static int object_jacobian1(const cd_system *s, cd_evalws *ws, int o, double t, cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    int n1 = it->n1, rc = object_residual1(s, ws, o, t, ws->r1, err);
    for (int j = 0; j < n1 && !rc; j++) {
        double yt = fabs(s->yref[it->ltg1[j]] + ws->yl[j]), save = ws->yl[j];
        double eps = ws->eps_rel * (yt > ws->eps_min ? yt : ws->eps_min);
        ws->yl[j] += eps;
        rc = object_residual1(s, ws, o, t, ws->r1p, err);
        ws->yl[j] = save;
        for (int i = 0; i < n1; i++) ws->K1[i + n1 * j] = (ws->r1p[i] - ws->r1[i]) / eps;
    }
    return rc;
}

/* ODE1 block: ode1_scale (ode1_rate_coef I + ode1_stiffness_coef d r1/dy) */
static int ode1_jacobian(const cd_system *s, cd_evalws *ws, const cd_state *st,
                         const cd_evalcoef *c, double *values, cd_error *err)
{
    double ck = c->ode1_scale * c->ode1_stiffness_coef;
    if (s->n1 == 0) return CD_OK;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if (!it->type->object->residual1 || it->n1 == 0) continue;
        cd_eval_gather(it, st, ws);
        int rc = object_jacobian1(s, ws, o, st->t, err);
        if (rc) return rc;
        const int *yy = it->map + it->nq * it->nq + 2 * it->nq * it->nae + cd_aa_size(it);
        for (int k = 0; k < it->n1 * it->n1; k++) values[yy[k]] += ck * ws->K1[k];
    }
    for (int i = 0; i < s->n1; i++)
        values[s->pat.diag[s->n2 + i]] += c->ode1_scale * c->ode1_rate_coef;
    return CD_OK;
}

int cd_eval_jacobian(const cd_system *s, cd_evalws *ws, const cd_state *st,
                     const cd_evalcoef *c, double *values, cd_error *err)
{
    memset(values, 0, sizeof(double) * (size_t)s->pat.nnz);
    ws->njac++;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        if ((it->nq == 0 && it->nae == 0) || it->type->object->mixed) continue;
        int has_jac = it->type->object->residual != NULL;
        if (has_jac) {
            int analytic;
            int rc = cd_eval_object_jacobian(s, ws, o, st, c->index2, ws->numerical, &analytic,
                                             err);
            if (rc) return rc;
            if (ws->lieT_on) lie_right(s, ws, it, 1);
        }
        /* state-dependent mass matrices are evaluated here (their residual has M(q) a) */
        const double *M = ws->Mconst[o];
        const cd_objectops *ops = it->type->object;
        if (!M && ops->mass && !cd_mass_const(it)) {
            cd_eval_gather(it, st, ws);
            cd_objctx cx = cd_eval_objctx(s, ws, o, st->t, c->index2, err);
            int rc = ops->mass(&cx, ws->M);
            if (rc) return rc;
            M = ws->M;
        }
        scatter_item(it, ws, c, values, has_jac, M, is_inactive_constraint(it),
                     is_velocity_row(it, c->index2));
    }
    /* node-owned equations (Euler-parameter norm): analytic */
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[i];
        if (!nd->nae) continue;
        cd_eval_gather(nd, st, ws);
        memset(ws->D, 0, sizeof(double) * (size_t)(nd->nq * nd->nq));
        nd->type->node->ae_jacobian(nd->p, s->qref + nd->ltg[0], ws->ql, ws->vl, ws->laml,
                                    c->index2, ws->K, ws->Cq, ws->Gq, ws->Gv);
        scatter_item(nd, ws, c, values, 1, NULL, 0, c->index2);
    }
    int rc = load_jacobians(s, ws, st, c, values, err);
    if (!rc) rc = mixed_jacobians(s, ws, st, c, values, err);
    return rc ? rc : ode1_jacobian(s, ws, st, c, values, err);
}

int cd_eval_object_parts(const cd_system *s, cd_evalws *ws, int o, const cd_state *st,
                         double *M, double *fel, double *Kel, double *Kg, int *have,
                         cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    size_t nq = (size_t)it->nq;
    int rc = CD_OK;
    *have = 0;
    memset(M, 0, sizeof(double) * nq * nq);
    memset(fel, 0, sizeof(double) * nq);
    memset(Kel, 0, sizeof(double) * nq * nq);
    memset(Kg, 0, sizeof(double) * nq * nq);
    cd_eval_gather(it, st, ws);
    if (ops->flags & CD_OBJF_CONNECTOR) {  /* markers with their derivative data */
        ws->mk_deriv = 1;
        connector_markers(s, ws, it);
        ws->mk_deriv = 0;
    }
    cd_objctx c = cd_eval_objctx(s, ws, o, st->t, 0, err);
    if (ops->mass && (rc = ops->mass(&c, M)) == CD_OK) *have |= 1;
    if (!rc && ops->elastic) {
        rc = ops->elastic(&c, fel, Kel);
        if (rc == CD_OK) *have |= 2;
        else if (rc == CD_JAC_NUMERICAL) rc = CD_OK;
    }
    if (!rc && ops->geometric) {
        rc = ops->geometric(&c, Kg);
        if (rc == CD_OK) *have |= 4;
        else if (rc == CD_JAC_NUMERICAL) rc = CD_OK;
    }
    return rc;
}

/* the name of the parameter that holds the user function f of item it */
static const char *userfunc_field(const cd_item *it, const cd_func *f)
{
    size_t off = (size_t)((const char *)f - (const char *)it->p);
    for (int i = 0; i < it->type->nfields; i++) {
        const cd_field *fd = &it->type->fields[i];
        if (fd->type == CD_FT_FUNC && !(fd->check & CD_CHK_ALIAS) && fd->offset == off)
            return fd->name;
    }
    return "user function";
}

int cd_call_userfunc(const cd_system *s, cd_kind kind, int index, const cd_func *f, double t,
                     const double *in, int nin, double *out, int nout, cd_error *err)
{
    char lb[160];
    const cd_item *it = &s->list[kind].items[index];
    int rc = f->fn(f->ctx, t, index, in, nin, out, nout);
    if (rc) {
        if (err && err->code == CD_OK)
            cd_error_set(err, rc < 0 ? CD_ERR_USERFUNC : rc, "%s of %s failed at t = %.10g",
                         userfunc_field(it, f), cd_item_label(s, kind, index, lb, sizeof lb), t);
        return rc;
    }
    for (int i = 0; i < nout; i++)
        if (!isfinite(out[i]))
            return cd_error_set(err, CD_ERR_NONFINITE, "%s of %s returned %g (value %d) at "
                                "t = %.10g", userfunc_field(it, f),
                                cd_item_label(s, kind, index, lb, sizeof lb), out[i], i, t);
    return CD_OK;
}

int cd_object_userfunc(const cd_objctx *c, const cd_func *f, const double *in, int nin,
                       double *out, int nout)
{
    return cd_call_userfunc(c->sys, CD_OBJECT, c->index, f, c->t, in, nin, out, nout, c->err);
}

/* ------------------------------------------------------------------ discontinuous iteration */

/* the object's post_newton is called (CD_OBJF_PNDATA: only when it has Data coordinates) */
static int has_post_newton(const cd_item *it)
{
    const cd_objectops *ops = it->type->object;
    return ops->post_newton && (it->nd > 0 || !(ops->flags & CD_OBJF_PNDATA));
}

int cd_eval_has_post_newton(const cd_system *s)
{
    int n = 0;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++)
        if (has_post_newton(&s->list[CD_OBJECT].items[o])) n++;
    return n;
}

int cd_eval_initial_rows(const cd_system *s, cd_evalws *ws, const cd_state *st, int index2,
                         double *g, cd_error *err)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        const cd_objectops *ops = it->type->object;
        if (!ops->initial_rows || is_inactive_constraint(it)) continue;
        cd_eval_gather(it, st, ws);
        if (ops->flags & CD_OBJF_CONNECTOR) connector_markers(s, ws, it);
        cd_objctx c = cd_eval_objctx(s, ws, o, st->t, index2, err);
        int rc = ops->initial_rows(&c, index2, g + it->ae0);
        if (rc) return rc;
    }
    return CD_OK;
}

int cd_eval_post_newton(const cd_system *s, cd_evalws *ws, cd_state *st, double *error,
                        double *h_rec, int *items, int cap, int *nitems, cd_error *err)
{
    *error = 0.0;
    *h_rec = -1.0;
    *nitems = 0;
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        const cd_objectops *ops = it->type->object;
        if (!has_post_newton(it)) continue;
        cd_eval_gather(it, st, ws);
        if (ops->flags & CD_OBJF_CONNECTOR) connector_markers(s, ws, it);
        cd_objctx c = cd_eval_objctx(s, ws, o, st->t, 0, err);
        double e = 0.0, h = -1.0;
        int rc = ops->post_newton(&c, ws->dnew, &e, &h);
        if (rc) return rc;
        if (h >= 0 && (*h_rec < 0 || h < *h_rec)) *h_rec = h;
        for (int i = 0; i < it->nd; i++) st->data[it->ltgd[i]] = ws->dnew[i];
        if (e > 0) {
            *error += e;
            if (*nitems < cap) items[*nitems] = o;
            ++*nitems;
        }
    }
    return CD_OK;
}
