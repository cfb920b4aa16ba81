/* cd_explicit: explicit Runge-Kutta methods and velocity Verlet (Exudyn's explicit
 * DynamicSolverTypes) for systems without constraints.
 *
 * The ODE2 coordinates are integrated as the first-order system
 *     q' = v,   M(q) v' = f(q, v, t),   y' = f1(y, q, t)   (ODE1)
 * with an s-stage tableau (c, A, b): stage i takes
 *     Q_i = q0 + h sum_j a_ij Kq_j,  V_i = v0 + h sum_j a_ij Kv_j,  Y_i = y0 + h sum_j a_ij Ky_j
 *     Kq_i = V_i,  M(Q_i) Kv_i = f(Q_i, V_i, t0 + c_i h),  Ky_i = f1(Y_i, Q_i, t0 + c_i h)
 * and the step is q1 = q0 + h sum_i b_i Kq_i (v1, y1 alike). Rotation vectors of
 * NodeRigidBodyRotVecLG nodes, whose velocity coordinates are the body-frame angular velocity
 * w, are composed on SO(3) (Runge-Kutta-Munthe-Kaas, as Exudyn's Lie-group explicit
 * integrators):
 *     psi(Q_i) = log(exp(psi0) exp(U_i)),  U_i = h sum_j a_ij Kq_j,  Kq_i = T(U_i)^-1 W_i
 *     psi1 = log(exp(psi0) exp(h sum_i b_i Kq_i))
 * with the tangent operator T of the exponential map (cd_rot_tangent_inv).
 * f is the system's residual with zero accelerations and multipliers (cd_eval_residual), the
 * mass matrix is the ODE2 block of the Newton pattern, factored once when it is constant.
 * Embedded methods (ODE23, DOPRI5, DVERK6) estimate the error from a second solution (bhat)
 * and, with timeIntegration.automaticStepSize, choose the step as Exudyn's controller does
 * (Hairer, Norsett, Wanner I, II.4): err = rms over q, v, y of (x - xhat) / (atol + rtol
 * max(x0, xhat)), h_opt = h err^(-1/p), h_next = min(hmax, maxIncrease h,
 * max(hmin, safety h_opt)); a step with h_opt < h is taken again with h_next.
 * Constraints: CoordinateConstraints fixing a coordinate to ground (offset 0) are eliminated
 * (that coordinate, its velocity and acceleration are set to zero after each step), as
 * Exudyn's explicitIntegration.eliminateConstraints; any other constraint is an error. */
#include "cd_driver.h"
#include "../core/cd_items.h"
#include "../math/cd_lie.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXST 8          /* most stages of a tableau (DVERK6) */
#define S5 2.23606797749978969641  /* sqrt(5), RK67's abscissae */

/* one method: Exudyn's name, stages, the order p of the propagated solution (the step-size
 * controller's exponent 1/p; Exudyn's orderMethod), an embedded second solution bhat */
typedef struct rk_tableau {
    int type;                    /* cd_dynsolver */
    const char *name;            /* DynamicSolverType name */
    int stages;                  /* 0: velocity Verlet (no tableau) */
    int order;
    int embedded;
    double c[MAXST], a[MAXST][MAXST], b[MAXST], bhat[MAXST];
} rk_tableau;

