/* cd_output: output variables of nodes, objects, bodies, markers and loads */
#include "cd_eval.h"
#include "cd_items.h"
#include "../math/cd_rotations.h"
#include "../math/cd_vec3.h"
#include <math.h>
#include <string.h>
#include <stdio.h>

static int copy_n(double *out, const double *x, int n)
{
    memcpy(out, x, sizeof(double) * (size_t)n);
    return n;
}

/* the rotation outputs of an item without orientation (points, point masses): identity, no
 * rotation, no angular velocity, as Exudyn reports them; -1 for other variables */
static int no_rotation_output(const double pos[3], cd_outvar var, double *out)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    switch (var) {
    case CD_OV_ROTATIONMATRIX: return copy_n(out, I3, 9);
    case CD_OV_ROTATION:
    case CD_OV_ANGULARVELOCITY:
    case CD_OV_ANGULARVELOCITYLOCAL:
    case CD_OV_ANGULARACCELERATION:
        out[0] = out[1] = out[2] = 0;
        return 3;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(I3, pos, out);
    default: return -1;
    }
}

void cd_rigidnode_omegas(const cd_nodeops *ops, const void *np, const double *qref,
                         const double *q, const double *v, int nq, const cd_markerdata *md,
                         double wg[3], double wl[3])
{
    for (int i = 0; i < 3; i++) {
        wg[i] = 0;
        for (int j = 0; j < nq; j++) wg[i] += md->Jrot[i + 3 * j] * v[j];
    }
    if (ops->rotation && !(ops->flags & CD_NODEF_LIE) && nq >= 6) {
        double A[9], Gb[12], Gbd[3];
        int nt = nq - 3;
        ops->rotation(np, qref, q, v, A, Gb, Gbd);
        for (int i = 0; i < 3; i++) {
            wl[i] = 0;
            for (int j = 0; j < nt; j++) wl[i] += Gb[nt * i + j] * v[3 + j];
        }
    } else {
        cd_mattvec(md->A, wg, wl);
    }
}

/* rotation outputs of rigid nodes (planar: the angle is coordinate 2) */
static int node_rotation_output(const cd_system *s, cd_evalws *ws, const cd_item *nd,
                                cd_outvar var, double *out)
{
    cd_markerdata md;
    md.n = nd->nq;
    md.want_d = 0;
    md.deriv = NULL;
    md.J = ws->mkJ;
    md.Jrot = ws->mkJrot;
    nd->type->node->frame(nd->p, s->qref + nd->ltg[0], ws->ql, ws->vl, &md);
    switch (var) {
    case CD_OV_ROTATION:  /* Exudyn: the angle (2D), the angles (Rxyz), else Tait-Bryan xyz of A */
        if (!(nd->type->node->flags & CD_NODEF_ROT) || nd->nq < 6) {
            out[0] = out[1] = 0;
            out[2] = s->qref[nd->ltg[2]] + ws->ql[2];
        } else if (nd->type->node->flags & CD_NODEF_ANGLES) {
            for (int k = 0; k < 3; k++) out[k] = s->qref[nd->ltg[3 + k]] + ws->ql[3 + k];
        } else {
            cd_rot_rxyz_angles(md.A, out);
        }
        return 3;
    case CD_OV_ANGULARVELOCITY:
    case CD_OV_ANGULARVELOCITYLOCAL: {
        double wg[3], wl[3];
        cd_rigidnode_omegas(nd->type->node, nd->p, s->qref + nd->ltg[0], ws->ql, ws->vl, nd->nq,
                            &md, wg, wl);
        return copy_n(out, var == CD_OV_ANGULARVELOCITY ? wg : wl, 3);
    }
    case CD_OV_ANGULARACCELERATION:
        if (nd->type->node->rotation && !(nd->type->node->flags & CD_NODEF_LIE)) {
            /* local w_t = Gbar theta_tt + d(Gbar)/dt theta_t, global A w_t */
            double A[9], Gb[3 * 4], Gbd[3], wl[3];
            int nt = nd->nq - 3;
            nd->type->node->rotation(nd->p, s->qref + nd->ltg[0], ws->ql, ws->vl, A, Gb, Gbd);
            for (int k = 0; k < 3; k++) {
                wl[k] = Gbd[k];
                for (int j = 0; j < nt; j++) wl[k] += Gb[nt * k + j] * ws->al[3 + j];
            }
            cd_matvec(A, wl, out);
            return 3;
        }
        for (int k = 0; k < 3; k++) {  /* d omega/dt = Jrot q_tt (Jrot constant in the plane;
                                          Lie-group nodes: q_t is the local angular velocity) */
            out[k] = 0;
            for (int j = 0; j < nd->nq; j++) out[k] += md.Jrot[k + 3 * j] * ws->al[j];
        }
        return 3;
    case CD_OV_ROTATIONMATRIX: return copy_n(out, md.A, 9);
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(md.A, md.pos, out);
    default: return -1;
    }
}

