/* cd_linearize: M, K, D and C_q^T of the linearized system, cut out of the Newton matrix (see
 * cd_linearize.h). */
#include "cd_linearize.h"
#include <stdlib.h>
#include <string.h>

void cd_csc_free(cd_csc *A)
{
    if (!A) return;
    free(A->colptr);
    free(A->rowind);
    free(A->x);
    memset(A, 0, sizeof(*A));
}

/* the block rows [r0, r0 + nr) x cols [c0, c0 + nc) of the pattern with values v into A */
static int extract(const cd_pattern *P, const double *v, int r0, int nr, int c0, int nc,
                   int keep_zeros, cd_csc *A)
{
    memset(A, 0, sizeof(*A));
    A->rows = nr;
    A->cols = nc;
    A->colptr = calloc((size_t)nc + 1, sizeof(int));
    if (!A->colptr) return CD_ERR_NOMEM;
    int nnz = 0;
    for (int pass = 0; pass < 2; pass++) {
        nnz = 0;
        for (int j = 0; j < nc; j++) {
            if (pass) A->colptr[j] = nnz;
            for (int p = P->colptr[c0 + j]; p < P->colptr[c0 + j + 1]; p++) {
                int r = P->rowind[p] - r0;
                if (r < 0 || r >= nr || (!keep_zeros && v[p] == 0.0)) continue;
                if (pass) {
                    A->rowind[nnz] = r;
                    A->x[nnz] = v[p];
                }
                nnz++;
            }
        }
        if (!pass) {
            A->rowind = malloc(sizeof(int) * (size_t)(nnz > 0 ? nnz : 1));
            A->x = malloc(sizeof(double) * (size_t)(nnz > 0 ? nnz : 1));
            if (!A->rowind || !A->x) { cd_csc_free(A); return CD_ERR_NOMEM; }
        }
    }
    A->colptr[nc] = nnz;
    A->nnz = nnz;
    return CD_OK;
}

int cd_linearize(const cd_system *s, const cd_state *st, const cd_linsettings *set,
                 cd_csc *M, cd_csc *K, cd_csc *D, cd_csc *C, cd_error *err)
{
    cd_csc *out[4] = {M, K, D, C};
    for (int k = 0; k < 4; k++)
        if (out[k]) memset(out[k], 0, sizeof(cd_csc));
    if (!s->assembled)
        return cd_error_set(err, CD_ERR_NOTASSEMBLED, "the system is not assembled: call mbs.Assemble()");
    cd_evalws ws;
    int rc = cd_evalws_init(&ws, s, err);
    if (rc) return rc;
    ws.numerical = set->numerical;
    if (set->eps_rel > 0) ws.eps_rel = set->eps_rel;
    if (set->eps_min > 0) ws.eps_min = set->eps_min;
    ws.lieT_on = 0;
    double *values = calloc((size_t)s->pat.nnz + 1, sizeof(double));
    if (!values) rc = cd_error_set(err, CD_ERR_NOMEM, "out of memory for the linearized system");
    for (int k = 0; k < 4 && !rc; k++) {
        if (!out[k]) continue;
        cd_evalcoef c;
        memset(&c, 0, sizeof(c));
        c.force_scale = 1.0;
        c.load_factor = set->load_factor;
        c.velocity_row_scale = 1.0;
        if (k == 0) c.mass_coef = 1.0;
        else if (k == 1) c.stiffness_coef = 1.0;
        else if (k == 2) c.damping_coef = 1.0;
        else c.multiplier_coef = 1.0;
        rc = cd_eval_jacobian(s, &ws, st, &c, values, err);
        if (!rc) {
            int ncol = k == 3 ? s->nae : s->n2, c0 = k == 3 ? s->n2 : 0;
            rc = extract(&s->pat, values, 0, s->n2, c0, ncol, set->keep_zeros, out[k]);
            if (rc) cd_error_set(err, rc, "out of memory for the linearized system");
        }
    }
    free(values);
    cd_evalws_free(&ws, s);
    if (rc)
        for (int k = 0; k < 4; k++) cd_csc_free(out[k]);
    return rc;
}
