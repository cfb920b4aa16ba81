/* cd_system: the model (items, coordinates, Newton-matrix pattern), the state and the
 * interfaces every item type implements.
 *
 * Coordinates (each kind a global vector, assigned at Assemble):
 *     ODE2 q (n2, with q' and q''), AE lambda (nae), ODE1 y (n1, with y'), Data d (nd: history
 *     variables, not Newton unknowns). The Newton unknowns are ordered [ODE2 ; AE ; ODE1].
 * Equations (sign convention of the whole project):
 *     M(q) q'' + C_q^T lambda = f(q, q', t)        (ODE2 rows, n2 of them)
 *     g(q, t) = 0                                  (AE rows, nae of them; index 3)
 *     y' = f1(y, q, t)                             (ODE1 rows, n1 of them)
 * AE coordinates are the constraints' multipliers (each constraint its own block, with its own
 * equations), the nodes' own ones (the Euler-parameter norm, with the node's equations), and
 * last the algebraic variables x of NodeGenericAE nodes, AE indices [aex0, nae): these have no
 * equations of their own; their rows (the "pool") hold the equations 0 = g(x, q, q', y, t) of
 * the objects with mixed equations (ObjectGenericAE), given out in the order the objects were
 * added, so that the number of equations must equal the number of variables (Assemble checks).
 * Mixed objects (cd_objectops.mixed) may write any of the three kinds of rows from any of the
 * four kinds of local coordinates (q, q', x, y): the coupling of circuits and controllers with
 * the mechanical part.
 * Objects contribute by coordinate index through local-to-global (LTG) lists. An object's local
 * ODE2 residual contribution is r2 = -f_obj + C_q^T lambda (mass term excluded); its local AE
 * residual is g (or its time derivative for velocity-level constraints and the index-2 option).
 */
#ifndef CD_SYSTEM_H
#define CD_SYSTEM_H

#include <stddef.h>
#include "cd_error.h"

/* ------------------------------------------------------------------ parameter storage */

typedef struct cd_vec { int n; double *x; } cd_vec;           /* vector, n entries */
typedef struct cd_ivec { int n; int *x; } cd_ivec;            /* index list, n entries */
typedef struct cd_mat { int rows, cols; double *x; } cd_mat;  /* dense, row-major rows x cols */

/* user function: out = fn(t, item, in); return 0 ok, >0 recoverable (step is reduced),
 * <0 fatal. Called by the engine; the Python layer supplies a trampoline. */
typedef int (*cd_userfn)(void *ctx, double t, int item, const double *in, int nin,
                         double *out, int nout);
typedef struct cd_func {
    cd_userfn fn;               /* NULL when no function is set */
    void *ctx;                  /* owned by whoever set it; released by release(ctx) */
    void (*release)(void *ctx); /* called when the item is freed (may be NULL) */
} cd_func;

/* field types of item parameters, one table: X(enum suffix, name in Python and the docs,
 * storage in the parameter struct, Python type annotation of the stubs) */
#define CD_FIELD_TYPES(X)                                                                        \
    X(REAL, "float", "double", "float")                                                          \
    X(VEC, "vector", "cd_vec; field size > 0: fixed length, 0: any length", "Sequence[float]")   \
    X(MAT, "matrix", "cd_mat; shape checked by the type's check function", "Any")                \
    X(INDEX, "index", "int; refers to an item of kind field.ref", "int")                         \
    X(INDEXLIST, "indexlist", "cd_ivec of indices of kind field.ref; size > 0: fixed length",    \
      "Sequence[int]")                                                                           \
    X(INT, "int", "int", "int")                                                                  \
    X(BOOL, "bool", "int 0/1", "bool")                                                           \
    X(STRING, "str", "char *, owned", "str")                                                     \
    X(FUNC, "function", "cd_func; user function with calling convention field.size",             \
      "Union[Callable[..., Any], int]")                                                          \
    X(OUTVAR, "outputvariable", "int, an OutputVariableType value", "OutputVariableType")
typedef enum {
#define CD_X_ENUM(e, name, storage, py) CD_FT_##e,
    CD_FIELD_TYPES(CD_X_ENUM)
#undef CD_X_ENUM
    CD_FT_COUNT
} cd_ftype;
const char *cd_ftype_name(cd_ftype t);   /* "float", "vector", ... */
const char *cd_ftype_python(cd_ftype t); /* its Python annotation: "float", "Sequence[float]" */

/* checks applied to every value of a numeric field (finite is always checked) */
enum { CD_CHK_NONE = 0, CD_CHK_NONNEG = 1, CD_CHK_POS = 2, CD_CHK_ALIAS = 4,
       CD_CHK_LIST = 8 /* STRING fields: a list of strings is accepted, joined by blanks */,
       CD_CHK_BOOLINT = 16 /* INT fields: True/False are accepted as 1/0 (as Exudyn does) */,
       CD_CHK_STACK = 32 /* MAT fields: a list of k x c matrices is accepted, stacked into
                            (k m) x c rows; read back as the list (m x k x c) */ };

/* item kinds: X(enum suffix, name in messages, Exudyn's type key in a plain dict) */
#define CD_KINDS(X)                                                                              \
    X(NODE, "node", "nodeType")                                                                  \
    X(OBJECT, "object", "objectType")                                                            \
    X(MARKER, "marker", "markerType")                                                            \
    X(LOAD, "load", "loadType")                                                                  \
    X(SENSOR, "sensor", "sensorType")
typedef enum {
#define CD_X_ENUM(e, name, key) CD_##e,
    CD_KINDS(CD_X_ENUM)
#undef CD_X_ENUM
    CD_NKIND
} cd_kind;

/* one parameter of an item type: the single source of truth for parsing, the Python classes
 * and the item reference in the docs */
