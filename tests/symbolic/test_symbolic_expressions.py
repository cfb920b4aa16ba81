"""coordyn.symbolic: expressions evaluate to what direct math/NumPy gives over random inputs,
derivatives agree with central differences, printing is Exudyn's (compared with Exudyn 1.13.6
where installed), C's semantics at the edges of the domains, and bad input gives a clear error.
"""
import math

import coordyn.symbolic as esym
import numpy as np
import pytest

RNG = np.random.default_rng(20231214)

UNARY = {  # name: (direct function, sampler of valid arguments)
    "abs": (math.fabs, lambda: RNG.uniform(-5, 5)),
    "sign": (np.sign, lambda: RNG.choice([-2.5, 0.0, 3.1, RNG.uniform(-1, 1)])),
    "Not": (lambda x: float(not x), lambda: RNG.choice([0.0, -0.0, 1.5, -2.0])),
    "round": (lambda x: math.copysign(math.floor(abs(x) + 0.5), x),
              lambda: RNG.choice([2.5, -2.5, 0.49, RNG.uniform(-9, 9)])),
    "ceil": (math.ceil, lambda: RNG.uniform(-9, 9)),
    "floor": (math.floor, lambda: RNG.uniform(-9, 9)),
    "exp": (math.exp, lambda: RNG.uniform(-5, 5)),
    "sqrt": (math.sqrt, lambda: RNG.uniform(0, 9)),
    "log": (math.log, lambda: RNG.uniform(0.01, 9)),
    "sin": (math.sin, lambda: RNG.uniform(-7, 7)),
    "cos": (math.cos, lambda: RNG.uniform(-7, 7)),
    "tan": (math.tan, lambda: RNG.uniform(-1.5, 1.5)),
    "asin": (math.asin, lambda: RNG.uniform(-1, 1)),
    "acos": (math.acos, lambda: RNG.uniform(-1, 1)),
    "atan": (math.atan, lambda: RNG.uniform(-9, 9)),
    "sinh": (math.sinh, lambda: RNG.uniform(-3, 3)),
    "cosh": (math.cosh, lambda: RNG.uniform(-3, 3)),
    "tanh": (math.tanh, lambda: RNG.uniform(-3, 3)),
    "asinh": (math.asinh, lambda: RNG.uniform(-9, 9)),
    "acosh": (math.acosh, lambda: RNG.uniform(1, 9)),
    "atanh": (math.atanh, lambda: RNG.uniform(-0.99, 0.99)),
    "isfinite": (lambda x: float(math.isfinite(x)), lambda: RNG.choice([1.0, np.inf, np.nan])),
}
BINARY = {"pow": (math.pow, (0.1, 4)), "atan2": (math.atan2, (-3, 3)),
          "mod": (math.fmod, (-7, 7)), "min": (min, (-3, 3)), "max": (max, (-3, 3))}


@pytest.fixture(autouse=True)
def recording_on():
    esym.SetRecording(True)
    yield
    esym.SetRecording(True)


def same(a, b):
    return a == b or (math.isnan(a) and math.isnan(b))


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_functions_equal_direct_evaluation(name):
    direct, sample = UNARY[name]
    x = esym.Real("x", 0.)
    f = getattr(esym, name)(2 * x - x)          # an expression, not only a leaf
    for _ in range(30):
        v = float(sample())
        x.SetValue(v)
        assert same(f.Evaluate(), float(direct(v))), (name, v)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_functions_equal_direct_evaluation(name):
    direct, (lo, hi) = BINARY[name]
    x, y = esym.Real("x", 0.), esym.Real("y", 0.)
    f = getattr(esym, name)(x, y)
    for _ in range(30):
        a, b = RNG.uniform(lo, hi, 2)
        x.SetValue(a), y.SetValue(b)
        assert f.Evaluate() == direct(a, b), (name, a, b)


