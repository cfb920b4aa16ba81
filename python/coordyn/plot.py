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

from .exudyn._names import MODULE_ALL as _MODULE_ALL  # noqa: E402

__all__ = list(_MODULE_ALL["plot"])  # Exudyn 1.13.6's, in its order

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
    _register_window(fig, closeAll)

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


# ---------------------------------------------------------------------------------------------
# plot windows: the figures PlotSensor opened, numbered in the order it opened them

_windows = []  # (number, figure) per open PlotSensor window
_window_count = [0]  # windows PlotSensor opened since the start or the last closeAll=True


def _register_window(fig, closeAll):
    """number a new PlotSensor figure; forget figures that were closed (no reference kept)"""
    from matplotlib._pylab_helpers import Gcf  # pyplot's list of open figures
    if closeAll:
        _windows.clear()
        _window_count[0] = 0
    open_figures = [m.canvas.figure for m in Gcf.get_all_fig_managers()]
    _windows[:] = [(k, f) for k, f in _windows if any(f is g for g in open_figures)]
    if all(f is not fig for _, f in _windows):
        _window_count[0] += 1
        _windows.append((_window_count[0], fig))


def _window_geometry(fig):
    """'WIDTHxHEIGHT+X+Y' of the figure's window (tkinter or Qt backend), else None"""
    try:
        window = getattr(fig.canvas.manager, "window", None)
    except Exception:  # noqa: BLE001 - a figure whose window is going away
        return None
    if window is None:
        return None
    if hasattr(window, "wm_geometry"):
        return str(window.wm_geometry())
    if all(hasattr(window, n) for n in ("x", "y", "width", "height")):
        return f"{window.width()}x{window.height()}+{window.x()}+{window.y()}"
    return None


def PlotWindowGeometries():
    """The PlotSensor windows that are open, as a list of ('PlotSensor <n>',
    'WIDTHxHEIGHT+X+Y'), n counting the windows in the order PlotSensor opened them (from 1,
    again after closeAll=True). A backend without windows (Agg, inline) gives []."""
    result = []
    for number, fig in _windows:
        geometry = _window_geometry(fig)
        if geometry is not None:
            result.append((f"PlotSensor {number}", geometry))
    return result


def _store_stand_in():
    from .exudyn._notyet import missing_function
    return missing_function(
        "StorePlotWindowGeometry", "plot",
        "coordyn keeps no ~/.exudyn/config.json and opens plot windows where matplotlib puts "
        "them, so there is nowhere to store their positions",
        "PlotWindowGeometries() (where the windows are now)")


StorePlotWindowGeometry = _store_stand_in()


# ---------------------------------------------------------------------------------------------
# FFT plot, file cleanup, vector images of graphics data

def PlotFFT(frequency, data, xLabel='frequency', yLabel='magnitude', label='', freqStart=0,
            freqEnd=-1, logScaleX=True, logScaleY=True, majorGrid=True, minorGrid=True):
    """Plot a spectrum (frequency, magnitude or phase, e.g. from
    signalProcessing.ComputeFFT) into the current figure, as Exudyn 1.13's PlotFFT: the points
    from the last frequency <= freqStart up to, not including, the last frequency <= freqEnd
    (freqEnd=-1: to the end), log scales as chosen, at most 10 major ticks, a solid major and
    a dotted minor grid (always drawn, as in Exudyn; majorGrid/minorGrid are accepted), the
    label in a legend if given. Returns matplotlib.pyplot."""
    plt = _pyplot()
    from matplotlib import ticker
    f = np.asarray(frequency)
    start, end = 0, len(data)
    below = np.nonzero(f <= freqStart)[0]
    if len(below):
        start = int(below[-1])
    below = np.nonzero(f <= freqEnd)[0]
    if len(below):
        end = int(below[-1])
    if len(label):
        plt.plot(frequency[start:end], data[start:end], label=label)
        plt.legend()
    else:
        plt.plot(frequency[start:end], data[start:end])
    plt.xlabel(xLabel)
    plt.ylabel(yLabel)
    ax = plt.gca()
    ax.xaxis.set_major_locator(ticker.MaxNLocator(10))
    ax.yaxis.set_major_locator(ticker.MaxNLocator(10))
    if logScaleX:
        plt.xscale('log')
    if logScaleY:
        plt.yscale('log')
    ax.grid(visible=True, which='major', color='k', linestyle='-')
    ax.grid(visible=True, which='minor', color='k', linestyle=':')
    ax.minorticks_on()
    plt.tight_layout()
    if plt.get_backend().lower() != 'agg':
        plt.show(block=False)
    return plt


