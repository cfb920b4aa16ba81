"""Exudyn's symbolic module under coordyn's name: symbolic Real, Vector and Matrix expressions,
a set of named variables, and symbolic user functions (``exu.symbolic`` / ``import
exudyn.symbolic`` under :func:`coordyn.use_as_exudyn`).

While recording is on (the default, :func:`SetRecording`), arithmetic on a ``Real``, ``Vector``
or ``Matrix`` builds an expression tree instead of a number; a named value (``Real('x', 2.)``)
is a leaf whose value ``SetValue`` changes later, and every expression that holds it follows.
``Evaluate()`` computes the tree with C's semantics (``sqrt(-1)`` is NaN, ``1/0`` is inf, as
Exudyn's C++ gives), ``str()`` prints it as Exudyn does, ``Real.Diff(x)`` gives the derivative
with respect to a named Real at the current values.

A :class:`UserFunction` (made by ``advancedUtilities.CreateSymbolicUserFunction``) records a
Python user function once with symbolic arguments and compiles the recorded tree into Python
source: straight-line float arithmetic and ``math`` calls with no tree walk and no symbolic
objects at call time. It is callable with the item's user-function arguments and is set on an
item in place of the Python function (``mbs.SetObjectParameter(co, 'springForceUserFunction',
f)``). See docs/symbolic.rst.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

__all__ = ["Real", "Vector", "Matrix", "VariableSet", "UserFunction", "variables",
           "SetRecording", "GetRecording", "IfThenElse",
           "isfinite", "abs", "sign", "Not", "round", "ceil", "floor", "sqrt", "exp", "log",
           "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh",
           "acosh", "atanh", "pow", "atan2", "mod", "min", "max"]

_recording = [True]      # module-wide switch of SetRecording (a list: no `global` needed)
_converting = [None]     # name of the user function ConvertFunctionToSymbolic records, or None
_INF = math.inf
_NAN = math.nan


def SetRecording(flag: bool) -> None:
    """Switch recording of expressions on (default) or off; off, every operation gives a number
    at once and named values lose their name."""
    _recording[0] = bool(flag)


def GetRecording() -> bool:
    """True while operations record expression trees."""
    return _recording[0]


# ------------------------------------------------------------------ scalar functions, C semantics
# Python's math raises where C returns inf or NaN; these return what std:: functions return.

def _c_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        if math.isnan(a) or a == 0:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)


def _c_sqrt(x):
    return _NAN if x < 0 else math.sqrt(x)


def _c_log(x):
    if x > 0 or math.isnan(x):
        return math.log(x)
    return -_INF if x == 0 else _NAN


def _c_exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return _INF


def _nan_on_domain(f):
    def g(x):
        try:
            return f(x)
        except ValueError:
            return _NAN
    g.__name__ = "_c_" + f.__name__
    return g


_c_sin = _nan_on_domain(math.sin)
_c_cos = _nan_on_domain(math.cos)
_c_tan = _nan_on_domain(math.tan)
_c_asin = _nan_on_domain(math.asin)
_c_acos = _nan_on_domain(math.acos)
_c_acosh = _nan_on_domain(math.acosh)


def _c_sinh(x):
    try:
        return math.sinh(x)
    except OverflowError:
        return math.copysign(_INF, x)


def _c_cosh(x):
    try:
        return math.cosh(x)
    except OverflowError:
        return _INF


def _c_atanh(x):
    if x == 1 or x == -1:
        return math.copysign(_INF, x)
    try:
        return math.atanh(x)
    except ValueError:
        return _NAN


def _odd_integer(y):
    return math.isfinite(y) and y == math.floor(y) and math.fmod(y, 2.0) != 0


def _c_pow(x, y):
    try:
        return math.pow(x, y)
    except OverflowError:
        return -_INF if (x < 0 and _odd_integer(y)) else _INF
    except ValueError:
        if x == 0 and y < 0:    # pole: +-inf as C's pow
            return math.copysign(_INF, x) if _odd_integer(y) else _INF
        return _NAN


def _c_mod(x, y):
    try:
        return math.fmod(x, y)
    except ValueError:
        return _NAN


def _c_round(x):
    """std::round: halves away from zero (Python's round goes to even)."""
    if not math.isfinite(x):
        return x
    ax = math.fabs(x)
    r = math.floor(ax)
    if ax - r >= 0.5:
        r += 1
    return math.copysign(float(r), x)


def _c_floor(x):
    return float(math.floor(x)) if math.isfinite(x) else x


def _c_ceil(x):
    return float(math.ceil(x)) if math.isfinite(x) else x


def _c_sign(x):
    return 1.0 if x > 0 else (-1.0 if x < 0 else 0.0)


def _c_min(a, b):
    return b if b < a else a     # std::min(a, b)


def _c_max(a, b):
    return b if a < b else a     # std::max(a, b)


def _c_isfinite(x):
    return 1.0 if math.isfinite(x) else 0.0


def _c_not(x):
    return 0.0 if x else 1.0


#: name -> (C-semantics function, fast function for compiled code or None, derivative)
_UNARY = {
    "isfinite": _c_isfinite, "abs": math.fabs, "sign": _c_sign, "Not": _c_not,
    "round": _c_round, "ceil": _c_ceil, "floor": _c_floor, "sqrt": _c_sqrt, "exp": _c_exp,
    "log": _c_log, "sin": _c_sin, "cos": _c_cos, "tan": _c_tan, "asin": _c_asin,
    "acos": _c_acos, "atan": math.atan, "sinh": _c_sinh, "cosh": _c_cosh, "tanh": math.tanh,
    "asinh": math.asinh, "acosh": _c_acosh, "atanh": _c_atanh}
#: the math function a compiled function calls first (it raises where C gives inf/NaN;
#: the compiled function then computes again with the _c_ functions)
_FAST_UNARY = {"sqrt": math.sqrt, "exp": math.exp, "log": math.log, "sin": math.sin,
               "cos": math.cos, "tan": math.tan, "asin": math.asin, "acos": math.acos,
               "sinh": math.sinh, "cosh": math.cosh, "acosh": math.acosh, "atanh": math.atanh}
_BINARY = {"pow": _c_pow, "atan2": math.atan2, "mod": _c_mod, "min": _c_min, "max": _c_max}
_FAST_BINARY = {"pow": math.pow, "mod": math.fmod}
_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": _c_div,
        "==": lambda a, b: 1.0 if a == b else 0.0, "!=": lambda a, b: 1.0 if a != b else 0.0,
        "<": lambda a, b: 1.0 if a < b else 0.0, "<=": lambda a, b: 1.0 if a <= b else 0.0,
        ">": lambda a, b: 1.0 if a > b else 0.0, ">=": lambda a, b: 1.0 if a >= b else 0.0}
_NOT_DIFFERENTIABLE = {"isfinite", "Not", "round", "ceil", "floor", "mod", "min", "max",
                       "==", "!=", "<", "<=", ">", ">="}


# ------------------------------------------------------------------ vector and matrix helpers
# sums run from the first term to the last, as Exudyn's loops do (no pairwise or BLAS order)

def _check_len(a, b, what):
    if len(a) != len(b):
        raise ValueError(f"symbolic.Vector {what}: inconsistent vector sizes {len(a)} and "
                         f"{len(b)}")


