/* cd_ancf: what the ANCF cable elements (ancf_cable2d.c ObjectANCFCable2D, ancf_cable.c
 * ObjectANCFCable) share, implemented once for dim = 2 or 3 in ancf_common.c.
 *
 * Kinematics: local axial coordinate x in [0, L]; r(x) = S(x) q with the cubic Hermite shape
 * functions S1..S4 and q = [r0, r0', r1, r1'] (total coordinates: reference + displacement,
 * nq = 4 dim), local index k = dim j + i for shape function j and component i.
 * Strain measures: the axial strain eps = |r'| - 1 and the curvature, (r' x r'') / |r'|^2
 * (2D: the scalar z component; 3D: the vector, each component a measure of its own). With the gradient g and Hessian H of a strain measure s
 * at an integration point (weight w), the element forces are
 *   Q += w sigma g,  sigma = E (s - s_ref) + d g.v
 *   dQ/dq += w [(E g + d H v) g^T + sigma H],   dQ/dv += w d g g^T
 * (the analytic Jacobian); the elastic part (d = 0) splits into the material stiffness
 * w E g g^T and the geometric stiffness w E (s - s_ref) H. s_ref = s_0 + f s(q_ref),
 * f = strainIsRelativeToReference. Gauss rules as in Exudyn: axial order 9 (5 points) and
 * bending order 5 (3 points); useReducedOrderIntegration = 1: orders 7 (4 points) and 3
 * (2 points); = 2: Lobatto with 3 points (0, L/2, L) and Gauss order 3.
 * Mass: M = rhoA int S^T S dx (constant, exact with 4 Gauss points). */
#ifndef CD_ANCF_H
#define CD_ANCF_H

#include "cd_bodies.h"

#define CD_ANCF_MAXNQ 12

/* the parameters both elements have; ObjectANCFCable2D adds referenceCurvature after them */
typedef struct {
    cd_common c;
    double length, massPerLength, bendingStiffness, axialStiffness, bendingDamping,
        axialDamping, referenceAxialStrain, strainIsRelativeToReference;
    cd_ivec nodeNumbers;
    int useReducedOrderIntegration;
    /* ObjectANCFCable2D only (the 3D cable has no such fields: they stay empty): the axial
     * force N and the bending moment M from Python instead of the linear laws */
    cd_func axialForceUserFunction, bendingMomentUserFunction;
} cd_p_ancf;

/* what differs between the elements */
typedef struct cd_ancf_desc {
    int dim;                    /* 2 or 3: nq = 4 dim */
    int ncurv;                  /* curvature components: 1 (2D) or 3 (3D) */
    const char *name;           /* the element type's name, for messages */
    const cd_itemtype *node;    /* the node type it needs */
    double (*ref_curvature)(const void *p, int cc);   /* K_0 component cc */
} cd_ancf_desc;

extern const cd_ancf_desc cd_ancf_cable2d_desc, cd_ancf_cable_desc;

/* shape functions and their first and second derivatives at x (each may be NULL) */
void cd_ancf_shape(double x, double L, double S[4], double Sx[4], double Sxx[4]);
/* out (dim) = sum_j Sv[j] q[dim j .. dim j + dim - 1] */
void cd_ancf_map(int dim, const double Sv[4], const double *q, double *out);
/* total coordinates qt = qref + q and the reference qr of the element (nq each) */
void cd_ancf_total_coordinates(const cd_objctx *c, double *qt, double *qr);

/* the ops both elements share (their item's type gives the descriptor) */
int cd_ancf_nodes(const void *p, const int **nodes);
int cd_ancf_mass(const cd_objctx *c, double *M);
int cd_ancf_residual(const cd_objctx *c, double *r2, double *rae);
int cd_ancf_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                     double *Gv);
int cd_ancf_elastic(const cd_objctx *c, double *fel, double *Kel);
int cd_ancf_geometric(const cd_objctx *c, double *Kg);
/* the point lp = [x, 0, 0] on the axis: pos = S(x) (qref + q), vel = S(x) v, J = S(x) */
void cd_ancf_body_position(const cd_system *s, const cd_item *it, const double *lp,
                           const double *q, const double *v, double pos[3], double vel[3],
                           double *J);
/* f = rhoA int S^T b dx = rhoA [L/2, L^2/12, L/2, -L^2/12] (x) b */
void cd_ancf_mass_force(const cd_system *s, const cd_item *it, const double *q,
                        const double b[3], double *f);
/* outputs at the axis point x = lp[0]: Director1 (r'), StrainLocal, CurvatureLocal, ForceLocal
 * N and TorqueLocal M (with the damping terms, as in Exudyn); 2D also Rotation (angle of r') */
int cd_ancf_output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out);
/* 1 if a user function gives the axial force or the bending moment (numerical Jacobian) */
int cd_ancf_uses_userfunc(const void *p);
/* the user-function fields of ObjectANCFCable2D */
#define CD_ANCF_USERFUNC_FIELDS                                                                  \
    {"axialForceUserFunction", CD_FT_FUNC, CD_UF_CABLEFORCE,                                     \
     offsetof(cd_p_ancf, axialForceUserFunction), NULL, 0, 0, "",                                \
     "axial force N instead of EA (eps - eps_ref) + d_eps eps_t (Exudyn's arguments; "           \
     "axialPositionNormalized = x / L)", NULL},                                                  \
    {"bendingMomentUserFunction", CD_FT_FUNC, CD_UF_CABLEMOMENT,                                 \
     offsetof(cd_p_ancf, bendingMomentUserFunction), NULL, 0, 0, "",                             \
     "bending moment M instead of EI (K - K_ref) + d_K K_t (Exudyn's arguments; "                \
     "axialPositionNormalized = x / L)", NULL}
