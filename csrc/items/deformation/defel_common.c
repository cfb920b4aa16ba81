/* defel_common: what the deformation elements share (see cd_defel.h).
 *
 * Element coordinates x (T->nq, node after node, T->per_node each) are gathered from the
 * object's local coordinates (total: reference + displacement); a ground node contributes its
 * position and no local coordinate (map -1). With e = D(x), De = de/dx, the constrained
 * deformations c (rigid, prescribed) and the elastic ones E:
 *     r2 = De_E^T sigma_E + De_c^T lambda + inertia,   sigma_E = S_EE e_E + Sd_EE e_t,E
 *     g  = e_c - e_p,c(t)            (index 2: De_c x_t - e_p,c_t(t))
 * Jacobian (H_i = d2 e_i/dx2, H(s) = sum_i s_i H_i, the kinematics' H output):
 *     K = De_E^T S_EE De_E + De_E^T Sd_EE (H_j x_t)_j + H(sigma_E, lambda) + inertia,
 *     D = De_E^T Sd_EE De_E + inertia,   Cq = De_c,
 *     index 3: Gq = De_c, Gv = 0;  index 2: Gq = (H_c x_t)^T, Gv = De_c.
 * Mass: lumped m/2 on each node's position (m = rho A l0); consistent: without interp the
 * linear interpolation (m/6)[2I I; I 2I] of the positions (constant), with interp
 *     M(x) = int_0^1 rho A l0 J^T J dxi,  inertia forces int rho A l0 J^T (J x_tt + Jdv) dxi
 * (4-point Gauss: exact for the cubic Hermite interpolation, J^T J of degree 6). Its
 * Jacobian needs dJ/dx, which the interpolation interface does not give: central differences
 * of J (step 1e-6 relative), and d Jdv / dx_t by central differences too (exact up to round-off:
 * Jdv is quadratic in x_t). */
#include "cd_defel.h"
#include <math.h>
#include <string.h>

#define NQ CD_DEFKIN_MAXNQ
#define NE CD_DEFKIN_MAXNE

const cd_outvar cd_defel_outvars[] = {CD_OV_DEFORMATION, CD_OV_DEFORMATIONVELOCITY,
                                      CD_OV_STRESSRESULTANT, CD_OV_CONSTRAINTEQUATION,
                                      CD_OV_NONE};

static const double GX[4] = {0.06943184420297371, 0.33000947820757187, 0.66999052179242813,
                             0.93056815579702629};
static const double GW[4] = {0.17392742256872693, 0.32607257743127307, 0.32607257743127307,
                             0.17392742256872693};

/* ---------------------------------------------------------------- modes and nodes */

int cd_defel_modes(const cd_defel_type *T, const cd_p_defel *p, int *mode)
{
    const char *s = p->deformationModes ? p->deformationModes : "";
    int n = 0;
    for (int i = 0; i < T->ne; i++) mode[i] = CD_DEFEL_ELASTIC;
    while (*s) {
        while (*s == ' ' || *s == ',' || *s == '\t') s++;
        if (!*s) break;
        size_t len = strcspn(s, " ,\t");
        int m = -1;
        if (len == 7 && !strncmp(s, "elastic", 7)) m = CD_DEFEL_ELASTIC;
        else if (len == 5 && !strncmp(s, "rigid", 5)) m = CD_DEFEL_RIGID;
        else if (len == 10 && !strncmp(s, "prescribed", 10)) m = CD_DEFEL_PRESCRIBED;
        if (m < 0 || n >= T->ne) return -1;
        mode[n++] = m;
        s += len;
    }
    return n == 0 || n == T->ne ? 0 : -1;
}

int cd_defel_nae(const cd_defel_type *T, const void *p)
{
    int mode[NE], n = 0;
    if (cd_defel_modes(T, p, mode)) return 0;
    for (int i = 0; i < T->ne; i++) n += mode[i] != CD_DEFEL_ELASTIC;
    return n;
}