static const rk_tableau tableaus[] = {
    {CD_DYN_EXPLICIT_EULER, "ExplicitEuler", 1, 1, 0, {0}, {{0}}, {1}, {0}},
    {CD_DYN_EXPLICIT_MIDPOINT, "ExplicitMidpoint", 2, 2, 0, {0, 0.5}, {{0}, {0.5}}, {0, 1},
     {0}},
    /* Heun's third-order method */
    {CD_DYN_RK33, "RK33", 3, 3, 0, {0, 1.0 / 3, 2.0 / 3},
     {{0}, {1.0 / 3}, {0, 2.0 / 3}}, {0.25, 0, 0.75}, {0}},
    /* the classical Runge-Kutta method */
    {CD_DYN_RK44, "RK44", 4, 4, 0, {0, 0.5, 0.5, 1}, {{0}, {0.5}, {0, 0.5}, {0, 0, 1}},
     {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6}, {0}},
    /* Butcher (1964), 7 stages, order 6 (Exudyn's RK67) */
    {CD_DYN_RK67, "RK67", 7, 6, 0,
     {0, 0.5 - S5 / 10, 0.5 + S5 / 10, 0.5 - S5 / 10, 0.5 + S5 / 10, 0.5 - S5 / 10, 1},
     {{0},
      {0.5 - S5 / 10},
      {-S5 / 10, 0.5 + S5 / 5},
      {7 * S5 / 20 - 0.75, S5 / 4 - 0.25, 1.5 - 7 * S5 / 10},
      {1.0 / 12 - S5 / 60, 0, 1.0 / 6, 7 * S5 / 60 + 0.25},
      {S5 / 60 + 1.0 / 12, 0, 0.75 - 5 * S5 / 12, 1.0 / 6, -0.5 + 3 * S5 / 10},
      {1.0 / 6, 0, -55.0 / 12 + 25 * S5 / 12, -7 * S5 / 12 - 25.0 / 12, 5 - 2 * S5,
       2.5 + S5 / 2}},
     {1.0 / 12, 0, 0, 0, 5.0 / 12, 5.0 / 12, 1.0 / 12}, {0}},
    /* Bogacki-Shampine 3(2) */
    {CD_DYN_ODE23, "ODE23", 4, 3, 1, {0, 0.5, 0.75, 1},
     {{0}, {0.5}, {0, 0.75}, {2.0 / 9, 1.0 / 3, 4.0 / 9}},
     {2.0 / 9, 1.0 / 3, 4.0 / 9, 0}, {7.0 / 24, 0.25, 1.0 / 3, 0.125}},
    /* Dormand-Prince 5(4) (Hairer, Norsett, Wanner I, table 5.2) */
    {CD_DYN_DOPRI5, "DOPRI5", 7, 5, 1, {0, 0.2, 0.3, 0.8, 8.0 / 9, 1, 1},
     {{0},
      {0.2},
      {3.0 / 40, 9.0 / 40},
      {44.0 / 45, -56.0 / 15, 32.0 / 9},
      {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729},
      {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656},
      {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}},
     {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0},
     {5179.0 / 57600, 0, 7571.0 / 16695, 393.0 / 640, -92097.0 / 339200, 187.0 / 2100,
      1.0 / 40}},
    /* Verner 6(5), the pair of Hull, Enright and Jackson's DVERK (coordyn; Exudyn 1.13 has
     * the name but no method) */
    {CD_DYN_DVERK6, "DVERK6", 8, 6, 1, {0, 1.0 / 6, 4.0 / 15, 2.0 / 3, 5.0 / 6, 1, 1.0 / 15, 1},
     {{0},
      {1.0 / 6},
      {4.0 / 75, 16.0 / 75},
      {5.0 / 6, -8.0 / 3, 2.5},
      {-165.0 / 64, 55.0 / 6, -425.0 / 64, 85.0 / 96},
      {2.4, -8, 4015.0 / 612, -11.0 / 36, 88.0 / 255},
      {-8263.0 / 15000, 124.0 / 75, -643.0 / 680, -81.0 / 250, 2484.0 / 10625, 0},
      {3501.0 / 1720, -300.0 / 43, 297275.0 / 52632, -319.0 / 2322, 24068.0 / 84065, 0,
       3850.0 / 26703}},
     {3.0 / 40, 0, 875.0 / 2244, 23.0 / 72, 264.0 / 1955, 0, 125.0 / 11592, 43.0 / 616},
     {13.0 / 160, 0, 2375.0 / 5984, 5.0 / 16, 12.0 / 85, 3.0 / 44, 0, 0}},
    /* velocity Verlet: v(h/2) = v0 + h/2 a0, q1 = q0 + h v(h/2), a1 = a(q1, v(h/2)),
     * v1 = v(h/2) + h/2 a1; ODE1 coordinates y1 = y0 + h f1(y0, q1, t1) */
    {CD_DYN_VELOCITY_VERLET, "VelocityVerlet", 0, 2, 0, {0}, {{0}}, {0}, {0}},
};

typedef struct ex_solver {
    const cd_system *s;
    const cd_settings *set;
    const rk_tableau *tab;
    cd_nwork *w;
    cd_stats *stats;
    int adaptive;            /* automaticStepSize with an embedded method */
    double hmin, hmax;
    int min_warned;
    int lie;                 /* rotation blocks of Lie-group nodes composed (s->nlg > 0) */
    int fsal;                /* the first stage is the last step's end-of-step evaluation */
    cd_state stage;          /* a stage's state; its a, lam, yd stay zero (f = -residual) */
    double *r;               /* residual (N) */
    double *kq, *kv, *ky;    /* stage derivatives: stages x n2, stages x n2, stages x n1 */
    double *u;               /* n2: h sum_j a_ij Kq_j (Lie-group rotation blocks) */
    double *qh, *vh, *yh;    /* the embedded solution (n2, n2, n1) */
    double *a_new, *a_acc;   /* end-of-step accelerations before elimination: of the step
                              * just taken, of the last accepted step (n2 each) */
    /* the mass matrix: the ODE2 block of the Newton pattern */
    int mnnz;
    int *mcolptr, *mrowind;  /* its pattern (n2 + 1, mnnz) */
    int *mpos;               /* Newton pattern position -> mass position, -1 outside (nnz) */
    double *mval;            /* values (mnnz) */
    cd_linsolver *mls;
    int mconst;              /* factored once */
    int *elim, nelim;        /* coordinates eliminated by coordinate constraints */
} ex_solver;

/* ------------------------------------------------------------------ the mass matrix */