typedef struct cd_field {
    const char *name;   /* Exudyn's parameter name */
    cd_ftype type;
    int size;           /* fixed length (VEC, INDEXLIST), 0 = variable; FUNC: convention id */
    size_t offset;      /* offset in the type's parameter struct */
    const char *def;    /* default as text: numbers separated by blanks; NULL = none/empty */
    int check;          /* CD_CHK_* flags; CD_CHK_ALIAS: deprecated alias of field `alias` */
    int ref;            /* INDEX/INDEXLIST: cd_kind referred to */
    const char *unit;   /* SI unit or "" */
    const char *doc;    /* one line */
    const char *alias;  /* for CD_CHK_ALIAS: name of the field it stands for */
} cd_field;

/* user-function calling conventions, one table: X(enum suffix, arguments after (mbs, t),
 * Python signature). Argument codes: i the item index, s a scalar, v a 3-vector, h half of the
 * input values left after those of the s, b and v codes as a vector (q then q_t), a all
 * remaining inputs as a vector, l a list of
 * integers (its length, then the integers), d a list of reals (its length, then the reals),
 * m a 6 x 6 and r a 3 x 3 matrix (row by row), c the
 * configuration (ConfigurationType.Current, no
 * input); each code consumes the next inputs in order. SENSOR returns a varying number of
 * values: out[0] is their number, the values follow. The
 * extension builds the call from the codes; the docs show the signature. */
#define CD_USERFUNCS(X)                                                                          \
    X(LOADVECTOR, "v", "f(mbs, t, loadVector) -> 3-vector")                                      \
    X(LOADSCALAR, "s", "f(mbs, t, load) -> float")                                               \
    X(SPRINGFORCE, "isssss",                                                                     \
      "f(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) -> float")             \
    X(COORDSPRING, "isssss",                                                                     \
      "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> float")      \
    X(CARTSPRING, "ivvvvv",                                                                      \
      "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> 3-vector")   \
    X(OFFSET, "is", "f(mbs, t, itemNumber, lOffset) -> float")                                   \
    X(GENERICFORCE, "ihh", "f(mbs, t, itemNumber, q, q_t) -> vector")                            \
    X(ODE1RHS, "ia", "f(mbs, t, itemNumber, q) -> vector")                                      \
    X(DEFORMATION, "ia", "f(mbs, t, itemNumber, prescribedDeformation) -> vector")              \
    X(CONSTRAINTUF, "ihhb", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> vector")            \
    X(JACOBIANUF, "ihhb", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> matrix")            \
    X(SENSOR, "lac", "f(mbs, t, sensorNumbers, factors, configuration) -> list of values")     \
    X(MASSUF, "ihh", "f(mbs, t, itemNumber, q, q_t) -> n x n matrix")                           \
    X(OFFSET6, "ia", "f(mbs, t, itemNumber, offsetUserFunctionParameters) -> 6-vector")        \
    X(RBSPRING, "ivvvvmmrra", "f(mbs, t, itemNumber, displacement, rotation, velocity, "          \
      "angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) -> 6-vector")                  \
    X(RBPOSTNEWTON, "idvvvvmmrra", "f(mbs, t, itemNumber, dataCoordinates, displacement, "     \
      "rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1, offset) -> "      \
      "[error, recommendedStepSize, data[0], data[1], ...]")                                     \
    X(ODE2JACUF, "ihhss", "f(mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) -> n x n matrix")  \
    X(CABLEFORCE, "isssssssss", "f(mbs, t, itemNumber, axialPositionNormalized, axialStrain, " \
      "axialStrain_t, axialStrainRef, physicsAxialStiffness, physicsAxialDamping, curvature, "  \
      "curvature_t, curvatureRef) -> float")                                                     \
    X(CABLEMOMENT, "isssssssss", "f(mbs, t, itemNumber, axialPositionNormalized, curvature, "  \
      "curvature_t, curvatureRef, physicsBendingStiffness, physicsBendingDamping, axialStrain, " \
      "axialStrain_t, axialStrainRef) -> float")
enum {
    CD_UF_NONE = 0,
#define CD_X_ENUM(e, args, sig) CD_UF_##e,
    CD_USERFUNCS(CD_X_ENUM)
#undef CD_X_ENUM
    CD_UF_COUNT
};
const char *cd_userfunc_args(int conv);       /* argument codes of a convention, NULL if none */
const char *cd_userfunc_signature(int conv);  /* Python signature for messages and docs */

/* ------------------------------------------------------------------ output variables */

