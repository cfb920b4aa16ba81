"""The examples: every script's main() and every notebook runs, and gives the physics it promises.

Each script in examples/ is loaded by path (runpy) and its main() called; what main() returns is
checked against closed forms, reference values or an independent computation (CHECKS). Each
notebook is executed with nbclient; it must run without errors and draw a plot. A last test
makes sure that every example file has such a test, so a new example cannot be forgotten.
"""
import os
import pathlib
import runpy

import numpy as np
import pytest

import coordyn as cd
from conftest import REPO, run_mypy

EXAMPLES = REPO / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def load(path):
    """The example's namespace (its functions and parameters), without running main()."""
    return runpy.run_path(str(path), run_name=f"example_{path.stem}")


# -- physics checks of what each script's main() returns --------------------------------------
def check_pendulum(worst, ns):
    # worst position error against docs/references.rst over 10 s at h = 1e-3
    assert worst < 2e-4


def check_oscillator(error, ns):
    # against the closed form of the damped oscillator; halving h divides the error by 4
    assert error < 1e-5
    coarse = ns["main"](steps=1500)
    assert 3.5 < coarse / error < 4.5


def check_gear(errors, ns):
    # the DAE (gear as a constraint) against the hand-reduced ODE (scipy, rtol 1e-11)
    assert errors["theta1"] < 1e-4 and errors["theta2"] < 1e-4   # rad, |theta1| ~ 5
    assert errors["x"] < 1e-5                                    # m
    assert errors["gear"] < 1e-12                                # r theta2 - x
    assert errors["force"] < 5e-3                                # N, of about 50 N


def check_spring_grid(r, ns):
    nx, ny = ns["nx"], ns["ny"]
    assert r["coordinates"] == 2 * nx * ny
    assert r["constraints"] == 2 * ny
    # the clamp carries the weight and the edge load
    total = nx * ny * ns["mass"] * ns["g"] + ns["F_edge"]
    assert r["reaction"] == pytest.approx(total, rel=1e-9)
    dy = r["tip_static"][1]
    assert -0.1 < dy < 0
    # a suddenly applied load overshoots (less than twice the static deflection, damped) and
    # the damped oscillation settles onto the static deflection
    assert 1.3 * dy > r["tip_dynamic_max"] > 2.0 * dy
    assert r["tip_final"] == pytest.approx(dy, rel=0.01)
    # its period is that of the first mode of the linearized grid (numpy), with the
    # stiffness-proportional damping D = c K: omega_d = omega sqrt(1 - (c omega / 2)^2)
    from scipy.linalg import eigh
    mbs = cd.SystemContainer().AddSystem()
    ns["build"](mbs)
    model = grid_model(mbs)
    free = model["free"]
    w2 = eigh(model["K"][np.ix_(free, free)], np.diag(model["M"][free]), eigvals_only=True,
              subset_by_index=[0, 0])[0]
    omega, c = np.sqrt(w2), model["springs"][0][3]
    assert r["period"] == pytest.approx(2 * np.pi / (omega * np.sqrt(1 - (c * omega / 2) ** 2)),
                                        rel=0.01)


def check_slider_crank_2d(r, ns):
    # kinematically driven: index-3 constraints hold the slider on the closed form exactly;
    # velocity and acceleration within the O(h^2) bounds r w (w h)^2 / 2, 2 r w^2 (w h)^2
    # (h = 5e-4); the motor power tau omega equals d(kinetic + potential energy)/dt to 1e-4
    # of the peak power (a wrong torque sign, lever or inertia breaks this at O(1))
    rc, w, h = ns["r"], ns["omega"], 1.0 / 2000
    assert r["x"] < 1e-12
    assert r["x_t"] < 0.5 * rc * w * (w * h) ** 2
    assert r["x_tt"] < 2 * rc * w ** 2 * (w * h) ** 2
    assert r["peak_power"] > 10
    assert r["power"] < 1e-4 * r["peak_power"]
    # order 2: halving h divides the errors by 4
    coarse = ns["main"](steps=1000)
    for key in ("x_t", "x_tt", "power"):
        assert 3.5 < coarse[key] / r[key] < 4.5, key


