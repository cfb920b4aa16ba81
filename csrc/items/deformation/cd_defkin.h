/* cd_defkin: kinematics of the deformation-based elements (the seed's truss, beam and hinge, in
 * the SPACAR line): generalized deformations e = D(q) of an element that are invariant under
 * rigid-body motion, their first derivatives De = de/dq and the second derivatives contracted
 * with a vector of stress resultants, H = sum_i sig_i d2 e_i / dq2 (the element's geometric
 * stiffness). Pure functions of the element coordinates; the items (deformation elements) are
 * built on them, so statics, dynamics, linearization and buckling share one implementation.
 *
 * Conventions (every function below):
 *   q    the element coordinates: the node coordinates the element uses, node after node
 *        (truss: node positions only; beam and hinge: position and orientation coordinates);
 *   ref  reference data computed once from the reference (undeformed) configuration by the
 *        element's *_reference function (lengths, initial orientation of the cross-section
 *        relative to the nodes, ...), CD_DEFKIN_MAXREF doubles at most; with it, e = 0 in the
 *        reference configuration;
 *   e    (ne) deformations; De (ne x nq, column-major) if not NULL; H (nq x nq, column-major,
 *        written fully) if sig != NULL and H != NULL.
 * ne and nq of each element are the CD_DEFKIN_* constants below. */
#ifndef CD_DEFKIN_H
#define CD_DEFKIN_H

#define CD_DEFKIN_MAXREF 32
#define CD_DEFKIN_MAXNQ 14
#define CD_DEFKIN_MAXNE 6

typedef void (*cd_defkin_fn)(const double *q, const double *ref, double *e, double *De,
                             const double *sig, double *H);
/* reference data from the reference coordinates q0 (and element parameters par, see each
 * element); returns 0, or nonzero if the reference configuration is degenerate (zero length) */
typedef int (*cd_defkin_ref_fn)(const double *q0, const double *par, double *ref);
/* consistent mass: the position r (dim) of the point at xi in [0, 1] along the element, its
 * Jacobian J = dr/dq (dim x nq, column-major) and Jdv = (dJ/dt) v (dim) for velocities v */
typedef void (*cd_defkin_interp_fn)(double xi, const double *q, const double *v,
                                    const double *ref, double *r, double *J, double *Jdv);

/* ---- planar (q per node: NodePoint2D [x, y] for trusses; NodeRigidBody2D [x, y, phi]) ---- */
enum { CD_DEFKIN_TRUSS2D_NQ = 4, CD_DEFKIN_TRUSS2D_NE = 1,
       CD_DEFKIN_BEAM2D_NQ = 6, CD_DEFKIN_BEAM2D_NE = 3,
       CD_DEFKIN_HINGE2D_NQ = 6, CD_DEFKIN_HINGE2D_NE = 1 };
int cd_defkin_truss2d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_truss2d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H);
int cd_defkin_beam2d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_beam2d(const double *q, const double *ref, double *e, double *De,
                      const double *sig, double *H);
void cd_defkin_beam2d_interp(double xi, const double *q, const double *v, const double *ref,
                             double *r, double *J, double *Jdv);
/* S (3 x 3, column-major) of the planar beam's deformations from EA, EI and the reference */
void cd_defkin_beam2d_stiffness(double EA, double EI, const double *ref, double *S);
int cd_defkin_hinge2d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_hinge2d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H);

/* ---- spatial (q per node: NodePoint [x, y, z] for trusses; NodeRigidBodyEP
 * [x, y, z, e0, e1, e2, e3] for beams and hinges) ---- */
enum { CD_DEFKIN_TRUSS3D_NQ = 6, CD_DEFKIN_TRUSS3D_NE = 1,
       CD_DEFKIN_BEAM3D_NQ = 14, CD_DEFKIN_BEAM3D_NE = 6,
       CD_DEFKIN_HINGE3D_NQ = 14, CD_DEFKIN_HINGE3D_NE = 3 };
int cd_defkin_truss3d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_truss3d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H);
/* par of the spatial beam: a vector (3, global) in the plane of the cross-section's local y
 * axis (not along the beam); of the spatial hinge: the hinge axis (3, global) */
int cd_defkin_beam3d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_beam3d(const double *q, const double *ref, double *e, double *De,
                      const double *sig, double *H);
void cd_defkin_beam3d_interp(double xi, const double *q, const double *v, const double *ref,
                             double *r, double *J, double *Jdv);
/* S (6 x 6, column-major) from EA, GJ, EIy, EIz and the reference */
void cd_defkin_beam3d_stiffness(double EA, double GJ, double EIy, double EIz,
                                const double *ref, double *S);
int cd_defkin_hinge3d_reference(const double *q0, const double *par, double *ref);
void cd_defkin_hinge3d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H);

#endif