def test_operators_comparisons_and_conditional_over_random_inputs():
    x, y = esym.Real("x", 0.), esym.Real("y", 0.)
    exprs = [(x + y * 3 - 1.5 / y, lambda a, b: a + b * 3 - 1.5 / b),
             (-x ** 2 + y ** x, lambda a, b: -a ** 2 + b ** a),
             (2 / x - (x - y) * (x + y), lambda a, b: 2 / a - (a - b) * (a + b)),
             (x < y, lambda a, b: float(a < b)), (x <= 0.3, lambda a, b: float(a <= 0.3)),
             (x > y, lambda a, b: float(a > b)), (x >= y, lambda a, b: float(a >= b)),
             (x == x, lambda a, b: 1.0), (x != y, lambda a, b: float(a != b)),
             (0.2 < x, lambda a, b: float(0.2 < a)),
             (esym.IfThenElse(x < y, x * y, esym.sqrt(x) + 1),
              lambda a, b: a * b if a < b else math.sqrt(a) + 1)]
    for _ in range(50):
        a, b = RNG.uniform(0.1, 3, 2)
        x.SetValue(a), y.SetValue(b)
        for expr, direct in exprs:
            assert expr.Evaluate() == direct(a, b), (str(expr), a, b)


def test_if_then_else_evaluates_only_the_chosen_branch():
    x = esym.Real("x", 1.)
    f = esym.IfThenElse(x > 0, esym.sqrt(x), esym.Vector([1.])[0] * 0 + esym.log(x))
    assert f.Evaluate() == 1.0
    x.SetValue(-4.)
    assert math.isnan(f.Evaluate())     # log(-4): NaN as C, not a Python exception


def test_c_semantics_at_the_edges():
    def ev(f, *a):
        return f(*[esym.Real(v) for v in a]).Evaluate()
    assert math.isnan(ev(esym.sqrt, -1.)) and ev(esym.log, 0.) == -math.inf
    assert (esym.Real(1.) / esym.Real(0.)).Evaluate() == math.inf
    assert (esym.Real(-1.) / 0.).Evaluate() == -math.inf
    assert math.isnan((esym.Real(0.) / 0.).Evaluate())
    assert ev(esym.round, 2.5) == 3.0 and ev(esym.round, -2.5) == -3.0
    assert ev(esym.exp, 1000.) == math.inf and math.isnan(ev(esym.pow, -8., 1 / 3))
    assert ev(esym.pow, 0., -1.) == math.inf and ev(esym.atanh, 1.) == math.inf
    assert math.isnan(ev(esym.mod, 1., 0.)) and math.isnan(ev(esym.sin, math.inf))
    assert ev(esym.sign, -0.) == 0.0 and ev(esym.Not, 0.) == 1.0


def test_c_semantics_equal_exudyn():
    exudyn = pytest.importorskip("exudyn")
    xs = exudyn.symbolic
    cases = [("sqrt", -1.), ("log", 0.), ("log", -1.), ("round", 2.5), ("round", -0.5),
             ("exp", 1000.), ("atanh", 1.), ("atanh", -1.), ("acosh", 0.5), ("sin", math.inf),
             ("sign", math.nan), ("floor", -2.5), ("ceil", -0.5), ("isfinite", math.inf)]
    for name, v in cases:
        a = getattr(esym, name)(esym.Real(v)).Evaluate()
        b = getattr(xs, name)(xs.Real(v)).Evaluate()
        assert same(a, b), (name, v, a, b)
    for name, u, v in [("pow", -8., 1 / 3), ("pow", 0., -1.), ("pow", -0., -3.), ("mod", 1., 0.),
                       ("min", math.nan, 1.), ("max", 1., math.nan), ("atan2", 0., -0.)]:
        a = getattr(esym, name)(esym.Real(u), esym.Real(v)).Evaluate()
        b = getattr(xs, name)(xs.Real(u), xs.Real(v)).Evaluate()
        assert same(a, b), (name, u, v, a, b)
    assert same((esym.Real(-1.) / 0.).Evaluate(), (xs.Real(-1.) / 0.).Evaluate())


DIFF_CASES = [
    lambda x, y: 3 * x + x ** 2 * esym.sin(x),
    lambda x, y: esym.exp(x * y) / (1 + x * x) - esym.log(x) * esym.cos(y),
    lambda x, y: esym.sqrt(x) * esym.tan(x / 3) + esym.atan(x - y) + esym.atan2(x, y),
    lambda x, y: esym.asin(x / 4) + esym.acos(x / 5) + esym.sinh(x) * esym.cosh(y)
    + esym.tanh(x) + esym.asinh(x) + esym.acosh(x + 1) + esym.atanh(x / 3),
    lambda x, y: esym.abs(x - y) * esym.sign(x) + x ** y + esym.pow(y, 3)
    - esym.IfThenElse(x < y, x * x, y * x),
    lambda x, y: esym.Vector([x * y, 2., x])[2] * 5 - (-x),
]


