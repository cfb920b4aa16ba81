/* cd_genalpha: generalized-alpha time integration, Arnold & Bruels (2007) Algorithm 1, index 3,
 * with Chung-Hulbert parameters from the spectral radius rho:
 *     am = (2 rho - 1)/(rho + 1), af = rho/(rho + 1), gamma = 1/2 + af - am,
 *     beta = (gamma + 1/2)^2 / 4
 * Per step (a: algorithmic acceleration, qdd: true acceleration):
 *     q1  = q0 + h v0 + h^2 (1/2 - beta) a0 + h^2 beta a1
 *     v1  = v0 + h (1 - gamma) a0 + h gamma a1
 *     (1 - am) a1 + am a0 = (1 - af) qdd1 + af qdd0
 *     M qdd1 + C_q^T lam1 = f(q1, v1, t1),  g(q1, t1) = 0
 * Newton in the position increment dq: dqdd = beta' dq, dv = gamma' dq with
 *     beta' = (1 - am) / (h^2 beta (1 - af))   (accel_per_dq below),
 *     gamma' = gamma / (h beta)                 (vel_per_dq).
 * The ODE2 rows are scaled by 1/beta' and lambda = beta' mu, so the Newton matrix
 *     [M + (gamma'/beta') D + K/beta', C_q^T ; C_q, 0]
 * stays well conditioned as h -> 0. useNewmark: am = af = 0 with newmarkBeta/Gamma; with
 * useIndex2Constraints the constraints are imposed at velocity level in the same step.
 *
 * One step is ga_step: predict -> Newton -> update a -> project velocities. The loop around
 * it (grid, step reduction and growth, sensors, progress, statistics) is cd_driver.c. */
#include "cd_driver.h"
#include "../core/cd_items.h"
#include "../core/cd_liegroup.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double am, af, gamma, beta; } ga_param;

static ga_param ga_params(const cd_settings *set)
{
    ga_param p;
    if (set->useNewmark) {
        p.am = p.af = 0;
        p.beta = set->newmarkBeta;
        p.gamma = set->newmarkGamma;
        return p;
    }
    double r = set->spectralRadius;
    p.am = (2 * r - 1) / (r + 1);
    p.af = r / (r + 1);
    p.gamma = 0.5 + p.af - p.am;
    p.beta = 0.25 * (p.gamma + 0.5) * (p.gamma + 0.5);
    return p;
}

/* what a change dq of the step's positions does to the accelerations and velocities:
 *     dqdd = accel_per_dq dq  (beta'),   dv = vel_per_dq dq  (gamma') */
typedef struct { double accel_per_dq, vel_per_dq; } ga_rates;

static ga_rates ga_rates_of(const ga_param *p, double h)
{
    ga_rates k;
    k.accel_per_dq = (1 - p->am) / (h * h * p->beta * (1 - p->af));
    k.vel_per_dq = p->gamma / (h * p->beta);
    return k;
}

/* Newton-matrix coefficients: ODE2 rows divided by beta' (M + (gamma'/beta') D + K/beta'),
 * velocity-level rows by gamma', multipliers lambda = beta' * unknown */
static cd_evalcoef newton_coef(const ga_rates *k, int index2)
{
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = 1.0 / k->accel_per_dq;
    c.mass_coef = 1.0;
    c.stiffness_coef = 1.0 / k->accel_per_dq;
    c.damping_coef = k->vel_per_dq / k->accel_per_dq;
    c.multiplier_coef = 1.0;
    c.gdq_coef = 1.0;
    c.gdv_coef = k->vel_per_dq;
    c.velocity_row_scale = 1.0 / k->vel_per_dq;
    c.lambda_per_unknown = k->accel_per_dq;
    c.load_factor = 1.0;
    c.index2 = index2;
    return c;
}

/* ODE1 rows: the trapezoidal rule y1 = y0 + h/2 (y0' + y1') (as Exudyn integrates ODE1
 * coordinates in its implicit solvers), rows scaled by h/2 so they are in the units of y,
 * Newton unknown dy with dy' = (2/h) dy */
static void ode1_coef(double h, cd_evalcoef *c)
{
    c->ode1_scale = 0.5 * h;
    c->ode1_rate_coef = 2.0 / h;
    c->ode1_stiffness_coef = 1.0;
}

/* ------------------------------------------------------------------ initial accelerations */

