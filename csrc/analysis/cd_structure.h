/* cd_structure: structural analysis of the equations from their sparsity pattern.
 *
 * The matrix analysed is one of three views of the assembled system (rows = equations,
 * columns = unknowns, both numbered as the Newton system [ODE2 (n2) ; AE (nae) ; ODE1 (n1)]):
 *   CD_STRUCT_NEWTON    the Newton matrix [M + K + D, C_q^T ; C_q, 0 ; ODE1 block]
 *                       (N x N, what the solvers factor);
 *   CD_STRUCT_JACOBIAN  the constraint Jacobian: AE rows x ODE2 columns (at most nae x n2:
 *                       rows whose equation is lambda = 0, deactivated constraints and the
 *                       free axes of joints, are left out, and so are the equations of the
 *                       algebraic variables x of NodeGenericAE nodes);
 *   CD_STRUCT_ODE       the causal (index-1) view of Cellier's sorting: q, q' and y known,
 *                       unknowns q'', lambda, x, y': [M, C_q^T ; 0, 0 ; ODE1 rate block] with
 *                       the equations of the algebraic variables in their x columns (N x N).
 *                       A constraint row is empty there: an index-3 constraint is a structural
 *                       singularity of this view.
 * Structural nonzeros: with generic != 0 an entry of the assembled pattern counts when the
 * matrix value is nonzero at one of two states perturbed at random around the given state
 * (generic values: a zero by coincidence, such as a pendulum hanging straight down, does not
 * drop an entry; a mass that is zero, or a term that an item never writes, does). With
 * generic == 0 every entry of the assembled pattern counts (the items' declared superset; every
 * ODE2 and ODE1 diagonal is in it).
 *
 * The Dulmage-Mendelsohn decomposition (cs_dmperm) of that m x n pattern A gives row and
 * column permutations p, q with A(p, q) block upper triangular:
 *   under-determined part  rows p[rr[0] .. rr[1]), columns q[cc[0] .. cc[2])  (more unknowns
 *                          than equations: cc[0..1) unmatched columns)
 *   square part            rows p[rr[1] .. rr[2]), columns q[cc[2] .. cc[3])  (structurally
 *                          regular), in block upper triangular order (a block's equations use
 *                          its own unknowns and those of later blocks: solve from the last
 *                          block to the first) with nblk blocks, block k
 *                          rows p[r[k] .. r[k+1]), columns q[s[k] .. s[k+1]) for k in
 *                          [blk0, blk0 + nblk): the strongly connected components
 *   over-determined part   rows p[rr[2] .. rr[4]), columns q[cc[3] .. cc[4])  (more equations
 *                          than unknowns: rr[3..4) unmatched rows)
 * and the structural rank srank = the size of a maximum matching. */
#ifndef CD_STRUCTURE_H
#define CD_STRUCTURE_H

#include "../core/cd_system.h"

typedef enum { CD_STRUCT_NEWTON = 0, CD_STRUCT_JACOBIAN = 1, CD_STRUCT_ODE = 2 } cd_structform;

typedef struct cd_structure {
    int form;       /* cd_structform analysed */
    int m, n;       /* rows (equations), columns (unknowns) */
    int nnz;        /* structural nonzeros counted */
    int *rowid;     /* m: Newton-system index of each row */
    int *colid;     /* n: Newton-system index of each column */
    int srank;      /* structural rank */
    int *p;         /* m: row permutation (rows of A in DM order) */
    int *q;         /* n: column permutation */
    int nb;         /* number of fine blocks (all parts) */
    int *r;         /* nb+1: block k has rows p[r[k] .. r[k+1]) */
    int *s;         /* nb+1: block k has columns q[s[k] .. s[k+1]) */
    int rr[5];      /* coarse row boundaries (see above) */
    int cc[5];      /* coarse column boundaries */
    int blk0, nblk; /* the fine blocks of the square part: k in [blk0, blk0 + nblk) */
} cd_structure;

/* analyse the assembled system s in view form at state st (generic perturbations around it
 * when generic != 0). Writes *out (a new result, free with cd_structure_free) or returns a
 * negative status with err filled (not assembled, bad form, out of memory, an evaluation
 * failed); *out is NULL on failure. s and st are only read. */
int cd_structure_compute(const cd_system *s, const cd_state *st, int form, int generic,
                         cd_structure **out, cd_error *err);

/* free a result; accepts NULL, returns NULL */
cd_structure *cd_structure_free(cd_structure *S);

#endif