def _vadd(a, b):
    _check_len(a, b, "+")
    return a + b


def _vsub(a, b):
    _check_len(a, b, "-")
    return a - b


def _dot(a, b):
    _check_len(a, b, "* (scalar product)")
    s = 0.0
    for x, y in zip(a.tolist(), b.tolist()):
        s += x * y
    return s


def _norm(a):
    s = 0.0
    for x in a.tolist():
        s += x * x
    return math.sqrt(s)


def _vmult(a, b):
    _check_len(a, b, "MultComponents")
    return a * b


def _veq(a, b):
    return 1.0 if len(a) == len(b) and bool(np.all(a == b)) else 0.0


def _vne(a, b):
    return 1.0 - _veq(a, b)


def _sv(s, a):
    return s * a


def _mv(m, v):
    if m.shape[1] != len(v):
        raise ValueError(f"symbolic.Matrix * Vector: size mismatch, matrix {m.shape[0]}x"
                         f"{m.shape[1]} and vector of size {len(v)}")
    rows = m.tolist()
    vl = v.tolist()
    out = []
    for row in rows:
        s = 0.0
        for x, y in zip(row, vl):
            s += x * y
        out.append(s)
    return np.array(out, dtype=float)


def _vm(v, m):
    if m.shape[0] != len(v):
        raise ValueError(f"symbolic.Vector * Matrix: size mismatch, vector of size {len(v)} "
                         f"and matrix {m.shape[0]}x{m.shape[1]}")
    return _mv(np.ascontiguousarray(m.T), v)


def _mm(a, b):
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"symbolic.Matrix * Matrix: size mismatch, {a.shape[0]}x{a.shape[1]} "
                         f"and {b.shape[0]}x{b.shape[1]}")
    bt = b.T.tolist()
    out = []
    for row in a.tolist():
        r = []
        for col in bt:
            s = 0.0
            for x, y in zip(row, col):
                s += x * y
            r.append(s)
        out.append(r)
    return np.array(out, dtype=float).reshape(a.shape[0], b.shape[1])


def _madd(a, b):
    if a.shape != b.shape:
        raise ValueError(f"symbolic.Matrix +: inconsistent matrix sizes {a.shape} and {b.shape}")
    return a + b


def _msub(a, b):
    if a.shape != b.shape:
        raise ValueError(f"symbolic.Matrix -: inconsistent matrix sizes {a.shape} and {b.shape}")
    return a - b


def _vec(*entries):
    return np.array(entries, dtype=float)


def _mat(rows):
    return np.array(rows, dtype=float)


def _asvec(x, name):
    a = np.asarray(x, dtype=float)
    if a.ndim != 1:
        raise ValueError(f"symbolic user function: argument '{name}' must be a vector, got "
                         f"shape {a.shape}")
    return a


def _asmat(x, name):
    if hasattr(x, "GetInternalDenseMatrix"):
        x = x.GetInternalDenseMatrix()
    a = np.asarray(x, dtype=float)
    if a.ndim != 2:
        raise ValueError(f"symbolic user function: argument '{name}' must be a matrix, got "
                         f"shape {a.shape}")
    return a


# ------------------------------------------------------------------ expression nodes
def _fmt(x):
    """A number as C++'s ostream prints it (6 significant digits, %g)."""
    return format(float(x), "g")


class _Node:
    """One node of an expression tree: op, the operand nodes, and for leaves the value (a
    float, or an array for a vector or matrix leaf) and name. kind: 'r', 'v' or 'm'. shape:
    the size when the node was made (for the size checks while recording)."""
    __slots__ = ("op", "args", "kind", "value", "name", "shape")

    def __init__(self, op, args=(), kind="r", value=None, name=None, shape=None):
        self.op, self.args, self.kind = op, tuple(args), kind
        self.value, self.name, self.shape = value, name, shape


def _const(x):
    return _Node("const", value=float(x))


# printing: Exudyn's format, operator by operator
def _str(n):
    op, a = n.op, n.args
    if op == "const":
        return _fmt(n.value)
    if op in ("named", "vnamed", "mnamed"):
        return n.name
    if op in _OPS:
        return f"({_str(a[0])} {op} {_str(a[1])})"
    if op in ("neg", "vneg", "mneg"):
        return f"(-{_str(a[0])})"
    if op in _UNARY:
        return f"{op}({_str(a[0])})"
    if op in _BINARY:
        return f"{op}({_str(a[0])}, {_str(a[1])})"
    if op == "ite":
        return f"IfThenElse({_str(a[0])},{_str(a[1])},{_str(a[2])})"
    if op == "vcomp":
        return f"{_str(a[0])}[{n.value}]"
    if op == "mcomp":
        return f"{_str(a[0])}[{n.value[0]},{n.value[1]}]"
    if op == "norm":
        return f"NormL2({_str(a[0])})"
    if op == "vconst":
        return "[" + ",".join(_fmt(x) for x in n.value) + "]"
    if op == "vlist":
        return "[" + ",".join(_str(x) for x in a) + "]"
    if op == "mconst":
        return "[" + ",".join("[" + ",".join(_fmt(x) for x in row) + "]"
                              for row in n.value) + "]"
    if op == "mlist":
        ncol = n.shape[1]
        rows = [a[i:i + ncol] for i in range(0, len(a), ncol)]
        return "[" + ",\n".join("[" + ",".join(_str(x) for x in row) + "]"
                                for row in rows) + "]"
    if op == "vmult":
        return f"{_str(a[0])}.MultComponents({_str(a[1])})"
    if op == "vm":       # v * M (the transposed M times v): Exudyn prints the matrix first
        return f"({_str(a[1])} * {_str(a[0])})"
    symbol = {"dot": "*", "v+": "+", "v-": "-", "sv": "*", "mv": "*", "vm": "*", "v==": "==",
              "v!=": "!=", "m+": "+", "m-": "-", "sm": "*", "mm": "*"}[op]
    return f"({_str(a[0])} {symbol} {_str(a[1])})"


# evaluation: walks the tree with the C-semantics functions
def _ev(n):
    op, a = n.op, n.args
    if op == "const" or op == "named":
        return n.value
    if op in _OPS:
        return _OPS[op](_ev(a[0]), _ev(a[1]))
    if op == "neg":
        return -_ev(a[0])
    if op in _UNARY:
        return _UNARY[op](_ev(a[0]))
    if op in _BINARY:
        return _BINARY[op](_ev(a[0]), _ev(a[1]))
    if op == "ite":
        return _ev(a[1]) if _ev(a[0]) else _ev(a[2])
    if op == "vcomp":
        v = _ev(a[0])
        if not 0 <= n.value < len(v):
            raise IndexError(f"symbolic.Vector[{n.value}]: index out of range (size {len(v)})")
        return float(v[n.value])
    if op == "mcomp":
        m = _ev(a[0])
        i, j = n.value
        if not (0 <= i < m.shape[0] and 0 <= j < m.shape[1]):
            raise IndexError(f"symbolic.Matrix[{i},{j}]: invalid row/column (matrix "
                             f"{m.shape[0]}x{m.shape[1]})")
        return float(m[i, j])
    if op in ("vconst", "vnamed", "mconst", "mnamed"):
        return n.value.copy()
    if op == "vlist":
        return _vec(*[_ev(x) for x in a])
    if op == "mlist":
        return np.array([_ev(x) for x in a], dtype=float).reshape(n.shape)
    if op in ("vneg", "mneg"):
        return -_ev(a[0])
    return _VFUNC[op](*[_ev(x) for x in a])