/* the ODE2 block's pattern (columns and rows < n2 of the Newton pattern) and the map to it */
static int mass_pattern(ex_solver *x, cd_error *err)
{
    const cd_pattern *p = &x->s->pat;
    int n2 = x->s->n2, k = 0;
    x->mcolptr = calloc((size_t)n2 + 1, sizeof(int));
    x->mpos = malloc(sizeof(int) * ((size_t)p->nnz + 1));
    if (!x->mcolptr || !x->mpos) return cd_error_set(err, CD_ERR_NOMEM, "out of memory "
                                                     "allocating the mass matrix pattern");
    for (int i = 0; i < p->nnz; i++) x->mpos[i] = -1;
    for (int j = 0; j < n2; j++)
        for (int q = p->colptr[j]; q < p->colptr[j + 1]; q++)
            if (p->rowind[q] < n2) x->mpos[q] = k++;
    x->mnnz = k;
    x->mrowind = malloc(sizeof(int) * ((size_t)k + 1));
    x->mval = calloc((size_t)k + 1, sizeof(double));
    if (!x->mrowind || !x->mval) return cd_error_set(err, CD_ERR_NOMEM, "out of memory "
                                                     "allocating the mass matrix (%d entries)", k);
    for (int j = 0; j < n2; j++) {
        x->mcolptr[j + 1] = x->mcolptr[j];
        for (int q = p->colptr[j]; q < p->colptr[j + 1]; q++)
            if (x->mpos[q] >= 0) x->mrowind[x->mcolptr[j + 1]++] = p->rowind[q];
    }
    x->mls = cd_ls_create(x->set->linearSolver, n2, x->mcolptr, x->mrowind, err);
    return x->mls ? CD_OK : (err->code ? err->code : CD_ERR_NOMEM);
}

/* 1 if every mass matrix of the system is constant */
static int mass_is_constant(const cd_system *s)
{
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_objectops *ops = s->list[CD_OBJECT].items[o].type->object;
        if (ops->mass && !ops->mass_const) return 0;
    }
    return 1;
}

/* mval = M(q of st), factored */
static int mass_factor(ex_solver *x, const cd_state *st, cd_error *err)
{
    const cd_system *s = x->s;
    cd_evalws *ws = &x->w->ev;
    memset(x->mval, 0, sizeof(double) * (size_t)x->mnnz);
    for (int o = 0; o < s->list[CD_OBJECT].n; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        const cd_objectops *ops = it->type->object;
        const double *M = ws->Mconst[o];
        if (it->nq == 0 || ops->mixed) continue;
        if (!M && ops->mass) {
            cd_eval_gather(it, st, ws);
            cd_objctx c = cd_eval_objctx(s, ws, o, st->t, 0, err);
            int rc = ops->mass(&c, ws->M);
            if (rc) return rc;
            M = ws->M;
        }
        if (!M) continue;
        for (int k = 0; k < it->nq * it->nq; k++) x->mval[x->mpos[it->map[k]]] += M[k];
    }
    int rc = cd_ls_factor(x->mls, x->mval, err);
    x->stats->factorizations++;
    if (rc != CD_ERR_SINGULAR) return rc;
    int col = cd_ls_get_stats(x->mls).failed_column;
    cd_error_set(err, CD_ERR_SINGULAR, "explicit solver (DynamicSolverType.%s): the mass matrix "
                 "is singular at t = %.10g; every ODE2 coordinate needs mass (a massless "
                 "coordinate needs an implicit solver)", x->tab->name, st->t);
    if (col >= 0) cd_explain_column(s, col, err);
    return CD_ERR_SINGULAR;
}

/* ------------------------------------------------------------------ right-hand side */

/* acc (n2) = M^-1 f and yrate (n1) = f1 at the state stg (whose a, lam, yd are zero) */
static int rhs(ex_solver *x, const cd_state *stg, double *acc, double *yrate, cd_error *err)
{
    const cd_system *s = x->s;
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.load_factor = c.ode1_scale = c.velocity_row_scale = 1.0;
    int rc = cd_eval_residual(s, &x->w->ev, stg, &c, x->r, err);
    if (rc) return rc;
    for (int i = 0; i < s->n2; i++) acc[i] = -x->r[i];
    for (int i = 0; i < s->n1; i++) yrate[i] = -x->r[s->off1 + i];
    if (s->n2 == 0) return CD_OK;
    if (!x->mconst && (rc = mass_factor(x, stg, err))) return rc;
    return cd_ls_solve(x->mls, acc, err);
}

/* ------------------------------------------------------------------ the step */

/* q = q0 + sum_j w_j Kq_j (w_j = h weight_j over n stages); rotation blocks of Lie-group nodes
 * composed: psi = log(exp(psi0) exp(U)), U = sum_j w_j Kq_j, which is left in x->u */
static void combine_q(ex_solver *x, const double *q0, const double *w, int n, double *q)
{
    const cd_system *s = x->s;
    int n2 = s->n2;
    memcpy(q, q0, sizeof(double) * (size_t)n2);
    for (int j = 0; j < n; j++)
        if (w[j] != 0.0)
            for (int i = 0; i < n2; i++) q[i] += w[j] * x->kq[(size_t)j * n2 + i];
    if (!x->lie) return;
    for (int k = 0; k < s->nlg; k++) {
        int g = s->lgstart[k];
        double psi[3], out[3];
        for (int i = 0; i < 3; i++) {
            x->u[g + i] = 0.0;
            for (int j = 0; j < n; j++) x->u[g + i] += w[j] * x->kq[(size_t)j * n2 + g + i];
            psi[i] = s->qref[g + i] + q0[g + i];
        }
        cd_rot_compose(psi, x->u + g, out);
        for (int i = 0; i < 3; i++) q[g + i] = out[i] - s->qref[g + i];
    }
}