def check_double_pendulum(r, ns):
    # the angles against Lagrange's equations (scipy, rtol 1e-10) over 2 s at h = 1e-3:
    # second order, so within 200 h^2 and divided by 4 when h is halved; the energy (conserved
    # by the motion) never rises by more than 1e-7 of m g (drop of the centres) and its loss
    # (numerical damping of rho = 0.9 and the O(h^2) error) stays below 1e-5 and also
    # shrinks at second order
    h = ns["end_time"] / 2000
    assert r["angle"] < 200 * h**2
    assert r["energy_gain"] < 1e-7
    assert 0 < r["energy_loss"] < 1e-5
    coarse = ns["main"](steps=1000)
    for key in ("angle", "energy_loss"):
        assert 3.5 < coarse[key] / r[key] < 4.5, key


def check_gyroscope(r, ns):
    # the heavy top of docs/references.rst: body w_y = 150, energy and vertical angular momentum
    # are exact invariants. At the reference step h = 2e-3 (energy 5.4e3 J, Lz 70 N m s):
    # Lie group node: w_y exactly, energy to 2 J, Lz to 20; Euler parameters (velocities
    # projected onto e . e_t = 0): w_y to 0.05, energy to 2 J, Lz to 0.2 (measured 0.017,
    # 1.35, 0.080)
    lg, ep = r["LG"], r["EP"]
    assert lg["w_y"] < 1e-9 and lg["energy"] < 2.0 and lg["Lz"] < 20
    assert ep["w_y"] < 0.05 and ep["energy"] < 2.0 and ep["Lz"] < 0.2
    # started in steady precession, the horizontal axis precesses at the gyroscopic rate
    # m g d / (J_spin w_spin) (exact for a horizontal axis): Euler parameters to 1e-2 at
    # h = 2e-3 and 1e-3 at 5e-4 (the axis stays horizontal to 1e-3, 1e-4); the Lie group node
    # lags, 21 % at h = 2e-3, but the lag shrinks at second order (h = 2e-3, 1e-3, 5e-4) to
    # 1.5 % at 5e-4
    omega_p = 15 * 9.81 * 1.0 / (0.46875 * 150)
    assert ns["OMEGA_P"] == pytest.approx(omega_p, rel=1e-12)
    p = r["precession"]
    for h, tol, ht in ((2e-3, 1e-2, 1e-3), (5e-4, 1e-3, 1e-4)):
        rate, height = p["EP", h]
        assert abs(rate - omega_p) < tol * omega_p and height < ht
    lag = [(omega_p - p["LG", h][0]) / omega_p for h in (2e-3, 1e-3, 5e-4)]
    assert 0 < lag[0] < 0.25 and lag[2] < 0.02
    for coarse, fine in zip(lag, lag[1:]):
        assert 3.3 < coarse / fine < 4.5, lag


def check_rigid_chain(r, ns):
    # 20 bodies on revolute joints: the joints hold to round-off, the chain stays in its
    # plane; the energy never exceeds its initial value, and its deficit stays small and
    # shrinks at second order (h = 1e-3 and 2e-3)
    assert r["joint"] < 1e-10 and r["z"] < 1e-10
    assert r["tip_speed"] > 5                       # the chain does swing (whips)
    assert r["energy_gain"] < 1e-10
    assert 0 < r["energy_loss"] < 5e-5
    coarse = ns["main"](steps=1000)
    assert 3.5 < coarse["energy_loss"] / r["energy_loss"] < 4.5


def check_slider_crank_3d(r, ns):
    # spatial slider-crank: the rod ends stay on their joints, the slider on its guide and the
    # universal joint's axes perpendicular (index 3: round-off); the slider follows the
    # closed form of the crank angle read from the crank's rotation matrix; the torque's work
    # equals the energy gained, to O(h^2)
    assert r["joints"] < 1e-10 and r["guide"] < 1e-12 and r["cross"] < 1e-12
    assert r["kinematics"] < 1e-10
    assert r["revolutions"] > 3
    assert r["work"] < 1e-3
    coarse = ns["main"](steps=1000)
    assert 3.5 < coarse["work"] / r["work"] < 4.5
    assert coarse["kinematics"] < 1e-10 and coarse["joints"] < 1e-10