/* node outputs from its local coordinates */
static int node_output(const cd_system *s, cd_evalws *ws, int i, cd_outvar var, double *out)
{
    const cd_item *nd = &s->list[CD_NODE].items[i];
    double pos[3], vel[3], *J = ws->mkJ + 3 * (size_t)ws->mkstride;  /* slot 1: 3 x nq */
    int n = nd->nq;
    memset(J, 0, sizeof(double) * 3 * (size_t)n);
    /* coordinates of the node's kind: ODE2, else ODE1, else Data */
    if (n == 0 && nd->n1 > 0 && (var == CD_OV_COORDINATES || var == CD_OV_COORDINATES_T))
        return copy_n(out, var == CD_OV_COORDINATES ? ws->yl : ws->ydl, nd->n1);
    if (n == 0 && nd->n1 > 0 && var == CD_OV_COORDINATESTOTAL) {
        for (int k = 0; k < nd->n1; k++) out[k] = s->yref[nd->ltg1[k]] + ws->yl[k];
        return nd->n1;
    }
    if (n == 0 && nd->nd > 0 && var == CD_OV_COORDINATES) return copy_n(out, ws->dl, nd->nd);
    if (n == 0 && nd->nx > 0 && var == CD_OV_COORDINATES) return copy_n(out, ws->xl, nd->nx);
    switch (var) {
    case CD_OV_COORDINATES: return copy_n(out, ws->ql, n);
    case CD_OV_COORDINATES_T: return copy_n(out, ws->vl, n);
    case CD_OV_COORDINATES_TT: return copy_n(out, ws->al, n);
    case CD_OV_COORDINATESTOTAL:  /* reference + displacement coordinates (ground: none) */
        for (int k = 0; k < n; k++) out[k] = s->qref[nd->ltg[k]] + ws->ql[k];
        return n;
    default: break;
    }
    int rotvar = var == CD_OV_ROTATION || var == CD_OV_ANGULARVELOCITY ||
                 var == CD_OV_ANGULARVELOCITYLOCAL || var == CD_OV_ANGULARACCELERATION ||
                 var == CD_OV_ROTATIONMATRIX || var == CD_OV_HOMOGENEOUSTRANSFORMATION;
    if (nd->type->node->frame && rotvar && !(nd->type->node->flags & CD_NODEF_GROUND))
        return node_rotation_output(s, ws, nd, var, out);
    if (!(nd->type->node->flags & CD_NODEF_POS)) return -1;
    cd_node_point(s, i, ws->ql, ws->vl, pos, vel, J);
    if (rotvar) return no_rotation_output(pos, var, out);
    switch (var) {
    case CD_OV_POSITION: return copy_n(out, pos, 3);
    case CD_OV_VELOCITY: return copy_n(out, vel, 3);
    case CD_OV_DISPLACEMENT:  /* J q and J a: the position part of the coordinates */
    case CD_OV_ACCELERATION: {
        const double *x = var == CD_OV_DISPLACEMENT ? ws->ql : ws->al;
        for (int k = 0; k < 3; k++) {
            out[k] = 0;
            for (int j = 0; j < n && j < 3; j++) out[k] += J[k + 3 * j] * x[j];
        }
        return 3;
    }
    default: return -1;
    }
}

