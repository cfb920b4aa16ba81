/* body_common: what the body types share (see cd_bodies.h) */
#include "cd_bodies.h"
#include <string.h>

const cd_outvar cd_body_point_outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                           CD_OV_ACCELERATION, CD_OV_ROTATION,
                                           CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
                                           CD_OV_ANGULARVELOCITYLOCAL,
                                           CD_OV_HOMOGENEOUSTRANSFORMATION, CD_OV_NONE};

int cd_body_nodes(const void *vp, const int **nodes)
{
    *nodes = &((const cd_p_body *)vp)->nodeNumber;
    return 1;
}

const cd_item *cd_body_node(const cd_system *s, const cd_item *it)
{
    return &s->list[CD_NODE].items[((const cd_p_body *)it->p)->nodeNumber];
}

int cd_body_point_mass(const cd_objctx *c, double *M)
{
    const cd_p_body *p = c->item->p;
    int n = c->item->nq;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) M[i + j * n] = (i == j) ? p->mass : 0.0;
    return CD_OK;
}

void cd_body_point_position(const cd_system *s, const cd_item *it, const double *lp,
                            const double *q, const double *v, double pos[3], double vel[3],
                            double *J)
{
    const cd_p_body *p = it->p;
    cd_node_point(s, p->nodeNumber, q, v, pos, vel, J);
    for (int i = 0; i < 3; i++) pos[i] += lp[i];
}

void cd_body_point_mass_force(const cd_system *s, const cd_item *it, const double *q,
                              const double b[3], double *f)
{
    const cd_p_body *p = it->p;
    (void)s; (void)q;
    for (int i = 0; i < it->nq; i++) f[i] = p->mass * b[i];
}

int cd_body_check_point_node(const cd_system *s, int index, const void *vp, int dim,
                             const char *tname, const char *need, cd_error *err)
{
    const cd_p_body *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    int fl = nd->type->node->flags;
    if (!(fl & CD_NODEF_POS) || (fl & (CD_NODEF_GROUND | CD_NODEF_ROT)) ||
        nd->type->node->nq(nd->p) != dim)
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'nodeNumber' refers to node %d of type %s; %s needs "
                            "a %s", tname, index, p->nodeNumber, nd->type->name, tname, need);
    return CD_OK;
}

const cd_objectops cd_body_point_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = cd_body_nodes, .mass_const = 1,
    .mass = cd_body_point_mass, .body_position = cd_body_point_position,
    .mass_force = cd_body_point_mass_force};

const cd_field cd_body_point_fields[] = {
    CD_BODY_NAME_FIELD, CD_BODY_MASS_FIELD, CD_BODY_NODE_FIELD("node number"),
    CD_BODY_ALIAS_FIELD("physicsMass", CD_FT_REAL, 0, "kg", "mass")};

void cd_body_frame_eval(const cd_system *s, const cd_item *it, const double *lp,
                        const double *q, const double *v, cd_markerdata *md, double *J,
                        double *Jr)
{
    md->n = it->nq;
    md->want_d = 0;
    md->deriv = NULL;
    md->dwork = NULL;
    md->J = J;
    md->Jrot = Jr;
    it->type->object->body_frame(s, it, lp, q, v, md);
}

void cd_body_frame_position(const cd_system *s, const cd_item *it, const double *lp,
                            const double *q, const double *v, double pos[3], double vel[3],
                            double *J)
{
    cd_markerdata md;
    /* 3 x nq each: rigid bodies have nq <= 7, beams up to 3 nodes of 6 coordinates (the
     * sanitizer found the quadratic 2D beam, nq = 9, writing past 21 entries) */
    double Jl[3 * CD_BODY_FRAME_MAXNQ], Jr[3 * CD_BODY_FRAME_MAXNQ];
    cd_body_frame_eval(s, it, lp, q, v, &md, J ? J : Jl, Jr);
    memcpy(pos, md.pos, sizeof md.pos);
    memcpy(vel, md.vel, sizeof md.vel);
}
