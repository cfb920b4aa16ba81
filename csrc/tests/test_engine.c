/* test_engine: C tests of the engine without Python.
 *  - a pendulum chain built through the C API: assembly sizes and pattern, constraint residual
 *    after a solve, energy of a single pendulum against its initial value;
 *  - no allocation inside a time step: every malloc/calloc/realloc of the process is counted
 *    (interposed by test_alloc.h) and a solve of 2N steps must allocate exactly as often as one of N
 *    steps (allocation happens at solve start only), for the dense and sparse solvers, full
 *    and modified Newton;
 *  - error statuses: solving an unassembled system, an invalid index at add time;
 *  - connectors between markers with 100 coordinates each: analytic Jacobians, checked
 *    against forward differences;
 *  - the linearized system (cd_linearize) of a horizontal chain of distance constraints: M, the
 *    constraint Jacobian, and the constraints' geometric stiffness at given multipliers;
 *  - the structure of the equations: cd_sprank's greedy rank against known dependencies and
 *    dense Gram-Schmidt, cd_dof_analyze (both paths) on a door on three hinges and a chain with
 *    a doubled link, cd_structure's blocks of two pendulums and a loose node; allocation
 *    failures in cd_sprank and the sparse degree-of-freedom path.
 * Prints "N passed, M failed". */
#include "test_alloc.h"   /* first: counts every allocation (malloc interposed) */
#include "../core/cd_items.h"
#include "../items/cd_item_list.h"
#include "../core/cd_eval.h"
#include "../solvers/cd_solver.h"
#include "../solvers/cd_linearize.h"
#include "../math/cd_lie.h"
#include "../analysis/cd_dof.h"
#include "../analysis/cd_sprank.h"
#include "../analysis/cd_structure.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

static int passed = 0, failed = 0;
#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (cond) passed++;                                                                  \
        else { failed++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } \
    } while (0)

/* ---------------------------------------------------------------- building models in C */

static void *params(const cd_itemtype *t)
{
    cd_error err = {0, ""};
    return cd_params_new(t, &err);
}

static void setf(const cd_itemtype *t, void *p, const char *name, int n, const double *x)
{
    cd_error err = {0, ""};
    const cd_field *f = cd_field_find(t, name);
    if (!f || cd_field_set_numbers(f, p, x, n, 1, &err)) {
        printf("cannot set %s.%s\n", t->name, name);
        exit(2);
    }
}

/* building a model where any step may fail (allocation-failure tests): after the first failure
 * every later step does nothing; the failure's status and message are kept */
typedef struct builder {
    cd_system *s;
    int rc;          /* status of the first failure, CD_OK while none */
    cd_error err;    /* its message */
} builder;

/* one parameter value: name, count, rows (matrices), values; or a string (str set, x NULL) */
typedef struct fv { const char *name; int n, rows; const double *x; const char *str; } fv;
#define FV(name, ...) {name, (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), 1, \
                       (double[]){__VA_ARGS__}, NULL}
#define FVN(name, n, x) {name, n, 1, x, NULL}
#define FVM(name, rows, x) {name, (rows) * (rows), rows, x, NULL}
#define FVS(name, text) {name, 0, 0, NULL, text}

/* set a string field (owned by the parameter struct) */
static int set_string(const cd_field *f, void *p, const char *text, cd_error *err)
{
    char **dst = (char **)((char *)p + f->offset), *copy = malloc(strlen(text) + 1);
    if (!copy) return cd_error_set(err, CD_ERR_NOMEM, "out of memory setting '%s'", f->name);
    strcpy(copy, text);
    free(*dst);
    *dst = copy;
    return CD_OK;
}

static void b_fail(builder *b, int rc)
{
    b->rc = rc < 0 ? rc : CD_ERR_INTERNAL;   /* a failure reported without a status is a bug */
}

/* add an item of the named type with the given parameters; its index, or -1 after a failure */
static int b_item(builder *b, cd_kind kind, const char *type, const fv *f, int nf)
{
    const cd_itemtype *t = cd_type_find(kind, type);
    if (!t) { printf("no item type %s\n", type); exit(2); }
    if (b->rc) return -1;
    void *p = cd_params_new(t, &b->err);
    if (!p) { b_fail(b, b->err.code); return -1; }
    for (int i = 0; i < nf; i++) {
        const cd_field *fd = cd_field_find(t, f[i].name);
        if (!fd) { printf("no field %s.%s\n", type, f[i].name); exit(2); }
        int rc = f[i].str ? set_string(fd, p, f[i].str, &b->err)
                          : cd_field_set_numbers(fd, p, f[i].x, f[i].n, f[i].rows, &b->err);
        if (rc) {
            cd_params_free(t, p);
            b_fail(b, rc);
            return -1;
        }
    }
    int i = cd_system_add(b->s, t, p, &b->err);   /* frees p on failure */
    if (i < 0) b_fail(b, i);
    return i;
}
#define ITEM(b, kind, type, ...) \
    b_item(b, kind, type, (fv[]){__VA_ARGS__}, (int)(sizeof((fv[]){__VA_ARGS__}) / sizeof(fv)))

/* chain of n point masses (2D, mass 1) joined by unit distance constraints, hanging from the
 * ground at the origin, initially horizontal; gravity -9.81 in y */
static void b_chain(builder *b, int n)
{
    double ground = b_item(b, CD_OBJECT, "ObjectGround", NULL, 0);
    double prev = ITEM(b, CD_MARKER, "MarkerBodyPosition", FV("bodyNumber", ground));
    for (int i = 0; i < n; i++) {
        double nd = ITEM(b, CD_NODE, "NodePoint2D", FV("referenceCoordinates", i + 1.0, 0));
        double body = ITEM(b, CD_OBJECT, "ObjectMassPoint2D", FV("mass", 1), FV("nodeNumber", nd));
        double mk = ITEM(b, CD_MARKER, "MarkerNodePosition", FV("nodeNumber", nd));
        ITEM(b, CD_OBJECT, "ObjectConnectorDistance", FV("markerNumbers", prev, mk),
             FV("distance", 1));
        double mm = ITEM(b, CD_MARKER, "MarkerBodyMass", FV("bodyNumber", body));
        ITEM(b, CD_LOAD, "LoadMassProportional", FV("markerNumber", mm),
             FV("loadVector", 0, -9.81, 0));
        prev = mk;
    }
}

static cd_system *pendulum_chain(int n)
{
    builder b = {cd_system_create(), 0, {0, ""}};
    if (!b.s) { printf("cd_system_create failed\n"); exit(2); }
    b_chain(&b, n);
    if (b.rc) { printf("building the chain failed: %s\n", b.err.msg); exit(2); }
    return b.s;
}

static cd_settings settings(int steps, double tend, cd_ls_kind ls, int modified)
{
    cd_settings set;
    cd_settings_default(&set);
    set.numberOfSteps = steps;
    set.endTime = tend;
    set.linearSolver = ls;
    set.dynamicNewton.useModifiedNewton = modified;
    return set;
}

/* solve from the initial configuration; returns status, counts allocations of the solve */
static int solve(const cd_system *s, const cd_settings *set, cd_state *st, long *nalloc)
{
    cd_stats stats;
    cd_error err = {0, ""};
    memcpy(st->q, s->q0, sizeof(double) * (size_t)s->n2);
    memcpy(st->v, s->v0, sizeof(double) * (size_t)s->n2);
    long before = ta_nalloc;
    int rc = cd_solve_dynamic(s, set, st, NULL, &stats, &err);
    *nalloc = ta_nalloc - before;
    if (rc) printf("solve failed: %s\n", err.msg);
    return rc;
}

/* largest |L_i - 1| over the chain's links */
static double chain_residual(const cd_system *s, const cd_state *st)
{
    double worst = 0, px = 0, py = 0;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        double x = s->qref[2 * i] + st->q[2 * i], y = s->qref[2 * i + 1] + st->q[2 * i + 1];
        worst = fmax(worst, fabs(hypot(x - px, y - py) - 1.0));
        px = x;
        py = y;
    }
    return worst;
}

/* entry j of an index or index-list field of item (kind, i) */
static int ref_of(const cd_system *s, cd_kind kind, int i, const char *field, int j)
{
    const cd_item *it = &s->list[kind].items[i];
    const cd_field *f = cd_field_find(it->type, field);
    const char *p = (const char *)it->p + f->offset;
    return f->type == CD_FT_INDEX ? *(const int *)p : ((const cd_ivec *)p)->x[j];
}

/* cd_system_delete: later items shift down, references follow, references to the deleted item
 * become -1 and Assemble names them */
static void test_delete(void)
{
    cd_system *s = pendulum_chain(3);   /* nodes 0..2; objects ground, (mass i, link i)...;
                                         * markers ground, (position i, mass i)... */
    cd_error err = {0, ""};
    cd_system_delete(s, CD_NODE, 1);
    CHECK(s->list[CD_NODE].n == 2, "delete: 2 nodes left, got %d", s->list[CD_NODE].n);
    CHECK(ref_of(s, CD_OBJECT, 3, "nodeNumber", 0) == -1, "delete: mass 1 lost its node");
    CHECK(ref_of(s, CD_OBJECT, 5, "nodeNumber", 0) == 1, "delete: mass 2's node shifted down");
    CHECK(ref_of(s, CD_OBJECT, 1, "nodeNumber", 0) == 0, "delete: mass 0's node unchanged");
    CHECK(ref_of(s, CD_MARKER, 3, "nodeNumber", 0) == -1 &&
          ref_of(s, CD_MARKER, 5, "nodeNumber", 0) == 1, "delete: markers follow");
    int rc = cd_system_assemble(s, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "ObjectMassPoint2D 3: parameter 'nodeNumber' "
                                                "is not set"), "delete: assemble names it: %s",
          err.msg);
    cd_system_delete(s, CD_MARKER, 0);   /* the ground marker: link 0 loses marker 0 */
    CHECK(ref_of(s, CD_OBJECT, 2, "markerNumbers", 0) == -1 &&
          ref_of(s, CD_OBJECT, 2, "markerNumbers", 1) == 0 &&
          ref_of(s, CD_OBJECT, 4, "markerNumbers", 0) == 0 &&
          ref_of(s, CD_OBJECT, 4, "markerNumbers", 1) == 2, "delete: connector markers follow");
    CHECK(ref_of(s, CD_LOAD, 2, "markerNumber", 0) == 5, "delete: loads follow");
    cd_system_free(s);
}

