/* cd_initial: the constraints at the start of a dynamic solve. The initial positions must
 * satisfy g(q0, t0) = 0 and the initial velocities g_t = C_q v0 + dg/dt = 0 (index 3 keeps
 * g = 0 from the first step on; started elsewhere, the first step jumps to the constraint
 * manifold with arbitrary forces). Residuals beyond timeIntegration.initialConstraintTolerance
 * (relative to the size of the coordinates, resp. velocities) stop the solve with an error
 * naming each violated constraint, or give a warning (initialConstraintWarning). A residual
 * with NaN or Inf at the initial state stops the solve naming the item that gave it. */
#include "cd_newton.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* the largest |x_i| (at least 1) */
static double size_of(const double *x, const double *ref, int n)
{
    double m = 1;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(x[i] + (ref ? ref[i] : 0.0)));
    return m;
}

/* w->r's AE rows at level index2 (velocity rows unscaled) */
static int constraint_rows(const cd_system *s, cd_nwork *w, const cd_state *st, int index2,
                           cd_error *err)
{
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.velocity_row_scale = c.load_factor = 1.0;
    c.index2 = index2;
    return cd_eval_residual(s, &w->ev, st, &c, w->r, err);
}

/* 1 if AE row j belongs to a constraint whose equations are at velocity level
 * (velocityLevel, nonholonomic joints): it has no position-level residual of its own */
static int velocity_level_row(const cd_system *s, int j)
{
    if (s->ownerae_kind[j] != CD_OBJECT) return 0;
    const cd_item *it = &s->list[CD_OBJECT].items[s->ownerae[j]];
    const cd_objectops *ops = it->type->object;
    return ops->velocity_level && ops->velocity_level(it->p);
}

/* append "<item>: <level> residual <value>" for each constraint item with a row beyond tol
 * (at the position level, level 0, not the velocity-level constraints: their rows are g_t
 * already and are named once, at the velocity level); returns the number of items named */
static int name_violations(const cd_system *s, const double *g, double tol, int level,
                           char *msg, size_t len, int named)
{
    for (int j = 0; j < s->aex0; j++) {  /* not the pool: x is solved for at the start */
        if (level == 0 && velocity_level_row(s, j)) continue;
        if (!(fabs(g[j]) > tol)) continue;  /* NaN counts as violated */
        int k = j;  /* the item's largest row */
        while (j + 1 < s->aex0 && s->ownerae[j + 1] == s->ownerae[k] &&
               s->ownerae_kind[j + 1] == s->ownerae_kind[k])
            if (fabs(g[++j]) > fabs(g[k])) k = j;
        if (named < 5) {
            char lb[160];
            size_t l = strlen(msg);
            snprintf(msg + l, len - l, "%s%s: %s residual %.3g", named ? "; " : "",
                     cd_item_label(s, (cd_kind)s->ownerae_kind[k], s->ownerae[k], lb, sizeof lb),
                     level ? "velocity" : "position", g[k]);
        }
        named++;
    }
    return named;
}

/* the residual just evaluated at the initial state must be finite: no smaller step can
 * repair forces that are NaN or Inf where the solve starts */
static int check_initial_forces(const cd_system *s, cd_nwork *w, const cd_state *st,
                                cd_error *err)
{
    char lb[256];
    if (isfinite(w->ev.rnorm) && isfinite(w->ev.ode1norm)) return CD_OK;
    if (cd_eval_nonfinite_item(s, &w->ev, lb, sizeof lb))
        return cd_error_set(err, CD_ERR_NONFINITE, "the initial state gives a non-finite "
                            "residual at t = %.10g: its first non-finite term comes from %s; "
                            "check the initial coordinates and velocities and the item's "
                            "parameters", st->t, lb);
    cd_error_set(err, CD_ERR_NONFINITE, "the initial state gives a residual whose norm is not "
                 "finite at t = %.10g (every term is finite: their sum or its square overflows); "
                 "check the initial coordinates and velocities and the items' parameters",
                 st->t);
    w->last_s2 = 1.0;
    cd_newton_explain(s, w, err);
    return CD_ERR_NONFINITE;
}

int cd_check_initial_constraints(const cd_system *s, cd_nwork *w, cd_state *st,
                                 const cd_settings *set, cd_stats *stats, cd_error *err)
{
    char msg[CD_MSG_LEN] = "";
    double tol = set->initialConstraintTolerance;
    int named = 0, rc;
    for (int level = 0; level < 2; level++) {
        double size = level ? size_of(st->v, NULL, s->n2) : size_of(st->q, s->qref, s->n2);
        if ((rc = constraint_rows(s, w, st, level, err))) return rc;
        if (level == 0 && (rc = check_initial_forces(s, w, st, err))) return rc;
        if (s->nae == 0) return CD_OK;
        named = name_violations(s, w->r + s->n2, tol * size, level, msg, sizeof msg, named);
    }
    if (named == 0) return CD_OK;
    if (set->initialConstraintWarning) {
        /* msg is as long as the warning: what does not fit is cut (the bound says so) */
        snprintf(stats->warning, sizeof stats->warning, "the initial state violates %d "
                 "constraint(s) (tolerance %g): %.900s%s", named, tol, msg,
                 named > 5 ? "; ..." : "");
        return CD_OK;
    }
    return cd_error_set(err, CD_ERR_INPUT, "the initial state violates %d constraint(s) beyond "
                        "timeIntegration.initialConstraintTolerance = %g (relative to the size "
                        "of the coordinates and velocities): %s%s. Correct the initial "
                        "coordinates or velocities, or set initialConstraintWarning = True to go "
                        "on", named, tol, msg, named > 5 ? "; ..." : "");
}
