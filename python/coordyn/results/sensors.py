"""Sensor files: the folders that sensors with writeToFile=True write into."""
from __future__ import annotations

import os


def make_sensor_dirs(mbs):
    """Create the folder of every sensor file of mbs (fileName, or solution/sensor<i>.txt)."""
    for i in range(mbs.NumberOfSensors()):
        p = mbs.GetSensor(i)
        if p["writeToFile"]:
            path = p["fileName"] or f"solution/sensor{i}.txt"
            d = os.path.dirname(path)
            if d:
                os.makedirs(d, exist_ok=True)