static void test_assembly(void)
{
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(10);
    CHECK(cd_system_assemble(s, &err) == CD_OK, "assemble: %s", err.msg);
    CHECK(s->n2 == 20 && s->nae == 10, "sizes n2 = %d, nae = %d", s->n2, s->nae);
    /* every ODE2 diagonal is in the pattern; constraint i couples nodes i-1 and i */
    int ok = 1;
    for (int i = 0; i < s->n2; i++) ok &= s->pat.diag[i] >= 0;
    CHECK(ok, "diagonal entries present");
    CHECK(cd_pattern_find(&s->pat, 20 + 5, 2 * 4) >= 0 && cd_pattern_find(&s->pat, 20 + 5, 2 * 5) >= 0,
          "constraint 5 couples nodes 4 and 5");
    CHECK(cd_pattern_find(&s->pat, 20 + 5, 2 * 7) < 0, "constraint 5 does not touch node 7");
    cd_system_free(s);
}

/* a cantilever of n flexible elements (ANCF cable: beam = 0; geometrically exact 2D beam:
 * beam = 1) of length 1 along x, clamped at x = 0, under gravity; a MarkerBodyRigid at the
 * middle of the last element with a torsional spring to the ground (markers on the element) */
static cd_system *flexible_cantilever(int n, int beam)
{
    builder b = {cd_system_create(), 0, {0, ""}};
    if (!b.s) { printf("cd_system_create failed\n"); exit(2); }
    double le = 1.0 / n, prev = -1, el = -1;
    double ng = ITEM(&b, CD_NODE, "NodePointGround", FV("referenceCoordinates", 0, 0, 0));
    double mg = ITEM(&b, CD_MARKER, "MarkerNodeCoordinate", FV("nodeNumber", ng),
                     FV("coordinate", 0));
    for (int i = 0; i <= n; i++) {
        double nd = beam ? ITEM(&b, CD_NODE, "NodeRigidBody2D",
                                FV("referenceCoordinates", i * le, 0, 0))
                         : ITEM(&b, CD_NODE, "NodePoint2DSlope1",
                                FV("referenceCoordinates", i * le, 0, 1, 0));
        if (i == 0)
            for (int j = 0; j < 3; j++) {
                double mc = ITEM(&b, CD_MARKER, "MarkerNodeCoordinate", FV("nodeNumber", nd),
                                 FV("coordinate", beam ? j : (j == 2 ? 3 : j)));
                ITEM(&b, CD_OBJECT, "ObjectConnectorCoordinate", FV("markerNumbers", mg, mc));
            }
        else {
            el = beam ? ITEM(&b, CD_OBJECT, "ObjectBeamGeometricallyExact2D",
                             FV("nodeNumbers", prev, nd), FV("length", le),
                             FV("massPerLength", 1), FV("crossSectionInertia", 1e-6),
                             FV("bendingStiffness", 1), FV("axialStiffness", 1e4),
                             FV("shearStiffness", 1e4))
                      : ITEM(&b, CD_OBJECT, "ObjectANCFCable2D", FV("nodeNumbers", prev, nd),
                             FV("length", le), FV("massPerLength", 1),
                             FV("bendingStiffness", 1), FV("axialStiffness", 1e4));
            double mm = ITEM(&b, CD_MARKER, "MarkerBodyMass", FV("bodyNumber", el));
            ITEM(&b, CD_LOAD, "LoadMassProportional", FV("markerNumber", mm),
                 FV("loadVector", 0, -9.81, 0));
        }
        prev = nd;
    }
    double gr = ITEM(&b, CD_OBJECT, "ObjectGround", FV("referencePosition", 0, 0, 0));
    double m0 = ITEM(&b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", gr),
                     FV("localPosition", 1 - le / 2, 0, 0));
    double x = beam ? 0.0 : le / 2;   /* the middle of the last element, in each element's axis */
    double m1 = ITEM(&b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", el),
                     FV("localPosition", x, 0, 0));
    ITEM(&b, CD_OBJECT, "ObjectConnectorTorsionalSpringDamper", FV("markerNumbers", m0, m1),
         FV("stiffness", 0.1), FV("damping", 0.01));
    if (b.rc) { printf("building the cantilever failed: %s\n", b.err.msg); exit(2); }
    return b.s;
}

/* the flexible elements and their markers: no allocation inside a step either */
static void test_no_allocation_in_flexible_steps(void)
{
    for (int beam = 0; beam < 2; beam++) {
        cd_error err = {0, ""};
        cd_system *s = flexible_cantilever(16, beam);
        int rc = cd_system_assemble(s, &err);
        CHECK(rc == 0, "assemble the %s cantilever: %s", beam ? "beam" : "cable", err.msg);
        cd_state st;
        cd_state_init(&st, s);
        for (int modified = 0; modified < 2; modified++) {
            long a1, a2;
            cd_settings s1 = settings(100, 0.1, CD_LS_SPARSE, modified);
            cd_settings s2 = settings(200, 0.2, CD_LS_SPARSE, modified);
            s1.blowUpWarning = s2.blowUpWarning = 1;
            rc = solve(s, &s1, &st, &a1) | solve(s, &s2, &st, &a2);
            CHECK(rc == 0, "%s cantilever solves succeed", beam ? "beam" : "cable");
            CHECK(a1 == a2 && a1 > 0,
                  "%s cantilever, %s Newton: %ld allocations for 100 steps, %ld for 200 (must "
                  "be equal)", beam ? "beam" : "cable", modified ? "modified" : "full", a1, a2);
            /* the cantilever has bent down under its weight */
            int tip = beam ? 3 * 16 + 1 : 4 * 16 + 1;
            CHECK(st.q[tip] < -0.01, "%s cantilever tip displacement %g", beam ? "beam" : "cable",
                  st.q[tip]);
        }
        cd_state_free(&st);
        cd_system_free(s);
    }
}

/* a stiff cable (one element, L = 1) falling from y0 onto a circle (r = 0.1, centre
 * (0.5, -0.1)) with 4 contact segments: the discontinuous iteration allocates nothing either,
 * and takes repeated Newton solves in the steps where contact states change */
static void test_no_allocation_in_contact_steps(void)
{
    builder b = {cd_system_create(), 0, {0, ""}};
    if (!b.s) { printf("cd_system_create failed\n"); exit(2); }
    double gr = ITEM(&b, CD_OBJECT, "ObjectGround", FV("referencePosition", 0, 0, 0));
    double n0 = ITEM(&b, CD_NODE, "NodePoint2DSlope1", FV("referenceCoordinates", 0, 0.02, 1, 0));
    double n1 = ITEM(&b, CD_NODE, "NodePoint2DSlope1", FV("referenceCoordinates", 1, 0.02, 1, 0));
    double el = ITEM(&b, CD_OBJECT, "ObjectANCFCable2D", FV("nodeNumbers", n0, n1),
                     FV("length", 1), FV("massPerLength", 1), FV("bendingStiffness", 100),
                     FV("axialStiffness", 1e5));
    double mm = ITEM(&b, CD_MARKER, "MarkerBodyMass", FV("bodyNumber", el));
    ITEM(&b, CD_LOAD, "LoadMassProportional", FV("markerNumber", mm),
         FV("loadVector", 0, -9.81, 0));
    double mc = ITEM(&b, CD_MARKER, "MarkerBodyPosition", FV("bodyNumber", gr),
                     FV("localPosition", 0.5, -0.1, 0));
    double sh = ITEM(&b, CD_MARKER, "MarkerBodyCable2DShape", FV("bodyNumber", el),
                     FV("numberOfSegments", 4));
    double nd = ITEM(&b, CD_NODE, "NodeGenericData", FV("initialCoordinates", 0.1, 0.1, 0.1, 0.1),
                     FV("numberOfDataCoordinates", 4));
    ITEM(&b, CD_OBJECT, "ObjectContactCircleCable2D", FV("markerNumbers", mc, sh),
         FV("nodeNumber", nd), FV("numberOfContactSegments", 4), FV("contactStiffness", 1e4),
         FV("contactDamping", 10), FV("circleRadius", 0.1));
    if (b.rc) { printf("building the contact model failed: %s\n", b.err.msg); exit(2); }
    cd_error err = {0, ""};
    int rc = cd_system_assemble(b.s, &err);
    CHECK(rc == 0, "assemble the contact model: %s", err.msg);
    cd_state st;
    cd_state_init(&st, b.s);
    long a[2], disc[2], steps[2];
    for (int k = 0; k < 2; k++) {
        cd_settings set = settings(100 * (k + 1), 0.1 * (k + 1), CD_LS_SPARSE, 0);
        cd_stats stats;
        cd_state_set_initial(&st, b.s);
        long before = ta_nalloc;
        rc = cd_solve_dynamic(b.s, &set, &st, NULL, &stats, &err);
        a[k] = ta_nalloc - before;
        disc[k] = stats.discontinuous;
        steps[k] = stats.steps;
        CHECK(rc == 0, "contact solve %d: %s", k, err.msg);
    }
    CHECK(a[0] == a[1] && a[0] > 0, "contact: %ld allocations for 100 steps, %ld for 200 (must "
          "be equal)", a[0], a[1]);
    CHECK(disc[1] > steps[1] && steps[1] == 200, "contact: %ld discontinuous iterations in %ld "
          "steps (states change: more than one solve in some steps)", disc[1], steps[1]);
    CHECK(st.data[1] != 0.1 && st.data[2] != 0.1 && st.data[0] == 0.1 && st.data[3] == 0.1,
          "contact: the middle segments' states were updated, the outer ones never touched "
          "(states %g %g %g %g)", st.data[0], st.data[1], st.data[2], st.data[3]);
    cd_state_free(&st);
    cd_system_free(b.s);
}