/* a point on a body: position, displacement, velocity, acceleration (J a + Jdot_v) */
static int body_point_output(const cd_system *s, cd_evalws *ws, int b, const double *lp,
                             cd_outvar var, double *out)
{
    const cd_item *it = &s->list[CD_OBJECT].items[b];
    const cd_objectops *ops = it->type->object;
    cd_markerdata md;
    double ref[3], vr[3];
    md.n = it->nq;
    md.want_d = 0;
    md.deriv = NULL;
    md.J = ws->mkJ;
    md.Jrot = ws->mkJrot;
    memset(md.Jdot_v, 0, sizeof md.Jdot_v);
    if (ops->body_frame) ops->body_frame(s, it, lp, ws->ql, ws->vl, &md);
    else cd_body_point(s, b, lp, ws->ql, ws->vl, md.pos, md.vel, md.J);
    switch (var) {
    case CD_OV_POSITION: return copy_n(out, md.pos, 3);
    case CD_OV_VELOCITY: return copy_n(out, md.vel, 3);
    case CD_OV_DISPLACEMENT:
        memset(ws->r2p, 0, sizeof(double) * (size_t)it->nq);
        cd_body_point(s, b, lp, ws->r2p, ws->r2p, ref, vr, ws->mkJ + 3 * (size_t)ws->mkstride);
        for (int k = 0; k < 3; k++) out[k] = md.pos[k] - ref[k];
        return 3;
    case CD_OV_ACCELERATION:
        for (int k = 0; k < 3; k++) {
            out[k] = md.Jdot_v[k];
            for (int j = 0; j < it->nq; j++) out[k] += md.J[k + 3 * j] * ws->al[j];
        }
        return 3;
    case CD_OV_ANGULARVELOCITY:
        if (!ops->body_frame) return no_rotation_output(md.pos, var, out);
        return copy_n(out, md.omega, 3);
    case CD_OV_ANGULARVELOCITYLOCAL:
        if (!ops->body_frame) return no_rotation_output(md.pos, var, out);
        cd_mattvec(md.A, md.omega, out);
        return 3;
    case CD_OV_VELOCITYLOCAL:  /* A^T v in the frame of the point */
        if (!ops->body_frame) return -1;
        cd_mattvec(md.A, md.vel, out);
        return 3;
    case CD_OV_ROTATIONMATRIX:
        if (!ops->body_frame) return no_rotation_output(md.pos, var, out);
        return copy_n(out, md.A, 9);
    case CD_OV_HOMOGENEOUSTRANSFORMATION:
        if (!ops->body_frame) return no_rotation_output(md.pos, var, out);
        return cd_rot_homogeneous(md.A, md.pos, out);
    case CD_OV_ROTATION:
        if (!ops->body_frame) return no_rotation_output(md.pos, var, out);
        return -1;
    default: return -1;
    }
}

static int marker_output(const cd_system *s, cd_evalws *ws, int m, cd_outvar var, double *out)
{
    const cd_item *mk = &s->list[CD_MARKER].items[m];
    cd_markerdata md;
    if (mk->type->marker->output) {
        int n = mk->type->marker->output(s, mk, ws->ql, ws->vl, var, out);
        if (n >= 0) return n;
    }
    cd_eval_marker(s, ws, 0, mk, ws->ql, ws->vl, &md);
    if (md.rigid) {  /* the orientation of rigid markers */
        switch (var) {
        case CD_OV_ROTATIONMATRIX: return copy_n(out, md.A, 9);
        case CD_OV_ROTATION: cd_rot_rxyz_angles(md.A, out); return 3;
        case CD_OV_ANGULARVELOCITY: return copy_n(out, md.omega, 3);
        case CD_OV_ANGULARVELOCITYLOCAL: cd_mattvec(md.A, md.omega, out); return 3;
        case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(md.A, md.pos, out);
        default: break;
        }
    }
    switch (var) {
    case CD_OV_DISPLACEMENT: {  /* the position minus the one at the reference coordinates */
        double pos[3] = {md.pos[0], md.pos[1], md.pos[2]};
        memset(ws->r2p, 0, sizeof(double) * (size_t)mk->nq);
        cd_eval_marker(s, ws, 0, mk, ws->r2p, ws->r2p, &md);
        for (int k = 0; k < 3; k++) out[k] = pos[k] - md.pos[k];
        return 3;
    }
    case CD_OV_POSITION: return copy_n(out, md.pos, 3);
    case CD_OV_VELOCITY: return copy_n(out, md.vel, 3);
    case CD_OV_COORDINATES: out[0] = md.value; return 1;
    case CD_OV_COORDINATES_T: out[0] = md.value_t; return 1;
    default: return -1;
    }
}

static int object_output(const cd_system *s, cd_evalws *ws, int o, cd_outvar var, double *out,
                         double t, cd_error *err)
{
    const cd_item *it = &s->list[CD_OBJECT].items[o];
    const cd_objectops *ops = it->type->object;
    if (ops->flags & CD_OBJF_CONNECTOR) {
        const int *mks;
        ops->markers(it->p, &mks);
        for (int k = 0; k < it->nmk; k++) {
            const cd_item *mk = &s->list[CD_MARKER].items[mks[k]];
            cd_eval_marker(s, ws, k, mk, ws->ql + it->mk_off[k], ws->vl + it->mk_off[k],
                           &ws->md[k]);
        }
    }
    cd_objctx c = cd_eval_objctx(s, ws, o, t, 0, err);
    int n = ops->output ? ops->output(&c, var, out) : -1;
    if (n < 0 && (ops->flags & CD_OBJF_BODY) && (ops->body_position || ops->body_frame) &&
        !(err && err->code)) {  /* point bodies, ground: the body point */
        static const double zero[3] = {0, 0, 0};
        n = body_point_output(s, ws, o, zero, var, out);
    }
    return n;
}