_VFUNC = {"dot": _dot, "norm": _norm, "v+": _vadd, "v-": _vsub, "sv": _sv, "mv": _mv,
          "vm": _vm, "vmult": _vmult, "v==": _veq, "v!=": _vne, "m+": _madd, "m-": _msub,
          "sm": _sv, "mm": _mm}


# derivative with respect to a named Real leaf, at the current values (forward mode)
def _diff(n, var):
    op, a = n.op, n.args
    if op == "named":
        return 1.0 if n is var else 0.0
    if op == "const":
        return 0.0
    if op in _NOT_DIFFERENTIABLE:
        raise ValueError(f"symbolic.Real.Diff: '{op}' is not differentiable (in {_str(n)})")
    if op == "+":
        return _diff(a[0], var) + _diff(a[1], var)
    if op == "-":
        return _diff(a[0], var) - _diff(a[1], var)
    if op == "neg":
        return -_diff(a[0], var)
    if op == "*":
        return _diff(a[0], var) * _ev(a[1]) + _ev(a[0]) * _diff(a[1], var)
    if op == "/":
        u, w = _ev(a[0]), _ev(a[1])
        if w == 0:
            return _NAN
        return (_diff(a[0], var) * w - u * _diff(a[1], var)) / (w * w)
    if op == "ite":
        return _diff(a[1], var) if _ev(a[0]) else _diff(a[2], var)
    if op in ("pow", "atan2"):
        x, y = _ev(a[0]), _ev(a[1])
        dx, dy = _diff(a[0], var), _diff(a[1], var)
        if op == "atan2":
            d = x * x + y * y
            return _NAN if d == 0 else (y * dx - x * dy) / d
        if dy == 0:     # x**c: defined for every x where x**(c-1) is
            return y * _c_pow(x, y - 1) * dx
        if x <= 0:
            return _NAN
        return y * _c_pow(x, y - 1) * dx + math.log(x) * _c_pow(x, y) * dy
    if op in _UNARY:
        x, dx = _ev(a[0]), _diff(a[0], var)
        return _UNARY_DERIVATIVE[op](x) * dx
    if op == "vcomp" and a[0].op == "vlist":
        return _diff(a[0].args[n.value], var)
    if op == "mcomp" and a[0].op == "mlist":
        return _diff(a[0].args[n.value[0] * a[0].shape[1] + n.value[1]], var)
    if op in ("vcomp", "mcomp") and a[0].op in ("vconst", "vnamed", "mconst", "mnamed"):
        return 0.0
    raise ValueError(f"symbolic.Real.Diff: derivatives through vector or matrix expressions "
                     f"are not available (in {_str(n)}); write the expression with Real "
                     f"components")


def _nan_outside(lo, hi, f):
    return lambda x: f(x) if lo < x < hi else _NAN


_UNARY_DERIVATIVE = {
    "abs": lambda x: _NAN if x == 0 else (1.0 if x > 0 else -1.0),
    "sign": lambda x: 0.0,
    "sqrt": lambda x: _NAN if x <= 0 else 0.5 / math.sqrt(x),
    "exp": _c_exp,
    "log": lambda x: _NAN if x <= 0 else 1.0 / x,
    "sin": _c_cos, "cos": lambda x: -_c_sin(x),
    "tan": lambda x: 1.0 + _c_tan(x) ** 2,
    "asin": _nan_outside(-1, 1, lambda x: 1.0 / math.sqrt(1.0 - x * x)),
    "acos": _nan_outside(-1, 1, lambda x: -1.0 / math.sqrt(1.0 - x * x)),
    "atan": lambda x: 1.0 / (1.0 + x * x),
    "sinh": _c_cosh, "cosh": _c_sinh,
    "tanh": lambda x: 1.0 - math.tanh(x) ** 2,
    "asinh": lambda x: 1.0 / math.sqrt(x * x + 1.0),
    "acosh": _nan_outside(1, _INF, lambda x: 1.0 / math.sqrt(x * x - 1.0)),
    "atanh": _nan_outside(-1, 1, lambda x: 1.0 / (1.0 - x * x)),
}


# ------------------------------------------------------------------ Real
def _is_number(x):
    return isinstance(x, numbers.Real) and not isinstance(x, (Real, Vector, Matrix))


def _scalar_node(x):
    """The node of a scalar operand (Real or number); None if x is not a scalar."""
    if isinstance(x, Real):
        return x._node if x._node is not None else _const(x._value)
    if _is_number(x):
        return _const(x)
    return None


def _scalar_value(x):
    return x.Evaluate() if isinstance(x, Real) else float(x)


def _real_op(op, args):
    """Real result of op on scalar operands (Real or number): a node while recording, else the
    value at once."""
    if _recording[0]:
        return Real._of(_Node(op, [_scalar_node(x) for x in args]))
    return Real(_ev(_Node(op, [_const(_scalar_value(x)) for x in args])))