int cd_defel_nodes(const void *vp, const int **nodes)
{
    const cd_p_defel *p = vp;
    *nodes = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

int cd_defel_node_point2d(const cd_item *nd)
{
    return nd->type == &cd_type_NodePoint2D || nd->type == &cd_type_NodeRigidBody2D ||
           nd->type == &cd_type_NodePointGround;
}

int cd_defel_node_rigid2d(const cd_item *nd)
{
    return nd->type == &cd_type_NodeRigidBody2D;
}

int cd_defel_node_point3d(const cd_item *nd)
{
    return nd->type == &cd_type_NodePoint || nd->type == &cd_type_NodePointGround ||
           nd->type == &cd_type_NodeRigidBodyEP || nd->type == &cd_type_NodeRigidBodyRotVecLG ||
           nd->type == &cd_type_NodeRigidBodyRxyz;
}

int cd_defel_node_ep(const cd_item *nd)
{
    return nd->type == &cd_type_NodeRigidBodyEP;
}

/* the number of local coordinates of node item nd (before Assemble: from its type) */
static int node_nq(const cd_item *nd)
{
    return nd->type->node->nq(nd->p);
}

/* ---------------------------------------------------------------- the element state */

typedef struct {
    int nl;                          /* local coordinates of the object */
    int map[NQ];                     /* element coordinate -> local index, -1: none (ground) */
    double x[NQ], xt[NQ], xtt[NQ];   /* element coordinates (total), velocities, accelerations */
    double ref[CD_DEFKIN_MAXREF];
    int mode[NE], nae, cidx[NE];     /* modes, number constrained, their deformation indices */
    double e[NE], De[NE * NQ], et[NE];
} elstate;

/* the element coordinates of node list nodes from total coordinates (qtot: local coordinates
 * of the object with the reference added, NULL for the reference configuration of the nodes'
 * own reference coordinates from their parameters) */
static void gather_nodes(const cd_defel_type *T, const cd_system *s, const cd_p_defel *p,
                         const double *ql, const double *vl, const double *al, int use_ref,
                         elstate *st)
{
    int off = 0;
    for (int n = 0; n < 2; n++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[n]];
        int nn = node_nq(nd);
        double qr[8] = {0}, q0[8], v0[8];
        if (nn > 0 && nn <= 8) nd->type->node->init(nd->p, qr, q0, v0);
        for (int k = 0; k < T->per_node; k++) {
            int ek = T->per_node * n + k;
            if (nn == 0) {   /* ground: its position */
                double pos[3], vel[3];
                nd->type->node->position(nd->p, NULL, NULL, NULL, pos, vel, NULL);
                st->map[ek] = -1;
                st->x[ek] = pos[k];
                st->xt[ek] = st->xtt[ek] = 0.0;
                continue;
            }
            st->map[ek] = off + k;
            if (use_ref) {
                st->x[ek] = qr[k];
            } else {
                double qref = s->assembled ? s->qref[nd->ltg[k]] : qr[k];
                st->x[ek] = qref + (ql ? ql[off + k] : 0.0);
            }
            st->xt[ek] = vl ? vl[off + k] : 0.0;
            st->xtt[ek] = al ? al[off + k] : 0.0;
        }
        off += nn;
    }
    st->nl = off;
}

/* the reference data from the nodes' reference coordinates (and referenceLength); returns the
 * kinematics' status (nonzero: degenerate) */
static int reference(const cd_defel_type *T, const cd_system *s, const cd_p_defel *p,
                     double *ref)
{
    elstate r;
    gather_nodes(T, s, p, NULL, NULL, NULL, 1, &r);
    int rc = T->ref(r.x, p->par.n == 3 ? p->par.x : NULL, ref);
    if (!rc && T->ref_length && p->referenceLength > 0) ref[0] = p->referenceLength;
    if (T->refined_slot > 0) ref[T->refined_slot] = p->secondOrderElongation ? 1.0 : 0.0;
    return rc;
}