int cd_output_capacity(const cd_system *s)
{
    int n = CD_MAXOUT;
    if (s->maxnq > n) n = s->maxnq;
    if (s->maxn1 > n) n = s->maxn1;
    if (s->maxnd > n) n = s->maxnd;
    if (s->maxnx > n) n = s->maxnx;
    return n;
}

int cd_eval_output(const cd_system *s, cd_evalws *ws, cd_kind kind, int index,
                   const double *lp, cd_outvar var, const cd_state *st, double *out,
                   cd_error *err)
{
    char lb[160];
    int n = -1;
    if (index < 0 || index >= s->list[kind].n)
        return cd_error_set(err, CD_ERR_INPUT, "%s number %d does not exist (there are %d)",
                            cd_kind_name(kind), index, s->list[kind].n);
    const cd_item *it = &s->list[kind].items[index];
    /* a local position needs a body with points: an object type with body_position or
     * body_frame (not ground-less generic bodies, ODE1 objects or connectors) */
    int has_points = kind == CD_OBJECT && it->type->object &&
                     (it->type->object->body_position || it->type->object->body_frame);
    /* bodies without points (ObjectKinematicTree) answer their own outputs at any position */
    int own = kind == CD_OBJECT && it->type->object && it->type->object->output_at &&
              !has_points && cd_type_has_outvar(it->type, var);
    if (kind == CD_SENSOR) {   /* sensors that compute their values (SensorKinematicTree) */
        if (!it->type->sensor->value)
            return cd_error_set(err, CD_ERR_INPUT, "%s: read its target's output instead",
                                cd_item_label(s, kind, index, lb, sizeof lb));
        return it->type->sensor->value(s, index, st, out, err);
    }
    if (lp && kind == CD_OBJECT && !has_points && !own &&
        (it->type->object->flags & CD_OBJF_BODY))
        lp = NULL;  /* bodies without points (ObjectGenericODE2): the point is not used */
    int declared = lp ? own || (has_points && (var == CD_OV_POSITION ||
                                               var == CD_OV_DISPLACEMENT ||
                                               var == CD_OV_VELOCITY ||
                                               var == CD_OV_ACCELERATION ||
                                               ((var == CD_OV_ANGULARVELOCITY ||
                                                 var == CD_OV_ROTATIONMATRIX) &&
                                                it->type->object->body_frame) ||
                                               cd_type_has_outvar(it->type, var)))
                      : cd_type_has_outvar(it->type, var);
    if (!declared)
        return cd_error_set(err, CD_ERR_INPUT, "%s does not provide OutputVariableType.%s",
                            cd_item_label(s, kind, index, lb, sizeof lb), cd_outvar_name(var));
    if (lp && (it->type->object->flags & CD_OBJF_AXIS) && (lp[1] != 0.0 || lp[2] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT, "%s: the local position must be [x, 0, 0] (points "
                            "on its axis only), got [%g, %g, %g]",
                            cd_item_label(s, kind, index, lb, sizeof lb), lp[0], lp[1], lp[2]);
    if (kind == CD_LOAD) {
        if (var != CD_OV_FORCE && var != CD_OV_NONE) n = -1;
        else n = cd_eval_load_value(s, index, st->t, out, err);
        if (n < 0 && err && err->code) return n;
    } else {
        cd_eval_gather(it, st, ws);
        if (kind == CD_NODE) n = node_output(s, ws, index, var, out);
        else if (kind == CD_MARKER) n = marker_output(s, ws, index, var, out);
        else if (kind == CD_OBJECT && lp) {
            n = -1;
            if (it->type->object->output_at) {
                cd_objctx c = cd_eval_objctx(s, ws, index, st->t, 0, err);
                n = it->type->object->output_at(&c, lp, var, out);
            }
            if (n < 0) n = body_point_output(s, ws, index, lp, var, out);
        }
        else if (kind == CD_OBJECT) n = object_output(s, ws, index, var, out, st->t, err);
    }
    if (n < 0 && err && err->code) return err->code;  /* a failure (user function) says why */
    if (n < 0)
        return cd_error_set(err, CD_ERR_INPUT, "%s does not provide OutputVariableType.%s",
                            cd_item_label(s, kind, index, lb, sizeof lb), cd_outvar_name(var));
    /* an output that overflows (huge but finite parameters or coordinates) or comes out NaN is
     * an error naming the item, never a silent NaN or Inf (found by the fuzzer, tests/fuzz) */
    for (int k = 0; k < n; k++)
        if (!isfinite(out[k]))
            return cd_error_set(err, CD_ERR_NONFINITE, "%s: OutputVariableType.%s is not finite "
                                "at t = %g (entry %d = %g): the coordinates or parameters are "
                                "too large, or undefined here",
                                cd_item_label(s, kind, index, lb, sizeof lb),
                                cd_outvar_name(var), st->t, k, out[k]);
    return n;
}
