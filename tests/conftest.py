"""Shared helpers of the tests: settings, the docs/references.rst pendulum and its exact solution (an
ODE in the angle, integrated with scipy at tight tolerances), the Jacobian check, and small
numerical helpers (central differences, rotations, convergence orders). Test files import them
with `from conftest import ...`: pytest puts tests/ on sys.path for this conftest, which is also
how test files import tests/exudyn_models.py (benchmarks/ put tests/ on sys.path themselves)."""
import os
import pathlib
import re

import numpy as np
import pytest

import coordyn as cd

# the repository root (examples/, benchmarks/, docs/, tools/ are found from here)
REPO = pathlib.Path(__file__).resolve().parent.parent

# the suite runs on the AddressSanitizer build (`make sanitize` preloads the ASan runtime): freed
# memory waits in ASan's quarantine, so the process's memory grows without a leak
UNDER_ASAN = "libasan" in os.environ.get("LD_PRELOAD", "")

# docs/references.rst, "Pendulum (point mass on a massless link)"
PEND_M, PEND_L, PEND_G = 1.0, 1.0, 9.81
PEND_TABLE = {1: (-0.986291751132, -0.165010853126), 2: (0.793566195343, -0.608483930444),
              5: (0.942305435043, -0.334754338416), 10: (0.275087462565, -0.961419205102)}
PEND_PERIOD = 2.36784195


def settings(h, end_time, rho=0.9, every_step=True):
    """SimulationSettings with step h up to end_time; sensors every step if every_step."""
    s = cd.SimulationSettings()
    n = int(round(end_time / h))
    assert abs(n * h - end_time) < 1e-12 * end_time
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = end_time
    s.timeIntegration.generalizedAlpha.spectralRadius = rho
    s.solutionSettings.sensorsWritePeriod = h if every_step else 0.01
    s.progressBar = False
    return s


def new_system():
    return cd.SystemContainer().AddSystem()


def build_pendulum(mbs, m=PEND_M, L=PEND_L, g=PEND_G, phi0=0.0, phidot0=0.0):
    """Point mass on a distance constraint to the ground origin, angle phi from the +x axis
    (x = L cos phi, y = L sin phi), gravity -g in y. Returns dict of node, mass, link and
    sensors (position, velocity, constraint force, constraint equation)."""
    ground = mbs.AddObject(cd.ObjectGround())
    p0 = np.array([L * np.cos(phi0), L * np.sin(phi0)])
    v0 = L * phidot0 * np.array([-np.sin(phi0), np.cos(phi0)])
    node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=list(p0), initialVelocities=list(v0)))
    mass = mbs.AddObject(cd.MassPoint2D(physicsMass=m, nodeNumber=node))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
    link = mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=L))
    mass_marker = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=mass))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mass_marker, loadVector=[0, -g, 0]))
    ov = cd.OutputVariableType
    return dict(node=node, mass=mass, link=link,
                pos=mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=ov.Position)),
                vel=mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=ov.Velocity)),
                acc=mbs.AddSensor(cd.SensorNode(nodeNumber=node,
                                                outputVariableType=ov.Acceleration)),
                force=mbs.AddSensor(cd.SensorObject(objectNumber=link,
                                                    outputVariableType=ov.Force)),
                gap=mbs.AddSensor(cd.SensorObject(objectNumber=link,
                                                  outputVariableType=ov.ConstraintEquation)))


def run_pendulum(h, end_time, rho=0.9, configure=None, **kw):
    """Build, assemble and solve the pendulum; returns (mbs, items, sensor data dict)."""
    mbs = new_system()
    it = build_pendulum(mbs, **kw)
    mbs.Assemble()
    s = settings(h, end_time, rho)
    if configure:
        configure(s)
    mbs.SolveDynamic(s)
    data = {k: np.array(mbs.GetSensorStoredData(it[k])) for k in ("pos", "vel", "acc", "force",
                                                                  "gap")}
    return mbs, it, data


def row_at(data, t):
    """The sensor row at time t (must exist to 1e-9)."""
    i = int(np.argmin(abs(data[:, 0] - t)))
    assert abs(data[i, 0] - t) < 1e-9, f"no sensor row at t = {t}"
    return data[i, 1:]


def pendulum_exact(times, m=PEND_M, L=PEND_L, g=PEND_G, phi0=0.0, phidot0=0.0):
    """Exact pendulum from phi'' = -(g/L) cos(phi): rows [x, y, vx, vy, lambda] at the times;
    lambda = m L phi'^2 - m g sin(phi) is the rod tension (positive in tension)."""
    from scipy.integrate import solve_ivp
    times = np.atleast_1d(np.asarray(times, dtype=float))
    sol = solve_ivp(lambda t, z: [z[1], -(g / L) * np.cos(z[0])], (0.0, float(times.max())),
                    [phi0, phidot0], method="DOP853", rtol=1e-13, atol=1e-13, t_eval=times)
    phi, w = sol.y
    return np.column_stack([L * np.cos(phi), L * np.sin(phi), -L * w * np.sin(phi),
                            L * w * np.cos(phi), m * L * w ** 2 - m * g * np.sin(phi)])


@pytest.fixture(scope="session")
def pendulum_runs():
    """Pendulum (rho 0.9) at h = 1e-3 and 5e-4 over 10 s, shared by several tests."""
    return {h: run_pendulum(h, 10.0)[2] for h in (1e-3, 5e-4)}


# Jacobian checks: the oracle (numerical=True) differentiates one residual with respect to
# (q, q_t) or the multipliers; its round-off is relative to the whole derivative of that
# residual, so K and D share one scale, Cq has its own, Gq and Gv share another.
JAC_RTOL = 1e-6
JAC_GROUPS = (("K", "D"), ("Cq",), ("Gq", "Gv"))