/* everything of the element at the context's coordinates: x, e, De, e_t, modes */
static void evaluate(const cd_defel_type *T, const cd_objctx *c, elstate *st)
{
    const cd_p_defel *p = c->item->p;
    gather_nodes(T, c->sys, p, c->q, c->v, c->a, 0, st);
    reference(T, c->sys, p, st->ref);
    cd_defel_modes(T, p, st->mode);
    st->nae = 0;
    for (int i = 0; i < T->ne; i++)
        if (st->mode[i] != CD_DEFEL_ELASTIC) st->cidx[st->nae++] = i;
    T->kin(st->x, st->ref, st->e, st->De, NULL, NULL);
    for (int i = 0; i < T->ne; i++) {
        st->et[i] = 0.0;
        for (int k = 0; k < T->nq; k++) st->et[i] += st->De[i + T->ne * k] * st->xt[k];
    }
}

/* S (stiff = 1) or S_d (0), ne x ne column-major: the matrix parameter or the constants */
static void material(const cd_defel_type *T, const cd_p_defel *p, const double *ref, int stiff,
                     double *S)
{
    const cd_mat *m = stiff ? &p->stiffnessMatrix : &p->dampingMatrix;
    const int ne = T->ne;
    if (m->rows > 0) {
        for (int i = 0; i < ne; i++)
            for (int j = 0; j < ne; j++) S[i + ne * j] = m->x[ne * i + j];  /* row-major */
        return;
    }
    T->constants(stiff ? p->stiffness : p->damping, ref, S);
}

/* sigma (ne): the elastic stress resultants (S_EE e_E [+ Sd_EE e_t,E]) on elastic rows, the
 * multipliers lam on the constrained ones (lam NULL: 0); S, Sd (ne x ne) */
static void stresses(const cd_defel_type *T, const elstate *st, const double *S,
                     const double *Sd, const double *lam, double *sig)
{
    const int ne = T->ne;
    int ic = 0;
    for (int i = 0; i < ne; i++) {
        if (st->mode[i] != CD_DEFEL_ELASTIC) {
            sig[i] = lam ? lam[ic] : 0.0;
            ic++;
            continue;
        }
        sig[i] = 0.0;
        for (int j = 0; j < ne; j++) {
            if (st->mode[j] != CD_DEFEL_ELASTIC) continue;
            sig[i] += S[i + ne * j] * st->e[j] + (Sd ? Sd[i + ne * j] * st->et[j] : 0.0);
        }
    }
}

/* element vector fe (nq) added into the local vector fl (nl) */
static void scatter_vec(const cd_defel_type *T, const elstate *st, const double *fe, double *fl)
{
    for (int k = 0; k < T->nq; k++)
        if (st->map[k] >= 0) fl[st->map[k]] += fe[k];
}

/* element matrix Ke (rows x nq, column-major, rows = nq for square) added into Kl (rows' local
 * size x nl); rowmap: 1 map the rows too (square), 0 keep them */
static void scatter_mat(const cd_defel_type *T, const elstate *st, const double *Ke, int rows,
                        int rowmap, double *Kl)
{
    int lr = rowmap ? st->nl : rows;
    for (int j = 0; j < T->nq; j++) {
        if (st->map[j] < 0) continue;
        for (int i = 0; i < rows; i++) {
            int li = rowmap ? st->map[i] : i;
            if (li < 0) continue;
            Kl[li + lr * st->map[j]] += Ke[i + rows * j];
        }
    }
}

/* ---------------------------------------------------------------- prescribed deformations */

/* ep (ne) = e_p(t), or its time derivative (deriv 1) */
static int prescribed(const cd_defel_type *T, const cd_objctx *c, int deriv, double *ep)
{
    const cd_p_defel *p = c->item->p;
    const int ne = T->ne;
    double base[NE];
    for (int i = 0; i < ne; i++)
        base[i] = p->prescribedDeformation.n == ne ? p->prescribedDeformation.x[i] : 0.0;
    if (!p->prescribedUserFunction.fn) {
        for (int i = 0; i < ne; i++) ep[i] = deriv ? 0.0 : base[i];
        return CD_OK;
    }
    if (!deriv) return cd_object_userfunc(c, &p->prescribedUserFunction, base, ne, ep, ne);
    if (p->prescribedUserFunction_t.fn)
        return cd_object_userfunc(c, &p->prescribedUserFunction_t, base, ne, ep, ne);
    /* central differences in time */
    double h = 1e-6 * fmax(1.0, fabs(c->t)), fp[NE], fm[NE];
    int rc = cd_call_userfunc(c->sys, CD_OBJECT, c->index, &p->prescribedUserFunction, c->t + h,
                              base, ne, fp, ne, c->err);
    if (!rc)
        rc = cd_call_userfunc(c->sys, CD_OBJECT, c->index, &p->prescribedUserFunction, c->t - h,
                              base, ne, fm, ne, c->err);
    for (int i = 0; i < ne && !rc; i++) ep[i] = (fp[i] - fm[i]) / (2 * h);
    return rc;
}