class Real:
    """A symbolic real: a number, a named variable (``Real('x', 2.)``) or an expression."""
    __slots__ = ("_node", "_value")
    __hash__ = None
    __array_ufunc__ = None      # numpy defers to Real's reflected operators

    def __init__(self, *args):
        self._node = None
        if len(args) == 0:
            self._value = 0.0
            return
        if len(args) == 1:
            value = args[0]
            if isinstance(value, Real):
                self._node, self._value = value._node, value._value
                return
            if not _is_number(value):
                raise TypeError(f"symbolic.Real(value): value must be a number, got "
                                f"{type(value).__name__}")
            self._value = float(value)
            return
        if len(args) != 2:
            raise TypeError(f"symbolic.Real takes (value) or (name, value), got {len(args)} "
                            f"arguments")
        name, value = args
        if not isinstance(name, str):
            raise TypeError(f"symbolic.Real(name, value): name must be a str, got "
                            f"{type(name).__name__}")
        if not _is_number(value):
            raise TypeError(f"symbolic.Real(name, value): value of '{name}' must be a number, "
                            f"got {type(value).__name__}")
        self._value = float(value)
        if _recording[0]:
            self._node = _Node("named", value=float(value), name=name)

    @classmethod
    def _of(cls, node):
        r = cls.__new__(cls)
        r._node, r._value = node, 0.0
        return r

    def Evaluate(self) -> float:
        """The value of the expression (or the stored number)."""
        return self._value if self._node is None else _ev(self._node)

    def SetValue(self, valueInit) -> None:
        """Set the number, or the value of a named Real (every expression holding it follows);
        an expression cannot be set."""
        if not _is_number(valueInit):
            raise TypeError(f"symbolic.Real.SetValue(valueInit): valueInit must be a number, "
                            f"got {type(valueInit).__name__}")
        if self._node is None:
            self._value = float(valueInit)
        elif self._node.op == "named":
            self._node.value = float(valueInit)
        else:
            raise ValueError(f"symbolic.Real.SetValue: '{self}' is an expression; SetValue "
                             f"sets only numbers and named Reals")

    def Diff(self, var) -> float:
        """The derivative of this expression with respect to the named Real var, at the
        current values."""
        if not (isinstance(var, Real) and var._node is not None and var._node.op == "named"):
            raise ValueError(f"symbolic.Real.Diff(var): var must be a named Real "
                             f"(Real('x', value)), got '{var}'")
        return 0.0 if self._node is None else float(_diff(self._node, var._node))

    @property
    def value(self) -> float:
        """The stored number of a Real that is neither named nor an expression."""
        if self._node is not None:
            raise ValueError(f"symbolic.Real.value: '{self}' is named or an expression; use "
                             f"Evaluate()")
        return self._value

    @value.setter
    def value(self, v):
        if self._node is not None:
            raise ValueError(f"symbolic.Real.value: '{self}' is named or an expression; use "
                             f"SetValue()")
        self._value = float(v)

    def _refuse_while_converting(self, what, instead):
        if _converting[0] is not None and self._node is not None:
            raise TypeError(f"{what} of the symbolic '{self}' while recording the user function "
                            f"'{_converting[0]}': the recorded function would keep today's "
                            f"value for ever; {instead}")

    def __float__(self):
        self._refuse_while_converting("float()", "use exudyn.symbolic's functions (esym.sin, "
                                      "esym.abs, ...) instead of math's or numpy's")
        return float(self.Evaluate())

    def __bool__(self):
        self._refuse_while_converting("a Python if/and/or/not", "use esym.IfThenElse(condition, "
                                      "ifTrue, ifFalse)")
        return self.Evaluate() != 0

    def __str__(self):
        return _fmt(self._value) if self._node is None else _str(self._node)

    __repr__ = __str__

    def _bin(self, op, other, reflected=False):
        if _scalar_node(other) is None:
            return NotImplemented
        return _real_op(op, (other, self) if reflected else (self, other))

    def __add__(self, o): return self._bin("+", o)
    def __radd__(self, o): return self._bin("+", o, True)
    def __sub__(self, o): return self._bin("-", o)
    def __rsub__(self, o): return self._bin("-", o, True)
    def __mul__(self, o): return self._bin("*", o)
    def __rmul__(self, o): return self._bin("*", o, True)
    def __truediv__(self, o): return self._bin("/", o)
    def __rtruediv__(self, o): return self._bin("/", o, True)
    def __pow__(self, o): return self._bin("pow", o)
    def __rpow__(self, o): return self._bin("pow", o, True)
    def __neg__(self): return _real_op("neg", (self,))
    def __pos__(self): return Real(self)
    def __abs__(self): return _real_op("abs", (self,))
    # Exudyn's operand order: a number on the right of <, <=, ==, != is printed on the left
    def __gt__(self, o): return self._bin(">", o)
    def __ge__(self, o): return self._bin(">=", o)
    def __lt__(self, o): return self._bin(*(("<", o) if isinstance(o, Real) else (">", o, True)))
    def __le__(self, o): return self._bin(*(("<=", o) if isinstance(o, Real) else (">=", o, True)))
    def __eq__(self, o): return self._bin("==", o, not isinstance(o, Real))
    def __ne__(self, o): return self._bin("!=", o, not isinstance(o, Real))

    def __getstate__(self):
        return (self._node, self._value)

    def __setstate__(self, state):
        self._node, self._value = state


def _function(name, nargs):
    def f(*args):
        if len(args) != nargs:
            raise TypeError(f"symbolic.{name} takes {nargs} argument(s), got {len(args)}")
        for k, x in enumerate(args):
            if _scalar_node(x) is None:
                raise TypeError(f"symbolic.{name}: argument {k + 1} must be a Real or a number, "
                                f"got {type(x).__name__}")
        return _real_op(name, args)
    f.__name__ = f.__qualname__ = name
    return f


_DOC = {"isfinite": "1 if x is finite, else 0 (std::isfinite)",
        "abs": "the absolute value of x (std::fabs)",
        "sign": "1 for x > 0, -1 for x < 0, 0 otherwise", "Not": "1 if x == 0, else 0",
        "round": "x rounded, halves away from zero (std::round)"}
isfinite = _function("isfinite", 1)
abs = _function("abs", 1)
sign = _function("sign", 1)
Not = _function("Not", 1)
round = _function("round", 1)
ceil = _function("ceil", 1)
floor = _function("floor", 1)
sqrt = _function("sqrt", 1)
exp = _function("exp", 1)
log = _function("log", 1)
sin = _function("sin", 1)
cos = _function("cos", 1)
tan = _function("tan", 1)
asin = _function("asin", 1)
acos = _function("acos", 1)
atan = _function("atan", 1)
sinh = _function("sinh", 1)
cosh = _function("cosh", 1)
tanh = _function("tanh", 1)
asinh = _function("asinh", 1)
acosh = _function("acosh", 1)
atanh = _function("atanh", 1)
pow = _function("pow", 2)
atan2 = _function("atan2", 2)
mod = _function("mod", 2)
min = _function("min", 2)
max = _function("max", 2)
for _f in (isfinite, abs, sign, Not, round, ceil, floor, sqrt, exp, log, sin, cos, tan, asin,
           acos, atan, sinh, cosh, tanh, asinh, acosh, atanh):
    _f.__doc__ = f"symbolic {_f.__name__}(x): " + _DOC.get(_f.__name__,
                                                           f"std::{_f.__name__}(x)")
pow.__doc__ = "symbolic pow(x, y): x**y (std::pow)"
atan2.__doc__ = "symbolic atan2(y, x) (std::atan2)"
mod.__doc__ = "symbolic mod(x, y): remainder of x / y with the sign of x (std::fmod)"
min.__doc__ = "symbolic min(x, y) (std::min)"
max.__doc__ = "symbolic max(x, y) (std::max)"


def IfThenElse(condition, ifTrue, ifFalse):
    """ifTrue where condition evaluates to nonzero, else ifFalse; only the chosen branch is
    evaluated."""
    args = (condition, ifTrue, ifFalse)
    for name, x in zip(("condition", "ifTrue", "ifFalse"), args):
        if _scalar_node(x) is None:
            raise TypeError(f"symbolic.IfThenElse: {name} must be a Real or a number, got "
                            f"{type(x).__name__}")
    if _recording[0]:
        return Real._of(_Node("ite", [_scalar_node(x) for x in args]))
    return Real(_scalar_value(ifTrue) if _scalar_value(condition) else _scalar_value(ifFalse))


# ------------------------------------------------------------------ Vector
def _entry(x, where):
    """A Vector or Matrix entry: a float, or a scalar node (a Real holding an expression)."""
    if isinstance(x, _Node):
        return x if _recording[0] else _ev(x)
    if isinstance(x, Real):
        if x._node is None:
            return x._value
        return x._node if _recording[0] else x.Evaluate()
    if _is_number(x):
        return float(x)
    raise TypeError(f"{where}: entries must be numbers or symbolic.Real, got "
                    f"{type(x).__name__}")


