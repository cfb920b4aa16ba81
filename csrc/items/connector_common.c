/* connector_common: what every connector between two position markers needs.
 * JD = [-J0, J1] (3 x nq) is the Jacobian of p1 - p0 with respect to the connector's local
 * coordinates (marker 0's, then marker 1's). */
#include "../core/cd_items.h"
#include <math.h>
#include <stdio.h>

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

/* K += JD^T A JD, A 3x3 row-major; nq <= CD_CONN_MAXNQ */
void cd_conn_add_jtaj(const cd_objctx *c, const double A[9], double *K)
{
    int nq = c->item->nq;
    double JD[3 * CD_CONN_MAXNQ];
    cd_conn_jd(c, JD);
    for (int j = 0; j < nq; j++) {
        double AJ[3];
        for (int i = 0; i < 3; i++)
            AJ[i] = A[3 * i] * JD[3 * j] + A[3 * i + 1] * JD[3 * j + 1] + A[3 * i + 2] * JD[3 * j + 2];
        for (int i = 0; i < nq; i++)
            K[i + nq * j] += JD[3 * i] * AJ[0] + JD[3 * i + 1] * AJ[1] + JD[3 * i + 2] * AJ[2];
    }
}

int cd_conn_analytic_ok(const cd_objctx *c)
{
    return c->md[0].Jconst && c->md[1].Jconst && c->item->nq <= CD_CONN_MAXNQ;
}

int cd_conn_check_markers(const cd_system *s, int index, const void *vp, int flag,
                          const char *tname, cd_error *err)
{
    const cd_p_conn *p = vp;
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