/* ---------------------------------------------------------------- mass */

static double element_mass(const cd_p_defel *p, const double *ref)
{
    return p->massPerLength * ref[0];
}

static int consistent(const cd_p_defel *p)
{
    return p->massMatrixType && !strcmp(p->massMatrixType, "consistent");
}

/* element mass matrix Me (nq x nq) at st */
static void mass_element(const cd_defel_type *T, const cd_p_defel *p, const elstate *st,
                         double *Me)
{
    const int nq = T->nq, pn = T->per_node;
    const double m = element_mass(p, st->ref);
    memset(Me, 0, sizeof(double) * (size_t)(nq * nq));
    if (m == 0.0) return;
    if (consistent(p) && T->interp) {
        double r[3], J[3 * NQ];
        const int dim = T->dim;
        for (int g = 0; g < 4; g++) {
            T->interp(GX[g], st->x, st->xt, st->ref, r, J, NULL);
            for (int j = 0; j < nq; j++)
                for (int i = 0; i < nq; i++) {
                    double s = 0;
                    for (int a = 0; a < dim; a++) s += J[a + dim * i] * J[a + dim * j];
                    Me[i + nq * j] += GW[g] * m * s;
                }
        }
        return;
    }
    /* positions: the first dim coordinates of each node */
    const int dim = T->dim;
    for (int n = 0; n < 2; n++)
        for (int a = 0; a < dim; a++) {
            int i = pn * n + a, j = pn * (1 - n) + a;
            if (consistent(p)) {
                Me[i + nq * i] = m / 3.0;
                Me[i + nq * j] = m / 6.0;
            } else {
                Me[i + nq * i] = m / 2.0;
            }
        }
}

int cd_defel_mass(const cd_defel_type *T, const cd_objctx *c, double *M)
{
    elstate st;
    double Me[NQ * NQ];
    evaluate(T, c, &st);
    memset(M, 0, sizeof(double) * (size_t)(st.nl * st.nl));
    mass_element(T, c->item->p, &st, Me);
    scatter_mat(T, &st, Me, T->nq, 1, M);
    return CD_OK;
}

/* the inertia terms of a q-dependent mass (interp, consistent): fi (nq) = int m J^T (J xtt +
 * Jdv); with Ki, Di (may be NULL): their derivatives d fi/dx, d fi/dx_t */