def _entry_node(e):
    return e if isinstance(e, _Node) else _const(e)


class Vector:
    """A symbolic vector: numbers (entries may be Real expressions), a named vector
    (``Vector('v', [1, 2])``) or an expression. ``v * w`` is the scalar product,
    ``v.MultComponents(w)`` the component-wise product."""
    __slots__ = ("_node", "_entries")
    __hash__ = None
    __array_ufunc__ = None

    def __init__(self, *args):
        self._node, self._entries = None, []
        if len(args) == 1:
            name, vector = None, args[0]
        elif len(args) == 2:
            name, vector = args
            if not isinstance(name, str):
                raise TypeError(f"symbolic.Vector(name, vector): name must be a str, got "
                                f"{type(name).__name__}")
        else:
            raise TypeError(f"symbolic.Vector takes (vector) or (name, vector), got "
                            f"{len(args)} arguments")
        if isinstance(vector, Vector):
            vector = vector.Evaluate() if name is not None else vector._items()
        where = "symbolic.Vector" if name is None else f"symbolic.Vector('{name}', vector)"
        if isinstance(vector, np.ndarray) and vector.ndim != 1:
            raise ValueError(f"{where}: vector must be one-dimensional, got shape {vector.shape}")
        if not isinstance(vector, (list, tuple, np.ndarray)):
            raise TypeError(f"{where}: vector must be a list or a 1D numpy array, got "
                            f"{type(vector).__name__}")
        entries = [_entry(x, where) for x in vector]
        if name is not None and _recording[0]:
            if any(isinstance(e, _Node) for e in entries):
                raise ValueError(f"{where}: a named vector holds numbers, not expressions")
            self._node = _Node("vnamed", kind="v", value=np.array(entries, dtype=float),
                               name=name)
        else:
            self._entries = entries

    @classmethod
    def _of(cls, node):
        v = cls.__new__(cls)
        v._node, v._entries = node, []
        return v

    def _items(self):
        """The entries (floats or scalar nodes) of this vector as a list."""
        if self._node is None:
            return list(self._entries)
        return [_Node("vcomp", [self._node], value=i) for i in range(self.NumberOfItems())]

    def _vnode(self):
        if self._node is not None:
            return self._node
        if any(isinstance(e, _Node) for e in self._entries):
            return _Node("vlist", [_entry_node(e) for e in self._entries], kind="v",
                         shape=(len(self._entries),))
        return _Node("vconst", kind="v", value=np.array(self._entries, dtype=float),
                     shape=(len(self._entries),))

    def Evaluate(self) -> np.ndarray:
        """The vector's values as a numpy array."""
        if self._node is not None:
            return _ev(self._node)
        return _vec(*[_ev(e) if isinstance(e, _Node) else e for e in self._entries])

    def NumberOfItems(self) -> int:
        """The size of the vector."""
        if self._node is None:
            return len(self._entries)
        if self._node.op == "vnamed":
            return len(self._node.value)
        return len(_ev(self._node))

    def SetVector(self, vector) -> None:
        """Set the numbers of a vector or of a named vector (not of an expression)."""
        if isinstance(vector, Vector):
            vector = vector.Evaluate()
        if self._node is None:
            self.__init__(vector)
        elif self._node.op == "vnamed":
            self._node.value = np.array([float(_scalar_value(x)) for x in vector], dtype=float)
        else:
            raise ValueError(f"symbolic.Vector.SetVector: '{self}' is an expression; SetVector "
                             f"sets only numbers and named vectors")

    def _index(self, index):
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise TypeError(f"symbolic.Vector[index]: index must be an int, got "
                            f"{type(index).__name__}")
        n = self.NumberOfItems()
        if not 0 <= index < n:
            raise IndexError(f"symbolic.Vector[{index}]: index out of range (size {n})")
        return int(index)

    def __getitem__(self, index):
        i = self._index(index)
        if not _recording[0]:
            return Real(float(self.Evaluate()[i]))
        return Real._of(_Node("vcomp", [self._vnode()], value=i))

    def __setitem__(self, index, value):
        i = self._index(index)
        if self._node is not None and self._node.op == "vnamed":
            self._node.value[i] = _scalar_value(value)
            return
        items = self._items()
        items[i] = _entry(value, "symbolic.Vector[index] = value")
        self._node, self._entries = None, items

    def NormL2(self) -> Real:
        """The (symbolic) Euclidean norm."""
        if _recording[0]:
            return Real._of(_Node("norm", [self._vnode()]))
        return Real(_norm(self.Evaluate()))

    def MultComponents(self, other) -> Vector:
        """The component-wise product (numpy's ``*``)."""
        if not isinstance(other, Vector):
            raise TypeError(f"symbolic.Vector.MultComponents(other): other must be a Vector, "
                            f"got {type(other).__name__}")
        return _vector_op("vmult", self, other)

    def __str__(self):
        if self._node is not None:
            return _str(self._node)
        return "[" + ",".join(_str(e) if isinstance(e, _Node) else _fmt(e)
                              for e in self._entries) + "]"

    __repr__ = __str__

    def __len__(self):
        return self.NumberOfItems()

    def __add__(self, o):
        return _vector_op("v+", self, o) if isinstance(o, Vector) else NotImplemented

    def __sub__(self, o):
        return _vector_op("v-", self, o) if isinstance(o, Vector) else NotImplemented

    def __neg__(self):
        if _recording[0]:
            return Vector._of(_Node("vneg", [self._vnode()], kind="v", shape=self._shape()))
        return Vector(-self.Evaluate())

    def __mul__(self, o):
        if isinstance(o, Vector):
            _same_size(self, o, "* (scalar product)")
            if _recording[0]:
                return Real._of(_Node("dot", [self._vnode(), o._vnode()]))
            return Real(_dot(self.Evaluate(), o.Evaluate()))
        if isinstance(o, Matrix):
            return _matrix_vector("vm", self, o)
        return self.__rmul__(o)

    def __rmul__(self, o):
        if _scalar_node(o) is None:
            return NotImplemented
        if _recording[0]:
            return Vector._of(_Node("sv", [_scalar_node(o), self._vnode()], kind="v",
                                    shape=self._shape()))
        return Vector(_scalar_value(o) * self.Evaluate())

    def __eq__(self, o):
        return _vector_op("v==", self, o) if isinstance(o, Vector) else NotImplemented

    def __ne__(self, o):
        return _vector_op("v!=", self, o) if isinstance(o, Vector) else NotImplemented

    def _shape(self):
        return (self.NumberOfItems(),)

    def __getstate__(self):
        return (self._node, self._entries)

    def __setstate__(self, state):
        self._node, self._entries = state


def _same_size(v, w, what):
    if v.NumberOfItems() != w.NumberOfItems():
        raise ValueError(f"symbolic.Vector {what}: inconsistent vector sizes "
                         f"{v.NumberOfItems()} and {w.NumberOfItems()}")


def _vector_op(op, v, w):
    if op != "v==" and op != "v!=":
        _same_size(v, w, {"v+": "+", "v-": "-", "vmult": "MultComponents"}[op])
    if op in ("v==", "v!="):
        if _recording[0]:
            return Real._of(_Node(op, [v._vnode(), w._vnode()]))
        return Real(_VFUNC[op](v.Evaluate(), w.Evaluate()))
    if _recording[0]:
        return Vector._of(_Node(op, [v._vnode(), w._vnode()], kind="v", shape=v._shape()))
    return Vector(_VFUNC[op](v.Evaluate(), w.Evaluate()))