/* x = x0 + sum_j w_j K_j over n stages (n entries each) */
static void combine(const double *x0, const double *K, const double *w, int ns, int n,
                    double *out)
{
    memcpy(out, x0, sizeof(double) * (size_t)n);
    for (int j = 0; j < ns; j++)
        if (w[j] != 0.0)
            for (int i = 0; i < n; i++) out[i] += w[j] * K[(size_t)j * n + i];
}

/* Kq of a stage: its velocities, on rotation blocks T(U)^-1 w */
static void stage_kq(ex_solver *x, const double *v, double *kq)
{
    const cd_system *s = x->s;
    memcpy(kq, v, sizeof(double) * (size_t)s->n2);
    if (!x->lie) return;
    for (int k = 0; k < s->nlg; k++) {
        int g = s->lgstart[k];
        double T[9];
        cd_rot_tangent_inv(x->u + g, T);
        for (int i = 0; i < 3; i++)
            kq[g + i] = T[3 * i] * v[g] + T[3 * i + 1] * v[g + 1] + T[3 * i + 2] * v[g + 2];
    }
}

static void eliminate(const ex_solver *x, double *z)
{
    for (int k = 0; k < x->nelim; k++) z[x->elim[k]] = 0.0;
}

/* the error of the step relative to the tolerances: rms over q, v, y of
 * (x1 - xhat) / (atol + rtol max(x0, xhat)). The maximum of the signed values, as Exudyn's
 * controller has it (its step sequences are reproduced exactly): a coordinate below zero
 * gets a scale below atol (docs/solvers.rst, "Explicit integrators") */
static double error_norm(const ex_solver *x, const cd_state *prev, const cd_state *st)
{
    const cd_system *s = x->s;
    double atol = x->set->stepAbsTol, rtol = x->set->stepRelTol, sum = 0;
    const struct { const double *x0, *x1, *xh; int n; } part[] = {
        {prev->q, st->q, x->qh, s->n2}, {prev->v, st->v, x->vh, s->n2},
        {prev->y, st->y, x->yh, s->n1}};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < part[k].n; i++) {
            double sc = atol + rtol * fmax(part[k].x0[i], part[k].xh[i]);  /* signed */
            double e = (part[k].x1[i] - part[k].xh[i]) / sc;
            sum += e * e;
        }
    int n = 2 * s->n2 + s->n1;
    return n > 0 ? sqrt(sum / n) : 0.0;
}

/* the state at the end of the step: accelerations and ODE1 rates at (q1, v1, y1, t1), or
 * those of the last stage (explicitIntegration.computeEndOfStepAccelerations = False) */
static int end_of_step(ex_solver *x, cd_state *st, int last, cd_error *err)
{
    const cd_system *s = x->s;
    size_t n2 = (size_t)s->n2, n1 = (size_t)s->n1;
    memset(st->lam, 0, sizeof(double) * (size_t)s->nae);
    if (!x->set->computeEndOfStepAccelerations) {
        memcpy(st->a, x->kv + (size_t)last * n2, sizeof(double) * n2);
        memcpy(st->yd, x->ky + (size_t)last * n1, sizeof(double) * n1);
        eliminate(x, st->a);
        return CD_OK;
    }
    cd_state *g = &x->stage;
    memcpy(g->q, st->q, sizeof(double) * n2);
    memcpy(g->v, st->v, sizeof(double) * n2);
    memcpy(g->y, st->y, sizeof(double) * n1);
    g->t = st->t;
    int rc = rhs(x, g, x->a_new, st->yd, err);
    memcpy(st->a, x->a_new, sizeof(double) * n2);
    eliminate(x, st->a);
    return rc;
}

/* one Runge-Kutta step of size h from prev into st (st->t, st->data set by the driver) */
static int rk_step(void *solver, const cd_state *prev, cd_state *st, double tau_next, double h,
                   double *est, cd_error *err)
{
    ex_solver *x = solver;
    const rk_tableau *tb = x->tab;
    const cd_system *s = x->s;
    size_t n2 = (size_t)s->n2, n1 = (size_t)s->n1;
    cd_state *g = &x->stage;
    double w[MAXST];
    (void)tau_next;
    memcpy(g->data, st->data, sizeof(double) * (size_t)s->nd);
    for (int i = 0; i < tb->stages; i++) {
        double *kq = x->kq + i * n2, *kv = x->kv + i * n2, *ky = x->ky + i * n1;
        if (i == 0 && x->fsal) {  /* f at the start: the last step's end-of-step evaluation */
            memcpy(kq, prev->v, sizeof(double) * n2);
            memcpy(kv, x->a_acc, sizeof(double) * n2);
            memcpy(ky, prev->yd, sizeof(double) * n1);
            continue;
        }
        for (int j = 0; j < i; j++) w[j] = h * tb->a[i][j];
        combine_q(x, prev->q, w, i, g->q);
        combine(prev->v, x->kv, w, i, (int)n2, g->v);
        combine(prev->y, x->ky, w, i, (int)n1, g->y);
        g->t = prev->t + tb->c[i] * h;
        int rc = rhs(x, g, kv, ky, err);
        if (rc) return rc;
        stage_kq(x, g->v, kq);
    }
    for (int j = 0; j < tb->stages; j++) w[j] = h * tb->b[j];
    combine_q(x, prev->q, w, tb->stages, st->q);
    combine(prev->v, x->kv, w, tb->stages, (int)n2, st->v);
    combine(prev->y, x->ky, w, tb->stages, (int)n1, st->y);
    eliminate(x, st->q);
    eliminate(x, st->v);
    *est = -1;
    if (x->adaptive) {
        for (int j = 0; j < tb->stages; j++) w[j] = h * tb->bhat[j];
        combine_q(x, prev->q, w, tb->stages, x->qh);
        combine(prev->v, x->kv, w, tb->stages, (int)n2, x->vh);
        combine(prev->y, x->ky, w, tb->stages, (int)n1, x->yh);
        eliminate(x, x->qh);
        eliminate(x, x->vh);
        *est = error_norm(x, prev, st);
    }
    return end_of_step(x, st, tb->stages - 1, err);
}