def check_error_control(r, ns):
    # h = 1e-3 blows up near t = 1.8 s: the guard stops it there (without it the crank ends
    # at ~5e8 rad/s); h = 5e-4 and error control converge to the answer of h = 1e-5 at
    # second order and with the tolerance
    assert r["stopped_at"] is not None and 1.7 < r["stopped_at"] < 1.9
    assert r["w_max_unguarded"] > 1e4
    # errors of the crank angle at t = 2 s (107.19 rad)
    e = [r[("fixed", h)][0] for h in (5e-4, 2.5e-4, 1e-4)]
    assert e[0] < 0.15 and 3 < e[0] / e[1] < 5 and e[2] < 6e-3, e
    c = [r[("rtol", tol)] for tol in (1e-4, 1e-5, 1e-6)]
    assert c[0][0] < 1.5 and c[1][0] < 0.15 and c[2][0] < 0.04, c
    assert c[0][1] < c[1][1] < c[2][1]


def check_andrews_squeezer(r, ns):
    # the seven angles at t = 0.03 against the Test Set's reference (andrews.f): max relative
    # error below 1e-4 at h = 1e-5 (measured 1.9e-5, second order; tests/rigid/
    # test_andrews_squeezer.py has the convergence and Richardson checks)
    assert r["h"] == 1e-5
    assert r["error"] < 1e-4 and r["scd"] > 4
    assert r["error"] == ns["error_norm"](r["angles"])
    assert 15.8 < r["angles"][0] < 15.82          # the crank has turned 2.5 times


def check_ancf_cantilever(tips, ns):
    # against the inextensible elastica (scipy's BVP solver, tol 1e-10) and Mattiasson's table:
    # EI theta'' = -P cos(theta), theta(0) = 0, theta'(L) = 0 (load along +y: the mirror image)
    from scipy.integrate import solve_bvp
    for k, tip in tips.items():
        def f(s, y):
            return np.vstack([y[1], -k * np.cos(y[0]), np.cos(y[0]), np.sin(y[0])])
        s = np.linspace(0, 1, 100)
        y0 = np.zeros((4, s.size))
        y0[2] = s
        r = solve_bvp(f, lambda a, b: np.array([a[0], b[1], a[2], a[3]]), s, y0, tol=1e-10,
                      max_nodes=100000)
        exact = np.array([1 - r.y[2, -1], r.y[3, -1]])
        np.testing.assert_allclose(tip, exact, rtol=1e-3)
        if k in ns["MATTIASSON"]:
            np.testing.assert_allclose(tip, ns["MATTIASSON"][k], rtol=1e-3)
    assert sorted(tips) == ns["LOADS"]


def check_cable_pendulum(r, ns):
    # no damping, rho_inf = 1: the energy drift over 0.5 s (relative to m g L / 2) is O(h^2)
    # (4.0e-5, 1.0e-5, 2.5e-6 measured); with the damping of the unresolved element modes the
    # tip position converges at second order (ratio of the differences 3.96 measured); the pin
    # holds; the sensor stored the tip's path (every 5 ms and the initial state)
    drift = np.array(r["drift"])
    assert drift[0] < 5e-5
    assert np.all((drift[:-1] / drift[1:] > 3.8) & (drift[:-1] / drift[1:] < 4.2)), drift
    assert 3.7 < r["ratio"] < 4.3 and r["diffs"][0] < 1e-4
    assert r["pin"] < 1e-10
    assert r["tip_undamped"][1] < -0.9 and r["tip"][1] < -0.9
    assert r["history"].shape == (101, 4)
    np.testing.assert_allclose(r["history"][-1, 1:3], r["tip_undamped"], atol=1e-12)
    assert abs(np.hypot(*r["history"][0, 1:3]) - ns["L"]) < 1e-12