/* factor [M C^T; C 0] (already in w->values) with the solve's linear solver or, when that one
 * is dense, with a sparse one made here (*ls: the one used; the caller frees it if it is not
 * w->ls): the matrix is sparse (M block diagonal) even when the Newton matrix is solved
 * densely */
static int factor_initial(const cd_system *s, cd_nwork *w, const cd_state *st,
                          const cd_evalcoef *c, cd_linsolver **ls, cd_stats *stats,
                          cd_error *err)
{
    *ls = w->ls;
    if (cd_ls_kind_of(w->ls) == CD_LS_DENSE) {
        *ls = cd_ls_create(CD_LS_SPARSE, w->N, s->pat.colptr, s->pat.rowind, err);
        if (!*ls) return err->code ? err->code : CD_ERR_NOMEM;
    }
    cd_redund_matrix(s, &w->rd, w->values);
    int rc = cd_ls_factor(*ls, w->values, err);
    stats->factorizations++;
    /* singular: constraint equations that depend on the others are removed (cd_redundant.c) */
    if (rc == CD_ERR_SINGULAR) rc = cd_redund_refactor(s, w, st, c, *ls, rc, stats, err);
    if (!rc) return CD_OK;
    char why[CD_MSG_LEN];
    if (rc == CD_ERR_SINGULAR) cd_explain_column(s, cd_ls_get_stats(*ls).failed_column, err);
    snprintf(why, sizeof why, "%s", err->msg);
    if (rc != CD_ERR_SINGULAR)   /* out of memory, non-finite values: not a singular matrix */
        return cd_error_set(err, rc, "computing initial accelerations: %s", why);
    return cd_error_set(err, rc, "computing initial accelerations: the matrix [M C^T; C 0] "
                        "is singular (a coordinate without mass, or redundant constraints?): %s",
                        why);
}

/* w->r = [f - r2(lam = 0); d/dt g_t along the motion]: the time derivative of the
 * velocity-level residual g_t as a one-sided second-order difference along (q + k eps v,
 * t + k eps), k = 0, 1, 2: (-3 g_t(0) + 4 g_t(eps) - g_t(2 eps)) / (2 eps). Forward only, so
 * that no user function is evaluated before the start time (t**0.5 in an Exudyn TestModel).
 * q is restored from a copy (w->xsave, free before Newton runs), not by subtracting k eps v
 * again: q + eps v - eps v is not q where q + eps v overflows (coordinates near DBL_MAX) and
 * the composition of Lie-group rotations is not undone exactly by the opposite one */
static int initial_rhs(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
                       cd_error *err)
{
    int n2 = s->n2, rc = cd_eval_residual(s, &w->ev, st, c, w->r, err);
    double vmax = 0, qmax = 1;
    for (int i = 0; i < n2; i++) {
        vmax = fmax(vmax, fabs(st->v[i]));
        qmax = fmax(qmax, fabs(s->qref[i] + st->q[i]));
    }
    double eps = 1e-6 * (vmax > 0 ? fmin(1.0, qmax / vmax) : 1.0), t0 = st->t;
    double *rp = w->dx;  /* dx as scratch for the shifted residuals */
    for (int j = n2; j < n2 + s->aex0; j++) w->r[j] *= -3.0;
    for (int k = 1; k <= 2 && !rc; k++) {
        memcpy(w->xsave, st->q, sizeof(double) * (size_t)n2);
        cd_lie_add(s, st->q, st->v, k * eps);
        st->t = t0 + k * eps;
        rc = cd_eval_residual(s, &w->ev, st, c, rp, err);
        memcpy(st->q, w->xsave, sizeof(double) * (size_t)n2);
        st->t = t0;
        if (rc) break;
        for (int j = n2; j < n2 + s->aex0; j++)  /* the pool keeps g (see below) */
            w->r[j] += k == 1 ? 4.0 * rp[j] : -rp[j];
    }
    for (int j = n2; j < n2 + s->aex0 && !rc; j++) w->r[j] /= 2 * eps;
    return rc;
}

/* consistent initial accelerations, multipliers, algebraic variables and ODE1 rates:
 *   [M C^T 0; C 0 0; 0 0 I] [a; lam; y'] = [f - r2(lam = 0); -(d/dt g_t along the motion); f1]
 * with C = d g_t / d v (every constraint at velocity level). The algebraic variables x of
 * NodeGenericAE nodes (the pool) take one Newton step on their equations g(x, q0, y0, t0) = 0
 * from their initial values (exact for equations linear in x; the first step's Newton
 * completes it otherwise): their rows keep g, their columns dg/dx, and x = x0 - dx. */
