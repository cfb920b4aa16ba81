/* ObjectDeformationTruss: the seed's spatial truss element between two nodes with a position
 * (NodePoint, NodePointGround, or a rigid-body node: its position only). One deformation, the
 * elongation e1 = l - l0, elastic (normal force sigma1 = (EA/l0) e1 + (d/l0) e1_t, tension
 * positive), rigid or prescribed (see cd_defel.h and docs/deformation_elements.rst). Mass:
 * lumped (m/2 at each node) or consistent (linear interpolation), m = rho A l0; constant. */
#include "cd_defel.h"
#include <string.h>

/* S = [EA / l0] from k[0] = EA (damping: d / l0) */
static void constants(const double *k, const double *ref, double *S)
{
    S[0] = k[0] / ref[0];
}

static const cd_defel_type T = {
    .name = "ObjectDeformationTruss", .ne = CD_DEFKIN_TRUSS3D_NE, .nq = CD_DEFKIN_TRUSS3D_NQ,
    .per_node = 3,
    .need = "nodes with a position (NodePoint, NodePointGround, NodeRigidBodyEP, "
            "NodeRigidBodyRotVecLG or NodeRigidBodyRxyz)",
    .kin = cd_defkin_truss3d, .ref = cd_defkin_truss3d_reference, .interp = NULL,
    .has_mass = 1, .ref_length = 1, .dim = 3, .constants = constants,
    .node_ok = cd_defel_node_point3d};

CD_DEFEL_OPS(T, 1, 1);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 nodes (NodePoint, NodePointGround or a 3D rigid-body node): "
                         "their positions are the truss's end points"),
    CD_DEFEL_TRUSS_FIELDS};

const cd_itemtype cd_type_ObjectDeformationTruss = {
    .kind = CD_OBJECT, .name = "ObjectDeformationTruss", .typename_ = "DeformationTruss",
    .doc = "The spatial truss deformation element (SPACAR): elongation e1 = l - l0 between two "
           "nodes, elastic (normal force (EA/l0) e1), rigid (e1 = 0, multiplier = normal force) "
           "or prescribed (e1 = e_p(t)).",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