static void test_no_allocation_in_steps(void)
{
    cd_ls_kind kinds[2] = {CD_LS_SPARSE, CD_LS_DENSE};
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(20);
    cd_system_assemble(s, &err);
    cd_state st;
    cd_state_init(&st, s);
    for (int k = 0; k < 2; k++)
        for (int modified = 0; modified < 2; modified++) {
            long a1, a2;
            cd_settings s1 = settings(200, 0.2, kinds[k], modified);
            cd_settings s2 = settings(400, 0.4, kinds[k], modified);
            int rc = solve(s, &s1, &st, &a1) | solve(s, &s2, &st, &a2);
            CHECK(rc == 0, "solves succeed");
            CHECK(a1 == a2 && a1 > 0,
                  "%s, %s Newton: %ld allocations for 200 steps, %ld for 400 (must be equal)",
                  k ? "dense" : "sparse", modified ? "modified" : "full", a1, a2);
            CHECK(chain_residual(s, &st) < 1e-10, "constraint residual %.3g",
                  chain_residual(s, &st));
        }
    cd_state_free(&st);
    cd_system_free(s);
}

/* verboseMode's events (cd_event): counted per kind; the accepted steps' times and the
 * vectors of level 3 checked */
typedef struct { long n[16]; int bad_t, bad_vec; double h; } evcount;

static int count_event(void *ctx, const cd_event *ev)
{
    evcount *c = ctx;
    c->n[ev->kind & 15]++;
    if (ev->kind == CD_EV_ACCEPTED && fabs(ev->t - (double)ev->step * c->h) > 1e-12)
        c->bad_t++;
    if (ev->kind == CD_EV_ITERATION && (!ev->r) != (!ev->dx)) c->bad_vec++;
    return 0;
}

static void test_events(void)
{
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(5);
    cd_system_assemble(s, &err);
    cd_state st;
    cd_state_init(&st, s);
    long alloc[4];
    for (int level = 0; level <= 3; level++) {
        cd_settings set = settings(50, 0.05, CD_LS_SPARSE, 1);
        evcount c;
        memset(&c, 0, sizeof c);
        c.h = 0.001;
        cd_solvectx ctx = {NULL, NULL, 0, NULL, NULL, level, count_event, &c, NULL, NULL};
        cd_stats stats;
        cd_state_set_initial(&st, s);
        long before = ta_nalloc;
        int rc = cd_solve_dynamic(s, &set, &st, &ctx, &stats, &err);
        alloc[level] = ta_nalloc - before;
        CHECK(rc == 0, "events: level %d solve: %s", level, err.msg);
        long all = 0;
        for (int k = 0; k < 16; k++) all += c.n[k];
        if (level < 2) {
            CHECK(all == 0, "events: level %d: %ld events in a solve without failed steps",
                  level, all);
            continue;
        }
        CHECK(c.n[CD_EV_START] == 1 && c.n[CD_EV_ACCEPTED] == stats.steps &&
              c.n[CD_EV_STEP] == stats.steps + stats.rejected &&
              c.n[CD_EV_NEWTON] == c.n[CD_EV_STEP] && c.n[CD_EV_CONVERGED] == stats.steps,
              "events: level %d: %ld start, %ld step, %ld newton, %ld converged, %ld accepted "
              "events for %ld steps", level, c.n[CD_EV_START], c.n[CD_EV_STEP],
              c.n[CD_EV_NEWTON], c.n[CD_EV_CONVERGED], c.n[CD_EV_ACCEPTED], stats.steps);
        CHECK(c.n[CD_EV_ITERATION] == stats.newton && c.n[CD_EV_JACOBIAN] > 0 &&
              c.n[CD_EV_JACOBIAN] <= stats.jacobians, "events: level %d: %ld iteration events "
              "for %ld iterations, %ld Jacobian events for %ld", level, c.n[CD_EV_ITERATION],
              stats.newton, c.n[CD_EV_JACOBIAN], stats.jacobians);
        CHECK(c.bad_t == 0 && c.bad_vec == 0, "events: %d accepted steps at a wrong time, %d "
              "iterations with half the vectors", c.bad_t, c.bad_vec);
    }
    CHECK(alloc[0] == alloc[1] && alloc[0] == alloc[2] && alloc[0] == alloc[3],
          "events: the solve allocates the same at every level (%ld %ld %ld %ld)", alloc[0],
          alloc[1], alloc[2], alloc[3]);
    cd_state_free(&st);
    cd_system_free(s);
}

/* single pendulum, rho = 1 (trapezoidal): energy at t = 2 close to the initial energy 0 */
static void test_energy(void)
{
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(1);
    cd_system_assemble(s, &err);
    cd_state st;
    cd_state_init(&st, s);
    cd_settings set = settings(4000, 2.0, CD_LS_AUTO, 0);
    set.spectralRadius = 1.0;
    long na;
    CHECK(solve(s, &set, &st, &na) == 0, "solve");
    double y = st.q[1], E = 0.5 * (st.v[0] * st.v[0] + st.v[1] * st.v[1]) + 9.81 * y;
    CHECK(fabs(E) < 1e-4 * 9.81, "energy drift %.3g J after 2 s", E);
    cd_state_free(&st);
    cd_system_free(s);
}

static void test_errors(void)
{
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(2);
    cd_state st;
    cd_state_init(&st, s);
    cd_settings set = settings(10, 0.1, CD_LS_AUTO, 0);
    cd_stats stats;
    int rc = cd_solve_dynamic(s, &set, &st, NULL, &stats, &err);
    CHECK(rc == CD_ERR_NOTASSEMBLED && strstr(err.msg, "Assemble"), "unassembled: %d '%s'", rc, err.msg);
    void *p = params(&cd_type_ObjectMassPoint);
    double bad = 99;
    setf(&cd_type_ObjectMassPoint, p, "nodeNumber", 1, &bad);
    rc = cd_system_add(s, &cd_type_ObjectMassPoint, p, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "nodeNumber") && strstr(err.msg, "99"),
          "invalid index message: '%s'", err.msg);
    cd_system_assemble(s, &err);
    cd_state_free(&st);
    cd_state_init(&st, s);
    set.numberOfSteps = 0;
    rc = cd_solve_dynamic(s, &set, &st, NULL, &stats, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "numberOfSteps"), "bad settings: '%s'", err.msg);
    cd_state_free(&st);
    cd_system_free(s);
}

/* SO(3): log(exp(psi)) = psi for |psi| < pi, including angles close to 0 and to pi, and
 * composition against the product of rotation matrices */
static void test_rotation_vector(void)
{
    double worst = 0, psi[3], A[9], back[3];
    unsigned long long r = 12345;
    for (int k = 0; k < 2000; k++) {
        double n[3], nn = 0, th;
        for (int i = 0; i < 3; i++) {
            r = r * 6364136223846793005ULL + 1442695040888963407ULL;
            n[i] = (double)(r >> 11) / 9007199254740992.0 - 0.5;
            nn += n[i] * n[i];
        }
        nn = sqrt(nn);
        th = k < 500 ? 1e-9 * k : k < 1000 ? 3.14159265358979 - 1e-9 * (k - 500)
                                          : 3.14 * (k - 1000) / 1000.0;
        for (int i = 0; i < 3; i++) psi[i] = th * n[i] / nn;
        cd_rot_exp(psi, A);
        cd_rot_log(A, back);
        for (int i = 0; i < 3; i++) worst = fmax(worst, fabs(back[i] - psi[i]));
    }
    CHECK(worst < 1e-12, "log(exp(psi)) error %.3g", worst);
    double a[3] = {0.3, -1.2, 2.0}, d[3] = {-0.4, 0.7, 0.1}, c[3], Aa[9], Ad[9], Ac[9];
    cd_rot_compose(a, d, c);
    cd_rot_exp(a, Aa); cd_rot_exp(d, Ad); cd_rot_exp(c, Ac);
    double err = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double p = 0;
            for (int k = 0; k < 3; k++) p += Aa[3 * i + k] * Ad[3 * k + j];
            err = fmax(err, fabs(p - Ac[3 * i + j]));
        }
    CHECK(err < 1e-14, "compose: exp(c) != exp(a) exp(d), error %.3g", err);
    /* tangent operator: log(exp(-psi) exp(psi + eps e_k)) / eps -> T(psi) e_k (central
     * differences), for a large and a tiny rotation (series branch) */
    double psis[2][3] = {{0.9, -1.7, 0.6}, {2e-5, -1e-5, 3e-5}}, werr = 0;
    for (int t = 0; t < 2; t++) {
        double T[9], mpsi[3] = {-psis[t][0], -psis[t][1], -psis[t][2]}, eps = 1e-6;
        cd_rot_tangent(psis[t], T);
        for (int k = 0; k < 3; k++) {
            double pp[3], pm[3], cp[3], cm[3];
            for (int i = 0; i < 3; i++) {
                pp[i] = psis[t][i] + (i == k) * eps;
                pm[i] = psis[t][i] - (i == k) * eps;
            }
            cd_rot_compose(mpsi, pp, cp);  /* log(exp(-psi) exp(psi + eps e_k)) */
            cd_rot_compose(mpsi, pm, cm);
            for (int i = 0; i < 3; i++)
                werr = fmax(werr, fabs((cp[i] - cm[i]) / (2 * eps) - T[3 * i + k]));
        }
    }
    CHECK(werr < 1e-8, "tangent operator vs central differences: error %.3g", werr);
}

