/* ObjectDeformationHinge: the seed's spatial hinge between two NodeRigidBodyEP nodes: three
 * deformations (cd_defkin_hinge3d, see defkin_spatial.c): e1 the relative rotation of node 1
 * against node 0 about the hinge axis (right-handed, radians, zero in the reference
 * configuration, in (-pi, pi]), e2 and e3 the tilts of the axis (dimensionless, the sines of
 * the tilt angles), each elastic (S = diag(k, kb, kb)), rigid or prescribed; a revolute
 * joint is [elastic or prescribed, rigid, rigid]. The hinge does not connect the positions
 * (shared nodes or a truss/joint do). Massless. */
#include "cd_defel.h"
#include <string.h>

/* S = diag(k, kb, kb) from k = [k, kb] */
static void constants(const double *k, const double *ref, double *S)
{
    (void)ref;
    memset(S, 0, 9 * sizeof(double));
    S[0] = k[0];
    S[4] = S[8] = k[1];
}

static const cd_defel_type T = {
    .name = "ObjectDeformationHinge", .ne = CD_DEFKIN_HINGE3D_NE, .nq = CD_DEFKIN_HINGE3D_NQ,
    .per_node = 7, .need = "NodeRigidBodyEP nodes",
    .kin = cd_defkin_hinge3d, .ref = cd_defkin_hinge3d_reference, .interp = NULL,
    .has_mass = 0, .ref_length = 0, .dim = 3, .constants = constants,
    .node_ok = cd_defel_node_ep};

CD_DEFEL_OPS(T, 1, 0);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 NodeRigidBodyEP nodes whose relative rotation the hinge "
                         "describes"),
    CD_DEFEL_MODES_FIELD("modes of [rotation about the axis, tilt 1, tilt 2], each 'elastic' "
                         "(default), 'rigid' or 'prescribed'; a revolute joint: "
                         "['elastic', 'rigid', 'rigid']"),
    {"hingeAxis", CD_FT_VEC, 3, CD_DEFEL_OFF(par), "0 0 1", 0, 0, "",
     "the hinge axis (global, reference configuration)", NULL},
    CD_DEFEL_CONST_FIELD("rotationalStiffness", stiffness, 0, "N m/rad",
                         "k: sigma1 = k e1 (used when stiffnessMatrix is empty)"),
    CD_DEFEL_CONST_FIELD("tiltStiffness", stiffness, 1, "N m",
                         "kb: sigma2,3 = kb e2,3 (used when stiffnessMatrix is empty)"),
    CD_DEFEL_CONST_FIELD("rotationalDamping", damping, 0, "N m s/rad", "sigma1 += d e1_t"),
    CD_DEFEL_CONST_FIELD("tiltDamping", damping, 1, "N m s", "sigma2,3 += d e2,3_t"),
    CD_DEFEL_COMMON_FIELDS};

const cd_itemtype cd_type_ObjectDeformationHinge = {
    .kind = CD_OBJECT, .name = "ObjectDeformationHinge", .typename_ = "DeformationHinge",
    .doc = "The spatial hinge deformation element (SPACAR): the relative rotation of two "
           "NodeRigidBodyEP about an axis and the two tilts of the axis, each elastic, rigid "
           "or prescribed (a driven joint).",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