static void inertia_consistent(const cd_defel_type *T, const cd_p_defel *p, const elstate *st,
                               double *fi, double *Ki, double *Di)
{
    const int nq = T->nq, dim = T->dim;
    const double m = element_mass(p, st->ref);
    double r[3], J[3 * NQ], Jdv[3], acc[3];
    memset(fi, 0, sizeof(double) * (size_t)nq);
    if (Ki) memset(Ki, 0, sizeof(double) * (size_t)(nq * nq));
    if (Di) memset(Di, 0, sizeof(double) * (size_t)(nq * nq));
    for (int g = 0; g < 4; g++) {
        double w = GW[g] * m;
        T->interp(GX[g], st->x, st->xt, st->ref, r, J, Jdv);
        for (int a = 0; a < dim; a++) {
            acc[a] = Jdv[a];
            for (int k = 0; k < nq; k++) acc[a] += J[a + dim * k] * st->xtt[k];
        }
        for (int i = 0; i < nq; i++)
            for (int a = 0; a < dim; a++) fi[i] += w * J[a + dim * i] * acc[a];
        if (!Ki) continue;
        for (int k = 0; k < nq; k++) {
            /* d/dx_k: (dJ/dx_k)^T acc + J^T (dJ/dx_k xtt + dJdv/dx_k) */
            double xp[NQ], Jp[3 * NQ], Jm[3 * NQ], Jdp[3], Jdm[3], dacc[3];
            double h = 1e-6 * fmax(1.0, fabs(st->x[k]));
            memcpy(xp, st->x, sizeof(double) * (size_t)nq);
            xp[k] += h;
            T->interp(GX[g], xp, st->xt, st->ref, r, Jp, Jdp);
            xp[k] -= 2 * h;
            T->interp(GX[g], xp, st->xt, st->ref, r, Jm, Jdm);
            for (int a = 0; a < dim; a++) {
                dacc[a] = (Jdp[a] - Jdm[a]) / (2 * h);
                for (int l = 0; l < nq; l++)
                    dacc[a] += (Jp[a + dim * l] - Jm[a + dim * l]) / (2 * h) * st->xtt[l];
            }
            for (int i = 0; i < nq; i++)
                for (int a = 0; a < dim; a++)
                    Ki[i + nq * k] += w * ((Jp[a + dim * i] - Jm[a + dim * i]) / (2 * h) * acc[a] +
                                           J[a + dim * i] * dacc[a]);
            /* d/dx_t,k: J^T dJdv/dx_t,k (Jdv quadratic in x_t) */
            double vp[NQ];
            memcpy(vp, st->xt, sizeof(double) * (size_t)nq);
            double hv = 1e-3 * fmax(1.0, fabs(st->xt[k]));
            vp[k] += hv;
            T->interp(GX[g], st->x, vp, st->ref, r, NULL, Jdp);
            vp[k] -= 2 * hv;
            T->interp(GX[g], st->x, vp, st->ref, r, NULL, Jdm);
            for (int i = 0; i < nq; i++)
                for (int a = 0; a < dim; a++)
                    Di[i + nq * k] += w * J[a + dim * i] * (Jdp[a] - Jdm[a]) / (2 * hv);
        }
    }
}

/* the inertia forces fi (element, nq) = M xtt (+ quadratic velocity terms) of types whose mass
 * depends on x (mass_const 0); Ki, Di their derivatives (may be NULL) */
static void inertia(const cd_defel_type *T, const cd_p_defel *p, const elstate *st, double *fi,
                    double *Ki, double *Di)
{
    const int nq = T->nq;
    if (consistent(p) && T->interp) {
        inertia_consistent(T, p, st, fi, Ki, Di);
        return;
    }
    double Me[NQ * NQ];
    mass_element(T, p, st, Me);
    for (int i = 0; i < nq; i++) {
        fi[i] = 0.0;
        for (int k = 0; k < nq; k++) fi[i] += Me[i + nq * k] * st->xtt[k];
    }
    if (Ki) memset(Ki, 0, sizeof(double) * (size_t)(nq * nq));
    if (Di) memset(Di, 0, sizeof(double) * (size_t)(nq * nq));
}

/* ---------------------------------------------------------------- residual and Jacobian */

int cd_defel_residual(const cd_defel_type *T, const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_defel *p = c->item->p;
    const int ne = T->ne, nq = T->nq;
    elstate st;
    double S[NE * NE], Sd[NE * NE], sig[NE], fe[NQ], ep[NE];
    evaluate(T, c, &st);
    material(T, p, st.ref, 1, S);
    material(T, p, st.ref, 0, Sd);
    stresses(T, &st, S, Sd, c->lam, sig);
    for (int k = 0; k < nq; k++) {
        fe[k] = 0.0;
        for (int i = 0; i < ne; i++) fe[k] += st.De[i + ne * k] * sig[i];
    }
    memset(r2, 0, sizeof(double) * (size_t)st.nl);
    scatter_vec(T, &st, fe, r2);
    if (T->has_mass && c->item->type->object->mass_const == 0) {
        inertia(T, p, &st, fe, NULL, NULL);
        scatter_vec(T, &st, fe, r2);
    }
    if (st.nae == 0) return CD_OK;
    int any = 0, rc = CD_OK;
    for (int j = 0; j < st.nae; j++) any |= st.mode[st.cidx[j]] == CD_DEFEL_PRESCRIBED;
    if (any && (rc = prescribed(T, c, c->index2, ep))) return rc;  /* user functions only then */
    for (int j = 0; j < st.nae; j++) {
        int i = st.cidx[j];
        double target = st.mode[i] == CD_DEFEL_PRESCRIBED ? ep[i] : 0.0;
        rae[j] = (c->index2 ? st.et[i] : st.e[i]) - target;
    }
    return CD_OK;
}

