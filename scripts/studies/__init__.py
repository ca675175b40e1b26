"""One module per study for scripts/results_md.py: each gives its platform's
section of docs/calibration.md (calibration_md) and of docs/predictions.md
(predictions_md) from the rows `wirespeed reproduce` prints."""
