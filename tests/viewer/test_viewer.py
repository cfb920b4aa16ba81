"""coordyn.viewer: the scene follows the solution, the settings choose what is drawn, the HTML
page is self-contained and draws the model in a real browser (headless Chromium, WebGL), the
off-screen PNG/MP4/GIF frames decode and show the body where the solution puts it, and
Exudyn's renderer calls route to the viewer.

The model: a red bar (1 m, rigid body) hanging from a revolute joint at the origin, released
horizontally under gravity (-y), a mass point on a spring below (0, 1, 0), and a force on the
mass point. The pictures are looked at from +z (Exudyn's default view)."""
import os
import shutil

import numpy as np
import pytest

import coordyn as cd
import coordyn.graphics as gr

OV = cd.OutputVariableType
CUR = cd.ConfigurationType.Current
STEPS, T_END = 100, 0.5

k3d = pytest.importorskip("k3d")
pv = pytest.importorskip("pyvista")
iio = pytest.importorskip("imageio.v3")


def model(tmp_path, write=True, nodesShow=True):
    SC = cd.SystemContainer()
    SC.visualizationSettings.nodes.show = nodesShow
    SC.visualizationSettings.loads.defaultColor = [0.1, 0.1, 0.7, 1]  # red is the bar's alone
    mbs = SC.AddSystem()
    g = mbs.CreateGround(graphicsDataList=[gr.CheckerBoard(point=[0, 0, -0.2], size=3)])
    bar = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(1000, [1, 0.1, 0.1]),
                              referencePosition=[0.5, 0, 0], gravity=[0, -9.81, 0],
                              graphicsDataList=[gr.Brick(size=[1, 0.1, 0.1],
                                                         color=gr.color.red)])
    mbs.CreateRevoluteJoint(bodyNumbers=[g, bar], position=[0, 0, 0], axis=[0, 0, 1])
    mp = mbs.CreateMassPoint(referencePosition=[-1, 0, 0], physicsMass=1)
    mbs.CreateSpringDamper(bodyNumbers=[g, mp], localPosition0=[-1, 1, 0], stiffness=100)
    mbs.CreateForce(bodyNumber=mp, loadVector=[3, -4, 0])
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = STEPS
    s.timeIntegration.endTime = T_END
    s.solutionSettings.writeSolutionToFile = write
    s.solutionSettings.solutionWritePeriod = T_END / STEPS
    s.solutionSettings.coordinatesSolutionFileName = str(tmp_path / "sol.txt")
    return SC, mbs, bar, s


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("viewer")
    SC, mbs, bar, s = model(tmp)
    cd.SolveDynamic(mbs, s)
    sol = cd.LoadSolutionFile(str(tmp / "sol.txt"))
    return SC, mbs, bar, sol, tmp


def red_pixels(img):
    img = np.asarray(img)[..., :3].astype(int)
    return (img[..., 0] > 150) & (img[..., 1] < 90) & (img[..., 2] < 90)


def centroid(mask):
    ys, xs = np.nonzero(mask)
    return np.array([xs.mean(), ys.mean()])


def bar_part(scene):
    return next(p for p in scene.parts if p.group == "bodies")


# -------------------------------------------------------------------------------------------
# the scene

def test_scene_follows_the_solution(solved):
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol)
    sc = v.scene
    assert sc.nFrames == STEPS + 1 == sol["nRows"]
    np.testing.assert_allclose(sc.times, sol["data"][:, 0])
    p = bar_part(sc)
    n2 = sol["columnsExported"][0]
    node = mbs.GetObject(bar)["nodeNumber"]
    q_now = mbs.systemData.GetODE2Coordinates()
    for k in (0, 37, STEPS):
        mbs.systemData.SetODE2Coordinates(sol["data"][k, 1:1 + n2], CUR)
        pos = mbs.GetNodeOutput(node, OV.Position)
        R = np.asarray(mbs.GetNodeOutput(node, OV.RotationMatrix)).reshape(3, 3)
        V = p.vertices_at(sc, k)
        np.testing.assert_allclose(V, p.vertices @ R.T + pos, atol=1e-12)
        # the bar's far end is 1 m from the joint, the near end at the joint
        ends = V @ (R[:, 0])
        assert abs(ends.max() - (pos @ R[:, 0] + 0.5)) < 1e-9
        assert abs(ends.max() - 1.0) < 1e-6 and abs(ends.min()) < 1e-6
        assert abs(np.linalg.norm(pos) - 0.5) < 1e-6    # the joint keeps the centre on r=0.5
    mbs.systemData.SetODE2Coordinates(q_now, CUR)
    # the bar falls: at the end its centre is below the joint
    assert sc.poses[p.pose, -1][1, 3] < -0.2


