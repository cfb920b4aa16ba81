"""Exudyn's signalProcessing under coordyn's name: Savitzky-Golay filtering and differentiation
of sensor signals, FFT, and interpolation in sampled signals.
"""
from __future__ import annotations

import numpy as np

__all__ = ["FilterSensorOutput", "FilterSignal", "ComputeFFT", "GetInterpolatedSignalValue"]


def _print(*args):
    from .exudyn._api import Print
    Print(*args)


def _filter(where, x, dt_forward, dt_backward, filterWindow, polyOrder, derivative,
            centralDifferentiate):
    """One column: Savitzky-Golay (window > 0) or finite differences (window 0); dt_* are the
    step sizes (scalars or per sample)."""
    x = np.asarray(x, dtype=float)
    if filterWindow == 0:
        if derivative == 0:
            _print(f"WARNING: {where}: no processing")
            return x.copy()
        if derivative == 1:
            d = np.diff(x, append=x[-1]) / dt_forward   # forward difference, last repeated
            if centralDifferentiate:
                d = 0.5 * (d + np.diff(x, prepend=x[0]) / dt_backward)
            return d
        if derivative == 2:
            d = np.diff(x, n=2, prepend=x[0], append=x[-1]) / dt_forward ** 2
            if len(x) > 2:
                d[0], d[-1] = d[1], d[-2]
            return d
        raise ValueError(f"{where}: unfiltered signals only supported up to 2nd derivatives")
    if filterWindow % 2 != 1:
        raise ValueError(f"{where}: filterWindow must be an odd integer >= 1, got "
                         f"{filterWindow}")
    from scipy.signal import savgol_filter
    y = savgol_filter(x, window_length=filterWindow, polyorder=polyOrder, deriv=derivative)
    return y / dt_forward ** derivative if derivative > 0 else y


def FilterSensorOutput(signal, filterWindow=5, polyOrder=3, derivative=0,
                       centralDifferentiate=True):
    """Filter (Savitzky-Golay with filterWindow points and polyOrder) or differentiate
    (derivative 1 or 2) every data column of a sensor output [time, values...]; returns a
    copy with the time column unchanged."""
    signal = np.asarray(signal)
    if signal.ndim < 2:
        raise ValueError("FilterSensorOutput: signal must have 2 dimensions (rows and columns)")
    if signal.shape[1] < 2:
        raise ValueError("FilterSensorOutput: signal must have at least two columns: time "
                         "and data")
    data = np.array(signal, dtype=float)
    steps = np.diff(signal[:, 0])
    dt_forward = np.append(steps, steps[-1])
    dt_backward = np.append(steps[0], steps)
    for i in range(1, signal.shape[1]):
        data[:, i] = _filter("FilterSensorOutput", signal[:, i], dt_forward, dt_backward,
                             filterWindow, polyOrder, derivative, centralDifferentiate)
    return data


def FilterSignal(signal, samplingRate=-1, filterWindow=5, polyOrder=3, derivative=0,
                 centralDifferentiate=True):
    """FilterSensorOutput for one signal sampled with step samplingRate (the time between
    samples, needed for derivatives)."""
    return _filter("FilterSignal", signal, samplingRate, samplingRate, filterWindow,
                   polyOrder, derivative, centralDifferentiate)


def ComputeFFT(time, data):
    """[frequency, magnitude, phase] of the one-sided spectrum of data sampled at the
    constant step time[1] - time[0] (magnitude: amplitude of each harmonic)."""
    dt = time[1] - time[0]
    n = len(data)
    half = n // 2
    Y = np.fft.fftn(data)
    frequency = np.arange(half + 1) / (n * dt)
    return [frequency, 2.0 * np.abs(Y[:half + 1]) / n, np.angle(Y[:half + 1])]


def GetInterpolatedSignalValue(time, dataArray, timeArray=[], dataArrayIndex=-1,
                               timeArrayIndex=-1, rangeWarning=True, tolerance=1e-6):
    """Value of a signal with constant sampling rate at time, linearly interpolated; the time
    column is timeArray (or dataArray) [:, timeArrayIndex] for 2D arrays; outside the range
    the first or last value (with a warning if rangeWarning)."""
    times = dataArray if (isinstance(timeArray, (list, np.ndarray)) and len(timeArray) == 0) \
        else timeArray
    if dataArray.ndim != 1 and dataArrayIndex == -1:
        raise ValueError("GetInterpolatedSignalValue: for a 2D dataArray, dataArrayIndex must "
                         "be given")
    if times.ndim != 1 and timeArrayIndex == -1:
        raise ValueError("GetInterpolatedSignalValue: for a 2D timeArray, timeArrayIndex must "
                         "be given")
    if len(dataArray) < 2 or len(times) < 2:
        raise ValueError("GetInterpolatedSignalValue: dataArray or timeArray has fewer than 2 "
                         "rows")
    tcol = times if timeArrayIndex == -1 else times[:, timeArrayIndex]
    values = dataArray if dataArrayIndex == -1 else dataArray[:, dataArrayIndex]
    t0, tEnd = tcol[0], tcol[-1]
    dt = tcol[1] - t0
    if dt == 0.0:
        raise ValueError("GetInterpolatedSignalValue: sample rate is zero")
    index = int((time - t0) / dt)
    if time - t0 < 0.0:
        if rangeWarning:
            _print("Warning: GetInterpolatedSignalValue: time before the first sample; using "
                   "the first value")
        return values[0]
    if index >= len(dataArray) - 1:
        if time > tEnd and rangeWarning:
            _print("Warning: GetInterpolatedSignalValue: time larger than available time "
                   "data; using the last value")
        return values[-1]
    tA = t0 + dt * index
    tB = tA + dt
    if abs(tA - tcol[index]) > tolerance or abs(tB - tcol[index + 1]) > tolerance:
        _print("Warning: GetInterpolatedSignalValue: timeArray does not seem to have a "
               "constant sampling rate; use a larger tolerance or numpy.interp(...)")
    return values[index] * (tB - time) / dt + values[index + 1] * (time - tA) / dt




# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from ._libmisc import docmeta  # noqa: E402,F401
from .advancedUtilities import IsListOrArray  # noqa: E402,F401
