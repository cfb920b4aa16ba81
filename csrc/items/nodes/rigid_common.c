/* rigid_common: positions and frames of the rigid-body nodes (see cd_nodes.h); the frame of a
 * body-fixed point is also that of ObjectRigidBody's markers */
#include "cd_nodes.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

const cd_outvar cd_rigidnode_outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
    CD_OV_COORDINATESTOTAL, CD_OV_ANGULARVELOCITY, CD_OV_ROTATIONMATRIX, CD_OV_ROTATION,
    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_ANGULARACCELERATION, CD_OV_HOMOGENEOUSTRANSFORMATION,
    CD_OV_NONE};

void cd_rigidnode_theta(const double *qref, const double *q, int n, double *theta)
{
    for (int i = 0; i < n; i++) theta[i] = qref[3 + i] + q[3 + i];
}

void cd_rigidnode_position(int npos, int nq, const double *qref, const double *q, const double *v,
                           double pos[3], double vel[3], double *J)
{
    cd_pointnode_position(npos, qref, q, v, pos, vel, J);
    if (J)
        for (int j = npos; j < nq; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = 0.0;
}

int cd_rigidnode6_nq(const void *p) { (void)p; return 6; }

void cd_rigidnode6_position(const void *p, const double *qref, const double *q, const double *v,
                            double pos[3], double vel[3], double *J)
{
    (void)p;
    cd_rigidnode_position(3, 6, qref, q, v, pos, vel, J);
}

/* J and Jrot of the body-fixed point lp: columns of -A lp~ Gbar = A (Gbar_j x lp) and of
 * A Gbar, or of Gg when the node gives its global rotation Jacobian (Gg != NULL) */
static void point_jacobians(const double A[9], const double *Gb, const double *Gg, int nt,
                            const double lp[3], cd_markerdata *md)
{
    double t2[3];
    memset(md->J, 0, sizeof(double) * 3 * (size_t)md->n);
    memset(md->Jrot, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int i = 0; i < 3; i++) md->J[i + 3 * i] = 1;
    for (int j = 0; j < nt; j++) {
        double g[3] = {Gb[j], Gb[nt + j], Gb[2 * nt + j]}, gl[3], Ag[3];
        cd_cross(g, lp, gl);
        cd_matvec(A, gl, Ag);      /* d(A lp)/dtheta_j = A (Gbar_j x lp) */
        if (Gg) {                  /* the node's global rotation Jacobian */
            t2[0] = Gg[j]; t2[1] = Gg[nt + j]; t2[2] = Gg[2 * nt + j];
        } else {
            cd_matvec(A, g, t2);   /* global rotation Jacobian A Gbar_j */
        }
        for (int i = 0; i < 3; i++) {
            md->J[i + 3 * (3 + j)] = Ag[i];
            md->Jrot[i + 3 * (3 + j)] = t2[i];
        }
    }
}

/* derivative data (cd_rigid_md in md->dwork): dA, dGb from the node's rotation_d */
static void point_rotd(const cd_nodeops *ops, const void *np, const double *qref,
                       const double *q, const double *v, const double *lp, const double *Gb,
                       int nt, cd_markerdata *md)
{
    double dq[12], dv[12];
    cd_rigid_md *d = cd_rigid_md_begin(md);
    ops->rotation_d(np, qref, q, v, d->dA, d->dGb, dq, dv);
    d->npos = 3;
    d->nrot = nt;
    memcpy(d->lp, lp, sizeof d->lp);
    memcpy(d->tht, v + 3, sizeof(double) * (size_t)nt);
    memcpy(d->Gb, Gb, sizeof(double) * (size_t)(3 * nt));
    if (ops->rotation_global) {
        d->hasG = 1;
        ops->rotation_global(np, qref, q, d->G, d->dG);
    }
}

void cd_rigidnode_point_frame(const cd_nodeops *ops, const void *np, const double *qref,
                              const double *q, const double *v, const double *lp,
                              cd_markerdata *md)
{
    int nt = md->n - 3;
    double A[9], Gb[12], Gbd[3], w[3], r[3], wl[3], t1[3], Gg[12];
    ops->rotation(np, qref, q, v, A, Gb, Gbd);
    if (ops->rotation_global) ops->rotation_global(np, qref, q, Gg, NULL);
    for (int i = 0; i < 3; i++) {
        w[i] = 0;
        for (int j = 0; j < nt; j++) w[i] += Gb[nt * i + j] * v[3 + j];
    }
    cd_matvec(A, lp, r);
    cd_cross(w, lp, wl);
    cd_matvec(A, wl, t1);
    for (int i = 0; i < 3; i++) {
        md->pos[i] = qref[i] + q[i] + r[i];
        md->vel[i] = v[i] + t1[i];
    }
    point_jacobians(A, Gb, ops->rotation_global ? Gg : NULL, nt, lp, md);
    /* Jdot_v = A (Gbd_v x lp + w x (w x lp)) */
    double a1[3], a2[3];
    cd_cross(Gbd, lp, a1);
    cd_cross(w, wl, a2);
    for (int i = 0; i < 3; i++) a1[i] += a2[i];
    cd_matvec(A, a1, md->Jdot_v);
    md->Jconst = 0;
    md->rigid = 1;
    memcpy(md->A, A, sizeof A);
    cd_matvec(A, w, md->omega);
    memcpy(md->r, r, sizeof r);
    if (md->want_d) point_rotd(ops, np, qref, q, v, lp, Gb, nt, md);
}

void cd_rigidnode_frame(const cd_nodeops *ops, const void *np, const double *qref,
                        const double *q, const double *v, cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    cd_rigidnode_point_frame(ops, np, qref, q, v, zero, md);
    md->Jconst = 1;  /* the node point: J = [I 0] */
}

void cd_planar_jrot(double *Jrot)
{
    for (int k = 0; k < 9; k++) Jrot[k] = (k == 8) ? 1.0 : 0.0;
}

/* dA/dphi = [-s -c 0; c -s 0; 0 0 0], Gbar = e_z, dGbar = 0 */
void cd_planar_rotd(cd_markerdata *md, double phi, double phit, const double lp[3])
{
    double c = cos(phi), s = sin(phi);
    double dA[9] = {-s, -c, 0, c, -s, 0, 0, 0, 0};
    cd_rigid_md *d = cd_rigid_md_begin(md);
    d->npos = 2;
    d->nrot = 1;
    memcpy(d->dA, dA, sizeof dA);
    d->Gb[0] = d->Gb[1] = 0;
    d->Gb[2] = 1;
    d->dGb[0] = d->dGb[1] = d->dGb[2] = 0;
    d->tht[0] = phit;
    memcpy(d->lp, lp, sizeof d->lp);
}