def test_default_shapes_from_state(solved):
    SC, mbs, bar, sol, _ = solved
    sc = cd.viewer.show(mbs, sol).scene
    groups = {p.group for p in sc.parts}
    assert groups == {"ground", "bodies", "nodes", "markers", "connectors", "loads"}
    spring = next(p for p in sc.parts if "SpringDamper" in p.name)
    force = next(p for p in sc.parts if "Force" in p.name)
    n2 = sol["columnsExported"][0]
    mk = mbs.GetObject(4)["markerNumbers"]
    for k in (0, 50, STEPS):
        mbs.systemData.SetODE2Coordinates(sol["data"][k, 1:1 + n2], CUR)
        a = mbs.GetMarkerOutput(int(mk[0]), OV.Position)
        b = mbs.GetMarkerOutput(int(mk[1]), OV.Position)
        D = spring.vertices_at(sc, k)
        np.testing.assert_allclose(D[0], a, atol=1e-12)
        np.testing.assert_allclose(D[-1], b, atol=1e-12)
        # 8 windings: 16 zigzag points between the ends, within 0.025 of the axis
        assert len(D) == 18
        e = (b - a) / np.linalg.norm(b - a)
        off = (D - a) - np.outer((D - a) @ e, e)
        assert np.max(np.linalg.norm(off, axis=1)) == pytest.approx(0.025, rel=1e-7)
        # the force arrow starts at the mass point and points along [3, -4, 0], 0.2 long
        A = force.vertices_at(sc, k)
        np.testing.assert_allclose(A[0], b, atol=1e-12)
        np.testing.assert_allclose(A[1] - A[0], 0.2 * np.array([0.6, -0.8, 0]), atol=1e-8)
    nodes = [p for p in sc.parts if p.group == "nodes"]
    assert len(nodes) == mbs.NumberOfNodes()


def test_visualization_settings_choose_what_is_drawn(solved, tmp_path):
    SC, mbs, bar, sol, _ = solved
    vs = cd.VisualizationSettings()
    vs.nodes.show = False
    vs.markers.show = False
    vs.connectors.defaultColor = [0, 1, 0, 1]
    vs.loads.fixedLoadSize = False
    vs.loads.loadSizeFactor = 0.05
    sc = cd.viewer.show(mbs, sol, visualizationSettings=vs).scene
    groups = {p.group for p in sc.parts}
    assert "nodes" not in groups and "markers" not in groups
    spring = next(p for p in sc.parts if "SpringDamper" in p.name)
    np.testing.assert_allclose(spring.colors, np.tile([0, 1, 0, 1], (len(spring.colors), 1)))
    force = next(p for p in sc.parts if "Force" in p.name)
    A = force.vertices_at(sc, 0)
    assert np.linalg.norm(A[1] - A[0]) == pytest.approx(0.05 * 5.0)
    # the container's settings are the default
    SC.visualizationSettings.loads.show = False
    try:
        assert "loads" not in {p.group for p in cd.viewer.show(mbs, sol).scene.parts}
    finally:
        SC.visualizationSettings.loads.show = True


def test_visualization_settings_names_and_errors():
    vs = cd.SystemContainer().visualizationSettings
    assert vs.nodes.show is True and vs.connectors.springNumberOfWindings == 8
    assert vs.window.renderWindowSize == [1024, 768]
    vs.openGL.initialModelRotation = np.eye(3)
    with pytest.raises(AttributeError, match="'nodes' has no setting 'shwo'; did you mean "
                                             "'show'"):
        vs.nodes.shwo = True
    with pytest.raises(AttributeError, match="has no setting 'nodez'"):
        vs.nodez
    with pytest.raises(TypeError, match="nodes.show must be True or False"):
        vs.nodes.show = "yes"
    with pytest.raises(ValueError, match=r"general.backgroundColor must have shape \(4,\)"):
        vs.general.backgroundColor = [1, 1, 1]
    with pytest.raises(AttributeError, match="is a group of settings"):
        vs.nodes = 3
    d = vs.GetDictionary()
    d["nodes"]["defaultSize"] = 0.25
    vs.SetDictionary(d)
    assert vs.nodes.defaultSize == 0.25