def check_flexible_slider_crank(r, ns):
    # rigid limit: the slider on the rigid closed form (1.6e-7 m measured), no deflection
    assert r["rigid_x"] < 1e-6 and r["rigid_w"] < 1e-6
    # flexible rod: the midpoint deflection is of the quasi-static estimate's size and shape
    # over the last revolution (0.688 vs 0.683 mm, largest difference 2.1e-5 m, correlation
    # 0.9997 measured); the estimate's peak is near 5 rhoA l^4 r omega^2 / (768 EI), the crank
    # pin's centripetal acceleration as the load at theta = 90 deg
    peak = 5 * ns["RHOA"] * ns["l"]**4 * ns["r"] * ns["omega"]**2 / (768 * ns["EI"])
    assert abs(r["w_est_max"] / peak - 1) < 0.1
    assert r["w_max"] > 1e-4 and abs(r["w_max"] / r["w_est_max"] - 1) < 0.05
    assert r["w_error"] < 0.1 * r["w_est_max"] and r["correlation"] > 0.99
    # the flexible rod moves the slider off the rigid closed form by about its deflection
    assert r["rigid_x"] < r["flex_x"] < 10 * r["w_max"]
    assert r["residual"] < 1e-10
    # no damping, rho_inf = 1, index 3: the drive's work equals the change of the energy to
    # O(h^2) (2.4e-4, 6.0e-5, 1.6e-5 of max |W| for h = 1e-3, 5e-4, 2.5e-4 over 0.25 s);
    # tests/flexible/test_flexible_slider_crank.py has the details
    b = r["balance"]
    assert b[0] < 3e-4 and all(3.6 < e0 / e1 < 4.3 for e0, e1 in zip(b, b[1:])), b
    assert r["balance_residual"] < 1e-10


def check_cantilever_modes(errors, ns):
    # 16 elements: the first four bending frequencies within 0.1 % of Euler-Bernoulli (measured
    # cable 1.5e-4, quadratic beam 4.2e-4 on mode 4), the lowest far better; pendulum g / L
    for kind in ("cable", "beam"):
        assert np.all(np.abs(errors[kind]) < 1e-3), (kind, errors[kind])
        assert abs(errors[kind][0]) < 2e-5
    assert abs(errors["pendulum"]) < 1e-10


def check_column_buckling(errors, ns):
    # the four Euler cases within 0.5 %, and the error is the shortening 2 P_cr / EA up to the
    # discretization (measured: 1e-5 for the cantilever, 2.5e-5 clamped-clamped, the others
    # 1e-6)
    assert sorted(errors) == sorted(ns["CASES"])
    for name, (_, _, c) in ns["CASES"].items():
        p_cr = c * np.pi**2 * ns["EI"] / ns["L"] ** 2
        assert 0 < errors[name] < 5e-3, (name, errors[name])
        assert abs(errors[name] - 2 * p_cr / ns["EA"]) < 4e-5, (name, errors[name])


def check_rotating_beam_campbell(table, ns):
    # flap frequencies against Hodges and Rutkowski 1981 (5 digits published; measured
    # differences <= 3.3e-5 relative, the 16 elements' discretization at eta = 10); lag:
    # omega_lag^2 = omega_flap^2 - Omega^2 within the Coriolis coupling (measured 1.4e-3)
    for eta, (flap, lag) in table.items():
        assert flap[:2] == pytest.approx(ns["PUBLISHED"][eta], rel=5e-5), eta
        assert lag[0] ** 2 == pytest.approx(flap[0] ** 2 - eta ** 2, rel=2e-3), eta
    assert sorted(table) == ns["SPEEDS"]