def _matrix_vector(op, a, b):
    """M * v ('mv') or v * M ('vm': the transposed matrix times v)."""
    m, v = (a, b) if op == "mv" else (b, a)
    rows, cols = m._shape()
    n = v.NumberOfItems()
    if (cols if op == "mv" else rows) != n:
        text = "Matrix * Vector" if op == "mv" else "Vector * Matrix"
        raise ValueError(f"symbolic.{text}: size mismatch, matrix {rows}x{cols} and vector of "
                         f"size {n}")
    out = rows if op == "mv" else cols
    if _recording[0]:
        return Vector._of(_Node(op, [a._vnode(), b._vnode()], kind="v", shape=(out,)))
    return Vector(_VFUNC[op](a.Evaluate(), b.Evaluate()))


# ------------------------------------------------------------------ Matrix
class Matrix:
    """A symbolic matrix: numbers (entries may be Real expressions), a named matrix or an
    expression. ``M * N``, ``M * v`` and ``v * M`` (the transposed M times v) are products."""
    __slots__ = ("_node", "_rows")
    __array_ufunc__ = None

    def __init__(self, *args):
        self._node, self._rows = None, []
        if len(args) == 1:
            name, matrix = None, args[0]
        elif len(args) == 2:
            name, matrix = args
            if not isinstance(name, str):
                raise TypeError(f"symbolic.Matrix(name, matrix): name must be a str, got "
                                f"{type(name).__name__}")
        else:
            raise TypeError(f"symbolic.Matrix takes (matrix) or (name, matrix), got "
                            f"{len(args)} arguments")
        where = "symbolic.Matrix" if name is None else f"symbolic.Matrix('{name}', matrix)"
        if isinstance(matrix, Matrix):
            matrix = matrix.Evaluate() if name is not None else matrix._items()
        if isinstance(matrix, np.ndarray):
            if matrix.ndim != 2:
                raise ValueError(f"{where}: matrix must be two-dimensional, got shape "
                                 f"{matrix.shape}")
            matrix = matrix.tolist()
        if not isinstance(matrix, (list, tuple)) or not all(
                isinstance(r, (list, tuple, np.ndarray)) for r in matrix):
            raise TypeError(f"{where}: matrix must be a list of lists or a 2D numpy array")
        rows = [[_entry(x, where) for x in r] for r in matrix]
        if len({len(r) for r in rows}) > 1:
            raise ValueError(f"{where}: all rows must have the same length, got "
                             f"{[len(r) for r in rows]}")
        if name is not None and _recording[0]:
            if any(isinstance(e, _Node) for r in rows for e in r):
                raise ValueError(f"{where}: a named matrix holds numbers, not expressions")
            self._node = _Node("mnamed", kind="m", value=_mat(rows).reshape(len(rows), -1)
                               if rows else np.zeros((0, 0)), name=name)
        else:
            self._rows = rows

    @classmethod
    def _of(cls, node):
        m = cls.__new__(cls)
        m._node, m._rows = node, []
        return m

    def _shape(self):
        if self._node is None:
            return (len(self._rows), len(self._rows[0]) if self._rows else 0)
        if self._node.op == "mnamed":
            return self._node.value.shape
        return _ev(self._node).shape

    def _items(self):
        if self._node is None:
            return [list(r) for r in self._rows]
        r, c = self._shape()
        return [[_Node("mcomp", [self._node], value=(i, j)) for j in range(c)] for i in range(r)]

    def _vnode(self):
        if self._node is not None:
            return self._node
        shape = self._shape()
        if any(isinstance(e, _Node) for r in self._rows for e in r):
            return _Node("mlist", [_entry_node(e) for r in self._rows for e in r], kind="m",
                         shape=shape)
        return _Node("mconst", kind="m", value=_mat(self._rows).reshape(shape), shape=shape)

    def Evaluate(self) -> np.ndarray:
        """The matrix's values as a 2D numpy array."""
        if self._node is not None:
            return _ev(self._node)
        return np.array([[_ev(e) if isinstance(e, _Node) else e for e in r] for r in self._rows],
                        dtype=float).reshape(self._shape())

    def NumberOfRows(self) -> int:
        """The number of rows."""
        return self._shape()[0]

    def NumberOfColumns(self) -> int:
        """The number of columns."""
        return self._shape()[1]

    def SetMatrix(self, matrix) -> None:
        """Set the numbers of a matrix or of a named matrix (not of an expression)."""
        if isinstance(matrix, Matrix):
            matrix = matrix.Evaluate()
        if self._node is None:
            self.__init__(matrix)
        elif self._node.op == "mnamed":
            self._node.value = np.array(matrix, dtype=float)
        else:
            raise ValueError(f"symbolic.Matrix.SetMatrix: '{self}' is an expression; SetMatrix "
                             f"sets only numbers and named matrices")

    def _index(self, index):
        if not (isinstance(index, tuple) and len(index) == 2 and all(
                isinstance(k, numbers.Integral) and not isinstance(k, bool) for k in index)):
            raise TypeError(f"symbolic.Matrix[row, column]: two int indices expected, got "
                            f"{index!r}")
        r, c = self._shape()
        i, j = int(index[0]), int(index[1])
        if not (0 <= i < r and 0 <= j < c):
            raise IndexError(f"symbolic.Matrix[{i},{j}]: invalid row/column (matrix {r}x{c})")
        return i, j

    def Get(self, row, column) -> Real:
        """The entry [row, column] (as ``M[row, column]``)."""
        return self[row, column]

    def __getitem__(self, index):
        i, j = self._index(index)
        if not _recording[0]:
            return Real(float(self.Evaluate()[i, j]))
        return Real._of(_Node("mcomp", [self._vnode()], value=(i, j)))

    def __setitem__(self, index, value):
        i, j = self._index(index)
        if self._node is not None and self._node.op == "mnamed":
            self._node.value[i, j] = _scalar_value(value)
            return
        rows = self._items()
        rows[i][j] = _entry(value, "symbolic.Matrix[row, column] = value")
        self._node, self._rows = None, rows

    def __str__(self):
        if self._node is not None:
            return _str(self._node)
        return _str(self._vnode())

    __repr__ = __str__

    def _same(self, o, op):
        if self._shape() != o._shape():
            raise ValueError(f"symbolic.Matrix {op}: inconsistent matrix sizes {self._shape()} "
                             f"and {o._shape()}")

    def _mop(self, op, o):
        if not isinstance(o, Matrix):
            return NotImplemented
        self._same(o, op[1])
        if _recording[0]:
            return Matrix._of(_Node(op, [self._vnode(), o._vnode()], kind="m",
                                    shape=self._shape()))
        return Matrix(_VFUNC[op](self.Evaluate(), o.Evaluate()))

    def __add__(self, o):
        return self._mop("m+", o)

    def __sub__(self, o):
        return self._mop("m-", o)

    def __neg__(self):
        if _recording[0]:
            return Matrix._of(_Node("mneg", [self._vnode()], kind="m", shape=self._shape()))
        return Matrix(-self.Evaluate())

    def __mul__(self, o):
        if isinstance(o, Vector):
            return _matrix_vector("mv", self, o)
        if isinstance(o, Matrix):
            (r, c), (r2, c2) = self._shape(), o._shape()
            if c != r2:
                raise ValueError(f"symbolic.Matrix * Matrix: size mismatch, {r}x{c} and "
                                 f"{r2}x{c2}")
            if _recording[0]:
                return Matrix._of(_Node("mm", [self._vnode(), o._vnode()], kind="m",
                                        shape=(r, c2)))
            return Matrix(_mm(self.Evaluate(), o.Evaluate()))
        return self.__rmul__(o)

    def __rmul__(self, o):
        if _scalar_node(o) is None:
            return NotImplemented
        if _recording[0]:
            return Matrix._of(_Node("sm", [_scalar_node(o), self._vnode()], kind="m",
                                    shape=self._shape()))
        return Matrix(_scalar_value(o) * self.Evaluate())

    def __getstate__(self):
        return (self._node, self._rows)

    def __setstate__(self, state):
        self._node, self._rows = state


