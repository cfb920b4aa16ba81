/* ObjectDeformationHinge2D: the seed's planar hinge between two NodeRigidBody2D nodes: one
 * deformation, the relative rotation e1 = (phi1 - phi0) - (phi1 - phi0)_ref (node 1 against
 * node 0, counterclockwise positive), elastic (torque sigma1 = k e1 + d e1_t), rigid or
 * prescribed (a driven joint: e1 = e_p(t)). The hinge does not connect the positions (a
 * revolute joint, or shared nodes, does). Massless. */
#include "cd_defel.h"
#include <string.h>

/* S = [k] */
static void constants(const double *k, const double *ref, double *S)
{
    (void)ref;
    S[0] = k[0];
}

static const cd_defel_type T = {
    .name = "ObjectDeformationHinge2D", .ne = CD_DEFKIN_HINGE2D_NE, .nq = CD_DEFKIN_HINGE2D_NQ,
    .per_node = 3, .rotation_nodes = 1, .need = "NodeRigidBody2D nodes",
    .kin = cd_defkin_hinge2d, .ref = cd_defkin_hinge2d_reference, .interp = NULL,
    .has_mass = 0, .ref_length = 0, .dim = 2, .constants = constants,
    .node_ok = cd_defel_node_rigid2d};

CD_DEFEL_OPS(T, 1, 0);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 NodeRigidBody2D nodes whose relative rotation is the "
                         "deformation"),
    CD_DEFEL_MODES_FIELD("mode of the relative rotation: ['elastic'] (default), ['rigid'] or "
                         "['prescribed'] (a driven joint)"),
    CD_DEFEL_CONST_FIELD("rotationalStiffness", stiffness, 0, "N m/rad",
                         "k: sigma1 = k e1 (used when stiffnessMatrix is empty)"),
    CD_DEFEL_CONST_FIELD("rotationalDamping", damping, 0, "N m s/rad",
                         "d: sigma1 += d e1_t (used when dampingMatrix is empty)"),
    CD_DEFEL_COMMON_FIELDS};

const cd_itemtype cd_type_ObjectDeformationHinge2D = {
    .kind = CD_OBJECT, .name = "ObjectDeformationHinge2D", .typename_ = "DeformationHinge2D",
    .doc = "The planar hinge deformation element (SPACAR): the relative rotation of two "
           "NodeRigidBody2D, elastic (torsion spring), rigid or prescribed (a driven joint).",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