/* ---------------------------------------------------------------- connectors on many coordinates
 * A connector's analytic Jacobian has no limit on its markers' coordinates: two markers of a
 * test host with NBIG coordinates each whose J depends on q, as a flexible body's does,
 *     pos = B q + c (w.q)^2 / 2,   J = B + c (w.q) w^T,   vel = J q_t   (no rotation, A = I),
 * supply their derivative products through cd_markerderiv; the connectors' K, D, Cq, Gq must
 * match forward differences of their residuals. */
enum { NBIG = 100 };
typedef struct { double B[3 * NBIG], c[3], w[NBIG]; } bighost;

/* dwork of the test host: c (3), w.q, w.q_t, w (NBIG) */
static void big_jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    const double *d = md->dwork, *w = d + 5, cv = d[0] * v[0] + d[1] * v[1] + d[2] * v[2];
    for (int j = 0; j < md->n; j++)
        for (int i = 0; i < md->n; i++) K[i + md->n * j] += cv * w[i] * w[j];
}

static void big_jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    (void)md; (void)t; (void)K; (void)ld; (void)o;   /* Jrot = 0 */
}

static void big_zero(const cd_markerdata *md, double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
}

static void big_dvec(const cd_markerdata *md, const double x[3], double *G)
{
    (void)x;
    big_zero(md, G);   /* A = I */
}

static void big_dpos(const cd_markerdata *md, double *G)
{
    memcpy(G, md->J, sizeof(double) * 3 * (size_t)md->n);
}

static void big_dvel(const cd_markerdata *md, double *G)   /* c (w.q_t) w^T */
{
    const double *d = md->dwork;
    for (int j = 0; j < md->n; j++)
        for (int i = 0; i < 3; i++) G[i + 3 * j] = d[i] * d[4] * d[5 + j];
}

static const cd_markerderiv big_deriv = {.jtv_dq = big_jtv_dq, .jrtv_dq = big_jrtv_dq,
                                         .dvec = big_dvec, .dAt = big_dvec, .dpos = big_dpos,
                                         .dvel = big_dvel, .domega = big_zero};

/* MarkerData of the test host at q, v (md->J, Jrot, dwork set by the caller) */
static void big_eval(const bighost *h, const double *q, const double *v, cd_markerdata *md)
{
    double wq = 0, wv = 0;
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    for (int j = 0; j < NBIG; j++) {
        wq += h->w[j] * q[j];
        wv += h->w[j] * v[j];
    }
    md->n = NBIG;
    for (int j = 0; j < NBIG; j++)
        for (int i = 0; i < 3; i++) md->J[i + 3 * j] = h->B[i + 3 * j] + h->c[i] * wq * h->w[j];
    for (int i = 0; i < 3; i++) {
        md->pos[i] = h->c[i] * wq * wq / 2;
        md->vel[i] = 0;
        for (int j = 0; j < NBIG; j++) {
            md->pos[i] += h->B[i + 3 * j] * q[j];
            md->vel[i] += md->J[i + 3 * j] * v[j];
        }
    }
    memset(md->Jrot, 0, sizeof(double) * 3 * NBIG);
    memcpy(md->A, I3, sizeof I3);
    memset(md->omega, 0, sizeof md->omega);
    md->Jconst = md->rigid = 0;
    md->deriv = &big_deriv;
    memcpy(md->dwork, h->c, sizeof h->c);
    md->dwork[3] = wq;
    md->dwork[4] = wv;
    memcpy(md->dwork + 5, h->w, sizeof h->w);
}

/* what the connector test works on: two hosts, the markers' storage, the coordinates */
typedef struct {
    bighost h[2];
    double J[2][3 * NBIG], Jr[2][3 * NBIG], dw[2][5 + NBIG];
    double q[2 * NBIG], v[2 * NBIG], lam[3];
    cd_markerdata md[2];
} bigcase;

static void big_markers(bigcase *b)
{
    for (int k = 0; k < 2; k++) {
        b->md[k].J = b->J[k];
        b->md[k].Jrot = b->Jr[k];
        b->md[k].dwork = b->dw[k];
        big_eval(&b->h[k], b->q + NBIG * k, b->v + NBIG * k, &b->md[k]);
    }
}

static void big_setup(bigcase *b)
{
    for (int k = 0; k < 2; k++) {
        for (int j = 0; j < NBIG; j++) {
            for (int i = 0; i < 3; i++)
                b->h[k].B[i + 3 * j] = sin(1.0 + j + 7.0 * i + 31.0 * k) / NBIG;
            b->h[k].w[j] = cos(0.3 * j + k) / sqrt((double)NBIG);
            b->q[NBIG * k + j] = 0.5 * sin(0.7 * j + 2.0 * k) + k;
            b->v[NBIG * k + j] = cos(1.3 * j - k);
        }
        for (int i = 0; i < 3; i++) b->h[k].c[i] = 0.2 * (i + 1) * (k ? -1 : 1);
    }
    b->lam[0] = 3.0;
    b->lam[1] = -2.0;
    b->lam[2] = 0.5;
    big_markers(b);
}

/* largest |A - F| relative to the largest |A| (n entries) */
static double rel_err(const double *A, const double *F, int n)
{
    double e = 0, m = 1e-300;
    for (int i = 0; i < n; i++) {
        e = fmax(e, fabs(A[i] - F[i]));
        m = fmax(m, fabs(A[i]));
    }
    return e / m;
}

/* forward differences of r2 (nq) and rae (na) of connector c by q (x = q) or q_t (x = v):
 * Kn (nq x nq), Gn (na x nq) */
static void big_fd(const cd_objctx *c, bigcase *b, double *x, double *Kn, double *Gn)
{
    int nq = 2 * NBIG, na = c->item->nae;
    double r0[2 * NBIG], r1[2 * NBIG], a0[3] = {0}, a1[3] = {0}, eps = 1e-6;
    big_markers(b);
    c->item->type->object->residual(c, r0, a0);
    for (int j = 0; j < nq; j++) {
        double save = x[j];
        x[j] += eps;
        big_markers(b);
        c->item->type->object->residual(c, r1, a1);
        x[j] = save;
        for (int i = 0; i < nq; i++) Kn[i + nq * j] = (r1[i] - r0[i]) / eps;
        for (int i = 0; i < na; i++) Gn[i + na * j] = (a1[i] - a0[i]) / eps;
    }
    big_markers(b);
}

/* connector type `name` (fields f1, f2 set to n values x1, x2; f2 may be NULL) between the two
 * markers: analytic (CD_OK, not CD_JAC_NUMERICAL) and equal to forward differences; the
 * scratch (its scratch op) is not overrun */
static void test_big_connector(const char *name, int n, const char *f1, const double *x1,
                               const char *f2, const double *x2)
{
    static bigcase b;
    enum { NQ = 2 * NBIG };
    static double K[NQ * NQ], D[NQ * NQ], Kn[NQ * NQ], Dn[NQ * NQ], Cq[3 * NQ], Gq[3 * NQ],
        Gv[3 * NQ], Gn[3 * NQ], Gvn[3 * NQ], Cn[3 * NQ];
    const cd_itemtype *t = cd_type_find(CD_OBJECT, name);
    void *p = params(t);
    setf(t, p, f1, n, x1);
    if (f2) setf(t, p, f2, n, x2);
    int mk_off[2] = {0, NBIG};
    cd_item it = {.type = t, .p = p, .nq = NQ, .nmk = 2, .mk_off = mk_off};
    it.nae = t->object->nae ? t->object->nae(p) : 0;
    int need = t->object->scratch(NULL, &it);
    double *scratch = malloc(sizeof(double) * (size_t)(need + 8));
    for (int i = 0; i < need + 8; i++) scratch[i] = -12345.0;
    cd_error err = {0, ""};
    big_setup(&b);
    cd_objctx c = {.item = &it, .q = b.q, .v = b.v, .lam = b.lam, .md = b.md, .err = &err,
                   .scratch = scratch};
    int rc = t->object->jacobian(&c, K, D, Cq, Gq, Gv);
    CHECK(rc == CD_OK, "%s on 2 x %d coordinates: analytic Jacobian (got %d)", name, NBIG, rc);
    int intact = 1;
    for (int i = need; i < need + 8; i++) intact &= scratch[i] == -12345.0;
    CHECK(intact, "%s: stays within its scratch (%d doubles)", name, need);
    big_fd(&c, &b, b.q, Kn, Gn);
    big_fd(&c, &b, b.v, Dn, Gvn);
    CHECK(rel_err(K, Kn, NQ * NQ) < 1e-4 && rel_err(D, Dn, NQ * NQ) < 1e-4,
          "%s: K, D against differences: %.2e, %.2e", name, rel_err(K, Kn, NQ * NQ),
          rel_err(D, Dn, NQ * NQ));
    for (int j = 0; j < it.nae; j++) {   /* Cq = d r2/d lambda (r2 is linear in lambda) */
        double r0[NQ], r1[NQ], a[3];
        t->object->residual(&c, r0, a);
        b.lam[j] += 1.0;
        t->object->residual(&c, r1, a);
        b.lam[j] -= 1.0;
        for (int i = 0; i < NQ; i++) Cn[j + it.nae * i] = r1[i] - r0[i];
    }
    if (it.nae)
        CHECK(rel_err(Cq, Cn, it.nae * NQ) < 1e-9 && rel_err(Gq, Gn, it.nae * NQ) < 1e-4,
              "%s: Cq, Gq against differences: %.2e, %.2e", name, rel_err(Cq, Cn, it.nae * NQ),
              rel_err(Gq, Gn, it.nae * NQ));
    free(scratch);
    cd_params_free(t, p);
}