/* output variables, one table: X(enum suffix, Exudyn's OutputVariableType name, meaning) */
#define CD_OUTPUT_VARIABLES(X)                                                                   \
    X(NONE, "_None", "no output variable")                                                       \
    X(POSITION, "Position", "global position of a point [m]")                                    \
    X(DISPLACEMENT, "Displacement", "position minus reference position [m]")                     \
    X(VELOCITY, "Velocity", "global velocity of a point [m/s]")                                  \
    X(ACCELERATION, "Acceleration", "global acceleration of a point [m/s^2]")                    \
    X(COORDINATES, "Coordinates", "displacement coordinates")                                    \
    X(COORDINATES_T, "Coordinates_t", "velocity coordinates")                                    \
    X(COORDINATES_TT, "Coordinates_tt", "acceleration coordinates")                              \
    X(FORCE, "Force", "connector, constraint or load force")                                     \
    X(DISTANCE, "Distance", "distance between two markers [m]")                                  \
    X(CONSTRAINTEQUATION, "ConstraintEquation", "value of the constraint equations")             \
    X(ROTATION, "Rotation", "rotation parameters (angles)")                                      \
    X(ANGULARVELOCITY, "AngularVelocity", "global angular velocity [rad/s]")                     \
    X(ANGULARACCELERATION, "AngularAcceleration", "global angular acceleration [rad/s^2]")       \
    X(ROTATIONMATRIX, "RotationMatrix", "rotation matrix, 9 entries row by row")                 \
    X(TORQUE, "Torque", "connector or constraint torque [N m]")                                  \
    X(VELOCITYLOCAL, "VelocityLocal", "velocity in the local (joint or body) frame [m/s]")       \
    X(ANGULARVELOCITYLOCAL, "AngularVelocityLocal", "angular velocity in the body frame")        \
    X(KINETICENERGY, "KineticEnergy", "kinetic energy [J]")                                      \
    X(ANGULARACCELERATIONLOCAL, "AngularAccelerationLocal", "angular acceleration, body frame") \
    X(DIRECTOR1, "Director1", "slope vector r' of a beam or cable axis at a local position")       \
    X(STRAINLOCAL, "StrainLocal", "axial strain of a beam or cable axis")                        \
    X(CURVATURELOCAL, "CurvatureLocal", "curvature of a beam or cable axis [1/m]")               \
    X(FORCELOCAL, "ForceLocal", "section normal force of a beam or cable [N]")                   \
    X(TORQUELOCAL, "TorqueLocal", "section bending moment of a beam or cable [N m]")            \
    X(DEFORMATION, "Deformation", "generalized deformations e of a deformation element")         \
    X(DEFORMATIONVELOCITY, "DeformationVelocity", "their time derivatives e_t")                \
    X(STRESSRESULTANT, "StressResultant",                                                      \
      "stress resultants sigma of a deformation element (multipliers of constrained ones)")     \
    X(COORDINATESTOTAL, "CoordinatesTotal", "reference plus displacement coordinates of a node") \
    X(SLIDINGCOORDINATE, "SlidingCoordinate", "global sliding coordinate of a sliding joint [m]") \
    X(ACCELERATIONLOCAL, "AccelerationLocal", "acceleration in the body (link) frame [m/s^2]")  \
    X(DISPLACEMENTLOCAL, "DisplacementLocal", "relative displacement in the local (joint) frame") \
    X(HOMOGENEOUSTRANSFORMATION, "HomogeneousTransformation",                                 \
      "4 x 4 homogeneous transformation [A, p; 0, 1], 16 entries row by row")                 \
    X(POTENTIALENERGY, "PotentialEnergy", "potential (elastic) energy of a spring [J]")        \
    X(HOMOGENEOUSTRANSFORMATIONLOCAL, "HomogeneousTransformationLocal",                       \
      "4 x 4 relative transformation of a connector's frame 1 in its frame 0, row by row")
typedef enum {
#define CD_X_ENUM(e, name, doc) CD_OV_##e,
    CD_OUTPUT_VARIABLES(CD_X_ENUM)
#undef CD_X_ENUM
    CD_OV_COUNT
} cd_outvar;
const char *cd_outvar_name(cd_outvar v);      /* Exudyn's name ("Position") */
const char *cd_outvar_doc(cd_outvar v);       /* one line */

/* ------------------------------------------------------------------ marker data */

struct cd_markerdata;

/* the derivatives of a marker's J and Jrot with respect to its n local coordinates, supplied by
 * the body (node or object) it sits on, which keeps what they need in md->dwork. The exact
 * derivatives of the formulas the body evaluates; K, G column-major:
 *   jtv_dq:  K (n x n) += d(J^T v)/dq at fixed v
 *   jrtv_dq: K (leading dimension ld, the marker's block at row and column offset o)
 *            += d(Jrot^T t)/dq at fixed t
 *   dvec:    G (3 x n) = d(A xl)/dq at fixed local xl
 *   dAt:     G (3 x n) = d(A^T y)/dq at fixed global y
 *   dpos, dvel, domega: G (3 x n) = d pos/dq, d vel/dq, d omega/dq
 * (the G are written fully). Callers use the dispatchers cd_md_* (core/cd_marker.h). */
typedef struct cd_markerderiv {
    void (*jtv_dq)(const struct cd_markerdata *md, const double v[3], double *K);
    void (*jrtv_dq)(const struct cd_markerdata *md, const double t[3], double *K, int ld, int o);
    void (*dvec)(const struct cd_markerdata *md, const double xl[3], double *G);
    void (*dAt)(const struct cd_markerdata *md, const double y[3], double *G);
    void (*dpos)(const struct cd_markerdata *md, double *G);
    void (*dvel)(const struct cd_markerdata *md, double *G);
    void (*domega)(const struct cd_markerdata *md, double *G);
    /* domegav: G (3 x n) = d omega/dq_t where it is not Jrot (Euler-parameter frames off
     * |e| = 1: omega = A Gbar e_t, Jrot = G); NULL: Jrot */
    void (*domegav)(const struct cd_markerdata *md, double *G);
    /* coordinate markers whose gradient g (row 0 of J, coord = -1) depends on q:
     *   dvalue: dval (n) = d value/dq, dvalt (n) = d value_t/dq (either may be NULL)
     *   dgrad:  K (leading dimension ld, the marker's block at row and column offset o)
     *           += s dg/dq, K_jk += s dg_j/dq_k
     * NULL entries (in any row above): the dispatcher's fallback (cd_marker.c) */
    void (*dvalue)(const struct cd_markerdata *md, double *dval, double *dvalt);
    void (*dgrad)(const struct cd_markerdata *md, double s, double *K, int ld, int o);
} cd_markerderiv;

/* what connectors and loads see of a marker: position/coordinate, velocity and Jacobians with
 * respect to the marker's own local ODE2 coordinates (n of them) */
