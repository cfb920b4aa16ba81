/* ObjectDeformationTruss2D: the seed's planar truss element between two nodes with a planar
 * position (NodePoint2D, NodeRigidBody2D: its position only, or NodePointGround). One
 * deformation, the elongation e1 = l - l0, elastic (normal force sigma1 = (EA/l0) e1 +
 * (d/l0) e1_t, tension positive), rigid or prescribed (see cd_defel.h and
 * docs/deformation_elements.rst). Mass: lumped (m/2 at each node) or consistent (linear
 * interpolation), m = rho A l0; constant. */
#include "cd_defel.h"
#include <string.h>

/* S = [EA / l0] from k[0] = EA (damping: d / l0) */
static void constants(const double *k, const double *ref, double *S)
{
    S[0] = k[0] / ref[0];
}

static const cd_defel_type T = {
    .name = "ObjectDeformationTruss2D", .ne = CD_DEFKIN_TRUSS2D_NE, .nq = CD_DEFKIN_TRUSS2D_NQ,
    .per_node = 2, .dim = 2,
    .need = "nodes with a planar position (NodePoint2D, NodeRigidBody2D or NodePointGround)",
    .kin = cd_defkin_truss2d, .ref = cd_defkin_truss2d_reference, .interp = NULL,
    .has_mass = 1, .ref_length = 1, .constants = constants,
    .node_ok = cd_defel_node_point2d};

CD_DEFEL_OPS(T, 1, 1);

static const cd_field fields[] = {
    CD_DEFEL_NAME_FIELD,
    CD_DEFEL_NODES_FIELD("the 2 nodes (NodePoint2D, NodeRigidBody2D or NodePointGround): their "
                         "positions are the truss's end points"),
    CD_DEFEL_TRUSS_FIELDS};

const cd_itemtype cd_type_ObjectDeformationTruss2D = {
    .kind = CD_OBJECT, .name = "ObjectDeformationTruss2D", .typename_ = "DeformationTruss2D",
    .doc = "The planar truss deformation element (SPACAR): elongation e1 = l - l0 between two "
           "nodes, elastic (normal force (EA/l0) e1), rigid (e1 = 0, multiplier = normal force) "
           "or prescribed (e1 = e_p(t)).",
    .psize = sizeof(cd_p_defel), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_defel_outvars};