def test_exudyn_graphics_dicts_are_drawn():
    exg = pytest.importorskip("exudyn.graphics")
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    mbs.CreateGround(graphicsDataList=[exg.Brick(size=[1, 2, 3], color=[1, 0, 0, 1]),
                                       exg.Lines([[0, 0, 0], [1, 1, 0]]),
                                       exg.Text(point=[0, 1, 0], text="hello")])
    mbs.CreateMassPoint(referencePosition=[0, 0, 0], physicsMass=1)
    mbs.Assemble()
    sc = cd.viewer.show(mbs).scene
    mesh = next(p for p in sc.parts if p.kind == "mesh" and p.group == "ground")
    np.testing.assert_allclose(mesh.vertices.max(axis=0), [0.5, 1, 1.5])
    np.testing.assert_allclose(mesh.colors[0], [1, 0, 0, 1])
    assert any(p.kind == "text" and p.text == "hello" for p in sc.parts)
    assert sc.nFrames == 1


# -------------------------------------------------------------------------------------------
# HTML page, widget and the browser

def test_widget_and_html_are_self_contained(solved, tmp_path):
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol, rowIncrement=5)
    assert v.scene.nFrames == STEPS // 5 + 1
    w = v.widget
    assert type(w).__name__ == "Plot" and type(w).__module__.startswith("k3d")
    assert len(w.objects) == len(v.scene.parts)
    assert {o.group for o in w.objects} >= {"bodies", "nodes", "markers", "connectors",
                                            "loads"}
    moving = [o for o in w.objects if isinstance(o.model_matrix, dict)]
    assert len(moving) >= 1 and all(len(o.model_matrix) == v.scene.nFrames for o in moving)
    v.set_time(0.26)
    assert w.time == pytest.approx(0.25)
    path = v.save_html(tmp_path / "view.html")
    html = open(path, encoding="utf-8").read()
    assert len(html) > 500_000             # k3d's JavaScript is inside
    import re
    assert not re.search(r"<script[^>]+src\s*=\s*[\"']?https?:", html)
    assert not re.search(r"<link[^>]+href\s*=\s*[\"']?https?:", html)
    assert "K3DInstance" in html


def _chromium():
    for name in ("chromium-headless-shell", "chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def test_html_draws_the_model_in_a_browser(solved, tmp_path):
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium (tools/install_test_deps.sh installs chromium-headless-shell "
                    "with apt-get; it could not here)")
    sync = pytest.importorskip("playwright.sync_api")
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol)
    path = v.save_html(tmp_path / "view.html")
    errors = []
    with sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=browser, args=[
            "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"])
        try:
            page = b.new_page(viewport={"width": 800, "height": 600})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto("file://" + os.path.abspath(path))
            page.wait_for_function("window.K3DInstance !== undefined", timeout=30000)
            shots = {}

            def shot(ready, clip=None, tries=40):
                """a screenshot once ready(image) holds (the page draws asynchronously; on
                a loaded machine a frame can take seconds), or the last one"""
                for _ in range(tries):
                    img = iio.imread(page.screenshot(clip=clip))
                    if ready(img):
                        break
                    page.wait_for_timeout(250)
                return img

            for t in (0.0, T_END):
                page.evaluate(f"async () => {{ const k = await window.K3DInstance; "
                              f"k.setTime({t}); }}")
                page.wait_for_timeout(200)
                # ready: t = 0 shows the bar lying, the end shows it swung down
                shots[t] = shot((lambda img: _drawn_lying(img[:480])) if t == 0.0 else
                                (lambda img: _left_horizontal(img[:480])))
            # the panel's play button: back at t = 0, press "Play loop", the bar moves
            page.evaluate("async () => { const k = await window.K3DInstance; k.setTime(0); }")
            page.get_by_text("Controls").click()
            page.get_by_text("Animation").click()
            page.get_by_text("Play loop").click()
            page.wait_for_timeout(300)
            played = shot(_left_horizontal, clip={"x": 0, "y": 0, "width": 500, "height": 600})
        finally:
            b.close()
    assert errors == []
    r0, r1 = red_pixels(shots[0.0]), red_pixels(shots[T_END])
    r0[480:, 680:] = r1[480:, 680:] = False        # k3d's axes helper (red x axis) in the corner
    assert r0.sum() > 500 and r1.sum() > 500          # WebGL drew the red bar
    c0, c1 = centroid(r0), centroid(r1)
    # at t = 0 the bar lies horizontally (wide), later it has swung down (screen y grows down)
    ys0, xs0 = np.nonzero(r0)
    assert np.ptp(xs0) > 3 * np.ptp(ys0)
    assert c1[1] - c0[1] > 30
    assert np.abs(shots[0.0].astype(int) - shots[T_END].astype(int)).sum() > 0
    # after play started, the bar has left its horizontal start (left 500 px: the panel is
    # on the right)
    assert _left_horizontal(played)


