/* cd_eval: residual and Newton-matrix assembly by coordinate index.
 *
 * With unknowns [dq ; dmu] (lambda = lam0 + lambda_per_unknown * mu) the assembled matrix is
 *     QQ = mass_coef M + stiffness_coef K + damping_coef D   K = d r2/dq, D = d r2/dq'
 *     QA = multiplier_coef C_q^T
 *     AQ = rs (gdq_coef Gq + gdv_coef Gv)    rs = velocity_row_scale for velocity-level rows,
 *                                            1 otherwise
 *     AA = rs lambda_per_unknown             deactivated constraints (lambda = 0)
 * and the residual is [force_scale (M a + sum r2 - load_factor f_loads) ; rs g]. */
#ifndef CD_EVAL_H
#define CD_EVAL_H

#include "cd_system.h"

typedef struct cd_evalcoef {
    double force_scale;        /* scale of the ODE2 (force) rows of the residual; generalized-
                                  alpha: 1/beta' = h^2 beta (1 - af)/(1 - am), static: 1 */
    double mass_coef;          /* coefficient of M in the ODE2 block (dynamics: 1, static: 0) */
    double stiffness_coef;     /* coefficient of K = d r2/dq (dynamics: 1/beta') */
    double damping_coef;       /* coefficient of D = d r2/dq' (dynamics: gamma'/beta') */
    double multiplier_coef;    /* coefficient of C_q^T in the multiplier columns */
    double gdq_coef, gdv_coef; /* constraint rows: gdq_coef dg/dq + gdv_coef dg/dq' */
    double velocity_row_scale; /* scale of velocity-level constraint rows (1/gamma': position
                                  units, so one tolerance serves both kinds) */
    double lambda_per_unknown; /* d lambda / d unknown: lambda = lam0 + this * mu */
    double load_factor;        /* scales constant loads (static load steps), 1 in dynamics */
    /* ODE1 rows: ode1_scale (y' + r1) with unknown increment dy, y' changing by
     * ode1_rate_coef dy: block ode1_scale (ode1_rate_coef I + ode1_stiffness_coef dr1/dy).
     * Trapezoidal step: h/2, 2/h, 1; statics: 1, 0, 1; initial y': 1, 1, 0 */
    double ode1_scale, ode1_rate_coef, ode1_stiffness_coef;
    int index2;                /* 1: position constraints at velocity level (2: the same, in
                                  the initial-acceleration system; cd_objctx.index2) */
} cd_evalcoef;

/* evaluation workspace: allocated once per solve, no allocation afterwards */
typedef struct cd_evalws {
    double *ql, *vl, *al, *laml;     /* local copies (maxnq, maxnq, maxnq, maxnae) */
    double *yl, *ydl, *dl;           /* local ODE1, ODE1 rate and Data copies (maxn1, maxnd) */
    double *dnew;                    /* new local Data of a post-Newton step (maxnd) */
    double *r1, *r1p, *K1;           /* local ODE1 residual, perturbed one (maxn1), dr1/dy
                                        (maxn1^2, column-major) */
    double *scratch;                 /* objects' scratch (s->maxscratch) */
    double *xl;                      /* local algebraic variables (s->maxnx) */
    double *mixr, *mixr0;            /* a mixed object's local rows [r2; rg; r1] (maxmixr) */
    double *mixJ;                    /* its local Jacobian (s->maxmixed, see cd_objectops) */
    double *r2, *rae, *r2p, *raep;   /* local residuals and perturbed residuals */
    double *K, *D, *Cq, *Gq, *Gv;    /* local Jacobians (maxnq^2, maxnq^2, 3 x maxnae*maxnq) */
    double *Ga;                      /* d rae/d lam of CD_OBJF_AESELF objects (maxnae^2,
                                        column-major) */
    double *M;                       /* local mass matrix (maxnq^2) */
    /* slots: max(2, s->maxnmk), one per marker of a connector */
    double *mkJ;                     /* marker Jacobians (slots x 3 x mkstride) */
    double *mkJrot;                  /* marker rotation Jacobians (slots x 3 x mkstride) */
    int mkstride;                    /* largest marker or body nq */
    double *mkdwork;                 /* markers' derivative data (slots x s->maxmkd) */
    double *loadwork;                /* loads' analytic Jacobians: 3 x s->maxmk */
    double **Mconst;                 /* per object: constant local mass matrix or NULL */
    cd_markerdata *md;               /* marker data, one per slot */
    int numerical;                   /* 1: every object Jacobian by numerical differentiation */
    double *lieT;                    /* n2 x 9 or NULL: at the start g of each Lie-group rotation
                                        block, the tangent operator T (row-major) of the step's
                                        increment; object K and Gq columns are multiplied by
                                        it while lieT_on (generalized-alpha on SO(3)) */
    int lieT_on;
    int mk_deriv;                    /* 1 while evaluating analytic Jacobians: markers fill
                                        their derivative data (md->want_d) */
    double eps_rel, eps_min;         /* perturbation: eps_rel * max(eps_min, |q_total|) */
    long nres, njac;                 /* statistics: residual and Jacobian evaluations */
    double fnorm;                    /* force level at the last residual evaluation (see .c) */
    double fload2;                   /* squared magnitude of the load values (scaled) */
    double rnorm;                    /* L2 norm of the unscaled residual [M a + r2 - f; g] */
    double rnorm2;                   /* L2 norm of its ODE2 rows [M a + r2 - f] */
    double aenorm;                   /* L2 norm of the algebraic rows as assembled (position
                                        units: velocity rows are scaled by velocity_row_scale) */
    double ode1norm;                 /* L2 norm of the unscaled ODE1 rows y' + r1 */
    double mscale;                   /* largest diagonal entry of the mass matrix (1 if none) */
    /* the first non-finite term of the last residual evaluation (bad_kind -1: none): the item
     * (an object's forces, constraint or inertia terms, a load's generalized force, a node's
     * own equations) and the value; set by cd_eval_residual, named by cd_eval_nonfinite_item */
    int bad_kind, bad_index;
    int find_bad;        /* 1 during the second evaluation that looks for that term */
    double bad_value;
} cd_evalws;