@pytest.mark.parametrize("k", range(len(DIFF_CASES)))
def test_diff_equals_central_differences(k):
    x, y = esym.Real("x", 0.), esym.Real("y", 0.)
    f = DIFF_CASES[k](x, y)
    for _ in range(10):
        a, b = RNG.uniform(0.2, 1.8, 2)
        if abs(a - b) < 0.05:
            continue
        for var, val in ((x, a), (y, b)):
            x.SetValue(a), y.SetValue(b)
            d = f.Diff(var)
            h = 1e-6
            var.SetValue(val + h)
            fp = f.Evaluate()
            var.SetValue(val - h)
            fm = f.Evaluate()
            assert d == pytest.approx((fp - fm) / (2 * h), rel=1e-7, abs=1e-7), (k, a, b)


def test_diff_of_what_has_no_derivative_raises():
    x = esym.Real("x", 1.)
    with pytest.raises(ValueError, match="'floor' is not differentiable"):
        esym.floor(x).Diff(x)
    with pytest.raises(ValueError, match="'>' is not differentiable \\(in \\(2 > x\\)\\)"):
        (x < 2).Diff(x)
    with pytest.raises(ValueError, match="Diff\\(var\\): var must be a named Real"):
        (x * 2).Diff(esym.Real(2.))
    assert math.isnan(esym.abs(x - 1).Diff(x))     # |x| at 0, as Exudyn


def test_named_value_changes_every_expression_holding_it():
    k = esym.Real("k", 2.)
    f = k * 3 + esym.sin(k)
    assert f.Evaluate() == 2. * 3 + math.sin(2.)
    k.SetValue(5.)
    assert f.Evaluate() == 5. * 3 + math.sin(5.)
    c = esym.Real(4.)            # an unnamed number is copied into the expression
    g = c + k
    c.SetValue(100.)
    assert g.Evaluate() == 9.0 and c.value == 100.


def test_recording_off_gives_numbers():
    esym.SetRecording(False)
    assert not esym.GetRecording()
    b = esym.Real("b", 2.5)
    g = b * 3 + 1
    assert str(g) == "8.5" and g.value == 8.5 and str(b) == "2.5"
    v = esym.Vector("v", [1, 2])
    assert str(v * v) == "5" and str(esym.Matrix([[1, 2], [3, 4]]) * v) == "[5,11]"


# ---------------------------------------------------------------- vectors and matrices
def test_vector_and_matrix_operations_equal_numpy():
    for _ in range(20):
        n = int(RNG.integers(1, 6))
        a, b = RNG.normal(size=n), RNG.normal(size=n)
        A, B = RNG.normal(size=(n, n)), RNG.normal(size=(n, n))
        s = float(RNG.normal())
        v, w = esym.Vector("v", list(a)), esym.Vector(list(b))
        M, N = esym.Matrix("M", A), esym.Matrix(B)
        r = esym.Real("r", s)
        checks = [(v + w, a + b), (v - w, a - b), (-v, -a), (r * v, s * a), (v * 2.5, 2.5 * a),
                  (v.MultComponents(w), a * b), (M * v, A @ a), (v * M, a @ A),
                  (M + N, A + B), (M - N, A - B), (-M, -A), (r * M, s * A), (M * N, A @ B),
                  (M * 0.5, 0.5 * A)]
        for expr, ref in checks:
            assert np.allclose(expr.Evaluate(), ref, rtol=1e-14, atol=1e-14), str(expr)
        assert (v * w).Evaluate() == pytest.approx(a @ b, rel=1e-14, abs=1e-14)
        assert v.NormL2().Evaluate() == pytest.approx(np.linalg.norm(a), rel=1e-15)
        assert (v == v).Evaluate() == 1.0 and (v != w).Evaluate() == 1.0
        assert (M * v)[n - 1].Evaluate() == pytest.approx((A @ a)[n - 1], rel=1e-14, abs=1e-14)
        assert M[0, n - 1].Evaluate() == A[0, n - 1] and M.Get(n - 1, 0).Evaluate() == A[n - 1, 0]
        # a named vector's new values reach the expressions holding it
        a2 = RNG.normal(size=n)
        v.SetVector(list(a2))
        assert np.allclose((v + w).Evaluate(), a2 + b, rtol=1e-15, atol=0)