static void test_big_connectors(void)
{
    static const double k1 = 1000, d1 = 10, k3[3] = {1000, 500, 200}, d3[3] = {20, 10, 5},
                        L = 0.7, on[3] = {1, 1, 1};
    test_big_connector("ObjectConnectorSpringDamper", 1, "stiffness", &k1, "damping", &d1);
    test_big_connector("ObjectConnectorCartesianSpringDamper", 3, "stiffness", k3, "damping",
                       d3);
    test_big_connector("ObjectConnectorDistance", 1, "distance", &L, NULL, NULL);
    test_big_connector("ObjectJointSpherical", 3, "constrainedAxes", on, NULL, NULL);
}

/* the settings list: defaults from the list, lookup by path and by alias */
static void test_settings_ranges(void);

static void test_settings_table(void)
{
    cd_settings set;
    cd_settings_default(&set);
    CHECK(set.numberOfSteps == 100 && set.sensorsWritePeriod == 0.01 &&
          set.dynamicNewton.maxIterations == 25 && set.staticNewton.relativeTolerance == 1e-8 &&
          set.linearSolver == CD_LS_AUTO, "defaults from cd_settings_list.h");
    const cd_setting_info *e = cd_settings_find(cd_settings_table, cd_settings_count,
                                                "staticSolver.newton.maxIterations");
    CHECK(e && e->offset == (long)offsetof(cd_settings, staticNewton.maxIterations) &&
          e->type == CD_SETT_INT && e->def == 25, "static Newton entry");
    CHECK(!cd_settings_find(cd_settings_table, cd_settings_count, "timeIntegration.newton.max"),
          "unknown path");
    static const cd_setting_info tab[] = {
        {"a.x", NULL, -1, CD_SETT_REAL, 1.0, NULL, CD_SETR_ANY, CD_SETE_ACCEPTED, "a.oldX  b.x",
         "x"},
        {"a.oldX2", NULL, -1, CD_SETT_REAL, 2.0, NULL, CD_SETR_ANY, CD_SETE_ACCEPTED, "", "y"}};
    CHECK(cd_settings_find(tab, 2, "a.oldX") == &tab[0] && cd_settings_find(tab, 2, "b.x") == &tab[0],
          "aliases");
    CHECK(cd_settings_find(tab, 2, "a.oldX2") == &tab[1] && !cd_settings_find(tab, 2, "a.old") &&
          !cd_settings_find(tab, 2, "") && !cd_settings_find(tab, 2, "b"), "alias words match whole");
    test_settings_ranges();
}

/* the range check over the table: defaults pass, a bad value is named with its range */
static void test_settings_ranges(void)
{
    cd_settings set;
    cd_error err;
    cd_settings_default(&set);
    memset(&err, 0, sizeof err);
    CHECK(!cd_settings_check_dynamic(&set, &err) && !cd_settings_check_static(&set, &err),
          "defaults are in range");
    set.minimumStepSize = 0;
    CHECK(cd_settings_check_dynamic(&set, &err) == CD_ERR_INPUT &&
          !strcmp(err.msg, "timeIntegration.minimumStepSize must be > 0, got 0"), "range message");
    CHECK(!cd_settings_check_static(&set, &err), "a static solve skips timeIntegration");
    cd_settings_default(&set);
    set.staticNewton.maxIterations = -3;
    CHECK(cd_settings_check_static(&set, &err) == CD_ERR_INPUT &&
          strstr(err.msg, "staticSolver.newton.maxIterations must be an integer >= 0, got -3"),
          "integer range message");
    cd_settings_default(&set);
    set.endTime = 1e200;
    set.numberOfSteps = 10;
    CHECK(cd_settings_check_dynamic(&set, &err) == CD_ERR_INPUT && strstr(err.msg, "h^2"),
          "step size out of range");
}

/* ---------------------------------------------------------------- allocation failures
 * A representative model: the pendulum chain; two 3D rigid bodies (Euler parameters, and a
 * rotation vector on the Lie group) hanging from the ground by a revolute joint with a torsional
 * spring, welded to each other by a generic joint, with gravity, a force and a torque; a generic
 * ODE2 body on NG coordinates (full matrices) tied to the ground by a coordinate spring and a
 * coordinate constraint, with a coordinate load; an ODE1 system; algebraic variables with
 * their equations and couplings to the ODE2 and ODE1 coordinates; sensors on a body, a node, a
 * load and an object. */
enum { NG = 40 };
static char sensor_file[64];   /* the file of the model's load sensor (under /tmp) */

