"""coordyn.plot's other functions of Exudyn 1.13: PlotFFT, PlotImage, FileStripSpaces and the
plot-window list, checked against closed forms (a sine's spectrum peaks at its frequency, a
circle's polyline lies on the circle) and against Exudyn 1.13.6's functions on the same input
(same data in the figure's lines, same file)."""
import types

import numpy as np
import pytest

import coordyn as cd
import coordyn.plot as cplot
from coordyn.exudyn._notyet import NotImplementedFeatureError
from coordyn.signalProcessing import ComputeFFT

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _spectrum():
    t = np.linspace(0, 2, 2001)
    x = 0.7 * np.sin(2 * np.pi * 5.0 * t) + 0.2 * np.sin(2 * np.pi * 40.0 * t)
    return ComputeFFT(t, x)


def _lines_of(fig):
    return [(np.asarray(l.get_xdata()), np.asarray(l.get_ydata())) for l in fig.gca().lines]


def test_plot_fft_peaks_at_the_signals_frequencies():
    freq, mag, _ = _spectrum()
    p = cplot.PlotFFT(freq, mag, label="x")
    ax = p.gca()
    (fx, fy), = _lines_of(p.gcf())
    assert fx[np.argmax(fy)] == pytest.approx(5.0, abs=0.5)
    assert np.max(fy) == pytest.approx(0.7, rel=0.02)          # amplitude of the 5 Hz sine
    assert fy[np.argmin(abs(fx - 40.0))] == pytest.approx(0.2, rel=0.05)
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["x"]
    assert ax.get_xlabel() == "frequency" and ax.get_ylabel() == "magnitude"


@pytest.mark.parametrize("kwargs", [{}, dict(freqStart=3.0, freqEnd=50.0, label="mag"),
                                    dict(freqEnd=10.0, logScaleX=False, logScaleY=False,
                                         xLabel="f (Hz)", yLabel="|X|")])
def test_plot_fft_draws_exudyns_data(kwargs):
    eplot = pytest.importorskip("exudyn.plot")
    freq, mag, _ = _spectrum()
    figs = []
    for lib in (eplot, cplot):
        plt.figure()
        p = lib.PlotFFT(freq, mag, **kwargs)
        ax = p.gca()
        figs.append((_lines_of(p.gcf()), ax.get_xscale(), ax.get_yscale(), ax.get_xlabel(),
                     ax.get_ylabel(), ax.get_legend() is not None))
    (a, *ra), (b, *rb) = figs
    assert ra == rb and len(a) == len(b) == 1
    np.testing.assert_array_equal(b[0][0], a[0][0])
    np.testing.assert_array_equal(b[0][1], a[0][1])
    if "freqEnd" in kwargs:          # up to, not including, the last frequency <= freqEnd
        assert b[0][0][-1] < kwargs["freqEnd"] and len(b[0][0]) < len(freq)


def test_file_strip_spaces_writes_exudyns_file(tmp_path):
    text = ("# comment  kept   \n   1.0    2.0   3.0  \n4.0 5.0\n\n  6.0,   7.0 \n"
            "#c   \n   8.0")
    src = tmp_path / "in.txt"
    src.write_text(text)
    out = {}
    libs = [("coordyn", cplot)]
    try:
        import exudyn.plot as eplot
        libs.append(("exudyn", eplot))
    except ImportError:
        pass
    for name, lib in libs:
        for comment, double in (("", ""), ("#", " ")):
            target = tmp_path / f"{name}{comment == '#'}.txt"
            lib.FileStripSpaces(str(src), str(target), fileCommentChar=comment,
                                removeDoubleChars=double)
            out[name, comment] = target.read_text()
    assert out["coordyn", ""].splitlines()[:3] == ["# comment  kept", "1.0    2.0   3.0",
                                                   "4.0 5.0"]
    assert out["coordyn", "#"].splitlines()[:3] == ["# comment  kept   ", "1.0 2.0 3.0",
                                                    "4.0 5.0"]
    assert out["coordyn", "#"].endswith("8.0\n")
    if len(libs) == 2:
        assert out["coordyn", ""] == out["exudyn", ""]
        assert out["coordyn", "#"] == out["exudyn", "#"]


def test_file_strip_spaces_needs_two_files(tmp_path):
    src = tmp_path / "a.txt"
    src.write_text("1 2\n")
    with pytest.raises(ValueError, match="FileStripSpaces: filename and outputFilename must be "
                                         "different"):
        cplot.FileStripSpaces(str(src), str(src))
    assert src.read_text() == "1 2\n"


# ------------------------------------------------------------------ PlotImage

def _segments(fig, three_d=False):
    ax = fig.axes[0]
    colls = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(colls) == 1
    c = colls[0]
    segs = c._segments3d if three_d else c.get_segments()
    return np.array([np.asarray(s, dtype=float) for s in segs]), np.asarray(c.get_colors())