/* one velocity Verlet step (Exudyn's VelocityVerlet) */
static int verlet_step(void *solver, const cd_state *prev, cd_state *st, double tau_next,
                       double h, double *est, cd_error *err)
{
    ex_solver *x = solver;
    const cd_system *s = x->s;
    size_t n2 = (size_t)s->n2, n1 = (size_t)s->n1;
    cd_state *g = &x->stage;
    double w = h;
    (void)tau_next;
    *est = -1;
    memcpy(g->data, st->data, sizeof(double) * (size_t)s->nd);
    /* v(h/2), then q1 = q0 + h v(h/2) (composed on rotation blocks) */
    for (size_t i = 0; i < n2; i++) x->kq[i] = g->v[i] = prev->v[i] + 0.5 * h * prev->a[i];
    combine_q(x, prev->q, &w, 1, g->q);
    eliminate(x, g->q);
    eliminate(x, g->v);
    memcpy(g->y, prev->y, sizeof(double) * n1);
    g->t = st->t;
    int rc = rhs(x, g, st->a, st->yd, err);
    if (rc) return rc;
    eliminate(x, st->a);
    memcpy(st->q, g->q, sizeof(double) * n2);
    for (size_t i = 0; i < n2; i++) st->v[i] = g->v[i] + 0.5 * h * st->a[i];
    memset(st->lam, 0, sizeof(double) * (size_t)s->nae);
    if (n1 == 0) return CD_OK;
    /* ODE1: explicit step with the rate at the end of the step (before the update of y) */
    memcpy(g->v, st->v, sizeof(double) * n2);
    if ((rc = rhs(x, g, x->a_new, st->yd, err))) return rc;
    for (size_t i = 0; i < n1; i++) st->y[i] = prev->y[i] + h * st->yd[i];
    return CD_OK;
}

/* ------------------------------------------------------------------ step-size control */

/* Exudyn's controller (see the top); a step at the minimum step size is accepted with one
 * warning */
static int ex_control(void *solver, double h, double est, double *h_next)
{
    ex_solver *x = solver;
    const cd_settings *set = x->set;
    double e = est > 0 ? est : 1e-12;
    double hopt = h * pow(1.0 / e, 1.0 / x->tab->order);
    double hn = fmin(fmin(x->hmax, h * set->stepSizeMaxIncrease),
                     fmax(x->hmin, set->stepSizeSafety * hopt));
    *h_next = hn;
    if (hn > x->hmin) return hopt < h;
    if (!x->min_warned && !x->stats->warning[0])
        snprintf(x->stats->warning, CD_MSG_LEN, "DynamicSolverType.%s: the automatic step size "
                 "reached timeIntegration.minimumStepSize (%g); the integration went on with "
                 "errors above the tolerances (local error estimate %.3g times the tolerances); "
                 "reduce minimumStepSize or increase absoluteTolerance/relativeTolerance",
                 x->tab->name, x->hmin, est);
    x->min_warned = 1;
    return 0;
}

/* the driver accepted the step: its end-of-step accelerations start the next one */
static void ex_accept(void *solver, const cd_state *st, double h)
{
    ex_solver *x = solver;
    double *t = x->a_acc;
    (void)st; (void)h;
    x->a_acc = x->a_new;
    x->a_new = t;
}

/* ------------------------------------------------------------------ the model check */

/* "ObjectJointRevoluteZ 3, ... (and 2 more)" of the first CAP items of list into buf */
static void list_items(const cd_system *s, cd_kind kind, const int *list, int n, char *buf,
                       size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n && i < 4 && k + 1 < len; i++) {
        char lb[160];
        k += (size_t)snprintf(buf + k, len - k, "%s%s", i ? ", " : "",
                              cd_item_label(s, kind, list[i], lb, sizeof lb));
    }
    if (n > 4 && k + 1 < len) snprintf(buf + k, len - k, " (and %d more)", n - 4);
}