static void b_model(builder *b, int chain)
{
    static double M[NG * NG], K[NG * NG], D[NG * NG], q0[NG], f[NG], zero[NG];
    static const double A1[4] = {-1, 0.5, 0, -2};
    for (int i = 0; i < NG; i++) {
        for (int j = 0; j < NG; j++) {
            M[i + NG * j] = i == j;
            K[i + NG * j] = i == j ? 200 : (i - j == 1 || j - i == 1) ? -100 : 0;
            D[i + NG * j] = 0.01 * K[i + NG * j];
        }
        q0[i] = i ? 0.01 : 0;
        f[i] = 0.1;
    }
    if (chain) b_chain(b, 3);
    double ground = b_item(b, CD_OBJECT, "ObjectGround", NULL, 0);
    double mg = ITEM(b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", ground));
    double n1 = ITEM(b, CD_NODE, "NodeRigidBodyEP",
                     FV("referenceCoordinates", 0, -0.5, 0, 1, 0, 0, 0));
    double b1 = ITEM(b, CD_OBJECT, "ObjectRigidBody", FV("mass", 2),
                     FV("inertia", 0.1, 0.2, 0.2, 0, 0, 0), FV("nodeNumber", n1));
    double m1a = ITEM(b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", b1),
                      FV("localPosition", 0, 0.5, 0));
    double m1b = ITEM(b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", b1),
                      FV("localPosition", 0, -0.5, 0));
    ITEM(b, CD_OBJECT, "ObjectJointRevoluteZ", FV("markerNumbers", mg, m1a));
    ITEM(b, CD_OBJECT, "ObjectConnectorTorsionalSpringDamper", FV("markerNumbers", mg, m1a),
         FV("stiffness", 20), FV("damping", 0.1));
    double n2 = ITEM(b, CD_NODE, "NodeRigidBodyRotVecLG",
                     FV("referenceCoordinates", 0, -1.5, 0, 0, 0, 0));
    double b2 = ITEM(b, CD_OBJECT, "ObjectRigidBody", FV("mass", 1),
                     FV("inertia", 0.05, 0.1, 0.1, 0, 0, 0), FV("nodeNumber", n2));
    double m2a = ITEM(b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", b2),
                      FV("localPosition", 0, 0.5, 0));
    ITEM(b, CD_OBJECT, "ObjectJointGeneric", FV("markerNumbers", m1b, m2a));
    double bodies[2] = {b1, b2};
    for (int k = 0; k < 2; k++) {
        double mm = ITEM(b, CD_MARKER, "MarkerBodyMass", FV("bodyNumber", bodies[k]));
        ITEM(b, CD_LOAD, "LoadMassProportional", FV("markerNumber", mm),
             FV("loadVector", 0, -9.81, 0));
    }
    double m2p = ITEM(b, CD_MARKER, "MarkerBodyPosition", FV("bodyNumber", b2),
                      FV("localPosition", 0, -0.5, 0));
    double ld = ITEM(b, CD_LOAD, "LoadForceVector", FV("markerNumber", m2p),
                     FV("loadVector", 1, 0, 0));
    ITEM(b, CD_LOAD, "LoadTorqueVector", FV("markerNumber", m1b), FV("loadVector", 0, 0, 0.5));
    ITEM(b, CD_SENSOR, "SensorBody", FV("bodyNumber", b2), FV("localPosition", 0, -0.5, 0),
         FV("outputVariableType", CD_OV_POSITION));
    ITEM(b, CD_SENSOR, "SensorNode", FV("nodeNumber", n1),
         FV("outputVariableType", CD_OV_COORDINATES));
    ITEM(b, CD_SENSOR, "SensorLoad", FV("loadNumber", ld), FV("writeToFile", 1),
         FVS("fileName", sensor_file));
    /* the generic body */
    double ng = ITEM(b, CD_NODE, "NodeGenericODE2", FVN("referenceCoordinates", NG, zero),
                     FVN("initialCoordinates", NG, q0), FVN("initialCoordinates_t", NG, zero),
                     FV("numberOfODE2Coordinates", NG));
    double og = ITEM(b, CD_OBJECT, "ObjectGenericODE2", FV("nodeNumbers", ng),
                     FVM("massMatrix", NG, M), FVM("stiffnessMatrix", NG, K),
                     FVM("dampingMatrix", NG, D), FVN("forceVector", NG, f));
    double gn = ITEM(b, CD_NODE, "NodePointGround", FV("referenceCoordinates", 0, 0, 0));
    double mgc = ITEM(b, CD_MARKER, "MarkerNodeCoordinate", FV("nodeNumber", gn),
                      FV("coordinate", 0));
    double mc = ITEM(b, CD_MARKER, "MarkerNodeCoordinate", FV("nodeNumber", ng),
                     FV("coordinate", NG - 1));
    double mc0 = ITEM(b, CD_MARKER, "MarkerNodeCoordinate", FV("nodeNumber", ng),
                      FV("coordinate", 0));
    ITEM(b, CD_OBJECT, "ObjectConnectorCoordinateSpringDamper", FV("markerNumbers", mgc, mc),
         FV("stiffness", 50), FV("damping", 1));
    ITEM(b, CD_OBJECT, "ObjectConnectorCoordinate", FV("markerNumbers", mgc, mc0));
    ITEM(b, CD_LOAD, "LoadCoordinate", FV("markerNumber", mc), FV("load", 1));
    ITEM(b, CD_SENSOR, "SensorObject", FV("objectNumber", og),
         FV("outputVariableType", CD_OV_COORDINATES));
    /* an ODE1 system y' = A y */
    double n3 = ITEM(b, CD_NODE, "NodeGenericODE1", FV("referenceCoordinates", 0, 0),
                     FV("initialCoordinates", 1, 0), FV("numberOfODE1Coordinates", 2));
    ITEM(b, CD_OBJECT, "ObjectGenericODE1", FV("nodeNumbers", n3), FVM("systemMatrix", 2, A1));
    /* algebraic variables x = [x0, x1] with x0 - y0 = 0, x0 + x1 = 0.5 (u = [x0, x1, y0, y1]),
     * x0 as a force on the generic body, its first velocity into the rate of y1 */
    static const double G[8] = {1, 0, -1, 0, 1, 1, 0, 0};
    double nx = ITEM(b, CD_NODE, "NodeGenericAE", FV("referenceCoordinates", 0, 0),
                     FV("initialCoordinates", 0, 0), FV("numberOfAECoordinates", 2));
    ITEM(b, CD_OBJECT, "ObjectGenericAE", FV("nodeNumbers", nx, n3),
         (fv){"systemMatrix", 8, 2, G, NULL}, FV("offset", 0, 0.5));
    ITEM(b, CD_OBJECT, "ObjectCoordinateCoupling", FV("nodeNumbers", nx, ng), FV("factor", 0.1));
    ITEM(b, CD_OBJECT, "ObjectCoordinateCoupling", FV("nodeNumbers", ng, n3),
         FV("outputCoordinate", 1), FV("useVelocity", 1), FV("factor", -0.2));
}

/* build, Assemble and solve the model (with the chain: two dynamic solves, generalized-alpha
 * with the automatic linear solver and full Newton, then Newmark index 2 with the dense solver
 * and modified Newton; without it, whose horizontal links have no stiffness at rest: a static
 * solve in two load steps), each solve with sensors, then free. *where: the step that failed;
 * the status of the first failure (CD_OK if none), its message in err. */
static int model_solve(int chain, cd_error *err, const char **where)
{
    static const char *names[3] = {"SolveDynamic (generalized-alpha)",
                                   "SolveDynamic (Newmark, index 2)", "SolveStatic"};
    builder b = {cd_system_create(), CD_OK, {0, ""}};
    cd_state st;
    int rc = CD_OK;
    memset(&st, 0, sizeof st);
    *where = "cd_system_create";
    if (!b.s) return cd_error_set(err, CD_ERR_NOMEM, "cd_system_create returned NULL");
    *where = "building the model";
    b_model(&b, chain);
    rc = b.rc;
    if (rc) *err = b.err;
    if (!rc) {
        *where = "Assemble";
        rc = cd_system_assemble(b.s, err);
    }
    if (!rc && chain) {   /* ModifyObject of the torsional spring, and Assemble again */
        const cd_itemtype *t = cd_type_find(CD_OBJECT, "ObjectConnectorTorsionalSpringDamper");
        int idx = -1;
        for (int i = 0; i < b.s->list[CD_OBJECT].n && idx < 0; i++)
            if (b.s->list[CD_OBJECT].items[i].type == t) idx = i;
        *where = "ModifyObject";
        void *p = cd_params_new(t, err);
        if (!p) rc = err->code;
        double mk[2], k = 25;
        const cd_ivec *old = (const cd_ivec *)((const char *)b.s->list[CD_OBJECT].items[idx].p +
                                               cd_field_find(t, "markerNumbers")->offset);
        mk[0] = old->x[0];
        mk[1] = old->x[1];
        if (!rc) rc = cd_field_set_numbers(cd_field_find(t, "markerNumbers"), p, mk, 2, 1, err);
        if (!rc) rc = cd_field_set_numbers(cd_field_find(t, "stiffness"), p, &k, 1, 1, err);
        if (rc) cd_params_free(t, p);
        else rc = cd_system_modify(b.s, CD_OBJECT, idx, p, err);
        if (!rc) {
            *where = "Assemble (again)";
            rc = cd_system_assemble(b.s, err);
        }
    }
    if (!rc) {
        *where = "cd_state_init";
        rc = cd_state_init(&st, b.s);
        if (rc) cd_error_set(err, rc, "cd_state_init failed");
    }
    for (int run = chain ? 0 : 2; run < (chain ? 2 : 3) && !rc; run++) {
        cd_settings set = settings(10, 0.01, CD_LS_AUTO, 0);
        cd_solvectx ctx = {NULL, NULL, 1, NULL, NULL, 0, NULL, NULL, NULL, NULL};
        cd_stats stats;
        set.numberOfLoadSteps = 2;
        if (run == 1) {
            set.useNewmark = set.useIndex2Constraints = 1;
            set.linearSolver = CD_LS_DENSE;
            set.dynamicNewton.useModifiedNewton = 1;
        }
        *where = names[run];
        cd_state_set_initial(&st, b.s);
        rc = run < 2 ? cd_solve_dynamic(b.s, &set, &st, &ctx, &stats, err)
                     : cd_solve_static(b.s, &set, &st, &ctx, &stats, err);
        if (!rc && (!ctx.sensors || ctx.sensors->n != 4 || ctx.sensors->rows[0] < 2))
            rc = cd_error_set(err, CD_ERR_INTERNAL, "%s: sensor data missing", names[run]);
        cd_sensors_free(ctx.sensors);
    }
    if (!rc) *where = "";
    cd_state_free(&st);
    cd_system_free(b.s);
    return rc;
}

static int model_run(cd_error *err, const char **where)
{
    int rc = model_solve(1, err, where);
    return rc ? rc : model_solve(0, err, where);
}

/* the whole run with the k-th allocation failing, for k = 1, 2, ... until a run sees no
 * failure: each must end in CD_ERR_NOMEM with a message (never a crash, another status or a
 * success that hides the failure) and leave no block allocated */
static void test_alloc_failures(void)
{
    cd_error err = {0, ""};
    const char *where;
    snprintf(sensor_file, sizeof sensor_file, "/tmp/coordyn_test_engine_%ld.txt", (long)getpid());
    int rc = model_run(&err, &where);   /* warms up the libraries (LAPACK keeps some memory) */
    long live0 = ta_live, n0 = ta_nalloc;
    rc |= model_run(&err, &where);
    long total = ta_nalloc - n0;
    CHECK(rc == CD_OK, "the model runs without injected failures: %s: %s", where, err.msg);
    CHECK(ta_live == live0, "the run without failures leaves %ld blocks", ta_live - live0);
    int wrong = 0, leaks = 0, silent = 0, runs = 0, tolerated = 0;
    long k;
    /* CD_FAULT_AT=k: only the run whose k-th allocation fails (to debug it: gdb with
     * `break ta_injected`) */
    long only = getenv("CD_FAULT_AT") ? atol(getenv("CD_FAULT_AT")) : 0;
    for (k = only > 0 ? only : 1; k < 100000 && (only <= 0 || k == only); k++) {
        memset(&err, 0, sizeof err);
        live0 = ta_live;
        long failed0 = ta_nfailed;
        ta_fail_at = ta_nalloc + k;
        rc = model_run(&err, &where);
        int reached = ta_nalloc >= ta_fail_at, injected = ta_nfailed > failed0;
        ta_fail_at = 0;
        if (!reached) break;   /* the run made fewer than k allocations: done */
        long leaked = ta_live - live0;   /* before any printf: stdout's buffer comes lazily */
        runs += injected;
        /* glibc's stdio goes on unbuffered when a FILE's buffer cannot be allocated */
        int in_libc = injected && strstr(ta_failed_in, "libc.so");
        if (rc == CD_OK) {
            if (injected && in_libc) tolerated++;
            else if (injected && silent++ < 5)
                printf("allocation %ld failed (in %s), yet the run succeeded\n", k, ta_failed_in);
        } else if (!injected || err.code != rc || !err.msg[0] ||
                   (rc != CD_ERR_NOMEM &&   /* fopen out of memory: an I/O error saying so */
                    !(rc == CD_ERR_IO && strstr(err.msg, strerror(ENOMEM))))) {
            if (wrong++ < 5)
                printf("allocation %ld %s: %s ended in %s (%d): '%s'\n", k,
                       injected ? "failed" : "(not failed)", where, cd_error_name(rc), rc,
                       err.msg);
        }
        if (leaked && leaks++ < 5)
            printf("allocation %ld failed (%s: %s): %ld blocks leaked\n", k, where, err.msg,
                   leaked);
    }
    remove(sensor_file);
    printf("allocation failures: %d runs (%ld allocations in a run without failures; %d failures "
           "inside libc that it absorbs)\n", runs, total, tolerated);
    CHECK(only > 0 || (runs > 100 && k < 100000), "the sweep ended after %d runs", runs);
    CHECK(wrong == 0, "%d runs with a failed allocation ended in a wrong status", wrong);
    CHECK(silent == 0, "%d runs with a failed allocation succeeded", silent);
    CHECK(leaks == 0, "%d runs with a failed allocation leaked", leaks);
}

/* the value of (r, c) in A (0 if absent) */
static double csc_get(const cd_csc *A, int r, int c)
{
    for (int p = A->colptr[c]; p < A->colptr[c + 1]; p++)
        if (A->rowind[p] == r) return A->x[p];
    return 0.0;
}

/* a horizontal chain of n unit masses on unit links (x = 1..n): M = I; C = C_q^T with the
 * x-direction rows of each link; K = 0 at zero multipliers and, at multipliers lambda_i = 1,
 * the links' geometric stiffness (lambda / L)(I - e e^T): the y-y entries of a chain of unit
 * springs (2 on the diagonal, 1 at the free end), nothing in x */
static void test_linearize(void)
{
    enum { n = 6 };
    cd_error err = {0, ""};
    cd_system *s = pendulum_chain(n);
    cd_csc M, K, D, C;
    cd_linsettings ls = {0, 0, 0, 0, 1.0};
    cd_state st;
    int rc = cd_linearize(s, NULL, &ls, &M, &K, &D, &C, &err);
    CHECK(rc == CD_ERR_NOTASSEMBLED && strstr(err.msg, "Assemble"), "unassembled: %d '%s'", rc,
          err.msg);
    CHECK(cd_system_assemble(s, &err) == CD_OK && cd_state_init(&st, s) == CD_OK, "assemble");
    cd_state_set_initial(&st, s);
    long live0 = ta_live;
    rc = cd_linearize(s, &st, &ls, &M, &K, &D, &C, &err);
    CHECK(rc == CD_OK, "linearize: %s", err.msg);
    CHECK(M.rows == 2 * n && M.cols == 2 * n && M.nnz == 2 * n, "M: %d x %d, nnz %d", M.rows,
          M.cols, M.nnz);
    int ok = 1;
    for (int i = 0; i < 2 * n; i++) ok &= csc_get(&M, i, i) == 1.0;
    CHECK(ok, "M = I");
    CHECK(K.nnz == 0 && D.nnz == 0, "K, D = 0 at zero multipliers (nnz %d, %d)", K.nnz, D.nnz);
    CHECK(C.rows == 2 * n && C.cols == n && C.nnz == 2 * n - 1, "C: %d x %d, nnz %d", C.rows,
          C.cols, C.nnz);
    ok = 1;
    for (int j = 0; j < n; j++) {
        ok &= fabs(fabs(csc_get(&C, 2 * j, j)) - 1) < 1e-14;
        if (j) ok &= fabs(csc_get(&C, 2 * (j - 1), j) + csc_get(&C, 2 * j, j)) < 1e-14;
    }
    CHECK(ok, "C: the x rows of each link, opposite signs at its two ends");
    for (int k = 0; k < 4; k++) cd_csc_free(k == 0 ? &M : k == 1 ? &K : k == 2 ? &D : &C);
    for (int j = 0; j < n; j++) st.lam[j] = 1.0;
    rc = cd_linearize(s, &st, &ls, NULL, &K, NULL, NULL, &err);
    CHECK(rc == CD_OK, "linearize at lambda = 1: %s", err.msg);
    double dev = 0, sgn = csc_get(&K, 1, 1) > 0 ? 1 : -1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double want = i == j ? (i == n - 1 ? 1 : 2) : (abs(i - j) == 1 ? -1 : 0);
            dev = fmax(dev, fabs(sgn * csc_get(&K, 2 * i + 1, 2 * j + 1) - want));
            dev = fmax(dev, fabs(csc_get(&K, 2 * i, 2 * j)) + fabs(csc_get(&K, 2 * i, 2 * j + 1)));
        }
    CHECK(dev < 1e-9, "geometric stiffness of the links: deviation %g", dev);
    cd_csc_free(&K);
    CHECK(ta_live == live0, "cd_linearize leaves %ld blocks", ta_live - live0);
    /* every allocation of cd_linearize failing in turn: CD_ERR_NOMEM with a message, no leak,
     * the outputs empty */
    int runs = 0, bad = 0;
    if (ta_interposer_live())
        for (long k = 1; k < 1000; k++) {
            memset(&err, 0, sizeof err);
            long l0 = ta_live, f0 = ta_nfailed;
            ta_fail_at = ta_nalloc + k;
            rc = cd_linearize(s, &st, &ls, &M, &K, &D, &C, &err);
            int injected = ta_nfailed > f0;
            ta_fail_at = 0;
            if (!injected) {
                if (rc == CD_OK)
                    for (int q = 0; q < 4; q++) cd_csc_free(q == 0 ? &M : q == 1 ? &K : q == 2 ? &D : &C);
                break;
            }
            runs++;
            bad += rc != CD_ERR_NOMEM || !err.msg[0] || ta_live != l0 || M.colptr || C.x;
        }
    CHECK(runs > 4 && bad == 0, "allocation failures in cd_linearize: %d runs, %d wrong", runs,
          bad);
    cd_state_free(&st);
    cd_system_free(s);
}

