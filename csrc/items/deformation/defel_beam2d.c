/* ObjectDeformationBeam2D: the seed's planar beam element between two NodeRigidBody2D nodes.
 * Deformations (cd_defkin_beam2d): e1 = l - l0 (elongation; with secondOrderElongation, the
 * default, plus the seed's (2 e2^2 - e2 e3 + 2 e3^2) / (30 l0)), e2 = l0 b1, e3 = l0 b2, b_i the
 * rotation of the end cross-section i relative to the chord (counterclockwise positive), each
 * elastic, rigid or prescribed. Stiffness from EA, EI: the cubic Euler-Bernoulli beam,
 * S = diag(EA/l0, (EI/l0^3)[4 2; 2 4]); stress resultants sigma1 = N, sigma2,3 = M1,2 / l0
 * (end moments over l0). Mass: lumped (m/2 on each node's position) or consistent (the cubic
 * Hermite interpolation; q-dependent, with its quadratic velocity terms). */
#include "cd_defel.h"
#include <string.h>

/* S from k = [EA, EI] (damping: [d_A, d_B], the same structure) */
static void constants(const double *k, const double *ref, double *S)
{
    cd_defkin_beam2d_stiffness(k[0], k[1], ref, S);
}

static const cd_defel_type T = {
    .name = "ObjectDeformationBeam2D", .ne = CD_DEFKIN_BEAM2D_NE, .nq = CD_DEFKIN_BEAM2D_NQ,
    .per_node = 3, .dim = 2, .need = "NodeRigidBody2D nodes",
    .kin = cd_defkin_beam2d, .ref = cd_defkin_beam2d_reference,
    .interp = cd_defkin_beam2d_interp, .has_mass = 1, .ref_length = 1,
    .refined_slot = 3, .constants = constants,
    .node_ok = cd_defel_node_rigid2d};

CD_DEFEL_OPS(T, 0, 1);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 NodeRigidBody2D nodes (position and cross-section angle)"),
    CD_DEFEL_MODES_FIELD("modes of [elongation, bending at node 0, bending at node 1], each "
                         "'elastic' (default), 'rigid' or 'prescribed'"),
    CD_DEFEL_CONST_FIELD("axialStiffness", stiffness, 0, "N", "EA: sigma1 = (EA / l0) e1"),
    CD_DEFEL_CONST_FIELD("bendingStiffness", stiffness, 1, "N m^2",
                         "EI: [sigma2, sigma3] = (EI / l0^3) [4 2; 2 4] [e2, e3]"),
    CD_DEFEL_CONST_FIELD("axialDamping", damping, 0, "N s", "d_A: sigma1 += (d_A / l0) e1_t"),
    CD_DEFEL_CONST_FIELD("bendingDamping", damping, 1, "N m^2 s",
                         "d_B: [sigma2, sigma3] += (d_B / l0^3) [4 2; 2 4] [e2_t, e3_t]"),
    CD_DEFEL_SECOND_ORDER_FIELD,
    CD_DEFEL_COMMON_FIELDS, CD_DEFEL_MASS_FIELDS};

const cd_itemtype cd_type_ObjectDeformationBeam2D = {
    .kind = CD_OBJECT, .name = "ObjectDeformationBeam2D", .typename_ = "DeformationBeam2D",
    .doc = "The planar beam deformation element (SPACAR): elongation and the two end "
           "rotations relative to the chord (times l0) between two NodeRigidBody2D, each "
           "elastic (cubic Euler-Bernoulli beam), rigid or prescribed.",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
