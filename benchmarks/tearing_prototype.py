"""Tearing prototype (NumPy/SciPy): does solving one block by tearing beat its sparse LU?

Tearing (Elmqvist & Otter 1994; Cellier & Kofman, ch. 7): pair every equation of a block with
an unknown it can be solved for (a maximum matching), choose tear unknowns T so that the other
unknowns R can be computed one after another from T (the dependency graph without T is
acyclic), and solve the small system for T with the rest substituted. For the linear system
A x = b of one Newton step, with R in that order (A_RR lower triangular):

    Z = A_RR^-1 A_RT,   z = A_RR^-1 b_R                      (|T| + 1 triangular solves)
    S = A_TT - A_TR Z,  S x_T = b_T - A_TR z                 (dense |T| x |T| LU)
    x_R = z - Z x_T

The tear set is chosen greedily on the structure: strip unknowns that nothing left depends on
or that depend on nothing left, then tear the unknown with the largest (in-degree x
out-degree), repeat. The matrices are the KKT matrices [M + h^2 K, C'; C, 0] of planar point
masses on distance constraints that benchmarks/bench_blocks.c times (pendulum, chain, tree).

Printed per matrix: n, the tear count |T|, the flops of one numeric tearing solve (forming Z
by triangular solves with the sparse right-hand sides, S, its LU, the solves) against the
flops of one sparse LU refactorization + solve with the fill of SuperLU's LU on the AMD order
of A + A' (what coordyn's sparse path does, with CSparse's kernels), and the time of both in
the same environment: the tearing step (numeric part only, the tear set and orders fixed,
SciPy's triangular solves) against SciPy's splu factor + solve; median of 25 runs.

    OPENBLAS_NUM_THREADS=1 taskset -c 1 python benchmarks/tearing_prototype.py
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import math  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
import scipy.linalg as sla  # noqa: E402
import scipy.sparse as sp  # noqa: E402
import scipy.sparse.linalg as spla  # noqa: E402
from scipy.sparse.csgraph import maximum_bipartite_matching  # noqa: E402


def kkt(shape, nm, phase=0.3, seed=7):
    """the KKT matrix of nm masses: shape 'chain' (mass i hangs from i-1), 'tree' (from
    (i-1)//2) or 'pendulum' (every mass from the ground)"""
    rng = np.random.default_rng(seed)
    n, h2 = 3 * nm, 1e-6
    rows, cols, vals = [], [], []
    px, py = np.zeros(nm), np.zeros(nm)

    def put(i, j, v):
        rows.append(i), cols.append(j), vals.append(v)
    for i in range(nm):
        p = -1 if shape == 'pendulum' or i == 0 else (i - 1 if shape == 'chain' else (i - 1) // 2)
        th, lam = phase + 1.2 * (rng.random() - 0.5), 9.81 * (1 + rng.random())
        x0, y0 = (0.0, 0.0) if p < 0 else (px[p], py[p])
        px[i], py[i] = x0 + math.sin(th), y0 - math.cos(th)
        d = (px[i] - x0, py[i] - y0)
        for c in range(2):
            put(2 * i + c, 2 * i + c, 1.0 + h2 * lam)
            put(2 * nm + i, 2 * i + c, d[c])
            put(2 * i + c, 2 * nm + i, d[c])
            if p >= 0:
                a = 2 * p + c
                put(a, a, h2 * lam)
                put(2 * i + c, a, -h2 * lam)
                put(a, 2 * i + c, -h2 * lam)
                put(2 * nm + i, a, -d[c])
                put(a, 2 * nm + i, -d[c])
    return sp.csr_matrix((vals, (rows, cols)), shape=(n, n))


def tear(A):
    """greedy tearing of the structure of A: (tears, order of the others, eq) where eq[j] is
    the row matched to unknown j"""
    A = sp.csr_matrix(A)
    n = A.shape[0]
    match = maximum_bipartite_matching(A, perm_type='column')       # row i -> unknown
    assert (match >= 0).all(), "structurally singular"
    eq = np.empty(n, dtype=int)
    eq[match] = np.arange(n)
    # unknown c (computed from row eq[c]) depends on the other unknowns of that row
    pred = [set(A.indices[A.indptr[eq[c]]:A.indptr[eq[c] + 1]]) - {c} for c in range(n)]
    succ = [set() for _ in range(n)]
    for c in range(n):
        for j in pred[c]:
            succ[j].add(c)
    alive, front, back, tears = set(range(n)), [], [], []

    def remove(v):
        alive.discard(v)
        for j in pred[v]:
            succ[j].discard(v)
        for j in succ[v]:
            pred[j].discard(v)
    while alive:
        changed = True
        while changed:
            changed = False
            for v in list(alive):
                if not pred[v]:
                    front.append(v), remove(v)
                    changed = True
                elif not succ[v]:
                    back.append(v), remove(v)
                    changed = True
        if alive:
            v = max(alive, key=lambda u: (len(pred[u]) * len(succ[u]), -u))
            tears.append(v)
            remove(v)
    return np.array(tears, dtype=int), np.array(front + back[::-1], dtype=int), eq


class TornSolver:
    """the numeric part of a tearing solve with the tear set and orders fixed"""

    def __init__(self, A, tears, order, eq):
        A = sp.csr_matrix(A)
        self.T, self.R = tears, order
        self.eT, self.eR = eq[tears], eq[order]
        self.ARR = sp.csr_matrix(A[self.eR][:, self.R])              # lower triangular
        self.ART = A[self.eR][:, self.T].toarray()
        self.ATR = sp.csr_matrix(A[self.eT][:, self.R])
        self.ATT = A[self.eT][:, self.T].toarray()
        assert sp.triu(self.ARR, 1).nnz == 0

    def solve(self, b):
        Zz = spla.spsolve_triangular(self.ARR, np.column_stack([self.ART, b[self.eR]]),
                                     lower=True)
        Z, z = Zz[:, :-1], Zz[:, -1]
        S = self.ATT - self.ATR @ Z
        xT = sla.lu_solve(sla.lu_factor(S), b[self.eT] - self.ATR @ z)
        x = np.empty_like(b)
        x[self.T], x[self.R] = xT, z - Z @ xT
        return x

    def flops(self):
        """triangular solves with the sparse columns of A_RT (their reach in the graph of
        A_RR), A_TR Z, the LU of S and the solves"""
        L = sp.csc_matrix(self.ARR)
        t, m = len(self.T), L.shape[0]
        total = 0
        cols = [np.nonzero(self.ART[:, k])[0] for k in range(t)] + [np.arange(m)]
        for start in cols:                                         # reach of each rhs
            seen, stack = set(start.tolist()), list(start.tolist())
            while stack:
                j = stack.pop()
                for i in L.indices[L.indptr[j]:L.indptr[j + 1]]:
                    if i not in seen:
                        seen.add(i), stack.append(i)
            total += sum(2 * int(L.indptr[j + 1] - L.indptr[j]) - 1 for j in seen)
        total += 2 * self.ATR.nnz * (t + 1) + 2 * t * t * t // 3 + 2 * t * t + 2 * m * t
        return total


def lu_flops(A):
    """flops of one numeric LU refactorization + solve with SuperLU's fill on AMD(A + A')"""
    lu = spla.splu(sp.csc_matrix(A), permc_spec='MMD_AT_PLUS_A', diag_pivot_thresh=0.1)
    L, U = sp.csc_matrix(lu.L), sp.csr_matrix(lu.U)
    lcount = np.diff(L.indptr) - 1                                 # below the diagonal
    ucount = np.diff(U.indptr) - 1                                 # right of the diagonal
    return int(np.sum(2 * lcount * ucount + lcount)) + 2 * (L.nnz + U.nnz), L.nnz + U.nnz


def median_time(f, runs=25):
    f()
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main():
    cases = [('pendulum', 1), ('chain', 10), ('tree', 15), ('chain', 100), ('tree', 127),
             ('chain', 1000), ('tree', 1023)]
    print(f"{'matrix':<10} {'N':>5} {'n':>5} {'tears':>5} {'tear flops':>11} {'LU flops':>9} "
          f"{'ratio':>6} {'tear us':>9} {'splu us':>9} {'ratio':>6} {'err':>8}")
    for shape, nm in cases:
        A = kkt(shape, nm)
        b = np.random.default_rng(1).standard_normal(A.shape[0])
        T, order, eq = tear(A)
        ts = TornSolver(A, T, order, eq)
        x = ts.solve(b)
        err = np.linalg.norm(A @ x - b) / (np.linalg.norm(A.toarray(), 1) * np.linalg.norm(x))
        Ac = sp.csc_matrix(A)
        t_tear = median_time(lambda: ts.solve(b))
        t_lu = median_time(lambda: spla.splu(Ac, permc_spec='MMD_AT_PLUS_A',
                                             diag_pivot_thresh=0.1).solve(b))
        ft, (fl, _) = ts.flops(), lu_flops(A)
        print(f"{shape:<10} {nm:>5} {A.shape[0]:>5} {len(T):>5} {ft:>11} {fl:>9} "
              f"{ft / fl:>6.1f} {1e6 * t_tear:>9.1f} {1e6 * t_lu:>9.1f} {t_tear / t_lu:>6.1f} "
              f"{err:>8.1e}", flush=True)


if __name__ == '__main__':
    main()