/* ---------------------------------------------------------------- structure of the equations
 * cd_sprank on small matrices with known dependencies and against a dense Gram-Schmidt;
 * cd_dof_analyze on models built in C (a door on three hinges, a chain with a doubled link),
 * both paths; cd_structure's Dulmage-Mendelsohn blocks of two pendulums and a loose node. */

/* m x n CSC from a dense column-major array (exact zeros left out) */
static cs_di *csc_from_dense(int m, int n, const double *D)
{
    cs_di *T = cs_di_spalloc(m, n, m * n, 1, 1);
    for (int j = 0; j < n && T; j++)
        for (int i = 0; i < m; i++)
            if (D[i + m * j] != 0.0) cs_di_entry(T, i, j, D[i + m * j]);
    cs_di *A = T ? cs_di_compress(T) : NULL;
    cs_di_spfree(T);
    return A;
}

/* greedy basis by dense Gram-Schmidt (twice, against the accepted orthonormal columns) */
static int dense_greedy(int m, int n, const double *D, double tol, int *dep)
{
    double *Q = calloc((size_t)(m * n), sizeof(double)), *x = calloc((size_t)m, sizeof(double));
    int r = 0;
    for (int j = 0; j < n; j++) {
        memcpy(x, D + m * j, sizeof(double) * (size_t)m);
        for (int pass = 0; pass < 2; pass++)
            for (int k = 0; k < r; k++) {
                double d = 0.0;
                for (int i = 0; i < m; i++) d += Q[i + m * k] * x[i];
                for (int i = 0; i < m; i++) x[i] -= d * Q[i + m * k];
            }
        double nrm = 0.0;
        for (int i = 0; i < m; i++) nrm = hypot(nrm, x[i]);
        dep[j] = nrm <= tol;
        if (!dep[j]) {
            for (int i = 0; i < m; i++) Q[i + m * r] = x[i] / nrm;
            r++;
        }
    }
    free(Q);
    free(x);
    return r;
}

static void test_sprank(void)
{
    /* columns e0, e1, e0 + e1, 2 e0, e2 + 1e-14 e3, 1e-14 e3, e3 */
    enum { m = 4, n = 7 };
    double D[m * n] = {0};
    D[0] = 1; D[4 + 1] = 1; D[8] = D[8 + 1] = 1; D[12] = 2;
    D[16 + 2] = 1; D[16 + 3] = 1e-14; D[20 + 3] = 1e-14; D[24 + 3] = 1;
    cs_di *A = csc_from_dense(m, n, D);
    cd_sprank r;
    int rc = cd_sprank_compute(A, 1e-10, &r);
    static const int want[n] = {0, 0, 1, 1, 0, 1, 0};
    int same = rc == 0;
    for (int j = 0; j < n && same; j++) same = r.dependent[j] == want[j];
    CHECK(same && r.rank == 4, "sprank: rank %d (4), the later of equal columns flagged", r.rank);
    CHECK(rc == 0 && fabs(r.rnorm[0] - 1) < 1e-15 && r.rnorm[5] <= 1e-14,
          "sprank: |R_00| = 1, the tiny column's residue %g", rc ? 0 : r.rnorm[5]);
    cd_sprank_free(&r);
    cs_di_spfree(A);
    /* a random 40 x 30 matrix of rank 12 (a product through 12 sparse random factors), some
     * columns repeated: the same flags as dense Gram-Schmidt */
    enum { M = 40, N = 30, K = 12 };
    static double B[M * K], C[K * N], P[M * N];
    unsigned long long s = 12345;
    for (int i = 0; i < M * K; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        B[i] = (s >> 60) < 4 ? (double)(s >> 40 & 0xFFFFF) / 1048576.0 - 0.5 : 0.0;
    }
    for (int i = 0; i < K * N; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        C[i] = (s >> 61) < 3 ? (double)(s >> 40 & 0xFFFFF) / 1048576.0 - 0.5 : 0.0;
    }
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++) {
            double v = 0.0;
            for (int k = 0; k < K; k++) v += B[i + M * k] * C[k + K * (j % 17)];
            P[i + M * j] = v;
        }
    int dep[N], rank = dense_greedy(M, N, P, 1e-10, dep);
    A = csc_from_dense(M, N, P);
    rc = cd_sprank_compute(A, 1e-10, &r);
    same = rc == 0 && r.rank == rank;
    for (int j = 0; j < N && same; j++) same = r.dependent[j] == dep[j];
    CHECK(same && rank <= K && rank >= 8, "sprank of a random rank-%d matrix: rank %d, the flags "
          "of Gram-Schmidt", rank, rc ? -1 : r.rank);
    cd_sprank_free(&r);
    /* every allocation failing in turn: -1, nothing left allocated */
    int runs = 0, bad = 0;
    if (ta_interposer_live())
        for (long k = 1; k < 1000; k++) {
            long l0 = ta_live, f0 = ta_nfailed;
            ta_fail_at = ta_nalloc + k;
            rc = cd_sprank_compute(A, 1e-10, &r);
            int injected = ta_nfailed > f0;
            ta_fail_at = 0;
            if (!injected) {
                cd_sprank_free(&r);
                break;
            }
            runs++;
            bad += rc != -1 || ta_live != l0 || r.dependent;
        }
    CHECK(runs > 5 && bad == 0, "allocation failures in cd_sprank: %d runs, %d wrong", runs, bad);
    cs_di_spfree(A);
}

/* a door (one Euler-parameter body) on three coaxial hinges (RevoluteZ at z = 0, 1, 2) */
static cd_system *door(void)
{
    builder b = {cd_system_create(), 0, {0, ""}};
    double g = b_item(&b, CD_OBJECT, "ObjectGround", NULL, 0);
    double nd = ITEM(&b, CD_NODE, "NodeRigidBodyEP", FV("referenceCoordinates", 0.5, 0, 1, 1, 0, 0, 0));
    double body = ITEM(&b, CD_OBJECT, "ObjectRigidBody", FV("mass", 50),
                       FV("inertia", 17, 21, 4, 0, 0, 0), FV("nodeNumber", nd));
    for (int k = 0; k < 3; k++) {
        double mg = ITEM(&b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", g),
                         FV("localPosition", 0, 0, k));
        double mb = ITEM(&b, CD_MARKER, "MarkerBodyRigid", FV("bodyNumber", body),
                         FV("localPosition", -0.5, 0, k - 1.0));
        ITEM(&b, CD_OBJECT, "ObjectJointRevoluteZ", FV("markerNumbers", mg, mb));
    }
    if (b.rc) { printf("building the door failed: %s\n", b.err.msg); exit(2); }
    return b.s;
}