def check_compliant_fourbar(r, ns):
    # the driven rigid four-bar: C on the intersection of the circles about B (radius l0) and
    # D (radius c) for the crank angle theta0 + t; the driving torque's power equals the rate
    # of the kinetic energy of the mass at C plus its power against gravity
    assert r["dof_kinematic"] == 0 and r["dof_compliant"] == 1
    res = r["kinematics"]
    D = np.array([ns["D_X"], 0.0])
    C0 = ns["points"]()[1]
    b, c, m, g = r["l0"], ns["C_LEN"], ns["MASS"], ns["G"]
    for k, t in enumerate(res.times):
        th = ns["THETA0"] + t
        B = ns["A_LEN"] * np.array([np.cos(th), np.sin(th)])
        L = np.linalg.norm(D - B)
        u = (D - B) / L
        x = (b * b - c * c + L * L) / (2 * L)
        C = B + x * u + np.sqrt(b * b - x * x) * np.array([-u[1], u[0]])
        np.testing.assert_allclose(C0 + res.coordinates[k, 9:11], C, atol=1e-9)
    v, a = res.coordinates_t[:, 9:11], res.coordinates_tt[:, 9:11]
    power = -res.multipliers[:, 5] * 1.0
    np.testing.assert_allclose(power, m * np.sum(v * a, axis=1) + m * g * v[:, 1], rtol=1e-6,
                               atol=1e-8)
    # the compliant four-bar against the hand-derived one-degree-of-freedom equation
    # (tests/deformation/test_compliant_fourbar.py): m c^2 psi_tt + V''(psi*) psi = 0,
    # V = k e^2 / 2 + m g c sin(psi), e = |C(psi) - B| - l0
    from scipy.optimize import brentq
    k = ns["K"]
    B = ns["points"]()[0]

    def geo(psi):
        Cp = D + c * np.array([np.cos(psi), np.sin(psi)])
        d1 = c * np.array([-np.sin(psi), np.cos(psi)])
        rr = Cp - B
        l = np.linalg.norm(rr)
        return l, rr @ d1 / l, (d1 @ d1 - rr @ (Cp - D)) / l - (rr @ d1) ** 2 / l**3

    psi = brentq(lambda p: k * (geo(p)[0] - b) * geo(p)[1] + m * g * c * np.cos(p),
                 ns["PSI0"] - 0.3, ns["PSI0"] + 0.3)
    l, lp, lpp = geo(psi)
    omega = np.sqrt((k * lp**2 + k * (l - b) * lpp - m * g * c * np.sin(psi)) / (m * c * c))
    assert r["psi"] == pytest.approx(psi, abs=1e-10)
    assert r["e_static"] == pytest.approx(l - b, abs=1e-10)
    assert r["omega"] == pytest.approx(omega, rel=1e-9)
    assert r["period"] == pytest.approx(2 * np.pi / omega, rel=1e-3)


def check_fourbar_initial_conditions(r, ns):
    # the sketch is refused naming the links; the corrected start satisfies the links with the
    # driving coordinate and velocity kept; 2 s later the links hold (index 2: measured 1.5e-8)
    # and the energy is conserved (trapezoidal rule: measured 7e-9)
    assert "initial state violates" in r["refused"] and "crank AB" in r["refused"]
    c = r["result"]
    assert c.positionChange[0] == 0 and c.velocityChange[0] == 0
    assert c.positionResidual < 1e-12 and c.velocityResidual < 1e-12
    assert np.abs(c.positionChange).max() > 0.1      # the sketch was really off
    assert r["residual"] < 1e-6 and r["drift"] < 1e-6


def check_resistor_circuit(r, ns):
    # Cellier's circuit: the current through R1 in closed form, static and dynamic
    assert r["static"] == pytest.approx(r["i1"], rel=1e-12)
    assert r["dynamic"] == pytest.approx(r["i1"], rel=1e-12)
    # the algebraic loop is one block of six between the source and node a
    assert r["report"].blockSizes == [1, 6, 1]
    loop = r["report"].LargestBlocks(1)[0]["items"]
    assert sum("ObjectGenericAE" in x for x in loop) == 6
    # the inductor's current: the closed form within the trapezoidal rule's error at h = 1e-4
    # (h / tau = 0.044: (h / tau)^2 / 12 = 1.6e-4 relative to i_inf = 0.045 A); settled at 22 tau
    assert r["rise_error"] < 3e-6
    assert r["final"] == pytest.approx(r["i1"], rel=1e-9)