/* Hx (nq x ne, column-major): column i = H_i x_t (H_i = d2 e_i/dx2) */
static void hessians_times(const cd_defel_type *T, const elstate *st, double *Hx)
{
    const int ne = T->ne, nq = T->nq;
    double e[NE], H[NQ * NQ], unit[NE];
    for (int i = 0; i < ne; i++) {
        for (int j = 0; j < ne; j++) unit[j] = i == j ? 1.0 : 0.0;
        T->kin(st->x, st->ref, e, NULL, unit, H);
        for (int k = 0; k < nq; k++) {
            Hx[k + nq * i] = 0.0;
            for (int l = 0; l < nq; l++) Hx[k + nq * i] += H[k + nq * l] * st->xt[l];
        }
    }
}

/* material tangent De_E^T A_EE B (A = S or Sd, B = De or Hx^T) into Ke (nq x nq) */
static void add_material(const cd_defel_type *T, const elstate *st, const double *A,
                         const double *B, int b_is_hx, double *Ke)
{
    const int ne = T->ne, nq = T->nq;
    for (int i = 0; i < ne; i++) {
        if (st->mode[i] != CD_DEFEL_ELASTIC) continue;
        for (int j = 0; j < ne; j++) {
            if (st->mode[j] != CD_DEFEL_ELASTIC || A[i + ne * j] == 0.0) continue;
            for (int l = 0; l < nq; l++) {
                double bj = b_is_hx ? B[l + nq * j] : B[j + ne * l];
                if (bj == 0.0) continue;
                for (int k = 0; k < nq; k++)
                    Ke[k + nq * l] += st->De[i + ne * k] * A[i + ne * j] * bj;
            }
        }
    }
}

int cd_defel_jacobian(const cd_defel_type *T, const cd_objctx *c, double *K, double *D,
                      double *Cq, double *Gq, double *Gv)
{
    const cd_p_defel *p = c->item->p;
    const int ne = T->ne, nq = T->nq;
    elstate st;
    double S[NE * NE], Sd[NE * NE], sig[NE], Ke[NQ * NQ], De_[NQ * NQ], H[NQ * NQ], e[NE],
        Hx[NQ * NE], fi[NQ];
    evaluate(T, c, &st);
    const int nl = st.nl, na = st.nae;
    material(T, p, st.ref, 1, S);
    material(T, p, st.ref, 0, Sd);
    stresses(T, &st, S, Sd, c->lam, sig);
    int damped = 0;
    for (int i = 0; i < ne * ne; i++) damped |= Sd[i] != 0.0;
    memset(K, 0, sizeof(double) * (size_t)(nl * nl));
    memset(D, 0, sizeof(double) * (size_t)(nl * nl));
    /* K: material + geometric (+ damping through e_t(x)) */
    memset(Ke, 0, sizeof Ke);
    add_material(T, &st, S, st.De, 0, Ke);
    T->kin(st.x, st.ref, e, NULL, sig, H);
    for (int k = 0; k < nq * nq; k++) Ke[k] += H[k];
    if (damped || c->index2) hessians_times(T, &st, Hx);
    if (damped) add_material(T, &st, Sd, Hx, 1, Ke);
    scatter_mat(T, &st, Ke, nq, 1, K);
    /* D */
    memset(De_, 0, sizeof De_);
    if (damped) add_material(T, &st, Sd, st.De, 0, De_);
    scatter_mat(T, &st, De_, nq, 1, D);
    /* inertia of q-dependent masses */
    if (T->has_mass && c->item->type->object->mass_const == 0) {
        inertia(T, p, &st, fi, Ke, De_);
        scatter_mat(T, &st, Ke, nq, 1, K);
        scatter_mat(T, &st, De_, nq, 1, D);
    }
    if (na == 0) return CD_OK;
    /* constraint rows (na x nl) */
    double Ce[NE * NQ], Ge[NE * NQ];
    for (int k = 0; k < nq; k++)
        for (int j = 0; j < na; j++) {
            int i = st.cidx[j];
            Ce[j + na * k] = st.De[i + ne * k];
            Ge[j + na * k] = c->index2 ? Hx[k + nq * i] : st.De[i + ne * k];
        }
    memset(Cq, 0, sizeof(double) * (size_t)(na * nl));
    memset(Gq, 0, sizeof(double) * (size_t)(na * nl));
    memset(Gv, 0, sizeof(double) * (size_t)(na * nl));
    scatter_mat(T, &st, Ce, na, 0, Cq);
    scatter_mat(T, &st, Ge, na, 0, Gq);
    if (c->index2) scatter_mat(T, &st, Ce, na, 0, Gv);
    return CD_OK;
}