static int initial_accelerations(const cd_system *s, cd_nwork *w, cd_state *st, cd_stats *stats,
                                 cd_error *err)
{
    int n2 = s->n2, rc;
    cd_linsolver *ls = NULL;
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.mass_coef = c.multiplier_coef = c.gdv_coef = c.velocity_row_scale = 1.0;
    c.lambda_per_unknown = c.load_factor = 1.0;
    c.ode1_scale = c.ode1_rate_coef = 1.0;
    c.index2 = 2;   /* velocity level, marked as the initial system (cd_objctx.index2) */
    memset(st->a, 0, sizeof(double) * (size_t)n2);
    memset(st->lam, 0, sizeof(double) * (size_t)s->aex0);
    memset(st->yd, 0, sizeof(double) * (size_t)s->n1);
    if ((rc = cd_eval_jacobian(s, &w->ev, st, &c, w->values, err))) return rc;
    stats->jacobians++;
    rc = factor_initial(s, w, st, &c, &ls, stats, err);
    w->jac_current = 0;
    if (!rc) rc = initial_rhs(s, w, st, &c, err);
    if (!rc) cd_redund_residual(s, &w->rd, st, 1.0, w->r);  /* lambda = 0 there */
    /* solve J x = -rhs in the Newton form J dx = r with x = -dx */
    memcpy(w->dx, w->r, sizeof(double) * (size_t)w->N);
    if (!rc) rc = cd_ls_solve(ls, w->dx, err);
    if (rc) {
        if (ls != w->ls) cd_ls_free(ls);
        return rc;
    }
    for (int i = 0; i < w->N; i++) {
        if (isfinite(w->dx[i])) continue;
        char lb[256];
        if (ls != w->ls) cd_ls_free(ls);
        return cd_error_set(err, CD_ERR_NONFINITE, "computing initial accelerations: the "
                            "solution for %s is %g (a coordinate with a tiny mass, or forces "
                            "beyond the range of doubles?)", cd_unknown_label(s, i, lb, sizeof lb),
                            -w->dx[i]);
    }
    for (int i = 0; i < n2; i++) st->a[i] = -w->dx[i];
    for (int j = 0; j < s->aex0; j++) st->lam[j] = -w->dx[n2 + j];
    for (int j = s->aex0; j < s->nae; j++) st->lam[j] -= w->dx[n2 + j];
    for (int i = 0; i < s->n1; i++) st->yd[i] = -w->dx[s->off1 + i];
    rc = cd_redund_minnorm(s, &w->rd, ls, w->values, w->dx, st, stats, err);
    if (ls != w->ls) cd_ls_free(ls);
    return rc;
}

/* ------------------------------------------------------------------ one step */

/* the dynamic solver's state besides the driver's */
typedef struct ga_solver {
    const cd_system *s;
    const cd_settings *set;
    ga_param p;
    cd_nwork *w;
    cd_stats *stats;
    double *aa;        /* algorithmic acceleration a after the last accepted step (n2) */
    double *aa1;       /* a after the step just taken (n2; aa once the driver accepts it) */
    double *dq;        /* the step's position increment (n2): predictor, then Newton's */
    double *yd0;       /* ODE1 rates at the start of the step just taken (n1) */
    double *yd_m1;     /* ODE1 rates at the start of the last accepted step (n1) */
    double *aa_h;      /* aa shifted to the step size of the step (n2, shifted_accel) */
    double *acc0;      /* accelerations at the start of the step just taken (n2) */
    double *acc_m1;    /* accelerations at the start of the last accepted step (n2) */
    double *err_q;     /* the step's position error estimate (n2) */
    double *err_v;     /* the step's velocity error estimate (n2) */
    char *rot;         /* 1: a rotation parameter of a rigid-body node (n2) */
    double h_prev;     /* size of the last accepted step, 0 before the first */
    double est_coef;   /* position error per h^2 (qdd1 - qdd0), see local_error */
    int estimate;      /* 0: the next step has no estimate (no consistent start accelerations) */
    double h_fact;     /* step size of the current factorization, -1: none */
} ga_solver;

/* predictor: qdd1 = qdd0 (a better start than 0 for smooth motion), lam1 = lam0, a1 from the
 * averaging relation, q1 and v1 from the Newmark formulas; q1 = q0 o exp(dq) on Lie-group
 * rotations; ODE1 y1' = y0' and the trapezoidal y1; Data unchanged */
