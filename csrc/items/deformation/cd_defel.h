/* cd_defel: the deformation elements (the seed's truss, beam and hinge in the SPACAR line) as
 * coordyn objects. One element type is a cd_defel_type (its kinematics from cd_defkin.h, its
 * node kinds and its stiffness from physical constants) plus one item file that declares its
 * field table and calls CD_DEFEL_OPS; everything else is here (defel_common.c).
 *
 * Every deformation e_i = D_i(q) is, per the parameter deformationModes, one of
 *   elastic:    stress resultant sigma_i = (S e + S_d e_t)_i over the elastic deformations
 *               (S, S_d restricted to them); r2 += De^T sigma;
 *   rigid:      the algebraic equation e_i = 0 with its own multiplier lambda_i;
 *   prescribed: the algebraic equation e_i = e_p,i(t) with its own multiplier lambda_i;
 * r2 += De_c^T lambda_c for the constrained ones, so a multiplier IS the stress resultant of
 * its deformation (same sign as an elastic sigma_i: tension positive for an elongation). The
 * multipliers are numbered in the order of the constrained deformations. */
#ifndef CD_DEFEL_H
#define CD_DEFEL_H

#include "../../core/cd_items.h"
#include "../cd_item_list.h"
#include "cd_defkin.h"

enum { CD_DEFEL_ELASTIC = 0, CD_DEFEL_RIGID = 1, CD_DEFEL_PRESCRIBED = 2 };

/* the parameters every deformation element has (each type's field table exposes the ones it
 * uses; the fields of its physical constants name entries of stiffness and damping) */
typedef struct cd_p_defel {
    cd_common c;
    cd_ivec nodeNumbers;          /* 2 nodes */
    char *deformationModes;       /* per deformation "elastic" | "rigid" | "prescribed"
                                     (blank or comma separated); "" = all elastic */
    double stiffness[4];          /* physical stiffness constants (truss: EA; beam: EA, EI;
                                     hinge: k; spatial beam: EA, GJ, EIy, EIz) */
    double damping[4];            /* physical damping constants, same layout */
    cd_mat stiffnessMatrix;       /* ne x ne, or empty: S from the constants */
    cd_mat dampingMatrix;         /* ne x ne, or empty: S_d from the damping constants */
    cd_vec prescribedDeformation; /* ne values, or empty: 0 */
    cd_func prescribedUserFunction;   /* f(mbs, t, itemNumber, prescribed) -> ne values */
    cd_func prescribedUserFunction_t; /* its time derivative (else central differences) */
    double massPerLength;         /* rho A */
    char *massMatrixType;         /* "lumped" (default) or "consistent" */
    double referenceLength;       /* > 0: l0 instead of the reference configuration's length */
    cd_vec par;                   /* the kinematics' par, 3 entries (spatial: a cross-section
                                     axis, the hinge axis); planar: unused (empty) */
    int secondOrderElongation;    /* beams: the seed's refined elongation (1, default) or the
                                     plain chord elongation (0) */
} cd_p_defel;

typedef struct cd_defel_type {
    const char *name;             /* the item type name, for messages */
    int ne, nq;                   /* deformations, element coordinates (CD_DEFKIN_*) */
    int per_node;                 /* element coordinates per node (nq / 2): the node's first
                                     per_node coordinates (a truss on a rigid node: its
                                     position) */
    int dim;                      /* 2 (planar) or 3: the first dim coordinates of a node are
                                     its position */
    const char *need;             /* node types accepted, for messages */
    cd_defkin_fn kin;
    cd_defkin_ref_fn ref;
    cd_defkin_interp_fn interp;   /* consistent mass; NULL: linear between the node positions */
    int has_mass;                 /* 0: massless (the hinge) */
    int ref_length;               /* 1: ref[0] is the length l0 (referenceLength applies) */
    int refined_slot;             /* beams: index in ref of the refined-elongation flag, which
                                     is set from secondOrderElongation; 0: none */
    /* S (ne x ne, column-major) from the constants k[] (stiffness or damping) and ref */
    void (*constants)(const double *k, const double *ref, double *S);
    /* node ok: 1 if node item nd is accepted */
    int (*node_ok)(const cd_item *nd);
} cd_defel_type;

