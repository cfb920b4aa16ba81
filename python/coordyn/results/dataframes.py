"""Sensor data as pandas DataFrames with named columns (pandas is optional:
``pip install pandas`` or ``pip install coordyn[data]``)."""
from __future__ import annotations

import numpy as np

__all__ = ["sensor_columns", "sensor_dataframe"]

# output variables with three values named x, y, z (also with 'Local' in front)
_XYZ = {"Position", "Displacement", "Velocity", "Acceleration", "Force", "Torque", "Rotation",
        "AngularVelocity", "AngularAcceleration", "Coordinates"}
_SIX = ["xx", "yy", "zz", "yz", "xz", "xy"]  # Voigt order of Exudyn's Strain and Stress


def sensor_columns(variable, nvalues):
    """Column names of a sensor's rows: 'time', then x, y, z for vectors of three values,
    xx, yy, zz, yz, xz, xy for strains and stresses, r00 ... r22 for a rotation matrix (row by
    row), otherwise the variable's name with the value's index (Coordinates0, ...)."""
    name = getattr(variable, "name", None) or str(variable).replace("OutputVariableType.", "")
    base = name.replace("Local", "")
    if nvalues == 3 and base in _XYZ:
        cols = ["x", "y", "z"]
    elif nvalues == 6 and base in ("Strain", "Stress"):
        cols = list(_SIX)
    elif nvalues == 9 and base == "RotationMatrix":
        cols = [f"r{i}{j}" for i in range(3) for j in range(3)]
    elif nvalues == 1:
        cols = [name]
    else:
        cols = [f"{name}{k}" for k in range(nvalues)]
    return ["time"] + cols


def sensor_dataframe(mbs, sensorNumber):
    """The stored data of a sensor (mbs.GetSensorStoredData) as a pandas DataFrame with the
    columns of sensor_columns; the data are copied."""
    try:
        import pandas as pd
    except ImportError as e:
        raise ImportError("sensor_dataframe needs pandas: pip install pandas (or pip install "
                          "coordyn[data]); mbs.GetSensorStoredData gives the same data as a "
                          "NumPy array") from e
    data = np.array(mbs.GetSensorStoredData(sensorNumber))
    d = mbs.GetSensor(sensorNumber)
    variable = d.get("outputVariableType", d["sensorType"])
    return pd.DataFrame(data, columns=sensor_columns(variable, data.shape[1] - 1))
