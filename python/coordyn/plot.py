"""Plots of sensor data on matplotlib with Exudyn 1.13's exudyn.plot names and arguments.

``PlotSensor(mbs, sensorNumbers, components, ...)`` (also ``mbs.PlotSensor(...)``) draws
sensor values over time, or one component over another (componentsX). A sensor is given as
its index (data stored internally, or read from its file), as a sensor file name, or as a NumPy
array of rows [time, values...]. Component k is column k+1 of the rows; ``componentNorm``
plots the norm of all values of a row; component -1 is the time. A plotted value is
factor*(value + offset). matplotlib is imported when a plot is made (``pip install
coordyn[plot]``)."""
from __future__ import annotations

import numbers
import os

import numpy as np

__all__ = ["PlotSensor", "PlotSensorDefaults", "DataArrayFromSensorList", "componentNorm",
           "listMarkerStyles", "listMarkerStylesFilled", "ParseOutputFileHeader"]

componentNorm = -2  # plots the norm of all values of a row (Exudyn's plot.componentNorm)

listMarkerStyles = ['.', 'x ', '+ ', '*', 'd ', 'D ', 's ', 'X', 'P', 'v ', '^ ', '< ', '> ',
                    'o ', 'p ', 'h ', 'H ']  # a trailing space: drawn unfilled
listMarkerStylesFilled = ['.', 'x', '+', '*', 'd', 'D', 's', 'X', 'P', 'v', '^', '<', '>', 'o',
                          'p', 'h', 'H']

# line colors and styles of curve i (Exudyn's PlotLineCode: 7 colors, then the next style)
_COLORS = ['b', 'g', 'r', 'c', 'm', 'y', 'k']
_STYLES = ['-', '--', '-.', ':']

# output variables whose components 0..2 are named X, Y, Z (without a leading 'Local')
_XYZ = {'Force', 'Torque', 'Position', 'Displacement', 'Velocity', 'Acceleration', 'Rotation',
        'AngularVelocity', 'AngularAcceleration'}
_XYZ6 = {'Strain', 'Stress'}  # components 0..5 named XX, YY, ZZ, YZ, XZ, XY


class _Defaults:
    """defaults of PlotSensor; an argument given to PlotSensor wins over these"""

    def __init__(self):
        self.xLabel = 'time (s)'
        self.yLabel = None
        self.fontSize = 16
        self.colors = []
        self.lineStyles = []
        self.lineWidths = []
        self.markerStyles = []
        self.markerSizes = []
        self.markerDensity = 0.08
        self.majorTicksX = 10
        self.majorTicksY = 10
        self.sizeInches = [6.4, 4.8]

    def __repr__(self):
        return str(self.__dict__)


_defaults = _Defaults()


def PlotSensorDefaults():
    """The defaults of PlotSensor, to change once for all later plots, e.g.
    ``PlotSensorDefaults().fontSize = 12``."""
    return _defaults


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("coordyn.plot needs matplotlib: pip install matplotlib (or "
                          "pip install coordyn[plot])") from e
    return plt


def _is_list(x):
    return isinstance(x, (list, tuple, np.ndarray))