def _drawn_lying(img):
    """the red bar is drawn and horizontal on screen"""
    rp = red_pixels(img)
    if rp.sum() <= 500:
        return False
    ys, xs = np.nonzero(rp)
    return bool(np.ptp(xs) > 3 * np.ptp(ys))


def _left_horizontal(img):
    """the red bar is drawn and no longer horizontal (height > 0.3 width on screen)"""
    rp = red_pixels(img)
    if rp.sum() <= 300:
        return False
    ys, xs = np.nonzero(rp)
    return bool(np.ptp(ys) > 0.3 * np.ptp(xs))


# -------------------------------------------------------------------------------------------
# off screen: PNG, MP4, GIF

def test_png_frames_show_the_motion(solved, tmp_path):
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol)
    a = iio.imread(v.save_png(tmp_path / "a.png", time=0, width=400, height=300))
    b = iio.imread(v.save_png(tmp_path / "b.png", frame=-1, width=400, height=300))
    assert a.shape[:2] == (300, 400)
    ra, rb = red_pixels(a), red_pixels(b)
    assert ra.sum() > 200 and rb.sum() > 200
    ys, xs = np.nonzero(ra)
    assert np.ptp(xs) > 3 * np.ptp(ys)                 # horizontal at the start
    assert centroid(rb)[1] - centroid(ra)[1] > 15      # lower at the end
    # the picture of a frame is the same whether saved or returned
    np.testing.assert_array_equal(v.image(time=0, width=400, height=300)[..., :3], a[..., :3])


def test_mp4_and_gif_decode(solved, tmp_path):
    pytest.importorskip("imageio_ffmpeg")
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol)
    mp4 = v.save_video(tmp_path / "m.mp4", fps=20, width=320, height=240, every=10)
    frames = iio.imread(mp4, plugin="pyav") if _has_pyav() else _ffmpeg_frames(mp4)
    assert len(frames) == len(range(0, STEPS + 1, 10))
    assert frames[0].shape[:2] == (240, 320)
    assert red_pixels(frames[0]).sum() > 50
    assert centroid(red_pixels(frames[-1]))[1] > centroid(red_pixels(frames[0]))[1] + 10
    gif = v.save_video(tmp_path / "m.gif", fps=10, width=160, height=120, every=25)
    g = iio.imread(gif, index=None)
    assert g.shape[0] == len(range(0, STEPS + 1, 25)) and g.shape[1:3] == (120, 160)
    assert np.abs(g[0].astype(int) - g[-1].astype(int)).sum() > 0


def _has_pyav():
    try:
        import av  # noqa: F401
        return True
    except ImportError:
        return False


def _ffmpeg_frames(path):
    import imageio.v2 as iio2
    with iio2.get_reader(str(path), format="FFMPEG") as r:
        return [np.asarray(f) for f in r]


# -------------------------------------------------------------------------------------------
# Exudyn's calls

