"""Sensor files: the folders that sensors with writeToFile=True and a fileName write into."""
from __future__ import annotations

import os


def make_sensor_dirs(mbs):
    """Create the folder of every sensor file of mbs (a sensor writes its fileName when
    writeToFile is True and fileName is not empty, as in Exudyn)."""
    for i in range(mbs.NumberOfSensors()):
        p = mbs.GetSensor(i)
        if p["writeToFile"] and p["fileName"]:
            d = os.path.dirname(p["fileName"])
            if d:
                os.makedirs(d, exist_ok=True)