/* the elastic forces De_E^T S_EE e_E (no damping, no multipliers) and their full tangent */
int cd_defel_elastic(const cd_defel_type *T, const cd_objctx *c, double *fel, double *Kel)
{
    const cd_p_defel *p = c->item->p;
    const int ne = T->ne, nq = T->nq;
    elstate st;
    double S[NE * NE], sig[NE], fe[NQ], Ke[NQ * NQ], H[NQ * NQ], e[NE];
    evaluate(T, c, &st);
    material(T, p, st.ref, 1, S);
    stresses(T, &st, S, NULL, NULL, sig);
    for (int k = 0; k < nq; k++) {
        fe[k] = 0.0;
        for (int i = 0; i < ne; i++) fe[k] += st.De[i + ne * k] * sig[i];
    }
    memset(fel, 0, sizeof(double) * (size_t)st.nl);
    scatter_vec(T, &st, fe, fel);
    if (!Kel) return CD_OK;
    memset(Ke, 0, sizeof Ke);
    add_material(T, &st, S, st.De, 0, Ke);
    T->kin(st.x, st.ref, e, NULL, sig, H);
    for (int k = 0; k < nq * nq; k++) Ke[k] += H[k];
    memset(Kel, 0, sizeof(double) * (size_t)(st.nl * st.nl));
    scatter_mat(T, &st, Ke, nq, 1, Kel);
    return CD_OK;
}

/* the geometric stiffness of the elastic stresses: sum_E sigma_E H_E */
int cd_defel_geometric(const cd_defel_type *T, const cd_objctx *c, double *Kg)
{
    const cd_p_defel *p = c->item->p;
    elstate st;
    double S[NE * NE], sig[NE], H[NQ * NQ], e[NE];
    evaluate(T, c, &st);
    material(T, p, st.ref, 1, S);
    stresses(T, &st, S, NULL, NULL, sig);
    T->kin(st.x, st.ref, e, NULL, sig, H);
    memset(Kg, 0, sizeof(double) * (size_t)(st.nl * st.nl));
    scatter_mat(T, &st, H, T->nq, 1, Kg);
    return CD_OK;
}

/* Deformation e, DeformationVelocity e_t, StressResultant sigma (elastic: S e + S_d e_t;
 * constrained: the multipliers), ConstraintEquation (the algebraic equations) */
