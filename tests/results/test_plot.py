"""Plots and data of sensors: coordyn.plot.PlotSensor draws the sensor data (times factors,
plus offsets, the chosen components) with Exudyn's labels and arguments; Exudyn's own
exudyn.plot accepts coordyn's systems and sensor numbers; sensor files carry Exudyn's header
and are read by both; DataFrames with named columns; bad inputs raise clear errors."""
import numpy as np
import pytest

import coordyn as cd
import coordyn.plot as cplot
from coordyn.results.dataframes import sensor_columns, sensor_dataframe

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

OV = cd.OutputVariableType


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _model(tmp_path=None, store=True):
    """a mass point in free flight under gravity; sensors of its position (to file when
    tmp_path is given), velocity and the force of a spring-damper"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 1, 2]))
    b = mbs.AddObject(cd.MassPoint(mass=2, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=10, referenceLength=1))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, 0, -9.81]))
    kw = dict(fileName=str(tmp_path / "pos.txt")) if tmp_path else {}
    s = {"pos": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position,
                                            storeInternal=store, **kw)),
         "vel": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Velocity,
                                            name="v")),
         "dist": mbs.AddSensor(cd.SensorMarker(markerNumber=m1,
                                               outputVariableType=OV.Position))}
    mbs.Assemble()
    st = cd.SimulationSettings()
    st.timeIntegration.endTime = 0.5
    st.timeIntegration.numberOfSteps = 50
    st.solutionSettings.sensorsWritePeriod = 0.01
    mbs.SolveDynamic(st)
    return mbs, s


def _lines(ax):
    return [(ln.get_xdata(), ln.get_ydata(), ln.get_label()) for ln in ax.get_lines()]


def test_plot_components_factors_offsets_and_labels(tmp_path):
    mbs, s = _model()
    d = mbs.GetSensorStoredData(s["pos"])
    out = cplot.PlotSensor(mbs, s["pos"], [0, 1, 2], factors=[1, 2, 3], offsets=[0.5, 0, -1],
                           title="p", fileName=str(tmp_path / "fig" / "p.png"))
    pl, fig, ax, line = out
    assert pl is plt and fig is ax.figure and line is ax.get_lines()[-1]
    lines = _lines(ax)
    assert [lb for *_, lb in lines] == ["sensor0, PositionX", "sensor0, PositionY",
                                        "sensor0, PositionZ"]
    for k, (f, o) in enumerate([(1, 0.5), (2, 0), (3, -1)]):
        np.testing.assert_array_equal(lines[k][0], d[:, 0])
        np.testing.assert_allclose(lines[k][1], f * (d[:, k + 1] + o), rtol=1e-15)
    assert ax.get_xlabel() == "time (s)" and ax.get_ylabel() == "Position"
    assert ax.get_title() == "p"
    assert (tmp_path / "fig" / "p.png").stat().st_size > 1000
    # Exudyn's default curve colors and styles: blue, green, red, solid
    assert [ln.get_color() for ln in ax.get_lines()] == ["b", "g", "r"]


def test_plot_several_sensors_xy_norm_and_layout():
    mbs, s = _model()
    pos, vel = mbs.GetSensorStoredData(s["pos"]), mbs.GetSensorStoredData(s["vel"])
    _, fig, ax, _ = mbs.PlotSensor([s["pos"], s["vel"]], components=[2, cplot.componentNorm],
                                   labels=["z", "|v|"], yLabel="values", colorCodeOffset=2,
                                   markerStyles=["o", "x "], markerSizes=4, rangeX=[0, 0.4],
                                   subPlot=[2, 1, 1], sizeInches=[3, 2], logScaleY=False)
    lines = _lines(ax)
    np.testing.assert_array_equal(lines[0][1], pos[:, 3])
    np.testing.assert_allclose(lines[1][1], np.linalg.norm(vel[:, 1:], axis=1), rtol=1e-15)
    assert [lb for *_, lb in lines] == ["z", "|v|"]
    assert ax.get_ylabel() == "values" and tuple(ax.get_xlim()) == (0, 0.4)
    assert ax.get_lines()[0].get_color() == "r"  # colorCodeOffset 2
    assert ax.get_lines()[1].get_fillstyle() == "none"  # a trailing space: unfilled marker
    assert tuple(fig.get_size_inches()) == (6, 2)
    # y over x of one sensor; a new figure unless newFigure=False
    _, fig2, ax2, _ = cplot.PlotSensor(mbs, s["pos"], components=[2], componentsX=[1])
    assert fig2 is not fig
    x, y, label = _lines(ax2)[0]
    np.testing.assert_array_equal(x, pos[:, 2])
    np.testing.assert_array_equal(y, pos[:, 3])
    _, fig3, ax3, _ = cplot.PlotSensor(mbs, s["vel"], 1, newFigure=False, logScaleX=True)
    assert fig3 is fig2 and len(ax3.get_lines()) == 2 and ax3.get_xscale() == "log"
    assert _lines(ax3)[1][2] == "v, VelocityY"  # the sensor's name
    # sensor numbers and components as NumPy arrays (as Exudyn's examples pass them)
    _, _, ax4, _ = cplot.PlotSensor(mbs, np.array([s["pos"], s["vel"]]), np.arange(2))
    np.testing.assert_array_equal(_lines(ax4)[1][1], mbs.GetSensorStoredData(s["vel"])[:, 2])
    cplot.PlotSensor(mbs, s["vel"], 0, closeAll=True, figureName="vel")
    assert plt.get_figlabels() == ["vel"]


def test_plot_array_offset_defaults_and_data_array():
    mbs, s = _model()
    d = np.array(mbs.GetSensorStoredData(s["pos"]))
    off = np.ones_like(d)
    _, _, ax, _ = cplot.PlotSensor(mbs, [d], [1], offsets=[off], factors=2.0)
    np.testing.assert_allclose(_lines(ax)[0][1], 2 * (d[:, 2] + 1), rtol=1e-15)
    assert _lines(ax)[0][2] == "data0, 1"
    defaults = cplot.PlotSensorDefaults()
    old = defaults.fontSize
    try:
        defaults.fontSize = 9
        cplot.PlotSensor(mbs, s["pos"], 0)
        assert plt.rcParams["font.size"] == 9
        cplot.PlotSensor(mbs, s["pos"], 0, fontSize=11)
        assert plt.rcParams["font.size"] == 11
    finally:
        defaults.fontSize = old
    a = cplot.DataArrayFromSensorList(mbs, [s["pos"], s["dist"]], positionList=[0.5, 1.5])
    np.testing.assert_allclose(a[:, 0], [0.5, 1.5])
    np.testing.assert_allclose(a[0, 1:], mbs.GetSensorValues(s["pos"]))
    np.testing.assert_allclose(a[1, 1:], mbs.GetSensorValues(s["dist"]))


@pytest.mark.parametrize("kw, err, msg", [
    (dict(sensorNumbers=[0, 1], components=[0, 1, 2]), ValueError, "same length"),
    (dict(sensorNumbers=7), IndexError, "sensor 7 does not exist"),
    (dict(sensorNumbers=1.5), TypeError, "sensor numbers"),
    (dict(sensorNumbers=0, components=3), IndexError, "component 3"),
    (dict(sensorNumbers="missing.txt"), FileNotFoundError, "missing.txt"),
    (dict(sensorNumbers=0, components=[0, 1], factors=[1, 2, 3]), ValueError, "factors"),
    (dict(sensorNumbers=0, subPlot=[1, 2]), ValueError, "subPlot"),
    (dict(sensorNumbers=0, rangeY=[1]), ValueError, "rangeY"),
    (dict(sensorNumbers=[0, 1], labels="one"), ValueError, "labels"),
    (dict(sensorNumbers=np.zeros((3, 1))), ValueError, "rows"),
    (dict(sensorNumbers=np.zeros(3)), TypeError, "sensor numbers"),
    (dict(sensorNumbers=0, offsets=[np.zeros((2, 2))]), ValueError, "shape"),
])
def test_plot_bad_inputs(kw, err, msg):
    mbs, _ = _model()
    with pytest.raises(err, match=msg):
        cplot.PlotSensor(mbs, **kw)


def test_plot_sensor_without_data_and_from_file(tmp_path):
    mbs, s = _model(tmp_path, store=False)
    with pytest.raises(ValueError, match="storeInternal"):
        mbs.GetSensorStoredData(s["pos"])
    d = np.loadtxt(tmp_path / "pos.txt", delimiter=",")
    for source in (s["pos"], str(tmp_path / "pos.txt")):  # the sensor reads its file
        _, _, ax, _ = cplot.PlotSensor(mbs, source, 2)
        np.testing.assert_array_equal(_lines(ax)[0][1], d[:, 3])
    assert _lines(ax)[0][2] == "pos, PositionZ"  # file name and the header's variable
    mbs.ModifySensor(s["pos"], {"writeToFile": False})
    with pytest.raises(ValueError, match="storeInternal=False and writes no file"):
        cplot.PlotSensor(mbs, s["pos"], 0)


def test_sensor_file_header_and_numbers_as_exudyn(tmp_path):
    mbs, s = _model(tmp_path)
    lines = (tmp_path / "pos.txt").read_text().splitlines()
    assert lines[0] == "#coordyn sensor output file"
    assert lines[1:3] == ["#measure Node number = 0", "#OutputVariableType = Position"]
    assert lines[3].startswith("#simulation started = ")
    assert lines[5:7] == ["#number of sensor values = 3", "#"]
    assert lines[7] == "0,1,0,0"
    row = mbs.GetSensorStoredData(s["pos"])[1]
    assert lines[8] == ",".join(f"{v:.10g}" for v in row)  # Exudyn's outputPrecision 10
    assert len(lines[8]) < 60
    header = cplot.ParseOutputFileHeader(lines)
    assert header["columns"] == ["time", "Position0", "Position1", "Position2"]
    np.testing.assert_allclose(np.loadtxt(tmp_path / "pos.txt", delimiter=","),
                               mbs.GetSensorStoredData(s["pos"]), rtol=1e-9)


def test_exudyn_plot_reads_coordyn_systems_sensors_and_files(tmp_path):
    exu_plot = pytest.importorskip("exudyn.plot")
    import exudyn
    mbs, s = _model(tmp_path)
    pos = mbs.GetSensorStoredData(s["pos"])
    assert isinstance(s["pos"], exudyn.SensorIndex) and isinstance(s["pos"], cd.SensorIndex)
    assert type(s["pos"]) is cd.SensorIndex and s["pos"] == 0
    _, _, ax, _ = exu_plot.PlotSensor(mbs, s["pos"], [0, 2], factors=[1, 2])
    lines = _lines(ax)
    np.testing.assert_array_equal(lines[1][1], 2 * pos[:, 3])
    assert lines[1][2].endswith("PositionZ") and ax.get_ylabel() == "Position"
    header = exu_plot.ParseOutputFileHeader((tmp_path / "pos.txt").read_text().splitlines())
    assert header["type"] == "sensor" and header["outputVariableType"] == "Position"
    assert header["sensorType"] == "Node" and header["numberOfSensors"] == 3
    _, _, ax, _ = exu_plot.PlotSensor(None, str(tmp_path / "pos.txt"), 1)
    np.testing.assert_allclose(_lines(ax)[0][1], pos[:, 2], rtol=1e-9)
    assert _lines(ax)[0][2] == "pos, PositionY"


def test_sensor_index_stays_coordyns():
    import pickle
    mbs, s = _model()
    i = s["vel"]
    assert pickle.loads(pickle.dumps(i)) == 1 and type(pickle.loads(pickle.dumps(i))) is type(i)
    assert repr(i) == "SensorIndex(1)" and isinstance(i, int)
    assert str(OV.Position) == "OutputVariableType.Position" == f"{OV.Position}"
    assert mbs.GetSensor(i)["outputVariableType"] is OV.Velocity


def test_sensor_dataframe_named_columns():
    pd = pytest.importorskip("pandas")
    mbs, s = _model()
    df = mbs.GetSensorStoredDataFrame(s["pos"])
    assert isinstance(df, pd.DataFrame) and list(df.columns) == ["time", "x", "y", "z"]
    np.testing.assert_array_equal(df.to_numpy(), mbs.GetSensorStoredData(s["pos"]))
    assert list(sensor_dataframe(mbs, s["dist"]).columns) == \
        ["time", "x", "y", "z"]
    assert sensor_columns("Stress", 6)[1:] == ["xx", "yy", "zz", "yz", "xz", "xy"]
    assert sensor_columns(OV.Coordinates, 2) == ["time", "Coordinates0", "Coordinates1"]
    assert sensor_columns(OV.Force, 1) == ["time", "Force"]


def test_sensor_dataframe_without_pandas(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def no_pandas(name, *a, **k):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real_import(name, *a, **k)

    mbs, s = _model()
    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="pip install pandas"):
        mbs.GetSensorStoredDataFrame(s["pos"])