def test_vector_entries_may_be_expressions():
    x = esym.Real("x", 2.)
    u = esym.Vector([x * 3, 1.])
    u[1] = esym.sin(x)
    x.SetValue(0.5)
    assert np.array_equal(u.Evaluate(), [1.5, math.sin(0.5)])
    m = esym.Matrix([[x, 1.], [2., 3.]])
    m[1, 0] = x * x
    assert np.array_equal(m.Evaluate(), [[0.5, 1.], [0.25, 3.]])
    assert m.NumberOfRows() == 2 and m.NumberOfColumns() == 2 and u.NumberOfItems() == 2


def test_size_and_index_errors_name_the_operation():
    v = esym.Vector("v", [1., 2.])
    w3 = esym.Vector([1., 2., 3.])
    M = esym.Matrix([[1., 2.], [3., 4.]])
    with pytest.raises(ValueError, match=r"Vector \+: inconsistent vector sizes 2 and 3"):
        v + w3
    with pytest.raises(ValueError, match=r"scalar product\): inconsistent vector sizes 2 and 3"):
        v * w3
    with pytest.raises(ValueError, match=r"Matrix \* Vector: size mismatch, matrix 2x2 and "
                                         r"vector of size 3"):
        M * w3
    with pytest.raises(ValueError, match=r"Matrix \+: inconsistent matrix sizes"):
        M + esym.Matrix([[1.]])
    with pytest.raises(IndexError, match=r"Vector\[5\]: index out of range \(size 2\)"):
        v[5]
    with pytest.raises(IndexError, match=r"Matrix\[2,0\]: invalid row/column \(matrix 2x2\)"):
        M[2, 0]
    with pytest.raises(TypeError, match=r"Vector\[index\]: index must be an int"):
        v[esym.Real(0)]
    with pytest.raises(ValueError, match="all rows must have the same length"):
        esym.Matrix([[1, 2], [3]])
    with pytest.raises(TypeError, match=r"Vector\('q', vector\): entries must be numbers"):
        esym.Vector("q", ["a"])
    # a named vector made smaller later: the expression recorded before reports it
    s = v[1] * 2
    v.SetVector([7.])
    with pytest.raises(IndexError, match=r"Vector\[1\]: index out of range \(size 1\)"):
        s.Evaluate()


def test_bad_input_messages():
    with pytest.raises(TypeError, match=r"Real\(name, value\): value of 'x' must be a number"):
        esym.Real("x", "1")
    with pytest.raises(TypeError, match=r"Real\(value\): value must be a number, got list"):
        esym.Real([1])
    with pytest.raises(ValueError, match=r"SetValue: '\(x \+ 1\)' is an expression"):
        (esym.Real("x", 1.) + 1).SetValue(3)
    with pytest.raises(ValueError, match="Real.value: 'y' is named or an expression"):
        esym.Real("y", 1.).value
    with pytest.raises(TypeError, match="symbolic.sin takes 1 argument"):
        esym.sin(1, 2)
    with pytest.raises(TypeError, match="symbolic.pow: argument 2 must be a Real or a number"):
        esym.pow(2, "x")
    with pytest.raises(TypeError, match="IfThenElse: ifFalse must be a Real or a number"):
        esym.IfThenElse(1, 2, [3])
    with pytest.raises(ValueError, match=r"SetVector: '\(v \+ v\)' is an expression"):
        v = esym.Vector("v", [1.])
        (v + v).SetVector([2.])


def test_variable_set():
    V = esym.VariableSet()
    V.Add("flag", 1)
    V.Add(esym.Real("gain", 2.5))
    f = V.Get("flag") * V["gain"]
    assert f.Evaluate() == 2.5
    V.Set("flag", 3)             # an existing variable: its value, and f follows
    V["gain"] = 2.
    assert f.Evaluate() == 6.0
    assert V.Exists("flag") and not V.Exists("x") and V.NumberOfItems() == 2
    assert V.GetNames() == ["flag", "gain"] and str(V) == "{'flag': 3, 'gain': 2}"
    with pytest.raises(ValueError, match="VariableSet.Get: variable 'nope' does not exist "
                                         r"\(variables: \['flag', 'gain'\]\)"):
        V.Get("nope")
    with pytest.raises(ValueError, match="VariableSet.Add: variable 'flag' already exists"):
        V.Add("flag", 0)
    V.Reset()
    assert V.NumberOfItems() == 0 and isinstance(esym.variables, esym.VariableSet)


