/* load_common: values, marker checks and vector forces shared by the load types */
#include "cd_loads.h"
#include "../../math/cd_vec3.h"
#include <string.h>

int cd_load_marker(const void *p) { return ((const cd_p_loadbase *)p)->markerNumber; }

int cd_load_vector_value(const cd_system *s, int l, double t, double *out, cd_error *err)
{
    const cd_p_vectorload *p = s->list[CD_LOAD].items[l].p;
    return cd_load_values(s, l, p->loadVector.x, 3, &p->userFunction, t, out, err);
}

int cd_load_vector_timed(const void *p)
{
    return ((const cd_p_vectorload *)p)->userFunction.fn != NULL;
}

int cd_load_values(const cd_system *s, int l, const double *base, int n, const cd_func *uf,
                   double t, double *out, cd_error *err)
{
    if (!uf->fn) {
        memcpy(out, base, sizeof(double) * (size_t)n);
        return n;
    }
    int rc = cd_call_userfunc(s, CD_LOAD, l, uf, t, base, n, out, n, err);
    return rc ? (rc < 0 ? rc : -rc) : n;
}

int cd_load_check_marker(const cd_system *s, int index, const void *vp, int flag,
                         const char *tname, const char *need, cd_error *err)
{
    const cd_p_loadbase *p = vp;
    const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumber];
    if (!(mk->type->marker->flags & flag))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'markerNumber' refers to marker %d of type %s; %s "
                            "needs %s", tname, index, p->markerNumber, mk->type->name, tname, need);
    return CD_OK;
}

const cd_item *cd_load_marker_item(const cd_system *s, const cd_item *ld)
{
    return &s->list[CD_MARKER].items[cd_load_marker(ld->p)];
}

static const cd_item *load_marker(const cd_system *s, const cd_item *ld)
{
    return cd_load_marker_item(s, ld);
}

/* the load vector in global coordinates: bodyFixed vectors are rotated by the marker's A */
static void global_vector(int bodyFixed, const cd_markerdata *md, const double *val, double v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = bodyFixed ? md->A[3 * i] * val[0] + md->A[3 * i + 1] * val[1] +
                               md->A[3 * i + 2] * val[2]
                         : val[i];
}

void cd_load_vector_force(const cd_system *s, cd_evalws *ws, const cd_item *ld, int bodyFixed,
                          int torque, const double *q, const double *v, const double *val,
                          double *f)
{
    cd_markerdata *md = &ws->md[0];
    double F[3];
    cd_eval_marker(s, ws, 0, load_marker(s, ld), q, v, md);
    /* force: f = J^T F; torque: f = Jrot^T tau (d omega / d q_t maps torques) */
    const double *Jm = torque ? md->Jrot : md->J;
    global_vector(bodyFixed, md, val, F);
    for (int i = 0; i < ld->nq; i++) f[i] = cd_dot(Jm + 3 * i, F);
}

int cd_load_vector_jacobian(const cd_system *s, cd_evalws *ws, const cd_item *ld, int bodyFixed,
                            int torque, const double *q, const double *v, const double *val,
                            double *K)
{
    cd_markerdata *md = &ws->md[0];
    int n = ld->nq;
    double F[3], *G = ws->loadwork;   /* 3 x n */
    memset(K, 0, sizeof(double) * (size_t)(n * n));
    ws->mk_deriv = 1;
    cd_eval_marker(s, ws, 0, load_marker(s, ld), q, v, md);
    ws->mk_deriv = 0;
    if (!md->deriv) return md->Jconst || n == 0 ? CD_OK : CD_JAC_NUMERICAL;
    global_vector(bodyFixed, md, val, F);
    for (int i = 0; i < 3; i++) F[i] = -F[i];
    if (torque) cd_md_jrtv_dq(md, F, K, n, 0);
    else cd_md_jtv_dq(md, F, K);
    if (!bodyFixed) return CD_OK;
    /* F = A val: K -= J^T d(A val)/dq */
    const double *Jm = torque ? md->Jrot : md->J;
    cd_md_dvec(md, val, G);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) K[i + n * j] -= cd_dot(Jm + 3 * i, G + 3 * j);
    return CD_OK;
}

int cd_load_vector_constant(const cd_system *s, const cd_item *ld)
{
    return (load_marker(s, ld)->type->marker->flags & CD_MKF_CONSTJ) != 0;
}