def _line_code(i):
    """(color, line style) of curve i"""
    return _COLORS[i % 7], _STYLES[(i // 7) % 4]


def ParseOutputFileHeader(lines):
    """The header of a sensor file as a dict: 'type' ('sensor' or 'unknown'), 'sensorType',
    'itemNumber', 'outputVariableType', 'numberOfSensors' (number of values), 'columns'."""
    out = {'type': 'unknown', 'columns': []}
    if not lines or 'sensor output file' not in lines[0]:
        return out
    out['type'] = 'sensor'
    var, nvals = '', 0
    for line in lines[:10]:
        if not line.startswith('#'):
            break
        if line.startswith('#measure'):
            words = line.split()
            out['sensorType'] = words[1] if len(words) > 1 else ''
            out['itemNumber'] = int(line.split('=')[1]) if '=' in line else -1
        elif 'OutputVariableType' in line and '=' in line:
            var = out['outputVariableType'] = line.split('=')[1].strip()
        elif 'number of sensor values' in line:
            nvals = out['numberOfSensors'] = int(line.split('=')[1])
    out['columns'] = ['time'] + [f"{var}{k}" for k in range(nvals)]
    return out


def _var_name(v):
    """an OutputVariableType (coordyn's or Exudyn's) or a string as a bare name"""
    return getattr(v, 'name', None) or str(v).replace('OutputVariableType.', '')


def _source(mbs, s, i):
    """(data rows, name, variable name) of one sensor given as index, file name or array"""
    if isinstance(s, (str, os.PathLike)):
        path = os.fspath(s)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"PlotSensor: sensor file '{path}' does not exist")
        with open(path) as f:
            header = ParseOutputFileHeader(f.readlines()[:10])
        data = np.loadtxt(path, comments='#', delimiter=',', ndmin=2)
        name = os.path.splitext(os.path.basename(path))[0]
        return data, name, header.get('outputVariableType', '')
    if isinstance(s, np.ndarray):
        if s.ndim != 2 or s.shape[1] < 2:
            raise ValueError(f"PlotSensor: a data array needs rows [time, values...] (2 "
                             f"dimensions, at least 2 columns), got shape {s.shape}")
        return s, f"data{i}", ''
    if isinstance(s, bool) or not isinstance(s, numbers.Integral):
        raise TypeError(f"PlotSensor: sensorNumbers must hold sensor numbers (SensorIndex or "
                        f"int), sensor file names or NumPy arrays; got {type(s).__name__} {s!r}")
    if mbs is None:
        raise ValueError("PlotSensor: a sensor number needs the system (mbs), got mbs=None")
    n = mbs.NumberOfSensors()
    if not 0 <= int(s) < n:
        raise IndexError(f"PlotSensor: sensor {int(s)} does not exist (the system has {n} "
                         f"sensors)")
    d = mbs.GetSensor(s)
    var = _var_name(d.get('outputVariableType', d['sensorType']))
    name = d.get('name') or f"sensor{int(s)}"  # Exudyn's default name
    if d['storeInternal']:
        return np.asarray(mbs.GetSensorStoredData(s)), name, var
    if d['writeToFile'] and d['fileName']:
        return np.loadtxt(d['fileName'], comments='#', delimiter=',', ndmin=2), name, var
    raise ValueError(f"PlotSensor: sensor {int(s)} has storeInternal=False and writes no file "
                     f"(writeToFile=True with a fileName); nothing to plot")


def _component_name(var, c, useXYZ):
    base = var.replace('Local', '')
    if useXYZ and 0 <= c < 3 and base in _XYZ:
        return 'XYZ'[c]
    if useXYZ and 0 <= c < 6 and base in _XYZ6:
        return ['XX', 'YY', 'ZZ', 'YZ', 'XZ', 'XY'][c]
    return str(c)


def _per_sensor(value, n, what):
    """a scalar or a list of one value per curve"""
    if _is_list(value) and not isinstance(value, np.ndarray):
        if len(value) != n:
            raise ValueError(f"PlotSensor: {what} must be a scalar or a list of {n} values (one "
                             f"per curve), got {len(value)}")
        return list(value)
    return [value] * n


def _style(value, i, n, what, allow_number=False):
    """the style of curve i from a string/number (all curves) or a list (one per curve)"""
    if isinstance(value, str) or (allow_number and isinstance(value, numbers.Real)):
        return value
    if isinstance(value, list) and len(value) >= n:
        return value[i]
    raise ValueError(f"PlotSensor: {what} must be a single value or a list with at least {n} "
                     f"entries, got {value!r}")


def _column(data, c, name):
    """column of component c (-1: time, componentNorm: norm of the values)"""
    if c == componentNorm:
        return np.linalg.norm(data[:, 1:], axis=1)
    if not -1 <= c < data.shape[1] - 1:
        raise IndexError(f"PlotSensor: component {c} of '{name}' does not exist: it has "
                         f"{data.shape[1] - 1} values (components 0..{data.shape[1] - 2}, -1 "
                         f"for time, componentNorm)")
    return data[:, c + 1]


def _figure(plt, newFigure, figureName, subPlot, sizeInches):
    if figureName:
        if newFigure and plt.fignum_exists(figureName):
            plt.close(figureName)
        fig = plt.figure(figureName)
    elif newFigure or not plt.get_fignums():
        fig = plt.figure()
    else:
        fig = plt.figure(plt.get_fignums()[-1])
    if subPlot:
        if not isinstance(subPlot, list) or len(subPlot) != 3:
            raise ValueError(f"PlotSensor: subPlot must be [nx, ny, position], got {subPlot!r}")
        nx, ny, pos = subPlot
        fig.add_subplot(ny, nx, pos)
        fig.set_size_inches(nx * sizeInches[0], ny * sizeInches[1], forward=True)
    else:
        fig.set_size_inches(sizeInches[0], sizeInches[1], forward=True)
    return fig


def PlotSensor(mbs, sensorNumbers=[], components=0, xLabel=None, yLabel=None, labels=[],
               colorCodeOffset=0, newFigure=True, closeAll=False, componentsX=[], title='',
               figureName='', fontSize=None, colors=None, lineStyles=None, lineWidths=None,
               markerStyles=None, markerSizes=None, markerDensity=None, rangeX=[], rangeY=[],
               majorTicksX=None, majorTicksY=None, offsets=[], factors=[], subPlot=[],
               sizeInches=None, fileName='', useXYZcomponents=True, legendArgs=None, **kwargs):
    """Plot sensor values (Exudyn's exudyn.plot.PlotSensor); returns [plt, fig, ax, line].

    sensorNumbers: one or a list of sensor numbers, sensor file names or arrays of rows
    [time, values...]; components: one or a list (component k is the k-th value, -1 the time,
    componentNorm the norm); a scalar is repeated to the length of the other. componentsX:
    the components on the x axis (default: time). offsets, factors: scalars or one per curve;
    plotted is factor*(value + offset); an offset may also be an array of the data's shape.
    labels: a string (one curve) or one per curve (default 'name, VariableComponent').
    subPlot=[nx, ny, position]; sizeInches per (sub)plot; fileName saves the figure.
    kwargs: logScaleX, logScaleY, minorTicksOn, fileCommentChar (ignored: '#')."""
    plt = _pyplot()
    from matplotlib import ticker
    d = _defaults
    xLabel = d.xLabel if xLabel is None else xLabel
    yLabel = d.yLabel if yLabel is None else yLabel
    fontSize = d.fontSize if fontSize is None else fontSize
    colors = d.colors if colors is None else colors
    lineStyles = d.lineStyles if lineStyles is None else lineStyles
    lineWidths = d.lineWidths if lineWidths is None else lineWidths
    markerStyles = d.markerStyles if markerStyles is None else markerStyles
    markerSizes = d.markerSizes if markerSizes is None else markerSizes
    markerDensity = d.markerDensity if markerDensity is None else markerDensity
    majorTicksX = d.majorTicksX if majorTicksX is None else majorTicksX
    majorTicksY = d.majorTicksY if majorTicksY is None else majorTicksY
    sizeInches = d.sizeInches if sizeInches is None else sizeInches

    if isinstance(sensorNumbers, (list, tuple)) or (isinstance(sensorNumbers, np.ndarray)
                                                     and sensorNumbers.ndim == 1):
        sensors = list(sensorNumbers)  # a 1D array holds sensor numbers, a 2D one data
    else:
        sensors = [sensorNumbers]
    comps = list(components) if _is_list(components) else [components]
    if len(comps) == 1 and len(sensors) != 1:
        comps = comps * len(sensors)
    if len(comps) != 1 and len(sensors) == 1:
        sensors = sensors * len(comps)
    if len(comps) != len(sensors):
        raise ValueError(f"PlotSensor: sensorNumbers ({len(sensors)}) and components "
                         f"({len(comps)}) must have the same length, or one of them be a scalar")
    n = len(sensors)
    if _is_list(componentsX) and len(componentsX) == 0:
        compsX = [-1] * n
    elif not _is_list(componentsX) or not _is_list(components):
        compsX = [componentsX if not _is_list(componentsX) else componentsX[0]] * n
    elif len(componentsX) != n:
        raise ValueError(f"PlotSensor: componentsX must have one entry per curve ({n}), got "
                         f"{len(componentsX)}")
    else:
        compsX = list(componentsX)
    factors = _per_sensor(1.0 if _is_list(factors) and len(factors) == 0 else factors, n,
                          'factors')
    offsets = _per_sensor(0.0 if isinstance(offsets, list) and len(offsets) == 0 else offsets,
                          n, 'offsets')

    if closeAll:
        plt.close('all')
    plt.rcParams.update({'font.size': fontSize})
    fig = ax = line = None
    if n == 0:
        return [plt, fig, ax, line]
    fig = _figure(plt, newFigure, figureName, subPlot, sizeInches)

    curves = []  # (data, name, variable) per curve
    for i, s in enumerate(sensors):
        if not isinstance(comps[i], numbers.Integral) or isinstance(comps[i], bool):
            raise TypeError(f"PlotSensor: components must be integers, got {comps[i]!r}")
        curves.append(_source(mbs, s, i))
    names = [f"{nm}, {var}{_component_name(var, int(c), useXYZcomponents)}"
             for (_, nm, var), c in zip(curves, comps)]
    if labels != []:
        if n == 1 and isinstance(labels, str):
            names = [labels]
        elif isinstance(labels, list) and len(labels) == n:
            names = list(labels)
        else:
            raise ValueError(f"PlotSensor: labels must be a string (one curve) or a list of {n} "
                             f"strings, got {labels!r}")
    if yLabel is None:
        kinds = list(dict.fromkeys(var for _, _, var in curves))
        yLabel = ', '.join(var for _, _, var in curves) if len(kinds) > 1 else kinds[0]

    ax = plt.gca()
    for i, (data, name, _) in enumerate(curves):
        cy, cx = int(comps[i]), int(compsX[i])
        x, y = _column(data, cx, name), _column(data, cy, name)
        off = offsets[i]
        if isinstance(off, np.ndarray):
            if cy == componentNorm:
                raise ValueError("PlotSensor: componentNorm needs scalar offsets")
            if off.shape != data.shape:
                raise ValueError(f"PlotSensor: an offset array must have the shape of the data "
                                 f"{data.shape}, got {off.shape}")
            y = factors[i] * (y + off[:, cy + 1])
            if cx != -1:  # the time is not offset
                x = x + off[:, cx + 1]
        elif isinstance(off, numbers.Real):
            y = factors[i] * (y + off)
        else:
            raise TypeError(f"PlotSensor: offsets must be numbers or NumPy arrays, got {off!r}")
        color, style = _line_code(i + colorCodeOffset)
        if lineStyles != []:
            style = _style(lineStyles, i, n, 'lineStyles')
        width = 1 if lineWidths == [] else _style(lineWidths, i, n, 'lineWidths', True)
        if colors != []:
            color = _style(colors, i, n, 'colors')
        marker, fill, every = '', 'full', None
        if markerStyles != []:
            marker = _style(markerStyles, i, n, 'markerStyles')
            if ' ' in marker:
                marker, fill = marker.replace(' ', ''), 'none'
            every = (int(1 + len(data) / markerDensity) if isinstance(markerDensity, int)
                     and markerDensity != 0 else markerDensity)
            if isinstance(every, int) and markerDensity == 0:
                every = None
        size = 6 if markerSizes == [] else _style(markerSizes, i, n, 'markerSizes', True)
        (line,) = ax.plot(x, y, color=color, linestyle=style, linewidth=width, marker=marker,
                          fillstyle=fill, markersize=size, markevery=every, label=names[i])
    ax.set_xlabel(xLabel)
    ax.set_ylabel(yLabel)
    ax.grid(True, 'major', 'both')
    ax.xaxis.set_major_locator(ticker.MaxNLocator(majorTicksX))
    ax.yaxis.set_major_locator(ticker.MaxNLocator(majorTicksY))
    if kwargs.get('logScaleX'):
        ax.set_xscale('log')
    if kwargs.get('logScaleY'):
        ax.set_yscale('log')
    if 'minorTicksOn' in kwargs:
        ax.minorticks_on() if kwargs['minorTicksOn'] else ax.minorticks_off()
    if title:
        ax.set_title(title)
    for r, what, setter in ((rangeX, 'rangeX', ax.set_xlim), (rangeY, 'rangeY', ax.set_ylim)):
        if _is_list(r) and len(r) == 0:
            continue
        if not _is_list(r) or len(r) != 2:
            raise ValueError(f"PlotSensor: {what} must be [min, max], got {r!r}")
        setter(r)
    if legendArgs is None:
        fig.legend()
    elif isinstance(legendArgs, dict):
        fig.legend(**legendArgs)
    else:
        fig.legend(loc=legendArgs)
    fig.tight_layout()
    if plt.get_backend().lower() != 'agg':
        plt.show(block=False)
    if fileName:
        folder = os.path.dirname(os.fspath(fileName))
        if folder:
            os.makedirs(folder, exist_ok=True)
        fig.savefig(fileName)
    return [plt, fig, ax, line]


def DataArrayFromSensorList(mbs, sensorNumbers, positionList=[], time=''):
    """The current values of several sensors as one array, as Exudyn's: row i holds
    [positionList[i] (or i), values of sensor i]; the sensors must have the same number of
    values. time must be '' (as in Exudyn, other times are not implemented)."""
    if time != '':
        raise ValueError("DataArrayFromSensorList: time must be '' (the current values; other "
                         "times are not implemented, as in Exudyn)")
    n = len(sensorNumbers)
    if len(positionList) not in (0, n):
        raise ValueError(f"DataArrayFromSensorList: positionList needs one position per sensor "
                         f"({n}) or none, got {len(positionList)}")
    values = [np.atleast_1d(np.asarray(mbs.GetSensorValues(s), dtype=float))
              for s in sensorNumbers]
    if len({len(v) for v in values}) > 1:
        raise ValueError(f"DataArrayFromSensorList: the sensors have different numbers of "
                         f"values {[len(v) for v in values]}")
    first = positionList if len(positionList) else range(n)
    return np.array([[p, *v] for p, v in zip(first, values)]).reshape(n, -1)