typedef struct cd_markerdata {
    int n;            /* number of local ODE2 coordinates the marker depends on */
    double pos[3];    /* position (position markers) */
    double vel[3];    /* velocity */
    double *J;        /* 3 x n position Jacobian, column-major (workspace) */
    int Jconst;       /* 1 if J does not depend on q (point-like markers) */
    double value;     /* coordinate markers: the coordinate (displacement) */
    double value_t;   /* and its velocity */
    int coord;        /* coordinate markers: local index of the coordinate (0..n-1); -1 with
                         n > 0: the value depends on all n coordinates, its gradient (the row
                         d value_t / d q_t) is row 0 of J (CD_MD_GRADIENT) */
    double Jdot_v[3]; /* dJ/dt q_t: acceleration of the point = J q_tt + Jdot_v */
    /* rigid markers (rigid == 1): orientation and angular velocity */
    int rigid;
    double A[9];      /* rotation matrix, row-major: global = A local */
    double omega[3];  /* angular velocity, global */
    double *Jrot;     /* 3 x n: the rotation Jacobian torques act through, global,
                         column-major (workspace); d omega / d q_t except on Euler-parameter
                         frames off |e| = 1 (cd_md_domegav) */
    double r[3];      /* lever arm: marker position - body reference point, global */
    /* derivatives of J and Jrot (analytic Jacobians), filled when want_d is set */
    int want_d;       /* set by the caller: 1 to fill deriv and dwork */
    const cd_markerderiv *deriv; /* the body's derivative products; NULL: J and Jrot do not
                                    depend on q (then d pos/dq = J, the others are 0) */
    double *dwork;    /* the body's data for deriv (s->maxmkd doubles, set by the caller) */
} cd_markerdata;

/* ------------------------------------------------------------------ items */

struct cd_system;
struct cd_item;

/* evaluation context of one object: local copies of its coordinates */
typedef struct cd_objctx {
    const struct cd_system *sys;
    const struct cd_item *item;
    int index;            /* object index */
    double t;
    const double *q;      /* local ODE2 displacement coordinates (item->nq) */
    const double *v;      /* local velocities (item->nq) */
    const double *a;      /* local accelerations (item->nq), outputs only; may be NULL */
    const double *lam;    /* local multipliers (item->nae) */
    int index2;           /* 1: position constraints evaluated at velocity level; 2: the same
                             in the system of the initial accelerations (cd_genalpha.c), for
                             items whose rows there follow Exudyn's (ObjectJointSliding2D) */
    cd_markerdata *md;    /* connectors: data of markers 0 and 1, filled before the call */
    cd_error *err;
    double *scratch;      /* the object's scratch (its ops->scratch doubles; never NULL) */
    const double *y;      /* local ODE1 coordinates (item->n1; total = reference + y) */
    const double *yd;     /* their time derivatives (item->n1) */
    const double *data;   /* local Data coordinates (item->nd) */
    const double *x;      /* local algebraic variables of NodeGenericAE nodes (item->nx) */
} cd_objctx;

enum {
    CD_NODEF_POS = 1,      /* provides a 3D position (NodePoint, NodePoint2D, ground) */
    CD_NODEF_GROUND = 2,   /* no coordinates */
    CD_NODEF_ROT = 4,      /* provides an orientation (rigid-body nodes) */
    CD_NODEF_LIE = 8,      /* coordinates 3..5 are a rotation vector updated on SO(3) */
    CD_NODEF_ANGLES = 16   /* coordinates 3..5 are Tait-Bryan angles xyz (Rotation reports them) */
};

enum {
    CD_OBJF_BODY = 1,       /* has mass and a position of local points */
    CD_OBJF_CONNECTOR = 2,  /* acts between two markers */
    CD_OBJF_CONSTRAINT = 4, /* owns Lagrange multipliers */
    CD_OBJF_GROUND = 8,     /* no coordinates */
    CD_OBJF_MASSPROP = 16,  /* accepts mass-proportional loads (MarkerBodyMass) */
    CD_OBJF_POSITIONAL = 32, /* residual independent of velocities at index 3 (position-level
                               constraints): numerical differentiation skips q_t */
    CD_OBJF_AXIS = 64,      /* beams and cables: body_position only for points on the axis,
                               local positions [x, 0, 0] */
    CD_OBJF_AESELF = 128    /* constraints whose equations depend on their own algebraic
                               unknowns and whose r2 is not linear in them (sliding joints:
                               forces and the sliding coordinate): the Newton matrix gets their
                               full nae x nae block d rae/d lam, and the numerical Jacobian
                               differentiates r2 and rae with respect to lam by forward
                               differences; their analytic one is jacobian_aeself */,
    CD_OBJF_PNDATA = 256    /* post_newton only updates the object's Data coordinates:
                               without Data (nd == 0, an optional data node not given) it is
                               not called */
};

#define CD_JAC_NUMERICAL 1000

enum { CD_MKF_POSITION = 1, CD_MKF_COORDINATE = 2, CD_MKF_BODYMASS = 4,
       CD_MKF_ORIENTATION = 8,
       CD_MKF_CONSTJ = 16 /* J constant and no orientation: loads on it have K = 0 */,
       CD_MKF_RELCOORD = 32 /* a coordinate of several bodies' coordinates (relative-coordinate
                               markers: value and gradient, md->coord = -1); only the
                               connectors that accept it in their check see it */ };

typedef struct cd_itemtype cd_itemtype;