# Exudyn's class attributes Real.__newCount, ... (its C++ counts created and deleted expression
# nodes to find leaks; coordyn's nodes are garbage-collected Python objects: they stay 0)
for _cls in (Real, Vector, Matrix):
    setattr(_cls, "__newCount", 0)
    setattr(_cls, "__deleteCount", 0)


# ------------------------------------------------------------------ VariableSet
class VariableSet:
    """Named Reals by name: a user function that reads ``variables.Get('flag')`` follows
    ``variables.Set('flag', value)`` made later."""

    def __init__(self):
        self._vars: dict = {}

    def Add(self, *args) -> None:
        """Add(name, value) or Add(namedReal): a new variable (its name must not exist)."""
        if len(args) == 1:
            r = args[0]
            if not (isinstance(r, Real) and r._node is not None and r._node.op == "named"):
                raise ValueError(f"VariableSet.Add(namedReal): expected a named Real "
                                 f"(Real('x', value)), got '{r}'")
            name = r._node.name
        elif len(args) == 2:
            name, value = args
            if not isinstance(name, str):
                raise TypeError(f"VariableSet.Add(name, value): name must be a str, got "
                                f"{type(name).__name__}")
            if not _is_number(value):
                raise TypeError(f"VariableSet.Add(name, value): value of '{name}' must be a "
                                f"number, got {type(value).__name__}")
            r = Real._of(_Node("named", value=float(value), name=name))
        else:
            raise TypeError(f"VariableSet.Add takes (name, value) or (namedReal), got "
                            f"{len(args)} arguments")
        if name in self._vars:
            raise ValueError(f"VariableSet.Add: variable '{name}' already exists (use Set)")
        self._vars[name] = r

    def Set(self, name, value) -> None:
        """Set the value of variable name (added if it does not exist)."""
        if name in self._vars:
            self._vars[name].SetValue(value)
        else:
            self.Add(name, value)

    def Get(self, name) -> Real:
        """The named Real of variable name."""
        if name not in self._vars:
            raise ValueError(f"VariableSet.Get: variable '{name}' does not exist (variables: "
                             f"{self.GetNames()})")
        return self._vars[name]

    def Exists(self, name) -> bool:
        """True if variable name exists."""
        return name in self._vars

    def Reset(self) -> None:
        """Remove every variable."""
        self._vars.clear()

    def NumberOfItems(self) -> int:
        """The number of variables."""
        return len(self._vars)

    def GetNames(self) -> list:
        """The names of the variables."""
        return list(self._vars)

    def __getitem__(self, name):
        return self.Get(name)

    def __setitem__(self, name, value):
        self.Set(name, value)

    def __str__(self):
        return "{" + ", ".join(f"'{k}': {_fmt(v.Evaluate())}" for k, v in self._vars.items()) + "}"

    __repr__ = __str__


#: the module's VariableSet
variables = VariableSet()


# ------------------------------------------------------------------ compiling to Python source
class _Compiler:
    """Python source of an expression tree: a float expression per scalar node. fast=True uses
    math's functions and plain division (they raise where C gives inf/NaN); fast=False the
    C-semantics functions."""

    def __init__(self, arg_nodes, fast):
        self.args = arg_nodes          # id(leaf node) -> local name
        self.fast = fast
        self.globals = {}              # name -> object the source refers to
        self.used_args = set()
        self.nglob = 0                 # objects named so far: the fast and the safe source
                                       # name the same objects alike (they share a namespace)

    def glob(self, obj, prefix="_g"):
        name = f"{prefix}{self.nglob}"
        self.nglob += 1
        self.globals[name] = obj
        return name

    def fn(self, f, name):
        key = f"_f_{name}" if self.fast and f in (_FAST_UNARY.get(name), _FAST_BINARY.get(name)) \
            else f"_c_{name}"
        self.globals[key] = f
        return key

    def leaf(self, n):
        local = self.args.get(id(n))
        if local is not None:
            self.used_args.add(local)
            return local
        return self.glob(n) + ".value"

    def src(self, n):
        op, a = n.op, n.args
        if op == "const":
            x = n.value
            if not math.isfinite(x):
                return self.glob(x)
            return f"({x!r})" if x < 0 or (x == 0 and math.copysign(1, x) < 0) else repr(x)
        if op in ("named", "vnamed", "mnamed"):
            return self.leaf(n)
        if op in ("+", "-", "*"):
            return f"({self.src(a[0])} {op} {self.src(a[1])})"
        if op == "/":
            den = a[1]
            if self.fast or (den.op == "const" and den.value != 0):
                return f"({self.src(a[0])} / {self.src(den)})"
            return f"{self.fn(_c_div, 'div')}({self.src(a[0])}, {self.src(den)})"
        if op in _OPS:
            return f"(1.0 if {self.src(a[0])} {op} {self.src(a[1])} else 0.0)"
        if op in ("neg", "vneg", "mneg"):
            return f"(-{self.src(a[0])})"
        if op == "Not":
            return f"(0.0 if {self.src(a[0])} else 1.0)"
        if op == "sign" and a[0].op in ("named", "const"):   # a plain name: inline
            x = self.src(a[0])
            return f"(1.0 if {x} > 0 else (-1.0 if {x} < 0 else 0.0))"
        if op in _UNARY:
            f = _FAST_UNARY.get(op, _UNARY[op]) if self.fast else _UNARY[op]
            return f"{self.fn(f, op)}({self.src(a[0])})"
        if op in _BINARY:
            f = _FAST_BINARY.get(op, _BINARY[op]) if self.fast else _BINARY[op]
            return f"{self.fn(f, op)}({self.src(a[0])}, {self.src(a[1])})"
        if op == "ite":
            return f"({self.src(a[1])} if {self.src(a[0])} else {self.src(a[2])})"
        if op == "vcomp":
            return f"{self.fn(_vcomp, 'vcomp')}({self.src(a[0])}, {n.value})"
        if op == "mcomp":
            return f"{self.fn(_mcomp, 'mcomp')}({self.src(a[0])}, {n.value[0]}, {n.value[1]})"
        if op in ("vconst", "mconst"):
            return self.glob(n.value, "_k")
        if op == "vlist":
            return f"{self.fn(_vec, 'vec')}({', '.join(self.src(x) for x in a)})"
        if op == "mlist":
            flat = ", ".join(self.src(x) for x in a)
            return f"{self.fn(_mat, 'mat')}(({flat},)).reshape({n.shape[0]}, {n.shape[1]})"
        name = op.replace("+", "add").replace("-", "sub").replace("==", "eq").replace("!=", "ne")
        return f"{self.fn(_VFUNC[op], name)}({', '.join(self.src(x) for x in a)})"