# ---------------------------------------------------------------- printing as Exudyn's
def _build(m):
    """The same expressions built with module m (coordyn.symbolic or exudyn.symbolic)."""
    R, V, M = m.Real, m.Vector, m.Matrix
    a, b, c = R(3), R("b", 2.5), R(0.1)
    v, w = V("v", [1, 2]), V([3, 4.5])
    P, N = M("P", [[1, 2], [3, 4]]), M([[1, 2], [3, 4.5]])
    x = R("x", 2)
    return [a, b, c, R(math.pi), R(1e-20), R(-0.), R(123456789.), R(1 / 3), a + b, b + a, b - 1,
            2 * b, b / 3, -b, +b, b ** 2, b ** a, b < 1, b <= 1, b > 1, b >= 1, b == 1, b != 1,
            1 < b, 1 > b, 1 + b, 1 - b, 1 / b, a == b, a != b, a >= b,
            m.abs(b), m.sin(a), m.atan2(b, 1), m.Not(b), m.sign(b), m.pow(b, 2), m.min(b, a),
            m.max(b, 1.5), m.mod(b, 2), m.isfinite(b), m.round(b), m.IfThenElse(b < 1, a + 1, b),
            3 * x + x ** 2 * m.sin(x), v, w, v + w, v * w, 2 * v, v * b, b * v, -v, v[0], w[1],
            v.NormL2(), v.MultComponents(w), v == w, v != w, v - w, V([b, 1]), V([1.5e-7, 2]),
            P, N, P * N, P + N, P - N, 2 * P, P * 2, P[0, 1], N[1, 1], b * P, -P, P.Get(1, 0),
            P * w, M([[1.5e-7, 2]]), w * N, V([1, 2]) * M([[1, 2], [3, 4]]), R(), R(1) ** R(2),
            V([x, x * 2]) * P, m.Real(7).__pos__()]


def test_printing_equals_exudyn():
    exudyn = pytest.importorskip("exudyn")
    ours = [str(e) for e in _build(esym)]
    theirs = [str(e) for e in _build(exudyn.symbolic)]
    assert ours == theirs


def test_printing_known_strings():
    """Exudyn 1.13.6's strings (for machines without Exudyn)"""
    b, x = esym.Real("b", 2.5), esym.Real("x", 2)
    v, w = esym.Vector("v", [1, 2]), esym.Vector([3, 4.5])
    assert str(3 * x + x ** 2 * esym.sin(x)) == "((3 * x) + (pow(x, 2) * sin(x)))"
    assert str(b < 1) == "(1 > b)" and str(1 < b) == "(b > 1)" and str(-b) == "(-b)"
    assert str(esym.IfThenElse(b < 1, esym.Real(3) + 1, b)) == "IfThenElse((1 > b),(3 + 1),b)"
    assert str(v * b) == "(b * v)" and str(v.MultComponents(w)) == "v.MultComponents([3,4.5])"
    assert str(w[1]) == "[3,4.5][1]" and str(v.NormL2()) == "NormL2(v)"
    assert str(esym.Real(1 / 3)) == "0.333333" and str(esym.Real(1e20)) == "1e+20"
    assert str(esym.Matrix([[b, 1], [2, 3]])) == "[[b,1],\n[2,3]]"


def test_module_names_equal_exudyn():
    exudyn = pytest.importorskip("exudyn")
    theirs = {n for n in dir(exudyn.symbolic) if not n.startswith("_")}
    assert set(esym.__all__) == theirs
    for cls in ("Real", "Vector", "Matrix", "VariableSet", "UserFunction"):
        theirs = {n for n in dir(getattr(exudyn.symbolic, cls)) if not n.startswith("_")}
        ours = {n for n in dir(getattr(esym, cls)) if not n.startswith("_")}
        assert theirs <= ours, cls


def test_exudyn_module_resolves_to_coordyn_symbolic():
    import coordyn
    with coordyn.use_as_exudyn():
        import exudyn
        import exudyn.symbolic
        assert exudyn.symbolic is esym and exudyn.symbolic.Real is esym.Real
        from exudyn.advancedUtilities import CreateSymbolicUserFunction
        assert CreateSymbolicUserFunction.__module__ == "coordyn.advancedUtilities"