/* allocate the workspace for an assembled system; computes constant mass matrices */
int cd_evalws_init(cd_evalws *ws, const cd_system *s, cd_error *err);
void cd_evalws_free(cd_evalws *ws, const cd_system *s);

/* MarkerData of marker mk from its local coordinates q, v into md, using workspace slot 0 or 1
 * for the Jacobians; orientation defaults to identity for markers without one */
void cd_eval_marker(const cd_system *s, cd_evalws *ws, int slot, const cd_item *mk,
                    const double *q, const double *v, cd_markerdata *md);

/* copy an item's local q, v, a (nq), multipliers (nae), ODE1 y, y' (n1) and Data (nd) from st
 * into ws->ql, vl, al, laml, yl, ydl, dl */
void cd_eval_gather(const cd_item *it, const cd_state *st, cd_evalws *ws);

/* r (n2 + nae) = residual at state st (t, q, v, a, lam); returns status */
/* the evaluation context of object o on the local copies in ws */
cd_objctx cd_eval_objctx(const cd_system *s, cd_evalws *ws, int o, double t, int index2,
                         cd_error *err);

int cd_eval_residual(const cd_system *s, cd_evalws *ws, const cd_state *st,
                     const cd_evalcoef *c, double *r, cd_error *err);

/* "<item> (value <v>)" for the first non-finite term of the last residual evaluation into
 * buf, or NULL (buf empty) if every term was finite */
const char *cd_eval_nonfinite_item(const cd_system *s, const cd_evalws *ws, char *buf,
                                   size_t n);

/* values (pattern nnz) = Newton matrix at state st; returns status */
int cd_eval_jacobian(const cd_system *s, cd_evalws *ws, const cd_state *st,
                     const cd_evalcoef *c, double *values, cd_error *err);

/* one object's local Jacobians at st, analytic (if available, else numerical) or numerical:
 * K, D (nq x nq), Cq, Gq, Gv (nae x nq), column-major, into ws->K ... ws->Gv.
 * *analytic says which was used. Returns a status. */
/* ws->K (ld->nq x ld->nq) = d(-f)/dq of load l at unit load factor (the load's share of the
 * residual's K); analytic where the marker or body provides derivatives (*analytic = 1),
 * else (or numerical != 0) by forward differences */
int cd_eval_load_jacobian(const cd_system *s, cd_evalws *ws, int l, const cd_state *st,
                          int numerical, int *analytic, cd_error *err);
int cd_eval_object_jacobian(const cd_system *s, cd_evalws *ws, int obj, const cd_state *st,
                            int index2, int numerical, int *analytic, cd_error *err);
/* a mixed object's local Jacobian ws->mixJ = d[r2; rg; r1]/d[q, q', x, y] (layout in
 * cd_objectops.mixed_jacobian) at st, analytic if the object has one and numerical == 0
 * (*analytic = 1), else by forward differences. Returns a status. */
int cd_eval_mixed_jacobian(const cd_system *s, cd_evalws *ws, int obj, const cd_state *st,
                           int numerical, int *analytic, cd_error *err);

/* the element parts of object o at st (the element interface of cd_objectops): M (nq x nq,
 * its mass matrix, zeros if massless), fel (nq, its elastic forces), Kel (nq x nq, their
 * tangent), Kg (nq x nq, its geometric stiffness), all column-major over the object's local
 * coordinates. *have says which the object provides: bit 0 mass, 1 elastic, 2 geometric; parts
 * it does not provide are zero. Returns a status (CD_JAC_NUMERICAL is not an error: the part
 * is then missing). */
int cd_eval_object_parts(const cd_system *s, cd_evalws *ws, int o, const cd_state *st,
                         double *M, double *fel, double *Kel, double *Kg, int *have,
                         cd_error *err);

/* current value of a load (user functions evaluated); returns number of values */
int cd_eval_load_value(const cd_system *s, int load, double t, double *out, cd_error *err);

/* values an output variable may have in an assembled system: out of cd_eval_output needs this
 * many doubles (CD_MAXOUT, or more for items with more coordinates) */
int cd_output_capacity(const cd_system *s);

/* output variable of an item at st; returns number of values, or negative with err */
int cd_eval_output(const cd_system *s, cd_evalws *ws, cd_kind kind, int index,
                   const double *localPosition, cd_outvar var, const cd_state *st, double *out,
                   cd_error *err);

/* g (the AE rows, nae) at st: the rows of every object with initial_rows (cd_objectops)
 * replaced by its kinematic conditions at position (index2 = 0) or velocity level. Returns a
 * status */
int cd_eval_initial_rows(const cd_system *s, cd_evalws *ws, const cd_state *st, int index2,
                         double *g, cd_error *err);

/* the discontinuous iteration (cd_objectops.post_newton): the number of objects that have one */
int cd_eval_has_post_newton(const cd_system *s);
/* after a converged Newton iteration at st: every such object updates its Data coordinates in
 * st->data; *error = the sum of their error measures; items (cap entries) receives the indices
 * of the objects whose error was > 0, *nitems their number (may exceed cap); *h_rec the
 * smallest step size they recommend (>= 0), -1 if none does. Returns a status */
int cd_eval_post_newton(const cd_system *s, cd_evalws *ws, cd_state *st, double *error,
                        double *h_rec, int *items, int cap, int *nitems, cd_error *err);

#endif