int cd_defel_output(const cd_defel_type *T, const cd_objctx *c, cd_outvar var, double *out)
{
    const cd_p_defel *p = c->item->p;
    const int ne = T->ne;
    elstate st;
    double S[NE * NE], Sd[NE * NE], ep[NE];
    evaluate(T, c, &st);
    switch (var) {
    case CD_OV_DEFORMATION: memcpy(out, st.e, sizeof(double) * (size_t)ne); return ne;
    case CD_OV_DEFORMATIONVELOCITY: memcpy(out, st.et, sizeof(double) * (size_t)ne); return ne;
    case CD_OV_STRESSRESULTANT:
        material(T, p, st.ref, 1, S);
        material(T, p, st.ref, 0, Sd);
        stresses(T, &st, S, Sd, c->lam, out);
        return ne;
    case CD_OV_CONSTRAINTEQUATION:
        if (prescribed(T, c, 0, ep)) return -1;
        for (int j = 0; j < st.nae; j++) {
            int i = st.cidx[j];
            out[j] = st.e[i] - (st.mode[i] == CD_DEFEL_PRESCRIBED ? ep[i] : 0.0);
        }
        return st.nae;
    default: return -1;
    }
}

/* ---------------------------------------------------------------- input checks */

static int check_matrix(const cd_defel_type *T, int index, const cd_mat *m, const char *name,
                        cd_error *err)
{
    if (m->rows == 0 && m->cols == 0) return CD_OK;
    if (m->rows != T->ne || m->cols != T->ne)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter '%s' must be a %d x %d matrix "
                            "(one row and column per deformation) or empty, got %d x %d",
                            T->name, index, name, T->ne, T->ne, m->rows, m->cols);
    return CD_OK;
}

int cd_defel_check(const cd_defel_type *T, const cd_system *s, int index, const void *vp,
                   cd_error *err)
{
    const cd_p_defel *p = vp;
    int mode[NE];
    if (p->nodeNumbers.n != 2)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumbers' must list 2 "
                            "nodes, got %d", T->name, index, p->nodeNumbers.n);
    for (int n = 0; n < 2; n++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[n]];
        if (!T->node_ok(nd))
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumbers' refers to "
                                "node %d of type %s; %s needs %s", T->name, index,
                                p->nodeNumbers.x[n], nd->type->name, T->name, T->need);
    }
    if (p->nodeNumbers.x[0] == p->nodeNumbers.x[1])
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumbers' lists node %d "
                            "twice; the element needs two different nodes", T->name, index,
                            p->nodeNumbers.x[0]);
    if (cd_defel_modes(T, p, mode))
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'deformationModes' must list "
                            "%d mode(s), each 'elastic', 'rigid' or 'prescribed' (or be empty: "
                            "all elastic), got '%s'", T->name, index, T->ne,
                            p->deformationModes ? p->deformationModes : "");
    int rc = check_matrix(T, index, &p->stiffnessMatrix, "stiffnessMatrix", err);
    if (!rc) rc = check_matrix(T, index, &p->dampingMatrix, "dampingMatrix", err);
    if (rc) return rc;
    if (p->prescribedDeformation.n != 0 && p->prescribedDeformation.n != T->ne)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'prescribedDeformation' must "
                            "have %d value(s) (one per deformation) or be empty, got %d",
                            T->name, index, T->ne, p->prescribedDeformation.n);
    if (T->has_mass && p->massMatrixType && strcmp(p->massMatrixType, "lumped") &&
        strcmp(p->massMatrixType, "consistent"))
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'massMatrixType' must be "
                            "'lumped' or 'consistent', got '%s'", T->name, index,
                            p->massMatrixType);
    double ref[CD_DEFKIN_MAXREF];
    rc = reference(T, s, p, ref);
    if (rc == 2)   /* spatial: the cross-section axis or the hinge axis */
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: the %s is zero or along the element "
                            "(%s); give a vector %s", T->name, index,
                            T->ne == 3 ? "parameter 'hingeAxis'" : "parameter 'crossSectionAxisY'",
                            "it defines the element's local axes",
                            T->ne == 3 ? "along the hinge's axis" : "across the beam");
    if (rc == 3)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: the reference Euler parameters of node %d "
                            "or %d are zero (no rotation)", T->name, index, p->nodeNumbers.x[0],
                            p->nodeNumbers.x[1]);
    if (rc)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: the nodes %d and %d coincide in the "
                            "reference configuration (zero length); give them distinct "
                            "reference positions", T->name, index, p->nodeNumbers.x[0],
                            p->nodeNumbers.x[1]);
    return CD_OK;
}