static void predict(const cd_system *s, const ga_param *p, double h, const cd_state *o,
                    const double *aa0, double *dq, cd_state *st)
{
    for (int i = 0; i < s->n2; i++) {
        double qdd = o->a[i];
        double a1 = (p->af * o->a[i] + (1 - p->af) * qdd - p->am * aa0[i]) / (1 - p->am);
        dq[i] = h * o->v[i] + h * h * ((0.5 - p->beta) * aa0[i] + p->beta * a1);
        st->q[i] = o->q[i];
        st->v[i] = o->v[i] + h * ((1 - p->gamma) * aa0[i] + p->gamma * a1);
        st->a[i] = qdd;
    }
    cd_lie_add(s, st->q, dq, 1.0);
    memcpy(st->lam, o->lam, sizeof(double) * (size_t)s->nae);
    for (int i = 0; i < s->n1; i++) {  /* ODE1: y1' = y0', y1 = y0 + h/2 (y0' + y1') */
        st->yd[i] = o->yd[i];
        st->y[i] = o->y[i] + h * o->yd[i];
    }
    /* st->data: the driver's (the discontinuous iteration's states) */
}

/* after convergence: a1 = (af qdd0 + (1 - af) qdd1 - am a0) / (1 - am) */
static void update_accel(const ga_param *p, int n2, const double *qdd0, const double *qdd1,
                         const double *aa0, double *aa)
{
    for (int i = 0; i < n2; i++)
        aa[i] = (p->af * qdd0[i] + (1 - p->af) * qdd1[i] - p->am * aa0[i]) / (1 - p->am);
}

/* nodes with their own constraint (Euler parameters): velocities onto its tangent space */
static void project_velocities(const cd_system *s, cd_state *st)
{
    for (int k = 0; k < s->list[CD_NODE].n; k++) {
        const cd_item *it = &s->list[CD_NODE].items[k];
        const cd_nodeops *ops = it->type->node;
        if (!ops->project_velocity || it->nq == 0 || (ops->nae && ops->nae(it->p) == 0)) continue;
        int g = it->ltg[0];  /* node coordinates are contiguous */
        ops->project_velocity(it->p, s->qref + g, st->q + g, st->v + g);
    }
}

/* ------------------------------------------------------------------ local error estimate */

/* the leading term of the position error per step, h^3 (beta - gamma/2 + 1/12) q^(3), as a
 * multiple of h^2 (qdd1 - qdd0) (q^(3) ~ (qdd1 - qdd0) / h): the Newmark estimate of
 * Zienkiewicz and Xie (1991), (beta - 1/6) at gamma = 1/2, extended to generalized-alpha with
 * a_n = qdd(t_n + (am - af) h) + O(h^2) (Arnold and Bruels 2007) and gamma = 1/2 + af - am.
 * Parameters that cancel the term (Newmark beta = 1/6, gamma = 1/2) keep 1/24 so that the
 * estimate still follows the accelerations. */
static double estimate_coef(const ga_param *p)
{
    return fmax(fabs(p->beta - 0.5 * p->gamma + 1.0 / 12.0), 1.0 / 24.0);
}

/* the constraints fix the positions up to the step's Newton tolerance whatever the
 * integration formula did: only the part of the position error e along the constraint
 * manifold is error. With the step's Newton matrix J = [A C^T; C 0] (still factored):
 *     J [x; mu] = [0; -C e]   gives   e + x = e - A^-1 C^T (C A^-1 C^T)^-1 C e,
 * the projection of e onto the null space of C (in the metric of A). The ODE2 part of e is
 * replaced; 0 when the factorization cannot be used (then e stays as it is). */
static int project_error(const ga_solver *g, double *e)
{
    const cd_system *s = g->s;
    cd_nwork *w = g->w;
    cd_error err = {0, ""};
    if (s->nae == 0 || !w->jac_current) return 0;
    memset(w->dx, 0, sizeof(double) * (size_t)w->N);
    for (int j = 0; j < s->n2; j++)
        for (int k = s->pat.colptr[j]; k < s->pat.colptr[j + 1]; k++) {
            int i = s->pat.rowind[k];
            if (i >= s->n2 && i < s->off1) w->dx[i] -= w->values[k] * e[j];
        }
    if (cd_ls_solve(w->ls, w->dx, &err)) return 0;
    for (int j = 0; j < s->n2; j++) e[j] += w->dx[j];
    return 1;
}