def FileStripSpaces(filename, outputFilename, fileCommentChar='', removeDoubleChars=''):
    """Write filename to outputFilename with the spaces at the start and end of each line
    removed (lines starting with fileCommentChar, if given, are copied unchanged) and, if
    removeDoubleChars is given, every run of it shortened to one ('1.0   3.0' -> '1.0 3.0'
    with ' '). Every written line ends with a newline."""
    if os.path.abspath(os.fspath(filename)) == os.path.abspath(os.fspath(outputFilename)):
        raise ValueError("FileStripSpaces: filename and outputFilename must be different, got "
                         f"{filename!r} for both")
    with open(filename, 'r') as source:
        lines = source.readlines()
    with open(outputFilename, 'w') as out:
        for line in lines:
            if not (fileCommentChar and line.startswith(fileCommentChar)):
                line = line.strip('\n').strip(' ') + '\n'
                if removeDoubleChars:
                    while 2 * removeDoubleChars in line:
                        line = line.replace(2 * removeDoubleChars, removeDoubleChars)
            out.write(line)


def _image_data(graphicsData, trianglesAsLines, circleSegments):
    """(polylines as flat 3D point lists, their colors, triangles as (9 coordinates, color)) of
    the dictionary of Exudyn's SC.renderer.GetGraphicsData() or of a list of graphics data
    (coordyn.graphics: 'Line', 'Circle', 'TriangleList'); a circle becomes a closed polyline,
    a 6-node triangle its 4 flat triangles, with trianglesAsLines a triangle its outline"""
    lines, colors, triangles = [], [], []

    def circle(centre, radius, n, col):
        phi = np.linspace(0.0, 2.0 * np.pi, int(n if n > 0 else circleSegments) + 1)
        pts = np.column_stack([centre[0] + radius * np.sin(phi),
                               centre[1] + radius * np.cos(phi), np.full(len(phi), centre[2])])
        lines.append(list(pts.ravel()))
        colors.append(tuple(col))

    trig_pts, trig_cols = [], []
    if isinstance(graphicsData, dict):
        g = graphicsData
        for pts, cols in zip(g['lines']['points'], g['lines']['colors']):
            lines.append(list(np.asarray(pts).ravel()))
            colors.append(tuple(cols[0]))
        c = g['circles']
        for centre, col, radius, n in zip(c['points'], c['colors'], c['radius'],
                                          c['numberOfSegments']):
            circle(centre, radius, n, col)
        l3 = g.get('lines3', {})
        for pts, cols in zip(l3.get('points', []), l3.get('colors', [])):
            lines.append(list(np.array([pts[0], pts[2], pts[1]]).ravel()))  # through mid node
            colors.append(tuple(cols[0]))
        trig_pts += list(g['triangles']['points'])
        trig_cols += [cols[0] for cols in g['triangles']['colors']]
        t6 = g.get('triangles6', {})
        for pts, cols in zip(t6.get('points', []), t6.get('colors', [])):
            for a, b, cc in ((0, 3, 5), (3, 1, 4), (5, 4, 2), (3, 4, 5)):
                trig_pts.append(np.array([pts[a], pts[b], pts[cc]]))
                trig_cols.append(cols[0])
    else:
        for k, item in enumerate(graphicsData):
            kind = item.get('type')
            if kind == 'Line':
                lines.append(list(np.asarray(item['data'], dtype=float).ravel()))
                colors.append(tuple(item.get('color', [0., 0., 0., 1.])))
            elif kind == 'Circle':
                circle(np.asarray(item['position'], dtype=float), item['radius'], 0,
                       item.get('color', [0., 0., 0., 1.]))
            elif kind == 'TriangleList':
                P = np.asarray(item['points'], dtype=float).reshape(-1, 3)
                C = np.asarray(item['colors'], dtype=float).reshape(-1, 4)
                for t in np.asarray(item['triangles'], dtype=int).reshape(-1, 3):
                    trig_pts.append(P[t])
                    trig_cols.append(C[t[0]])
            else:
                raise ValueError(f"PlotImage: graphicsData[{k}] has type {kind!r}; PlotImage "
                                 "draws 'Line', 'Circle' and 'TriangleList'")
    for pts, col in zip(trig_pts, trig_cols):
        pts = np.asarray(pts)
        if trianglesAsLines:
            lines.append(list(pts.ravel()) + list(pts[0]))
            colors.append(tuple(col))
        else:
            triangles.append((list(pts.ravel()), tuple(col)))
    return lines, colors, triangles