def check_jacobian(mbs, obj, index2=False, expect_analytic=True, rtol=JAC_RTOL):
    """the object's Jacobian (analytic flag expect_analytic) equals the engine's numerical
    oracle in every matrix, to rtol of its group's norm; returns (analytic, numerical)"""
    a = mbs.GetObjectJacobian(obj, index2=index2)
    n = mbs.GetObjectJacobian(obj, numerical=True, index2=index2)
    assert a["analytic"] is expect_analytic
    assert n["analytic"] is False
    for group in JAC_GROUPS:
        scale = max(max(np.linalg.norm(a[k]), np.linalg.norm(n[k])) for k in group)
        for k in group:
            assert a[k].shape == n[k].shape, k
            err = np.linalg.norm(a[k] - n[k])
            assert err <= rtol * scale + 1e-12, \
                f"{k}: |analytic - numerical| = {err:.3g}, |J| = {scale:.3g}\n{a[k]}\n{n[k]}"
    return a, n


# Helpers that several test files share (each exists once, here).

def central_differences(f, x, eps=1e-6):
    """Jacobian of f at x by central differences: column j is (f(x + eps e_j) - f(x - eps e_j))
    / (2 eps)"""
    cols = []
    for j in range(len(x)):
        dx = np.zeros(len(x))
        dx[j] = eps
        cols.append((f(x + dx) - f(x - dx)) / (2 * eps))
    return np.array(cols).T


def skew(x):
    """the skew-symmetric matrix x~ with x~ y = x cross y"""
    return np.array([[0, -x[2], x[1]], [x[2], 0, -x[0]], [-x[1], x[0], 0]])


def ep_rotation_matrix(e):
    """A = (1 - 2 eb.eb) I + 2 eb eb^T + 2 e0 eb~, the diagonal 1 - 2 (e_j^2 + e_k^2) (Exudyn's
    form; not normalised: the quadratic (e0^2 - eb.eb) I + ... plus (1 - |e|^2) I)"""
    e0, eb = e[0], np.asarray(e[1:])
    return (1 - 2 * (eb @ eb)) * np.eye(3) + 2 * np.outer(eb, eb) + 2 * e0 * skew(eb)


def rotation_2d(phi):
    """the planar rotation matrix A(phi) (2 x 2)"""
    c, s = np.cos(phi), np.sin(phi)
    return np.array([[c, -s], [s, c]])


def perp(v):
    """v rotated by +90 degrees: d(A v)/dphi for v = A w and a planar rotation A"""
    return np.array([-v[1], v[0]])


def inertia6(J):
    """the 6-vector [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] of ObjectRigidBody.inertia"""
    return [J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]]


def sensor_data(mbs, sensor):
    """a copy of the sensor's stored rows [t, values...]"""
    return np.array(mbs.GetSensorStoredData(sensor))


def observed_orders(errors):
    """observed orders log2(e(h) / e(h/2)) of successive halvings (rows: h, columns: quantity)"""
    e = np.asarray(errors)
    return np.log2(e[:-1] / e[1:])


def use_newmark_index2(s):
    """switch settings s to Newmark with index-2 constraints"""
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True


def message_naming(*parts):
    """regex matching a message that contains every one of parts (literally, any order)"""
    return "(?s)" + "".join(f"(?=.*{re.escape(str(p))})" for p in parts)


def check_element_parts(mbs, el, atol=1e-6):
    """an element's parts (object_parts: mass, elastic forces fel with tangent Kel, geometric
    stiffness Kg) at the current state: Kel equals the central differences of fel (rtol 1e-6,
    atol relative to the largest entry), the material part Kel - Kg is symmetric positive
    semidefinite, Kg symmetric; returns the parts"""
    q0 = mbs.systemData.GetODE2Coordinates()
    r = mbs._core.object_parts(int(el))
    assert (r["mass"], r["elastic"], r["geometric"]) == (True, True, True)

    def fel(q):
        mbs.systemData.SetODE2Coordinates(q)
        return mbs._core.object_parts(int(el))["fel"]
    num = central_differences(fel, q0)
    mbs.systemData.SetODE2Coordinates(q0)
    np.testing.assert_allclose(r["Kel"], num, rtol=1e-6, atol=atol * np.abs(num).max())
    Km = r["Kel"] - r["Kg"]
    np.testing.assert_allclose(Km, Km.T, atol=1e-10 * np.abs(Km).max())
    assert np.linalg.eigvalsh(0.5 * (Km + Km.T)).min() > -1e-9 * np.abs(Km).max()
    np.testing.assert_allclose(r["Kg"], r["Kg"].T, atol=1e-10 * np.abs(r["Kg"]).max())
    return r


def run_mypy(files, workdir):
    """mypy (a test dependency; the caller skips without it) on files, checked against the
    coordyn these tests import, not an installed one: the package root goes first on mypy's
    search path (mypy ignores PYTHONPATH), its modules are analysed with their errors silenced
    (as for an installed package with py.typed), the cache goes to workdir.
    Returns (status, output)."""
    import mypy.api
    root = pathlib.Path(cd.__file__).resolve().parent.parent
    config = pathlib.Path(workdir) / "mypy.ini"
    cache = pathlib.Path(workdir) / "mypy_cache"
    config.write_text(f"[mypy]\nmypy_path = {root}\ncache_dir = {cache}\n")
    out, err, status = mypy.api.run(["--config-file", str(config), "--ignore-missing-imports",
                                     "--follow-imports=silent", "--no-incremental",
                                     "--no-error-summary", *map(str, files)])
    return status, out + err
