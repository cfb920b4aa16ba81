/* ObjectDeformationBeam: the seed's spatial beam element between two NodeRigidBodyEP nodes
 * (Euler-parameter orientation, as in the seed). Six deformations (cd_defkin_beam3d, see
 * defkin_spatial.c): e1 elongation (with the seed's second-order bending terms when
 * secondOrderElongation), e2 torsion, e3..e6 the bending of both end cross-sections in the
 * local x-z and x-y planes relative to the chord (times l0), each elastic, rigid or prescribed.
 * Stiffness from EA, GJ, EIy, EIz: the cubic Euler-Bernoulli beam with uniform torsion.
 * Mass: lumped (m/2 on each node's position) or consistent (cubic Hermite interpolation of
 * the axis; q-dependent, with its quadratic velocity terms); the cross-section's rotary
 * inertia is not included (attach an ObjectRigidBody to the nodes for it). */
#include "cd_defel.h"
#include <string.h>

/* S from k = [EA, GJ, EIy, EIz] (damping: the same structure) */
static void constants(const double *k, const double *ref, double *S)
{
    cd_defkin_beam3d_stiffness(k[0], k[1], k[2], k[3], ref, S);
}

static const cd_defel_type T = {
    .name = "ObjectDeformationBeam", .ne = CD_DEFKIN_BEAM3D_NE, .nq = CD_DEFKIN_BEAM3D_NQ,
    .per_node = 7, .need = "NodeRigidBodyEP nodes",
    .kin = cd_defkin_beam3d, .ref = cd_defkin_beam3d_reference,
    .interp = cd_defkin_beam3d_interp, .has_mass = 1, .ref_length = 1, .dim = 3,
    .refined_slot = 19, .constants = constants, .node_ok = cd_defel_node_ep};

CD_DEFEL_OPS(T, 0, 1);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 NodeRigidBodyEP nodes (position and cross-section "
                         "orientation)"),
    CD_DEFEL_MODES_FIELD("modes of [elongation, torsion, bending of node 0 and node 1 in the "
                         "x-z plane, bending of node 0 and node 1 in the x-y plane], each "
                         "'elastic' (default), 'rigid' or 'prescribed'"),
    {"crossSectionAxisY", CD_FT_VEC, 3, CD_DEFEL_OFF(par), "0 1 0", 0, 0, "",
     "a global vector (reference configuration) whose part normal to the beam is the "
     "cross-section's local y axis (z = x cross y, x along the beam)", NULL},
    CD_DEFEL_CONST_FIELD("axialStiffness", stiffness, 0, "N", "EA: sigma1 = (EA / l0) e1"),
    CD_DEFEL_CONST_FIELD("torsionalStiffness", stiffness, 1, "N m^2",
                         "GJ: sigma2 = (GJ / l0^3) e2 (the torque over l0)"),
    CD_DEFEL_CONST_FIELD("bendingStiffnessY", stiffness, 2, "N m^2",
                         "EIy (bending about the local y axis, in the x-z plane): "
                         "[sigma3, sigma4] = (EIy / l0^3) [4 -2; -2 4] [e3, e4]"),
    CD_DEFEL_CONST_FIELD("bendingStiffnessZ", stiffness, 3, "N m^2",
                         "EIz (bending about the local z axis, in the x-y plane): "
                         "[sigma5, sigma6] = (EIz / l0^3) [4 -2; -2 4] [e5, e6]"),
    CD_DEFEL_CONST_FIELD("axialDamping", damping, 0, "N s", "sigma1 += (d / l0) e1_t"),
    CD_DEFEL_CONST_FIELD("torsionalDamping", damping, 1, "N m^2 s",
                         "sigma2 += (d / l0^3) e2_t"),
    CD_DEFEL_CONST_FIELD("bendingDampingY", damping, 2, "N m^2 s",
                         "[sigma3, sigma4] += (d / l0^3) [4 -2; -2 4] [e3_t, e4_t]"),
    CD_DEFEL_CONST_FIELD("bendingDampingZ", damping, 3, "N m^2 s",
                         "[sigma5, sigma6] += (d / l0^3) [4 -2; -2 4] [e5_t, e6_t]"),
    CD_DEFEL_SECOND_ORDER_FIELD,
    CD_DEFEL_COMMON_FIELDS, CD_DEFEL_MASS_FIELDS};

const cd_itemtype cd_type_ObjectDeformationBeam = {
    .kind = CD_OBJECT, .name = "ObjectDeformationBeam", .typename_ = "DeformationBeam",
    .doc = "The spatial beam deformation element (SPACAR) between two NodeRigidBodyEP: "
           "elongation, torsion and four bending deformations, each elastic (cubic "
           "Euler-Bernoulli beam with uniform torsion), rigid or prescribed.",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