/* the common ops, on the element type T */
int cd_defel_nae(const cd_defel_type *T, const void *p);
int cd_defel_nodes(const void *p, const int **nodes);
int cd_defel_mass(const cd_defel_type *T, const cd_objctx *c, double *M);
int cd_defel_residual(const cd_defel_type *T, const cd_objctx *c, double *r2, double *rae);
int cd_defel_jacobian(const cd_defel_type *T, const cd_objctx *c, double *K, double *D,
                      double *Cq, double *Gq, double *Gv);
int cd_defel_elastic(const cd_defel_type *T, const cd_objctx *c, double *fel, double *Kel);
int cd_defel_geometric(const cd_defel_type *T, const cd_objctx *c, double *Kg);
int cd_defel_output(const cd_defel_type *T, const cd_objctx *c, cd_outvar var, double *out);
int cd_defel_check(const cd_defel_type *T, const cd_system *s, int index, const void *p,
                   cd_error *err);
/* the modes of p (ne of them) into mode[]; returns 0, or -1 if the string is invalid */
int cd_defel_modes(const cd_defel_type *T, const cd_p_defel *p, int *mode);

/* node kinds */
int cd_defel_node_point2d(const cd_item *nd);   /* NodePoint2D, NodeRigidBody2D, ground */
int cd_defel_node_rigid2d(const cd_item *nd);   /* NodeRigidBody2D */
/* NodePoint, NodePointGround and the 3D rigid-body nodes (their first three coordinates are
 * the position) */
int cd_defel_node_point3d(const cd_item *nd);
int cd_defel_node_ep(const cd_item *nd);        /* NodeRigidBodyEP */

extern const cd_outvar cd_defel_outvars[];

/* the static wrappers and the ops struct of an element type T (a cd_defel_type variable);
 * MASS_CONST: its mass matrix does not depend on q; HAS_MASS: 0 for massless types */
#define CD_DEFEL_OPS(T, MASS_CONST, HAS_MASS)                                                  \
    static int nae(const void *p) { return cd_defel_nae(&T, p); }                               \
    static int mass(const cd_objctx *c, double *M) { return cd_defel_mass(&T, c, M); }         \
    static int residual(const cd_objctx *c, double *r2, double *rae)                            \
    {                                                                                           \
        return cd_defel_residual(&T, c, r2, rae);                                               \
    }                                                                                           \
    static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,       \
                        double *Gv)                                                             \
    {                                                                                           \
        return cd_defel_jacobian(&T, c, K, D, Cq, Gq, Gv);                                      \
    }                                                                                           \
    static int elastic(const cd_objctx *c, double *f, double *K)                                \
    {                                                                                           \
        return cd_defel_elastic(&T, c, f, K);                                                   \
    }                                                                                           \
    static int geometric(const cd_objctx *c, double *Kg) { return cd_defel_geometric(&T, c, Kg); } \
    static int output(const cd_objctx *c, cd_outvar v, double *o)                               \
    {                                                                                           \
        return cd_defel_output(&T, c, v, o);                                                    \
    }                                                                                           \
    static int check(const cd_system *s, int i, const void *p, cd_error *e)                     \
    {                                                                                           \
        return cd_defel_check(&T, s, i, p, e);                                                  \
    }                                                                                           \
    static const cd_objectops ops = {                                                           \
        .flags = CD_OBJF_CONSTRAINT, .nodes = cd_defel_nodes, .nae = nae,                       \
        .mass_const = MASS_CONST, .mass = HAS_MASS ? mass : NULL, .residual = residual, .jacobian = jacobian,     \
        .elastic = elastic, .geometric = geometric, .output = output}

/* field rows shared by the element types (struct cd_p_defel) */
#define CD_DEFEL_OFF(f) offsetof(cd_p_defel, f)
#define CD_DEFEL_NAME_FIELD                                                                     \
    {"name", CD_FT_STRING, 0, CD_DEFEL_OFF(c.name), "", 0, 0, "", "object's unique name", NULL}
#define CD_DEFEL_NODES_FIELD(DOC)                                                               \
    {"nodeNumbers", CD_FT_INDEXLIST, 2, CD_DEFEL_OFF(nodeNumbers), NULL, 0, CD_NODE, "", DOC,   \
     NULL}