def check_parallelogram_linkage(r, ns):
    # 38 redundant equations, one degree of freedom, Gruebler count -37; the solver removes
    # them with one warning and follows the hand-derived one-DOF equation through the six
    # horizontal (singular) passes (measured 5.1e-4 rad at 2000 steps); the cranks' multipliers
    # sum to the coupler's reaction m_p (a + g), in equal shares
    rep = r["report"]
    assert rep.degreeOfFreedom == 1 and rep.redundantConstraints == 38
    assert rep.grueblerCount == -37
    assert len(r["warnings"]) == 1 and r["warnings"][0].startswith("38 constraint equation(s)")
    assert r["turned"] > 5.5 * np.pi
    assert r["error"] < 8e-4
    assert np.allclose(r["reaction"], r["expected"], rtol=5e-3, atol=5e-3)
    assert r["spread"] < 1e-4


def check_animations(result, ns):
    """the pictures of a fresh run are those of the gallery (docs/images/gallery, written by
    tools/make_gallery.py): same frame count and size, and per frame a mean difference below 2
    of 255 (0 on the machine that made them; anti-aliasing may differ elsewhere); the motion
    shows (first and last frames differ), and the scenes follow the solutions"""
    iio = pytest.importorskip("imageio.v3")
    gallery = REPO / "docs" / "images" / "gallery"
    for name, r in result.items():
        for key in ("gif", "png"):
            fresh = np.asarray(iio.imread(r[key], index=None)).astype(float)
            kept = np.asarray(iio.imread(gallery / f"{name}.{key}", index=None)).astype(float)
            assert fresh.shape == kept.shape, f"{name}.{key}: {fresh.shape} vs {kept.shape}"
            diff = np.abs(fresh[..., :3] - kept[..., :3])
            frames = diff.reshape(-1, *diff.shape[-3:]) if key == "gif" else diff[None]
            worst = max(float(f.mean()) for f in frames)
            assert worst < 2.0, (f"{name}.{key} differs from the gallery's by {worst:.2f} of "
                                 "255: run tools/make_gallery.py if the change is intended")
        frames = np.asarray(iio.imread(r["gif"], index=None)).astype(float)
        assert frames.shape[0] == 50 and np.abs(frames[0] - frames[-1]).mean() > 0.5
        assert r["scene"].nFrames == 50
    # the slider-crank's slider pose follows the example's closed form of the crank angle
    sc = result["slider_crank_3d"]["scene"]
    # objects 1, 2, 3 are the crank, the rod and the slider (build() adds them in this order)
    crank = next(p for p in sc.parts if p.name.startswith("Object 1 (RigidBody)"))
    slider = next(p for p in sc.parts if p.name.startswith("Object 3 (RigidBody)"))
    H_c, H_s = sc.poses[crank.pose], sc.poses[slider.pose]
    theta = np.unwrap(np.arctan2(H_c[:, 1, 0], H_c[:, 0, 0]))
    crank_ns = runpy.run_path(str(EXAMPLES / "slider_crank_3d.py"), run_name="x")
    np.testing.assert_allclose(H_s[:, 0, 3], crank_ns["closed_form"](theta), atol=1e-6)


CHECKS = {"animations.py": check_animations,
          "ancf_cantilever.py": check_ancf_cantilever,
          "resistor_circuit.py": check_resistor_circuit,
          "parallelogram_linkage.py": check_parallelogram_linkage,
          "fourbar_initial_conditions.py": check_fourbar_initial_conditions,
          "rotating_beam_campbell.py": check_rotating_beam_campbell,
          "compliant_fourbar.py": check_compliant_fourbar,
          "column_buckling.py": check_column_buckling,
          "cantilever_modes.py": check_cantilever_modes,
          "flexible_slider_crank.py": check_flexible_slider_crank,
          "cable_pendulum.py": check_cable_pendulum,
          "error_control.py": check_error_control, "pendulum.py": check_pendulum,
          "andrews_squeezer.py": check_andrews_squeezer, "oscillator.py": check_oscillator,
          "gear.py": check_gear, "spring_grid.py": check_spring_grid,
          "slider_crank_2d.py": check_slider_crank_2d,
          "double_pendulum.py": check_double_pendulum, "gyroscope.py": check_gyroscope,
          "rigid_chain.py": check_rigid_chain, "slider_crank_3d.py": check_slider_crank_3d}


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_script(path, tmp_path, monkeypatch, capsys):
    assert path.name in CHECKS, f"examples/{path.name} has no physics check in CHECKS"
    monkeypatch.chdir(tmp_path)   # whatever an example writes goes to a temporary folder
    ns = load(path)
    result = ns["main"]()
    assert capsys.readouterr().out.strip(), "an example prints its results"
    CHECKS[path.name](result, ns)