def PlotImage(imageData, HT=np.eye(4), axesEqual=True, plot3D=False, lineWidths=1,
              lineStyles='-', triangleEdgeColors='black', triangleEdgeWidths=0.5,
              removeAxes=True, orthogonalProjection=True, title='', figureName='', fileName='',
              fontSize=16, closeAll=False, azim=0., elev=0., trianglesAsLines=True,
              circleSegments=16):
    """Draw a scene as vector graphics with matplotlib (for a paper), as Exudyn 1.13's
    PlotImage: imageData is the dictionary of Exudyn's SC.renderer.GetGraphicsData() (lines,
    circles, lines3, triangles, triangles6) or a list of graphics data ('Line', 'Circle',
    'TriangleList' items of coordyn.graphics). Points are transformed by the homogeneous
    transformation HT. In 2D (plot3D=False) the segments of all polylines go into one
    LineCollection in the (x, y) plane (triangles only as outlines: trianglesAsLines; filled
    ones are left out with a warning); in 3D into a Line3DCollection plus a Poly3DCollection of
    the filled triangles, viewed from azim, elev (degrees), limits the bounding cube of all
    points. circleSegments: segments of a circle that does not give its own. fileName saves
    the figure (below exu.config.outputDirectory). Returns None, as Exudyn."""
    plt = _pyplot()
    from matplotlib import collections
    lines, colors, triangles = _image_data(imageData, trianglesAsLines, circleSegments)
    if closeAll:
        plt.close('all')
    plt.rcParams.update({'font.size': fontSize})
    fig = plt.figure()
    if figureName != '':
        if plt.fignum_exists(figureName):
            plt.close(figureName)
        fig = plt.figure(figureName)
    T = np.asarray(HT, dtype=float)
    A, p0 = T[:3, :3], T[:3, 3]
    segments, segment_colors, dim = [], [], 3 if plot3D else 2
    for pts, col in zip(lines, colors):
        P = (A @ np.asarray(pts, dtype=float).reshape(-1, 3).T).T + p0
        for j in range(len(P) - 1):
            segments.append([tuple(P[j, :dim]), tuple(P[j + 1, :dim])])
            segment_colors.append(col)
    if not plot3D:
        ax = fig.gca()
        if segments:
            ax.add_collection(collections.LineCollection(
                segments, colors=segment_colors, linewidths=lineWidths, linestyles=lineStyles))
            if axesEqual:
                ax.set_aspect('equal', 'box')
        if triangles:
            _warn('WARNING: PlotImage: triangles are ignored; they can only be plotted if '
                  'plot3D=True')
    else:
        from mpl_toolkits.mplot3d.art3d import Line3DCollection, Poly3DCollection
        ax = fig.add_subplot(projection='3d')
        if segments:
            ax.add_collection3d(Line3DCollection(segments, colors=segment_colors,
                                                 linewidths=lineWidths, linestyles=lineStyles))
        vertices = [(A @ np.asarray(t[0], dtype=float).reshape(3, 3).T).T + p0
                    for t in triangles]
        if vertices:
            polys = Poly3DCollection(vertices, facecolors=[np.array(t[1][:3]) for t in triangles],
                                     edgecolors='none' if lineWidths == 0 else triangleEdgeColors,
                                     linewidths=triangleEdgeWidths)
            ax.add_collection(polys)
        ax.view_init(elev=elev, azim=azim)
        if removeAxes:
            ax.set_axis_off()
        if orthogonalProjection:
            ax.set_proj_type('ortho')
        if axesEqual:
            ax.set_aspect('auto')
            ax.set_box_aspect([1, 1, 1])
        allPoints = [p for s in segments for p in s] + [p for v in vertices for p in v]
        if allPoints:
            P = np.array(allPoints, dtype=float)
            low, high = P.min(axis=0), P.max(axis=0)
            centre, half = 0.5 * (low + high), 0.5 * (high - low)
            if axesEqual:
                half[:] = max(half.max(), 1e-12)
            half = np.maximum(half, 1e-12)
            ax.set_xlim(centre[0] - half[0], centre[0] + half[0])
            ax.set_ylim(centre[1] - half[1], centre[1] + half[1])
            ax.set_zlim(centre[2] - half[2], centre[2] + half[2])
    if title != '':
        plt.title(title)
    if not plot3D:
        plt.autoscale()
    plt.tight_layout()
    if plt.get_backend().lower() != 'agg':
        plt.show(block=False)
    if fileName != '':
        fileName = OutputFilePath(fileName, 'PlotImage')
        CreateDirectoryForFile(fileName)
        plt.savefig(fileName)


def _warn(text):
    from . import Print
    Print(text)


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from ._libmisc import extends  # noqa: E402,F401
from .advancedUtilities import IsEmptyList, IsListOrArray, PlotLineCode  # noqa: E402,F401
from .basicUtilities import (CreateDirectoryForFile, OutputFilePath,  # noqa: E402,F401
                             UIWindowSuppressed)