def _vcomp(v, i):
    if i >= len(v):
        raise IndexError(f"symbolic.Vector[{i}]: index out of range (size {len(v)})")
    return float(v[i])


def _mcomp(m, i, j):
    if i >= m.shape[0] or j >= m.shape[1]:
        raise IndexError(f"symbolic.Matrix[{i},{j}]: invalid row/column (matrix "
                         f"{m.shape[0]}x{m.shape[1]})")
    return float(m[i, j])


_VECTOR_TYPES = ("StdVector", "StdVector2D", "StdVector3D", "StdVector6D")
_MATRIX_TYPES = ("NumpyMatrix", "StdMatrix3D", "StdMatrix6D")
_RETURN_WRAP = {"bool": "bool({})"}     # a Real is returned as the float it is


def _compile(fnName, argNames, argTypes, argValues, returnValue, returnType):
    """(python function, its source) computing returnValue from the arguments."""
    arg_nodes = {}
    locals_ = [f"a{k}" for k in range(len(argNames))]
    for k, v in enumerate(argValues):
        if isinstance(v, (Real, Vector, Matrix)) and v._node is not None:
            arg_nodes[id(v._node)] = locals_[k]
    if isinstance(returnValue, (list, tuple)):
        returnValue = Vector(list(returnValue))
    if isinstance(returnValue, (Real, Vector, Matrix)):
        node = returnValue._vnode() if not isinstance(returnValue, Real) else (
            returnValue._node if returnValue._node is not None else _const(returnValue._value))
    elif _is_number(returnValue):
        node = _const(returnValue)
    else:
        raise TypeError(f"CreateSymbolicUserFunction: the function '{fnName}' must return a "
                        f"symbolic Real, Vector, Matrix, a list or a number, got "
                        f"{type(returnValue).__name__}")
    fast, safe = _Compiler(arg_nodes, True), _Compiler(arg_nodes, False)
    fast_src, safe_src = fast.src(node), safe.src(node)
    wrap = _RETURN_WRAP.get(returnType, "{}") if node.kind == "r" else "{}"
    lines = [f"def {_identifier(fnName)}({', '.join(locals_)}):"]
    for k, local in enumerate(locals_):
        if local in fast.used_args and argTypes[k] in _VECTOR_TYPES:
            lines.append(f"    {local} = _asvec({local}, {argNames[k]!r})")
        elif local in fast.used_args and argTypes[k] in _MATRIX_TYPES:
            lines.append(f"    {local} = _asmat({local}, {argNames[k]!r})")
    lines += ["    try:", "        return " + wrap.format(fast_src),
              "    except (ValueError, OverflowError, ZeroDivisionError):",
              "        return " + wrap.format(safe_src)]
    source = "\n".join(lines) + "\n"
    namespace = {"_asvec": _asvec, "_asmat": _asmat}
    namespace.update(fast.globals)
    namespace.update(safe.globals)
    exec(compile(source, f"<symbolic user function {fnName}>", "exec"), namespace)
    return namespace[_identifier(fnName)], source


def _identifier(name):
    s = "".join(c if c.isalnum() or c == "_" else "_" for c in str(name))
    return s if s and not s[0].isdigit() else "f_" + s


class UserFunction:
    """A symbolic user function: a Python user function recorded once with symbolic arguments
    and compiled to Python source. Made by advancedUtilities.CreateSymbolicUserFunction; set on
    an item in place of the Python function. Calling it (or Evaluate) takes the item's
    user-function arguments."""

    def __init__(self):
        self._function = None
        self._source = ""
        self._dict = None
        self.userFunctionName = ""
        self.itemTypeName = ""

    def SetUserFunctionFromDict(self, mainSystem, fcnDict, userFunctionName, itemIndex=None,
                                itemTypeName="None") -> None:
        """Compile the recorded function of fcnDict (ConvertFunctionToSymbolic's dictionary:
        functionName, argList, argTypeList, returnValue, returnType)."""
        missing = [k for k in ("functionName", "argList", "argTypeList", "returnValue",
                               "returnType") if k not in fcnDict]
        if missing:
            raise ValueError(f"UserFunction.SetUserFunctionFromDict: fcnDict lacks {missing} "
                             f"(make it with ConvertFunctionToSymbolic)")
        if itemIndex is not None and itemTypeName not in (None, "None"):
            raise ValueError("UserFunction.SetUserFunctionFromDict: if itemTypeName is "
                             "provided, itemIndex must be None")
        argNames = list(fcnDict.get("argNames") or
                        [getattr(getattr(v, "_node", None), "name", None) or f"arg{k}"
                         for k, v in enumerate(fcnDict["argList"])])
        self._function, self._source = _compile(
            fcnDict["functionName"], argNames, list(fcnDict["argTypeList"]),
            list(fcnDict["argList"]), fcnDict["returnValue"], fcnDict["returnType"])
        self._dict = {k: fcnDict[k] for k in ("functionName", "argList", "argTypeList",
                                              "returnValue", "returnType")}
        self._dict["argNames"] = argNames
        self.userFunctionName = userFunctionName
        self.itemTypeName = str(itemTypeName)

    def _check(self):
        if self._function is None:
            raise ValueError("symbolic.UserFunction: empty; make it with "
                             "CreateSymbolicUserFunction (or SetUserFunctionFromDict)")

    def Evaluate(self, *args):
        """Call the function with the item's user-function arguments (mbs, t, ...)."""
        self._check()
        return self._function(*args)

    def __call__(self, *args):
        return self._function(*args)

    @property
    def _coordyn_call(self):
        """the compiled function: what the engine calls when this is set on an item"""
        self._check()
        return self._function

    @property
    def pythonSource(self) -> str:
        """The Python source the recorded expression was compiled to."""
        return self._source

    def __str__(self):
        if self._dict is None:
            return "<empty symbolic.UserFunction>"
        return str(self._dict["returnValue"])

    __repr__ = __str__

    def __getstate__(self):
        # the recorded tree is the state; mbs (an argument) is not part of it
        d = None if self._dict is None else dict(self._dict, argList=[
            v if isinstance(v, (Real, Vector, Matrix)) else None for v in self._dict["argList"]])
        return {"dict": d, "userFunctionName": self.userFunctionName,
                "itemTypeName": self.itemTypeName}

    def __setstate__(self, state):
        self.__init__()
        if state["dict"] is not None:
            self.SetUserFunctionFromDict(None, state["dict"], state["userFunctionName"])
        self.itemTypeName = state["itemTypeName"]