/* the leading local error h^3 / 12 x^(3) of the trapezoidal rule for a quantity x whose
 * rate was r0 at the start and r1 at the end of the step of size h, rm at the start of the
 * previous step of size hp: x^(3) ~ 2 / (h + hp) ((r1 - r0) / h - (r0 - rm) / hp), so
 *     e = k[0] ((r1 - r0) - k[1] (r0 - rm)),  k = {h^2 / (6 (h + hp)), h / hp};
 * without a previous step (hp = 0) h / 12 (r1 - r0), from x'' alone (larger: the first step is
 * careful): k = {h / 12, 0} */
static void trapezoidal_coef(double h, double hp, double k[2])
{
    k[0] = hp > 0 ? h * h / 6.0 / (h + hp) : h / 12.0;
    k[1] = hp > 0 ? h / hp : 0.0;
}

/* sum of squares of e / (absoluteTolerance + relativeTolerance max(|x0|, |x1|)); unit[i]:
 * the size of x_i is 1 (rotation parameters: an angle grows with every turn of the body, its
 * error does not); unit may be NULL */
static double weighted_squares(const ga_solver *g, int n, const double *e, const double *ref,
                               const double *x0, const double *x1, const char *unit)
{
    double sum = 0, rt = g->set->errRelTol, at = g->set->errAbsTol;
    for (int i = 0; i < n; i++) {
        double r = ref ? ref[i] : 0.0, a0 = fabs(r + x0[i]), a1 = fabs(r + x1[i]);
        double size = unit && unit[i] ? 1.0 : a0 > a1 ? a0 : a1;
        double ei = e[i] / (at + rt * size);
        sum += ei * ei;
    }
    return sum;
}

/* the local error estimate of the step prev -> st (size h): the weighted RMS over positions,
 * velocities and ODE1 coordinates of
 *     positions   c h^2 (qdd1 - qdd0)                                   (estimate_coef)
 *     velocities  the trapezoidal rule's h^3 / 12 q^(4) from the accelerations of this and
 *                 the last step (trapezoidal_error), plus (gamma - 1/2) h (qdd1 - qdd0) for
 *                 Newmark with gamma > 1/2 (first order)
 *     ODE1        the trapezoidal rule's h^3 / 12 y^(3) from the rates
 * each relative to absoluteTolerance + relativeTolerance * its size, the position and velocity
 * parts projected onto the constraint manifold (project_error) with error control, and with
 * fixed steps only when the plain estimate exceeds the blow-up bound */
static double local_error(const ga_solver *g, const cd_state *o, const cd_state *st, double h)
{
    const cd_system *s = g->s;
    const ga_param *p = &g->p;
    double *eq = g->err_q, *ev = g->err_v, c = g->est_coef * h * h, hp = g->h_prev;
    double cv1 = g->set->useNewmark ? (p->gamma - 0.5) * h : 0.0, k[2];
    int n = 2 * s->n2 + s->n1;
    if (n == 0) return 0.0;
    trapezoidal_coef(h, hp, k);
    double sum1 = 0;
    for (int i = 0; i < s->n1; i++) {
        double e = k[0] * ((st->yd[i] - o->yd[i]) - k[1] * (o->yd[i] - g->yd_m1[i]));
        sum1 += weighted_squares(g, 1, &e, s->yref + i, o->y + i, st->y + i, NULL);
    }
    if (!g->set->errorControl) {
        /* fixed steps (the blow-up guard, every step): one pass without stores; the full
         * path below only when the plain estimate exceeds the bound */
        double sum = sum1, rt = g->set->errRelTol, at = g->set->errAbsTol;
        for (int i = 0; i < s->n2; i++) {
            double d = st->a[i] - o->a[i];
            double ev = k[0] * (d - k[1] * (o->a[i] - g->acc_m1[i])) + cv1 * d;
            double q0 = fabs(s->qref[i] + o->q[i]), q1 = fabs(s->qref[i] + st->q[i]);
            double v0 = fabs(o->v[i]), v1 = fabs(st->v[i]);
            double sq = at + rt * (g->rot[i] ? 1.0 : q0 > q1 ? q0 : q1);
            double sv = at + rt * (v0 > v1 ? v0 : v1), eq = c * d * sv, evs = ev * sq;
            sum += (eq * eq + evs * evs) / (sq * sq * sv * sv);  /* one division */
        }
        double est = sqrt(sum / n);
        if (!(est > g->set->blowUpTolerance)) return est;
    }
    for (int i = 0; i < s->n2; i++) {
        double d = st->a[i] - o->a[i];
        eq[i] = c * d;
        ev[i] = k[0] * (d - k[1] * (o->a[i] - g->acc_m1[i])) + cv1 * d;
    }
    int projected = g->set->errorControl && project_error(g, eq) && project_error(g, ev);
    for (;;) {
        double sum = sum1 + weighted_squares(g, s->n2, eq, s->qref, o->q, st->q, g->rot) +
                     weighted_squares(g, s->n2, ev, NULL, o->v, st->v, NULL);
        double est = sqrt(sum / n), bound = g->set->blowUpTolerance;
        /* fixed steps: the projection only where the plain estimate would stop the solve */
        if (projected || g->set->errorControl || bound <= 0 || !(est > bound)) return est;
        if (!(project_error(g, eq) && project_error(g, ev))) return est;
        projected = 1;
    }
}