#define CD_DEFEL_MODES_FIELD(DOC)                                                               \
    {"deformationModes", CD_FT_STRING, 0, CD_DEFEL_OFF(deformationModes), "", CD_CHK_LIST, 0,   \
     "", DOC, NULL}
#define CD_DEFEL_CONST_FIELD(NAME, ARRAY, I, UNIT, DOC)                                         \
    {NAME, CD_FT_REAL, 0, CD_DEFEL_OFF(ARRAY) + (I) * sizeof(double), "0", CD_CHK_NONNEG, 0,    \
     UNIT, DOC, NULL}
#define CD_DEFEL_COMMON_FIELDS                                                                  \
    {"stiffnessMatrix", CD_FT_MAT, 0, CD_DEFEL_OFF(stiffnessMatrix), NULL, 0, 0, "",            \
     "ne x ne stiffness matrix S of the deformations (sigma = S e + S_d e_t); empty: from the " \
     "physical constants", NULL},                                                               \
    {"dampingMatrix", CD_FT_MAT, 0, CD_DEFEL_OFF(dampingMatrix), NULL, 0, 0, "",                \
     "ne x ne damping matrix S_d of the deformations; empty: from the damping constants",      \
     NULL},                                                                                     \
    {"prescribedDeformation", CD_FT_VEC, 0, CD_DEFEL_OFF(prescribedDeformation), NULL, 0, 0,    \
     "", "ne values e_p of the prescribed deformations (e_i = e_p,i); empty: 0", NULL},         \
    {"prescribedDeformationUserFunction", CD_FT_FUNC, CD_UF_DEFORMATION,                        \
     CD_DEFEL_OFF(prescribedUserFunction), NULL, 0, 0, "",                                      \
     "f(mbs, t, itemNumber, prescribedDeformation) -> the ne values e_p(t) (only the "          \
     "prescribed deformations' entries are used)", NULL},                                       \
    {"prescribedDeformationUserFunction_t", CD_FT_FUNC, CD_UF_DEFORMATION,                      \
     CD_DEFEL_OFF(prescribedUserFunction_t), NULL, 0, 0, "",                                    \
     "f(mbs, t, itemNumber, prescribedDeformation) -> d e_p/dt (velocity-level equations); "    \
     "not given: central differences of the user function", NULL}
/* the fields of a truss after its nodes (planar and spatial) */
#define CD_DEFEL_TRUSS_FIELDS                                                                   \
    CD_DEFEL_MODES_FIELD("mode of the elongation: ['elastic'] (default), ['rigid'] or "         \
                         "['prescribed']"),                                                     \
    CD_DEFEL_CONST_FIELD("axialStiffness", stiffness, 0, "N",                                   \
                         "EA: sigma1 = (EA / l0) e1 (used when stiffnessMatrix is empty)"),    \
    CD_DEFEL_CONST_FIELD("axialDamping", damping, 0, "N s",                                     \
                         "d: sigma1 += (d / l0) e1_t (used when dampingMatrix is empty)"),     \
    CD_DEFEL_COMMON_FIELDS, CD_DEFEL_MASS_FIELDS
#define CD_DEFEL_SECOND_ORDER_FIELD                                                             \
    {"secondOrderElongation", CD_FT_BOOL, 0, CD_DEFEL_OFF(secondOrderElongation), "1", 0, 0,    \
     "", "True: the seed's elongation with its second-order bending terms (the shortening of "  \
     "the chord by the bending; the cubic beam's consistent geometric stiffness); False: the "  \
     "plain chord elongation l - l0", NULL}
#define CD_DEFEL_MASS_FIELDS                                                                    \
    {"massPerLength", CD_FT_REAL, 0, CD_DEFEL_OFF(massPerLength), "0", CD_CHK_NONNEG, 0,        \
     "kg/m", "mass per length rho A (mass rho A l0)", NULL},                                    \
    {"massMatrixType", CD_FT_STRING, 0, CD_DEFEL_OFF(massMatrixType), "lumped", 0, 0, "",       \
     "'lumped' (half the mass at each node's position) or 'consistent'", NULL},                 \
    {"referenceLength", CD_FT_REAL, 0, CD_DEFEL_OFF(referenceLength), "0", CD_CHK_NONNEG, 0,    \
     "m", "undeformed length l0; 0: the distance of the nodes' reference positions", NULL}

#endif
