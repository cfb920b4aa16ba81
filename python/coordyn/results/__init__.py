"""What records and reports the results of a solve: the progress bar (progress) and the files
that sensors write (sensors). The sensors' values themselves are read through MainSystem
(GetSensorValues, GetSensorStoredData)."""