/* a constraint the explicit solvers eliminate: one ODE2 coordinate (the other marker on ground),
 * one equation at position level without a user function, satisfied at zero displacement
 * (offset 0) at the start. x->stage holds zero coordinates. */
static int eliminable(ex_solver *x, int o, cd_error *err)
{
    const cd_system *s = x->s;
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    cd_evalws *ws = &x->w->ev;
    if (it->nq != 1 || it->nae != 1 || it->n1 != 0 || !ops->residual) return 0;
    if (ops->velocity_level && ops->velocity_level(it->p)) return 0;
    if (ops->uses_userfunc && ops->uses_userfunc(it->p)) return 0;
    cd_eval_gather(it, &x->stage, ws);
    if (ops->flags & CD_OBJF_CONNECTOR) {
        const int *mks;
        ops->markers(it->p, &mks);
        for (int k = 0; k < it->nmk; k++)
            cd_eval_marker(s, ws, k, &s->list[CD_MARKER].items[mks[k]], ws->ql + it->mk_off[k],
                           ws->vl + it->mk_off[k], &ws->md[k]);
    }
    cd_objctx c = cd_eval_objctx(s, ws, o, x->stage.t, 0, err);
    if (ops->residual(&c, ws->r2, ws->rae)) return 0;
    return fabs(ws->rae[0]) <= 1e-14;
}

/* nodes with algebraic equations or variables, constraints, Lie-group nodes without Lie-group
 * integration: what the explicit solvers cannot integrate is an error naming the items;
 * coordinate constraints to ground are eliminated (x->elim) */
static int check_model(ex_solver *x, cd_error *err)
{
    const cd_system *s = x->s;
    const cd_settings *set = x->set;
    const char *nm = x->tab->name;
    int bad[5], nb = 0, nobj = s->list[CD_OBJECT].n;
    char who[CD_MSG_LEN / 2];
    for (int i = 0; i < s->list[CD_NODE].n && nb < 5; i++)
        if (s->list[CD_NODE].items[i].nae > 0 || s->list[CD_NODE].items[i].nx > 0) bad[nb++] = i;
    if (nb) {
        list_items(s, CD_NODE, bad, nb, who, sizeof who);
        return cd_error_set(err, CD_ERR_INPUT, "explicit solvers (DynamicSolverType.%s) integrate "
                            "ODE2 and ODE1 coordinates only: %s %s algebraic equations or "
                            "variables (Euler-parameter norm, NodeGenericAE); use "
                            "NodeRigidBodyRotVecLG, NodeRigidBodyRxyz or an implicit solver "
                            "(DynamicSolverType.GeneralizedAlpha)", nm, who,
                            nb > 1 ? "have" : "has");
    }
    if (s->nlg > 0 && !set->useLieGroupIntegration) {
        char lb[160];
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.explicitIntegration."
                            "useLieGroupIntegration = False cannot integrate %s: its velocity "
                            "coordinates are the body-frame angular velocity, not the rate of its "
                            "rotation vector; set useLieGroupIntegration = True",
                            cd_item_label(s, CD_NODE, s->owner2[s->lgstart[0]], lb, sizeof lb));
    }
    /* zero displacements and velocities: the constraints' offsets (eliminable) */
    cd_state *g = &x->stage;
    memset(g->q, 0, sizeof(double) * (size_t)s->n2);
    memset(g->v, 0, sizeof(double) * (size_t)s->n2);
    memset(g->y, 0, sizeof(double) * (size_t)s->n1);
    /* constraints ignored (eliminateConstraints = False) or refused */
    int *list = malloc(sizeof(int) * ((size_t)nobj + 1)), ncon = 0, nref = 0, mixed = 0;
    if (!list) return cd_error_set(err, CD_ERR_NOMEM, "out of memory checking the constraints");
    x->nelim = 0;
    for (int o = 0; o < nobj; o++) {
        const cd_item *it = &s->list[CD_OBJECT].items[o];
        const cd_objectops *ops = it->type->object;
        int mixed_ae = ops->mixed && (it->neq > 0 || (ops->mixed_rows & CD_MIXR_ODE2));
        if (!mixed_ae && it->nae == 0) continue;
        if (!mixed_ae && ops->active && !ops->active(it->p)) continue;  /* deactivated */
        if (!mixed_ae && set->eliminateConstraints && eliminable(x, o, err))
            x->elim[x->nelim++] = it->ltg[0];
        else if (!mixed_ae && !set->eliminateConstraints)
            list[ncon++] = o;
        else {
            list[nobj - 1 - nref++] = o;   /* refused ones from the end */
            mixed += mixed_ae;
        }
    }
    if (nref > 0) {
        for (int k = 0; k < nref / 2; k++) {  /* in the order they were added */
            int t = list[nobj - 1 - k];
            list[nobj - 1 - k] = list[nobj - nref + k];
            list[nobj - nref + k] = t;
        }
        list_items(s, CD_OBJECT, list + nobj - nref, nref, who, sizeof who);
        free(list);
        return cd_error_set(err, CD_ERR_INPUT, "explicit solvers (DynamicSolverType.%s) integrate "
                            "systems without constraints: %s %s%s; only a CoordinateConstraint "
                            "that fixes one coordinate to ground with offset 0 is eliminated "
                            "(timeIntegration.explicitIntegration.eliminateConstraints); use an "
                            "implicit solver (DynamicSolverType.GeneralizedAlpha or "
                            "TrapezoidalIndex2)", nm, who,
                            nref > 1 ? "are constraints" : "is a constraint",
                            mixed ? " (or objects with algebraic equations)" : "");
    }
    if (ncon > 0) {
        list_items(s, CD_OBJECT, list, ncon, who, sizeof who);
        snprintf(x->stats->warning, CD_MSG_LEN, "DynamicSolverType.%s with timeIntegration."
                 "explicitIntegration.eliminateConstraints = False: the constraints %s are "
                 "ignored (their multipliers are zero), as in Exudyn", nm, who);
    }
    free(list);
    return CD_OK;
}

