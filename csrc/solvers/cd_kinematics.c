/* cd_kinematics: constraint equations and Jacobians, dense (see cd_kinematics.h) */
#include "cd_kinematics.h"
#include <stdlib.h>
#include <string.h>

/* the block [r0, r0 + nr) x [c0, c0 + nc) of the pattern's values v into X (nr x nc,
 * row-major; transposed: X (nc x nr) row-major) */
static void block(const cd_pattern *P, const double *v, int r0, int nr, int c0, int nc,
                  int transposed, double *X)
{
    memset(X, 0, sizeof(double) * (size_t)nr * (size_t)nc);
    for (int j = 0; j < nc; j++)
        for (int p = P->colptr[c0 + j]; p < P->colptr[c0 + j + 1]; p++) {
            int i = P->rowind[p] - r0;
            if (i < 0 || i >= nr) continue;
            if (transposed) X[(size_t)j * nr + i] = v[p];
            else X[(size_t)i * nc + j] = v[p];
        }
}

int cd_constraint_eval(const cd_system *s, const cd_state *st, int index2, double *r,
                       double *Gq, double *Gv, double *Cq, cd_error *err)
{
    if (!s->assembled)
        return cd_error_set(err, CD_ERR_NOTASSEMBLED, "the system is not assembled: call "
                            "mbs.Assemble()");
    cd_evalws ws;
    int rc = cd_evalws_init(&ws, s, err);
    if (rc) return rc;
    double *values = calloc((size_t)s->pat.nnz + 1, sizeof(double));
    double *rr = calloc((size_t)(s->n2 + s->nae + s->n1) + 1, sizeof(double));
    if (!values || !rr) rc = cd_error_set(err, CD_ERR_NOMEM, "out of memory for the "
                                          "constraint evaluation");
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.load_factor = c.velocity_row_scale = 1.0;
    c.index2 = index2;
    if (!rc && r) {
        rc = cd_eval_residual(s, &ws, st, &c, rr, err);
        if (!rc) memcpy(r, rr, sizeof(double) * (size_t)(s->n2 + s->nae));
    }
    double *out[3] = {Gq, Gv, Cq};
    for (int k = 0; k < 3 && !rc; k++) {
        if (!out[k]) continue;
        c.gdq_coef = k == 0;
        c.gdv_coef = k == 1;
        c.multiplier_coef = k == 2;
        rc = cd_eval_jacobian(s, &ws, st, &c, values, err);
        if (rc) break;
        if (k < 2) block(&s->pat, values, s->n2, s->nae, 0, s->n2, 0, out[k]);
        else block(&s->pat, values, 0, s->n2, s->n2, s->nae, 1, out[k]);
    }
    free(values);
    free(rr);
    cd_evalws_free(&ws, s);
    return rc;
}
