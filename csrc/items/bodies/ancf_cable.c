/* ObjectANCFCable: the 3D ANCF cable element of Exudyn (axial strain and bending, no torsion)
 * on two NodePointSlope1 nodes; the 3D counterpart of ObjectANCFCable2D. What the two share
 * (kinematics, element forces and their Jacobian, mass, outputs) is in ancf_common.c
 * (cd_ancf.h); here is the type.
 *
 * q = [r0, r0', r1, r1'] (12 total coordinates, local index k = 3 j + i).
 * Curvature vector K = (r' x r'') / |r'|^2 (3 components, each a strain measure of its own);
 * M = EI (K - K_ref) + d_K K_t with K_ref = f K(q_ref), f = strainIsRelativeToReference. */
#include "cd_ancf.h"

typedef struct { cd_p_ancf a; } params;

static double ref_curvature(const void *p, int c)
{
    (void)p; (void)c;
    return 0.0;
}

const cd_ancf_desc cd_ancf_cable_desc = {
    .dim = 3, .ncurv = 3, .name = "ObjectANCFCable", .node = &cd_type_NodePointSlope1,
    .ref_curvature = ref_curvature};

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    return cd_ancf_check(&cd_ancf_cable_desc, s, index, vp, err);
}

static const cd_objectops ops = {CD_ANCF_OPS};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_DIRECTOR1, CD_OV_STRAINLOCAL,
                                    CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL, CD_OV_TORQUELOCAL,
                                    CD_OV_NONE};

static const cd_field fields[] = {
    CD_ANCF_FIELDS_HEAD("bending stiffness EI; bending moment M = EI (K - K_ref), K the "
                        "curvature vector"),
    CD_ANCF_FIELDS_TAIL("factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = f K(q_ref); 1: the "
                        "reference configuration is stress-free",
                        "the two NodePointSlope1 nodes of the element")};

const cd_itemtype cd_type_ObjectANCFCable = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable", .typename_ = "ANCFCable", .alias = "Cable",
    .doc = "A 3D ANCF cable element (axial strain and bending, no torsion; cubic Hermite "
           "interpolation) on two NodePointSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