/* rot[i] = 1 for the rotation parameters of rigid-body nodes: coordinate 2 of a planar node
 * (x, y, phi), coordinates 3.. of a spatial one */
static void mark_rotations(const cd_system *s, char *rot)
{
    for (int k = 0; k < s->list[CD_NODE].n; k++) {
        const cd_item *it = &s->list[CD_NODE].items[k];
        if (!(it->type->node->flags & CD_NODEF_ROT) || it->nq == 0) continue;
        for (int j = it->nq == 3 ? 2 : 3; j < it->nq; j++) rot[it->ltg[j]] = 1;
    }
}

/* the driver accepted the step: its algorithmic accelerations and rates become the history */
static void ga_accept(void *solver, const cd_state *st, double h)
{
    ga_solver *g = solver;
    double *t = g->aa;
    (void)st;
    g->aa = g->aa1;
    g->aa1 = t;
    t = g->yd_m1;
    g->yd_m1 = g->yd0;
    g->yd0 = t;
    t = g->acc_m1;
    g->acc_m1 = g->acc0;
    g->acc0 = t;
    g->h_prev = h;
    g->estimate = 1;
}

/* the algorithmic acceleration a_n approximates qdd(t_n + (am - af) h) for the step size h
 * that made it (Arnold and Bruels 2007); a step of another size h needs it at
 * t_n + (am - af) h: a_n + (am - af) (h - h_prev) qdd', with qdd' from the last two steps'
 * accelerations. Fixed steps (and the first step) use a_n as it is. */
static const double *shifted_accel(ga_solver *g, const cd_state *prev, double h)
{
    const ga_param *p = &g->p;
    double dh = h - g->h_prev;
    if (!g->set->errorControl || g->h_prev <= 0 || fabs(dh) <= 1e-12 * h || p->am == p->af)
        return g->aa;
    double c = (p->am - p->af) * dh / g->h_prev;
    for (int i = 0; i < g->s->n2; i++) g->aa_h[i] = g->aa[i] + c * (prev->a[i] - g->acc_m1[i]);
    return g->aa_h;
}

/* one step of size h from prev into st (st->t set by the driver); a positive code: retry
 * smaller (st is garbage); *est: the local error estimate (local_error) */
static int ga_step(void *solver, const cd_state *prev, cd_state *st, double tau_next, double h,
                   double *est, cd_error *err)
{
    ga_solver *g = solver;
    const cd_system *s = g->s;
    cd_nwork *w = g->w;
    ga_rates k = ga_rates_of(&g->p, h);
    cd_evalcoef c = newton_coef(&k, g->set->useIndex2Constraints);
    ode1_coef(h, &c);
    (void)tau_next;
    /* the matrix depends on h; steps cut to the grid differ from h by round-off */
    if (fabs(h - g->h_fact) > 1e-10 * h) w->jac_current = 0;
    /* predict */
    const double *aa = shifted_accel(g, prev, h);
    predict(s, &g->p, h, prev, aa, g->dq, st);
    /* Newton on (q, lambda); rotation blocks: q = q0 o exp(dq), Newton updates dq */
    w->lie_base = prev->q;
    w->lie_inc = g->dq;
    int rc = cd_newton(s, w, st, &c, k.accel_per_dq, k.vel_per_dq, &g->set->dynamicNewton,
                       g->stats, err);
    w->lie_base = NULL;
    w->lie_inc = NULL;
    if (w->jac_current) g->h_fact = h;
    if (rc) return rc;
    /* update the algorithmic acceleration */
    update_accel(&g->p, s->n2, prev->a, st->a, aa, g->aa1);
    /* project the velocities */
    if (g->set->projectEulerParameterVelocities) project_velocities(s, st);
    memcpy(g->yd0, prev->yd, sizeof(double) * (size_t)s->n1);
    memcpy(g->acc0, prev->a, sizeof(double) * (size_t)s->n2);
    *est = g->estimate && (g->set->errorControl || g->set->blowUpTolerance > 0)
               ? local_error(g, prev, st, h) : -1.0;
    return CD_OK;
}