def test_plot_image_of_graphics_data():
    """a circle of radius 0.5 at (1, 2) becomes a closed polyline of circleSegments segments on
    the circle; HT moves it; a TriangleList's triangles become their outlines"""
    from coordyn import graphics, rigidBodyUtilities as rbu
    data = [graphics.Circle([1, 2, 0], 0.5, color=[1, 0, 0, 1]),
            graphics.Lines([[0, 0, 0], [1, 0, 0], [1, 1, 0]], color=[0, 0, 1, 1]),
            graphics.Brick([0, 0, 0], [1, 1, 1], color=[0, 1, 0, 1])]
    HT = rbu.HTtranslate([3, 0, 0])
    cplot.PlotImage(data, HT=HT, circleSegments=24)
    segs, colors = _segments(plt.gcf())
    circle = segs[:24]
    np.testing.assert_allclose(np.linalg.norm(circle.reshape(-1, 2) - [4, 2], axis=1), 0.5,
                               atol=1e-12)
    np.testing.assert_allclose(circle[-1, 1], circle[0, 0], atol=1e-12)       # closed
    np.testing.assert_allclose(segs[24:26].reshape(-1, 2), [[3, 0], [4, 0], [4, 0], [4, 1]])
    assert len(segs) == 24 + 2 + 12 * 3                  # 12 triangles, 3 edges each
    np.testing.assert_allclose(colors[0], [1, 0, 0, 1])
    np.testing.assert_allclose(colors[24], [0, 0, 1, 1])


def test_plot_image_3d_fills_triangles():
    from coordyn import graphics
    cplot.PlotImage([graphics.Brick([0, 0, 0], [2, 2, 2], color=[0, 1, 0, 1])], plot3D=True,
                    trianglesAsLines=False)
    ax = plt.gcf().axes[0]
    polys = [c for c in ax.collections if type(c).__name__ == "Poly3DCollection"]
    assert len(polys) == 1 and np.asarray(polys[0]._faces).shape == (12, 3, 3)
    assert ax.get_xlim() == pytest.approx((-1, 1)) and ax.get_zlim() == pytest.approx((-1, 1))


def test_plot_image_bad_item():
    from coordyn import graphics
    with pytest.raises(ValueError, match=r"PlotImage: graphicsData\[0\] has type 'Spheres'"):
        cplot.PlotImage([graphics.Sphere([0, 0, 0], 1.0)])


def _exudyn_scene():
    exu = pytest.importorskip("exudyn")
    import exudyn.graphics as eg
    import exudyn.itemInterface as eii
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddObject(eii.ObjectGround(visualization=eii.VObjectGround(graphicsData=[
        eg.Lines([[0, 0, 0], [1, 0, 0], [1, 1, 0.5]], color=[1, 0, 0, 1]),
        eg.Circle([0.5, 0.5, 0], 0.2, color=[0, 1, 0, 1]),
        eg.Brick([0, 0, 0], [0.2, 0.4, 0.6], color=[0, 0, 1, 1])])))
    mbs.Assemble()
    return SC.renderer.GetGraphicsData()


@pytest.mark.parametrize("plot3D,asLines", [(False, True), (True, True), (True, False)])
def test_plot_image_draws_exudyns_data(plot3D, asLines):
    eplot = pytest.importorskip("exudyn.plot")
    from coordyn import rigidBodyUtilities as rbu
    data = _exudyn_scene()
    HT = rbu.HomogeneousTransformation(rbu.RotationMatrixZ(0.3), [0.1, -0.2, 0.3])
    out = []
    for lib in (eplot, cplot):
        lib.PlotImage(data, HT=HT, plot3D=plot3D, trianglesAsLines=asLines, circleSegments=12,
                      closeAll=True, figureName="scene")
        fig = plt.gcf()
        segs, colors = _segments(fig, plot3D)
        polys = [np.asarray(c._faces) for c in fig.axes[0].collections
                 if type(c).__name__ == "Poly3DCollection"]
        limits = (fig.axes[0].get_xlim(), fig.axes[0].get_ylim())
        out.append((segs, colors, polys, limits))
    (a, ca, pa, la), (b, cb, pb, lb) = out
    np.testing.assert_allclose(b, a, atol=1e-6)                 # Exudyn's data are float32
    np.testing.assert_allclose(cb, ca, atol=1e-7)
    assert len(pa) == len(pb) == (1 if plot3D and not asLines else 0)
    for x, y in zip(pa, pb):
        np.testing.assert_allclose(y, x, atol=1e-6)
    np.testing.assert_allclose(lb, la, atol=1e-6)


# ------------------------------------------------------------------ plot windows

def test_plot_window_geometries_of_plot_sensor_windows(monkeypatch):
    """with the Agg backend there are no windows; a figure whose manager has a (tkinter-like)
    window is listed under its PlotSensor number"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, storeInternal=True,
                                    outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    mbs.SolveDynamic(cd.SimulationSettings())
    cplot.PlotSensor(mbs, s, closeAll=True)
    cplot.PlotSensor(mbs, s, components=1)
    assert cplot.PlotWindowGeometries() == []
    fig = plt.gcf()
    window = types.SimpleNamespace(wm_geometry=lambda: "640x480+10+20")
    monkeypatch.setattr(fig.canvas, "manager", types.SimpleNamespace(window=window))
    assert cplot.PlotWindowGeometries() == [("PlotSensor 2", "640x480+10+20")]
    monkeypatch.undo()
    plt.close(fig)                                             # closed: forgotten
    cplot.PlotSensor(mbs, s, components=2)
    assert [k for k, _ in cplot._windows] == [1, 3]
    cplot.PlotSensor(mbs, s, closeAll=True)                    # numbering starts over
    assert [k for k, _ in cplot._windows] == [1]


def test_store_plot_window_geometry_says_what_to_use():
    with pytest.raises(NotImplementedFeatureError, match="StorePlotWindowGeometry is not "
                                                         "available in coordyn.*PlotWindowGeom"):
        cplot.StorePlotWindowGeometry()