# -- spring grid: the static solution solves the equilibrium ----------------------------------
NODE_COORDINATES = {"NodePoint2D": 2, "NodePointGround": 0}


def grid_model(mbs):
    """The grid read back from mbs in numpy: the coordinates of each node, and at the reference
    configuration the stiffness matrix K (springs k n n^T), the diagonal mass matrix, the
    loads f and the coordinates fixed by CoordinateConstraints to ground."""
    dofs, n = {}, 0
    for i in range(mbs.NumberOfNodes()):      # nodes own consecutive coordinates
        k = NODE_COORDINATES[mbs.GetNode(i)["itemType"]]
        dofs[i], n = list(range(n, n + k)), n + k
    ref = {i: np.asarray(mbs.GetNode(i)["referenceCoordinates"], float)[:2] for i in dofs}

    def node_of(marker):
        p = mbs.GetMarker(marker)
        if "bodyNumber" in p:
            return mbs.GetObject(p["bodyNumber"])["nodeNumber"]
        return p["nodeNumber"]

    K, M, f = np.zeros((n, n)), np.zeros(n), np.zeros(n)
    springs, constraints = [], []
    for i in range(mbs.NumberOfObjects()):
        p = mbs.GetObject(i)
        if p["itemType"] == "ObjectMassPoint2D":
            M[dofs[p["nodeNumber"]]] += p["mass"]
        elif p["itemType"] == "ObjectConnectorSpringDamper":
            a, b = (node_of(m) for m in p["markerNumbers"])
            d = ref[b] - ref[a]
            assert np.linalg.norm(d) == pytest.approx(p["referenceLength"])   # no prestress
            e = d / np.linalg.norm(d)
            ke = p["stiffness"] * np.outer(e, e)
            idx = dofs[a] + dofs[b]
            K[np.ix_(idx, idx)] += np.block([[ke, -ke], [-ke, ke]])
            springs.append((i, a, b, p["damping"] / p["stiffness"]))
        elif p["itemType"] == "ObjectConnectorCoordinate":
            m0, m1 = (mbs.GetMarker(m) for m in p["markerNumbers"])
            assert not dofs[m0["nodeNumber"]], "marker 0 is the ground coordinate"
            assert p["factor1"] == 1 and p["offset"] == 0
            constraints.append((i, dofs[m1["nodeNumber"]][m1["coordinate"]]))
    for i in range(mbs.NumberOfLoads()):
        p = mbs.GetLoad(i)
        node = node_of(p["markerNumber"])
        scale = 1.0
        if p["itemType"] == "LoadMassProportional":
            scale = mbs.GetObject(mbs.GetMarker(p["markerNumber"])["bodyNumber"])["mass"]
        f[dofs[node]] += scale * np.asarray(p["loadVector"])[:2]
    fixed = [q for _, q in constraints]
    free = np.setdiff1d(np.arange(n), fixed)
    return dict(dofs=dofs, K=K, M=M, f=f, fixed=fixed, free=free, springs=springs,
                constraints=constraints)


@pytest.fixture
def grid():
    return load(EXAMPLES / "spring_grid.py")


def static_grid(ns, **loads):
    mbs = cd.SystemContainer().AddSystem()
    ns["build"](mbs, **loads)
    mbs.Assemble()
    mbs.SolveStatic(cd.SimulationSettings())
    return mbs, grid_model(mbs)