/* the AE indices flagged redundant, as a bit mask over the first 32 */
static unsigned long flag_mask(const cd_dofresult *r)
{
    unsigned long mask = 0;
    for (int j = 0; j < r->nae && j < 32; j++)
        if (r->redundant[j]) mask |= 1ul << j;
    return mask;
}

static void test_dof(void)
{
    cd_error err = {0, ""};
    cd_dofresult r;
    cd_system *s = door();
    int rc = cd_dof_analyze(s, NULL, 0, 0, 0, 0, 1e-12, CD_DOF_AUTO, &r, &err);
    CHECK(rc == CD_ERR_NOTASSEMBLED && strstr(err.msg, "Assemble"), "dof unassembled: '%s'", err.msg);
    cd_state st;
    CHECK(cd_system_assemble(s, &err) == CD_OK && cd_state_init(&st, s) == CD_OK, "door: %s", err.msg);
    cd_state_set_initial(&st, s);
    /* objects: ground, body, hinges 0, 1, 2; hinge k's equations are AE ae0 .. ae0 + 5 (row
     * 5: the free axis, lambda = 0); rows 0-4 of hinges 1 and 2 depend on hinge 0 */
    unsigned long want = 0;
    for (int i = 3; i < 5; i++)
        for (int k = 0; k < 5; k++) want |= 1ul << (s->list[CD_OBJECT].items[i].ae0 + k);
    for (int method = CD_DOF_DENSE; method <= CD_DOF_SPARSE; method++) {
        rc = cd_dof_analyze(s, &st, 0, 0, 0, 0, 1e-12, method, &r, &err);
        CHECK(rc == CD_OK && r.method == method, "door, method %d: %s", method, err.msg);
        if (rc) continue;
        int dof = r.n2 - (r.nae - r.rank_ae) + (r.nae - r.rank_all);
        CHECK(r.nae == 19 && r.rank_all == 9 && r.rank_ae == 3 && dof == 1,
              "door, method %d: nae %d, rank %d, trivial %d, dof %d (19, 9, 3, 1)", method, r.nae,
              r.rank_all, r.rank_ae, dof);
        CHECK(flag_mask(&r) == want && want != 0, "door, method %d: hinges 1 and 2, rows 0-4 "
              "flagged (mask %lx, want %lx)", method, flag_mask(&r), want);
        cd_dofresult_free(&r);
    }
    rc = cd_dof_analyze(s, &st, 0, 0, 0, 0, 1e-12, 7, &r, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "unknown method 7"), "bad method: '%s'", err.msg);
    rc = cd_dof_analyze(s, &st, 0, 0, 0, 0, -1.0, CD_DOF_SPARSE, &r, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "threshold"), "bad threshold: '%s'", err.msg);
    /* every allocation of the sparse path failing in turn: CD_ERR_NOMEM, no leak, r cleared */
    int runs = 0, bad = 0;
    if (ta_interposer_live())
        for (long k = 1; k < 10000; k++) {
            memset(&err, 0, sizeof err);
            long l0 = ta_live, f0 = ta_nfailed;
            ta_fail_at = ta_nalloc + k;
            rc = cd_dof_analyze(s, &st, 0, 0, 0, 0, 1e-12, CD_DOF_SPARSE, &r, &err);
            int injected = ta_nfailed > f0;
            ta_fail_at = 0;
            if (!injected) {
                if (rc == CD_OK) cd_dofresult_free(&r);
                break;
            }
            runs++;
            bad += rc != CD_ERR_NOMEM || !err.msg[0] || ta_live != l0 || r.redundant;
        }
    CHECK(runs > 10 && bad == 0, "allocation failures in cd_dof_analyze: %d runs, %d wrong", runs,
          bad);
    cd_state_free(&st);
    cd_system_free(s);
    /* a chain of five point masses with its last link doubled: the later copy is named */
    builder b = {cd_system_create(), 0, {0, ""}};
    b_chain(&b, 5);
    double m3 = ITEM(&b, CD_MARKER, "MarkerNodePosition", FV("nodeNumber", 3));
    double m4 = ITEM(&b, CD_MARKER, "MarkerNodePosition", FV("nodeNumber", 4));
    ITEM(&b, CD_OBJECT, "ObjectConnectorDistance", FV("markerNumbers", m3, m4), FV("distance", 1));
    CHECK(b.rc == CD_OK && cd_system_assemble(b.s, &err) == CD_OK && cd_state_init(&st, b.s) == 0,
          "doubled chain: %s", err.msg);
    rc = cd_dof_analyze(b.s, NULL, 0, 0, 0, 0, 1e-12, CD_DOF_SPARSE, &r, &err);
    CHECK(rc == CD_ERR_INPUT && strstr(err.msg, "no state"), "no state: '%s'", err.msg);
    cd_state_set_initial(&st, b.s);
    for (int method = CD_DOF_DENSE; method <= CD_DOF_SPARSE && !b.rc; method++) {
        rc = cd_dof_analyze(b.s, &st, 0, 0, 0, 0, 1e-12, method, &r, &err);
        CHECK(rc == CD_OK && r.nae == 6 && r.rank_all == 5 && flag_mask(&r) == 1ul << 5,
              "doubled link, method %d: rank %d, flags %lx (5, 20)", method, r.rank_all,
              flag_mask(&r));
        if (!rc) cd_dofresult_free(&r);
    }
    cd_state_free(&st);
    cd_system_free(b.s);
}

/* two pendulums (a point mass on a distance to the ground each) and a loose massless node */
static void test_structure(void)
{
    cd_error err = {0, ""};
    builder b = {cd_system_create(), 0, {0, ""}};
    double g = b_item(&b, CD_OBJECT, "ObjectGround", NULL, 0);
    double mg = ITEM(&b, CD_MARKER, "MarkerBodyPosition", FV("bodyNumber", g));
    for (int k = 0; k < 2; k++) {
        double nd = ITEM(&b, CD_NODE, "NodePoint2D", FV("referenceCoordinates", 1.0 + k, -1));
        ITEM(&b, CD_OBJECT, "ObjectMassPoint2D", FV("mass", 1), FV("nodeNumber", nd));
        double mk = ITEM(&b, CD_MARKER, "MarkerNodePosition", FV("nodeNumber", nd));
        ITEM(&b, CD_OBJECT, "ObjectConnectorDistance", FV("markerNumbers", mg, mk),
             FV("distance", hypot(1.0 + k, 1)));
    }
    ITEM(&b, CD_NODE, "NodePoint2D", FV("referenceCoordinates", 5, 5));
    cd_state st;
    CHECK(b.rc == CD_OK && cd_system_assemble(b.s, &err) == CD_OK && cd_state_init(&st, b.s) == 0,
          "pendulums: %s", err.msg);
    cd_state_set_initial(&st, b.s);
    cd_structure *S = NULL;
    int rc = cd_structure_compute(b.s, &st, CD_STRUCT_NEWTON, 1, &S, &err);
    /* Newton matrix 8 x 8: [m I, C^T; C, 0] per pendulum (3 x 3, one block each); the loose
     * node's rows and columns are empty (no mass): unmatched */
    CHECK(rc == CD_OK && S->m == 8 && S->n == 8 && S->srank == 6, "newton: %d x %d, srank %d",
          S ? S->m : -1, S ? S->n : -1, S ? S->srank : -1);
    if (S) {
        int sizes_ok = S->nblk == 2;
        for (int k = S->blk0; k < S->blk0 + S->nblk && sizes_ok; k++)
            sizes_ok = S->r[k + 1] - S->r[k] == 3 && S->s[k + 1] - S->s[k] == 3;
        CHECK(sizes_ok, "newton: two 3 x 3 blocks (%d blocks)", S->nblk);
        int loose = S->cc[1] - S->cc[0] == 2 && S->rr[4] - S->rr[3] == 2;
        for (int k = S->cc[0]; k < S->cc[1] && loose; k++) loose = S->colid[S->q[k]] >= 4 &&
                                                                    S->colid[S->q[k]] < 6;
        CHECK(loose, "newton: the loose node's two columns and rows unmatched");
    }
    S = cd_structure_free(S);
    rc = cd_structure_compute(b.s, &st, CD_STRUCT_JACOBIAN, 1, &S, &err);
    CHECK(rc == CD_OK && S->m == 2 && S->n == 6 && S->srank == 2 && S->nnz == 4,
          "jacobian: %d x %d, srank %d, nnz %d (2 x 6, 2, 4)", S ? S->m : -1, S ? S->n : -1,
          S ? S->srank : -1, S ? S->nnz : -1);
    S = cd_structure_free(S);
    rc = cd_structure_compute(b.s, &st, 9, 1, &S, &err);
    CHECK(rc == CD_ERR_INPUT && !S && strstr(err.msg, "unknown form 9"), "bad form: '%s'", err.msg);
    cd_state_free(&st);
    cd_system_free(b.s);
}

int main(void)
{
    test_assembly();
    test_delete();
    test_no_allocation_in_steps();
    test_no_allocation_in_flexible_steps();
    test_no_allocation_in_contact_steps();
    test_energy();
    test_events();
    test_errors();
    test_rotation_vector();
    test_settings_table();
    test_big_connectors();
    test_linearize();
    test_sprank();
    test_dof();
    test_structure();
    if (ta_interposer_live())
        test_alloc_failures();
    else
        printf("note: malloc is not interposed (valgrind? add "
               "--soname-synonyms=somalloc=nouserintercepts): allocation failures not tested\n");
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
