"""Sensor files and Exudyn's settings for them: solutionSettings.outputPrecision (significant
digits), sensorsWriteFileHeader, sensorsWriteFileFooter (the closing lines) and
sensorsAppendToFile (a second solve appends its rows; the header only into an empty file)."""
import numpy as np

import coordyn as cd


def _model(path):
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(initialVelocities=[1.0 / 3.0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
    mbs.AddSensor(cd.SensorNode(nodeNumber=n, fileName=str(path),
                                outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    return mbs


def _sim(**solution):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 10
    s.timeIntegration.endTime = 1.0
    s.solutionSettings.sensorsWritePeriod = 0.1
    for k, v in solution.items():
        setattr(s.solutionSettings, k, v)
    return s


def _rows(path):
    return [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]


def test_defaults_header_no_footer_ten_digits(tmp_path):
    p = tmp_path / "s.txt"
    _model(p).SolveDynamic(_sim())
    text = p.read_text().splitlines()
    assert text[0] == "#coordyn sensor output file" and text[-1][0] != "#"
    rows = _rows(p)
    assert len(rows) == 11
    assert rows[-1].split(",")[1] == "%.10g" % (1.0 / 3.0)  # x = t / 3 at t = 1


def test_output_precision(tmp_path):
    p = tmp_path / "s.txt"
    _model(p).SolveDynamic(_sim(outputPrecision=4))
    assert _rows(p)[-1].split(",")[1] == "0.3333"
    mbs = _model(p)
    mbs.SolveDynamic(_sim(outputPrecision=17))
    stored = mbs.GetSensorStoredData(0)[-1, 1]
    assert float(_rows(p)[-1].split(",")[1]) == stored  # exact (17 digits give a double)


def test_no_header_and_footer(tmp_path):
    p = tmp_path / "s.txt"
    _model(p).SolveDynamic(_sim(sensorsWriteFileHeader=False, sensorsWriteFileFooter=True))
    lines = p.read_text().splitlines()
    assert not lines[0].startswith("#")
    assert lines[-2].startswith("#simulation finished=")
    assert lines[-1].startswith("#Solver Info: cpuTime=") and "total time steps=10" in lines[-1]
    data = np.loadtxt(p, delimiter=",", comments="#")
    assert data.shape == (11, 4)


def test_append_keeps_the_first_solve(tmp_path):
    p = tmp_path / "s.txt"
    mbs = _model(p)
    mbs.SolveDynamic(_sim(sensorsAppendToFile=True))  # into a new (empty) file: the header
    mbs.SolveDynamic(_sim(sensorsAppendToFile=True))  # appended: no second header
    text = p.read_text()
    assert text.count("#coordyn sensor output file") == 1
    assert len(_rows(p)) == 22
    mbs.SolveDynamic(_sim())  # replaces
    assert len(_rows(p)) == 11