/* ------------------------------------------------------------------ the solve */

static const rk_tableau *find_tableau(int type)
{
    for (size_t k = 0; k < sizeof tableaus / sizeof tableaus[0]; k++)
        if (tableaus[k].type == type) return &tableaus[k];
    return NULL;
}

static int check_settings(const ex_solver *x, cd_error *err)
{
    const cd_settings *set = x->set;
    int rc = cd_settings_check_dynamic(set, err);
    if (rc) return rc;
    if (!(set->endTime > set->startTime))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.endTime (%g) must be larger than "
                            "startTime (%g)", set->endTime, set->startTime);
    if (set->errorControl)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.errorControl.active is coordyn's "
                            "error control of the implicit solvers; DynamicSolverType.%s %s",
                            x->tab->name, x->tab->embedded
                            ? "controls its step with timeIntegration.automaticStepSize, "
                              "absoluteTolerance and relativeTolerance"
                            : "takes fixed steps (the embedded methods ODE23, DOPRI5 and DVERK6 "
                              "control their step with timeIntegration.automaticStepSize)");
    if (x->adaptive && !(set->stepAbsTol > 0))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.absoluteTolerance must be > 0 for "
                            "the automatic step size of DynamicSolverType.%s (got %g); or set "
                            "timeIntegration.automaticStepSize = False for fixed steps",
                            x->tab->name, set->stepAbsTol);
    return CD_OK;
}

/* fixed steps: as the implicit solver's (grid t0 + k h, sensors every max(sensorsWritePeriod,
 * h)); automatic step size: one grid point at the end, steps of the controller's size, the
 * sensors and the solution file at the first step at or after each output time */
static void explicit_rules(ex_solver *x, cd_steprules *r)
{
    const cd_settings *set = x->set;
    double t0 = set->startTime, t1 = set->endTime, hn = (t1 - t0) / set->numberOfSteps;
    double per = set->sensorsWritePeriod > hn ? set->sensorsWritePeriod : hn;
    memset(r, 0, sizeof(*r));
    r->grid = CD_GRID_TIME;
    r->tau0 = t0;
    r->tau1 = t1;
    r->hmin = set->minimumStepSize;
    r->halve_tried = 1;
    r->record_start = 1;
    r->sensor_period = per;
    r->sensor_cap = (long long)((t1 - t0) / per + 1e-6) + 2;
    r->disc = &set->dynamicDiscontinuous;
    if (x->adaptive) {
        r->ngrid = 1;
        r->grid_dt = t1 - t0;
        r->control = 1;
        r->adaptive = 1;
        r->hmax = hn;
        r->h0 = set->initialStepSize > 0 ? set->initialStepSize : hn;
        return;
    }
    r->ngrid = set->numberOfSteps;
    r->adaptive = set->adaptiveStep;
    r->grow_after = 5;
}

static int ex_alloc(ex_solver *x, cd_error *err)
{
    const cd_system *s = x->s;
    size_t n2 = (size_t)s->n2, n1 = (size_t)s->n1, ns = (size_t)(x->tab->stages ? x->tab->stages
                                                                                 : 1);
    x->r = calloc((size_t)x->w->N + 1, sizeof(double));
    x->kq = calloc(ns * n2 + 1, sizeof(double));
    x->kv = calloc(ns * n2 + 1, sizeof(double));
    x->ky = calloc(ns * n1 + 1, sizeof(double));
    x->u = calloc(n2 + 1, sizeof(double));
    x->qh = calloc(n2 + 1, sizeof(double));
    x->vh = calloc(n2 + 1, sizeof(double));
    x->yh = calloc(n1 + 1, sizeof(double));
    x->a_new = calloc(n2 + 1, sizeof(double));
    x->a_acc = calloc(n2 + 1, sizeof(double));
    x->elim = calloc(n2 + 1, sizeof(int));
    if (!x->r || !x->kq || !x->kv || !x->ky || !x->u || !x->qh || !x->vh || !x->yh ||
        !x->a_new || !x->a_acc || !x->elim || cd_state_init(&x->stage, s))
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the work vectors of "
                            "DynamicSolverType.%s (%d stages, %d + %d coordinates)", x->tab->name,
                            (int)ns, s->n2, s->n1);
    return s->n2 > 0 ? mass_pattern(x, err) : CD_OK;
}