typedef struct cd_nodeops {
    int flags;                                    /* CD_NODEF_* */
    int (*nq)(const void *p);                     /* number of ODE2 coordinates */
    int (*n1)(const void *p);                     /* number of ODE1 coordinates; NULL: 0 */
    int (*ndata)(const void *p);                  /* number of Data coordinates; NULL: 0 */
    /* ODE1 reference and initial coordinates (n1 each); Data initial values (ndata) */
    void (*init1)(const void *p, double *yref, double *y0);
    void (*initdata)(const void *p, double *d0);
    /* reference, initial, initial velocity coordinates (nq each) */
    void (*init)(const void *p, double *qref, double *q0, double *v0);
    /* position, velocity of the node and 3 x nq Jacobian (column-major) from local coords */
    void (*position)(const void *p, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J);
    /* rigid nodes: everything of MarkerData at the node's reference point (md->n, J, Jrot set
     * by the caller); NULL for nodes without orientation */
    void (*frame)(const void *p, const double *qref, const double *q, const double *v,
                  cd_markerdata *md);
    /* doubles of md->dwork its frames need for their derivative data; NULL: none */
    int (*marker_dsize)(const void *p);
    /* rigid nodes: rotation of the total coordinates theta (q[3..]): A (row-major 3x3),
     * Gbar (3 x ntheta, row-major) with local omega = Gbar theta_t, and d(Gbar)/dt theta_t */
    void (*rotation)(const void *p, const double *qref, const double *q, const double *v,
                     double A[9], double *Gbar, double Gbd_v[3]);
    /* rigid nodes: derivatives of rotation(): dA (ntheta row-major 3x3 blocks, exact
     * dA/dtheta_k; Lie-group nodes: along the local tangent, A e_k~), dGb (ntheta blocks of
     * Gbar's layout, dGbar/dtheta_k), dGbd_q and dGbd_v (3 x ntheta, row-major: derivatives
     * of Gbd_v with respect to theta and theta_t) */
    void (*rotation_d)(const void *p, const double *qref, const double *q, const double *v,
                       double *dA, double *dGb, double *dGbd_q, double *dGbd_v);
    /* rigid nodes whose A is not orthogonal off their constraint (Euler parameters): the
     * global rotation Jacobian G (3 x ntheta, row-major; the torques' Jacobian, d omega /
     * d theta_t on the constraint) and, unless dG is NULL, its derivatives dG/dtheta_k
     * (ntheta blocks of G's layout). NULL op: G = A Gbar */
    void (*rotation_global)(const void *p, const double *qref, const double *q, double *G,
                            double *dG);
    /* node-owned algebraic equations (the Euler-parameter norm): number, residual
     * (r2 = C_q^T lam on the node's coordinates, rae = g or g_t) and analytic Jacobian
     * (K = dr2/dq, Cq, Gq = drae/dq, Gv = drae/dv; column-major, written fully) */
    /* after each accepted time step: project the velocities onto the tangent of the node's
     * own constraint (Euler parameters: e . e_t = 0); NULL if none */
    void (*project_velocity)(const void *p, const double *qref, const double *q, double *v);
    int (*nae)(const void *p);
    /* algebraic variables without equations of their own (NodeGenericAE): number and initial
     * values (nx); NULL: none */
    int (*nx)(const void *p);
    void (*initx)(const void *p, double *x0);
    void (*ae_residual)(const void *p, const double *qref, const double *q, const double *v,
                        const double *lam, int index2, double *r2, double *rae);
    void (*ae_jacobian)(const void *p, const double *qref, const double *q, const double *v,
                        const double *lam, int index2, double *K, double *Cq, double *Gq,
                        double *Gv);
} cd_nodeops;