/* ------------------------------------------------------------------ the solve */

/* the settings' own ranges come from the settings table; here what relates two of them */
static int check_settings(const cd_system *s, const cd_settings *set, cd_error *err)
{
    int rc = cd_settings_check_dynamic(set, err);
    if (rc) return rc;
    if (!(set->endTime > set->startTime))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.endTime (%g) must be larger than "
                            "startTime (%g)", set->endTime, set->startTime);
    if (set->useIndex2Constraints && !set->useNewmark)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.generalizedAlpha."
                            "useIndex2Constraints requires useNewmark = True");
    if (set->errorControl && set->sensorsWritePeriod == 0 && s->list[CD_SENSOR].n > 0)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.errorControl.active needs "
                            "solutionSettings.sensorsWritePeriod > 0: with error control the "
                            "sensors record at the output times t0 + k sensorsWritePeriod, which "
                            "the steps land on");
    if (set->errorControl && set->sensorsWritePeriod > 0 &&
        !((set->endTime - set->startTime) / set->sensorsWritePeriod < 1e12))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.errorControl: the time span "
                            "(%g) divided by solutionSettings.sensorsWritePeriod (%g) gives too "
                            "many output times", set->endTime - set->startTime,
                            set->sensorsWritePeriod);
    return CD_OK;
}

/* fixed steps: the time grid t0 + k h (h = (endTime - startTime) / numberOfSteps), halve a
 * failed step, double after 5 good reduced steps, sensors every sensorsWritePeriod (at most
 * every step), the blow-up guard; error control: the grid of the sensor output times (or the
 * end time alone, also when there are no sensors), the first step h, sensors recorded at the
 * grid points */
static void dynamic_rules(const cd_settings *set, int nsensors, cd_steprules *r)
{
    double t0 = set->startTime, t1 = set->endTime, hn = (t1 - t0) / set->numberOfSteps;
    double per = set->sensorsWritePeriod > hn ? set->sensorsWritePeriod : hn;
    memset(r, 0, sizeof(*r));
    r->guard = set->blowUpTolerance;
    r->guard_warn = set->blowUpWarning;
    r->disc = &set->dynamicDiscontinuous;
    if (set->errorControl) {
        /* without sensors nothing is recorded between the start and the end: the steps need
         * not land on output times (an end time of 1e6 s with sensorsWritePeriod 0.01 would
         * otherwise cost 1e8 steps) */
        double P = nsensors > 0 ? set->sensorsWritePeriod : 0.0, span = t1 - t0;
        r->grid = CD_GRID_TIME;
        r->tau0 = t0;
        r->tau1 = t1;
        r->control = 1;
        r->hmax = set->errMaxStep > 0 ? fmin(set->errMaxStep, span) : span;
        r->h0 = fmin(hn, r->hmax);
        r->hmin = set->minimumStepSize;
        r->adaptive = 1;
        r->halve_tried = 1;
        r->record_start = 1;
        /* output times t0 + k P, the last one t1 (check_settings bounds span / P) */
        r->ngrid = P > 0 ? (long)ceil(span / P * (1 - 1e-12)) : 1;
        if (r->ngrid < 1) r->ngrid = 1;
        r->grid_dt = P > 0 ? P : span;
        r->sensor_period = 0;
        r->sensor_cap = (long long)r->ngrid + 2;
        return;
    }
    r->grid = CD_GRID_TIME;
    r->tau0 = t0;
    r->tau1 = t1;
    r->ngrid = set->numberOfSteps;
    r->hmin = set->minimumStepSize;
    r->adaptive = set->adaptiveStep;
    r->halve_tried = 1;
    r->grow_after = 5;
    r->record_start = 1;
    r->sensor_period = per;
    r->sensor_cap = (long long)((t1 - t0) / per + 1e-6) + 2;  /* <= numberOfSteps + 2 */
}