/* the check: two nodes of the descriptor's node type, useReducedOrderIntegration 0, 1 or 2 */
int cd_ancf_check(const cd_ancf_desc *d, const cd_system *s, int index, const void *p,
                  cd_error *err);

#define CD_ANCF_OPS                                                                              \
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP | CD_OBJF_AXIS, .nodes = cd_ancf_nodes,             \
    .mass_const = 1, .mass = cd_ancf_mass, .residual = cd_ancf_residual,                         \
    .jacobian = cd_ancf_jacobian, .elastic = cd_ancf_elastic, .geometric = cd_ancf_geometric,    \
    .body_position = cd_ancf_body_position, .mass_force = cd_ancf_mass_force,                    \
    .output_at = cd_ancf_output_at, .uses_userfunc = cd_ancf_uses_userfunc

/* the field table: the rows up to referenceAxialStrain (BENDDOC: the bending stiffness' doc),
 * then the element's own rows, then the rest up to the alias of referenceAxialStrain
 * (RELDOC: strainIsRelativeToReference's doc, NODEDOC: nodeNumbers') */
#define CD_ANCF_REAL(NAME, OFF, DEF, CHK, UNIT, DOC)                                             \
    {#NAME, CD_FT_REAL, 0, OFF, DEF, CHK, 0, UNIT, DOC, NULL}
#define CD_ANCF_R(NAME, DEF, CHK, UNIT, DOC)                                                     \
    CD_ANCF_REAL(NAME, offsetof(cd_p_ancf, NAME), DEF, CHK, UNIT, DOC)
#define CD_ANCF_FIELDS_HEAD(BENDDOC)                                                             \
    CD_BODY_NAME_FIELD,                                                                          \
    CD_ANCF_R(length, "0", CD_CHK_POS, "m",                                                      \
              "reference length L of the element (must be positive)"),                           \
    CD_ANCF_R(massPerLength, "0", CD_CHK_NONNEG, "kg/m", "mass per length rhoA"),                \
    CD_ANCF_R(bendingStiffness, "0", CD_CHK_NONNEG, "N m^2", BENDDOC),                           \
    CD_ANCF_R(axialStiffness, "0", CD_CHK_NONNEG, "N",                                           \
              "axial stiffness EA; axial force N = EA (eps - eps_ref), eps = |r'| - 1"),         \
    CD_ANCF_R(bendingDamping, "0", CD_CHK_NONNEG, "N m^2 s",                                     \
              "bending damping d_K; adds d_K K_t to the bending moment"),                        \
    CD_ANCF_R(axialDamping, "0", CD_CHK_NONNEG, "N s",                                           \
              "axial damping d_eps; adds d_eps eps_t to the axial force"),                       \
    CD_ANCF_R(referenceAxialStrain, "0", 0, "", "reference (pre-)strain eps_0 of the axis")
#define CD_ANCF_FIELDS_TAIL(RELDOC, NODEDOC)                                                     \
    CD_ANCF_R(strainIsRelativeToReference, "0", 0, "", RELDOC),                                  \
    {"nodeNumbers", CD_FT_INDEXLIST, 2, offsetof(cd_p_ancf, nodeNumbers), NULL, 0, CD_NODE, "",  \
     NODEDOC, NULL},                                                                             \
    {"useReducedOrderIntegration", CD_FT_INT, 0, offsetof(cd_p_ancf, useReducedOrderIntegration), \
     "0", CD_CHK_BOOLINT, 0, "", "0: Gauss order 9 (axial) and 5 (bending); 1 (or True): "     \
     "orders 7 and 3; 2: Lobatto 3 points and Gauss order 3", NULL},                             \
    CD_BODY_ALIAS_FIELD("physicsLength", CD_FT_REAL, 0, "m", "length"),                          \
    CD_BODY_ALIAS_FIELD("physicsMassPerLength", CD_FT_REAL, 0, "kg/m", "massPerLength"),         \
    CD_BODY_ALIAS_FIELD("physicsBendingStiffness", CD_FT_REAL, 0, "N m^2", "bendingStiffness"),  \
    CD_BODY_ALIAS_FIELD("physicsAxialStiffness", CD_FT_REAL, 0, "N", "axialStiffness"),          \
    CD_BODY_ALIAS_FIELD("physicsBendingDamping", CD_FT_REAL, 0, "N m^2 s", "bendingDamping"),    \
    CD_BODY_ALIAS_FIELD("physicsAxialDamping", CD_FT_REAL, 0, "N s", "axialDamping"),            \
    CD_BODY_ALIAS_FIELD("physicsReferenceAxialStrain", CD_FT_REAL, 0, "",                        \
                        "referenceAxialStrain")

#endif