def test_spring_grid_static_force_balance(grid):
    """At the static solution the connector forces (outputs), the constraint forces and the
    loads cancel at every coordinate."""
    mbs, model = static_grid(grid)
    dofs, r = model["dofs"], model["f"].copy()   # f: loads (position independent)
    for i, a, b, _ in model["springs"]:
        # the spring pulls marker 0 with +F n and marker 1 with -F n (F > 0: tension)
        F = mbs.GetObjectOutput(i, cd.OutputVariableType.Force)[:2]
        r[dofs[a]] += F
        r[dofs[b]] -= F
    for i, q in model["constraints"]:
        # factor1 q - q_ground = 0 (factor1 = 1) pushes its coordinate with -lambda (the
        # constraint's Force output): M q_tt + C_q^T lambda = f
        r[q] -= mbs.GetObjectOutput(i, cd.OutputVariableType.Force)
    assert np.max(abs(r)) < 1e-7 * np.sum(abs(model["f"]))


def test_spring_grid_small_load_is_linear_statics(grid):
    """For small loads the static deflection is the solution of K u = f (numpy)."""
    scale = 1e-3
    mbs, model = static_grid(grid, F=scale * grid["F_edge"], gravity=scale * grid["g"])
    K, f, free = model["K"], model["f"], model["free"]
    u = np.zeros(len(f))
    u[free] = np.linalg.solve(K[np.ix_(free, free)], f[free])
    q = mbs.systemData.GetODE2Coordinates()
    assert np.max(abs(u)) > 1e-6   # the load does deflect the grid
    assert np.max(abs(q - u)) < 1e-4 * np.max(abs(u))   # geometric nonlinearity ~ u / size
    assert np.max(abs(q[model["fixed"]])) < 1e-14


# -- notebooks --------------------------------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook(path, tmp_path, monkeypatch):
    import nbclient
    import nbformat
    nb = nbformat.read(path, as_version=4)
    # the kernel inherits the environment: no windows, and the same coordyn as this process
    monkeypatch.setenv("MPLBACKEND", "Agg")
    package_root = str(pathlib.Path(cd.__file__).resolve().parent.parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [package_root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()   # raises CellExecutionError if a cell fails (its asserts included)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "the notebook draws a plot"
    if path.stem == "viewer_notebook":      # the viewer shows inline: a k3d widget and a GIF
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                   for o in outputs), "the notebook shows the viewer's widget"
        assert any("image/gif" in o.get("data", {}) for o in outputs)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_without_outputs(path):
    import nbformat
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, \
                f"{path.name}: clear the outputs before committing"


# -- coverage ---------------------------------------------------------------------------------
def test_every_example_is_tested():
    """Every .py file in examples/ has a physics check and every notebook is executed."""
    files = sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".py", ".ipynb"))
    assert "pendulum.py" in files and "pendulum_notebook.ipynb" in files
    untested = [f for f in files
                if not (f in CHECKS or f in {p.name for p in NOTEBOOKS})]
    assert not untested, f"examples without a test: {untested} (add a check to CHECKS)"
    stale = sorted(set(CHECKS) - set(files))
    assert not stale, f"CHECKS for examples that no longer exist: {stale}"
    # the parametrized tests above run exactly these files
    assert {p.name for p in SCRIPTS} | {p.name for p in NOTEBOOKS} == set(files)


def test_mypy_accepts_the_examples(tmp_path):
    """the typed stubs (python/coordyn/items.pyi, py.typed) of the coordyn under test: mypy
    checks the examples' item parameters; a misspelt parameter is an error (control)"""
    pytest.importorskip("mypy.api", reason="mypy is a test dependency")
    status, out = run_mypy(SCRIPTS, tmp_path)
    assert status == 0, out
    bad = tmp_path / "mypy_control.py"
    bad.write_text("import coordyn as cd\nmbs = cd.SystemContainer().AddSystem()\n"
                   "n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))\n"
                   "mbs.AddObject(cd.MassPoint(physicsMas=1.0, nodeNumber=n))\n")
    status, out = run_mypy([bad], tmp_path)
    assert status == 1 and 'Unexpected keyword argument "physicsMas"' in out