typedef struct cd_objectops {
    int flags;                                   /* CD_OBJF_* */
    int nmarkers;                                /* connectors: 2 (0: any number, as the
                                                    marker list has; cd_item.nmk) */
    int (*markers)(const void *p, const int **markers); /* connectors: marker list */
    /* connectors that switch between markers during a solve (sliding joints): further markers
     * whose coordinates are appended to the local list after those of markers 0 and 1, each
     * global coordinate once, so that the Newton-matrix pattern covers every marker the object
     * can use; returns their number. NULL: none */
    int (*more_markers)(const void *p, const int **markers);
    int (*nae)(const void *p);                   /* number of multipliers (constraints) */
    int (*nodes)(const void *p, const int **nodes); /* bodies: node list */
    int mass_const;                              /* 1: mass matrix does not depend on q */
    /* NULL, or 1 when this item's mass matrix depends on the state although mass_const is 1
     * (a mass-matrix user function): then it is treated as mass_const 0 */
    int (*mass_varies)(const void *p);
    /* local mass matrix nq x nq column-major (written fully); NULL = massless. When
     * mass_const is 0 the object's residual includes M(q) a itself (and its Jacobian
     * d(M(q) a)/dq); the assembly then only adds M to the Newton matrix */
    int (*mass)(const cd_objctx *c, double *M);
    /* local residuals: r2 (nq) = -f + C_q^T lam, rae (nae) = g or g_t (see header) */
    int (*residual)(const cd_objctx *c, double *r2, double *rae);
    /* objects on ODE1 coordinates: r1 (n1) = -f1(y, t) (the assembly adds y'); NULL: none */
    int (*residual1)(const cd_objctx *c, double *r1);
    /* elements: the parts of r2 separately, so dynamics, statics, linearization and buckling
     * share one implementation. elastic: fel (nq) = the elastic (internal) forces, the part
     * of r2 that derives from a potential, and Kel (nq x nq, column-major; may be NULL) its
     * tangent d fel/dq; geometric: Kg (nq x nq) = the geometric (stress) stiffness, the part
     * of Kel that is proportional to the current stresses and loads. NULL: none. */
    int (*elastic)(const cd_objctx *c, double *fel, double *Kel);
    int (*geometric)(const cd_objctx *c, double *Kg);
    /* scratch memory (doubles) the object needs during an evaluation beyond the local
     * matrices; asked at Assemble, provided in cd_objctx.scratch. NULL: none */
    int (*scratch)(const struct cd_system *s, const struct cd_item *it);
    /* analytic Jacobian, NULL = numerical: K = dr2/dq, D = dr2/dv (nq x nq), Cq (nae x nq) the
     * matrix whose transpose multiplies lam in r2, Gq = drae/dq, Gv = drae/dv (nae x nq); all
     * column-major, all written fully. Returns CD_JAC_NUMERICAL if it cannot (the caller then
     * differentiates numerically), another nonzero status on failure. */
    int (*jacobian)(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv);
    /* CD_OBJF_AESELF objects: the analytic Jacobian with, beyond jacobian's matrices (Cq is
     * then d r2/d lam, r2 not being linear in lam), Ga (nae x nae, column-major, written
     * fully) = d rae/d lam; CD_JAC_NUMERICAL: numerical. NULL: numerical (their jacobian entry
     * is not used) */
    int (*jacobian_aeself)(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                           double *Gv, double *Ga);
    /* CD_OBJF_AESELF objects: their kinematic conditions for the check of the initial state
     * (cd_initial.c), g (nae, written fully) at position level (index2 = 0) or velocity level
     * (1), 0 in rows that are no kinematic condition (force balances, the sliding coordinate's
     * own equation); their residual rows are not used there. NULL: the residual rows */
    int (*initial_rows)(const cd_objctx *c, int index2, double *g);
    /* velocity-level constraint flag per object (velocityLevel parameter) */
    int (*velocity_level)(const void *p);
    /* bodies: position/velocity of a local point from the body's local coordinates, with the
     * 3 x nq Jacobian (column-major) */
    void (*body_position)(const struct cd_system *s, const struct cd_item *it,
                          const double *lp, const double *q, const double *v,
                          double pos[3], double vel[3], double *J);
    /* rigid bodies: MarkerData of the body-fixed point lp (position, velocity, J, Jdot_v,
     * orientation, angular velocity, Jrot, derivative data); NULL for bodies without orientation */
    void (*body_frame)(const struct cd_system *s, const struct cd_item *it, const double *lp,
                       const double *q, const double *v, cd_markerdata *md);
    /* bodies: doubles of md->dwork its markers need for their derivative data; NULL: none */
    int (*marker_dsize)(const void *p);
    /* bodies: generalized force (nq) of a mass-proportional load b (force per mass) */
    void (*mass_force)(const struct cd_system *s, const struct cd_item *it, const double *q,
                       const double b[3], double *f);
    /* bodies whose mass_force depends on q (rigid bodies with an offset centre of mass):
     * K (nq x nq, column-major) += d f/dq; NULL: constant (point masses) */
    void (*mass_force_dq)(const struct cd_system *s, const struct cd_item *it, const double *q,
                          const double b[3], double *K);
    /* bodies: output variables at the local point lp beyond the generic point outputs
     * (Position, Displacement, Velocity, Acceleration; beams and cables: strain, curvature,
     * section forces); returns the number of values written or -1 (then the generic point
     * output answers). The type lists them in its outvars. NULL: none */
    int (*output_at)(const cd_objctx *c, const double *lp, cd_outvar var, double *out);
    /* output variable; returns number of values written (<= 16) or -1 if unsupported */
    int (*output)(const cd_objctx *c, cd_outvar var, double *out);
    int (*uses_userfunc)(const void *p);         /* 1: analytic Jacobian not applicable */
    int (*active)(const void *p);                /* constraints: 0 when deactivated */
    /* constraints: 1 if algebraic row j is the trivial equation lambda_j = 0 (an axis that is
     * not constrained); NULL: none is */
    int (*lambda_row)(const struct cd_item *it, int j);
    /* items with a discontinuous iteration (contact states in Data coordinates): after Newton
     * has converged, the new values of the object's Data coordinates (item->nd of them, into
     * data_out, written fully; c->data holds the values Newton used) from the converged
     * configuration, and *error >= 0, the size of the change (Exudyn's PostNewtonStep: a
     * force, e.g. sum |gap change| contactStiffness over the segments whose contact state
     * changed; 0: the state is a fixed point). The solvers run Newton again with the new Data
     * while the sum over all objects exceeds discontinuous.iterationTolerance (cd_driver.c,
     * docs/solvers.rst "Discontinuous iteration"). *h_rec: a recommended step size (Exudyn's
     * recommendedStepSize: < 0 none, 0 the minimum step, > 0 that step), set to -1 by the
     * caller. Returns a status. NULL: none */
    int (*post_newton)(const cd_objctx *c, double *data_out, double *error, double *h_rec);
    /* mixed objects (algebraic equations, couplings between coordinate kinds): they have no
     * residual/residual1; their local rows are, as mixed_rows says (CD_MIXR_*), the ODE2 rows
     * of their nq coordinates, their neq equations (rows of the AE pool, see the header) and
     * the ODE1 rows of their n1 coordinates; their local columns the q, q' (sharing q's Newton
     * columns), x (nx) and y (n1) coordinates of their nodes.
     *   neq:   number of equations in the AE pool (NULL: 0)
     *   mixed: r2 (nq) added to the ODE2 residual (= -f), rg (neq) = g, r1 (n1) added to the
     *          ODE1 residual (= -f1); every row of a kind it declares is written
     *   mixed_jacobian: J (nr x nc, column-major, written fully) = d[r2; rg; r1]/d[q, q', x, y]
     *          with nr = nq + neq + n1 (all three row kinds, declared or not) and
     *          nc = 2 nq + nx + n1; CD_JAC_NUMERICAL: differentiate numerically. NULL:
     *          numerical (forward differences, cd_eval.c) */
    int mixed_rows;
    int (*neq)(const void *p);
    int (*mixed)(const cd_objctx *c, double *r2, double *rg, double *r1);
    int (*mixed_jacobian)(const cd_objctx *c, double *J);
} cd_objectops;

enum { CD_MIXR_ODE2 = 1, CD_MIXR_AE = 2, CD_MIXR_ODE1 = 4 }; /* rows a mixed object writes */

typedef struct cd_markerops {
    int flags;                 /* CD_MKF_* */
    int on_body;               /* 1: sits on an object (bodyNumber), 0: on a node */
    int (*base)(const void *p);   /* index of the node or body it sits on */
    /* which of the base's coordinates it depends on: count, and the first (*first); NULL: all
     * of them. Called at Assemble. */
    int (*coordinates)(const struct cd_system *s, const struct cd_item *mk, int *first);
    /* markers on several bodies (the relative-coordinate markers): the number of the marker's
     * local coordinates, and, if ltg is not NULL, their global indices written into ltg (the
     * coordinates of body 0, then those of body 1). NULL: the coordinates of base (above).
     * Called at Assemble, after the bodies have their LTG lists. */
    int (*ltg)(const struct cd_system *s, const struct cd_item *mk, int *ltg);
    /* marker data from the marker's local coordinates (md->n set by the caller) */
    void (*eval)(const struct cd_system *s, const struct cd_item *mk, const double *q,
                 const double *v, cd_markerdata *md);
    /* output variables of its own (SensorMarker, GetMarkerOutput) from the marker's local
     * coordinates q, v: the number of values written (<= the output capacity) or -1 (then the
     * generic marker outputs answer); NULL: none */
    int (*output)(const struct cd_system *s, const struct cd_item *mk, const double *q,
                  const double *v, cd_outvar var, double *out);
    /* doubles of md->dwork the marker's eval needs for its derivative data, when more than
     * its base's marker_dsize (called at Assemble, after the marker has its nq); NULL: the
     * base's */
    int (*dsize)(const struct cd_system *s, const struct cd_item *mk);
} cd_markerops;