/* the accelerations and ODE1 rates at the start must be finite (a mass of 1e-320 gives
 * M^-1 f = inf): else an error naming the first coordinate, and st keeps zero rates */
static int check_start(const ex_solver *x, cd_state *st, cd_error *err)
{
    const cd_system *s = x->s;
    for (int k = 0; k < s->n2 + s->n1; k++) {
        double z = k < s->n2 ? x->a_acc[k] : st->yd[k - s->n2];
        if (isfinite(z)) continue;
        char lb[256];
        memset(st->yd, 0, sizeof(double) * (size_t)s->n1);
        cd_unknown_label(s, k < s->n2 ? k : s->off1 + k - s->n2, lb, sizeof lb);
        return cd_error_set(err, CD_ERR_NONFINITE, "DynamicSolverType.%s: the %s of %s is %g "
                            "at the start (M^-1 f and the ODE1 rates must be finite: a tiny "
                            "mass, or a force that is not finite?)", x->tab->name,
                            k < s->n2 ? "acceleration" : "rate", lb, z);
    }
    return CD_OK;
}

static int ex_start(void *solver, cd_nwork *w, cd_state *st, cd_stats *stats, cd_steprules *r,
                    cd_error *err)
{
    ex_solver *x = solver;
    const cd_settings *set = x->set;
    const cd_system *s = x->s;
    x->w = w;
    x->stats = stats;
    x->adaptive = x->tab->embedded && set->automaticStepSize;
    int rc = check_settings(x, err);
    if (!rc) rc = ex_alloc(x, err);
    if (!rc) {
        memcpy(x->stage.data, st->data, sizeof(double) * (size_t)s->nd);
        x->stage.t = set->startTime;
        rc = check_model(x, err);
    }
    if (rc) return rc;
    explicit_rules(x, r);
    x->hmin = set->minimumStepSize;
    x->hmax = r->hmax;
    x->lie = s->nlg > 0;
    /* the first stage from the last step's end: not when Data change within a step */
    x->fsal = set->computeEndOfStepAccelerations && !cd_eval_has_post_newton(s) &&
              x->tab->stages > 0;
    x->mconst = s->n2 > 0 && set->reuseConstantMassMatrix && mass_is_constant(s);
    st->t = set->startTime;
    memset(st->lam, 0, sizeof(double) * (size_t)s->nae);
    /* accelerations and ODE1 rates at the start */
    if (x->mconst && (rc = mass_factor(x, st, err))) return rc;
    cd_state *g = &x->stage;
    memcpy(g->q, st->q, sizeof(double) * (size_t)s->n2);
    memcpy(g->v, st->v, sizeof(double) * (size_t)s->n2);
    memcpy(g->y, st->y, sizeof(double) * (size_t)s->n1);
    memcpy(g->data, st->data, sizeof(double) * (size_t)s->nd);
    g->t = st->t;
    if ((rc = rhs(x, g, x->a_acc, st->yd, err))) return rc;
    if ((rc = check_start(x, st, err))) return rc;
    memcpy(st->a, x->a_acc, sizeof(double) * (size_t)s->n2);
    eliminate(x, st->a);
    return CD_OK;
}

static void ex_failed(void *solver, double tau, double tau_next, double h_tried, double h,
                      const char *why, cd_error *err)
{
    const ex_solver *x = solver;
    (void)tau_next; (void)h;
    cd_error_set(err, CD_ERR_NEWTON, "DynamicSolverType.%s failed at t = %.10g with step size "
                 "%.3g (minimum %.3g): %s", x->tab->name, tau, h_tried,
                 x->set->minimumStepSize, why);
}

static void ex_interrupted(void *solver, double tau, cd_error *err)
{
    (void)solver;
    cd_error_set(err, CD_ERR_USERFUNC, "solve interrupted at t = %g", tau);
}

static void ex_finish(void *solver)
{
    ex_solver *x = solver;
    free(x->r); free(x->kq); free(x->kv); free(x->ky); free(x->u);
    free(x->qh); free(x->vh); free(x->yh); free(x->a_new); free(x->a_acc); free(x->elim);
    free(x->mcolptr); free(x->mrowind); free(x->mpos); free(x->mval);
    x->mls = cd_ls_free(x->mls);
    cd_state_free(&x->stage);
}

int cd_solve_explicit(const cd_system *s, const cd_settings *set, cd_state *st,
                      cd_solvectx *ctx, cd_stats *stats, cd_error *err)
{
    ex_solver x;
    memset(&x, 0, sizeof x);
    x.s = s;
    x.set = set;
    x.tab = find_tableau(set->dynamicSolverType);
    if (!x.tab)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.solverType must be a "
                            "DynamicSolverType (1 to 11), got %d", set->dynamicSolverType);
    cd_stepper sp = {.solver = &x, .start = ex_start,
                     .step = x.tab->stages ? rk_step : verlet_step,
                     .accept = ex_accept, .failed = ex_failed, .interrupted = ex_interrupted,
                     .finish = ex_finish};
    if (x.tab->embedded && set->automaticStepSize) sp.control = ex_control;
    return cd_drive(s, set, &set->dynamicNewton, &sp, st, ctx, stats, err);
}