static int ga_start(void *solver, cd_nwork *w, cd_state *st, cd_stats *stats, cd_steprules *r,
                    cd_error *err)
{
    ga_solver *g = solver;
    const cd_settings *set = g->set;
    int rc = check_settings(g->s, set, err), n2 = g->s->n2;
    if (rc) return rc;
    g->w = w;
    g->stats = stats;
    g->p = ga_params(set);
    g->h_fact = -1;
    g->est_coef = estimate_coef(&g->p);
    g->aa = calloc((size_t)n2 + 1, sizeof(double));
    g->aa1 = calloc((size_t)n2 + 1, sizeof(double));
    g->dq = calloc((size_t)n2 + 1, sizeof(double));
    g->yd0 = calloc((size_t)g->s->n1 + 1, sizeof(double));
    g->yd_m1 = calloc((size_t)g->s->n1 + 1, sizeof(double));
    g->acc0 = calloc((size_t)n2 + 1, sizeof(double));
    g->aa_h = calloc((size_t)n2 + 1, sizeof(double));
    g->acc_m1 = calloc((size_t)n2 + 1, sizeof(double));
    g->err_q = calloc((size_t)n2 + 1, sizeof(double));
    g->err_v = calloc((size_t)n2 + 1, sizeof(double));
    g->rot = calloc((size_t)n2 + 1, 1);
    if (!g->aa || !g->aa1 || !g->dq || !g->yd0 || !g->yd_m1 || !g->acc0 || !g->acc_m1 ||
        !g->aa_h || !g->err_q || !g->err_v || !g->rot)
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the generalized-alpha "
                            "work vectors (%d coordinates)", n2);
    mark_rotations(g->s, g->rot);
    dynamic_rules(set, g->s->list[CD_SENSOR].n, r);
    st->t = set->startTime;
    if ((rc = cd_check_initial_constraints(g->s, w, st, set, stats, err))) return rc;
    if (w->N > 0 && set->computeInitialAccelerations &&
        (rc = initial_accelerations(g->s, w, st, stats, err)))
        return rc;
    memcpy(g->aa, st->a, sizeof(double) * (size_t)n2);
    /* without consistent start accelerations the first step's qdd1 - qdd0 says nothing */
    g->estimate = set->computeInitialAccelerations || w->N == 0;
    return CD_OK;
}

static void ga_failed(void *solver, double tau, double tau_next, double h_tried, double h,
                      const char *why, cd_error *err)
{
    const ga_solver *g = solver;
    (void)tau_next; (void)h;
    /* the minimum is raised to what can still advance the time (cd_driver.c, run) */
    double tres = CD_TIME_RESOLUTION * fmax(fabs(g->set->startTime), fabs(g->set->endTime));
    double hmin = fmax(g->set->minimumStepSize, tres);
    cd_error_set(err, CD_ERR_NEWTON, "time integration failed at t = %.10g with step size %.3g "
                 "(minimum %.3g%s): %s", tau, h_tried, hmin,
                 hmin > g->set->minimumStepSize ? ", the resolution of the time: "
                 "timeIntegration.minimumStepSize is smaller" : "", why);
}

static void ga_interrupted(void *solver, double tau, cd_error *err)
{
    (void)solver;
    cd_error_set(err, CD_ERR_USERFUNC, "solve interrupted at t = %g", tau);
}

static void ga_finish(void *solver)
{
    ga_solver *g = solver;
    free(g->aa);
    free(g->aa1);
    free(g->dq);
    free(g->yd0);
    free(g->yd_m1);
    free(g->acc0);
    free(g->aa_h);
    free(g->acc_m1);
    free(g->err_q);
    free(g->err_v);
    free(g->rot);
}

int cd_solve_dynamic(const cd_system *s, const cd_settings *set, cd_state *st,
                     cd_solvectx *ctx, cd_stats *stats, cd_error *err)
{
    if (set->dynamicSolverType >= CD_DYN_EXPLICIT_EULER)
        return cd_solve_explicit(s, set, st, ctx, stats, err);
    ga_solver g;
    memset(&g, 0, sizeof g);
    g.s = s;
    g.set = set;
    cd_stepper sp = {.solver = &g, .start = ga_start, .step = ga_step, .accept = ga_accept,
                     .failed = ga_failed, .interrupted = ga_interrupted, .finish = ga_finish};
    return cd_drive(s, set, &set->dynamicNewton, &sp, st, ctx, stats, err);
}