struct cd_evalws;

/* what a load type does; the core calls these and never looks at the parameters */
typedef struct cd_loadops {
    int marker_flags;          /* required CD_MKF_* of its marker */
    int nvalues;               /* 3 (vector) or 1 (scalar) */
    int (*marker)(const void *p);     /* index of the marker it acts on */
    /* current values (nvalues) into out: the parameter, or its user function at time t.
     * Returns nvalues, or a negative status with err set. */
    int (*value)(const struct cd_system *s, int l, double t, double *out, cd_error *err);
    /* 1 if the values come from a user function (they see the quasi-time in statics and are
     * not scaled by the load factor) */
    int (*timed)(const void *p);
    /* generalized force f (ld->nq) of values val at the load's local coordinates q, v; the
     * residual gets r -= load_factor f. Marker data go through workspace slot 0. */
    void (*force)(const struct cd_system *s, struct cd_evalws *ws, const struct cd_item *ld,
                  const double *q, const double *v, const double *val, double *f);
    /* 1 if f does not depend on q (the Newton matrix gets nothing from it) */
    int (*constant)(const struct cd_system *s, const struct cd_item *ld);
    /* K (nq x nq, column-major, written fully) = -df/dq analytically; returns CD_JAC_NUMERICAL
     * when it cannot (the caller differentiates numerically); NULL: always numerical */
    int (*jacobian)(const struct cd_system *s, struct cd_evalws *ws, const struct cd_item *ld,
                    const double *q, const double *v, const double *val, double *K);
} cd_loadops;

/* what a sensor reads, as its type says */
typedef struct cd_sensorinfo {
    cd_kind kind;              /* kind of the item read */
    int index;                 /* its index */
    const double *lp;          /* a local point on a body (SensorBody), else NULL */
    cd_outvar var;             /* output variable */
    int writeToFile;           /* 1: also write the values to file */
    const char *fileName;      /* file name ("": no file, as in Exudyn) */
    int storeInternal;         /* 1: keep the values for GetSensorStoredData */
} cd_sensorinfo;

struct cd_state;
typedef struct cd_sensorops {
    void (*info)(const void *p, cd_sensorinfo *si);
    /* sensors that compute their values themselves (SensorUserFunction; NULL: the output
     * variable of si): the values at st into out (capacity CD_MAXOUT); returns their number,
     * or a negative code with err set */
    int (*value)(const struct cd_system *s, int index, const struct cd_state *st, double *out,
                 cd_error *err);
} cd_sensorops;

struct cd_itemtype {
    cd_kind kind;
    const char *name;          /* full Exudyn class name, e.g. "ObjectMassPoint" */
    const char *typename_;     /* Exudyn's type key without prefix, e.g. "MassPoint" */
    const char *alias;         /* short alias ("SpringDamper"), NULL if none */
    const char *doc;           /* one paragraph */
    size_t psize;              /* size of the parameter struct */
    const cd_field *fields;
    int nfields;
    /* extra validation after parsing, may look at other items; fills err naming the field */
    int (*check)(const struct cd_system *s, int index, const void *p, cd_error *err);
    const cd_nodeops *node;
    const cd_objectops *object;
    const cd_markerops *marker;
    const cd_loadops *load;
    const cd_outvar *outvars;  /* output variables it provides, terminated by CD_OV_NONE */
    const cd_sensorops *sensor;
};

typedef struct cd_item {
    const cd_itemtype *type;
    void *p;                   /* parameter struct (type->psize bytes) */
    /* filled by Assemble */
    int nq;                    /* number of local ODE2 coordinates */
    int *ltg;                  /* their global indices (nq) */
    int n1;                    /* number of local ODE1 coordinates */
    int *ltg1;                 /* their indices in the ODE1 vector (n1) */
    int nd;                    /* number of local Data coordinates */
    int *ltgd;                 /* their indices in the Data vector (nd) */
    int ae0, nae;              /* first global AE index (relative to AE block) and count */
    int nx;                    /* number of algebraic variables of NodeGenericAE nodes: the
                                  node's own, or those of an object's nodes */
    int *ltgx;                 /* their indices in the AE vector (nx) */
    int eq0, neq;              /* mixed objects: first AE index of their equations in the
                                  pool [aex0, nae) and count */
    int nmk;                   /* connectors: number of markers (2 for most; a reeving system
                                  has as many as its rope has sheaves) */
    int *mk_off;               /* connectors: offset of marker k's coordinates in the local
                                  list (nmk entries; marker k's coordinates follow marker k-1's) */
    int *map;                  /* positions in the Newton matrix values: see cd_pattern */
} cd_item;

/* common first member of every parameter struct */
typedef struct cd_common { char *name; } cd_common;

/* ------------------------------------------------------------------ system */

typedef struct cd_itemlist { int n, cap; cd_item *items; } cd_itemlist;

/* Newton matrix pattern: square, N = n2 + nae + n1, CSC with sorted row indices */
typedef struct cd_pattern {
    int N, nnz;
    int *colptr;   /* N+1 */
    int *rowind;   /* nnz */
    int *diag;     /* n2 + n1: position of the diagonal entry of every ODE2 coordinate, then
                      of every ODE1 coordinate */
} cd_pattern;

