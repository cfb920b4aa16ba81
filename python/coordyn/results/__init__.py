"""What records and reports the results of a solve: the progress bar (progress), the files
that sensors write (sensors) and sensor data as pandas DataFrames (dataframes). The sensors'
values themselves are read through MainSystem (GetSensorValues, GetSensorStoredData)."""