def test_solution_viewer_uses_the_last_solution_file(solved, capsys, monkeypatch):
    monkeypatch.setenv("COORDYN_NO_BROWSER", "1")
    SC, mbs, bar, sol, tmp = solved
    v = mbs.SolutionViewer()
    out = capsys.readouterr().out
    assert out.startswith("SolutionViewer: ") and out.strip().endswith(".html")
    assert os.path.exists(out.split(": ", 1)[1].strip())
    assert v.scene.nFrames == STEPS + 1
    v2 = mbs.SolutionViewer(sol, rowIncrement=10, timeout=0.1)
    assert v2.scene.nFrames == 11 and v2.widget.fps == pytest.approx(10)


def test_solution_viewer_without_solution_says_what_to_do(tmp_path):
    SC, mbs, bar, s = model(tmp_path, write=False)
    with pytest.raises(ValueError, match="writeSolutionToFile = True"):
        mbs.SolutionViewer()


def test_start_stop_renderer_show_the_motion(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COORDYN_NO_BROWSER", "1")
    SC, mbs, bar, s = model(tmp_path, write=False)
    assert not cd.IsRendererActive()
    assert cd.StartRenderer() is True and SC.renderer.IsActive() and cd.IsRendererActive()
    mbs.WaitForUserToContinue()
    cd.SolveDynamic(mbs, s)
    SC.WaitForRenderEngineStopFlag()
    cd.StopRenderer()
    assert not SC.renderer.IsActive()
    out = capsys.readouterr().out
    assert "renderer: the model is shown in" in out
    v = SC.renderer.viewer
    assert v.scene.nFrames == STEPS + 1
    assert not (tmp_path / "sol.txt").exists()      # the settings asked for no file
    # the temporary solution file is gone
    assert not any(f.startswith("coordyn_render_") for f in os.listdir(os.path.dirname(
        mbs._solution_file)) if os.path.join(os.path.dirname(mbs._solution_file), f)
        == mbs._solution_file)


def test_redraw_and_save_image(tmp_path):
    SC, mbs, bar, s = model(tmp_path, write=False)
    SC.visualizationSettings.exportImages.saveImageFileName = str(tmp_path / "img" / "frame")
    SC.visualizationSettings.window.renderWindowSize = [200, 150]
    SC.renderer.RedrawAndSaveImage()
    SC.renderer.RedrawAndSaveImage()
    files = sorted(os.listdir(tmp_path / "img"))
    assert files == ["frame00000.png", "frame00001.png"]
    img = iio.imread(tmp_path / "img" / files[0])
    assert img.shape[:2] == (150, 200) and red_pixels(img).sum() > 20


# -------------------------------------------------------------------------------------------
# bad input

def test_bad_input_messages(solved, tmp_path):
    SC, mbs, bar, sol, _ = solved
    with pytest.raises(TypeError, match="solution must be the dict coordyn.LoadSolutionFile"):
        cd.viewer.show(mbs, [1, 2, 3])
    other = dict(sol, columnsExported=[5] + list(sol["columnsExported"][1:]))
    with pytest.raises(ValueError, match="the solution has 5 ODE2 coordinates, the system 10"):
        cd.viewer.show(mbs, other)
    with pytest.raises(ValueError, match="rowIncrement must be >= 1"):
        cd.viewer.show(mbs, sol, rowIncrement=0)
    v = cd.viewer.show(mbs, sol, rowIncrement=50)
    with pytest.raises(IndexError, match="frame 7 out of range"):
        v.save_png(tmp_path / "x.png", frame=7)
    with pytest.raises(ValueError, match="give time or frame, not both"):
        v.image(time=0, frame=0)
    with pytest.raises(ValueError, match="must end in .mp4 or .gif"):
        v.save_video(tmp_path / "x.avi")
    with pytest.raises(ValueError, match="fps must be > 0"):
        v.save_video(tmp_path / "x.gif", fps=0)
    with pytest.raises(ValueError, match="unknown type 'Cone'"):
        cd.viewer.graphics_to_parts([{"type": "Cone"}], "Object 1", "bodies", -1, [0, 0, 1, 1])
    with pytest.raises(ValueError, match="a triangle index is outside the 3 points"):
        cd.viewer.graphics_to_parts([{"type": "TriangleList", "points": np.eye(3),
                                      "triangles": [0, 1, 3]}], "Object 1", "bodies", -1,
                                    [0, 0, 1, 1])


def test_missing_library_says_how_to_install(solved, monkeypatch):
    import sys
    SC, mbs, bar, sol, _ = solved
    v = cd.viewer.show(mbs, sol)
    monkeypatch.setitem(sys.modules, "k3d", None)     # import k3d raises ImportError
    with pytest.raises(ImportError, match=r"needs the package 'k3d'.*pip install coordyn\[viz\]"):
        v.widget


# -------------------------------------------------------------------------------------------
# live view

def test_live_view_follows_a_running_solve(tmp_path):
    """the widget moves while the solve runs (updates read the solver's current state), and
    afterwards holds the frames it saw as an animation ending at the final state"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    prev = g
    for i in range(20):       # a chain long enough to run about a second
        b = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(1000, [1, 0.1, 0.1]),
                                referencePosition=[i + 0.5, 0, 0], gravity=[0, -9.81, 0],
                                graphicsDataList=[gr.Brick(size=[1, 0.1, 0.1],
                                                           color=gr.color.red)])
        mbs.CreateRevoluteJoint(bodyNumbers=[prev, b], position=[i, 0, 0], axis=[0, 0, 1])
        prev = b
    mbs.Assemble()
    v = cd.viewer.live(mbs, display=False)
    assert v.scene.nFrames == 1
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 6000
    s.timeIntegration.endTime = 1.0
    cd.SolveDynamic(mbs, s)
    assert v.updates >= 3                    # during the solve and at its end
    times = [t for t, _ in v.frames]
    assert times[0] < 1.0 and times[-1] == pytest.approx(1.0)
    assert np.all(np.diff(times) >= 0)
    # the frames are the solver's states: the last is the final state
    np.testing.assert_allclose(v.frames[-1][1], mbs.systemData.GetODE2Coordinates())
    # the widget's first body pose in the animation's last frame is the final pose
    part = next(p for p in v.scene.parts if p.group == "bodies")
    obj = dict(v.widget._coordyn_objects)[v.scene.parts.index(part)]
    assert isinstance(obj.model_matrix, dict) and len(obj.model_matrix) == v.scene.nFrames
    last = obj.model_matrix[max(obj.model_matrix, key=float)]
    node = mbs.GetObject(1)["nodeNumber"]
    np.testing.assert_allclose(np.asarray(last)[:3, 3], mbs.GetNodeOutput(node, OV.Position),
                               atol=1e-6)
    v.close()
    n = v.updates
    cd.SolveDynamic(mbs, s)
    assert v.updates == n                     # closed: no longer follows


def test_rigid_body_2d_graphics_turn_with_the_node():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1, 2, 0.3]))
    mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=n, physicsMass=1, physicsInertia=1,
                                       visualization=cd.VObjectRigidBody2D(graphicsData=[
                                           gr.Brick(size=[1, 0.1, 0.1])])))
    mbs.Assemble()
    p = bar_part(cd.viewer.show(mbs).scene)
    c, s = np.cos(0.3), np.sin(0.3)
    far = p.vertices_at(cd.viewer.show(mbs).scene, 0).max(axis=0)
    # the brick's corner (0.5, 0.05, 0.05) turned by 0.3 rad about z and moved to (1, 2)
    assert far[0] == pytest.approx(1 + 0.5 * c + 0.05 * s)
    assert far[1] == pytest.approx(2 + 0.5 * s + 0.05 * c)


def test_graphics_on_items_without_a_frame_are_reported():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[0], massMatrix=np.eye(3),
                                       visualization={"graphicsData": [gr.Brick()]}))
    mbs.Assemble()
    with pytest.warns(UserWarning, match=r"the graphics of Object 0 \(GenericODE2\) are not "
                                         "drawn"):
        cd.viewer.show(mbs)


def test_visualization_settings_take_integers_and_booleans_as_exudyn_does():
    vs = cd.VisualizationSettings()
    vs.nodes.show = 2                        # Exudyn 1.13.6: True
    assert vs.nodes.show is True
    vs.general.drawCoordinateSystem = True   # an int setting: 1
    assert vs.general.drawCoordinateSystem == 1
    with pytest.raises(TypeError, match="nodes.tiling must be an integer, got 2.5"):
        vs.nodes.tiling = 2.5
    with pytest.raises(TypeError, match="nodes.show must be True or False, got 'yes'"):
        vs.nodes.show = "yes"