typedef struct cd_system {
    cd_itemlist list[CD_NKIND];
    int assembled;              /* 1 after a successful cd_system_assemble */
    int n2, nae, n1, nd;        /* numbers of ODE2, AE, ODE1 and Data coordinates */
    int off1;                   /* first ODE1 unknown in the Newton system: n2 + nae */
    double *qref;               /* reference ODE2 coordinates (n2) */
    double *q0, *v0;            /* initial displacement coordinates and velocities (n2) */
    double *yref, *y0;          /* reference and initial ODE1 coordinates (n1) */
    double *d0;                 /* initial Data coordinates (nd) */
    double *lam0;               /* initial multipliers (nae, zero unless set): used by the
                                   linearized analysis only (solves compute their own) */
    int *owner1, *ownerd;       /* node owning each ODE1 / Data coordinate */
    int *owner2, *ownerae;      /* item owning each ODE2 coordinate (node) / AE (object or node) */
    int *ownerae_kind;          /* CD_OBJECT or CD_NODE for each AE */
    int aex0, nx;               /* algebraic variables of NodeGenericAE nodes: AE indices
                                   [aex0, aex0 + nx), nx = nae - aex0 (the pool, see above) */
    double *x0;                 /* their initial values (nx) */
    int *eqownerae;             /* object owning each AE row: ownerae except in the pool, where
                                   the row is an equation of a mixed object (nae) */
    int *eqownerae_kind;        /* CD_OBJECT or CD_NODE for each AE row */
    int nlg, *lgstart;          /* Lie-group rotation blocks: global index of each block's start */
    int *lgoff;                 /* n2: offset (0..2) of a coordinate in its block, -1 if none */
    int maxnq, maxnae;          /* largest object nq, nae (workspace sizes) */
    int maxmk;                  /* largest marker nq */
    int maxnmk;                 /* largest number of markers of a connector (at least 2) */
    int maxmkd;                 /* largest marker derivative data (hosts' marker_dsize) */
    int maxn1, maxnd;           /* largest item n1, nd */
    int maxnx;                  /* largest item nx */
    int maxmixed;               /* largest nr x nc of a mixed object's local Jacobian */
    int maxscratch;             /* largest object scratch (ops->scratch) */
    cd_pattern pat;
} cd_system;

/* the state: what a solve reads and writes */
typedef struct cd_state {
    int n2, nae, n1, nd;
    double t;
    double *q, *v, *a;  /* ODE2 displacements, velocities, accelerations (n2) */
    double *lam;        /* multipliers (nae) */
    double *y, *yd;     /* ODE1 coordinates (displacements from yref) and derivatives (n1) */
    double *data;       /* Data coordinates (nd) */
} cd_state;

/* -------------------------------------------------------------- system functions */

cd_system *cd_system_create(void);
cd_system *cd_system_free(cd_system *s);          /* accepts NULL, returns NULL */
const cd_itemtype *cd_type_find(cd_kind kind, const char *name); /* full, typename or alias */
int cd_ntypes(void);
const cd_itemtype *cd_type_get(int i);
const char *cd_kind_name(cd_kind k);               /* "node", "object", ... */
const char *cd_kind_key(cd_kind k);                /* "nodeType", "objectType", ... */

/* parameters: allocate a parameter struct with defaults (NULL on failure) and free one */
void *cd_params_new(const cd_itemtype *t, cd_error *err);
void cd_params_free(const cd_itemtype *t, void *p);
/* generic numeric checks (finite, sign) of one field; message names item and index */
int cd_params_check_field(const cd_itemtype *t, int index, const cd_field *f, const void *p,
                          cd_error *err);
/* set a field from numbers (VEC/MAT/REAL/INT/BOOL/INDEX/INDEXLIST); used by the parser */
int cd_field_set_numbers(const cd_field *f, void *p, const double *x, int n, int rows,
                         cd_error *err);
const cd_field *cd_field_find(const cd_itemtype *t, const char *name);

/* add an item; takes ownership of p (freed on failure). Runs all checks.
 * Returns the new index (>= 0) or a negative status with err filled. */
int cd_system_add(cd_system *s, const cd_itemtype *t, void *p, cd_error *err);
/* replace an item's parameters (ModifyItem); same checks */
int cd_system_modify(cd_system *s, cd_kind kind, int index, void *p, cd_error *err);
/* remove item `index` of `kind` (its parameters are freed): later items of that kind shift
 * down by one, references to them in every item follow, references to the removed item become
 * -1 (Assemble then names the item and parameter that lost its target) */
void cd_system_delete(cd_system *s, cd_kind kind, int index);
/* every reference of every item names an existing item (CD_OK), else CD_ERR_INPUT naming it */
int cd_system_check_refs(const cd_system *s, cd_error *err);
/* name of an item for messages: "ObjectMassPoint 3 ('mass1')" into buf */
const char *cd_item_label(const cd_system *s, cd_kind kind, int index, char *buf, size_t n);

/* what Newton unknown / equation i is, in the user's terms: "ODE2 coordinate 3 of NodePoint 1",
 * "algebraic equation 0 of ObjectConnectorDistance 2 ('link')", "ODE1 coordinate ..." */
const char *cd_unknown_label(const cd_system *s, int i, char *buf, size_t n);
/* what Newton equation (row) i is: as cd_unknown_label, except in the AE pool, where row i is
 * "algebraic equation k of ObjectGenericAE 3" while unknown i is "algebraic variable j of
 * NodeGenericAE 2" */
const char *cd_equation_label(const cd_system *s, int i, char *buf, size_t n);

/* assign coordinates, LTG lists, multipliers and the Newton matrix pattern.
 * Writes s->n2, nae, qref, q0, v0, owners, pattern, every item's ltg/map. */
int cd_system_assemble(cd_system *s, cd_error *err);
/* drop what Assemble built (called before re-assembling and on free) */
void cd_system_unassemble(cd_system *s);

/* state */
/* allocate for the assembled sizes of s (all zero) */
int cd_state_init(cd_state *st, const cd_system *s);
/* the initial state of s: q0, v0, y0, d0 (accelerations, multipliers, y' zero) */
void cd_state_set_initial(cd_state *st, const cd_system *s);
void cd_state_free(cd_state *st);
void cd_state_copy(cd_state *dst, const cd_state *src); /* same sizes */

#endif
